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

	// The state's own pending roll, trigger, contest and reaction window,
	// and turn order, when Step changes them (see keep).
	roll           Roll
	trigger        Trigger
	reactors       []Provoked
	contest        Contest
	window         Window
	windowReactors []string
	turns          []string

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

// keep returns a pointer to v for the state to hold: the slot of h that
// slot picks on Step's path, else memory of its own.
func keep[T any](h *hotMemory, slot func(*hotMemory) *T, v T) *T {
	var p *T
	if h == nil {
		p = new(T)
	} else {
		p = slot(h)
	}
	*p = v
	return p
}

// keepAll returns a copy of vs for the state to hold: in the slot of h
// that slot picks on Step's path, else memory of its own.
func keepAll[T any](h *hotMemory, slot func(*hotMemory) *[]T, vs []T) []T {
	if h == nil {
		return slices.Clone(vs)
	}
	p := slot(h)
	*p = append((*p)[:0], vs...)
	return *p
}

// eventCopy returns a copy of vs for an event: appended to the buffer of
// h that buf picks, freed with the events, on Step's path, else memory of
// its own. The copy is capped, so that appending to it never writes over
// another's.
func eventCopy[T any](h *hotMemory, buf func(*hotMemory) *[]T, vs []T) []T {
	if h == nil {
		return slices.Clone(vs)
	}
	b := buf(h)
	start := len(*b)
	*b = append(*b, vs...)
	return (*b)[start:len(*b):len(*b)]
}

// hotStrings returns a copy of ids for an event.
func hotStrings(h *hotMemory, ids []string) []string {
	return eventCopy(h, func(h *hotMemory) *[]string { return &h.strs }, ids)
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

// keepRoll, keepContest and keepTurns make r, c and turns the state's
// pending roll, contest and turn order (see keep).
func keepRoll(s *State, h *hotMemory, r Roll) {
	s.Roll = keep(h, func(h *hotMemory) *Roll { return &h.roll }, r)
}

func keepContest(s *State, h *hotMemory, c Contest) {
	s.Contest = keep(h, func(h *hotMemory) *Contest { return &h.contest }, c)
}

func keepTurns(s *State, h *hotMemory, turns []string) {
	s.Turns = keepAll(h, func(h *hotMemory) *[]string { return &h.turns }, turns)
}

// keepTrigger and keepWindow make t and w, with their own copies of
// their reactors, the state's trigger and reaction window (see keep).
func keepTrigger(s *State, h *hotMemory, t Trigger) {
	t.Reactors = keepAll(h, func(h *hotMemory) *[]Provoked { return &h.reactors }, t.Reactors)
	s.Trigger = keep(h, func(h *hotMemory) *Trigger { return &h.trigger }, t)
}

func keepWindow(s *State, h *hotMemory, w Window) {
	w.Reactors = keepAll(h, func(h *hotMemory) *[]string { return &h.windowReactors }, w.Reactors)
	s.Window = keep(h, func(h *hotMemory) *Window { return &h.window }, w)
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
	keepTurns(dst, h, s.Turns)
	if s.Roll != nil {
		keepRoll(dst, h, *s.Roll)
	}
	if s.Trigger != nil {
		keepTrigger(dst, h, *s.Trigger)
	}
	if s.Contest != nil {
		keepContest(dst, h, *s.Contest)
	}
	if s.Window != nil {
		keepWindow(dst, h, *s.Window)
	}
}
