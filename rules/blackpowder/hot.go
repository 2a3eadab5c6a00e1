package blackpowder

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves and Step): the commands
// Moves lists, the events Step emits, the working copies a decision tries
// things on. It belongs to one state value: Clone leaves it behind,
// ScratchInto keeps the destination's own, and it is no part of the fight
// or its JSON. The Decide of the table never uses it, so the events and
// commands it logs are values of their own.
type hotMemory struct {
	// run is the run of the current Step, probeRun its dry run.
	run, probeRun run
	// snapshot is the state a run in place keeps to take back a failed
	// step (run.as); probe the copy a declaration is tried on.
	snapshot, probe State
	// pending and declared are where a state with hot memory keeps its
	// pending attack and its declared action, rather than new memory for
	// each.
	pending  Pending
	declared Declaration
	// ints holds the numbers of the current Step's events (damage dice).
	ints []int

	// The commands of the last Moves, by type.
	attackCommands   pool[Attack]
	holdCommands     pool[Hold]
	aimAtCommands    pool[AimAt]
	stunCommands     pool[Stun]
	reviveCommands   pool[Revive]
	drawCommands     pool[Draw]
	useItemCommands  pool[UseItem]
	assistCommands   pool[Assist]
	criticalCommands pool[Critical]

	// The events of the current Step, by type: the frequent ones; the
	// others are allocated.
	attackRolledEvents        pool[AttackRolled]
	turnStartedEvents         pool[TurnStarted]
	roundStartedEvents        pool[RoundStarted]
	damageRolledEvents        pool[DamageRolled]
	damageDealtEvents         pool[DamageDealt]
	awaitingDecisionEvents    pool[AwaitingDecision]
	dodgeRolledEvents         pool[DodgeRolled]
	dodgeDeclinedEvents       pool[DodgeDeclined]
	initiativeRolledEvents    pool[InitiativeRolled]
	movedEvents               pool[Moved]
	consciousnessRolledEvents pool[ConsciousnessRolled]
	reactionDoneEvents        pool[ReactionDone]
	declarationStepEvents     pool[DeclarationStep]
	passedEvents              pool[Passed]
	wokeEvents                pool[Woke]
	endedEvents               pool[Ended]
	criticalRolledEvents      pool[CriticalRolled]
	actionDeclaredEvents      pool[ActionDeclared]
	shotFiredEvents           pool[ShotFired]
	reloadStepEvents          pool[ReloadStep]
	weaponDrawnEvents         pool[WeaponDrawn]
	delayedEvents             pool[Delayed]
	actionUsedEvents          pool[ActionUsed]
	lapsedEvents              pool[Lapsed]
	declarationClosedEvents   pool[DeclarationClosed]
	diedEvents                pool[Died]
}

// pool hands out values of one type from memory reused after reset: the
// values stay where they are, so pointers to them hold until the next
// reset.
type pool[T any] struct {
	chunks [][]T
	used   int
}

// poolChunk is how many values a pool allocates at a time.
const poolChunk = 8

// get returns a value of the pool, holding whatever it held before: the
// caller sets it whole.
func (p *pool[T]) get() *T {
	c, i := p.used/poolChunk, p.used%poolChunk
	if c == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, poolChunk))
	}
	p.used++
	return &p.chunks[c][i]
}

// reset makes every value of the pool free again.
func (p *pool[T]) reset() { p.used = 0 }

// hot returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.attackCommands.reset()
	h.holdCommands.reset()
	h.aimAtCommands.reset()
	h.stunCommands.reset()
	h.reviveCommands.reset()
	h.drawCommands.reset()
	h.useItemCommands.reset()
	h.assistCommands.reset()
	h.criticalCommands.reset()
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.ints = h.ints[:0]
	h.attackRolledEvents.reset()
	h.turnStartedEvents.reset()
	h.roundStartedEvents.reset()
	h.damageRolledEvents.reset()
	h.damageDealtEvents.reset()
	h.awaitingDecisionEvents.reset()
	h.dodgeRolledEvents.reset()
	h.dodgeDeclinedEvents.reset()
	h.initiativeRolledEvents.reset()
	h.movedEvents.reset()
	h.consciousnessRolledEvents.reset()
	h.reactionDoneEvents.reset()
	h.declarationStepEvents.reset()
	h.passedEvents.reset()
	h.wokeEvents.reset()
	h.endedEvents.reset()
	h.criticalRolledEvents.reset()
	h.actionDeclaredEvents.reset()
	h.shotFiredEvents.reset()
	h.reloadStepEvents.reset()
	h.weaponDrawnEvents.reset()
	h.delayedEvents.reset()
	h.actionUsedEvents.reset()
	h.lapsedEvents.reset()
	h.declarationClosedEvents.reset()
	h.diedEvents.reset()
}

