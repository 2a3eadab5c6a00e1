package vigor

import "fray/rules/parts"

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Step, Moves, ScratchInto): the
// events Step emits with their dice, the commands Moves lists, and the
// pending strike, off-hand attack and window. It belongs to one state
// value: Clone leaves it behind and ScratchInto keeps the destination's
// own. Decide and Evolve on a table's state never make one, so what a
// table logs are values of their own.
type hotMemory struct {
	actedPool_            parts.Pool[Acted]
	attackRolledPool_     parts.Pool[AttackRolled]
	attackDeclaredPool_   parts.Pool[AttackDeclared]
	manaSpentPool_        parts.Pool[ManaSpent]
	joinedPool_           parts.Pool[Joined]
	uses                  parts.Pool[UseAbility]
	damagedPool_          parts.Pool[Damaged]
	defendedPool_         parts.Pool[Defended]
	defenseRolledPool_    parts.Pool[DefenseRolled]
	escapedPool_          parts.Pool[Escaped]
	fightEndedPool_       parts.Pool[FightEnded]
	followUpPool_         parts.Pool[FollowUp]
	initiativeRolledPool_ parts.Pool[InitiativeRolled]
	killRuledPool_        parts.Pool[KillRuled]
	knockdownRuledPool_   parts.Pool[KnockdownRuled]
	movedPool_            parts.Pool[Moved]
	passedPool_           parts.Pool[Passed]
	readiedActionPool_    parts.Pool[ReadiedAction]
	recoveredPool_        parts.Pool[Recovered]
	roundStartedPool_     parts.Pool[RoundStarted]
	skillRolledPool_      parts.Pool[SkillRolled]
	stoodUpPool_          parts.Pool[StoodUp]
	turnStartedPool_      parts.Pool[TurnStarted]
	vigorSpentPool_       parts.Pool[VigorSpent]
	windowOpenedPool_     parts.Pool[WindowOpened]
	counteredPool_        parts.Pool[Countered]

	// Commands of the last Moves.
	attacks     parts.Pool[Attack]
	moves       parts.Pool[Move]
	escapes     parts.Pool[Escape]
	readies     parts.Pool[Ready]
	aids        parts.Pool[Aid]
	stabilizes  parts.Pool[Stabilize]
	defenses    parts.Pool[Defense]
	rules       parts.Pool[Rule]
	rollAttacks parts.Pool[RollAttack]

	// ints holds the dice of the last Step's events, strs their names,
	// recoveries a Recovery Phase's changes.
	ints       []int
	strs       []string
	recoveries []Recovery

	// The pending strike, off-hand attack and window of the state, and
	// the armour of its combatants (which wears).
	strike   Strike
	declared Declared
	offHand  FollowUp
	window   Window
	armor    []Armor
	items    []Item
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

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.actedPool_.Reset()
	h.attackRolledPool_.Reset()
	h.attackDeclaredPool_.Reset()
	h.manaSpentPool_.Reset()
	h.joinedPool_.Reset()
	h.damagedPool_.Reset()
	h.defendedPool_.Reset()
	h.defenseRolledPool_.Reset()
	h.escapedPool_.Reset()
	h.fightEndedPool_.Reset()
	h.followUpPool_.Reset()
	h.initiativeRolledPool_.Reset()
	h.killRuledPool_.Reset()
	h.knockdownRuledPool_.Reset()
	h.movedPool_.Reset()
	h.passedPool_.Reset()
	h.readiedActionPool_.Reset()
	h.recoveredPool_.Reset()
	h.roundStartedPool_.Reset()
	h.skillRolledPool_.Reset()
	h.stoodUpPool_.Reset()
	h.turnStartedPool_.Reset()
	h.vigorSpentPool_.Reset()
	h.windowOpenedPool_.Reset()
	h.counteredPool_.Reset()
	h.ints, h.strs, h.recoveries = h.ints[:0], h.strs[:0], h.recoveries[:0]
}

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.attacks.Reset()
	h.moves.Reset()
	h.escapes.Reset()
	h.readies.Reset()
	h.aids.Reset()
	h.stabilizes.Reset()
	h.defenses.Reset()
	h.rules.Reset()
	h.rollAttacks.Reset()
	h.uses.Reset()
}

// put returns v placed in the decision's hot memory when it has one
// (Step), else in memory of its own (Decide).
func put[T any](d *decider, pick func(*hotMemory) *parts.Pool[T], v T) *T {
	return parts.PutIn(d.h, pick, v)
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

func (h *hotMemory) actedPool() *parts.Pool[Acted]                 { return &h.actedPool_ }
func (h *hotMemory) attackRolledPool() *parts.Pool[AttackRolled]   { return &h.attackRolledPool_ }
func (h *hotMemory) damagedPool() *parts.Pool[Damaged]             { return &h.damagedPool_ }
func (h *hotMemory) defendedPool() *parts.Pool[Defended]           { return &h.defendedPool_ }
func (h *hotMemory) defenseRolledPool() *parts.Pool[DefenseRolled] { return &h.defenseRolledPool_ }
func (h *hotMemory) escapedPool() *parts.Pool[Escaped]             { return &h.escapedPool_ }
func (h *hotMemory) fightEndedPool() *parts.Pool[FightEnded]       { return &h.fightEndedPool_ }
func (h *hotMemory) followUpPool() *parts.Pool[FollowUp]           { return &h.followUpPool_ }
func (h *hotMemory) initiativeRolledPool() *parts.Pool[InitiativeRolled] {
	return &h.initiativeRolledPool_
}
func (h *hotMemory) killRuledPool() *parts.Pool[KillRuled]           { return &h.killRuledPool_ }
func (h *hotMemory) knockdownRuledPool() *parts.Pool[KnockdownRuled] { return &h.knockdownRuledPool_ }
func (h *hotMemory) movedPool() *parts.Pool[Moved]                   { return &h.movedPool_ }
func (h *hotMemory) passedPool() *parts.Pool[Passed]                 { return &h.passedPool_ }
func (h *hotMemory) readiedActionPool() *parts.Pool[ReadiedAction]   { return &h.readiedActionPool_ }
func (h *hotMemory) recoveredPool() *parts.Pool[Recovered]           { return &h.recoveredPool_ }
func (h *hotMemory) roundStartedPool() *parts.Pool[RoundStarted]     { return &h.roundStartedPool_ }
func (h *hotMemory) skillRolledPool() *parts.Pool[SkillRolled]       { return &h.skillRolledPool_ }
func (h *hotMemory) stoodUpPool() *parts.Pool[StoodUp]               { return &h.stoodUpPool_ }
func (h *hotMemory) turnStartedPool() *parts.Pool[TurnStarted]       { return &h.turnStartedPool_ }
func (h *hotMemory) vigorSpentPool() *parts.Pool[VigorSpent]         { return &h.vigorSpentPool_ }
func (h *hotMemory) windowOpenedPool() *parts.Pool[WindowOpened]     { return &h.windowOpenedPool_ }

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

func (h *hotMemory) attackDeclaredPool() *parts.Pool[AttackDeclared] { return &h.attackDeclaredPool_ }
func (h *hotMemory) rollCmds() *parts.Pool[RollAttack]               { return &h.rollAttacks }
func (h *hotMemory) manaSpentPool() *parts.Pool[ManaSpent]           { return &h.manaSpentPool_ }
func (h *hotMemory) useCmds() *parts.Pool[UseAbility]                { return &h.uses }
func (h *hotMemory) joinedPool() *parts.Pool[Joined]                 { return &h.joinedPool_ }
func (h *hotMemory) counteredPool() *parts.Pool[Countered]           { return &h.counteredPool_ }
