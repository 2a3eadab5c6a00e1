package tempo_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/tempo"
)

// TestBoard: tempo's board is the initiative order once rolled (every
// combatant before), the one whose turn is under way current, those
// before it done; the round in play, one more than the rounds the state
// counts as completed (R02), 0 before initiative; each combatant on its
// square, a late joiner absent until it joins. Checked before every
// decision of a fight with a late joiner.
func TestBoard(t *testing.T) {
	s := load(t, "late.yaml", `
ruleset: tempo
combatants:
  - {use: archer, id: bandit, side: bandits, x: 0, y: 0}
  - {use: wrestler, id: thug, side: bandits, x: 5, y: 5, joins: 1}
  - {use: fencer, id: traveller, side: travellers, x: 6, y: 0}
`)
	r := tempo.Rules{}
	first, _ := engine.BoardOf[tempo.State, tempo.Command, tempo.Event](r, &s, engine.Everyone)
	if first.Round != 0 || len(first.Order) != 3 || first.Order[0].Current || first.Order[0].Initiative != nil || !first.Order[1].Absent ||
		*first.Grid != (engine.Grid{Kind: engine.Squares, Unit: "square", Diagonal: 1}) || first.Move != "move {x},{y}" {
		t.Errorf("the board before initiative %+v", first)
	}
	rounds := map[int]bool{}
	enginetest.Boards(t, r, s, 3, 400, func(t *testing.T, s *tempo.State, b engine.Board) {
		want := 0
		if s.Started {
			want = min(s.Round+1, s.Options.RoundLimit)
		}
		rounds[b.Round] = true
		if b.Round != want {
			t.Errorf("round %d, the state has completed %d (started %v)", b.Round, s.Round, s.Started)
		}
		if s.Started {
			if len(b.Order) != len(s.Order) {
				t.Fatalf("order %+v, the state's %v", b.Order, s.Order)
			}
			for i, x := range b.Order {
				c := s.Combatants[index(s, s.Order[i])]
				if x.ID != s.Order[i] || x.Current != (s.InTurn && !s.Ended && i == s.Turn) || x.Done != (i < s.Turn) ||
					x.Down != (c.Down && !c.Dead) || x.Dead != c.Dead || x.Initiative == nil || *x.Initiative != c.Initiative {
					t.Errorf("entry %d %+v: the state's order %v, turn %d (in turn %v), %s initiative %d", i, x, s.Order, s.Turn, s.InTurn, c.ID, c.Initiative)
				}
			}
		}
		if len(b.Pieces) != len(s.Combatants) {
			t.Fatalf("%d pieces for %d combatants", len(b.Pieces), len(s.Combatants))
		}
		for i, p := range b.Pieces {
			c := s.Combatants[i]
			if p.ID != c.ID || p.X != float64(c.At.X) || p.Y != float64(c.At.Y) || p.Side != c.Side || p.Absent != (c.Joins > 0 && !c.Present) {
				t.Errorf("piece %+v: %s at %v, present %v", p, c.ID, c.At, c.Present)
			}
		}
	})
	if !rounds[0] || !rounds[1] || !rounds[2] {
		t.Errorf("the fight's boards went through rounds %v, not 0, 1 and 2", rounds)
	}
}

// index is the index of the combatant id in s.
func index(s *tempo.State, id string) int {
	for i := range s.Combatants {
		if s.Combatants[i].ID == id {
			return i
		}
	}
	return -1
}
