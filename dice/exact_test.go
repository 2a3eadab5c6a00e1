package dice

import (
	"errors"
	"math/big"
	"runtime"
	"testing"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad fraction " + s)
	}
	return r
}

func mustDist(t *testing.T, text string) *Dist {
	t.Helper()
	d, err := MustParse(text).Dist()
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return d
}

func TestExactValues(t *testing.T) {
	cases := []struct {
		expr  string
		value int
		p     string
	}{
		{"3d6", 10, "1/8"},
		{"3d6", 3, "1/216"},
		{"2d10kh1", 10, "19/100"},
		{"2d10kh1", 1, "1/100"},
		{"2d20kl1", 1, "39/400"},
		{"d10/2", 4, "3/10"},
		{"d10/2", 5, "1/10"},
		{"d10/3", 4, "1/10"},
		{"d10/4", 1, "2/5"},
		{"d10/4", 3, "1/5"},
		{"4d6kh3", 18, "21/1296"},
		{"4d6kh3", 3, "1/1296"},
		{"6d6>=5", 2, "80/243"},     // C(6,2)(1/3)^2(2/3)^4
		{"6d6>=5", 6, "1/729"},      // (1/3)^6
		{"6d6=6", 0, "15625/46656"}, // (5/6)^6
		{"2d10^+1", 24, "1/144"},    // two d12s
		{"d4^-2", 4, "1/4"},         // clamped at d4
		{"d6!2", 18, "1/216"},       // three sixes
		{"d6!2", 6, "0"},            // a six always explodes
		{"d6!2", 7, "1/36"},
		{"d20-d4", -3, "1/80"},
		{"(d6+1)*2", 14, "1/6"},
		{"d6*d6", 12, "1/9"}, // 2x6, 6x2, 3x4, 4x3
		{"d%", 100, "1/100"},
		{"7", 7, "1"},
	}
	for _, c := range cases {
		d := mustDist(t, c.expr)
		if got := d.P(c.value); got.Cmp(rat(c.p)) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", c.expr, c.value, got.RatString(), c.p)
		}
	}
}

func TestExactMeans(t *testing.T) {
	cases := []struct{ expr, mean string }{
		{"3d6", "21/2"},
		{"4d6kh3", "15869/1296"},
		{"2d10kh1", "143/20"},
		{"d10/2", "29/10"},
		{"6d6>=5", "2"},
		{"d20+5", "31/2"},
		{"-d6", "-7/2"},
		{"d6!2", "301/72"}, // 3.5 + 3.5/6 + 3.5/36
	}
	for _, c := range cases {
		if got := mustDist(t, c.expr).Mean(); got.Cmp(rat(c.mean)) != 0 {
			t.Errorf("%s: mean %s, want %s", c.expr, got.RatString(), c.mean)
		}
	}
}

func TestSummaryStatistics(t *testing.T) {
	d := mustDist(t, "3d6")
	if got := d.Variance(); got.Cmp(rat("35/4")) != 0 {
		t.Errorf("3d6 variance %s, want 35/4", got.RatString())
	}
	if d.Median() != 10 || d.Percentile(0.05) != 6 || d.Percentile(0.95) != 15 || d.Percentile(1) != 18 {
		t.Errorf("3d6 percentiles: median %d, p5 %d, p95 %d, p100 %d", d.Median(), d.Percentile(0.05), d.Percentile(0.95), d.Percentile(1))
	}
	if got := d.AtLeast(10); got.Cmp(rat("5/8")) != 0 {
		t.Errorf("3d6 P(>=10) = %s, want 5/8", got.RatString())
	}
	if got := d.AtMost(10); got.Cmp(rat("1/2")) != 0 {
		t.Errorf("3d6 P(<=10) = %s, want 1/2", got.RatString())
	}
	if d.Min() != 3 || d.Max() != 18 || len(d.Outcomes()) != 16 {
		t.Errorf("3d6 spans %d..%d with %d outcomes", d.Min(), d.Max(), len(d.Outcomes()))
	}
}

