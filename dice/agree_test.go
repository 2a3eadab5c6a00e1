package dice

import (
	"math"
	"testing"
)

// Every supported form: a million seeded rolls must agree with the exact
// distribution. Pearson's chi-square over the outcomes must stay below a
// bound a correct roller exceeds with probability far below one in a
// million, and each outcome's count must lie within 5 standard deviations
// of its expectation. (Over the two thousand or so outcomes checked here,
// a 4-sigma bound would be crossed by chance about one run in ten: seed
// 1012 puts 3d6!'s 14 at 4.07 sigma, while the enumerator confirms its
// probability of exactly 1/18.)
func TestRollsAgreeWithExactDistribution(t *testing.T) {
	forms := []string{
		"3d6", "d20+5", "4d6kh3", "4d6dl1", "2d10kh1", "2d20kl1", "10d10kh3", "2d10kh1+5",
		"d10/2", "d10/3", "d10/4", "2d10/2", "3d6!", "d8!", "d6!2", "4d6!kh3",
		"2d10^+1", "d10^-2", "d20+2d10^+1!", "6d6>=5", "8d10>7", "5d6<=2", "4d20=20",
		"d6*d4", "d20-d4-2", "d%",
		"2d6r1", "d6rr<3", "2d6ro>4", "4dF", "3d6!!", "4d6min2", "2d6max4", "(2d6+3)/2", "ceil(d20/3)",
		"round((d6-4)/4)", "d20/d4", "2d8x", "d6xo", "6d10x10cs>=8", "8d6cs>4", "8d6cf<=2", "4d6r1kh3",
		"4dFcs", "3d6rr1!min4", "4d6xo>=5max5", "4d6xkh3", "5d10x>=9kl2",
	}
	const n = 1000000
	if testing.Short() {
		forms = forms[:4]
	}
	for i, text := range forms {
		t.Run(text, func(t *testing.T) {
			t.Parallel()
			e := MustParse(text)
			exact, err := e.Dist()
			if err != nil {
				t.Fatal(err)
			}
			min, max := exact.Min(), exact.Max()
			counts := make([]int, max-min+1)
			src := Seeded(uint64(1000 + i))
			beyond := 0
			for range n {
				v := e.Roll(src)
				if v < min || v > max {
					// Only an explosion deeper than Exact followed may
					// land outside; it must be as rare as the tail says.
					beyond++
					continue
				}
				counts[v-min]++
			}
			tail, _ := exact.Truncated().Float64()
			if limit := float64(n)*tail + 4*math.Sqrt(float64(n)*tail) + 1; float64(beyond) > limit {
				t.Errorf("%d rolls beyond the covered range, expected about %.2g", beyond, float64(n)*tail)
			}
			chi2, cells := 0.0, 0
			for _, o := range exact.Outcomes() {
				p, _ := o.P.Float64()
				mean := n * p
				sd := math.Sqrt(n * p * (1 - p))
				got := float64(counts[o.Value-min])
				if math.Abs(got-mean) > 5*sd+1 {
					t.Errorf("value %d: %v rolls, expected %.1f ± %.1f", o.Value, got, mean, sd)
				}
				if mean >= 5 {
					chi2 += (got - mean) * (got - mean) / mean
					cells++
				}
			}
			// Chi-square with k degrees of freedom: mean k, sd sqrt(2k).
			if k := float64(cells - 1); k > 0 && chi2 > k+8*math.Sqrt(2*k)+10 {
				t.Errorf("chi-square %.1f over %d cells", chi2, cells)
			}
		})
	}
}

