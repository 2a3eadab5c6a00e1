package enginetest

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"fray/dice"
	"fray/engine"
)

// Boards plays a fight of g from state, taking each prompt's default
// (else its first option) with dice from a PCG seeded with seed, for at
// most decisions decisions, and checks the ruleset's board (engine.Boards)
// as the GM sees it before each decision and at the end: that making it
// leaves the state as it was, that at most one entry of its order is
// current, that its pieces are combatants of the roster, each once, and
// that it names who decides as the prompt does. check compares the board
// with the state it was made from, the ruleset's own way.
func Boards[S, C, E any](t *testing.T, g engine.Game[S, C, E], state S, seed uint64, decisions int, check func(t *testing.T, s *S, b engine.Board)) {
	t.Helper()
	if _, ok := g.(engine.Boards[S]); !ok {
		t.Fatalf("the %s ruleset does not describe boards (engine.Boards)", g.ID())
	}
	enc := engine.NewEncounter(g, state)
	src := dice.NewPCG(seed, seed+1)
	for n := 0; ; n++ {
		s := enc.State()
		before, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("decision %d: writing the state: %v", n, err)
		}
		b, _ := engine.BoardOf(g, s, engine.Everyone)
		if after, _ := json.Marshal(s); !bytes.Equal(before, after) {
			t.Fatalf("decision %d: making the board changed the state", n)
		}
		checkBoard(t, n, g.Roster(s), g.Next(s), b)
		check(t, s, b)
		if t.Failed() {
			t.Fatalf("decision %d: the board does not match the state %s", n, before)
		}
		p := g.Next(s)
		if p.Kind == engine.End || n == decisions {
			t.Logf("the boards of %d decisions checked, to round %d", n, b.Round)
			return
		}
		i := max(p.Default, 0)
		if _, err := enc.Submit(p.Actor, p.Options[i].Command, src); err != nil {
			t.Fatalf("decision %d: %s %s: %v", n, p.Actor, g.FormatCommand(p.Options[i].Command), err)
		}
	}
}

// checkBoard checks what every board must hold (see Boards).
func checkBoard[C any](t *testing.T, n int, roster []string, p engine.Prompt[C], b engine.Board) {
	t.Helper()
	current := 0
	for _, x := range b.Order {
		if x.Current {
			current++
		}
	}
	if current > 1 {
		t.Errorf("decision %d: %d entries of the order are current: %+v", n, current, b.Order)
	}
	var seen []string
	for _, pc := range b.Pieces {
		if !slices.Contains(roster, pc.ID) || slices.Contains(seen, pc.ID) {
			t.Errorf("decision %d: the piece %q is not a combatant, or twice on the board", n, pc.ID)
		}
		seen = append(seen, pc.ID)
	}
	if want := map[bool]string{true: "", false: p.Actor}[p.Kind == engine.End]; b.Deciding != want {
		t.Errorf("decision %d: the board says %q decides, the prompt %q", n, b.Deciding, want)
	}
}
