package dice

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
)

// classesOf lists the classes of a die as [lo, hi] pairs.
func classesOf(c Classes, sides int) [][2]int {
	var out [][2]int
	for lo := 1; lo <= sides; {
		hi := c.span(sides, lo)
		out = append(out, [2]int{lo, hi})
		lo = hi + 1
	}
	return out
}

func TestClassesSplitTheFaces(t *testing.T) {
	cases := []struct {
		name  string
		c     Classes
		sides int
		want  string
	}{
		{"one class", 0, 10, "[[1 10]]"},
		{"every value", EveryValue, 4, "[[1 1] [2 2] [3 3] [4 4]]"},
		{"a threshold", Cuts(7), 10, "[[1 6] [7 10]]"},
		{"a threshold and a natural 10", Cuts(4, 10), 10, "[[1 3] [4 9] [10 10]]"},
		{"cuts out of range add nothing", Cuts(-3, 0, 1, 11, 64, 100), 10, "[[1 10]]"},
		{"a threshold, each value above", Cuts(8).Each(8, 10), 10, "[[1 7] [8 8] [9 9] [10 10]]"},
		{"each value in the middle", Classes(0).Each(3, 5), 10, "[[1 2] [3 3] [4 4] [5 5] [6 10]]"},
		{"cuts beyond a smaller die", Cuts(3, 7), 6, "[[1 2] [3 6]]"},
		{"a d100 is read in full", Cuts(50), 100, ""},
		{"the largest die divided", Cuts(63), 63, "[[1 62] [63 63]]"},
	}
	for _, c := range cases {
		got := classesOf(c.c, c.sides)
		if c.want == "" {
			if len(got) != c.sides {
				t.Errorf("%s: %d classes, want %d", c.name, len(got), c.sides)
			}
			continue
		}
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
		if n := c.c.Count(c.sides); n != len(got) {
			t.Errorf("%s: Count = %d, want %d", c.name, n, len(got))
		}
	}
}

// TestEachIsCutAtEveryValue checks Each against its definition: Cut at
// every value from lo (at least 1) to hi+1, at most 64.
func TestEachIsCutAtEveryValue(t *testing.T) {
	bounds := []int{math.MinInt, -5, 0, 1, 2, 3, 9, 10, 11, 61, 62, 63, 64, 100, math.MaxInt}
	for _, base := range []Classes{0, Cuts(5), EveryValue} {
		for _, lo := range bounds {
			for _, hi := range bounds {
				want := base
				for v := max(lo, 1); v <= min(hi, 63)+1; v++ {
					want = want.Cut(v)
				}
				if got := base.Each(lo, hi); got != want {
					t.Errorf("%#x.Each(%d, %d) = %#x, want %#x", uint64(base), lo, hi, uint64(got), uint64(want))
				}
			}
		}
	}
}

func TestRollClassesFromATableSourceIsRoll(t *testing.T) {
	a, b := Seeded(7), Seeded(7)
	for i := range 1000 {
		if x, y := RollClasses(a, 10, Cuts(6)), b.Roll(10); x != y {
			t.Fatalf("roll %d: RollClasses gave %d, Roll %d", i, x, y)
		}
	}
	// A Counted draws the PCG's stream, by Roll or by classes, and counts
	// every die.
	c, d := &Counted{PCG: *Seeded(9)}, Seeded(9)
	for i := range 1000 {
		var x int
		if i%2 == 0 {
			x = c.Roll(6)
		} else {
			x = RollClasses(c, 6, Cuts(3))
		}
		if y := d.Roll(6); x != y {
			t.Fatalf("roll %d: the counted PCG gave %d, the PCG %d", i, x, y)
		}
	}
	if c.Drawn != 1000 {
		t.Errorf("counted %d dice, want 1000", c.Drawn)
	}
	rec := &Recorder{Source: NewScript(4, 9)}
	if v := RollClasses(rec, 10, Cuts(5)); v != 4 {
		t.Errorf("a scripted 4 read by classes gave %d", v)
	}
	if v := RollClasses(rec, 10, 0); v != 9 || len(rec.Draws) != 2 {
		t.Errorf("a scripted 9 read by one class gave %d; recorded %v", v, rec.Draws)
	}
}