func TestRollDetailedMatchesRoll(t *testing.T) {
	for _, text := range []string{"4d6kh3", "d20+2d10^+1!+5", "6d6>=5", "2d10/2", "10d10kh3", "3d6!-d4", "5d6dh2*2"} {
		e := MustParse(text)
		a, b := Seeded(5), Seeded(5)
		for range 1000 {
			want := e.Roll(a)
			got := e.RollDetailed(b)
			if got.Total != want {
				t.Fatalf("%s: RollDetailed total %d, Roll %d", text, got.Total, want)
			}
			for _, g := range got.Groups {
				sum := 0
				for _, d := range g.Dice {
					raw := 0
					for _, r := range d.Rolls {
						raw += r
					}
					if len(d.Rolls) > 1 && raw != d.Value {
						t.Fatalf("%s: exploded die %v has value %d", text, d.Rolls, d.Value)
					}
					switch {
					case d.Dropped:
					case d.Success:
						sum++
					case g.Notation[len(g.Notation)-2:] != ">5" && !containsCmp(g.Notation):
						sum += d.Value
					}
				}
				if sum != g.Value {
					t.Fatalf("%s: group %s adds %d, its dice say %d", text, g, g.Value, sum)
				}
			}
		}
	}
}

func containsCmp(s string) bool {
	for _, c := range s {
		if c == '>' || c == '<' || c == '=' {
			return true
		}
	}
	return false
}

