package dice

import (
	"math/big"
	"slices"
	"testing"
)

// This file checks the Foundry and Roll20 forms (rerolls, x and xo, !!,
// Fudge dice, cs and cf, min and max, rounded division) against a
// reference written from scratch: a plain roller that follows the
// documented meaning step by step, walked over every dice path by
// Enumerate. It shares no code with the package's parser, roller or exact
// distributions.

// refGroup is one dice group, spelled out.
type refGroup struct {
	n, sides  int
	fudge     bool
	reroll    int              // 0 none, 1 once, 2 until
	rerollIf  func(f int) bool // the faces rerolled
	bang      bool             // ! or !!: the chain is one die
	bangDepth int              // a stated depth; 0: unbounded
	adds      int              // 0 none, 1 x, 2 xo
	addsIf    func(f int) bool
	min, max  *int
	keep      int  // how many dice to keep; 0 keeps all
	high      bool // keep the highest
	counts    func(v int) bool
}

func eq(n int) func(int) bool { return func(f int) bool { return f == n } }
func lt(n int) func(int) bool { return func(f int) bool { return f < n } }
func ge(n int) func(int) bool { return func(f int) bool { return f >= n } }
func gt(n int) func(int) bool { return func(f int) bool { return f > n } }
func ptr(n int) *int          { return &n }

// refResult is a reference roll's result, or cut for one whose reroll or
// explosion chain went deeper than the depth followed.
type refResult struct {
	v   int
	cut bool
}

// roll rolls the group once; cut reports a chain deeper than depth.
func (r refGroup) roll(src Source, depth int) (int, bool) {
	draw := func() int {
		v := src.Roll(r.sides)
		if r.fudge {
			v -= 2
		}
		return v
	}
	limit := func(v int) int {
		if r.min != nil && v < *r.min {
			v = *r.min
		}
		if r.max != nil && v > *r.max {
			v = *r.max
		}
		return v
	}
	var values []int // one per die, or per result with x and xo
	for range r.n {
		f := draw()
		switch r.reroll {
		case 1:
			if r.rerollIf(f) {
				f = draw()
			}
		case 2:
			for rerolls := 0; r.rerollIf(f); rerolls++ {
				if rerolls == depth {
					return 0, true
				}
				f = draw()
			}
		}
		switch {
		case r.bang:
			total := f
			for extra := 0; f == r.sides; extra++ {
				if r.bangDepth != 0 && extra == r.bangDepth {
					break
				}
				if r.bangDepth == 0 && extra == depth {
					return 0, true
				}
				f = draw()
				total += f
			}
			values = append(values, limit(total))
		case r.adds != 0:
			values = append(values, limit(f))
			for extra := 0; r.addsIf(f); extra++ {
				if r.adds == 2 && extra == 1 {
					break
				}
				if r.adds == 1 && extra == depth {
					return 0, true
				}
				f = draw()
				values = append(values, limit(f))
			}
		default:
			values = append(values, limit(f))
		}
	}
	if r.keep > 0 {
		slices.Sort(values)
		if r.high {
			values = values[len(values)-r.keep:]
		} else {
			values = values[:r.keep]
		}
	}
	sum := 0
	for _, v := range values {
		switch {
		case r.counts == nil:
			sum += v
		case r.counts(v):
			sum++
		}
	}
	return sum, false
}

// refDiv divides exactly and rounds with big.Rat: "floor", "ceil" or
// "round" (half up).
func refDiv(a, b int, how string) int {
	q := big.NewRat(int64(a), int64(b))
	if how == "round" {
		q.Add(q, big.NewRat(1, 2))
	}
	fl := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean: floor, as Denom > 0
	if how == "ceil" && !q.IsInt() {
		fl.Add(fl, big.NewInt(1))
	}
	return int(fl.Int64())
}

type refExpr func(src Source, depth int) (int, bool)

func grp(r refGroup) refExpr { return r.roll }

