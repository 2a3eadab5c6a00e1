package vigor

import (
	"slices"

	"fray/engine"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Step, Moves, ScratchInto): the
// commands Moves lists and the events Step emits, each in an
// engine.Arena, the buffers of the events' dice, lists and changes, and
// the state's own working copies. It belongs to one state value: Clone
// leaves it behind and ScratchInto keeps the destination's own. Decide
// and Evolve, the table's path, never use it (a nil *hotMemory, whose
// arenas are nil), so what a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot

	// The buffers the last Step's events share, from the start of the
	// next: ints the dice of their rolls (appended as they fall, bursts
	// and all, so their count is known only once rolled), strs their
	// lists of ids, recoveries a Recovery Phase's changes.
	ints       []int
	strs       []string
	recoveries []Recovery

	// then is the off-hand attack the last Step's command declared (one
	// at most), which its event carries.
	then FollowUp

	// The pending strike, off-hand attack and window of the state, and
	// the armour of its combatants (which wears).
	strike   Strike
	declared Declared
	offHand  FollowUp
	window   Window
	armor    []Armor
	items    []Item
	// keys are the keys of the stat blocks' weapons and abilities the
	// state has had, by the arrays they are in (see appendArms).
	keys map[sheetArms][]byte
	// viewThen holds a view's own copies of the off-hand attacks its
	// strike and declared attack carry (ViewInto).
	viewThen [2]FollowUp
}

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// arena is where a Step's events go, moveArena a prompt's commands (see
// engine.Hot): nil on the table's path, values of their own.
func (h *hotMemory) arena() *engine.Arena     { return engine.EventArena(h) }
func (h *hotMemory) moveArena() *engine.Arena { return engine.MoveArena(h) }

// resetEvents frees the events of the last Step and their buffers.
func (h *hotMemory) resetEvents() {
	engine.EventArena(h).Reset()
	h.ints, h.strs, h.recoveries = h.ints[:0], h.strs[:0], h.recoveries[:0]
}

// followUp returns v for the decision's event: in hot memory when
// stepping, else its own.
func (d *decider) followUp(v FollowUp) *FollowUp {
	if d.h == nil {
		p := new(FollowUp)
		*p = v
		return p
	}
	d.h.then = v
	return &d.h.then
}

// ints returns the buffer a decision's dice go to: the hot memory's, or
// a new one.
func (d *decider) ints() *[]int {
	if d.h == nil {
		return new([]int)
	}
	return &d.h.ints
}

// strs returns the buffer a decision's lists of ids go to: the hot
// memory's, or a new one.
func (d *decider) strs() *[]string {
	if d.h == nil {
		return new([]string)
	}
	return &d.h.strs
}

// copyInto makes *dst a copy of s for Step or Evolve, reusing dst's
// memory and keeping its hot memory: the combatants share their stat
// blocks' weapons, skills and links with s, which the rules never
// change, and get armour of their own, which wears, and items of their
// own, which are used up.
func copyInto(dst, s *State) {
	combatants, order, hot := dst.Combatants[:0], dst.Order[:0], dst.hot
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	dst.Order = append(order, s.Order...)
	h := dst.hotMemory()
	h.armor, h.items = h.armor[:0], h.items[:0]
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		if c.Armor != nil {
			start := len(h.armor)
			h.armor = append(h.armor, c.Armor...)
			c.Armor = h.armor[start:len(h.armor):len(h.armor)]
		}
		if c.Items != nil {
			start := len(h.items)
			h.items = append(h.items, c.Items...)
			c.Items = h.items[start:len(h.items):len(h.items)]
		}
	}
	if s.Strike != nil {
		h.strike = *s.Strike
		dst.Strike = &h.strike
	}
	if s.OffHand != nil {
		h.offHand = *s.OffHand
		dst.OffHand = &h.offHand
	}
	if s.Declared != nil {
		h.declared = *s.Declared
		dst.Declared = &h.declared
	}
	if s.Window != nil {
		ask := h.window.Ask[:0]
		h.window = *s.Window
		h.window.Ask = append(ask, s.Window.Ask...)
		dst.Window = &h.window
	}
}

// cloneState returns a copy of s for Clone: it shares with s only the
// parts of the combatants' stat blocks that nothing changes once the
// fight has started (their weapons, abilities, skills and links, and what
// their armour protects against), and has memory of its own for all the
// rest, the armour and items among it, which wear and are used up. Exact
// odds clone every state they reach, so the copy is made in few
// allocations: the combatants' armour and items each share one new array,
// cut into capped slices.
func cloneState(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = append(make([]Combatant, 0, len(s.Combatants)), s.Combatants...)
	c.Order = slices.Clone(s.Order)
	var na, ni int
	for i := range c.Combatants {
		na, ni = na+len(c.Combatants[i].Armor), ni+len(c.Combatants[i].Items)
	}
	armor, items := make([]Armor, 0, na), make([]Item, 0, ni)
	for i := range c.Combatants {
		x := &c.Combatants[i]
		armor, x.Armor = carve(armor, x.Armor)
		items, x.Items = carve(items, x.Items)
	}
	if s.Strike != nil || s.OffHand != nil || s.Declared != nil {
		cloneAttacks(&c, s)
	}
	if s.Window != nil {
		w := *s.Window
		w.Ask = slices.Clone(w.Ask)
		c.Window = &w
	}
	return c
}
