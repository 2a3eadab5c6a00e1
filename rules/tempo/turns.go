package tempo

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// EndTurn: the actor ends its turn and recovers stamina (R02, R32).
type EndTurn struct {
	// Mod is the GM's modifier to the Recover Stamina check (R32).
	Mod int `json:"mod,omitempty"`
}

// TurnStarted: a combatant's turn begins.
type TurnStarted struct {
	Combatant string `json:"combatant"`
	Turn      int    `json:"turn"`
}

// TurnEnded: a turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

// StaminaRecovered: the Recover Stamina check at the end of a turn (R32).
type StaminaRecovered struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	// Mod is the GM's modifier, included in Result.
	Mod      int `json:"mod,omitempty"`
	Result   int `json:"result"`
	Regained int `json:"regained"`
	AP       int `json:"ap"`
}

// RoundEnded: every combatant has had its turn; the counter goes up (R02).
type RoundEnded struct {
	Round int `json:"round"`
}

func (*EndTurn) isCommand() {}

var (
	endTurnKind          = engine.Add[EndTurn](commands, "end_turn")
	turnStartedKind      = engine.Add[TurnStarted](events, "turn_started")
	turnEndedKind        = engine.Add[TurnEnded](events, "turn_ended")
	staminaRecoveredKind = engine.Add[StaminaRecovered](events, "stamina_recovered")
	roundEndedKind       = engine.Add[RoundEnded](events, "round_ended")
)

// startTurn starts the turn of the first standing combatant from position
// i of the order, ending rounds (and the fight, at the round limit) on the
// way (R02).
func (d *decider) startTurn(i int) {
	// Two passes over the order find anyone standing; while a late joiner
	// is still to come the rounds go on until it arrives (R43, G8).
	for n := 0; n < 2*len(d.s.Order)+2 || d.s.joinedLately(); n++ {
		if i >= len(d.s.Order) {
			d.emit(engine.New(d.h.arena(), roundEndedKind, RoundEnded{Round: d.s.Round + 1}))
			if lim := d.s.Options.RoundLimit; parts.RoundLimitReached(lim, d.s.Round) {
				d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Reason: fmt.Sprintf("the round limit (%d) was reached", lim), TimedOut: true}))
				return
			}
			d.join()
			i = 0
		}
		if c := d.s.combatant(d.s.Order[i]); c != nil && c.standing() {
			d.emit(engine.New(d.h.arena(), turnStartedKind, TurnStarted{Combatant: c.ID, Turn: i}))
			return
		}
		i++
	}
	d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Reason: "nobody is left to act"}))
}

// settle runs everything that happens without a decision, until someone
// must decide: resolving an exchange once its declarations are in, ending
// a turn that cannot go on, and starting the next.
func (d *decider) settle() {
	rounds := d.s.Round
	for !d.s.Ended && d.s.Started {
		if x := d.s.Exchange; x != nil {
			switch {
			case x.Asked < len(x.Candidates), x.needsCounterTempo():
				return
			case !x.Resolved:
				d.resolve()
			case len(x.Choices) > 0:
				return
			default:
				d.finishExchange()
			}
			continue
		}
		if d.s.Round > rounds+1 {
			if d.s.joinedLately() {
				// A late joiner still to come, or come at the end of
				// the round before last, may yet act: the fight waits
				// for a whole round with everyone there (R43, G8).
				rounds = d.s.Round - 1
				continue
			}
			// A whole round went by without a decision: nobody can act.
			d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Reason: "nobody can act"}))
			return
		}
		c := d.s.active()
		switch {
		case c == nil:
			d.startTurn(d.s.Turn + 1)
		case !c.standing():
			// Down in its own turn: the turn ends at once (R38).
			d.emit(engine.New(d.h.arena(), turnEndedKind, TurnEnded{Combatant: c.ID}))
			d.checkEnd()
		case !d.canGoOn(c):
			d.recover(c, 0) // a turn that ends by itself: no GM modifier
		default:
			return
		}
	}
}

// canGoOn reports whether c's turn can go on: an opponent is standing and
// c's menu offers a declaration, one it can afford. A turn that cannot ends
// by itself (R02). With h set the search uses h's working memory.
func (s *State) canGoOn(c *Combatant, h *searchMemory) bool {
	return s.foeStanding(c) && s.canDeclare(c, h)
}

// canGoOn is State.canGoOn for the decision's state. It does not list the
// menu: the odds end a dice path at a turn's decision and never ask for
// it, and the next Moves lists it when a policy decides.
// On Step's path it notes when it found the turn can go on (see
// decider.checked).
func (d *decider) canGoOn(c *Combatant) bool {
	ok := d.s.canGoOn(c, d.work)
	if ok && d.h != nil {
		d.checked, d.checkedAt = true, len(d.events)
	}
	return ok
}

// joinedLately reports whether a late joiner is still to come, or came
// at the end of the round before the last one completed: the last whole
// round was not one with everyone there.
func (s *State) joinedLately() bool {
	for i := range s.Combatants {
		if j := s.Combatants[i].Joins; j > 0 && j+1 >= s.Round {
			return true
		}
	}
	return false
}

// foeStanding reports whether an opponent of c is standing.
func (s *State) foeStanding(c *Combatant) bool {
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o.standing() && opponents(c, o) {
			return true
		}
	}
	return false
}

// recover ends c's turn with Recover Stamina (R32), mod being the GM's
// modifier to the check, then checks the end of the fight (R43).
func (d *decider) recover(c *Combatant, mod int) {
	die := d.src.Roll(10)
	result := die + c.Endurance - (c.MaxHealth - c.Health) - c.Armour.Encumbrance + mod
	regained := staminaRegained(result)
	d.emit(engine.New(d.h.arena(), staminaRecoveredKind,
		StaminaRecovered{Combatant: c.ID, Die: die, Mod: mod, Result: result, Regained: regained, AP: min(FullAP, c.AP+regained)}))
	d.emit(engine.New(d.h.arena(), turnEndedKind, TurnEnded{Combatant: c.ID}))
	d.checkEnd()
}

func (d *decider) endTurn(mod int) error {
	actor := d.s.active()
	if actor == nil || d.s.Exchange != nil {
		return notNow(d.s, "ending the turn")
	}
	d.recover(actor, mod)
	d.settle()
	return nil
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	s.Turn = e.Turn
	s.InTurn = true
}

func (e *TurnEnded) apply(s *State, _ *hotMemory) {
	s.InTurn, s.Stalled = false, false
	if c := s.combatant(e.Combatant); c != nil {
		c.Aimed = ""
	}
}

func (e *StaminaRecovered) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		c.AP = e.AP
	}
}

func (e *RoundEnded) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	s.Turn = 0
}

func (e *TurnStarted) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("round %d: %s's turn (%d AP, %s)", s.Round+1, e.Combatant, c.AP, c.Status)
}

func (e *TurnEnded) describe(s *State) string { return e.Combatant + "'s turn ends" }

func (e *StaminaRecovered) describe(s *State) string {
	mod := ""
	if e.Mod != 0 {
		mod = fmt.Sprintf(" (GM %+d)", e.Mod)
	}
	return fmt.Sprintf("%s recovers stamina: d10=%d, result %d%s, regains %d: %d AP", e.Combatant, e.Die, e.Result, mod, e.Regained, e.AP)
}

func (e *RoundEnded) describe(_ *State) string { return fmt.Sprintf("round %d ends", e.Round) }
