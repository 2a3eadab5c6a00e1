package woundslots

import "fray/rules/parts"

// hotMemory is the memory a state reuses decision after decision on the
// hot path (Moves and ScratchInto). It is no part of the fight: Clone
// leaves it behind and JSON never sees it.
type hotMemory struct {
	attacks    parts.Pool[Attack]
	approaches parts.Pool[Approach]
	postures   parts.Pool[Posture]
	uses       parts.Pool[Use]
	guards     parts.Pool[Guard]
	picks      parts.Pool[Pick]
	surprises  parts.Pool[Surprise]
	stabilizes parts.Pool[Stabilize]
	treats     parts.Pool[Treat]
	rests      parts.Pool[Rest]
	mounts     parts.Pool[Mount]
	hinders    parts.Pool[Hinder]
	splits     parts.Pool[Split]
	ignores    parts.Pool[Ignore]
	casts      parts.Pool[Cast]
	fires      parts.Pool[Fire]
	interposes parts.Pool[Interpose]
	openings   parts.Pool[Opening]
	drags      parts.Pool[Drag]
	enters     parts.Pool[Enter]
	treatConds parts.Pool[TreatCondition]
	pins       parts.Pool[Pin]
	dismounts  parts.Pool[Dismount]

	pushes     parts.Pool[Push]
	drops      parts.Pool[Drop]
	meets      parts.Pool[Meet]
	retrieves  parts.Pool[Retrieve]
	stows      parts.Pool[Stow]
	endEffects parts.Pool[EndEffect]
	readies    parts.Pool[Ready]
	recovers   parts.Pool[Recover]

	pending Declared
	queue   []string
	// flanked is the queue of the newly flanked (R12), apart from queue:
	// both may be built in one decision.
	flanked []string
	// An action out of turn: the state's Off, the rest of its window's
	// queue and the declared action it left waiting.
	off     OffTurn
	offRest []string
	held    Declared
	// lentRest is where an action out of turn lent for a check (see lend)
	// keeps the rest of its queue, apart from offRest.
	lentRest []string

	// The events of the last Step.
	pWindowOpened      parts.Pool[WindowOpened]
	pOffTurnEnded      parts.Pool[OffTurnEnded]
	pActionGoesAhead   parts.Pool[ActionGoesAhead]
	pHinderWon         parts.Pool[HinderWon]
	pLongDone          parts.Pool[LongDone]
	pItemMoved         parts.Pool[ItemMoved]
	pEffectBegun       parts.Pool[EffectBegun]
	pEffectEnded       parts.Pool[EffectEnded]
	pJoined            parts.Pool[Joined]
	pRecoveryChosen    parts.Pool[RecoveryChosen]
	pStealthRolled     parts.Pool[StealthRolled]
	pOrdered           parts.Pool[Ordered]
	pCoverRuled        parts.Pool[CoverRuled]
	pConditionTreated  parts.Pool[ConditionTreated]
	pSpaceEntered      parts.Pool[SpaceEntered]
	pOpeningMade       parts.Pool[OpeningMade]
	pInterposed        parts.Pool[Interposed]
	pActionCancelled   parts.Pool[ActionCancelled]
	pReadyFired        parts.Pool[ReadyFired]
	pReadyTaken        parts.Pool[ReadyTaken]
	pSpellCast         parts.Pool[SpellCast]
	pFootingChecked    parts.Pool[FootingChecked]
	pJumped            parts.Pool[Jumped]
	pIgnoreChanged     parts.Pool[IgnoreChanged]
	pCarried           parts.Pool[Carried]
	pMoveStopped       parts.Pool[MoveStopped]
	pMoveGoesOn        parts.Pool[MoveGoesOn]
	pSplitChosen       parts.Pool[SplitChosen]
	pClung             parts.Pool[Clung]
	pRebuffed          parts.Pool[Rebuffed]
	pMoveDeclared      parts.Pool[MoveDeclared]
	pGrappleEnded      parts.Pool[GrappleEnded]
	pEscaped           parts.Pool[Escaped]
	pPinned            parts.Pool[Pinned]
	pGrappled          parts.Pool[Grappled]
	pHindered          parts.Pool[Hindered]
	pCheckRolled       parts.Pool[CheckRolled]
	pControlChecked    parts.Pool[ControlChecked]
	pHurried           parts.Pool[Hurried]
	pDismounted        parts.Pool[Dismounted]
	pMounted           parts.Pool[Mounted]
	pRecoveryRolled    parts.Pool[RecoveryRolled]
	pRested            parts.Pool[Rested]
	pWoundTreated      parts.Pool[WoundTreated]
	pWakeChecked       parts.Pool[WakeChecked]
	pStabilized        parts.Pool[Stabilized]
	pSurpriseRuled     parts.Pool[SurpriseRuled]
	pInitiativeRolled  parts.Pool[InitiativeRolled]
	pRoundStarted      parts.Pool[RoundStarted]
	pAPGained          parts.Pool[APGained]
	pTieBroken         parts.Pool[TieBroken]
	pTurnStarted       parts.Pool[TurnStarted]
	pActionDeclared    parts.Pool[ActionDeclared]
	pPassed            parts.Pool[Passed]
	pInterrupted       parts.Pool[Interrupted]
	pHarried           parts.Pool[Harried]
	pGuarded           parts.Pool[Guarded]
	pAPSpent           parts.Pool[APSpent]
	pAttackRolled      parts.Pool[AttackRolled]
	pInitiativeShifted parts.Pool[InitiativeShifted]
	pExtraRolled       parts.Pool[ExtraRolled]
	pNonlethalHit      parts.Pool[NonlethalHit]
	pWounded           parts.Pool[Wounded]
	pDefended          parts.Pool[Defended]
	pSeized            parts.Pool[Seized]
	pPostureChanged    parts.Pool[PostureChanged]
	pDashed            parts.Pool[Dashed]
	pMoved             parts.Pool[Moved]
	pObjectUsed        parts.Pool[ObjectUsed]
	pLongBegun         parts.Pool[LongBegun]
	pLongPaid          parts.Pool[LongPaid]
	pLongCancelled     parts.Pool[LongCancelled]
	pTurnEnded         parts.Pool[TurnEnded]
	pRoundEnded        parts.Pool[RoundEnded]
	pDied              parts.Pool[Died]
	pFightEnded        parts.Pool[FightEnded]
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
	h.pWindowOpened.Reset()
	h.pOffTurnEnded.Reset()
	h.pActionGoesAhead.Reset()
	h.pHinderWon.Reset()
	h.pLongDone.Reset()
	h.pItemMoved.Reset()
	h.pEffectBegun.Reset()
	h.pEffectEnded.Reset()
	h.pJoined.Reset()
	h.pRecoveryChosen.Reset()
	h.pStealthRolled.Reset()
	h.pOrdered.Reset()
	h.pCoverRuled.Reset()
	h.pConditionTreated.Reset()
	h.pSpaceEntered.Reset()
	h.pOpeningMade.Reset()
	h.pInterposed.Reset()
	h.pActionCancelled.Reset()
	h.pReadyFired.Reset()
	h.pReadyTaken.Reset()
	h.pSpellCast.Reset()
	h.pFootingChecked.Reset()
	h.pJumped.Reset()
	h.pIgnoreChanged.Reset()
	h.pCarried.Reset()
	h.pMoveStopped.Reset()
	h.pMoveGoesOn.Reset()
	h.pSplitChosen.Reset()
	h.pClung.Reset()
	h.pRebuffed.Reset()
	h.pMoveDeclared.Reset()
	h.pGrappleEnded.Reset()
	h.pEscaped.Reset()
	h.pPinned.Reset()
	h.pGrappled.Reset()
	h.pHindered.Reset()
	h.pCheckRolled.Reset()
	h.pControlChecked.Reset()
	h.pHurried.Reset()
	h.pDismounted.Reset()
	h.pMounted.Reset()
	h.pRecoveryRolled.Reset()
	h.pRested.Reset()
	h.pWoundTreated.Reset()
	h.pWakeChecked.Reset()
	h.pStabilized.Reset()
	h.pSurpriseRuled.Reset()
	h.pInitiativeRolled.Reset()
	h.pRoundStarted.Reset()
	h.pAPGained.Reset()
	h.pTieBroken.Reset()
	h.pTurnStarted.Reset()
	h.pActionDeclared.Reset()
	h.pPassed.Reset()
	h.pInterrupted.Reset()
	h.pHarried.Reset()
	h.pGuarded.Reset()
	h.pAPSpent.Reset()
	h.pAttackRolled.Reset()
	h.pInitiativeShifted.Reset()
	h.pExtraRolled.Reset()
	h.pNonlethalHit.Reset()
	h.pWounded.Reset()
	h.pDefended.Reset()
	h.pSeized.Reset()
	h.pPostureChanged.Reset()
	h.pDashed.Reset()
	h.pMoved.Reset()
	h.pObjectUsed.Reset()
	h.pLongBegun.Reset()
	h.pLongPaid.Reset()
	h.pLongCancelled.Reset()
	h.pTurnEnded.Reset()
	h.pRoundEnded.Reset()
	h.pDied.Reset()
	h.pFightEnded.Reset()
}