// command returns a command value for Moves to list: from the pool the
// prompter's hot memory picks when it has some, else a new one. The
// caller sets it whole.
func command[T any, PT interface {
	*T
	Command
}](b *prompter, pick func(*hotMemory) *pool[T]) PT {
	if b.hot == nil {
		return PT(new(T))
	}
	return PT(pick(b.hot).get())
}

// event returns v as an event to emit: a value from the pool the run's hot
// memory picks when it has some (Step), else one of its own (Decide).
func event[T any](r *run, pick func(*hotMemory) *pool[T], v T) *T {
	if r.hot == nil {
		e := new(T)
		*e = v
		return e
	}
	e := pick(r.hot).get()
	*e = v
	return e
}

func (h *hotMemory) attacks() *pool[Attack] { return &h.attackCommands }

func (h *hotMemory) holds() *pool[Hold] { return &h.holdCommands }

func (h *hotMemory) aimAts() *pool[AimAt] { return &h.aimAtCommands }

func (h *hotMemory) stuns() *pool[Stun] { return &h.stunCommands }

func (h *hotMemory) revives() *pool[Revive] { return &h.reviveCommands }

func (h *hotMemory) draws() *pool[Draw] { return &h.drawCommands }

func (h *hotMemory) useItems() *pool[UseItem] { return &h.useItemCommands }

func (h *hotMemory) assists() *pool[Assist] { return &h.assistCommands }

func (h *hotMemory) criticals() *pool[Critical] { return &h.criticalCommands }

func (h *hotMemory) attackRolled() *pool[AttackRolled] { return &h.attackRolledEvents }

func (h *hotMemory) turnStarted() *pool[TurnStarted] { return &h.turnStartedEvents }

func (h *hotMemory) roundStarted() *pool[RoundStarted] { return &h.roundStartedEvents }

func (h *hotMemory) damageRolled() *pool[DamageRolled] { return &h.damageRolledEvents }

func (h *hotMemory) damageDealt() *pool[DamageDealt] { return &h.damageDealtEvents }

func (h *hotMemory) awaitingDecision() *pool[AwaitingDecision] { return &h.awaitingDecisionEvents }

func (h *hotMemory) dodgeRolled() *pool[DodgeRolled] { return &h.dodgeRolledEvents }

func (h *hotMemory) dodgeDeclined() *pool[DodgeDeclined] { return &h.dodgeDeclinedEvents }

func (h *hotMemory) initiativeRolled() *pool[InitiativeRolled] { return &h.initiativeRolledEvents }

func (h *hotMemory) moved() *pool[Moved] { return &h.movedEvents }

func (h *hotMemory) consciousnessRolled() *pool[ConsciousnessRolled] {
	return &h.consciousnessRolledEvents
}

func (h *hotMemory) reactionDone() *pool[ReactionDone] { return &h.reactionDoneEvents }

func (h *hotMemory) declarationStep() *pool[DeclarationStep] { return &h.declarationStepEvents }

func (h *hotMemory) passed() *pool[Passed] { return &h.passedEvents }

func (h *hotMemory) woke() *pool[Woke] { return &h.wokeEvents }

func (h *hotMemory) ended() *pool[Ended] { return &h.endedEvents }

func (h *hotMemory) criticalRolled() *pool[CriticalRolled] { return &h.criticalRolledEvents }

func (h *hotMemory) actionDeclared() *pool[ActionDeclared] { return &h.actionDeclaredEvents }

func (h *hotMemory) shotFired() *pool[ShotFired] { return &h.shotFiredEvents }

func (h *hotMemory) reloadStep() *pool[ReloadStep] { return &h.reloadStepEvents }

func (h *hotMemory) weaponDrawn() *pool[WeaponDrawn] { return &h.weaponDrawnEvents }

func (h *hotMemory) delayed() *pool[Delayed] { return &h.delayedEvents }

func (h *hotMemory) actionUsed() *pool[ActionUsed] { return &h.actionUsedEvents }

func (h *hotMemory) lapsed() *pool[Lapsed] { return &h.lapsedEvents }

func (h *hotMemory) declarationClosed() *pool[DeclarationClosed] { return &h.declarationClosedEvents }

func (h *hotMemory) died() *pool[Died] { return &h.diedEvents }
