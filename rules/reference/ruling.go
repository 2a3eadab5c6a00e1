package reference

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// After every round the GM rules whether the fight goes on into another
// round (the default) or stops in a draw.

// Continue is the GM's ruling that the fight goes on for another round.
type Continue struct{}

// Stop is the GM's ruling that the fight ends in a draw.
type Stop struct{}

// The kinds of ruling.go's commands and events.
var (
	_                = engine.Add[Continue](commands, "continue")
	_                = engine.Add[Stop](commands, "stop")
	roundStartedKind = engine.Add[RoundStarted](events, "round_started")
	_                = engine.Add[FightStopped](events, "fight_stopped")
)

func (*Continue) command() {}
func (*Stop) command()     {}

// RoundStarted: the GM let the fight go on into a new round.
type RoundStarted struct {
	Round int `json:"round"`
}

// FightStopped: the GM stopped the fight, a draw.
type FightStopped struct{}

// continueFight resolves a Continue: the next round starts.
func continueFight(s *State, h *hotMemory, events []Event) ([]Event, error) {
	if err := wantPhase(s, Ruling, "continue"); err != nil {
		return events, err
	}
	return append(events, engine.New(h.arena(), roundStartedKind, RoundStarted{Round: s.Round + 1})), nil
}

// stop resolves a Stop: the fight ends in a draw.
func stop(s *State, events []Event) ([]Event, error) {
	if err := wantPhase(s, Ruling, "stop"); err != nil {
		return events, err
	}
	return append(events, &FightStopped{}), nil
}

// apply begins the new round.
func (e *RoundStarted) apply(s *State, _ *hotMemory) { startRound(s, e.Round) }

// apply ends the fight.
func (*FightStopped) apply(s *State, _ *hotMemory) { s.Pending, s.Phase = nil, Over }

func (e *RoundStarted) describe(*State) string { return fmt.Sprintf("round %d begins", e.Round) }

func (*FightStopped) describe(*State) string { return "the GM stops the fight: a draw" }

// startRound begins round n: the last one has ended, so its dodges are
// spent and its feints' effects run out; the first combatant standing
// acts.
func startRound(s *State, n int) {
	s.Round = n
	for i := range s.Combatants {
		s.Combatants[i].Dodged = false
		s.Combatants[i].OffBalance.Pass(parts.RoundEnd, "")
	}
	s.Turn = -1
	endTurn(s)
}