// classedAttack is attack (see enumerate_test.go) drawing its dice by the
// classes it reads them by: the attack roll against the difficulty and a
// natural 10, the damage die for a 10 (a second attack) and its value.
func classedAttack(bonus, difficulty int) func(Source) (int, error) {
	hits := func(src Source) bool {
		d := RollClasses(src, 10, Cuts(difficulty-bonus, 10))
		return d == 10 || d+bonus >= difficulty
	}
	return func(src Source) (int, error) {
		if !hits(src) {
			return 0, nil
		}
		dmg := src.Roll(10)
		if dmg == 10 && hits(src) {
			dmg += src.Roll(10)
		}
		return dmg, nil
	}
}

func TestEnumerateFollowsClasses(t *testing.T) {
	plain, err := Enumerate(attack(3, 7), EnumerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, every := range []bool{false, true} {
		for _, workers := range []int{1, 3} {
			name := fmt.Sprintf("every value %v, %d workers", every, workers)
			en, err := EnumerateParallel(func() func(Source) (int, error) { return classedAttack(3, 7) }, workers, EnumerateOptions{EveryValue: every})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !sameOutcomes(en, plain) {
				t.Errorf("%s: %v, want %v", name, en.Outcomes, plain.Outcomes)
			}
			// By classes: a miss; a hit (4-9) or a 10, each with 10
			// damage dice, and a damage 10 with a second miss or hit.
			want := 1 + 2*(9+1+2*10)
			if every {
				want = plain.Paths
			}
			if en.Paths != want {
				t.Errorf("%s: %d paths, want %d", name, en.Paths, want)
			}
		}
	}
}

// sameOutcomes reports whether two enumerations give every result the
// same probability.
func sameOutcomes[T comparable](a, b *Enumeration[T]) bool {
	if len(a.Outcomes) != len(b.Outcomes) || a.Truncated.Cmp(b.Truncated) != 0 {
		return false
	}
	for _, o := range a.Outcomes {
		if b.P(o.Value).Cmp(o.P) != 0 {
			return false
		}
	}
	return true
}

func TestEnumerateClassesCutAndBudget(t *testing.T) {
	// A chain of 10s: each die read as "10 or not", the chain cut at 3
	// dice; the cut-off part is 1/1000 however the dice are divided.
	chain := func(src Source) (int, error) {
		n := 0
		for RollClasses(src, 10, Cuts(10)) == 10 {
			n++
		}
		return n, nil
	}
	en, err := Enumerate(chain, EnumerateOptions{MaxDraws: 3})
	if err != nil {
		t.Fatal(err)
	}
	if en.Paths != 4 || en.Truncated.Cmp(rat("1/1000")) != 0 || en.P(0).Cmp(rat("9/10")) != 0 || en.P(2).Cmp(rat("9/1000")) != 0 {
		t.Errorf("paths %d, truncated %s, P(0) %s, P(2) %s", en.Paths, en.Truncated.RatString(), en.P(0).RatString(), en.P(2).RatString())
	}
	part, err := Enumerate(chain, EnumerateOptions{MaxDraws: 3, MaxPaths: 2, Partial: true})
	if err != nil {
		t.Fatal(err)
	}
	if part.Paths != 2 || part.Unexplored.Cmp(rat("1/100")) != 0 {
		t.Errorf("partial: paths %d, unexplored %s, want 2 and 1/100", part.Paths, part.Unexplored.RatString())
	}
}

func TestEnumerateDetectsClassesThatChange(t *testing.T) {
	calls := 0
	_, err := Enumerate(func(src Source) (int, error) {
		calls++
		first := RollClasses(src, 10, Cuts(5))
		// The second die's classes depend on something other than the
		// dice: not deterministic.
		return first + RollClasses(src, 6, Cuts(calls%6+1)), nil
	}, EnumerateOptions{})
	var nd *NondeterministicError
	if !errors.As(err, &nd) || !slices.Equal(nd.Path, []Draw{{Sides: 10, Value: 1}}) {
		t.Errorf("got %v, want a NondeterministicError after d10=1", err)
	}
}