func TestOutcomesSumToOneUnlessTruncated(t *testing.T) {
	for _, text := range []string{"3d6", "4d6kh3", "10d10kh3", "d10/3+2d10/2", "6d6>=5", "d6*d8-d4", "2d10^+1!3"} {
		d := mustDist(t, text)
		sum := new(big.Rat)
		for _, o := range d.Outcomes() {
			sum.Add(sum, o.P)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 || d.Truncated().Sign() != 0 {
			t.Errorf("%s: outcomes sum to %s, truncated %s", text, sum.RatString(), d.Truncated().RatString())
		}
	}
}

func TestExplodingTailIsReportedExactly(t *testing.T) {
	d, err := MustParse("d6!").Exact(ExactOptions{ExplodeDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Four sixes in a row would go on: 1/6^4 is not covered.
	if got := d.Truncated(); got.Cmp(big.NewRat(1, 1296)) != 0 {
		t.Errorf("truncated %s, want 1/1296", got.RatString())
	}
	if d.Max() != 23 || d.P(23).Cmp(big.NewRat(1, 1296)) != 0 {
		t.Errorf("max %d with P %s; want 23 (6+6+6+5) at 1/1296", d.Max(), d.P(23).RatString())
	}
	// Three independent dice: the tail is 1 - (1 - 1/1296)^3.
	d3, err := MustParse("3d6!").Exact(ExactOptions{ExplodeDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	keep := big.NewRat(1295, 1296)
	want := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(keep, new(big.Rat).Mul(keep, keep)))
	if got := d3.Truncated(); got.Cmp(want) != 0 {
		t.Errorf("3d6! tail %s, want %s", got.RatString(), want.RatString())
	}
	// The default depth leaves 6^-11 per die.
	if got := mustDist(t, "d6!").Truncated(); got.Cmp(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(11), nil))) != 0 {
		t.Errorf("d6! at the default depth leaves %s uncovered, want 1/6^11", got.RatString())
	}
}

// Every form's exact distribution must equal the one found by running Roll
// under the enumerating Source, which knows nothing of convolutions or
// order statistics.
func TestExactAgreesWithEnumeratingRoll(t *testing.T) {
	forms := []string{
		"3d6", "d20+5", "4d6kh3", "4d6dl1", "5d4dh2", "2d10kh1", "2d20kl1", "3d6kl2",
		"d10/2", "d10/3", "2d10/4+1", "d6!3", "2d4!2", "d4!2kh1", "3d4!1kl2",
		"3d3!2kh2", "3d4!2dl1", "4d2!3kl3", "3d6!1dh1", "2d10/3kh1",
		"2d10^+1", "d8^-2", "d10^+1!2", "6d4>=3", "4d6>4", "3d6<=2", "4d4<2", "3d6=6",
		"d6-d4", "-2d4", "d6*d4", "(d4+1)*(d4-2)", "2*d6-3", "d%",
	}
	for _, text := range forms {
		e := MustParse(text)
		exact, err := e.Dist()
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		enum, err := EnumerateDist(func(s Source) (int, error) { return e.Roll(s), nil }, EnumerateOptions{})
		if err != nil {
			t.Fatalf("%s: enumerate: %v", text, err)
		}
		if !sameDist(exact, enum) {
			t.Errorf("%s: exact and enumerated distributions differ", text)
		}
	}
}

func sameDist(a, b *Dist) bool {
	if a.Truncated().Cmp(b.Truncated()) != 0 {
		return false
	}
	ao, bo := a.Outcomes(), b.Outcomes()
	if len(ao) != len(bo) {
		return false
	}
	for i := range ao {
		if ao[i].Value != bo[i].Value || ao[i].P.Cmp(bo[i].P) != 0 {
			return false
		}
	}
	return true
}

func TestTooCostlyIsRefusedAtOnce(t *testing.T) {
	for _, text := range []string{"10000d10000", "1000d1000kh500", "10000d6!", "d1000000*d1000000", "1000d100", "d1000000!100>=5", "d2*100000000"} {
		e := MustParse(text)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := e.Dist()
		runtime.ReadMemStats(&after)
		var tc *TooCostlyError
		if !errors.As(err, &tc) {
			t.Errorf("%s: err = %v, want *TooCostlyError", text, err)
			continue
		}
		// The refusal is an estimate, not a computation: measured by the
		// memory it takes, which unlike time does not depend on the load.
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%s: %d KiB allocated to refuse it", text, n>>10)
		}
	}
}

func TestLargeButReasonableIsExact(t *testing.T) {
	// 100d6's weights overflow 64 bits: the big-integer path must agree
	// with symmetry and the known mean.
	d := mustDist(t, "100d6")
	if d.Mean().Cmp(big.NewRat(350, 1)) != 0 {
		t.Errorf("100d6 mean %s", d.Mean().RatString())
	}
	if d.P(100).Cmp(d.P(600)) != 0 || d.P(349).Cmp(d.P(351)) != 0 {
		t.Error("100d6 is not symmetric")
	}
	want := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(100), nil))
	if d.P(100).Cmp(want) != 0 {
		t.Errorf("100d6 P(100) = %s, want 1/6^100", d.P(100).RatString())
	}
	// Keep-highest with weights beyond 64 bits, checked against a sum.
	if got, want := mustDist(t, "30d6kh30").Mean(), mustDist(t, "30d6").Mean(); got.Cmp(want) != 0 {
		t.Errorf("30d6kh30 mean %s, 30d6 mean %s", got.RatString(), want.RatString())
	}
}

// Keeping over exploding dice leaves out exactly the rolls in which some
// die's chain went deeper than the depth followed, as summing does.
func TestExplodingKeepTail(t *testing.T) {
	for _, c := range []struct {
		text      string
		n         int64
		tailOfDie *big.Rat
	}{
		{"10d10!kh5", 10, big.NewRat(1, 100000000000)}, // 10^-11 per die
		{"10d10!kl5", 10, big.NewRat(1, 100000000000)},
		{"8d6!dl2", 8, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(11), nil))},
		{"20d10!kh3", 20, big.NewRat(1, 100000000000)}, // too costly for the program before keepOf
	} {
		d := mustDist(t, c.text)
		kept := new(big.Rat).Sub(big.NewRat(1, 1), c.tailOfDie)
		all := new(big.Rat).SetInt64(1)
		for range c.n {
			all.Mul(all, kept)
		}
		want := new(big.Rat).Sub(big.NewRat(1, 1), all)
		if got := d.Truncated(); got.Cmp(want) != 0 {
			t.Errorf("%s: truncated %s, want %s", c.text, got.FloatString(30), want.FloatString(30))
		}
	}
	// The same keep at a stated depth covers everything.
	if got := mustDist(t, "10d10!3kh5").Truncated(); got.Sign() != 0 {
		t.Errorf("10d10!3kh5: truncated %s, want 0", got.RatString())
	}
}
