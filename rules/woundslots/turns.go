package woundslots

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// RoundStarted: a round begins.
type RoundStarted struct {
	Round int `json:"round"`
}

func (e *RoundStarted) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	s.Phase, s.Turn = Acting, ""
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Acted, c.TieBreak = false, 0
		c.PoolQuarters, c.PoolUsed = 0, 0
		c.Dashing, c.Harried, c.HarriedBy = false, 0, c.HarriedBy[:0]
		c.Dashes, c.DashBonus = 0, 0
	}
}

func (e *RoundStarted) describe(*State) string { return fmt.Sprintf("round %d begins", e.Round) }

// APGained: a combatant gains AP (R23): At is round or turn; AP is what it holds after, at most its max.
type APGained struct {
	Combatant string `json:"combatant"`
	Gain      int    `json:"gain"`
	AP        int    `json:"ap"`
	At        string `json:"at"`
}

func (e *APGained) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP = e.AP
	}
}

func (e *APGained) describe(s *State) string {
	at := "round start"
	if e.At == "turn" {
		at = "turn end"
	}
	// AP past the maximum is lost (R23): the line says how much.
	if c := s.Combatant(e.Combatant); c != nil && c.AP+e.Gain > e.AP {
		return fmt.Sprintf("%s gains %d AP at %s, %d of them past the maximum and lost: %d AP", e.Combatant, e.Gain, at, c.AP+e.Gain-e.AP, e.AP)
	}
	return fmt.Sprintf("%s gains %d AP at %s: %d AP", e.Combatant, e.Gain, at, e.AP)
}

// TurnStarted: a combatant's turn begins (R27).
type TurnStarted struct {
	Combatant string `json:"combatant"`
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	s.Turn, s.Phase = e.Combatant, Acting
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = false
		if c.Long != nil {
			c.Long.PaidNow = false
		}
	}
}

func (e *TurnStarted) describe(s *State) string {
	init := 0
	if c := s.Combatant(e.Combatant); c != nil {
		init = s.turnInitiative(c)
	}
	return fmt.Sprintf("%s's turn (initiative %d)", e.Combatant, init)
}

// TurnEnded: a combatant's turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

func (e *TurnEnded) apply(s *State, _ *hotMemory) {
	for i := range s.Combatants {
		// R50: an opening lasts the rest of the turn it is made in, its
		// maker's own or one it acted out of.
		s.Combatants[i].OpeningOn, s.Combatants[i].OpeningTotal = "", 0
	}
	if c := s.Combatant(e.Combatant); c != nil {
		c.Acted, c.LeftMount = true, ""
		if m := s.mountOf(c); m != nil && !m.OwnTurn {
			m.Acted = true // the shared turn is the mount's too (R76)
		}
		if s.Round == 1 {
			c.Surprised = false
		}
	}
	s.Turn, s.Pending, s.Queue = "", nil, s.Queue[:0]
	s.Phase, s.Moment, s.Off, s.Outer, s.Ending, s.AfterDue = Acting, "", nil, nil, false, false
}

func (e *TurnEnded) describe(*State) string { return e.Combatant + "'s turn ends" }

// RoundEnded: a round ends (R32, section 7.7): pools, dashes and harrying end, helplessness and dying count down.
type RoundEnded struct {
	Round int `json:"round"`
}

func (e *RoundEnded) apply(s *State, _ *hotMemory) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Distracted = false
		if c.Helpless > 0 {
			c.Helpless--
		}
		if c.IsDying && c.Status == Unconscious {
			c.Dying++
		}
		if c.Status == Unconscious && !c.IsDying {
			c.OutRounds++
		} else {
			c.OutRounds = 0
		}
	}
}

func (e *RoundEnded) describe(*State) string { return fmt.Sprintf("round %d ends", e.Round) }

// APSpent: a combatant pays AP (R24).
type APSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	AP        int    `json:"ap"`
	For       string `json:"for"`
}

func (e *APSpent) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP = e.AP
		c.Readied, c.ReadyAction = false, Nested{} // R47: any other action or reaction ends it
		if e.For != "calm" {
			c.Calming = 0 // R77, A29: the calming bonus counts consecutive attempts only
		}
	}
}

func (e *APSpent) describe(s *State) string {
	return fmt.Sprintf("%s spends %d AP on %s: %d AP left", e.Combatant, e.Amount, e.For, e.AP)
}

// EndTurn ends the turn (R23: Turn End AP).
type EndTurn struct{}

// The kinds of turns.go's command and events.
var (
	_                = engine.Add[EndTurn](commands, "end_turn")
	roundStartedKind = engine.Add[RoundStarted](events, "round_started")
	aPGainedKind     = engine.Add[APGained](events, "ap_gained")
	turnStartedKind  = engine.Add[TurnStarted](events, "turn_started")
	aPSpentKind      = engine.Add[APSpent](events, "ap_spent")
	turnEndedKind    = engine.Add[TurnEnded](events, "turn_ended")
	roundEndedKind   = engine.Add[RoundEnded](events, "round_ended")
)