func TestRollDetailedString(t *testing.T) {
	src := NewScript(6, 5, 1, 3, 9, 6, 4, 2)
	var got []string
	err := Run(func() error {
		for _, text := range []string{"4d6kh3", "d10/2", "d6!", "d6>=2"} {
			for _, g := range MustParse(text).RollDetailed(src).Groups {
				got = append(got, g.String())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"4d6kh3 [6 5 (1) 3] = 14", "d10/2 [9→4] = 4", "d6! [6!4] = 10", "d6>=2 [2*] = 1"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got[i], want[i])
		}
	}
}

// Keeping and dropping more than 64 dice each takes the sorting path; it
// must agree with the exact distribution's range and mean.
func TestRollLargeKeep(t *testing.T) {
	for _, text := range []string{"130d2kh65", "130d3kl65", "131d3dl66"} {
		e := MustParse(text)
		d, err := e.Dist()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := d.Mean().Float64()
		sd := d.StdDev()
		src := Seeded(9)
		const n = 20000
		sum := 0.0
		for range n {
			v := e.Roll(src)
			if v < d.Min() || v > d.Max() {
				t.Fatalf("%s rolled %d outside %d..%d", text, v, d.Min(), d.Max())
			}
			sum += float64(v)
		}
		if mean := sum / n; math.Abs(mean-want) > 5*sd/math.Sqrt(n) {
			t.Errorf("%s: mean of %d rolls %.3f, exact %.3f", text, n, mean, want)
		}
	}
}

func TestRollAllocatesNothing(t *testing.T) {
	for _, text := range []string{"3d6", "4d6kh3", "2d10kh1+5", "3d6!", "10d10kh3", "d10/2+6d6>=5", "d20+2d10^+1!", "100d6kh90",
		"4d6r1kh3", "4dF", "6d10x10cs>=8", "2d6rr<3!!min3", "floor((2d6+3)/2)", "6d6xkh3"} {
		e := MustParse(text)
		src := Seeded(1)
		if allocs := testing.AllocsPerRun(1000, func() { e.Roll(src) }); allocs != 0 {
			t.Errorf("%s: %v allocations per roll", text, allocs)
		}
	}
}

func TestRolledText(t *testing.T) {
	src := NewScript(17, 10, 3, 4, 4, 2, 5)
	var got []string
	err := Run(func() error {
		for _, text := range []string{"d20+2d10!+5", "(d6+1)*2", "-d4-(d6-3)"} {
			got = append(got, MustParse(text).RollDetailed(src).Text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"d20 [17] + 2d10! [10!3 4] + 5 = 39", "(d6 [4] + 1) * 2 = 10", "-d4 [2] - (d6 [5] - 3) = -4"}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got[i], want[i])
		}
	}
}

// TestNewFormsRollDetailedMatchesRoll: RollDetailed draws the same dice in
// the same order as Roll and arrives at the same total, and the dice it
// shows add up to each group's value.
func TestNewFormsRollDetailedMatchesRoll(t *testing.T) {
	for _, text := range []string{"4d6r1kh3", "2d6rr<3", "2d6ro6", "4dF", "4dFkl2", "3d6!!", "4d6min2max5", "2d6!max10",
		"6d10x10cs>=8", "4d6xo", "3d4x>=3", "8d6cs>4", "8d6cf", "(2d6+3)/2", "ceil(d20/d6)+round(3d4x/2)", "d4rr1!kh1", "4d6xkh3", "6d4x>=3kl2"} {
		e := MustParse(text)
		var counting []bool // per group, in the order rolled
		for _, n := range e.nodes {
			if n.kind == kDice {
				counting = append(counting, n.g.cmp != cmpNone)
			}
		}
		a, b := &Recorder{Source: Seeded(5)}, &Recorder{Source: Seeded(5)}
		for range 2000 {
			want := e.Roll(a)
			got := e.RollDetailed(b)
			if got.Total != want {
				t.Fatalf("%s: RollDetailed total %d, Roll %d", text, got.Total, want)
			}
			for i, g := range got.Groups {
				sum := 0
				for _, d := range g.Dice {
					switch {
					case d.Dropped:
					case counting[i]:
						if d.Success {
							sum++
						}
					default:
						sum += d.Value
					}
				}
				if sum != g.Value {
					t.Fatalf("%s: group %s adds %d, its dice say %d", text, g, g.Value, sum)
				}
			}
		}
		if len(a.Draws) != len(b.Draws) {
			t.Fatalf("%s: Roll drew %d dice, RollDetailed %d", text, len(a.Draws), len(b.Draws))
		}
		for i := range a.Draws {
			if a.Draws[i] != b.Draws[i] {
				t.Fatalf("%s: draw %d is %v for Roll, %v for RollDetailed", text, i, a.Draws[i], b.Draws[i])
			}
		}
	}
}

// TestNewFormsShowEveryDie pins how each new form shows its dice, from
// forced results.
func TestNewFormsShowEveryDie(t *testing.T) {
	cases := []struct {
		text string
		dice []int
		want string
	}{
		{"4dF", []int{3, 1, 2, 3}, "4dF [+ - 0 +] = 1"},
		{"4dFcs", []int{3, 3, 1, 2}, "4dFcs [+* +* - 0] = 2"},
		{"2d6r1", []int{1, 4, 3}, "2d6r1 [1r4 3] = 7"},
		{"2d6r1", []int{1, 1, 3}, "2d6r1 [1r1 3] = 4"},
		{"2d6rr1", []int{1, 1, 5, 2}, "2d6rr1 [1r1r5 2] = 7"},
		{"2d6ro<3", []int{2, 6, 4}, "2d6ro<3 [2r6 4] = 10"},
		{"2d6x", []int{6, 6, 2, 3}, "2d6x [6! 6! 2 3] = 17"},
		{"2d6xo", []int{6, 6, 3}, "2d6xo [6! 6 3] = 15"},
		{"3d6!!", []int{6, 6, 2, 3, 4}, "3d6!! [6!6!2 3 4] = 21"},
		{"4d6min2", []int{1, 3, 6, 2}, "4d6min2 [1→2 3 6 2] = 13"},
		{"2d6!max10", []int{6, 6, 3, 2}, "2d6!max10 [6!6!3→10 2] = 12"},
		{"6d10x10cs>=8", []int{10, 8, 3, 9, 1, 2, 10, 4}, "6d10x10cs>=8 [10!* 8* 3 9* 1 2 10!* 4] = 4"},
		{"4d6r1kh3", []int{1, 1, 5, 2, 6}, "4d6r1kh3 [(1r1) 5 2 6] = 13"},
		{"3d6cf", []int{1, 2, 1}, "3d6cf [1* 2 1*] = 2"},
		{"(2d6+3)/2", []int{4, 5}, "(2d6 [4 5] + 3) / 2 = 6"},
		{"ceil(d20/3)", []int{10}, "ceil(d20 [10] / 3) = 4"},
		{"d10 / 2", []int{9}, "(d10 [9]) / 2 = 4"},
		{"3d6xkh2", []int{6, 2, 4, 5}, "3d6xkh2 [6! (2) (4) 5] = 11"},
	}
	for _, c := range cases {
		var got string
		err := Run(func() error {
			got = MustParse(c.text).RollDetailed(NewScript(c.dice...)).Text
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.text, got, c.want)
		}
	}
}
