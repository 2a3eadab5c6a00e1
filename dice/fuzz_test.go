package dice

import (
	"errors"
	"math/big"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser. Whatever it accepts must
// print back to an equal expression, roll within its bounds, and, when small
// enough, have an exact distribution that sums to one. Whatever it rejects
// must be a *SyntaxError pointing inside or just past the text.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"3d6", "4d6kh3", "2d10kh1+5", "d10/2", "3d6!", "d6!3", "2d10^+1!", "6d6>=5",
		"(d6+1)*2", "-d4", "d%", "4d6dl1", "2d20kl1", "3d+5", "", "((", "d6//2", "1d6k",
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
		src := Seeded(1)
		for range 20 {
			v := e.Roll(src)
			if (hasLo && v < lo) || (hasHi && v > hi) {
				t.Fatalf("%s rolled %d outside %d..%d", canon, v, lo, hi)
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