func (h *hotMemory) evSurpriseRuled() *parts.Pool[SurpriseRuled]       { return &h.pSurpriseRuled }
func (h *hotMemory) evInitiativeRolled() *parts.Pool[InitiativeRolled] { return &h.pInitiativeRolled }
func (h *hotMemory) evRoundStarted() *parts.Pool[RoundStarted]         { return &h.pRoundStarted }
func (h *hotMemory) evAPGained() *parts.Pool[APGained]                 { return &h.pAPGained }
func (h *hotMemory) evTieBroken() *parts.Pool[TieBroken]               { return &h.pTieBroken }
func (h *hotMemory) evTurnStarted() *parts.Pool[TurnStarted]           { return &h.pTurnStarted }
func (h *hotMemory) evActionDeclared() *parts.Pool[ActionDeclared]     { return &h.pActionDeclared }
func (h *hotMemory) evPassed() *parts.Pool[Passed]                     { return &h.pPassed }
func (h *hotMemory) evInterrupted() *parts.Pool[Interrupted]           { return &h.pInterrupted }
func (h *hotMemory) evHarried() *parts.Pool[Harried]                   { return &h.pHarried }
func (h *hotMemory) evGuarded() *parts.Pool[Guarded]                   { return &h.pGuarded }
func (h *hotMemory) evAPSpent() *parts.Pool[APSpent]                   { return &h.pAPSpent }
func (h *hotMemory) evAttackRolled() *parts.Pool[AttackRolled]         { return &h.pAttackRolled }
func (h *hotMemory) evInitiativeShifted() *parts.Pool[InitiativeShifted] {
	return &h.pInitiativeShifted
}
func (h *hotMemory) evExtraRolled() *parts.Pool[ExtraRolled]       { return &h.pExtraRolled }
func (h *hotMemory) evNonlethalHit() *parts.Pool[NonlethalHit]     { return &h.pNonlethalHit }
func (h *hotMemory) evWounded() *parts.Pool[Wounded]               { return &h.pWounded }
func (h *hotMemory) evDefended() *parts.Pool[Defended]             { return &h.pDefended }
func (h *hotMemory) evSeized() *parts.Pool[Seized]                 { return &h.pSeized }
func (h *hotMemory) evPostureChanged() *parts.Pool[PostureChanged] { return &h.pPostureChanged }
func (h *hotMemory) evDashed() *parts.Pool[Dashed]                 { return &h.pDashed }
func (h *hotMemory) evMoved() *parts.Pool[Moved]                   { return &h.pMoved }
func (h *hotMemory) evObjectUsed() *parts.Pool[ObjectUsed]         { return &h.pObjectUsed }
func (h *hotMemory) evLongBegun() *parts.Pool[LongBegun]           { return &h.pLongBegun }
func (h *hotMemory) evLongPaid() *parts.Pool[LongPaid]             { return &h.pLongPaid }
func (h *hotMemory) evLongCancelled() *parts.Pool[LongCancelled]   { return &h.pLongCancelled }
func (h *hotMemory) evTurnEnded() *parts.Pool[TurnEnded]           { return &h.pTurnEnded }
func (h *hotMemory) evRoundEnded() *parts.Pool[RoundEnded]         { return &h.pRoundEnded }
func (h *hotMemory) evDied() *parts.Pool[Died]                     { return &h.pDied }
func (h *hotMemory) evFightEnded() *parts.Pool[FightEnded]         { return &h.pFightEnded }

