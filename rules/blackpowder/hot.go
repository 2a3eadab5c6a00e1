package blackpowder

import (
	"fray/engine"
	"fray/rules/parts"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves and Step): the commands
// Moves lists, the events Step emits and the run that emits them. It
// belongs to one state value: Clone leaves it behind,
// ScratchInto keeps the destination's own, and it is no part of the fight
// or its JSON. The Decide of the table never uses it, so the events and
// commands it logs are values of their own.
type hotMemory struct {
	// run is the run of the current Step.
	run run
	// pending and declared are where a state with hot memory keeps its
	// pending attack and its declared action, rather than new memory for
	// each.
	pending  Pending
	declared Declaration
	// ints holds the numbers of the current Step's events (damage dice),
	// order the initiative order of its RoundStarted.
	ints, order []int
	// reactions holds the queues of the current Step's declared actions,
	// reactionList the one being listed.
	reactions, reactionList []Reaction

	// The commands of the last Moves, by type.
	attackCommands    parts.Pool[Attack]
	holdCommands      parts.Pool[Hold]
	aimAtCommands     parts.Pool[AimAt]
	stunCommands      parts.Pool[Stun]
	reviveCommands    parts.Pool[Revive]
	drawCommands      parts.Pool[Draw]
	useItemCommands   parts.Pool[UseItem]
	assistCommands    parts.Pool[Assist]
	criticalCommands  parts.Pool[Critical]
	moveCommands      parts.Pool[Move]
	runCommands       parts.Pool[Run]
	interruptCommands parts.Pool[Interrupt]
	rulingCommands    parts.Pool[Ruling]
	// The values the options of a GM ruling point at: safe or not, and
	// each situational modifier.
	safety    [2]bool
	modifiers [len(situationalModifiers)]int
	// heldOptions lists what a holder of a delayed action could do, the
	// attacks among which its interrupts are.
	heldOptions []engine.Option[Command]

	// The events of the current Step, by type: the frequent ones; the
	// others are allocated.
	attackRolledEvents        parts.Pool[AttackRolled]
	turnStartedEvents         parts.Pool[TurnStarted]
	roundStartedEvents        parts.Pool[RoundStarted]
	damageRolledEvents        parts.Pool[DamageRolled]
	damageDealtEvents         parts.Pool[DamageDealt]
	awaitingDecisionEvents    parts.Pool[AwaitingDecision]
	dodgeRolledEvents         parts.Pool[DodgeRolled]
	dodgeDeclinedEvents       parts.Pool[DodgeDeclined]
	initiativeRolledEvents    parts.Pool[InitiativeRolled]
	movedEvents               parts.Pool[Moved]
	consciousnessRolledEvents parts.Pool[ConsciousnessRolled]
	reactionDoneEvents        parts.Pool[ReactionDone]
	declarationStepEvents     parts.Pool[DeclarationStep]
	passedEvents              parts.Pool[Passed]
	wokeEvents                parts.Pool[Woke]
	endedEvents               parts.Pool[Ended]
	criticalRolledEvents      parts.Pool[CriticalRolled]
	actionDeclaredEvents      parts.Pool[ActionDeclared]
	shotFiredEvents           parts.Pool[ShotFired]
	reloadStepEvents          parts.Pool[ReloadStep]
	weaponDrawnEvents         parts.Pool[WeaponDrawn]
	delayedEvents             parts.Pool[Delayed]
	actionUsedEvents          parts.Pool[ActionUsed]
	lapsedEvents              parts.Pool[Lapsed]
	declarationClosedEvents   parts.Pool[DeclarationClosed]
	diedEvents                parts.Pool[Died]
	jammedEvents              parts.Pool[Jammed]
	// The events of actions a fight of tactical policies seldom takes,
	// which random ones take often.
	earlyDodgeContestEvents parts.Pool[EarlyDodgeContest]
	holdContestEvents       parts.Pool[HoldContest]
	aimResolvingEvents      parts.Pool[AimResolving]
	aimedEvents             parts.Pool[Aimed]
	assistedEvents          parts.Pool[Assisted]
	aimsDueEvents           parts.Pool[AimsDue]
	ruledEvents             parts.Pool[Ruled]
	queuedEvents            parts.Pool[Queued]
}