func (*EndTurn) command() {}

// startRound begins round n: everyone active gains its Round Start AP,
// but the surprised in round 1 (R23, A14).
func (r *run) startRound(n int) {
	s := r.s
	r.emit(engine.New(r.h.arena(), roundStartedKind, RoundStarted{Round: n}))
	joining := false // by index: ContainsFunc would copy each combatant
	for i := range s.Combatants {
		c := &s.Combatants[i]
		joining = joining || c.Status == Away && parts.JoinsAfter(c.Joins, n-1)
	}
	if joining {
		for _, i := range byID(s) {
			// A14: a late joiner arrives, rolls its initiative and gains its
			// Round Start AP at once.
			if c := &s.Combatants[i]; c.Status == Away && parts.JoinsAfter(c.Joins, n-1) {
				die, bonus := r.src.Roll(20), initiativeBonus(c)
				r.emit(engine.New(r.h.arena(), joinedKind, Joined{Combatant: c.ID, Die: die, Bonus: bonus, Initiative: max(0, die+bonus)}))
			}
		}
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Status != Active || n == 1 && c.Surprised {
			continue
		}
		row := apRow(c.Attributes.Speed)
		r.emit(engine.New(r.h.arena(), aPGainedKind, APGained{Combatant: c.ID, Gain: row.RoundStart, AP: min(row.Max, c.AP+row.RoundStart), At: "round"}))
	}
}

// canAct reports whether c may take a turn or act: active, not helpless.
func (c *Combatant) canAct() bool { return c.Status == Active && c.Helpless == 0 }

// free reports whether c may react or act out of turn (R28, R30, R59):
// it can act, is not pinned, and its initiative is above 0.
func (c *Combatant) free() bool { return c.canAct() && c.PinnedBy == "" && c.Initiative > 0 }

// settle moves the fight on after a decision: to its end when one side is
// left; back from an action out of turn; through a window nobody is left
// to ask in; past a turn whose owner can no longer act; to the window
// after the owner's action and the end of its turn (R29); to the next
// actor (R27, A15) and the window at its turn's start; through round
// ends.
func (r *run) settle() {
	s := r.s
	for s.Phase != Over && s.Phase != Resting {
		if s.Phase == Choosing && s.Pending == nil {
			return // resting creatures choose the wounds they recover
		}
		if winner, over := lastSide(s); over {
			r.emit(engine.New(r.h.arena(), fightEndedKind, FightEnded{Winner: winner}))
			return
		}
		if s.Phase == Window && s.Pending != nil && (len(s.Queue) == 0 || s.Pending.Striker != "" && s.Pending.StrikeAsk == 0) {
			// Nobody left to ask: the action goes on, one an inner
			// reaction left waiting out of turn too (R30).
			r.resolveIfReady()
			continue
		}
		if s.Off != nil && s.Phase == Acting && s.Pending == nil {
			r.emit(engine.New(r.h.arena(), offTurnEndedKind, OffTurnEnded{Combatant: s.Off.Who}))
			continue
		}
		if s.Off != nil || s.Phase != Acting {
			return
		}
		if s.Turn != "" {
			a := s.owner()
			switch {
			case a == nil || !a.canAct():
				r.emit(engine.New(r.h.arena(), turnEndedKind, TurnEnded{Combatant: s.Turn}))
				continue
			case r.acted || s.AfterDue && !r.afterDue:
				// An action's window, or one left flanked's by an
				// action, is over: the after-action window opens.
				r.acted, r.afterDue = false, true
				if r.openMoment(AtAfter) {
					return
				}
				continue
			case s.Ending:
				r.finishTurn()
				continue
			}
			return
		}
		if next := r.pickNext(); next != "" {
			r.emit(engine.New(r.h.arena(), turnStartedKind, TurnStarted{Combatant: next}))
			r.openMoment(AtStart)
			return
		}
		r.endRound()
	}
}

// lastSide reports whether at most one side has anyone active; a mount
// with no weapons does not fight on alone.
func lastSide(s *State) (string, bool) {
	return parts.LastSide(len(s.Combatants),
		func(i int) string { return s.Combatants[i].Side },
		func(i int) bool {
			c := &s.Combatants[i]
			return c.Status == Away || c.Status == Active && !(c.Mount && len(c.Weapons) == 0)
		})
}

