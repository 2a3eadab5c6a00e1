package dice

import (
	"errors"
	"math/big"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser. Whatever it accepts must
// print back to an equal expression, roll within its bounds (RollDetailed
// to the same total as Roll), and, when small enough, have an exact
// distribution that sums to one. Whatever it rejects must be a
// *SyntaxError pointing inside or just past the text. The seeds cover
// every form, the Foundry and Roll20 ones included.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"3d6", "4d6kh3", "2d10kh1+5", "d10/2", "3d6!", "d6!3", "2d10^+1!", "6d6>=5",
		"(d6+1)*2", "-d4", "d%", "4d6dl1", "2d20kl1", "3d+5", "", "((", "d6//2", "1d6k",
		"4dF", "8d6cs>4", "8d6cf", "2d6r1", "2d6r<2", "2d6ro1", "d6rr1", "3d6!!", "4d6min2", "4d6max5",
		"(2d6+3)/2", "2d8x", "5d10x>=9", "4d6xo", "6d10x10cs>=8", "floor(d20/3)", "ceil((d6-4)/3)",
		"round(d%/7)", "d10 / 2", "4dFr<0kh2", "3d6rr<3!!min4", "d6/(d4-2)", "d6rr<7", "4d6xkh3",
		"5d10x>=9kl2", "3d6xmax5kh1", "4d6xdl1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := Parse(text)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error %v is not a *SyntaxError", text, err)
			}
			if se.Column < 1 || se.Column > len([]rune(se.Expr))+1 {
				t.Fatalf("Parse(%q): column %d outside the text", text, se.Column)
			}
			return
		}
		canon := e.String()
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", canon, text, err)
		}
		if again.String() != canon {
			t.Fatalf("canonical form unstable: %q -> %q", canon, again.String())
		}
		lo, hasLo := e.Min()
		hi, hasHi := e.Max()
		if len(e.nodes) > 50 {
			return // keep each fuzz input quick
		}
		src, detailed := Seeded(1), Seeded(1)
		for range 20 {
			v := e.Roll(src)
			if (hasLo && v < lo) || (hasHi && v > hi) {
				t.Fatalf("%s rolled %d outside %d..%d", canon, v, lo, hi)
			}
			if r := e.RollDetailed(detailed); r.Total != v {
				t.Fatalf("%s: RollDetailed gave %d where Roll gave %d", canon, r.Total, v)
			}
		}
		d, err := e.Exact(ExactOptions{MaxWork: 1e5, ExplodeDepth: 3})
		if err != nil {
			var tc *TooCostlyError
			if !errors.As(err, &tc) {
				t.Fatalf("Exact(%s): %v", canon, err)
			}
			return
		}
		sum := new(big.Rat).Set(d.Truncated())
		for _, o := range d.Outcomes() {
			sum.Add(sum, o.P)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("%s: probabilities sum to %s", canon, sum.RatString())
		}
		if (hasLo && d.Min() < lo) || (hasHi && d.Max() > hi) {
			t.Fatalf("%s: exact range %d..%d outside %d..%d", canon, d.Min(), d.Max(), lo, hi)
		}
	})
}