func refCases() []struct {
	text  string
	depth int
	ref   refExpr
} {
	d := func(n, s int) refGroup { return refGroup{n: n, sides: s} }
	with := func(r refGroup, f func(*refGroup)) refGroup { f(&r); return r }
	return []struct {
		text  string
		depth int
		ref   refExpr
	}{
		{"d6r1", 3, grp(with(d(1, 6), func(r *refGroup) { r.reroll, r.rerollIf = 1, eq(1) }))},
		{"d6r", 3, grp(with(d(1, 6), func(r *refGroup) { r.reroll, r.rerollIf = 1, eq(1) }))},
		{"2d4r<2", 3, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf = 1, lt(2) }))},
		{"2d4ro>=3", 3, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf = 1, ge(3) }))},
		{"2d6r=6", 3, grp(with(d(2, 6), func(r *refGroup) { r.reroll, r.rerollIf = 1, eq(6) }))},
		{"d6rr1", 3, grp(with(d(1, 6), func(r *refGroup) { r.reroll, r.rerollIf = 2, eq(1) }))},
		{"2d4rr<3", 2, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf = 2, lt(3) }))},
		{"3d4rr>3", 2, grp(with(d(3, 4), func(r *refGroup) { r.reroll, r.rerollIf = 2, gt(3) }))},
		{"3d4!!", 2, grp(with(d(3, 4), func(r *refGroup) { r.bang = true }))},
		{"2d4!!2", 5, grp(with(d(2, 4), func(r *refGroup) { r.bang, r.bangDepth = true, 2 }))},
		{"3d3!", 2, grp(with(d(3, 3), func(r *refGroup) { r.bang = true }))},
		{"4dF", 3, grp(refGroup{n: 4, sides: 3, fudge: true})},
		{"3dFkh2", 3, grp(refGroup{n: 3, sides: 3, fudge: true, keep: 2, high: true})},
		{"4dFcs", 3, grp(refGroup{n: 4, sides: 3, fudge: true, counts: eq(1)})},
		{"4dFcf<0", 3, grp(refGroup{n: 4, sides: 3, fudge: true, counts: lt(0)})},
		{"2dFmin0", 3, grp(refGroup{n: 2, sides: 3, fudge: true, min: ptr(0)})},
		{"3d6cs>4", 3, grp(with(d(3, 6), func(r *refGroup) { r.counts = gt(4) }))},
		{"3d6cs", 3, grp(with(d(3, 6), func(r *refGroup) { r.counts = eq(6) }))},
		{"3d6cs5", 3, grp(with(d(3, 6), func(r *refGroup) { r.counts = eq(5) }))},
		{"3d6cf", 3, grp(with(d(3, 6), func(r *refGroup) { r.counts = eq(1) }))},
		{"4d6cf<=2", 3, grp(with(d(4, 6), func(r *refGroup) { r.counts = func(v int) bool { return v <= 2 } }))},
		{"4d4min2", 3, grp(with(d(4, 4), func(r *refGroup) { r.min = ptr(2) }))},
		{"3d6max4kl2", 3, grp(with(d(3, 6), func(r *refGroup) { r.max, r.keep = ptr(4), 2 }))},
		{"2d4min2max3", 3, grp(with(d(2, 4), func(r *refGroup) { r.min, r.max = ptr(2), ptr(3) }))},
		{"2d4x", 2, grp(with(d(2, 4), func(r *refGroup) { r.adds, r.addsIf = 1, eq(4) }))},
		{"2d4x>=3", 2, grp(with(d(2, 4), func(r *refGroup) { r.adds, r.addsIf = 1, ge(3) }))},
		{"2d4xo", 2, grp(with(d(2, 4), func(r *refGroup) { r.adds, r.addsIf = 2, eq(4) }))},
		{"2d6xo5", 2, grp(with(d(2, 6), func(r *refGroup) { r.adds, r.addsIf = 2, eq(5) }))},
		{"3d4x<2", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf = 1, lt(2) }))},
		{"3d4x>=3cs>=3", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf, r.counts = 1, ge(3), ge(3) }))},
		{"3d4xocf", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf, r.counts = 2, eq(4), eq(1) }))},
		{"2d4xmax3", 2, grp(with(d(2, 4), func(r *refGroup) { r.adds, r.addsIf, r.max = 1, eq(4), ptr(3) }))},
		{"2d4r1!", 2, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf, r.bang = 1, eq(1), true }))},
		{"2d4rr1!min3", 2, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf, r.bang, r.min = 2, eq(1), true, ptr(3) }))},
		{"3d4!max6kh2", 2, grp(with(d(3, 4), func(r *refGroup) { r.bang, r.max, r.keep, r.high = true, ptr(6), 2, true }))},
		{"2d4rr<2x", 2, grp(with(d(2, 4), func(r *refGroup) { r.reroll, r.rerollIf, r.adds, r.addsIf = 2, lt(2), 1, eq(4) }))},
		{"3d4ro1min2kh2", 2, grp(with(d(3, 4), func(r *refGroup) { r.reroll, r.rerollIf, r.min, r.keep, r.high = 1, eq(1), ptr(2), 2, true }))},
		{"3d4r1>=3", 2, grp(with(d(3, 4), func(r *refGroup) { r.reroll, r.rerollIf, r.counts = 1, eq(1), ge(3) }))},
		{"2d4xkh1", 2, grp(with(d(2, 4), func(r *refGroup) { r.adds, r.addsIf, r.keep, r.high = 1, eq(4), 1, true }))},
		{"3d4x>=3kh2", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf, r.keep, r.high = 1, ge(3), 2, true }))},
		{"3d4x>2k3", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf, r.keep, r.high = 1, gt(2), 3, true }))},
		{"3d4xkl2", 2, grp(with(d(3, 4), func(r *refGroup) { r.adds, r.addsIf, r.keep = 1, eq(4), 2 }))},
		{"3d3xmax2kh2", 2, grp(with(d(3, 3), func(r *refGroup) { r.adds, r.addsIf, r.max, r.keep, r.high = 1, eq(3), ptr(2), 2, true }))},
		{"2d6x7kh1", 2, grp(with(d(2, 6), func(r *refGroup) { r.adds, r.addsIf, r.keep, r.high = 1, eq(7), 1, true }))},
		{"d8x8", 3, grp(with(d(1, 8), func(r *refGroup) { r.adds, r.addsIf = 1, eq(8) }))},
		{"(2d6+3)/2", 3, func(src Source, _ int) (int, bool) {
			return refDiv(src.Roll(6)+src.Roll(6)+3, 2, "floor"), false
		}},
		{"floor((d6-4)/3)", 3, func(src Source, _ int) (int, bool) { return refDiv(src.Roll(6)-4, 3, "floor"), false }},
		{"ceil((d6-4)/3)", 3, func(src Source, _ int) (int, bool) { return refDiv(src.Roll(6)-4, 3, "ceil"), false }},
		{"round((2d4-5)/2)", 3, func(src Source, _ int) (int, bool) {
			return refDiv(src.Roll(4)+src.Roll(4)-5, 2, "round"), false
		}},
		{"round((d6-7)/4)", 3, func(src Source, _ int) (int, bool) { return refDiv(src.Roll(6)-7, 4, "round"), false }},
		{"d12/d4", 3, func(src Source, _ int) (int, bool) {
			a := src.Roll(12)
			return refDiv(a, src.Roll(4), "floor"), false
		}},
		{"ceil(d12/(d4-5))", 3, func(src Source, _ int) (int, bool) {
			a := src.Roll(12)
			return refDiv(a, src.Roll(4)-5, "ceil"), false
		}},
		{"-d6/2+1", 3, func(src Source, _ int) (int, bool) { return refDiv(-src.Roll(6), 2, "floor") + 1, false }},
		{"2*d6/4", 3, func(src Source, _ int) (int, bool) { return refDiv(2*src.Roll(6), 4, "floor"), false }},
		{"2*(d6/4)", 3, func(src Source, _ int) (int, bool) { return 2 * refDiv(src.Roll(6), 4, "floor"), false }},
		{"(d10)/3", 3, func(src Source, _ int) (int, bool) { return refDiv(src.Roll(10), 3, "floor"), false }},
		{"d10/3", 3, func(src Source, _ int) (int, bool) { // still the table
			return [...]int{1, 1, 1, 2, 2, 2, 3, 3, 3, 4}[src.Roll(10)-1], false
		}},
		{"(2d4x)/2", 2, func(src Source, depth int) (int, bool) {
			v, cut := refGroup{n: 2, sides: 4, adds: 1, addsIf: eq(4)}.roll(src, depth)
			return refDiv(v, 2, "floor"), cut
		}},
		{"d4rr1+d4x", 2, func(src Source, depth int) (int, bool) {
			a, cut := refGroup{n: 1, sides: 4, reroll: 2, rerollIf: eq(1)}.roll(src, depth)
			if cut {
				return 0, true
			}
			b, cut := refGroup{n: 1, sides: 4, adds: 1, addsIf: eq(4)}.roll(src, depth)
			return a + b, cut
		}},
		{"d%r<50", 3, grp(with(d(1, 100), func(r *refGroup) { r.reroll, r.rerollIf = 1, lt(50) }))},
	}
}

