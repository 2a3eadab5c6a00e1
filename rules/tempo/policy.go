package tempo

import (
	"slices"

	"fray/dice"
	"fray/engine"
)

// Policies returns the tempo policies by name: engine.TacticalPolicy
// (Tactical) and engine.RandomPolicy (uniform among a prompt's options).
// Both are stateless, so one value serves any number of fights at once.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Tactical is the tempo policy that fights as a sensible duellist would,
// from the view it is given:
//
//   - off guard it readies; bound it presses (or grapples, when it wrestles
//     better than it fences); grappled it pins a partner it can hold and
//     strikes a pinned one; pinned it escapes;
//   - on guard it attacks the weakest enemy in reach, feinting now and then
//     against an enemy who can parry; an archer aims before it shoots when
//     it can afford both; with nobody in reach it closes on the nearest
//     enemy, by combat move when that enemy could strike a plain move;
//     AP recover at the end of the turn, so it spends them freely;
//   - attacked in melee it parries, or evades without a parrying weapon,
//     and counter-attacks now and then when it is the healthier; it dodges
//     shots, counter-attacks and counter-fires at movers, and struggles
//     and winds against the moves of its bind or grapple partner;
//   - its feint that draws a parry becomes the +3 counter-attack; against
//     a counter-attack it parries counter-tempo; retreating, it goes as far
//     as it may; GM rulings take their defaults.
type Tactical struct{}

// Choose returns the policy's command for prompt p in state s.
func (Tactical) Choose(s *State, p *engine.Prompt[Command], src dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	fallback := p.Options[max(p.Default, 0)].Command
	me := s.combatant(p.Actor)
	if p.Kind == engine.Ruling || me == nil || len(p.Options) == 1 {
		return fallback
	}
	x := s.Exchange
	switch {
	case x != nil && len(x.Choices) > 0 && x.Asked >= len(x.Candidates):
		return destinationChoice(s, *p, x.Choices[0])
	case x != nil && x.Asked < len(x.Candidates):
		return reactionChoice(s, me, p, src)
	case x != nil:
		if c := pickReplace(p, CounterAttack); c != nil {
			return c
		}
		if c := pickReplace(p, CTParry); c != nil {
			return c
		}
		return fallback
	}
	return turnChoice(s, me, p, src)
}

// pick returns the first of p's options whose command matches, or nil.
func pick(p *engine.Prompt[Command], match func(Command) bool) Command {
	for _, o := range p.Options {
		if match(o.Command) {
			return o.Command
		}
	}
	return nil
}

// pickReplace returns the first of p's options that replaces the action
// with a, or nil.
func pickReplace(p *engine.Prompt[Command], a Action) Command {
	return pick(p, func(c Command) bool { r, ok := c.(*Replace); return ok && r.Action == a })
}

// pickReact returns the first of p's options that reacts with a, or nil.
func pickReact(p *engine.Prompt[Command], a Action) Command {
	return pick(p, func(c Command) bool { r, ok := c.(*React); return ok && r.Action == a })
}

// pickDeclare returns the first of p's options that declares a, or nil.
func pickDeclare(p *engine.Prompt[Command], a Action) Command {
	return pick(p, func(c Command) bool { d, ok := c.(*Declare); return ok && d.Action == a })
}

func reactionChoice(s *State, me *Combatant, p *engine.Prompt[Command], src dice.Source) Command {
	x := s.Exchange
	actor := s.combatant(x.Actor)
	var prefer []Action
	switch public(x.Act.Action) {
	case MeleeAttack, UnarmedAttack:
		prefer = []Action{Parry, Evade, CounterAttack, Struggle}
		if actor != nil && me.Health > actor.Health && src.Roll(3) == 1 {
			prefer = []Action{CounterAttack, Parry, Evade, Struggle}
		}
	case RangedAttack:
		prefer = []Action{Dodge}
	case Move, CombatMove:
		prefer = []Action{CounterAttack, CounterFire}
	case Aim:
		prefer = []Action{CounterFire}
	default:
		prefer = []Action{Wind, Struggle, Double}
	}
	for _, a := range prefer {
		if c := pickReact(p, a); c != nil {
			return c
		}
	}
	return &NoReaction{}
}

