package maneuvers

import (
	"slices"

	"fray/engine"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto,
// ViewInto): the commands Moves lists and the events Step emits, each in
// an engine.Arena, the slices those events carry, and the pending roll,
// trigger, contest and turn order of a state that Step changes. It belongs
// to one state value: Clone leaves it behind, ScratchInto keeps the
// destination's own, and it is no part of the fight or its JSON. Decide
// and the table's Evolve never use it (a nil *hotMemory, whose arenas are
// nil), so the commands and events a table logs are values of their own.
type hotMemory struct {
	// moves holds the commands of the last Moves, events the events of
	// the last Step and their dice.
	moves, events engine.Arena
	// The last Step's events' other slices and tests: the reactors a move
	// or cast provokes, the turn order a round starts with, and the test
	// a maneuver's resolution carries.
	provoked []Provoked
	strs     []string
	tests    []TestRoll

	// The state's own pending roll, trigger and contest, and turn order,
	// when Step changes it.
	roll     Roll
	trigger  Trigger
	reactors []Provoked
	contest  Contest
	turns    []string
	// The state's own reaction window.
	window         Window
	windowReactors []string

	// A view's own copies of the slices Step changes (ViewInto).
	viewStrs    []string
	viewWeapons []Weapon
	viewDropped []Dropped
}

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// arena is where a Step's events go: h's event arena, or nil (memory of
// their own) for the table's path.
func (h *hotMemory) arena() *engine.Arena {
	if h == nil {
		return nil
	}
	return &h.events
}

// moveArena is where a prompt's commands go: h's arena of moves, or nil
// for a prompt people read.
func (h *hotMemory) moveArena() *engine.Arena {
	if h == nil {
		return nil
	}
	return &h.moves
}

// resetEvents frees the events of the last Step and the slices they
// carry.
func (h *hotMemory) resetEvents() {
	h.events.Reset()
	h.provoked = h.provoked[:0]
	h.strs = h.strs[:0]
	h.tests = h.tests[:0]
}

// hotStrings returns a copy of ids for an event.
func hotStrings(h *hotMemory, ids []string) []string {
	if h == nil {
		return slices.Clone(ids)
	}
	start := len(h.strs)
	h.strs = append(h.strs, ids...)
	return h.strs[start:len(h.strs):len(h.strs)]
}

// hotTest returns a pointer to a copy of t for an event. A test handed
// out stays as it was when the memory grows: the event holds the old
// array, which nothing writes again.
func hotTest(h *hotMemory, t TestRoll) *TestRoll {
	if h == nil {
		p := new(TestRoll)
		*p = t
		return p
	}
	h.tests = append(h.tests, t)
	return &h.tests[len(h.tests)-1]
}

// copyInto makes *dst a copy of s for Step, reusing dst's memory and
// keeping its hot memory, where the copy's pending roll, trigger, contest
// and turn order go. The combatants' slices and maps are shared with s:
// Evolve never changes them in place, it replaces them.
func copyInto(dst, s *State) {
	combatants, hot := dst.Combatants[:0], dst.hot
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	h := dst.hotMemory()
	h.turns = append(h.turns[:0], s.Turns...)
	dst.Turns = h.turns
	if s.Roll != nil {
		h.roll = *s.Roll
		dst.Roll = &h.roll
	}
	if s.Trigger != nil {
		h.trigger = *s.Trigger
		h.reactors = append(h.reactors[:0], s.Trigger.Reactors...)
		h.trigger.Reactors = h.reactors
		dst.Trigger = &h.trigger
	}
	if s.Contest != nil {
		h.contest = *s.Contest
		dst.Contest = &h.contest
	}
	if s.Window != nil {
		h.window = *s.Window
		h.windowReactors = append(h.windowReactors[:0], s.Window.Reactors...)
		h.window.Reactors = h.windowReactors
		dst.Window = &h.window
	}
}
