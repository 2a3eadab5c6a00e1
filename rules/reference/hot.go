package reference

import (
	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto and
// ViewInto): the commands Moves lists and the events Step emits, each in
// an engine.Arena, and a view's copies. It belongs to one state value:
// Clone leaves it behind, ScratchInto and ViewInto keep the destination's
// own, and it is no part of the fight or its JSON. Decide and Evolve, the
// table's path, never use it (a nil *hotMemory, whose arenas are nil), so
// the commands and events a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot

	// blow is the pending blow of a state Step changes, reused attack
	// after attack.
	blow Blow
	// weapons holds the weapons of a view's combatants.
	weapons []Weapon
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

// copyInto makes *dst a copy of s reusing dst's memory: its combatants and
// its hot memory, which it keeps and where its pending blow goes. With ownWeapons the
// combatants' weapons are copied into dst's hot memory; otherwise they are
// shared with s, which the rules never change.
func copyInto(dst, s *State, ownWeapons bool) {
	combatants, hot := dst.Combatants[:0], dst.hot
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	if s.Pending != nil {
		h := dst.hotMemory()
		h.blow = *s.Pending
		dst.Pending = &h.blow
	}
	if !ownWeapons {
		return
	}
	h := dst.hotMemory()
	h.weapons = h.weapons[:0]
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		c.Weapons = parts.Keep(&h.weapons, c.Weapons)
	}
}