func turnChoice(s *State, me *Combatant, p *engine.Prompt[Command], src dice.Source) Command {
	switch me.Status {
	case OffGuard:
		if c := pickDeclare(p, Ready); c != nil {
			return c
		}
	case Bound:
		order := []Action{Press, Grapple, Withdraw}
		if me.Brawl > me.Melee {
			order = []Action{Grapple, Press, Withdraw}
		}
		for _, a := range order {
			if c := pickDeclare(p, a); c != nil {
				return c
			}
		}
	case Grappled:
		partnerPinned := slices.ContainsFunc(me.GrappledWith, func(id string) bool {
			o := s.combatant(id)
			return o != nil && o.Status == Pinned
		})
		order := []Action{UnarmedAttack, Pin, Escape}
		if !partnerPinned && me.Might+me.Brawl >= 3 {
			order = []Action{Pin, UnarmedAttack, Escape}
		}
		for _, a := range order {
			if c := pickDeclare(p, a); c != nil {
				return c
			}
		}
	case Pinned:
		if c := pickDeclare(p, Escape); c != nil {
			return c
		}
	}
	// The weakest enemy in reach.
	var best *Declare
	bestHealth := 0
	for _, o := range p.Options {
		d, ok := o.Command.(*Declare)
		if !ok || (d.Action != MeleeAttack && d.Action != RangedAttack && d.Action != UnarmedAttack) {
			continue
		}
		t := s.combatant(d.Target)
		if t == nil || t.Dead {
			continue
		}
		h := t.Health
		if t.Down {
			h += 100 // finish the standing first
		}
		if best == nil || h < bestHealth || (h == bestHealth && d.Action != UnarmedAttack && best.Action == UnarmedAttack) {
			best, bestHealth = d, h
		}
	}
	if best != nil {
		if best.Action == RangedAttack && me.Aimed == "" {
			w, _ := me.weapon(best.Weapon)
			if aim := pick(p, func(c Command) bool { d, ok := c.(*Declare); return ok && d.Action == Aim && d.Weapon == w.Name }); aim != nil &&
				w.AimedAccuracy > w.Accuracy && me.AP >= 4+w.AP {
				return aim
			}
		}
		if best.Action == MeleeAttack {
			t := s.combatant(best.Target)
			if canParry(t) && !t.Down && src.Roll(4) == 1 {
				f := *best
				f.Action = Feint
				// The feint as the menu offers it, f's twin.
				if c := pick(p, func(c Command) bool { d, ok := c.(*Declare); return ok && sameDeclare(d, &f) }); c != nil {
					return c
				}
			}
		}
		return best
	}
	// Close on the nearest standing enemy.
	if c := approach(s, me, p); c != nil {
		return c
	}
	if c := pick(p, func(c Command) bool { _, ok := c.(*EndTurn); return ok }); c != nil {
		return c
	}
	return &EndTurn{}
}

func sameDeclare(a, b *Declare) bool {
	return a.Action == b.Action && a.Target == b.Target && a.Weapon == b.Weapon && slices.Equal(a.Path, b.Path)
}

func canParry(c *Combatant) bool {
	if c == nil || c.Status != OnGuard {
		return false
	}
	for i := range c.Weapons {
		if c.Weapons[i].CanParry {
			return true
		}
	}
	return false
}

// approach picks the move or combat move that ends nearest an enemy; a
// combat move when the enemy is close enough to strike a plain move.
func approach(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	// Whether an enemy could strike a plain move, and how near the nearest
	// is now: the same for every option.
	threatened := false
	for i := range s.Combatants {
		e := &s.Combatants[i]
		if !e.standing() || !opponents(me, e) {
			continue
		}
		for _, w := range e.Weapons {
			if w.Kind != "ranged" && Dist(me.At, e.At) <= w.Reach+me.BCM {
				threatened = true
			}
		}
		if Dist(me.At, e.At) <= Unarmed().Reach+me.BCM {
			threatened = true // unarmed
		}
	}
	nearest := Dist(me.At, nearestEnemy(s, me))
	var best Command
	bestDist := 1 << 20
	for _, o := range p.Options {
		d, ok := o.Command.(*Declare)
		if !ok || (d.Action != Move && d.Action != CombatMove) || len(d.Path) == 0 {
			continue
		}
		dest := d.Path[len(d.Path)-1]
		near := 1 << 20
		for i := range s.Combatants {
			if e := &s.Combatants[i]; e.standing() && opponents(me, e) {
				near = min(near, Dist(dest, e.At))
			}
		}
		if near >= nearest {
			continue
		}
		if d.Action == Move && threatened {
			near++ // a plain move into reach invites a free counter-attack
		}
		if near < bestDist {
			best, bestDist = d, near
		}
	}
	return best
}

func nearestEnemy(s *State, me *Combatant) Square {
	at, best := me.At, 1<<20
	for i := range s.Combatants {
		e := &s.Combatants[i]
		if e.standing() && opponents(me, e) && Dist(me.At, e.At) < best {
			at, best = e.At, Dist(me.At, e.At)
		}
	}
	return at
}

// destinationChoice retreats as far as allowed, and surges next to the
// opponent after a critical combat move.
func destinationChoice(s *State, p engine.Prompt[Command], ch Choice) Command {
	o := s.combatant(ch.Opponent)
	var best Command
	score := -1 << 20
	for _, opt := range p.Options {
		d, ok := opt.Command.(*Destination)
		if !ok || d.To == nil || o == nil {
			continue
		}
		v := Dist(*d.To, o.At)
		if ch.Kind == "combat-move-critical" {
			v = -v
		}
		if v > score {
			best, score = d, v
		}
	}
	if best == nil {
		return p.Options[max(p.Default, 0)].Command
	}
	return best
}
