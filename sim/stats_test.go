package sim

import (
	"math"
	"strings"
	"testing"
)

// TestWilson checks the interval against published values (Newcombe 1998,
// table I, and the usual textbook examples) and its edges.
func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		k, n      int64
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{500, 1000, 0.4691, 0.5309},
	} {
		low, high := Wilson(tt.k, tt.n)
		if math.Abs(low-tt.low) > 5e-5 || math.Abs(high-tt.high) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, low, high, tt.low, tt.high)
		}
	}
	if low, high := Wilson(0, 0); low != 0 || high != 1 {
		t.Errorf("Wilson(0, 0) = [%v, %v], want [0, 1]", low, high)
	}
	r := NewRate(30, 100)
	if r.Count != 30 || r.Rate != 0.3 || !r.Contains(0.3) || r.Contains(0.5) || r.Contains(0.1) {
		t.Errorf("NewRate(30, 100) = %+v", r)
	}
}

func TestRounds(t *testing.T) {
	// 10 fights: 2 ended in round 1, 5 in round 2, 2 in round 3, 1 in 7.
	counts := []int64{0, 2, 5, 2, 0, 0, 0, 1}
	r := newRounds(counts)
	want := Rounds{Fights: 10, Mean: 2.5, Median: 2, P95: 7, Min: 1, Max: 7}
	if r.Fights != want.Fights || math.Abs(r.Mean-want.Mean) > 1e-12 || r.Median != want.Median || r.P95 != want.P95 || r.Min != want.Min || r.Max != want.Max {
		t.Errorf("newRounds = %+v, want %+v", *r, want)
	}
	if len(r.Histogram) != 7 || r.Histogram[0] != (Bin{1, 2}) || r.Histogram[6] != (Bin{7, 1}) {
		t.Errorf("histogram %v", r.Histogram)
	}
	if newRounds([]int64{0, 0}) != nil || newRounds(nil) != nil {
		t.Error("rounds of no fights are not nil")
	}
	// Nearest rank: the median of 1, 2 is 1; p95 of 20 fights is the 19th.
	if q := quantile([]int64{0, 1, 1}, 2, 0.5); q != 1 {
		t.Errorf("median of 1, 2 = %d", q)
	}
	if q := quantile([]int64{0, 18, 1, 1}, 20, 0.95); q != 2 {
		t.Errorf("p95 = %d, want 2", q)
	}

	var b strings.Builder
	if err := r.WriteHistogram(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 7 || !strings.Contains(lines[1], strings.Repeat("█", barWidth)+" 5  50.0%") || !strings.HasPrefix(lines[3], "  4 │ ") {
		t.Errorf("histogram:\n%s", b.String())
	}
	// Long ranges are grouped into at most maxRows rows.
	wide := make([]int64, 101)
	for i := 1; i <= 100; i++ {
		wide[i] = 1
	}
	b.Reset()
	if err := newRounds(wide).WriteHistogram(&b); err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(b.String(), "\n"); rows > maxRows || !strings.Contains(b.String(), "1-5 │") {
		t.Errorf("%d rows:\n%s", rows, b.String())
	}
}