func (h *hotMemory) evStabilized() *parts.Pool[Stabilized] { return &h.pStabilized }

func (h *hotMemory) evWakeChecked() *parts.Pool[WakeChecked] { return &h.pWakeChecked }

func (h *hotMemory) evWoundTreated() *parts.Pool[WoundTreated] { return &h.pWoundTreated }

func (h *hotMemory) evRested() *parts.Pool[Rested] { return &h.pRested }

func (h *hotMemory) evRecoveryRolled() *parts.Pool[RecoveryRolled] { return &h.pRecoveryRolled }

func (h *hotMemory) evMounted() *parts.Pool[Mounted] { return &h.pMounted }

func (h *hotMemory) evDismounted() *parts.Pool[Dismounted] { return &h.pDismounted }

func (h *hotMemory) evHurried() *parts.Pool[Hurried] { return &h.pHurried }

func (h *hotMemory) evControlChecked() *parts.Pool[ControlChecked] { return &h.pControlChecked }

func (h *hotMemory) evCheckRolled() *parts.Pool[CheckRolled] { return &h.pCheckRolled }

func (h *hotMemory) evHindered() *parts.Pool[Hindered] { return &h.pHindered }

func (h *hotMemory) evGrappled() *parts.Pool[Grappled] { return &h.pGrappled }

