package maneuvers

import (
	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }

// Tally says what an event does to whom, for the simulator's totals:
// damage, and who goes down or dies.
func (Rules) Tally(_ *State, e Event) (target, source string, damage int, down, dead bool) {
	if d, ok := e.(*Damaged); ok {
		return d.Combatant, d.Source, d.Amount, d.Down || d.HP <= 0, d.Dead
	}
	return "", "", 0, false, false
}

// Policies offers the tactical policy, the default, and the random one.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Outcome tags what one decision's events did, and adds the damage each
// combatant took to damage (in Roster order). A combat roll is tagged, for
// its attacker, "hit" (damage lands: a hit or a critical win), "critical"
// (the attacker's critical win), "blocked", "miss" (a miss or the
// defender's critical win) and "negated" (the defender's critical win); a
// maneuver that takes effect is tagged with its name by its winner
// ("trip"), and "down" and "dead" by the combatant who goes down or dies.
// Tags of anyone but the actor are prefixed with their id and a colon.
func (Rules) Outcome(before *State, actor string, events []Event, _ *State, tags []string, damage []int) []string {
	tag := func(who, name string) { tags = parts.Tag(tags, actor, who, name) }
	for _, e := range events {
		switch e := e.(type) {
		case *CombatRolled:
			switch e.Result {
			case "hit":
				tag(e.Attacker, "hit")
			case "critical":
				tag(e.Attacker, "hit")
				tag(e.Attacker, "critical")
			case "blocked":
				tag(e.Attacker, "blocked")
			case "negated":
				tag(e.Attacker, "miss")
				tag(e.Attacker, "negated")
			default:
				tag(e.Attacker, "miss")
			}
		case *ManeuverResolved:
			if e.Works {
				tag(e.Winner, e.Maneuver)
			}
		case *Damaged:
			if i := before.index(e.Combatant); i >= 0 && i < len(damage) {
				damage[i] += e.Amount
			}
			if e.Down {
				tag(e.Combatant, "down")
			}
			if e.Dead {
				tag(e.Combatant, "dead")
			}
		}
	}
	return tags
}

// Condition names a combatant's condition: "dead", "unconscious" (both
// out of the fight), "grappled", "prone", "dazed" or "active".
func (Rules) Condition(s *State, id string) (string, bool) {
	c := s.Combatant(id)
	switch {
	case c == nil:
		return "absent", false
	case c.Dead:
		return "dead", true
	case !c.Conscious():
		return "unconscious", true
	case c.GrappledBy != "":
		return "grappled", false
	case c.Prone:
		return "prone", false
	case !c.Dazed.Over():
		return "dazed", false
	}
	return "active", false
}

// Tactical is the maneuvers ruleset's default policy. On its turn it
// heals a badly hurt ally when it can, stands up, escapes a grapple,
// strikes (or casts at) the foe with the least health it can reach, and
// else, with AP left and no foe in reach, moves towards the nearest foe;
// then it ends the turn. It always
// defends with the defence whose test is best, takes every opportunity
// attack, picks Precision as the attacker of a critical win and Trip
// (else Bash, Push, Brace) as the defender, resists with its better
// skill, and takes the GM's defaults. It draws no dice.
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
		return chooseReact(view, p)
	}
	return p.Fallback()
}

// chooseAct picks a turn's action.
func chooseAct(s *State, p *engine.Prompt[Command]) Command {
	me := s.Combatant(p.Actor)
	best, bestScore := -1, 0
	for i, o := range p.Options {
		score := 0
		switch c := o.Command.(type) {
		case *Cast:
			t := s.Combatant(c.Target)
			if t == nil || me == nil {
				continue
			}
			if hostile(me, t) {
				score = 500 - t.HP
			} else if t.HP*2 <= t.Health {
				score = 2000
			}
		case *Stand:
			score = 3000
		case *Escape:
			score = 2500
		case *Strike:
			if t := s.Combatant(c.Target); t != nil {
				score = 1000 - t.HP
			}
		case *Move:
			// Move only with AP to strike after, and not away from a
			// foe already in reach (leaving it provokes).
			if me != nil && me.AP >= 1 && nearestFoe(s, me, me.pos()) > me.reach() {
				score = 100 - int(nearestFoe(s, me, c.To))
			}
		case *PickUp:
			if me != nil && me.meleeWeapon() == nil {
				score = 1500
			}
		case *Draw:
			if me != nil && me.meleeWeapon() == nil {
				if w := me.item(c.Item); w != nil && w.Kind == "melee" {
					score = 1400
				}
			}
		case *EndTurn:
			score = 1
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 {
		return p.Options[best].Command
	}
	return p.Options[len(p.Options)-1].Command
}

// nearestFoe is the distance from point at to me's nearest conscious foe.
func nearestFoe(s *State, me *Combatant, at Point) float64 {
	best := 1e9
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if me != nil && hostile(me, t) && t.Conscious() {
			best = min(best, dist(at, t.pos()))
		}
	}
	return best
}

// maneuverPreference ranks maneuvers, best first, for the attacker and the
// defender of a critical win.
var maneuverPreference = map[bool][]string{
	true:  {Precision, Trip, Bash, Brace},
	false: {Trip, Bash, Push, Brace},
}

// chooseReact picks a reaction.
func chooseReact(s *State, p *engine.Prompt[Command]) Command {
	r := s.Roll
	switch {
	case r != nil && r.Stage == StageDefence:
		best, bestScore := len(p.Options)-1, -1000
		for i, o := range p.Options {
			c, ok := o.Command.(*Defend)
			if !ok || c.Defence == NoDefence {
				continue
			}
			try := *r
			try.Defence, try.DefAttr = c.Defence, c.Attr
			if c.Defence == Parry && c.Attr == "" {
				t := s.Combatant(r.Target)
				try.DefAttr = STR
				if t.Agi > t.Str {
					try.DefAttr = AGI
				}
			}
			k := defenceCheck(s, &try)
			score := k.mod + 4*k.edge
			if c.Defence == Block {
				score += 2
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		return p.Options[best].Command
	case r != nil && r.Stage == StageManeuver:
		for _, want := range maneuverPreference[r.Winner == r.Attacker] {
			for _, o := range p.Options {
				if m, ok := o.Command.(*Maneuver); ok && m.Name == want {
					return m
				}
			}
		}
	case r == nil && s.Contest == nil && s.Trigger == nil && s.Window != nil:
		for _, o := range p.Options {
			switch o.Command.(type) {
			case *Draw, *PickUp:
				return o.Command
			}
		}
		for _, o := range p.Options {
			if c, ok := o.Command.(*Cast); ok {
				if t := s.Combatant(c.Target); t != nil && t.HP*2 <= t.Health {
					return c
				}
			}
		}
		return p.Options[len(p.Options)-1].Command
	case r != nil && r.Stage == StageResist, r == nil && s.Contest != nil:
		who := s.Combatant(p.Actor)
		best, bestV := 0, -1000
		for i, o := range p.Options {
			if c, ok := o.Command.(*Resist); ok && who != nil && who.skill(c.Skill) > bestV {
				best, bestV = i, who.skill(c.Skill)
			}
		}
		return p.Options[best].Command
	}
	return p.Options[0].Command
}
