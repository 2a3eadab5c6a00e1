package vigor_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
)

// TestBoard: vigor's board is the initiative order once rolled (every
// creature before), the creature whose turn it is current and those
// before it done; the round in play, 0 while the first initiative is
// rolled; each creature where it stands in feet with its reach and
// ranges. Checked before every decision of a skirmish.
func TestBoard(t *testing.T) {
	r := vigor.Rules{}
	s := bundled(t, "vigor_skirmish")
	first, _ := engine.BoardOf[vigor.State, vigor.Command, vigor.Event](r, &s, engine.Everyone)
	if first.Round != 0 || len(first.Order) != 6 || first.Order[0].Current || first.Order[0].Initiative != nil {
		t.Errorf("the board before initiative %+v", first)
	}
	enginetest.Boards(t, r, s, 11, 400, func(t *testing.T, s *vigor.State, b engine.Board) {
		want := s.Round
		if s.Phase == vigor.Initiative {
			want = 0
		}
		if b.Round != want || *b.Grid != (engine.Grid{Kind: engine.Open, Unit: "foot"}) {
			t.Errorf("round %d (the state's %d, phase %s), grid %+v", b.Round, s.Round, s.Phase, b.Grid)
		}
		if len(s.Order) > 0 {
			if len(b.Order) != len(s.Order) {
				t.Fatalf("order %+v, the state's %v", b.Order, s.Order)
			}
			cur := s.Current()
			for i, x := range b.Order {
				c := s.Combatant(s.Order[i])
				if x.ID != c.ID || x.Current != (cur != nil && cur.ID == c.ID) || x.Done != (i < s.Turn) ||
					x.Dead != (c.Dead || c.Destroyed) || x.Down != (c.Shock && !c.Dead) || x.Initiative == nil || *x.Initiative != c.Initiative {
					t.Errorf("entry %d %+v: order %v, turn %d, %s initiative %d", i, x, s.Order, s.Turn, c.ID, c.Initiative)
				}
			}
		}
		for i, p := range b.Pieces {
			c := &s.Combatants[i]
			if p.ID != c.ID || p.X != float64(c.X) || p.Y != float64(c.Y) || p.Absent != c.Away || len(p.Reach) == 0 {
				t.Errorf("piece %+v: %s at %d,%d", p, c.ID, c.X, c.Y)
			}
		}
	})
}
