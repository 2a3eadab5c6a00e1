package maneuvers_test

import (
	"slices"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/maneuvers"
)

// TestBoard: maneuvers' board is this round's turns with their delays
// (the initiative order before the first round), the turn under way
// current and those before it done, the state's round, and each
// combatant where it stands in metres with the reach of what it wields.
// Checked before every decision of a skirmish.
func TestBoard(t *testing.T) {
	r := maneuvers.Rules{}
	enginetest.Boards(t, r, bundled(t, "maneuvers_skirmish"), 5, 400, func(t *testing.T, s *maneuvers.State, b engine.Board) {
		order := s.Turns
		if len(order) == 0 {
			order = s.Order
		}
		if b.Round != s.Round || *b.Grid != (engine.Grid{Kind: engine.Open, Unit: "metre"}) {
			t.Errorf("round %d (the state's %d), grid %+v", b.Round, s.Round, b.Grid)
		}
		if len(order) > 0 && len(b.Order) != len(order) {
			t.Fatalf("order %+v, the state's %v", b.Order, order)
		}
		for i, x := range b.Order {
			if len(order) == 0 {
				break
			}
			c := s.Combatant(order[i])
			if x.ID != order[i] || x.Current != (s.TurnOpen && s.Phase == maneuvers.Acting && i == s.Turn) || x.Done != (i < s.Turn) ||
				x.Dead != c.Dead || x.Down != (c.Unconscious && !c.Dead) || x.Initiative == nil || *x.Initiative != c.Init {
				t.Errorf("entry %d %+v: turns %v, turn %d (open %v), %s init %d", i, x, order, s.Turn, s.TurnOpen, c.ID, c.Init)
			}
		}
		for i, p := range b.Pieces {
			c := &s.Combatants[i]
			if p.ID != c.ID || p.X != c.X || p.Y != c.Y || len(p.Reach) == 0 {
				t.Errorf("piece %+v: %s at %g,%g", p, c.ID, c.X, c.Y)
			}
		}
	})
}

// TestBoardHidesWhereTheHiddenWent: a combatant hidden from a foe stands,
// on that foe's board, where it hid; on the GM's where it is.
func TestBoardHidesWhereTheHiddenWent(t *testing.T) {
	s := load(t, "hide.yaml", "ruleset: maneuvers\ncombatants:\n  - {use: noble, side: baldria, x: 0, y: 0}\n  - {use: rider, side: sahan, x: 9, y: 0}\n"+
		"start:\n  order: [noble, rider]\n  combatants: {noble: {hidden_from: [rider]}}\n")
	r := maneuvers.Rules{}
	enc := engine.NewEncounter[maneuvers.State, maneuvers.Command, maneuvers.Event](r, s)
	cmd, err := r.ParseCommand(enc.State(), "noble", "move 0,3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := enc.Submit("noble", cmd, dice.NewScript()); err != nil {
		t.Fatalf("the noble moves: %v", err)
	}
	at := func(v engine.Viewer) [2]float64 {
		b, _ := engine.BoardOf(r, enc.State(), v)
		i := slices.IndexFunc(b.Pieces, func(p engine.Piece) bool { return p.ID == "noble" })
		if i < 0 {
			t.Fatalf("no noble on %+v's board", v)
		}
		return [2]float64{b.Pieces[i].X, b.Pieces[i].Y}
	}
	if got := at(engine.Everyone); got != [2]float64{0, 3} {
		t.Errorf("the GM's board has the noble at %v, not 0,3", got)
	}
	if got := at(engine.Viewer{Combatant: "rider"}); got != [2]float64{0, 0} {
		t.Errorf("the rider's board has the noble at %v, not where it hid (0,0)", got)
	}
}
