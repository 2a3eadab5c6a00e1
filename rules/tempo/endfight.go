package tempo

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// EndFight: the GM ends the fight (G9): Winner's side wins (the others
// fled or gave up), or without it the side left standing, if only one
// is.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// FightEnded: the fight is over (R43, G9); Winner is "" for a draw.
type FightEnded struct {
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
}

func (*EndFight) isCommand() {}

var (
	_              = engine.Add[EndFight](commands, "end_fight")
	fightEndedKind = engine.Add[FightEnded](events, "fight_ended")
)

// checkEnd ends the fight once fewer than two sides have anyone not Down
// (R43); late joiners yet to come count.
func (d *decider) checkEnd() {
	if winner, over := lastSide(d.s); over {
		reason := "one side is left standing"
		if winner == "" {
			reason = "nobody is left standing"
		}
		d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Winner: winner, Reason: reason}))
	}
}

// lastSide reports whether fewer than two sides have anyone not Down (late
// joiners yet to come count), and names the one left, "" for none.
func lastSide(s *State) (winner string, over bool) {
	return parts.LastSide(len(s.Combatants),
		func(i int) string { return s.Combatants[i].Side },
		func(i int) bool { return !s.Combatants[i].Down && !s.Combatants[i].Dead })
}

// standingSide names the only side with someone not Down, or "".
func standingSide(s *State) string {
	winner, _ := lastSide(s)
	return winner
}

func (e *FightEnded) apply(s *State, _ *hotMemory) {
	s.Ended = true
	s.Winner = e.Winner
	s.TimedOut = e.TimedOut
	s.InTurn = false
	s.Exchange = nil
	// R39: with the fight over, everyone has full AP and is off
	// guard; binds, grapples, pins and aims end with it.
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.AP, c.Status = FullAP, OffGuard
		c.BoundWith, c.BoundWeapon, c.GrappledWith, c.PinnedBy, c.Aimed = "", "", nil, "", ""
	}
}

func (e *FightEnded) describe(s *State) string {
	if e.TimedOut {
		return "the fight is stopped with both sides standing: " + e.Reason
	}
	if e.Winner == "" {
		return "the fight ends in a draw: " + e.Reason
	}
	return fmt.Sprintf("the fight is over: the %s side wins (%s)", e.Winner, e.Reason)
}