func (h *hotMemory) evPinned() *parts.Pool[Pinned] { return &h.pPinned }

func (h *hotMemory) evEscaped() *parts.Pool[Escaped] { return &h.pEscaped }

func (h *hotMemory) evGrappleEnded() *parts.Pool[GrappleEnded] { return &h.pGrappleEnded }

func (h *hotMemory) evMoveDeclared() *parts.Pool[MoveDeclared] { return &h.pMoveDeclared }

func (h *hotMemory) evRebuffed() *parts.Pool[Rebuffed] { return &h.pRebuffed }

func (h *hotMemory) evClung() *parts.Pool[Clung] { return &h.pClung }

func (h *hotMemory) evSplitChosen() *parts.Pool[SplitChosen] { return &h.pSplitChosen }

func (h *hotMemory) evMoveGoesOn() *parts.Pool[MoveGoesOn] { return &h.pMoveGoesOn }

func (h *hotMemory) evMoveStopped() *parts.Pool[MoveStopped] { return &h.pMoveStopped }

func (h *hotMemory) evCarried() *parts.Pool[Carried] { return &h.pCarried }

func (h *hotMemory) evIgnoreChanged() *parts.Pool[IgnoreChanged] { return &h.pIgnoreChanged }

func (h *hotMemory) evJumped() *parts.Pool[Jumped] { return &h.pJumped }

func (h *hotMemory) evFootingChecked() *parts.Pool[FootingChecked] { return &h.pFootingChecked }

func (h *hotMemory) evSpellCast() *parts.Pool[SpellCast] { return &h.pSpellCast }

func (h *hotMemory) evReadyTaken() *parts.Pool[ReadyTaken] { return &h.pReadyTaken }

func (h *hotMemory) evReadyFired() *parts.Pool[ReadyFired] { return &h.pReadyFired }

func (h *hotMemory) evActionCancelled() *parts.Pool[ActionCancelled] { return &h.pActionCancelled }

func (h *hotMemory) evInterposed() *parts.Pool[Interposed] { return &h.pInterposed }