// TestFormsAgreeWithBruteForce compares each form's exact distribution,
// truncated part included, with the reference walked over every path.
func TestFormsAgreeWithBruteForce(t *testing.T) {
	for _, c := range refCases() {
		t.Run(c.text, func(t *testing.T) {
			en, err := Enumerate(func(src Source) (refResult, error) {
				v, cut := c.ref(src, c.depth)
				return refResult{v, cut}, nil
			}, EnumerateOptions{MaxDraws: 1000})
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]*big.Rat{}
			wantCut := new(big.Rat)
			for _, o := range en.Outcomes {
				if o.Value.cut {
					wantCut.Add(wantCut, o.P)
				} else {
					want[o.Value.v] = o.P
				}
			}
			d, err := MustParse(c.text).Exact(ExactOptions{ExplodeDepth: c.depth})
			if err != nil {
				t.Fatal(err)
			}
			got := map[int]*big.Rat{}
			for _, o := range d.Outcomes() {
				got[o.Value] = o.P
			}
			if len(got) != len(want) {
				t.Errorf("%d outcomes, the reference has %d", len(got), len(want))
			}
			for v, p := range want {
				if g, ok := got[v]; !ok || g.Cmp(p) != 0 {
					t.Errorf("P(%d) = %v, the reference says %s", v, g, p.RatString())
				}
			}
			if tr := d.Truncated(); tr.Cmp(wantCut) != 0 {
				t.Errorf("truncated %s, the reference says %s", tr.RatString(), wantCut.RatString())
			}
			if wantCut.Sign() == 0 {
				// Bounded forms: the roller itself, walked over every
				// path, gives the same distribution.
				rolled, err := EnumerateDist(func(src Source) (int, error) { return MustParse(c.text).Roll(src), nil }, EnumerateOptions{})
				if err != nil {
					t.Fatal(err)
				}
				for _, o := range rolled.Outcomes() {
					if p := want[o.Value]; p == nil || p.Cmp(o.P) != 0 {
						t.Errorf("Roll gives %d with %s, the reference %v", o.Value, o.P.RatString(), p)
					}
				}
			}
		})
	}
}

