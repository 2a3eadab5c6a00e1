package blackpowder_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
)

// TestBoard: blackpowder's board is the groups' order from the highest
// initiative down (as listed before all have rolled), the group whose
// turn it is current and those before it done, each with its members
// down, dead, absent or done as their statuses say; the round, 0 while
// initiative is rolled; every combatant where it stands in metres with
// the melee reach. Checked before every decision of the alley fight.
func TestBoard(t *testing.T) {
	r := blackpowder.Rules{}
	s := *scenariotest.Bundled[blackpowder.State, blackpowder.Command, blackpowder.Event](t, blackpowder.Info(), "alley_fight")
	enginetest.Boards(t, r, s, 9, 400, func(t *testing.T, s *blackpowder.State, b engine.Board) {
		if b.Round != s.Round || *b.Grid != (engine.Grid{Kind: engine.Open, Unit: "metre"}) || b.Move != "move {x} {y}" {
			t.Errorf("round %d (the state's %d), grid %+v, move %q", b.Round, s.Round, b.Grid, b.Move)
		}
		if len(b.Order) != len(s.Groups) {
			t.Fatalf("%d entries for %d groups", len(b.Order), len(s.Groups))
		}
		for i, x := range b.Order {
			g := s.Groups[i]
			if len(s.Order) > 0 {
				g = s.Groups[s.Order[i]]
			}
			current := len(s.Order) > 0 && s.Round > 0 && !s.Over && s.After == nil && i == s.Turn
			if x.ID != g.ID || x.Current != current || (x.Initiative != nil) != g.Rolled {
				t.Errorf("entry %d %+v: group %+v, order %v, turn %d", i, x, g, s.Order, s.Turn)
			}
			for _, m := range x.Members {
				var c *blackpowder.Combatant
				for j := range s.Combatants {
					if s.Combatants[j].ID == m.ID {
						c = &s.Combatants[j]
					}
				}
				if c == nil || c.Group != g.ID || m.Done != c.Done || m.Down != (c.Status == blackpowder.Unconscious) || m.Dead != (c.Status == blackpowder.Dead) {
					t.Errorf("member %+v of %s: %+v", m, g.ID, c)
				}
			}
		}
		for i, p := range b.Pieces {
			c := &s.Combatants[i]
			if p.ID != c.ID || p.X != c.X || p.Y != c.Y || p.Side != c.Group || p.Reach[0].Distance != 1.5 {
				t.Errorf("piece %+v: %s at %g,%g", p, c.ID, c.X, c.Y)
			}
		}
	})
}