func (h *hotMemory) evOpeningMade() *parts.Pool[OpeningMade] { return &h.pOpeningMade }

func (h *hotMemory) evSpaceEntered() *parts.Pool[SpaceEntered] { return &h.pSpaceEntered }

func (h *hotMemory) evConditionTreated() *parts.Pool[ConditionTreated] { return &h.pConditionTreated }

// ev places an event in the hot memory h, or in memory of its own when h
// is nil (Decide, whose events a table keeps).
func ev[T any](h *hotMemory, pick func(*hotMemory) *parts.Pool[T], v T) *T {
	return parts.PutIn(h, pick, v)
}

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.pushes.Reset()
	h.drops.Reset()
	h.meets.Reset()
	h.retrieves.Reset()
	h.stows.Reset()
	h.endEffects.Reset()
	h.readies.Reset()
	h.recovers.Reset()
	h.attacks.Reset()
	h.approaches.Reset()
	h.postures.Reset()
	h.uses.Reset()
	h.guards.Reset()
	h.picks.Reset()
	h.surprises.Reset()
	h.stabilizes.Reset()
	h.treats.Reset()
	h.rests.Reset()
	h.mounts.Reset()
	h.hinders.Reset()
	h.splits.Reset()
	h.ignores.Reset()
	h.casts.Reset()
	h.fires.Reset()
	h.interposes.Reset()
	h.openings.Reset()
	h.drags.Reset()
	h.enters.Reset()
	h.treatConds.Reset()
	h.pins.Reset()
	h.dismounts.Reset()
}

// The commands of options: from hot memory for a policy, else new.

func (b *prompter) attack(target, weapon, style string) *Attack {
	if style == Standard {
		style = ""
	}
	return put(b, (*hotMemory).attackPool, Attack{Target: target, Weapon: weapon, Style: style})
}
func (b *prompter) approach(t string) *Approach {
	return put(b, (*hotMemory).approachPool, Approach{Target: t})
}
func (b *prompter) posture(to string) *Posture {
	return put(b, (*hotMemory).posturePool, Posture{To: to})
}
func (b *prompter) use(o string) *Use     { return put(b, (*hotMemory).usePool, Use{Object: o}) }
func (b *prompter) guard(g string) *Guard { return put(b, (*hotMemory).guardPool, Guard{Choice: g}) }
func (b *prompter) surprise(s string) *Surprise {
	return put(b, (*hotMemory).surprisePool, Surprise{Side: s})
}
func (b *prompter) initiative() *Initiative { return &Initiative{} }
func (b *prompter) pick(l string, helpless bool) *Pick {
	return put(b, (*hotMemory).pickPool, Pick{Level: l, Helpless: helpless})
}

func (b *prompter) stabilize(t string) *Stabilize {
	return put(b, func(h *hotMemory) *parts.Pool[Stabilize] { return &h.stabilizes }, Stabilize{Target: t})
}
func (b *prompter) treat(t, l string) *Treat {
	return put(b, func(h *hotMemory) *parts.Pool[Treat] { return &h.treats }, Treat{Target: t, Level: l})
}
func (b *prompter) rest(l string) *Rest {
	return put(b, func(h *hotMemory) *parts.Pool[Rest] { return &h.rests }, Rest{Length: l})
}

func (b *prompter) mount(t string) *Mount {
	return put(b, func(h *hotMemory) *parts.Pool[Mount] { return &h.mounts }, Mount{Target: t})
}
func (b *prompter) dismount(x, y int, hurry bool) *Dismount {
	return put(b, func(h *hotMemory) *parts.Pool[Dismount] { return &h.dismounts }, Dismount{X: x, Y: y, Hurry: hurry})
}

func (b *prompter) hinder(kind, t string) *Hinder {
	return put(b, func(h *hotMemory) *parts.Pool[Hinder] { return &h.hinders }, Hinder{Hindrance: kind, Target: t})
}
func (b *prompter) pin(t string) *Pin {
	return put(b, func(h *hotMemory) *parts.Pool[Pin] { return &h.pins }, Pin{Target: t})
}

