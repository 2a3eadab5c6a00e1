package maneuvers

import (
	"slices"

	"fray/rules/parts"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto): the
// commands Moves lists, the events Step emits, and the pending roll,
// trigger, contest and turn order of a state that Step changes. It belongs
// to one state value: Clone leaves it behind, ScratchInto keeps the
// destination's own, and it is no part of the fight or its JSON. Decide
// and the table's Evolve never use it.
type hotMemory struct {
	// The commands of the last Moves.
	strikes    parts.Pool[Strike]
	casts      parts.Pool[Cast]
	moves      parts.Pool[Move]
	grapples   parts.Pool[Grapple]
	delays     parts.Pool[Delay]
	pickUps    parts.Pool[PickUp]
	situations parts.Pool[Situation]
	defends    parts.Pool[Defend]
	maneuvers  parts.Pool[Maneuver]
	resists    parts.Pool[Resist]
	escapes    parts.Pool[Escape]
	releases   parts.Pool[Release]
	oas        parts.Pool[Opportunity]
	pushWays   parts.Pool[PushWay]
	draws      parts.Pool[Draw]
	stows      parts.Pool[Stow]
	sneaks     parts.Pool[Sneak]
	begins     parts.Pool[Begin]

	// The events of the last Step.
	turnStarted      parts.Pool[TurnStarted]
	turnEnded        parts.Pool[TurnEnded]
	turnSkipped      parts.Pool[TurnSkipped]
	roundStarted     parts.Pool[RoundStarted]
	roundEnded       parts.Pool[RoundEnded]
	strikeDeclared   parts.Pool[StrikeDeclared]
	situationRuled   parts.Pool[SituationRuled]
	defenceChosen    parts.Pool[DefenceChosen]
	combatRolled     parts.Pool[CombatRolled]
	maneuverChosen   parts.Pool[ManeuverChosen]
	damaged          parts.Pool[Damaged]
	maneuverResolved parts.Pool[ManeuverResolved]
	moveDeclared     parts.Pool[MoveDeclared]
	moved            parts.Pool[Moved]
	actionTaken      parts.Pool[ActionTaken]
	passed           parts.Pool[OpportunityPassed]
	provoking        parts.Pool[Provoking]
	spellCast        parts.Pool[SpellCast]
	tests            parts.Pool[TestRoll]
	ints             []int
	provoked         []Provoked
	strs             []string

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

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.strikes.Reset()
	h.casts.Reset()
	h.moves.Reset()
	h.grapples.Reset()
	h.delays.Reset()
	h.pickUps.Reset()
	h.situations.Reset()
	h.defends.Reset()
	h.maneuvers.Reset()
	h.resists.Reset()
	h.escapes.Reset()
	h.releases.Reset()
	h.oas.Reset()
	h.pushWays.Reset()
	h.draws.Reset()
	h.stows.Reset()
	h.sneaks.Reset()
	h.begins.Reset()
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.turnStarted.Reset()
	h.turnEnded.Reset()
	h.turnSkipped.Reset()
	h.roundStarted.Reset()
	h.roundEnded.Reset()
	h.strikeDeclared.Reset()
	h.situationRuled.Reset()
	h.defenceChosen.Reset()
	h.combatRolled.Reset()
	h.maneuverChosen.Reset()
	h.damaged.Reset()
	h.maneuverResolved.Reset()
	h.moveDeclared.Reset()
	h.moved.Reset()
	h.actionTaken.Reset()
	h.passed.Reset()
	h.provoking.Reset()
	h.spellCast.Reset()
	h.tests.Reset()
	h.ints = h.ints[:0]
	h.provoked = h.provoked[:0]
	h.strs = h.strs[:0]
}

