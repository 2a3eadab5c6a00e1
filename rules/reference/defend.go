package reference

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Defending raises the combatant's defence by DefendBonus until their next
// turn starts.

// Defend raises the combatant's defence until their next turn.
type Defend struct{}

func (*Defend) command() {}

// Defended: a combatant raised their guard.
type Defended struct {
	Combatant string `json:"combatant"`
}

// The kinds of defend.go's command and event.
var (
	_            = engine.Add[Defend](commands, "defend")
	defendedKind = engine.Add[Defended](events, "defended")
)

// defend resolves a Defend: the combatant whose turn it is raises their
// guard.
func defend(s *State, h *hotMemory, events []Event) ([]Event, error) {
	if err := wantPhase(s, Acting, "defend"); err != nil {
		return events, err
	}
	return append(events, engine.New(h.arena(), defendedKind, Defended{Combatant: s.Combatants[s.Turn].ID})), nil
}

// apply raises the guard until the combatant's next turn starts, and ends
// the turn.
func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Guard = parts.Until(parts.TurnStart, c.ID, 1)
	}
	endTurn(s)
}

func (e *Defended) describe(*State) string {
	return fmt.Sprintf("%s defends (+%d defence until their next turn)", e.Combatant, DefendBonus)
}
