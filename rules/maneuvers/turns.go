package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Delay saves the turn until after another's (R09).
type Delay struct {
	After string `json:"after"`
}

// EndTurn ends the turn.
type EndTurn struct{}

// Continue is the GM's ruling that the fight goes on.
type Continue struct{}

// RoundStarted: a round begins; AP, attacks and free actions reset (R06).
type RoundStarted struct {
	Round int      `json:"round"`
	Turns []string `json:"turns"`
}

// TurnStarted: a combatant's turn begins.
type TurnStarted struct {
	Combatant string `json:"combatant"`
}

// TurnSkipped: a combatant's turn passes without it (R07, R08).
type TurnSkipped struct {
	Combatant string `json:"combatant"`
	Reason    string `json:"reason"`
}

// TurnDelayed: a combatant saves its turn until after another's (R09).
type TurnDelayed struct {
	Combatant string `json:"combatant"`
	After     string `json:"after"`
}

// TurnEnded: a combatant's turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

// RoundEnded: every turn of the round has passed.
type RoundEnded struct {
	Round int `json:"round"`
}

// The kinds of turns.go's commands and events.
var (
	delayKind        = engine.Add[Delay](commands, "delay")
	_                = engine.Add[EndTurn](commands, "end_turn")
	_                = engine.Add[Continue](commands, "continue")
	roundStartedKind = engine.Add[RoundStarted](events, "round_started")
	turnStartedKind  = engine.Add[TurnStarted](events, "turn_started")
	turnSkippedKind  = engine.Add[TurnSkipped](events, "turn_skipped")
	turnDelayedKind  = engine.Add[TurnDelayed](events, "turn_delayed")
	turnEndedKind    = engine.Add[TurnEnded](events, "turn_ended")
	roundEndedKind   = engine.Add[RoundEnded](events, "round_ended")
)

func (*Delay) command()    {}
func (*EndTurn) command()  {}
func (*Continue) command() {}

// advance runs the fight on through everything no one decides: dice,
// damage, maneuvers without a choice, the end of triggers, turns and
// rounds, and the end of the fight.
func (d *decider) advance() {
	s := d.s
	for range 10000 {
		if s.Phase == Over {
			return
		}
		d.checkGrapples()
		if s.Roll != nil {
			if !d.stepRoll() {
				return
			}
			continue
		}
		if s.Contest != nil || s.Improv != nil {
			return
		}
		if s.Phase == Acting || s.Phase == RoundEnd {
			if winner, over := d.lastSide(); over {
				d.decided(winner, false, endReason(winner))
				return
			}
		}
		if s.Trigger != nil {
			if !d.stepTrigger() {
				return
			}
			continue
		}
		if s.Window != nil {
			return
		}
		if s.Phase != Acting {
			return
		}
		if s.TurnOpen {
			c := s.current()
			if c == nil || c.Conscious() {
				return
			}
			d.emit(engine.New(d.h.arena(), turnEndedKind, TurnEnded{Combatant: c.ID}))
			continue
		}
		if s.Turn >= len(s.Turns) {
			d.emit(engine.New(d.h.arena(), roundEndedKind, RoundEnded{Round: s.Round}))
			if lim := s.Options.RoundLimit; parts.RoundLimitReached(lim, s.Round) {
				d.decided("", true, fmt.Sprintf("the round limit (%d) was reached", lim))
			}
			return
		}
		c := s.Combatant(s.Turns[s.Turn])
		reason := ""
		switch {
		case c.Dead:
			reason = "dead"
		case !c.Conscious():
			reason = "unconscious"
		case c.Surprised:
			reason = "surprised"
		default:
			d.emit(engine.New(d.h.arena(), turnStartedKind, TurnStarted{Combatant: c.ID}))
			continue
		}
		d.emit(engine.New(d.h.arena(), turnSkippedKind, TurnSkipped{Combatant: c.ID, Reason: reason}))
	}
}

// delay saves the turn until after another's (R09).
func (d *decider) delay(me *Combatant, after string) error {
	s := d.s
	if !me.Fresh {
		return refuse(engine.NotAllowedNow, "%s has acted or moved this turn: a turn is delayed at its start", me.ID)
	}
	if s.Combatant(after) == nil {
		return refuse(engine.Invalid, "there is no combatant called %q to delay after", after)
	}
	i := slices.Index(s.Turns[s.Turn+1:], after)
	if i < 0 && s.Turn+1 >= len(s.Turns) {
		return refuse(engine.NotAllowedNow, "cannot delay until after %q: %s's turn is the round's last, and no one's is still to come (R09)", after, me.ID)
	}
	if i < 0 {
		return refuse(engine.NotAllowedNow, "cannot delay until after %q: it must be someone whose turn is still to come this round (%s)",
			after, strings.Join(s.Turns[s.Turn+1:], ", "))
	}
	d.emit(engine.New(d.h.arena(), turnDelayedKind, TurnDelayed{Combatant: me.ID, After: after}))
	return nil
}

// passTurnEnd lets the end of id's turn pass for every lasting effect.
func passTurnEnd(s *State, id string) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Dazed.Pass(parts.TurnEnd, id)
		c.IsDazed = !c.Dazed.Over()
	}
}

func (e *RoundStarted) apply(s *State, h *hotMemory) {
	s.Round, s.Phase = e.Round, Acting
	keepTurns(s, h, e.Turns)
	s.Turn, s.TurnOpen = 0, false
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.AP, c.Attacks, c.FreeUsed, c.Acted = APPerRound, 0, false, false
	}
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		s.TurnOpen = true
		c.Acted, c.Fresh = true, true
		c.Moved, c.Budget, c.Disengaged = 0, c.Speed, false
		c.WokeUnseen = nil // its turn, in the open, says it is awake
	}
}

func (e *TurnSkipped) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Acted = true
	}
	passTurnEnd(s, e.Combatant)
	s.Turn++
	s.TurnOpen = false
}

func (e *TurnDelayed) apply(s *State, _ *hotMemory) {
	i := slices.Index(s.Turns, e.Combatant)
	if i < 0 {
		return
	}
	turns := slices.Delete(slices.Clone(s.Turns), i, i+1)
	j := slices.Index(turns, e.After)
	s.Turns = slices.Insert(turns, j+1, e.Combatant)
	if c := s.Combatant(e.Combatant); c != nil {
		c.Acted, c.Fresh = false, false
	}
	s.TurnOpen = false
	if s.Options.DelayPersists {
		s.Order = slices.Clone(s.Turns)
	}
}

func (e *TurnEnded) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Fresh, c.Disengaged = false, false
	}
	passTurnEnd(s, e.Combatant)
	s.Turn++
	s.TurnOpen = false
}

func (*RoundEnded) apply(s *State, _ *hotMemory) {
	s.Phase = RoundEnd
	s.TurnOpen = false
	for i := range s.Combatants {
		s.Combatants[i].Surprised = false
	}
}

func (e *RoundStarted) describe(_ *State) string {
	return fmt.Sprintf("round %d begins: %d AP each", e.Round, APPerRound)
}

func (e *TurnStarted) describe(s *State) string { return e.Combatant + "'s turn" }

func (e *TurnSkipped) describe(s *State) string {
	return fmt.Sprintf("%s's turn is skipped: %s", e.Combatant, e.Reason)
}

func (e *TurnDelayed) describe(s *State) string {
	return fmt.Sprintf("%s delays until after %s's turn", e.Combatant, e.After)
}

func (e *TurnEnded) describe(_ *State) string { return e.Combatant + " ends the turn" }

func (e *RoundEnded) describe(_ *State) string { return fmt.Sprintf("round %d ends", e.Round) }
