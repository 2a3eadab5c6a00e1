package dice

import (
	"fmt"
	"slices"
	"testing"
)

// keepOfByPlacing is the keep-highest/lowest dynamic program fray used before
// keepOf: it is kept here as the reference keepOf must agree with exactly.
// It returns the distribution of the sum of the k highest (or lowest) of
// n independent results of die.
//
// It walks the die's faces from the best (highest when keeping high) to the
// worst. The state is how many dice have been given a face so far and the
// sum of the kept ones; giving c of the remaining m dice the current face
// has C(m, c) * w^c ways, and the first k dice to get a face are the kept
// ones. This is polynomial in n, k and the number of faces, where listing
// every roll would be exponential in n.
func keepOfByPlacing(die *Dist, n, k int, high bool) *Dist {
	span := len(die.counts) - 1
	lo := die.min
	// dp[a][s]: weight of having placed a dice, the kept ones (min(a, k)
	// of them) summing to min(a, k)*lo + s.
	dp := make([][]count, n+1)
	for a := range dp {
		dp[a] = make([]count, min(a, k)*span+1)
	}
	dp[0][0] = small(1)
	binom := make([][]count, n+1)
	for m := range binom {
		binom[m] = binomials(m)
	}
	faces := make([]int, 0, len(die.counts))
	for i, c := range die.counts {
		if !c.IsZero() {
			faces = append(faces, i)
		}
	}
	if high {
		slices.Reverse(faces)
	}
	for _, f := range faces {
		pw := powers(die.counts[f], n)
		// In place, from the most placed dice down: each dp[a] has fed its
		// successors before anything is added to it.
		for a := n - 1; a >= 0; a-- {
			kept := min(a, k)
			for s, w := range dp[a] {
				if w.IsZero() {
					continue
				}
				for c := 1; c <= n-a; c++ {
					t := min(c, k-kept) // how many of these c are kept
					add := w.Mul(binom[n-a][c]).Mul(pw[c])
					cell := &dp[a+c][s+t*f]
					*cell = cell.Add(add)
				}
			}
		}
	}
	out := &Dist{min: k * lo, counts: dp[n], total: powers(die.total, n)[n]}
	return out.trim()
}

// TestKeepOfAgreesWithPlacing checks keepOf (both its programs) against the program it
// replaced, which carries every die to the end, over keep high and low of
// plain, exploding (to a default-style depth or a stated one, capped),
// divided and stepped dice: the weights, the range and the total, hence
// the probabilities and the uncovered mass, must be identical.
func TestKeepOfAgreesWithPlacing(t *testing.T) {
	var exprs []string
	for _, die := range []string{"d2", "d3", "d4", "d6", "d10", "d2!", "d3!", "d4!", "d6!", "d10!", "d4!2", "d6!1", "d10!3", "d10/2", "d10/3", "d8^+1!"} {
		for n := 1; n <= 6; n++ {
			for k := 1; k <= n; k++ {
				for _, mode := range []string{"kh", "kl"} {
					exprs = append(exprs, fmt.Sprintf("%d%s%s%d", n, die, mode, k))
				}
				if k < n {
					exprs = append(exprs, fmt.Sprintf("%d%sdl%d", n, die, k), fmt.Sprintf("%d%sdh%d", n, die, k))
				}
			}
		}
	}
	// At the default depth, the grid's first rows and larger ones, where
	// weights pass 64 bits.
	deep := []string{"10d10!kh5", "10d10!kl5", "12d6!kh11", "12d6!kl1", "30d6kh30", "30d6kl29", "20d4!dl3", "25d2!kh12", "9d6!kh8"}
	for _, text := range exprs {
		if text[0] <= '3' {
			deep = append(deep, text)
		}
	}
	for _, depth := range []int{2, 3, 10} {
		list := exprs
		if depth == 10 {
			list = deep
		}
		for _, text := range list {
			e := MustParse(text)
			g := &e.nodes[e.root].g
			die := g.dieDist(ExactOptions{ExplodeDepth: depth})
			high := g.keep == keepHigh
			want := keepOfByPlacing(die, g.count, g.keepN, high)
			if got := keepOf(die, g.count, g.keepN, high); !identicalDist(got, want) {
				t.Errorf("%s at depth %d: keepOf %v, by placing %v", text, depth, got, want)
			}
			// The word-array program, whether or not keepOf64 took it.
			if got := keepOfWide(die, g.count, g.keepN, high); !identicalDist(got, want) {
				t.Errorf("%s at depth %d: keepOfWide %v, by placing %v", text, depth, got, want)
			}
		}
	}
}

// identicalDist reports whether a and b have the same range, weights and
// total, not merely the same probabilities.
func identicalDist(a, b *Dist) bool {
	if a.min != b.min || len(a.counts) != len(b.counts) || a.total.Cmp(b.total) != 0 {
		return false
	}
	for i := range a.counts {
		if a.counts[i].Cmp(b.counts[i]) != 0 {
			return false
		}
	}
	return true
}
