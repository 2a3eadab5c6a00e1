package woundslots

import (
	"slices"

	"fray/dice"
	"fray/engine"
)

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }

// TimedOut reports whether the fight stopped at the round limit.
func (Rules) TimedOut(s *State) bool { return s.TimedOut }

// Tally says what an event does to whom: a wound's level index counts as
// its damage; down is being taken out by wounds (unconscious, dying,
// dead), dead is death.
func (Rules) Tally(_ *State, e Event) (target, source string, damage int, down, dead bool) {
	switch e := e.(type) {
	case *Wounded:
		return e.Combatant, e.Attacker, e.Level, e.Fate == "dead" || e.Fate == "dying" || e.Fate == "unconscious", e.Fate == "dead"
	case *Died:
		return e.Combatant, "", 0, false, true
	}
	return "", "", 0, false, false
}

// Policies offers the tactical policy (the default) and the random one.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Tactical is the default policy. On its turn it continues a long action;
// attacks the enemy in reach with the fewest open slots left, with a
// standard attack (a quick one when 3 AP is all it has); else approaches
// the nearest enemy; else ends the turn. Asked in a window it interrupts
// an attack on its side by attacking the declarer when it can, harries
// when it may, else passes. Defending, it meets an attack with its
// highest Defense; it picks the highest nonlethal level, knocking out
// rather than leaving helpless. The GM's rulings take their defaults.
type Tactical struct{}

// Choose picks the command for prompt p.
func (Tactical) Choose(view *State, p engine.Prompt[Command], _ dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	switch view.Phase {
	case Acting:
		return tacticalAct(view, p)
	case Window:
		pd := view.Pending
		actor := view.Turn
		if pd != nil {
			actor = pd.Actor
		}
		for _, o := range p.Options {
			switch c := o.Command.(type) {
			case *Rebuff, *Cling:
				return o.Command
			case *Fire:
				if c.Target == actor {
					return o.Command
				}
			}
		}
		if pd == nil || !pd.Command.IsZero() {
			return p.Options[0].Command // a moment of the turn, or no attack: pass
		}
		for _, o := range p.Options {
			if a, ok := o.Command.(*Attack); ok && a.Target == pd.Actor && (a.Style == "" || a.Style == Standard) {
				return o.Command
			}
		}
		for _, o := range p.Options {
			if _, ok := o.Command.(*Harry); ok {
				return o.Command
			}
		}
		return p.Options[0].Command
	case Guarding:
		best, bestD := -1, -1<<30
		t, kind := view.guarded(), view.guardKind()
		for i, o := range p.Options {
			if g, ok := o.Command.(*Guard); ok {
				if d := guardDefense(t, g.Choice, kind); d > bestD {
					best, bestD = i, d
				}
			}
		}
		if best >= 0 {
			return p.Options[best].Command
		}
	case Choosing:
		if view.Pending == nil || view.Pending.Action != "move" && view.Pending.Action != Nonlethal {
			return p.Fallback()
		}
		if view.Pending.Action == "move" {
			// The split with the most yards cut, then the most moved
			// with; a rebuffed mover goes on.
			best, bw, bc := 0, -1, -1
			for i, o := range p.Options {
				if sp, ok := o.Command.(*Split); ok && (sp.Cut > bc || sp.Cut == bc && sp.With > bw) {
					best, bw, bc = i, sp.With, sp.Cut
				}
			}
			return p.Options[best].Command
		}
		for i := len(p.Options) - 1; i >= 0; i-- {
			if pk, ok := p.Options[i].Command.(*Pick); ok && !pk.Helpless {
				return pk
			}
		}
	}
	return p.Fallback()
}

// openSlots counts a combatant's open slots below fatal: how far it is
// from being taken out.
func openSlots(c *Combatant) int {
	n := 0
	for l := Light; l < Fatal; l++ {
		n += *c.Slots.At(l) - *c.Wounds.At(l)
	}
	return n
}

// tacticalAct is the tactical choice on one's own turn.
func tacticalAct(view *State, p engine.Prompt[Command]) Command {
	me := view.actor()
	best, bestOpen := -1, 0
	approach, approachDist := -1, 0
	end := len(p.Options) - 1
	for i, o := range p.Options {
		switch c := o.Command.(type) {
		case *Continue:
			return c
		case *Attack:
			if c.Weapon != "" || !(c.Style == "" || c.Style == Quick && !me.affords(view.attackCost(me, Standard))) {
				continue
			}
			if t := view.Combatant(c.Target); t != nil && t.Up() && (best < 0 || openSlots(t) < bestOpen) {
				best, bestOpen = i, openSlots(t)
			}
		case *Approach:
			if t := view.Combatant(c.Target); t != nil {
				if d := dist(me, t); approach < 0 || d < approachDist {
					approach, approachDist = i, d
				}
			}
		case *EndTurn:
			end = i
		}
	}
	switch {
	case best >= 0:
		return p.Options[best].Command
	case approach >= 0:
		return p.Options[approach].Command
	}
	return p.Options[end].Command
}

// Outcome tags what one decision's events did and adds each combatant's
// wound levels to damage. The actor's attack is "hit" or "miss", with
// "critical" on a natural 20 and "fumble" on a natural 1; its wound is
// tagged with the level placed ("light_wound" ... "fatal_wound", or
// "no_wound"), and
// "down" when it takes the target out. Others' tags are prefixed with
// their id and a colon.
func (Rules) Outcome(before *State, actor string, events []Event, _ *State, tags []string, damage []int) []string {
	tag := func(who, name string) {
		if who != actor {
			name = who + ":" + name
		}
		tags = append(tags, name)
	}
	for _, e := range events {
		switch e := e.(type) {
		case *AttackRolled:
			if e.Hit {
				tag(e.Attacker, "hit")
			} else {
				tag(e.Attacker, "miss")
			}
			switch e.Critical {
			case "success":
				tag(e.Attacker, "critical")
			case "failure":
				tag(e.Attacker, "fumble")
			}
		case *Interrupted:
			tag(e.Combatant, "interrupt")
		case *Wounded:
			if e.Level == NoWound && e.Fate == "" {
				tag(e.Attacker, "no_wound")
			} else if e.Level > NoWound {
				tag(e.Attacker, LevelName(e.Level)+"_wound")
			}
			if e.Fate == "dead" || e.Fate == "dying" || e.Fate == "unconscious" {
				tag(e.Attacker, "down")
			}
			if i := slices.IndexFunc(before.Combatants, func(c Combatant) bool { return c.ID == e.Combatant }); i >= 0 && i < len(damage) {
				damage[i] += e.Level
			}
		}
	}
	return tags
}

// Condition names a combatant's condition: active, helpless, dying,
// unconscious or dead; all but active and helpless take it out.
func (Rules) Condition(s *State, combatant string) (condition string, down bool) {
	c := s.Combatant(combatant)
	switch {
	case c == nil:
		return "absent", false
	case c.Status == Dead:
		return "dead", true
	case c.Status == Away:
		return "away", false
	case c.IsDying:
		return "dying", true
	case c.Status == Unconscious:
		return "unconscious", true
	case c.Helpless > 0:
		return "helpless", false
	}
	return "active", false
}
