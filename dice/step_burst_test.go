package dice

import (
	"math/big"
	"testing"
)

// TestStepDiceBurstOnEveryRank checks that a step die explodes ("bursts")
// on every rank of the ladder, d4 to d20: a d10 stepped to each rank and
// exploding has the distribution of that die exploding, the chance of
// each face below the maximum is 1/sides, of the maximum plus a face v
// below it 1/sides², and the mass of the chains not followed is stated.
// These are the bonus dice of the vigor ruleset.
func TestStepDiceBurstOnEveryRank(t *testing.T) {
	for steps, sides := range []int{4, 6, 8, 10, 12, 20} {
		stepped := MustParse("d10^" + signed(steps-3) + "!")
		plain := MustParse("d" + itoa(sides) + "!")
		a, err := stepped.Exact(ExactOptions{ExplodeDepth: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := plain.Exact(ExactOptions{ExplodeDepth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if a.Min() != b.Min() || a.Max() != b.Max() || a.Truncated().Cmp(b.Truncated()) != 0 {
			t.Fatalf("%s and %s differ: %d..%d vs %d..%d", stepped.Text(), plain.Text(), a.Min(), a.Max(), b.Min(), b.Max())
		}
		for v := a.Min(); v <= a.Max(); v++ {
			if a.P(v).Cmp(b.P(v)) != 0 {
				t.Fatalf("%s: P(%d) = %v, %s gives %v", stepped.Text(), v, a.P(v), plain.Text(), b.P(v))
			}
		}
		n := int64(sides)
		if got, want := a.P(1), big.NewRat(1, n); got.Cmp(want) != 0 {
			t.Errorf("%s: P(1) = %v, want %v", stepped.Text(), got, want)
		}
		if got, want := a.P(sides), new(big.Rat); got.Cmp(want) != 0 {
			t.Errorf("%s: P(%d) = %v: the maximum always bursts", stepped.Text(), sides, got)
		}
		if got, want := a.P(sides+1), big.NewRat(1, n*n); got.Cmp(want) != 0 {
			t.Errorf("%s: P(%d) = %v, want %v", stepped.Text(), sides+1, got, want)
		}
		// Depth 3 follows three extra dice; the fourth maximum in a row
		// is left out: 1/sides⁴.
		if got, want := a.Truncated(), big.NewRat(1, n*n*n*n); got.Cmp(want) != 0 {
			t.Errorf("%s: truncated %v, want %v", stepped.Text(), got, want)
		}
	}
}

// TestBurstChainsAreDrawnAfterTheirDie checks the draw order of a vigor
// roll: the d20, then each bonus die with its whole chain right after it.
func TestBurstChainsAreDrawnAfterTheirDie(t *testing.T) {
	e := MustParse("d20+2d10^-1!") // Wounded: d8s
	src := NewScriptOf(Forced{Sides: 20, Value: 10}, Forced{Sides: 8, Value: 8}, Forced{Sides: 8, Value: 1}, Forced{Sides: 8, Value: 2})
	if got := e.Roll(src); got != 21 {
		t.Errorf("d20=10 + 2d8 [8!+1, 2] = %d, want 21", got)
	}
}

func signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }
