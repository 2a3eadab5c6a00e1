package vigor

import (
	"fray/dice"
	"fray/engine"
)

// Tally says what an event does to whom, for the simulator's totals:
// damage is Durability and Health lost; down is Shock or destroyed; dead
// is death by damage, by a GM ruling or by Shock running out.
func (Rules) Tally(_ *State, e Event) (target, source string, damage int, down, dead bool) {
	switch e := e.(type) {
	case *Damaged:
		return e.Target, e.Attacker, e.ToDurability + e.ToHealth, e.Shock || e.Dead || e.Destroyed, e.Dead
	case *KillRuled:
		if e.Killed {
			return e.Combatant, "", 0, true, true
		}
	case *Recovered:
		for _, r := range e.Changes {
			if r.Died {
				return r.Combatant, "", 0, true, true
			}
		}
	case *Escaped:
		if e.Escaped {
			return e.Combatant, "", 0, true, false
		}
	case *Rested:
		for _, r := range e.Changes {
			if r.Died {
				return r.Combatant, "", 0, true, true
			}
		}
	}
	return "", "", 0, false, false
}

// Policies offers the tactical policy, the default, and the random one.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Tactical is vigor's default policy. On its turn it stands up when
// prone; attacks the enemy it can reach and hurt (not one whose superior
// Durability its weapon cannot touch, nor what is not alive with damage
// that harms only the living) with the least Durability and Health left,
// by an ability when it can pay for one in one turn without an opening
// and keep a Defense's Vigor (with an off-hand attack too when it can
// spare the Vigor and still keep a Defense); else stabilizes an ally in
// Shock, or brings it out with an item that restores Health, or aids a
// Wounded ally; else moves toward the nearest enemy, and ends its turn
// when nothing else is worth doing.
// It defends against every hit it can afford, takes every opening and
// readied shot, and gives the GM's defaults. It draws no dice.
type Tactical struct{}

// Choose picks the command for prompt p, seen from view.
func (Tactical) Choose(view *State, p *engine.Prompt[Command], _ dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	switch p.Kind {
	case engine.Act:
		return chooseAct(view, p)
	case engine.React:
		return chooseReaction(view, p)
	}
	return p.Fallback()
}

// chooseReaction defends when the Defense has a fair chance (about a
// quarter or better) and paying leaves some Vigor, so as never to be
// Winded by it; and takes openings and readied shots it can pay for
// without being Winded.
func chooseReaction(s *State, p *engine.Prompt[Command]) Command {
	me := s.Combatant(p.Actor)
	last := p.Options[len(p.Options)-1].Command // take, or pass
	first := p.Options[0].Command
	if me == nil {
		return last
	}
	switch first.(type) {
	case *Defense:
		if s.Strike == nil || me.Vigor <= me.defenseCost() {
			return last
		}
		n := s.defenseDice(me)
		avg := float64(ladder[Rank(me.BaseRank(), 0, 0, me.Wounded)].Sides+1) / 2
		chance := (20 + float64(n)*avg - float64(s.Strike.Total)) / 20
		if n == 0 {
			chance = float64(20-s.Strike.Total) / 20
		}
		if chance >= 0.25 {
			return first
		}
		return last
	case *TakeOpening:
		if me.Vigor > OpeningCost {
			return first
		}
	}
	return last
}

