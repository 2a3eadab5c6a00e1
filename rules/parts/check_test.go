package parts_test

import (
	"slices"
	"testing"

	"fray/rules/parts"
)

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		die, bonus, target int
		n                  parts.Natural
		want               bool
	}{
		{10, 2, 12, parts.Plain, true},  // a tie succeeds
		{10, 1, 12, parts.Plain, false}, // short by one
		{1, 30, 12, parts.CriticalFailure, false},
		{20, -30, 12, parts.CriticalSuccess, true},
	} {
		ch := parts.Check{Die: c.die, Bonus: c.bonus, Target: c.target}
		if got := ch.Decided(c.n); got != c.want {
			t.Errorf("%+v decided with %v = %v, want %v", ch, c.n, got, c.want)
		}
	}
	if n := parts.NaturalOf(20, 20); n != parts.CriticalSuccess || n.String() != "success" {
		t.Errorf("a natural 20 is %v", n)
	}
	if n := parts.NaturalOf(1, 10); n != parts.CriticalFailure || n.String() != "failure" {
		t.Errorf("a natural 1 is %v", n)
	}
	if n := parts.NaturalOf(10, 20); n != parts.Plain || n.String() != "" {
		t.Errorf("a 10 on a d20 is %v", n)
	}
}

func TestOpposedWins(t *testing.T) {
	for _, c := range []struct {
		total  int
		n      parts.Natural
		versus int
		vn     parts.Natural
		want   bool
	}{
		{12, parts.Plain, 12, parts.Plain, true}, // the actor wins ties
		{11, parts.Plain, 12, parts.Plain, false},
		{0, parts.CriticalSuccess, 30, parts.Plain, true},
		{30, parts.Plain, 0, parts.CriticalSuccess, false},
		{0, parts.Plain, 30, parts.CriticalFailure, true},
		{30, parts.CriticalFailure, 0, parts.Plain, false},
		{5, parts.CriticalSuccess, 4, parts.CriticalSuccess, true},
		{3, parts.CriticalFailure, 4, parts.CriticalFailure, false},
	} {
		if got := parts.OpposedWins(c.total, c.n, c.versus, c.vn); got != c.want {
			t.Errorf("OpposedWins(%d, %v, %d, %v) = %v, want %v", c.total, c.n, c.versus, c.vn, got, c.want)
		}
	}
}

func TestLadder(t *testing.T) {
	l := parts.Ladder{0, 2, 4}
	for v, want := range map[int]int{-1: 0, 0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 100: 3} {
		if got := l.Rung(v); got != want {
			t.Errorf("Rung(%d) = %d, want %d", v, got, want)
		}
	}
}

func TestOverdraw(t *testing.T) {
	for _, c := range [][4]int{{5, 3, 2, 0}, {5, 5, 0, 0}, {2, 5, 0, 3}, {0, 1, 0, 1}} {
		if left, short := parts.Overdraw(c[0], c[1]); left != c[2] || short != c[3] {
			t.Errorf("Overdraw(%d, %d) = %d, %d, want %d, %d", c[0], c[1], left, short, c[2], c[3])
		}
	}
}

func TestAskOrder(t *testing.T) {
	init := map[string]int{"ann": 5, "bob": 9, "cat": 5, "dan": 0}
	ids := []string{"dan", "cat", "ann", "bob"}
	parts.AskOrder(ids, func(id string) int { return init[id] })
	if want := []string{"bob", "ann", "cat", "dan"}; !slices.Equal(ids, want) {
		t.Errorf("AskOrder = %v, want %v", ids, want)
	}
}

func TestRoundsRunOut(t *testing.T) {
	for _, c := range []struct {
		since, rounds, round int
		want                 bool
	}{
		{3, 1, 3, true}, // the round it begins counts
		{3, 2, 3, false},
		{3, 2, 4, true},
		{3, 0, 99, false}, // until ended
	} {
		if got := parts.RoundsRunOut(c.since, c.rounds, c.round); got != c.want {
			t.Errorf("RoundsRunOut(%d, %d, %d) = %v, want %v", c.since, c.rounds, c.round, got, c.want)
		}
	}
}
