package woundslots

import (
	"math/big"
	"testing"

	"fray/dice"
)

// rollOnly hides every method of a source but Roll, so that the rules draw
// their dice one by one as at the table.
type rollOnly struct{ src dice.Source }

func (r rollOnly) Roll(sides int) int { return r.src.Roll(sides) }

// tieOrder enumerates the tie-break of a three-way initiative where two
// combatants are tied at the top, each from first dice given, and returns
// the distribution of "first actor, its die, the other's die".
func tieOrder(t *testing.T, dieA, dieB int, whole bool) *dice.Enumeration[[3]int] {
	t.Helper()
	e, err := dice.Enumerate(func(src dice.Source) ([3]int, error) {
		s := &State{Phase: Acting, Round: 1, Combatants: []Combatant{
			{ID: "b", Status: Active, Initiative: 15, TieBreak: dieB},
			{ID: "a", Status: Active, Initiative: 15, TieBreak: dieA},
			{ID: "c", Status: Active, Initiative: 9},
		}}
		r := &run{s: s, src: src}
		if !whole {
			r.src = rollOnly{src}
		}
		first := 0
		if r.pickNext() == "b" {
			first = 1
		}
		return [3]int{first, s.Combatants[1].TieBreak, s.Combatants[0].TieBreak}, nil
	}, dice.EnumerateOptions{MaxPaths: 1 << 20, MaxDraws: 20})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestTiePairDrawnWhole checks A15's redraws of a pair tied at the top
// drawn whole for exact odds against the same redraws die by die: the same
// order and the same dice, each with the same probability but for the
// die-by-die chains past 20 dice (20^-19 in all), in 38 paths instead of
// thousands.
func TestTiePairDrawnWhole(t *testing.T) {
	for _, dies := range [][2]int{{7, 7}, {1, 1}, {20, 20}, {3, 12}} {
		each := tieOrder(t, dies[0], dies[1], false)
		whole := tieOrder(t, dies[0], dies[1], true)
		if whole.Truncated.Sign() != 0 {
			t.Fatalf("%v: the whole draw left out %v", dies, whole.Truncated)
		}
		if len(each.Outcomes) != len(whole.Outcomes) {
			t.Fatalf("%v: %d outcomes die by die, %d whole", dies, len(each.Outcomes), len(whole.Outcomes))
		}
		// Die by die leaves out the chains past 20 dice; they are all
		// the whole draw may add to an outcome.
		for _, o := range each.Outcomes {
			diff := new(big.Rat).Sub(whole.P(o.Value), o.P)
			if diff.Sign() < 0 || diff.Cmp(each.Truncated) > 0 {
				t.Errorf("%v: %v is %v whole, %v die by die (%v left out)", dies, o.Value, whole.P(o.Value), o.P, each.Truncated)
			}
		}
		if dies[0] != dies[1] {
			if whole.Paths != 1 || each.Paths != 1 {
				t.Errorf("%v: no tie, yet %d and %d paths", dies, whole.Paths, each.Paths)
			}
			continue
		}
		if whole.Paths != 38 {
			t.Errorf("%v: %d paths whole, want 38", dies, whole.Paths)
		}
		// "a" draws first (ascending ids): it ends on the other die with
		// probability 20/21, each of the 19 values alike.
		if got := whole.P([3]int{0, dies[0]%20 + 1, dies[1]}); dies[0] < 20 && got.Cmp(big.NewRat(20, 21*19)) != 0 {
			t.Errorf("%v: a ends one higher with %v, want 20/399", dies, got)
		}
		a := new(big.Rat)
		for _, o := range whole.Outcomes {
			if o.Value[0] == 0 {
				a.Add(a, o.P)
			}
		}
		want := big.NewRat(int64(20*(20-dies[0])+(dies[0]-1)), 399)
		if a.Cmp(want) != 0 {
			t.Errorf("%v: a first with %v, want %v", dies, a, want)
		}
	}
}
