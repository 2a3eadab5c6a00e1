package woundslots

import (
	"fray/dice"
	"fray/engine"
)

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
func (Tactical) Choose(view *State, p *engine.Prompt[Command], _ dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	switch view.Phase {
	case Acting:
		return tacticalAct(view, *p)
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
		t, kind := view.guarded(), view.guardedAttackKind()
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
