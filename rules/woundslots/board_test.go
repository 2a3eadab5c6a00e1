package woundslots_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// TestBoard: woundslots' board is the round's order by initiative from
// the highest (the roster before it is rolled), the combatant whose turn
// it is current and those who have had theirs done; the state's round;
// each combatant on its yard square, a melee reach counting the squares
// between plus one. Checked before every decision of a skirmish.
func TestBoard(t *testing.T) {
	r := woundslots.Rules{}
	s := bundled(t, "woundslots_skirmish")
	first, _ := engine.BoardOf[woundslots.State, woundslots.Command, woundslots.Event](r, &s, engine.Everyone)
	if first.Round != 0 || len(first.Order) != 6 || first.Order[0].ID != "knight" || first.Order[0].Initiative != nil {
		t.Errorf("the board before initiative %+v", first)
	}
	enginetest.Boards(t, r, s, 2, 400, func(t *testing.T, s *woundslots.State, b engine.Board) {
		if b.Round != s.Round || *b.Grid != (engine.Grid{Kind: engine.Squares, Unit: "yard", Diagonal: 1}) {
			t.Errorf("round %d (the state's %d), grid %+v", b.Round, s.Round, b.Grid)
		}
		if len(b.Order) != len(s.Combatants) {
			t.Fatalf("%d entries for %d combatants", len(b.Order), len(s.Combatants))
		}
		last := 1 << 30
		for i, x := range b.Order {
			c := s.Combatant(x.ID)
			if c == nil || x.Current != (c.ID == s.Turn) || x.Done != c.Acted || x.Dead != (c.Status == woundslots.Dead) ||
				x.Down != (c.Status == woundslots.Unconscious) || x.Absent != (c.Status == woundslots.Away) {
				t.Errorf("entry %d %+v: the state's turn %q, %+v", i, x, s.Turn, c)
				continue
			}
			if s.Phase != woundslots.Setup && x.Initiative != nil {
				if *x.Initiative > last {
					t.Errorf("entry %d %+v after an initiative of %d", i, x, last)
				}
				last = *x.Initiative
			}
		}
		for i, p := range b.Pieces {
			c := &s.Combatants[i]
			if p.ID != c.ID || p.X != float64(c.X) || p.Y != float64(c.Y) {
				t.Errorf("piece %+v: %s at %d,%d", p, c.ID, c.X, c.Y)
			}
			for j, w := range c.Weapons {
				if w.Kind == "melee" && (p.Reach[j].Kind != "reach" || p.Reach[j].Distance != float64(w.Reach+1)) {
					t.Errorf("%s's %s: %+v", c.ID, w.Name, p.Reach[j])
				}
			}
		}
	})
}