// endRound ends the round (section 7.7): dying PCs at the end of their
// last dying round die (A08), then the round ends; the fight stops at the
// round limit, or the next round begins.
func (r *run) endRound() {
	s := r.s
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.IsDying && c.Status == Unconscious && c.Dying >= max(1, 5+c.Attributes.Vit) {
			r.emit(engine.New(r.h.arena(), diedKind, Died{Combatant: c.ID, Why: "bled out"}))
		}
	}
	for i := range s.Combatants {
		// A09: a stable unconscious creature tries to wake every 10
		// minutes.
		if c := &s.Combatants[i]; c.Status == Unconscious && !c.IsDying && (c.OutRounds+1)%WakeRounds == 0 {
			r.wakeCheck(c)
		}
	}
	r.expire()
	r.emit(engine.New(r.h.arena(), roundEndedKind, RoundEnded{Round: s.Round}))
	if winner, over := lastSide(s); over {
		r.emit(engine.New(r.h.arena(), fightEndedKind, FightEnded{Winner: winner}))
		return
	}
	if parts.RoundLimitReached(s.limit(), s.Round) {
		r.emit(engine.New(r.h.arena(), fightEndedKind, FightEnded{TimedOut: true}))
		return
	}
	r.startRound(s.Round + 1)
}

// endTurn ends the actor's turn, after the window at its end (R29).
func (r *run) endTurn() error {
	if err := r.wantPhase(Acting, "end the turn"); err != nil {
		return err
	}
	if r.s.Off != nil {
		return refuse(engine.NotAllowedNow, "%s acts out of turn and has no turn to end", r.s.Off.Who)
	}
	if !r.openMoment(AtEnd) {
		r.finishTurn()
	}
	return nil
}

// finishTurn ends the owner's turn: a long action not paid this turn is
// given up (R25), and the Turn End AP is gained, unless staggered (R23,
// A26), by the owner and by a mount sharing its turn (R76), one its
// rider dismounted during it too, but not one that had its own turn
// before it was mounted.
func (r *run) finishTurn() {
	a := r.s.owner()
	r.drift(a)
	if a.Long != nil && !a.Long.PaidNow {
		r.cancelLong(a)
	}
	m := r.s.mountOf(a)
	if m == nil || m.OwnTurn {
		m = r.s.Combatant(a.LeftMount) // dismounted in this shared turn
	}
	// A mount that had its own turn this round before it was ridden in
	// this one has gained its Turn End AP already: it has one turn a
	// round (R76), and this was not it.
	shared := m != nil && (!m.Acted || a.LeftMount == m.ID)
	r.emit(engine.New(r.h.arena(), turnEndedKind, TurnEnded{Combatant: a.ID}))
	r.turnEndAP(a)
	if shared && !m.OwnTurn && m.Status == Active {
		r.turnEndAP(m)
	}
}

// turnEndAP gives c its Turn End AP, unless it is staggered (R23, A26).
func (r *run) turnEndAP(c *Combatant) {
	if !c.Staggered() {
		row := apRow(c.Attributes.Speed)
		r.emit(engine.New(r.h.arena(), aPGainedKind, APGained{Combatant: c.ID, Gain: row.TurnEnd, AP: min(row.Max, c.AP+row.TurnEnd), At: "turn"}))
	}
}

// spend pays AP for an action or reaction, giving up a long action first:
// spending AP on anything else cancels it (R25). The owner's paying marks
// an action taken in its turn, for the after-action window.
//
// amount is the action's cost before c's effects and conditions change it
// (R24); pay takes an amount as it is.
func (r *run) spend(c *Combatant, amount int, what string) {
	r.pay(c, c.apCost(amount), what)
}

// pay is spend without R24's changes: a long action's payments, which
// pay a cost already changed.
func (r *run) pay(c *Combatant, amount int, what string) {
	if c.Long != nil {
		r.cancelLong(c)
	}
	r.emit(engine.New(r.h.arena(), aPSpentKind, APSpent{Combatant: c.ID, Amount: amount, AP: c.AP - amount, For: what}))
	r.finished(c.ID)
}

// finished marks an action of the turn's owner taken, for the
// after-action window: paid for now (pay), or completed by a later
// decision than the one that paid for it.
func (r *run) finished(actor string) {
	if actor == r.s.Turn && r.s.Off == nil {
		r.acted = true
	}
}

// cancelLong gives up c's long action (R25); c has one.
func (r *run) cancelLong(c *Combatant) {
	r.emit(engine.New(r.h.arena(), longCancelledKind, LongCancelled{Combatant: c.ID, Object: c.Long.Object}))
}

// need refuses an action costing more AP than c has.
func need(c *Combatant, cost int, what ...string) error {
	if cost = c.apCost(cost); c.AP < cost {
		return refuse(engine.NotAllowedNow, "%s has %d AP; %s costs %d", c.ID, c.AP, strings.Join(what, ""), cost)
	}
	return nil
}

// acting is the start of the checks of an action of the acting creature:
// it is its turn to act (what names the action, for the refusal). It
// returns the creature.
func (r *run) acting(what ...string) (*Combatant, error) {
	if r.s.Phase != Acting {
		return nil, r.wantPhase(Acting, what...)
	}
	return r.s.actor(), nil
}
