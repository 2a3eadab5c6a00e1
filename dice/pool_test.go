package dice

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// poolClass is what the rules read of a pool: its total as the floor and
// cap say, and whether it burst.
type poolClass struct {
	total int
	burst bool
}

// classOf reads faces of pool p as the rules may: the total, every total
// below the floor as floor-1 and every total from the cap up as the cap.
func classOf(p Pool, faces []int) poolClass {
	total := 0
	for _, v := range faces {
		total += v
	}
	burst := false
	for _, v := range faces[p.Plain:] {
		burst = burst || v == p.BurstSides
	}
	if p.Cap > 0 {
		total = min(total, p.Cap)
	}
	if p.Floor > 0 && total < p.Floor && (p.Cap <= 0 || p.Floor <= p.Cap) {
		total = p.Floor - 1
	}
	return poolClass{total, burst}
}

// TestPoolWholeEqualsDieByDie enumerates pools without a cap both ways:
// whole (one path per class, by the convolution) and die by die (every
// value of every die, the same bursts followed): the same probability of
// every class and the same part cut off, exactly, and far fewer paths.
func TestPoolWholeEqualsDieByDie(t *testing.T) {
	for _, p := range []Pool{
		{Plain: 1, PlainSides: 20, Burst: 2, BurstSides: 6, Depth: 3},
		{Plain: 1, PlainSides: 20, Burst: 1, BurstSides: 4, Depth: 2, Floor: 12},
		{Plain: 2, PlainSides: 6, Burst: 2, BurstSides: 4, Depth: 1},
		{Burst: 3, BurstSides: 4, Depth: 3},
		{Plain: 1, PlainSides: 20, Depth: 3, Floor: 11},
	} {
		t.Run(fmt.Sprintf("%+v", p), func(t *testing.T) {
			f := func(src Source) (poolClass, error) {
				faces, _ := RollPool(src, p, nil)
				return classOf(p, faces), nil
			}
			whole, err := Enumerate(f, EnumerateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			each, err := Enumerate(f, EnumerateOptions{EveryValue: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(whole.Outcomes) != len(each.Outcomes) {
				t.Fatalf("%d classes whole, %d die by die", len(whole.Outcomes), len(each.Outcomes))
			}
			for _, o := range each.Outcomes {
				if got := whole.P(o.Value); got.Cmp(o.P) != 0 {
					t.Errorf("P(%+v) = %v whole, %v die by die", o.Value, got, o.P)
				}
			}
			if whole.Truncated.Cmp(each.Truncated) != 0 {
				t.Errorf("cut off %v whole, %v die by die", whole.Truncated, each.Truncated)
			}
			if whole.Paths >= each.Paths {
				t.Errorf("%d paths whole, %d die by die", whole.Paths, each.Paths)
			}
		})
	}
}

// TestPoolWithACapIsExact checks pools with a cap against the exact
// distribution of the dice expression (Expr.Exact, followed deep enough):
// each total below the cap as likely, every total from it up as one, and
// nothing left out: a chain past the cap is followed no further.
func TestPoolWithACapIsExact(t *testing.T) {
	for _, c := range []struct {
		expr string
		p    Pool
	}{
		{"d20+2d6!", Pool{Plain: 1, PlainSides: 20, Burst: 2, BurstSides: 6, Cap: 31}},
		{"d20+3d4!", Pool{Plain: 1, PlainSides: 20, Burst: 3, BurstSides: 4, Cap: 25, Floor: 14}},
		{"2d8+2d4!", Pool{Plain: 2, PlainSides: 8, Burst: 2, BurstSides: 4, Cap: 19}},
		{"d4!", Pool{Burst: 1, BurstSides: 4, Cap: 1}},
	} {
		t.Run(c.expr, func(t *testing.T) {
			want, err := MustParse(c.expr).Exact(ExactOptions{ExplodeDepth: 12})
			if err != nil {
				t.Fatal(err)
			}
			en, err := Enumerate(func(src Source) (int, error) {
				faces, _ := RollPool(src, c.p, nil)
				return classOf(c.p, faces).total, nil
			}, EnumerateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if en.Truncated.Sign() != 0 {
				t.Errorf("cut off %v, want nothing", en.Truncated)
			}
			sum := new(big.Rat)
			for _, o := range en.Outcomes {
				sum.Add(sum, o.P)
				var w *big.Rat
				switch {
				case o.Value == c.p.Cap:
					w = want.AtLeast(c.p.Cap)
					w.Add(w, want.Truncated())
				case o.Value == c.p.Floor-1:
					w = want.AtMost(c.p.Floor - 1)
				default:
					w = want.P(o.Value)
				}
				if o.P.Cmp(w) != 0 {
					t.Errorf("P(%d) = %v, want %v", o.Value, o.P, w)
				}
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("the classes add up to %v", sum)
			}
		})
	}
}

// TestPoolFacesStandForTheirClass checks every class's faces: a roll the
// dice can give (the plain dice first, each chain going on exactly after
// a maximum, no chain past the depth without a cap) and in its class.
func TestPoolFacesStandForTheirClass(t *testing.T) {
	for _, p := range []Pool{
		{Plain: 1, PlainSides: 20, Burst: 2, BurstSides: 6, Depth: 3, Floor: 15},
		{Plain: 1, PlainSides: 20, Burst: 3, BurstSides: 8, Cap: 30, Floor: 16},
		{Plain: 3, PlainSides: 6, Burst: 1, BurstSides: 10, Cap: 14},
	} {
		d := newPoolDist(p)
		for i := range d.Len() {
			if d.Cut(i) {
				continue
			}
			faces := d.Faces(i)
			chains, depth := 0, 0
			for j, v := range faces {
				sides := p.BurstSides
				if j < p.Plain {
					sides = p.PlainSides
				}
				if v < 1 || v > sides {
					t.Fatalf("%+v class %d: faces %v: %d is no face of a d%d", p, i, faces, v, sides)
				}
				if j < p.Plain {
					continue
				}
				if v == sides {
					depth++
					continue
				}
				if p.Cap <= 0 && depth > p.Depth {
					t.Fatalf("%+v class %d: faces %v: a chain past the depth", p, i, faces)
				}
				chains, depth = chains+1, 0
			}
			if chains != p.Burst || depth != 0 {
				t.Fatalf("%+v class %d: faces %v are not %d whole chains", p, i, faces, p.Burst)
			}
			f := func(src Source) (poolClass, error) {
				got, _ := RollPool(src, p, nil)
				return classOf(p, got), nil
			}
			// The faces, rolled die by die, fall in the class that stands
			// for them: the same class the pool drew.
			want, err := Enumerate(f, EnumerateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := classOf(p, faces)
			if !slices.ContainsFunc(want.Outcomes, func(o Weighted[poolClass]) bool { return o.Value == got }) {
				t.Errorf("%+v class %d: faces %v read as %+v, a class the pool never draws", p, i, faces, got)
			}
			script := make([]Forced, len(faces))
			for j, v := range faces {
				script[j] = Forced{Sides: p.BurstSides, Value: v}
				if j < p.Plain {
					script[j].Sides = p.PlainSides
				}
			}
			err = Run(func() error {
				again, total := RollPool(NewScriptOf(script...), p, nil)
				if !slices.Equal(again, faces) {
					return fmt.Errorf("rolled again by hand: %v", again)
				}
				if s := classOf(p, again); s != got || total < 1 {
					return fmt.Errorf("rolled again by hand: class %+v, total %d", s, total)
				}
				return nil
			})
			if err != nil {
				t.Errorf("%+v class %d: faces %v: %v", p, i, faces, err)
			}
		}
	}
}
