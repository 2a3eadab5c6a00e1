package woundslots

import (
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step and ScratchInto): the
// commands Moves lists and the events Step emits, each in an
// engine.Arena, and the working copies below. It is no part of the fight:
// Clone leaves it behind and JSON never sees it. Decide and Evolve, the
// table's path, never use it (a nil *hotMemory, whose arena is nil), so
// the commands and events a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot

	// pending is where a state on the hot path keeps its declared action
	// (its Pending: see newPending and ScratchInto).
	pending Declared
	// queue is the window queue being built (see queueOf).
	queue []string
	// flanked is the queue of the newly flanked (R12), apart from queue:
	// both may be built in one decision.
	flanked []string
	// An action out of turn: the state's Off, the rest of its window's
	// queue and the declared action it left waiting.
	off     OffTurn
	offRest []string
	held    Declared
	// lentRest is where an action out of turn lent for a check (see lend)
	// keeps the rest of its queue, apart from offRest.
	lentRest []string
	// keys are the keys of the combatants last keyed (AppendKey), by
	// their places in the roster.
	keys []keyMemo
	// byID is the roster's order by id.
	byID idOrder
}

// arenas returns h's arenas (see engine.Hot): nil on the table's path
// (h nil), whose values are memory of their own.
func (h *hotMemory) arenas() *engine.Hot {
	if h == nil {
		return nil
	}
	return &h.Hot
}

// arena is where a Step's events go.
func (h *hotMemory) arena() *engine.Arena { return h.arenas().Events() }

// placeOff copies an action out of turn into the hot memory.
func (h *hotMemory) placeOff(o OffTurn) *OffTurn {
	h.offRest = append(h.offRest[:0], o.Rest...)
	o.Rest = h.offRest
	if o.Held != nil {
		h.held = *o.Held
		o.Held = &h.held
	}
	h.off = o
	return &h.off
}

// clone returns a deep copy of s without its hot memory, but for what
// nothing changes once the fight has started, which it shares with s: the
// combatants' skills, specializations and spells.
func clone(s *State) State {
	c := *s
	c.hot = nil
	// Lists JSON writes as null apart from empty stay nil or empty, as
	// slices.Clone keeps them.
	c.Combatants = slices.Clone(s.Combatants)
	for i := range c.Combatants {
		c.Combatants[i] = cloneCombatant(&s.Combatants[i])
	}
	c.Terrain = slices.Clone(s.Terrain)
	for i := range c.Terrain {
		c.Terrain[i].Kinds = slices.Clone(c.Terrain[i].Kinds)
	}
	c.Objects = append([]Object(nil), s.Objects...)
	c.Dropped = append([]Dropped(nil), s.Dropped...)
	c.Queue = append([]string(nil), s.Queue...)
	c.Pending = parts.Copy(s.Pending)
	if s.Off != nil {
		c.Off = c.newOff(*s.Off)
	}
	c.Outer = cloneOffs(s.Outer)
	return c
}

// cloneCombatant copies a combatant, sharing with x its skills,
// specializations and spells, which nothing changes once the fight has
// started (see clone).
func cloneCombatant(x *Combatant) Combatant {
	c := *x
	c.Weapons = append([]Weapon(nil), x.Weapons...)
	c.Conditions = append([]Condition(nil), x.Conditions...)
	c.Effects = append([]Effect(nil), x.Effects...)
	c.HarriedBy = append([]string(nil), x.HarriedBy...)
	c.Grappling = append([]string(nil), x.Grappling...)
	c.Ignoring = append([]string(nil), x.Ignoring...)
	c.Long = parts.Copy(x.Long)
	return c
}