func (b *prompter) split(with, cut int) *Split {
	return put(b, func(h *hotMemory) *parts.Pool[Split] { return &h.splits }, Split{With: with, Cut: cut})
}

func (b *prompter) ignore(t string) *Ignore {
	return put(b, func(h *hotMemory) *parts.Pool[Ignore] { return &h.ignores }, Ignore{Target: t})
}

func (b *prompter) cast(sp, t string) *Cast {
	return put(b, func(h *hotMemory) *parts.Pool[Cast] { return &h.casts }, Cast{Spell: sp, Target: t})
}

func (b *prompter) fire(t, w string) *Fire {
	return put(b, func(h *hotMemory) *parts.Pool[Fire] { return &h.fires }, Fire{Target: t, Weapon: w})
}

func (b *prompter) interpose(t string) *Interpose {
	return put(b, func(h *hotMemory) *parts.Pool[Interpose] { return &h.interposes }, Interpose{Shield: t})
}
func (b *prompter) opening(t string) *Opening {
	return put(b, func(h *hotMemory) *parts.Pool[Opening] { return &h.openings }, Opening{Target: t})
}

func (b *prompter) drag(x, y int) *Drag {
	return put(b, func(h *hotMemory) *parts.Pool[Drag] { return &h.drags }, Drag{X: x, Y: y})
}

func (b *prompter) enter(t string) *Enter {
	return put(b, func(h *hotMemory) *parts.Pool[Enter] { return &h.enters }, Enter{Target: t})
}

func (b *prompter) treatCondition(t, c string) *TreatCondition {
	return put(b, func(h *hotMemory) *parts.Pool[TreatCondition] { return &h.treatConds }, TreatCondition{Target: t, Condition: c})
}

func (h *hotMemory) attackPool() *parts.Pool[Attack]     { return &h.attacks }
func (h *hotMemory) approachPool() *parts.Pool[Approach] { return &h.approaches }
func (h *hotMemory) posturePool() *parts.Pool[Posture]   { return &h.postures }
func (h *hotMemory) usePool() *parts.Pool[Use]           { return &h.uses }
func (h *hotMemory) guardPool() *parts.Pool[Guard]       { return &h.guards }
func (h *hotMemory) pickPool() *parts.Pool[Pick]         { return &h.picks }
func (h *hotMemory) surprisePool() *parts.Pool[Surprise] { return &h.surprises }

// put places v in the prompter's hot memory, or new memory for people.
func put[T any](b *prompter, pick func(*hotMemory) *parts.Pool[T], v T) *T {
	return parts.PutIn(b.hot, pick, v)
}

// clone returns a deep copy of s without its hot memory.
func clone(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = make([]Combatant, len(s.Combatants))
	for i := range s.Combatants {
		c.Combatants[i] = cloneCombatant(&s.Combatants[i])
	}
	c.Terrain = make([]Zone, len(s.Terrain))
	for i, z := range s.Terrain {
		z.Kinds = append([]string(nil), z.Kinds...)
		c.Terrain[i] = z
	}
	if s.Terrain == nil {
		c.Terrain = nil
	}
	c.Objects = append([]Object(nil), s.Objects...)
	c.Dropped = append([]Dropped(nil), s.Dropped...)
	c.Queue = append([]string(nil), s.Queue...)
	if s.Pending != nil {
		p := *s.Pending
		c.Pending = &p
	}
	if s.Off != nil {
		c.Off = c.newOff(*s.Off)
	}
	return c
}

