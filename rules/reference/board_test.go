package reference_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/reference"
)

// TestBoard: the reference board is the combatants in their order, the
// one whose turn it is (acting, or waiting on the target of its blow)
// current, those before it done, the fallen down, the state's round; no
// map. Checked before every decision of a melee.
func TestBoard(t *testing.T) {
	s := bundled(t, "reference_melee")
	first, _ := engine.BoardOf[reference.State, reference.Command, reference.Event](reference.Rules{}, &s, engine.Everyone)
	if first.Round != 1 || first.Deciding != "ann" || len(first.Order) != 5 || !first.Order[0].Current || first.Grid != nil || len(first.Pieces) != 0 {
		t.Errorf("the first board %+v", first)
	}
	enginetest.Boards(t, reference.Rules{}, s, 7, 300, func(t *testing.T, s *reference.State, b engine.Board) {
		if b.Round != s.Round || b.Grid != nil || b.Pieces != nil || b.Move != "" {
			t.Errorf("round %d (the state's %d), grid %v, %d pieces, move %q", b.Round, s.Round, b.Grid, len(b.Pieces), b.Move)
		}
		if len(b.Order) != len(s.Combatants) {
			t.Fatalf("%d entries for %d combatants", len(b.Order), len(s.Combatants))
		}
		for i, x := range b.Order {
			c := s.Combatants[i]
			turn := s.Phase == reference.Acting || s.Phase == reference.Reacting
			if x.ID != c.ID || x.Current != (turn && i == s.Turn) || x.Down != (c.LP <= 0) || x.Dead || x.Initiative != nil {
				t.Errorf("entry %d %+v: combatant %s with %d LP, turn %d, phase %s", i, x, c.ID, c.LP, s.Turn, s.Phase)
			}
			if x.Current && s.Phase == reference.Acting && b.Deciding != c.ID {
				t.Errorf("%s's turn, but %s decides", c.ID, b.Deciding)
			}
		}
	})
}
