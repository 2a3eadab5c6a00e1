package reference

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// In each round the combatants still standing take turns in the order the
// encounter lists them; a hit passes the decision to its target until they
// answer it, and the end of the round to the GM.

// decider is who decides now: the combatant acting or reacting, or the GM.
func decider(s *State) string {
	switch s.Phase {
	case Acting:
		return s.Combatants[s.Turn].ID
	case Reacting:
		return s.Pending.Target
	}
	return engine.GM
}

// wantPhase refuses an action (its words joined) that does not fit the
// phase, saying what the fight waits for instead.
func wantPhase(s *State, want Phase, action ...string) error {
	if s.Phase == want {
		return nil
	}
	var now string
	switch s.Phase {
	case Acting:
		now = fmt.Sprintf("it is %s's turn to act", s.Combatants[s.Turn].ID)
	case Reacting:
		now = fmt.Sprintf("%s must dodge or take the hit", s.Pending.Target)
	case Ruling:
		now = "the GM must rule whether the fight goes on"
	default:
		now = "the fight is over"
	}
	return engine.Errorf(engine.NotAllowedNow, "cannot %s now: %s", strings.Join(action, ""), now)
}

// endTurn clears the pending blow and passes the turn to the next
// combatant standing this round, or to the GM's ruling when the round is
// over. A combatant's guard drops when their turn starts again.
func endTurn(s *State) {
	s.Pending = nil
	for i := s.Turn + 1; i < len(s.Combatants); i++ {
		if c := &s.Combatants[i]; c.Up() {
			s.Turn, s.Phase = i, Acting
			c.Guard.Pass(parts.TurnStart, c.ID)
			return
		}
	}
	s.Phase = Ruling
}
