package vigor

import (
	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Step, Moves, ScratchInto): the
// commands Moves lists and the events Step emits, with what they carry,
// each in an engine.Arena, and the state's own working copies. It belongs to one state value: Clone
// leaves it behind and ScratchInto keeps the destination's own. Decide
// and Evolve, the table's path, never use it (a nil *hotMemory, whose
// arenas are nil), so what a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot

	// The pending strike, off-hand attack and window of the state, and
	// the armour of its combatants (which wears).
	strike   Strike
	declared Declared
	offHand  FollowUp
	window   Window
	// ask is the memory of window.Ask at its whole capacity: a decision
	// takes the ids asked from the front of window.Ask, which leaves it
	// less room for the next copy.
	ask   []string
	armor []Armor
	items []Item
	// combatants are the keys of the combatants the state has had, by
	// their place in the roster (see Combatant.appendKey).
	combatants []combatantMemo
	// order and setting are the keys of the initiative order, and of the
	// scene and options, the state had (see State.appendKey).
	order   orderMemo
	setting settingMemo
	// roster is the key of the whole roster (see State.appendRosterKey).
	roster rosterMemo
	// tags are the outcome tags of others' rolls made so far (see
	// othersTag).
	tags []othersTags
	// clones are the rosters the state's clones share (see Rules.Clone).
	clones parts.Rosters[Combatant, roster]
	// viewThen holds a view's own copies of the off-hand attacks its
	// strike and declared attack carry (ViewInto).
	viewThen [2]FollowUp
}

// arenas returns h's arenas (see engine.Hot): nil on the table's path
// (h nil), whose values are memory of their own.
func (h *hotMemory) arenas() *engine.Hot {
	if h == nil {
		return nil
	}
	return &h.Hot
}

// arena is where a Step's events go, moveArena a prompt's commands.
func (h *hotMemory) arena() *engine.Arena     { return h.arenas().Events() }
func (h *hotMemory) moveArena() *engine.Arena { return h.arenas().Moves() }

// The slots of the events arena for what events carry: their lists of
// ids, a Recovery Phase's changes, and the off-hand attack a command
// declared. The dice of their rolls go to the arena's IntBuffer,
// appended as they fall, bursts and all, so that their count is known
// only once rolled.
var (
	stringsMem  = engine.AddScratch[string](events)
	recoveryMem = engine.AddScratch[Recovery](events)
	followUpMem = engine.AddScratch[FollowUp](events)
)

// followUp returns v for the decision's event.
func (d *decider) followUp(v FollowUp) *FollowUp {
	return engine.New(d.h.arena(), followUpMem, v)
}

// ints returns the buffer a decision's dice go to.
func (d *decider) ints() *[]int { return d.h.arena().IntBuffer() }

// strs returns the buffer a decision's lists of ids go to.
func (d *decider) strs() *[]string { return engine.Buffer(d.h.arena(), stringsMem) }