// chooseAct picks an action.
func chooseAct(s *State, p *engine.Prompt[Command]) Command {
	me := s.Combatant(p.Actor)
	best, bestLife, offHand := -1, 0, false
	var stand, stabilize, aid, move, end Command
	moveDist := -1
	for i, o := range p.Options {
		switch c := o.Command.(type) {
		case *Attack:
			if c.Weapon != "" {
				continue
			}
			t := s.Combatant(c.Target)
			if t == nil || t.Object || me == nil {
				continue
			}
			if !harms(me.Weapon(""), t) {
				continue // its superior Durability, or its not being alive, takes nothing from this weapon
			}
			life := t.Durability + t.Health
			if t.Shock {
				life = 1000 + life // finish the standing first
			}
			spare := me.Vigor >= OffHandCost+DefenseCost && harms(me.OffHandWeapon(), t)
			if best < 0 || life < bestLife || life == bestLife && c.OffTarget != "" && spare && !offHand {
				if c.OffTarget != "" && !spare {
					continue
				}
				best, bestLife, offHand = i, life, c.OffTarget != ""
			}
		case *UseAbility:
			t := s.Combatant(c.Target)
			if t == nil || t.Object || me == nil {
				continue
			}
			ab := me.Ability(c.Ability)
			if ab == nil {
				// An item: one that brings an ally out of Shock is
				// worth a stabilizing.
				if it := me.Item(c.Ability); it != nil && it.Health != "" && t.Shock && t.Side == me.Side {
					stabilize = c
				}
				continue
			}
			cost := ab.Vigor + DefenseCost
			if c.OffTarget != "" {
				cost += OffHandCost
			}
			if ab.Opening || max(ab.Actions, 1) > me.Left || me.Vigor < cost {
				continue // not at the price of an opening, a second turn or its Defense
			}
			if !harms(me.Weapon(ab.Weapon), t) {
				continue
			}
			life := t.Durability + t.Health
			if t.Shock {
				life = 1000 + life
			}
			if best < 0 || life < bestLife || life == bestLife && !offHand {
				best, bestLife, offHand = i, life, true
			}
		case *StandUp:
			stand = c
		case *Stabilize:
			stabilize = c
		case *Aid:
			if t := s.Combatant(c.Target); t != nil && t.Wounded {
				aid = c
			}
		case *Move:
			if me == nil {
				continue
			}
			if d := nearestEnemy(s, me, c.To.X, c.To.Y); moveDist < 0 || d < moveDist {
				move, moveDist = c, d
			}
		case *EndTurn:
			end = c
		}
	}
	switch {
	case stand != nil:
		return stand
	case best >= 0:
		return p.Options[best].Command
	case stabilize != nil:
		return stabilize
	case aid != nil:
		return aid
	case move != nil:
		return move
	case end != nil:
		return end
	}
	return p.Options[0].Command
}

// harms reports whether a hit with w can hurt t at all: not against
// superior Durability of a higher rank (R32), nor with damage that
// harms only the living against what is not alive (R28).
func harms(w *Weapon, t *Combatant) bool {
	if dr := rankOf(t.DurRank); dr >= 0 && dr > w.rank() {
		return false
	}
	return !typeRow(damageType(w.Type)).LivingOnly || t.living()
}