// TestFormsHandComputed pins a few probabilities worked out by hand.
func TestFormsHandComputed(t *testing.T) {
	cases := []struct {
		expr  string
		depth int
		value int
		p     string
	}{
		{"d6r1", 10, 1, "1/36"},            // a 1, then a 1 again
		{"d6r1", 10, 4, "7/36"},            // 1/6 + 1/6·1/6
		{"d6ro1", 10, 4, "7/36"},           // Roll20's spelling of the same
		{"d6rr1", 1, 4, "7/36"},            // one reroll followed: 1/6 + 1/36
		{"d6rr1", 2, 4, "43/216"},          // 1/6 + 1/36 + 1/216
		{"4dF", 10, 0, "19/81"},            // 1 + 12 + 6 ways of 81
		{"4dF", 10, 4, "1/81"},             //
		{"3d6!!", 10, 3, "1/216"},          // as 3d6!
		{"d6!!1", 10, 12, "1/36"},          // 6 then 6, no further
		{"4d6min2", 10, 8, "1/81"},         // all four show 1 or 2: (2/6)^4
		{"8d6cs>4", 10, 8, "1/6561"},       // (1/3)^8
		{"2d8x", 10, 2, "1/64"},            //
		{"d8x", 10, 9, "1/64"},             // 8 then 1
		{"d8xo", 10, 16, "1/64"},           // 8 then 8, no further
		{"(2d6+3)/2", 10, 2, "1/36"},       // 2+3 = 5, 5/2 rounds down to 2
		{"(2d6+3)/2", 10, 7, "1/12"},       // 14 or 15: 2+1 ways of 36
		{"ceil((2d6+3)/2)", 10, 3, "1/12"}, // 5 or 6: 1+2 ways
		{"round(d6/4)", 10, 1, "2/3"},      // 2, 3, 4, 5 → 0.5, 0.75, 1, 1.25 round to 1
		{"d%", 10, 100, "1/100"},
	}
	for _, c := range cases {
		d, err := MustParse(c.expr).Exact(ExactOptions{ExplodeDepth: c.depth})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.P(c.value); got.Cmp(rat(c.p)) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", c.expr, c.value, got.RatString(), c.p)
		}
	}
	// Rerolling until is followed to the depth asked, and the rest is
	// reported: d6rr1 with 10 rerolls leaves out (1/6)^11.
	d, _ := MustParse("d6rr1").Dist()
	if got := d.Truncated(); got.Cmp(rat("1/362797056")) != 0 {
		t.Errorf("d6rr1 leaves out %s, want 1/6^11", got.RatString())
	}
	// x explodes on every 10, each extra die a result of its own: with
	// cs>=8 a 10 and the die it adds can both count.
	d, _ = MustParse("d10x10cs>=8").Exact(ExactOptions{ExplodeDepth: 1})
	if got := d.P(2); got.Cmp(rat("1/50")) != 0 { // 10, then 8 or 9 (a second 10 goes deeper)
		t.Errorf("d10x10cs>=8: P(2) = %s, want 1/50", got.RatString())
	}
}

