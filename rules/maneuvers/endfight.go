package maneuvers

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// EndFight is the GM's declaration that the fight is over (R38): a draw,
// or won by Winner, a side, when the others have fled (§6.10). Once the
// fight is decided (the aftermath option's time after it), it closes the
// encounter as Done does, keeping the decision; a Winner is refused then.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// FightEnded: the fight is over (R38).
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	Reason   string `json:"reason"`
}

// The kinds of endfight.go's commands and events.
var (
	endFightKind   = engine.Add[EndFight](commands, "end_fight")
	fightEndedKind = engine.Add[FightEnded](events, "fight_ended")
)

func (*EndFight) command() {}

// endReason says why a fight ended with winner.
func endReason(winner string) string {
	if winner == "" {
		return "nobody is left standing"
	}
	return "no other side has anyone conscious"
}

// lastSide reports whether fewer than two sides have a conscious member
// (R38), and names the one left.
func (d *decider) lastSide() (string, bool) {
	cs := d.s.Combatants
	return parts.LastSide(len(cs), func(i int) string { return cs[i].Side }, func(i int) bool { return cs[i].Conscious() })
}

func (e *FightEnded) apply(s *State, _ *hotMemory) { s.conclude(Over, e.Winner, e.TimedOut) }

// conclude puts the fight in phase (Over or After) with its result: nothing
// is pending and nobody's turn is under way.
func (s *State) conclude(phase Phase, winner string, timedOut bool) {
	s.Phase, s.Winner, s.TimedOut = phase, winner, timedOut
	s.Roll, s.Trigger, s.Contest, s.Window, s.Improv = nil, nil, nil, nil, nil
	s.TurnOpen = false
}

func (e *FightEnded) describe(s *State) string {
	switch {
	case e.TimedOut:
		return "the fight is stopped with both sides standing: " + e.Reason
	case e.Winner == "":
		return "the fight ends without a winner: " + e.Reason
	}
	return fmt.Sprintf("the fight is over: the %s side wins (%s)", e.Winner, e.Reason)
}
