package blackpowder

import (
	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves and Step): the commands
// Moves lists and the events Step emits, each in an engine.Arena, the run
// that emits them and its working copies. It
// belongs to one state value: Clone leaves it behind,
// ScratchInto keeps the destination's own, and it is no part of the fight
// or its JSON. The Decide of the table never uses it, so the events and
// commands it logs are values of their own (a nil *hotMemory, whose
// arenas are nil).
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot
	// run is the run of the current Step.
	run run
	// pending and declared are where a state with hot memory keeps its
	// pending attack and its declared action, rather than new memory for
	// each.
	pending  Pending
	declared Declaration
	// order is the initiative order of the current Step's RoundStarted,
	// and stateOrder where the state keeps it from then on.
	order, stateOrder []int
	// reactions holds the queues of the current Step's declared actions,
	// reactionList the one being listed.
	reactions, reactionList []Reaction
	// The values the options of a GM ruling point at: safe or not, and
	// each situational modifier.
	safety    [2]bool
	modifiers [len(situationalModifiers)]int
	// heldOptions lists what a holder of a delayed action could do, the
	// attacks among which its interrupts are.
	heldOptions []engine.Option[Command]
	// answers are where the answers of the reaction prompt the last
	// Moves wrote are among its options, when hasAnswers is set (see
	// answered); roll is who rolls its initiative prompt's, when set (see
	// rolls).
	answers    answers
	hasAnswers bool
	roll       listedRoll
	// strikes are the attacks the last Moves listed on a turn, with what
	// it worked out for them (see listedStrike); listedState and
	// listedActor are the state and the combatant they, or the answers or
	// the roll, were listed for, nil once that state changes.
	// listedOptions are the options of that prompt.
	strikes       []listedStrike
	offers        offers
	listedState   *State
	listedActor   string
	listedOptions []engine.Option[Command]
	// declarables are the last commands declared, as declarations keep
	// them, with their words (see declarable); nextDeclarable is the one
	// the next new command takes the place of, once there are
	// maxKeptCommands.
	declarables    []declarable
	nextDeclarable int
	// kept are the last delayed actions declarations came to hold and
	// attacks they pinned to the weapon in hand (see keptCommands).
	kept keptCommands
	// targets are the commands of a turn's options on each combatant, by
	// roster position (see targeted).
	targets []targetCommands
	// fists is the command to put weapons away (see putAway).
	fists Draw
	// goingOn is the state finished last found going on, until a
	// combatant leaves the fight (leftFight) or the state changes other
	// than through a Step (forgetState): only a combatant knocked out or
	// killed can finish a fight.
	goingOn *State
	// bareGround is the state writePickUps last found with no weapon on
	// the ground, until an event lays one there (dropped) or the state
	// changes other than through a Step (forgetState).
	bareGround *State
	// tallies is where each Step adds up what its events do, when a
	// simulation asked for it (see TallySteps).
	tallies *engine.Tallies
	tags    parts.TagCache // others' outcome tags, each made once
	// refusals are the refusals Steps have made, each made once (see
	// refuse).
	refusals refusals
	// clones are the rosters the state's clones share (see clone).
	clones parts.Rosters[Combatant, roster]
}

// putAway returns the command of the option to put weapons away (draw
// fists): when lean, the one the hot memory keeps; else a new one.
func (b *prompter) putAway() *Draw {
	if !b.lean {
		return &Draw{Weapon: "fists"}
	}
	b.hot.fists = Draw{Weapon: "fists"}
	return &b.hot.fists
}

// targetCommands are the commands of a turn's options on one combatant,
// target: kept in hot memory from one Moves to the next, since they are
// the same every time, and nothing changes a command it is given.
type targetCommands struct {
	target string
	atk    Attack
	hld    Hold
	aimAt  AimAt
}

// targeted returns the commands of the options on t, at roster position
// i, for b to list: when lean, those the hot memory keeps, made again only
// when the combatant there is another; else commands of their own, which
// the prompt keeps.
func (b *prompter) targeted(i int, t *Combatant) *targetCommands {
	if !b.lean {
		return &targetCommands{target: t.ID, atk: Attack{Target: t.ID}, hld: Hold{Target: t.ID}, aimAt: AimAt{Target: t.ID}}
	}
	h := b.hot
	if i >= len(h.targets) {
		h.targets = append(h.targets, make([]targetCommands, i+1-len(h.targets))...)
	}
	k := &h.targets[i]
	if !same(k.target, t.ID) || k.target == "" {
		*k = targetCommands{target: t.ID, atk: Attack{Target: t.ID}, hld: Hold{Target: t.ID}, aimAt: AimAt{Target: t.ID}}
	}
	return k
}

// leftFight records that a combatant has left the fight, unconscious or
// dead, which may have finished it; h may be nil.
func (h *hotMemory) leftFight() {
	if h != nil {
		h.goingOn = nil
	}
}

// forgetState drops all the hot memory knows of its state, which is about
// to change other than through a Step (Evolve, ScratchInto).
func (h *hotMemory) forgetState() {
	h.forgetListed()
	h.goingOn, h.bareGround = nil, nil
}

// dropped records that a weapon now lies on the ground, thrown or
// dropped; h may be nil.
func (h *hotMemory) dropped() {
	if h != nil {
		h.bareGround = nil
	}
}

// keptOrder returns a copy of order for the state to keep as its
// initiative order: in its hot memory, or memory of its own on the
// table's path (h nil). No other state shares the hot memory's copy:
// scratchInto copies the order into the destination's own.
func (h *hotMemory) keptOrder(order []int) []int {
	if h == nil {
		return append([]int(nil), order...)
	}
	h.stateOrder = append(h.stateOrder[:0], order...)
	return h.stateOrder
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