// hot returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.attackCommands.Reset()
	h.holdCommands.Reset()
	h.aimAtCommands.Reset()
	h.stunCommands.Reset()
	h.reviveCommands.Reset()
	h.drawCommands.Reset()
	h.useItemCommands.Reset()
	h.assistCommands.Reset()
	h.criticalCommands.Reset()
	h.moveCommands.Reset()
	h.runCommands.Reset()
	h.interruptCommands.Reset()
	h.rulingCommands.Reset()
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.ints = h.ints[:0]
	h.reactions = h.reactions[:0]
	h.attackRolledEvents.Reset()
	h.turnStartedEvents.Reset()
	h.roundStartedEvents.Reset()
	h.damageRolledEvents.Reset()
	h.damageDealtEvents.Reset()
	h.awaitingDecisionEvents.Reset()
	h.dodgeRolledEvents.Reset()
	h.dodgeDeclinedEvents.Reset()
	h.initiativeRolledEvents.Reset()
	h.movedEvents.Reset()
	h.consciousnessRolledEvents.Reset()
	h.reactionDoneEvents.Reset()
	h.declarationStepEvents.Reset()
	h.passedEvents.Reset()
	h.wokeEvents.Reset()
	h.endedEvents.Reset()
	h.criticalRolledEvents.Reset()
	h.actionDeclaredEvents.Reset()
	h.shotFiredEvents.Reset()
	h.reloadStepEvents.Reset()
	h.weaponDrawnEvents.Reset()
	h.delayedEvents.Reset()
	h.actionUsedEvents.Reset()
	h.lapsedEvents.Reset()
	h.declarationClosedEvents.Reset()
	h.diedEvents.Reset()
	h.jammedEvents.Reset()
	h.earlyDodgeContestEvents.Reset()
	h.holdContestEvents.Reset()
	h.aimResolvingEvents.Reset()
	h.aimedEvents.Reset()
	h.assistedEvents.Reset()
	h.aimsDueEvents.Reset()
	h.ruledEvents.Reset()
	h.queuedEvents.Reset()
}

// command returns a command value for Moves to list: from the pool the
// prompter's hot memory picks when it has some, else a new one. The
// caller sets it whole.
func command[T any, PT interface {
	*T
	Command
}](b *prompter, pick func(*hotMemory) *parts.Pool[T]) PT {
	if b.hot == nil {
		return PT(new(T))
	}
	return PT(pick(b.hot).Get())
}

func (h *hotMemory) attacks() *parts.Pool[Attack] { return &h.attackCommands }

func (h *hotMemory) holds() *parts.Pool[Hold] { return &h.holdCommands }

func (h *hotMemory) aimAts() *parts.Pool[AimAt] { return &h.aimAtCommands }

func (h *hotMemory) stuns() *parts.Pool[Stun] { return &h.stunCommands }

func (h *hotMemory) revives() *parts.Pool[Revive] { return &h.reviveCommands }

func (h *hotMemory) draws() *parts.Pool[Draw] { return &h.drawCommands }

func (h *hotMemory) useItems() *parts.Pool[UseItem] { return &h.useItemCommands }

func (h *hotMemory) assists() *parts.Pool[Assist] { return &h.assistCommands }

func (h *hotMemory) criticals() *parts.Pool[Critical] { return &h.criticalCommands }

func (h *hotMemory) moves() *parts.Pool[Move] { return &h.moveCommands }

func (h *hotMemory) runs() *parts.Pool[Run] { return &h.runCommands }

func (h *hotMemory) interrupts() *parts.Pool[Interrupt] { return &h.interruptCommands }

func (h *hotMemory) rulings() *parts.Pool[Ruling] { return &h.rulingCommands }

