package dice

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestPCGMatchesStandardLibrary(t *testing.T) {
	ours := NewPCG(12345, 67890)
	std := rand.NewPCG(12345, 67890)
	for i := range 1000 {
		if a, b := ours.Uint64(), std.Uint64(); a != b {
			t.Fatalf("output %d: got %#x, math/rand/v2 gives %#x", i, a, b)
		}
	}
}

func TestPCGStateRestoreContinuesStream(t *testing.T) {
	p := Seeded(42)
	for range 17 {
		p.Roll(6)
	}
	saved := p.State()
	want := make([]int, 50)
	for i := range want {
		want[i] = p.Roll(20)
	}
	q := NewPCG(0, 0)
	q.Restore(saved)
	for i, w := range want {
		if got := q.Roll(20); got != w {
			t.Fatalf("roll %d after restore: got %d, want %d", i, got, w)
		}
	}
}

func TestSeededIsReproducibleAndSeedsDiffer(t *testing.T) {
	a, b, c := Seeded(7), Seeded(7), Seeded(8)
	same := 0
	for range 100 {
		x, y, z := a.Roll(1000000), b.Roll(1000000), c.Roll(1000000)
		if x != y {
			t.Fatal("same seed gave different rolls")
		}
		if x == z {
			same++
		}
	}
	if same > 2 {
		t.Errorf("seeds 7 and 8 agree on %d of 100 rolls of a d1000000", same)
	}
}

func TestSourcesStayInRange(t *testing.T) {
	for _, src := range []Source{Seeded(1), NewCrypto()} {
		for _, sides := range []int{1, 2, 3, 6, 7, 10, 20, 100, 1 << 40} {
			for range 2000 {
				if v := src.Roll(sides); v < 1 || v > sides {
					t.Fatalf("%T.Roll(%d) = %d", src, sides, v)
				}
			}
		}
	}
}

func TestRollPanicsOnNoSides(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Roll(0) did not panic")
		}
	}()
	Seeded(1).Roll(0)
}

func TestScriptGivesForcedResultsInOrder(t *testing.T) {
	s := NewScriptOf(Forced{Sides: 10, Value: 7}, Forced{Value: 3}, Forced{Value: 1})
	var got []int
	err := Run(func() error {
		got = append(got, s.Roll(10), s.Roll(6))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 7 || got[1] != 3 {
		t.Errorf("got %v, want [7 3]", got)
	}
	if s.Drawn() != 2 {
		t.Errorf("Drawn = %d, want 2", s.Drawn())
	}
	if u := s.Unused(); len(u) != 1 || u[0].Value != 1 {
		t.Errorf("Unused = %v, want [1]", u)
	}
}

func TestScriptRunningDryIsANeedError(t *testing.T) {
	s := NewScript(4)
	partial := 0
	err := Run(func() error {
		partial = s.Roll(10)
		partial += s.Roll(10)
		return nil
	})
	need, ok := IsNeed(err)
	if !ok {
		t.Fatalf("err = %v, want a *NeedError", err)
	}
	if need.Sides != 10 || need.Drawn != 1 {
		t.Errorf("need = %+v, want 1d10 after 1", need)
	}
	if want := "need 1d10 (the forced dice ran out after 1)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if partial != 4 {
		t.Errorf("the first die was %d before the stop, want 4", partial)
	}
	// The table rolls the missing die and the computation is run again.
	s.Add(9)
	s.Rewind()
	err = Run(func() error {
		partial = s.Roll(10) + s.Roll(10)
		return nil
	})
	if err != nil || partial != 13 {
		t.Errorf("after Add and Rewind: %d, %v; want 13, nil", partial, err)
	}
}

func TestScriptMismatchIsAScriptError(t *testing.T) {
	cases := []struct {
		forced Forced
		sides  int
		msg    string
	}{
		{Forced{Sides: 10, Value: 3}, 6, "forced die 1 is d10=3 but a d6 was drawn"},
		{Forced{Value: 12}, 10, "forced die 1 is 12, which a d10 cannot show"},
		{Forced{Value: 0}, 10, "forced die 1 is 0, which a d10 cannot show"},
	}
	for _, c := range cases {
		err := Run(func() error { NewScriptOf(c.forced).Roll(c.sides); return nil })
		var se *ScriptError
		if !errors.As(err, &se) || err.Error() != c.msg {
			t.Errorf("%v on a d%d: err %v, want %q", c.forced, c.sides, err, c.msg)
		}
	}
}

func TestRunPassesThroughOtherPanicsAndErrors(t *testing.T) {
	sentinel := errors.New("boom")
	if err := Run(func() error { return sentinel }); err != sentinel {
		t.Errorf("Run returned %v, want the function's error", err)
	}
	defer func() {
		if r := recover(); r != "unrelated" {
			t.Errorf("recovered %v, want the unrelated panic", r)
		}
	}()
	_ = Run(func() error { panic("unrelated") })
}

func TestRecorderKeepsEveryDraw(t *testing.T) {
	rec := &Recorder{Source: NewScript(2, 5, 1)}
	if err := Run(func() error { MustParse("2d6+d4").Roll(rec); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []Draw{{Sides: 6, Value: 2}, {Sides: 6, Value: 5}, {Sides: 4, Value: 1}}
	if len(rec.Draws) != len(want) {
		t.Fatalf("draws %v, want %v", rec.Draws, want)
	}
	for i := range want {
		if rec.Draws[i] != want[i] {
			t.Fatalf("draws %v, want %v", rec.Draws, want)
		}
	}
}

func TestMixDecorrelatesIndices(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range uint64(10000) {
		m := Mix(99, i)
		if seen[m] {
			t.Fatalf("Mix(99, %d) repeats an earlier value", i)
		}
		seen[m] = true
	}
}