// copyInto makes *dst a copy of s for Step or Evolve, reusing dst's
// memory and keeping its hot memory: the combatants share their stat
// blocks' weapons, skills and links with s, which the rules never
// change, and get armour of their own, which wears, and items of their
// own, which are used up.
func copyInto(dst, s *State) {
	combatants, order, hot := dst.Combatants[:0], dst.Order[:0], dst.hot
	if dst.shared {
		combatants = nil // a roster clones share is never written
	}
	*dst = *s
	dst.hot, dst.shared = hot, false
	dst.Combatants = append(combatants, s.Combatants...)
	dst.hotMemory().clones.From(sharedRoster(s))
	if n := len(s.Order); n <= cap(order) && sameElements(order[:n], s.Order) {
		dst.Order = order[:n] // most copies: dst's memory holds it
	} else {
		dst.Order = append(order, s.Order...)
	}
	h := dst.hotMemory()
	// The few pieces of armour and items of each combatant are copied one
	// by one, each in place, rather than as a list, which calls the
	// runtime to copy it, into the state's memory for them, uncounted:
	// when that has not the room, room is made for them all and they are
	// copied again from the first, so that they always lie in order from
	// its front.
	armor, items := h.armor, h.items
	for i := 0; i < len(dst.Combatants); i++ {
		c := &dst.Combatants[i]
		if len(armor) < len(c.Armor) || len(items) < len(c.Items) {
			var na, ni int
			for j := range dst.Combatants {
				na, ni = na+len(dst.Combatants[j].Armor), ni+len(dst.Combatants[j].Items)
			}
			h.armor, h.items = room(h.armor, na), room(h.items, ni)
			armor, items, i = h.armor, h.items, -1
			continue
		}
		if c.Armor != nil {
			c.Armor, armor = copyEach(armor, c.Armor)
		}
		if c.Items != nil {
			c.Items, items = copyEach(items, c.Items)
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
		h.ask = append(h.ask[:0], s.Window.Ask...)
		h.window = *s.Window
		h.window.Ask = h.ask
		dst.Window = &h.window
	}
}

// room returns buf at its whole length when that holds n, else new
// memory for more than n.
func room[T any](buf []T, n int) []T {
	if len(buf) < n {
		return make([]T, n+n/2+4)
	}
	return buf
}

// copyEach copies src into the front of buf, which must have the room,
// one element at a time, and returns the copy, capped at its end, and
// the rest of buf.
func copyEach[T any](buf, src []T) (copied, rest []T) {
	n := len(src)
	copied, rest = buf[:n:n], buf[n:]
	//lint:ignore S1001 one by one on purpose: see copyInto
	for j := range src {
		copied[j] = src[j]
	}
	return copied, rest
}

// cloneState returns a copy of s of its own, for Decide and for a clone
// of a state without hot memory: it shares with s only the parts of the
// combatants' stat blocks that nothing changes once the fight has started
// (their weapons, abilities, skills and links, and what their armour
// protects against), and has memory of its own for all the rest, the
// armour and items among it, which wear and are used up.
func cloneState(s *State) State {
	c := cloneRest(s)
	c.Combatants = copyRoster(s.Combatants)
	return c
}

// cloneRest returns a copy of s but for its roster, which it leaves s's:
// the caller gives it one. Exact odds clone every state they reach, so
// the copy is made in few allocations: the initiative order and a
// window's ids share one array, which holds the pending attacks too when
// there are any.
func cloneRest(s *State) State {
	c := *s
	c.hot, c.shared = nil, false
	// The initiative order and the ids a window asks share one array, in
	// the allocation of the pending attacks when there are any and the
	// ids fit.
	var ask []string
	if s.Window != nil {
		ask = s.Window.Ask
	}
	var ids []string
	if s.Strike != nil || s.OffHand != nil || s.Declared != nil {
		x := new(cloneExtras)
		cloneAttacks(&c, s, &x.attackCopies)
		if len(s.Order)+len(ask) <= len(x.ids) {
			ids = x.ids[:0]
		}
	}
	if ids == nil {
		ids = make([]string, 0, len(s.Order)+len(ask))
	}
	ids, c.Order = carve(ids, s.Order)
	if s.Window != nil {
		w := *s.Window
		_, w.Ask = carve(ids, ask)
		c.Window = &w
	}
	return c
}

// copyRoster returns a copy of the combatants cs, their armour and items
// each in one new array, cut into capped slices.
func copyRoster(cs []Combatant) []Combatant {
	out := append(make([]Combatant, 0, len(cs)), cs...)
	var na, ni int
	for i := range out {
		na, ni = na+len(out[i].Armor), ni+len(out[i].Items)
	}
	armor, items := make([]Armor, 0, na), make([]Item, 0, ni)
	for i := range out {
		x := &out[i]
		armor, x.Armor = carve(armor, x.Armor)
		items, x.Items = carve(items, x.Items)
	}
	return out
}
