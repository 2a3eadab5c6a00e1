package maneuvers

import (
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto,
// ViewInto): the commands Moves lists and the events Step emits, with
// what they carry, each in an engine.Arena, and the pending roll,
// trigger, contest and turn order of a state that Step changes. It belongs
// to one state value: Clone leaves it behind, ScratchInto keeps the
// destination's own, and it is no part of the fight or its JSON. Decide
// and the table's Evolve never use it (a nil *hotMemory, whose arenas are
// nil), so the commands and events a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot
	// The state's own pending roll, trigger, contest and reaction window,
	// and turn order, when Step changes them (see parts.Hold).
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

// The slots of the events arena for what events carry: the reactors a
// move or cast provokes, the turn order a round starts with, and the test
// a maneuver's resolution carries.
var (
	provokedMem = engine.AddScratch[Provoked](events)
	stringsMem  = engine.AddScratch[string](events)
	testMem     = engine.AddScratch[TestRoll](events)
)

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

// hotStrings returns a copy of ids for an event.
func hotStrings(h *hotMemory, ids []string) []string {
	return engine.Slice(h.arena(), stringsMem, ids)
}

// hotProvoked returns a copy of reactors for an event.
func hotProvoked(h *hotMemory, reactors []Provoked) []Provoked {
	return engine.Slice(h.arena(), provokedMem, reactors)
}

// hotTest returns a pointer to a copy of t for an event.
func hotTest(h *hotMemory, t TestRoll) *TestRoll {
	return engine.New(h.arena(), testMem, t)
}

// keepRoll, keepContest and keepTurns make r, c and turns the state's
// pending roll, contest and turn order (see parts.Hold).
func keepRoll(s *State, h *hotMemory, r Roll) {
	s.Roll = parts.Hold(h, func(h *hotMemory) *Roll { return &h.roll }, r)
}

func keepContest(s *State, h *hotMemory, c Contest) {
	s.Contest = parts.Hold(h, func(h *hotMemory) *Contest { return &h.contest }, c)
}

func keepTurns(s *State, h *hotMemory, turns []string) {
	s.Turns = keepAll(h, func(h *hotMemory) *[]string { return &h.turns }, turns)
}

// keepTrigger and keepWindow make t and w, with their own copies of
// their reactors, the state's trigger and reaction window (see
// parts.Hold).
func keepTrigger(s *State, h *hotMemory, t Trigger) {
	t.Reactors = keepAll(h, func(h *hotMemory) *[]Provoked { return &h.reactors }, t.Reactors)
	s.Trigger = parts.Hold(h, func(h *hotMemory) *Trigger { return &h.trigger }, t)
}

func keepWindow(s *State, h *hotMemory, w Window) {
	w.Reactors = keepAll(h, func(h *hotMemory) *[]string { return &h.windowReactors }, w.Reactors)
	s.Window = parts.Hold(h, func(h *hotMemory) *Window { return &h.window }, w)
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
