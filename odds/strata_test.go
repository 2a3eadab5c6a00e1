package odds

import (
	"math"
	"testing"

	"fray/dice"
)

// Every block of resolutions takes one position from each of its
// stretches of [0, 1), and the dice drawn from a position are spread as
// evenly as the position: over a block, a d10 drawn first shows each
// face five times.
func TestStrataSpreadTheirPositions(t *testing.T) {
	var roll stratSource
	for block := range 4 {
		s := newDealer(dice.Seeded(uint64(7 + block)))
		var seen [stratumBlock]bool
		faces := map[int]int{}
		for range stratumBlock {
			at, u := s.next()
			if seen[at] || u < float64(at)/stratumBlock || u >= float64(at+1)/stratumBlock {
				t.Fatalf("block %d: stretch %d again or position %v outside it", block, at, u)
			}
			seen[at] = true
			roll.on(dice.Seeded(1), u, 1)
			faces[roll.Roll(10)]++
		}
		for f := 1; f <= 10; f++ {
			if faces[f] != stratumBlock/10 {
				t.Errorf("block %d: face %d %d times, want %d", block, f, faces[f], stratumBlock/10)
			}
		}
	}
}

// What a frequency is worth: as many resolutions as were played when the
// pairs of neighbouring stretches differ as independent ones would, more
// (up to maxGain times) when they never differ, and as many when the
// frequency is 0 or 1, whatever the pairs.
func TestWorth(t *testing.T) {
	for _, c := range []struct {
		n, count, pairs, apart int
		want                   float64
	}{
		{1000, 500, 500, 250, 1000},
		{1000, 500, 500, 400, 1000},
		{1000, 500, 500, 0, maxGain * 1000},
		{1000, 500, 500, 125, 2000},
		{1000, 0, 500, 0, 1000},
		{1000, 1000, 500, 0, 1000},
		{1000, 500, 0, 0, 1000},
	} {
		if got := worth(c.n, c.count, c.pairs, c.apart); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("worth(%d, %d, %d, %d) = %v, want %v", c.n, c.count, c.pairs, c.apart, got, c.want)
		}
	}
}

// belowOne is the float64 just below 1, which positions stay under.
func TestBelowOneIsJustBelowOne(t *testing.T) {
	if belowOne != math.Nextafter(1, 0) {
		t.Fatalf("belowOne = %v, want %v", belowOne, math.Nextafter(1, 0))
	}
}