func TestFormsRefused(t *testing.T) {
	// Targets are whole numbers from 0 up: a Fudge die's - cannot be
	// named, only reached with <.
	if _, err := Parse("3dFr-"); err == nil {
		t.Error("3dFr- parsed")
	}
	if _, err := Parse("3dFr<0"); err != nil {
		t.Error(err)
	}
}

// TestFormsCanonical checks that the new forms print back as written (in
// lower case) and parse to themselves.
func TestFormsCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{"4dF", "4dF"},
		{"4DF", "4dF"},
		{"dF", "dF"},
		{"2d6r", "2d6r"},
		{"2d6r1", "2d6r1"},
		{"2d6R<2", "2d6r<2"},
		{"2d6ro1", "2d6ro1"},
		{"2d6rr=1", "2d6rr=1"},
		{"3d6!!", "3d6!!"},
		{"3d6!!2", "3d6!!2"},
		{"2d8x", "2d8x"},
		{"5d10x10", "5d10x10"},
		{"5d10xo>=9", "5d10xo>=9"},
		{"8d6cs>4", "8d6cs>4"},
		{"8d6cs", "8d6cs"},
		{"8d6cf", "8d6cf"},
		{"8d6CF<=2", "8d6cf<=2"},
		{"4d6min2", "4d6min2"},
		{"4d6max5", "4d6max5"},
		{"4d6r1min2max5kh3", "4d6r1min2max5kh3"},
		{"(2d6+3)/2", "(2d6+3)/2"},
		{"2d6 / 2", "2d6/2"},
		{"d10 / 2", "(d10)/2"},
		{"(d10)/2", "(d10)/2"},
		{"d10/2", "d10/2"},
		{"(d10/2)/2", "d10/2/2"},
		{"d10^+1/2", "d10^+1/2"},
		{"d8^+1 / 2", "(d8^+1)/2"},
		{"Floor( (2d6+3) / 2 )", "floor((2d6+3)/2)"},
		{"ceil(d20/3)+1", "ceil(d20/3)+1"},
		{"2*round(d6/4)", "2*round(d6/4)"},
		{"2*(d6/4)", "2*(d6/4)"},
		{"2*d6/4", "2*d6/4"},
		{"d20/(d4/2+1)", "d20/(d4/2+1)"},
		{"(d6-1)/2", "(d6-1)/2"},
		{"-d6/2", "-d6/2"},
		{"-(d6/2)", "-(d6/2)"},
		{"d%/2", "d%/2"},
		{"0*d10 /1", "(0*d10)/1"},
		{"(2+-d10) / 2", "(2+-d10)/2"},
		{"d6/d10 /2", "(d6/d10)/2"},
		{"d6/(d10 /2+1)", "d6/((d10)/2+1)"},
		{"d6/ceil(d10 /2)", "d6/ceil((d10)/2)"},
		{"4dFcs", "4dFcs"},
		{"4dfmin0", "4dFmin0"},
	}
	for _, c := range cases {
		e, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := e.String(); got != c.want {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.want)
		}
		again, err := Parse(e.String())
		if err != nil || again.String() != e.String() {
			t.Errorf("canonical form %q does not parse back to itself: %v", e.String(), err)
		}
	}
}

func TestFaceShare(t *testing.T) {
	for _, text := range []string{"d6", "d1", "dF", "d%", "d10^+1"} {
		g := MustParse(text).nodes[0].g
		for op := cmpGE; op <= cmpEQ; op++ {
			for target := -3; target <= 25; target++ {
				c := cond{op: op, target: target}
				want := 0
				for f := g.lowFace(); f <= g.highFace(); f++ {
					if op.holds(f, target) {
						want++
					}
				}
				if got, all := g.faceShare(c); got != want || all != g.highFace()-g.lowFace()+1 {
					t.Errorf("%s %s: %d of %d faces, want %d", text, c, got, all, want)
				}
			}
		}
	}
}

// TestFormsTooCostlyAreRefused: the work estimate covers the new forms, so
// absurd ones are refused before any work is done.
func TestFormsTooCostlyAreRefused(t *testing.T) {
	for _, text := range []string{"1000d6xkh3", "10000d1000000x", "100d1000000rr<50000", "10000d1000000r1kh5000", "d1000000/d1000000", "50d1000000min5", "2d1000000xkh1"} {
		_, err := MustParse(text).Dist()
		if _, ok := err.(*TooCostlyError); !ok {
			t.Errorf("%s: %v, want a *TooCostlyError", text, err)
		}
	}
}
