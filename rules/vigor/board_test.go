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

// TestBoardLeavesHiddenCreaturesOff: on an enemy's board a hidden creature
// is in the turn order (that it is in the fight is known) but not on the
// map; on its ally's and the GM's it stands where it is.
func TestBoardLeavesHiddenCreaturesOff(t *testing.T) {
	s := load(t, "hidden.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: archer, id: bo, side: b, x: 40, y: 5, hidden: true}
  - {use: bandit, id: kit, side: b, x: 10, y: 10}
`)
	r := vigor.Rules{}
	on := func(b engine.Board, id string) (map_, order bool) {
		for _, p := range b.Pieces {
			map_ = map_ || p.ID == id
		}
		for _, p := range b.Order {
			order = order || p.ID == id
		}
		return map_, order
	}
	for _, v := range []engine.Viewer{engine.Everyone, {Combatant: "kit"}, {Combatant: "ann"}} {
		b, ok := engine.BoardOf[vigor.State, vigor.Command, vigor.Event](r, &s, v)
		if !ok {
			t.Fatal("no board")
		}
		onMap, inOrder := on(b, "bo")
		if want := v.Combatant != "ann"; onMap != want || !inOrder {
			t.Errorf("%+v: bo on the map %v (want %v), in the order %v (want true)", v, onMap, want, inOrder)
		}
	}
}