// cloneCombatant deep-copies a combatant.
func cloneCombatant(x *Combatant) Combatant {
	c := *x
	c.Weapons = append([]Weapon(nil), x.Weapons...)
	c.Spells = append([]Spell(nil), x.Spells...)
	c.Conditions = append([]Condition(nil), x.Conditions...)
	c.Effects = append([]Effect(nil), x.Effects...)
	c.HarriedBy = append([]string(nil), x.HarriedBy...)
	c.Grappling = append([]string(nil), x.Grappling...)
	c.Ignoring = append([]string(nil), x.Ignoring...)
	if x.Skills != nil {
		c.Skills = make(map[string]int, len(x.Skills))
		for k, v := range x.Skills {
			c.Skills[k] = v
		}
	}
	if x.Specs != nil {
		c.Specs = make(map[string]int, len(x.Specs))
		for k, v := range x.Specs {
			c.Specs[k] = v
		}
	}
	if x.Long != nil {
		l := *x.Long
		c.Long = &l
	}
	return c
}

func (h *hotMemory) evWindowOpened() *parts.Pool[WindowOpened]       { return &h.pWindowOpened }
func (h *hotMemory) evOffTurnEnded() *parts.Pool[OffTurnEnded]       { return &h.pOffTurnEnded }
func (h *hotMemory) evActionGoesAhead() *parts.Pool[ActionGoesAhead] { return &h.pActionGoesAhead }
func (h *hotMemory) evHinderWon() *parts.Pool[HinderWon]             { return &h.pHinderWon }

func (b *prompter) push(x, y int) *Push {
	return put(b, func(h *hotMemory) *parts.Pool[Push] { return &h.pushes }, Push{X: x, Y: y})
}
func (b *prompter) drop(w string) *Drop {
	return put(b, func(h *hotMemory) *parts.Pool[Drop] { return &h.drops }, Drop{Weapon: w})
}
func (b *prompter) meet(c string) *Meet {
	return put(b, func(h *hotMemory) *parts.Pool[Meet] { return &h.meets }, Meet{Choice: c})
}

// placeOff copies an action out of turn into the hot memory.
func (h *hotMemory) placeOff(o OffTurn) *OffTurn {
	h.offRest = append(h.offRest[:0], o.Rest...)
	o.Rest = h.offRest
	if o.Held != nil {
		h.held = *o.Held
		o.Held = &h.held
	}
	h.off = o
	return &h.off
}

func (h *hotMemory) evLongDone() *parts.Pool[LongDone] { return &h.pLongDone }

func (h *hotMemory) evItemMoved() *parts.Pool[ItemMoved] { return &h.pItemMoved }

func (b *prompter) retrieve(w string) *Retrieve {
	return put(b, func(h *hotMemory) *parts.Pool[Retrieve] { return &h.retrieves }, Retrieve{Weapon: w})
}
func (b *prompter) stow(w string) *Stow {
	return put(b, func(h *hotMemory) *parts.Pool[Stow] { return &h.stows }, Stow{Weapon: w})
}

func (h *hotMemory) evEffectBegun() *parts.Pool[EffectBegun] { return &h.pEffectBegun }
func (h *hotMemory) evEffectEnded() *parts.Pool[EffectEnded] { return &h.pEffectEnded }
func (b *prompter) endEffect(e string) *EndEffect {
	return put(b, func(h *hotMemory) *parts.Pool[EndEffect] { return &h.endEffects }, EndEffect{Effect: e})
}
func (b *prompter) ready() *Ready {
	return put(b, func(h *hotMemory) *parts.Pool[Ready] { return &h.readies }, Ready{})
}

func (h *hotMemory) evJoined() *parts.Pool[Joined] { return &h.pJoined }

func (h *hotMemory) evRecoveryChosen() *parts.Pool[RecoveryChosen] { return &h.pRecoveryChosen }
func (b *prompter) recover(l string) *Recover {
	return put(b, func(h *hotMemory) *parts.Pool[Recover] { return &h.recovers }, Recover{Level: l})
}

func (h *hotMemory) evStealthRolled() *parts.Pool[StealthRolled] { return &h.pStealthRolled }
func (b *prompter) surpriseContest(side string) *Surprise {
	return put(b, (*hotMemory).surprisePool, Surprise{Side: side, Contest: true})
}

func (h *hotMemory) evOrdered() *parts.Pool[Ordered] { return &h.pOrdered }

func (h *hotMemory) evCoverRuled() *parts.Pool[CoverRuled] { return &h.pCoverRuled }