// nearestEnemy is the distance from (x, y) to me's nearest enemy still in
// the fight and not hidden from it.
func nearestEnemy(s *State, me *Combatant, x, y int) int {
	best := -1
	at := Combatant{X: x, Y: y}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == me.Side || !t.In() || t.Hidden {
			continue
		}
		if d := s.distance(&at, t); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// Outcome tags what one decision's events did and adds the Durability and
// Health each combatant lost to damage (in Roster order). The actor's
// attack rolls are tagged "hit" or "miss"; "avoided" when a Defense turns
// a hit away; "critical" when a damage bonus die bursts; "burst" when an
// attack bonus die bursts; "wounded", "shock" (in Shock), "down" (in
// Shock, dead or destroyed by it), "dead", "knocked_down", "immune".
// Others' rolls are tagged the same, prefixed with their id and a colon:
// after's hot memory, where it has one (the odds' scratch states), keeps
// those it has made, so that a dice path does not make them again.
func (Rules) Outcome(before *State, actor string, events []Event, after *State, tags []string, damage []int) []string {
	var h *hotMemory
	if after != nil {
		h = after.hot
	}
	tag := func(who string, t outcomeTag) {
		name := outcomeTags[t]
		if who != actor {
			name = h.othersTag(who, t)
		}
		tags = append(tags, name)
	}
	for _, e := range events {
		switch e := e.(type) {
		case *AttackRolled:
			if e.Hit {
				tag(e.Attacker, hitTag)
			} else {
				tag(e.Attacker, missTag)
			}
			if e.Roll.Bursts() > 0 {
				tag(e.Attacker, burstTag)
			}
		case *DefenseRolled:
			if e.Avoided {
				tags = append(tags, "avoided")
			}
		case *Damaged:
			// By place: a combatant is not copied to be compared.
			for i := range min(len(before.Combatants), len(damage)) {
				if sameID(before.Combatants[i].ID, e.Target) {
					damage[i] += e.ToDurability + e.ToHealth
					break
				}
			}
			if e.Critical {
				tag(e.Attacker, criticalTag)
			}
			if e.Immune || e.Unliving {
				tag(e.Attacker, immuneTag)
			}
			if e.Wounded {
				tag(e.Attacker, woundedTag)
			}
			if e.Shock {
				tag(e.Attacker, shockTag)
			}
			if e.Shock || e.Dead || e.Destroyed {
				tag(e.Attacker, downTag)
			}
			if e.Dead {
				tag(e.Attacker, deadTag)
			}
		case *KnockdownRuled:
			if e.Down {
				tags = append(tags, "knocked_down")
			}
		case *KillRuled:
			if e.Killed {
				tags = append(tags, "dead")
			}
		}
	}
	return tags
}

// Condition names a combatant's condition: active, wounded, winded,
// prone, in Shock, dead, destroyed or escaped; the last four take it out
// of the fight, as does being incapacitated.
func (Rules) Condition(s *State, combatant string) (condition string, down bool) {
	c := s.Combatant(combatant)
	if c == nil {
		return "unknown", false
	}
	return conditionOf(c), !c.Object && !c.In()
}

// Forget clears from s what actor's command c never reads (see
// engine.Forgetting): a target who takes a hit never reads the attack's
// total nor the Victory Sum it beat, which the damage then forgets.
func (r Rules) Forget(s *State, actor string, c Command) {
	if r.Forgets(s, actor, c) {
		s.Strike.Total, s.Strike.VS = 0, 0
	}
}

// Forgets reports whether Forget changes anything (engine.ForgetScope):
// only for a hit taken.
func (Rules) Forgets(s *State, _ string, c Command) bool {
	switch c.(type) {
	case *Take, *TakeOpening:
		return s.Phase == Defending && s.Strike != nil
	}
	return false
}

// outcomeTag is one of the tags Outcome gives a combatant's roll.
type outcomeTag int

// The tags of a combatant's roll, in the order of outcomeTags.
const (
	hitTag outcomeTag = iota
	missTag
	burstTag
	criticalTag
	immuneTag
	woundedTag
	shockTag
	downTag
	deadTag
	numOutcomeTags
)

// outcomeTags are the tags' names.
var outcomeTags = [numOutcomeTags]string{"hit", "miss", "burst", "critical", "immune", "wounded", "shock", "down", "dead"}

// othersTags are the tags of one combatant's rolls as another's outcome
// says them, its id and a colon before each, made as they are first
// needed.
type othersTags struct {
	id    string
	names [numOutcomeTags]string
}

// othersTag returns tag t of who's roll in another's outcome: who's id, a
// colon and the tag, kept in h once made (made anew each time when h is
// nil, on the table's path).
func (h *hotMemory) othersTag(who string, t outcomeTag) string {
	if h == nil {
		return who + ":" + outcomeTags[t]
	}
	i := 0
	for i < len(h.tags) && !sameID(h.tags[i].id, who) {
		i++
	}
	if i == len(h.tags) {
		h.tags = append(h.tags, othersTags{id: who})
	}
	m := &h.tags[i]
	if m.names[t] == "" {
		m.names[t] = who + ":" + outcomeTags[t]
	}
	return m.names[t]
}