func (h *hotMemory) strikePool() *parts.Pool[Strike]           { return &h.strikes }
func (h *hotMemory) castPool() *parts.Pool[Cast]               { return &h.casts }
func (h *hotMemory) movePool() *parts.Pool[Move]               { return &h.moves }
func (h *hotMemory) grapplePool() *parts.Pool[Grapple]         { return &h.grapples }
func (h *hotMemory) delayPool() *parts.Pool[Delay]             { return &h.delays }
func (h *hotMemory) pickUpPool() *parts.Pool[PickUp]           { return &h.pickUps }
func (h *hotMemory) situationPool() *parts.Pool[Situation]     { return &h.situations }
func (h *hotMemory) defendPool() *parts.Pool[Defend]           { return &h.defends }
func (h *hotMemory) maneuverPool() *parts.Pool[Maneuver]       { return &h.maneuvers }
func (h *hotMemory) resistPool() *parts.Pool[Resist]           { return &h.resists }
func (h *hotMemory) escapePool() *parts.Pool[Escape]           { return &h.escapes }
func (h *hotMemory) releasePool() *parts.Pool[Release]         { return &h.releases }
func (h *hotMemory) oaPool() *parts.Pool[Opportunity]          { return &h.oas }
func (h *hotMemory) pushWayPool() *parts.Pool[PushWay]         { return &h.pushWays }
func (h *hotMemory) drawPool() *parts.Pool[Draw]               { return &h.draws }
func (h *hotMemory) stowPool() *parts.Pool[Stow]               { return &h.stows }
func (h *hotMemory) sneakPool() *parts.Pool[Sneak]             { return &h.sneaks }
func (h *hotMemory) beginPool() *parts.Pool[Begin]             { return &h.begins }
func (h *hotMemory) turnStartedPool() *parts.Pool[TurnStarted] { return &h.turnStarted }
func (h *hotMemory) turnEndedPool() *parts.Pool[TurnEnded]     { return &h.turnEnded }
func (h *hotMemory) turnSkippedPool() *parts.Pool[TurnSkipped] { return &h.turnSkipped }
func (h *hotMemory) roundStartedPool() *parts.Pool[RoundStarted] {
	return &h.roundStarted
}
func (h *hotMemory) roundEndedPool() *parts.Pool[RoundEnded] { return &h.roundEnded }
func (h *hotMemory) strikeDeclaredPool() *parts.Pool[StrikeDeclared] {
	return &h.strikeDeclared
}
func (h *hotMemory) situationRuledPool() *parts.Pool[SituationRuled] {
	return &h.situationRuled
}
func (h *hotMemory) defenceChosenPool() *parts.Pool[DefenceChosen] {
	return &h.defenceChosen
}
func (h *hotMemory) combatRolledPool() *parts.Pool[CombatRolled] { return &h.combatRolled }
func (h *hotMemory) maneuverChosenPool() *parts.Pool[ManeuverChosen] {
	return &h.maneuverChosen
}
func (h *hotMemory) damagedPool() *parts.Pool[Damaged] { return &h.damaged }
func (h *hotMemory) maneuverResolvedPool() *parts.Pool[ManeuverResolved] {
	return &h.maneuverResolved
}
func (h *hotMemory) moveDeclaredPool() *parts.Pool[MoveDeclared] { return &h.moveDeclared }
func (h *hotMemory) movedPool() *parts.Pool[Moved]               { return &h.moved }
func (h *hotMemory) actionTakenPool() *parts.Pool[ActionTaken]   { return &h.actionTaken }
func (h *hotMemory) passedPool() *parts.Pool[OpportunityPassed]  { return &h.passed }
func (h *hotMemory) provokingPool() *parts.Pool[Provoking]       { return &h.provoking }
func (h *hotMemory) spellCastPool() *parts.Pool[SpellCast]       { return &h.spellCast }
func (h *hotMemory) testPool() *parts.Pool[TestRoll]             { return &h.tests }

// ints returns n ints for an event: from hot memory when there is some,
// else a slice of their own.
func hotInts(h *hotMemory, n int) []int {
	if h == nil {
		return make([]int, n)
	}
	start := len(h.ints)
	h.ints = append(h.ints, make([]int, n)...)
	return h.ints[start:len(h.ints):len(h.ints)]
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