func (h *hotMemory) attackRolled() *parts.Pool[AttackRolled] { return &h.attackRolledEvents }

func (h *hotMemory) turnStarted() *parts.Pool[TurnStarted] { return &h.turnStartedEvents }

func (h *hotMemory) roundStarted() *parts.Pool[RoundStarted] { return &h.roundStartedEvents }

func (h *hotMemory) damageRolled() *parts.Pool[DamageRolled] { return &h.damageRolledEvents }

func (h *hotMemory) damageDealt() *parts.Pool[DamageDealt] { return &h.damageDealtEvents }

func (h *hotMemory) awaitingDecision() *parts.Pool[AwaitingDecision] {
	return &h.awaitingDecisionEvents
}

func (h *hotMemory) dodgeRolled() *parts.Pool[DodgeRolled] { return &h.dodgeRolledEvents }

func (h *hotMemory) dodgeDeclined() *parts.Pool[DodgeDeclined] { return &h.dodgeDeclinedEvents }

func (h *hotMemory) initiativeRolled() *parts.Pool[InitiativeRolled] {
	return &h.initiativeRolledEvents
}

func (h *hotMemory) moved() *parts.Pool[Moved] { return &h.movedEvents }

func (h *hotMemory) consciousnessRolled() *parts.Pool[ConsciousnessRolled] {
	return &h.consciousnessRolledEvents
}

func (h *hotMemory) reactionDone() *parts.Pool[ReactionDone] { return &h.reactionDoneEvents }

func (h *hotMemory) declarationStep() *parts.Pool[DeclarationStep] { return &h.declarationStepEvents }

func (h *hotMemory) passed() *parts.Pool[Passed] { return &h.passedEvents }

func (h *hotMemory) woke() *parts.Pool[Woke] { return &h.wokeEvents }

func (h *hotMemory) ended() *parts.Pool[Ended] { return &h.endedEvents }

func (h *hotMemory) criticalRolled() *parts.Pool[CriticalRolled] { return &h.criticalRolledEvents }

func (h *hotMemory) actionDeclared() *parts.Pool[ActionDeclared] { return &h.actionDeclaredEvents }

func (h *hotMemory) shotFired() *parts.Pool[ShotFired] { return &h.shotFiredEvents }

func (h *hotMemory) reloadStep() *parts.Pool[ReloadStep] { return &h.reloadStepEvents }

func (h *hotMemory) weaponDrawn() *parts.Pool[WeaponDrawn] { return &h.weaponDrawnEvents }

func (h *hotMemory) delayed() *parts.Pool[Delayed] { return &h.delayedEvents }

func (h *hotMemory) actionUsed() *parts.Pool[ActionUsed] { return &h.actionUsedEvents }

func (h *hotMemory) lapsed() *parts.Pool[Lapsed] { return &h.lapsedEvents }

func (h *hotMemory) declarationClosed() *parts.Pool[DeclarationClosed] {
	return &h.declarationClosedEvents
}

func (h *hotMemory) died() *parts.Pool[Died]     { return &h.diedEvents }
func (h *hotMemory) jammed() *parts.Pool[Jammed] { return &h.jammedEvents }

func (h *hotMemory) earlyDodgeContest() *parts.Pool[EarlyDodgeContest] {
	return &h.earlyDodgeContestEvents
}

func (h *hotMemory) holdContest() *parts.Pool[HoldContest] { return &h.holdContestEvents }

func (h *hotMemory) aimResolving() *parts.Pool[AimResolving] { return &h.aimResolvingEvents }

func (h *hotMemory) aimed() *parts.Pool[Aimed] { return &h.aimedEvents }

func (h *hotMemory) assisted() *parts.Pool[Assisted] { return &h.assistedEvents }

func (h *hotMemory) aimsDue() *parts.Pool[AimsDue] { return &h.aimsDueEvents }

func (h *hotMemory) ruled() *parts.Pool[Ruled] { return &h.ruledEvents }

func (h *hotMemory) queued() *parts.Pool[Queued] { return &h.queuedEvents }
