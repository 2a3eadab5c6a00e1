package dice

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCanonicalForm(t *testing.T) {
	cases := []struct{ in, want string }{
		{"3d6", "3d6"},
		{"1d6", "d6"},
		{"D10", "d10"},
		{" 2d6 + 3 ", "2d6+3"},
		{"4d6kh3", "4d6kh3"},
		{"4D6KH3", "4d6kh3"},
		{"2d10k", "2d10k"},
		{"2d20kl1", "2d20kl1"},
		{"4d6dl1", "4d6dl1"},
		{"5d6dh2", "5d6dh2"},
		{"3d6!", "3d6!"},
		{"d6!3", "d6!3"},
		{"d10/2", "d10/2"},
		{"2d10/4", "2d10/4"},
		{"d%", "d%"},
		{"2d10^1", "2d10^+1"},
		{"2d10^+2!", "2d10^+2!"},
		{"d10^-1", "d10^-1"},
		{"6d6>=5", "6d6>=5"},
		{"6d6>4", "6d6>4"},
		{"6d6<=2", "6d6<=2"},
		{"6d6<2", "6d6<2"},
		{"6d6=6", "6d6=6"},
		{"d20+2d10!+5", "d20+2d10!+5"},
		{"(d6+1)*2", "(d6+1)*2"},
		{"d6+(1*2)", "d6+1*2"},
		{"d20-(d4+1)", "d20-(d4+1)"},
		{"d20-(d4-1)", "d20-(d4-1)"},
		{"(d20-d4)-1", "d20-d4-1"},
		{"-d6", "-d6"},
		{"--d6", "--d6"},
		{"+d6", "d6"},
		{"-(d6+1)", "-(d6+1)"},
		{"2*-d6", "2*-d6"},
		{"10d10kh3", "10d10kh3"},
		{"7", "7"},
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
		if e.Text() != c.in {
			t.Errorf("Text() = %q, want %q", e.Text(), c.in)
		}
		again, err := Parse(e.String())
		if err != nil || again.String() != e.String() {
			t.Errorf("canonical form %q does not parse back to itself: %v", e.String(), err)
		}
	}
}

func TestParseErrorsPointAtTheProblem(t *testing.T) {
	cases := []struct {
		in     string
		column int
		msg    string
	}{
		{"", 1, "empty expression"},
		{"3d+5", 3, "expected the number of sides"},
		{"3d6+", 5, "found the end of the expression"},
		{"3d6 4", 5, "expected an operator"},
		{"(3d6+2", 1, "never closed"},
		{"3d6)", 4, "expected an operator"},
		{"0d6", 1, "at least 1 die"},
		{"d0", 2, "at least 1 side"},
		{"20000d6", 1, "the limit is 10000"},
		{"d2000000", 2, "too large"},
		{"4d6kh5", 4, "cannot keep 5 of 4 dice"},
		{"4d6kh0", 4, "keep at least 1"},
		{"4d6dl4", 4, "none would be left"},
		{"d6/0", 3, "division by 0"},
		{"d6/(d4-2)", 3, "the divisor could be 0"},
		{"d10/5", 5, "write (d10)/5"},
		{"d10/5", 5, "divides by 2, 3 or 4"},
		{"d10/2!", 6, "cannot explode"},
		{"d1!", 3, "d1 cannot explode"},
		{"d6!0", 4, "at least 1"},
		{"d7^1", 2, "step ladder"},
		{"d%^1", 3, "not on the step ladder"},
		{"2d6+3>=5", 6, "success counting applies to one dice group"},
		{"6d6kh3>=5", 7, "not both"},
		{"d6//2", 4, "divides one term by another"},
		{"floor(d6+1)", 1, "floor rounds one division"},
		{"ceil(floor(d6/2))", 1, "ceil rounds one division"},
		{"round d6/2", 7, "\"(\" after round"},
		{"floor((d6/2)", 6, "never closed"},
		{"d6rr<7", 3, "it would never stop"},
		{"d6x<7", 3, "it would never stop"},
		{"d100rr<100", 5, "rerolls 99 of the 100 faces of a d100: it would hardly ever stop"},
		{"d1000000x>=2", 9, "explodes on 999999 of the 1000000 faces"},
		{"dFrr<2", 3, "it would never stop"},
		{"d10/2r1", 6, "a divided die cannot be rerolled"},
		{"d10/2x", 6, "a divided die cannot explode"},
		{"4dF!", 4, "Fudge die (dF) cannot explode"},
		{"4dFx", 4, "Fudge die (dF) cannot explode"},
		{"dF^1", 3, "dF is not on the step ladder"},
		{"d6!x", 4, "with ! or with x, not both"},
		{"4d6xdl1", 5, "drop cannot say how many to keep"},
		{"4d6xokh3", 6, "keep after xo is not supported"},
		{"4d6r1xkh3", 7, "keep after a reroll and x"},
		{"4d6x<3kh2", 7, "x must explode on the highest faces only"},
		{"4d6x=3kh1", 7, "x must explode on the highest faces only"},
		{"4d6min7", 4, "above every result of a d6"},
		{"4d6max0", 4, "below every result of a d6"},
		{"4d6min4max3", 8, "max3 is below min4"},
		{"4d6kh3cs", 7, "not both"},
		{"4d6cs>", 7, "a number after cs>"},
		{"4d6r<", 6, "a number after r<"},
		{"4d6min", 7, "a number after min"},
		{"4d6max2min1", 8, "unexpected 'm'"},
		{"4d6kh3r1", 7, "modifiers go in the order"},
		{"4d6!r1", 5, "modifiers go in the order"},
		{"3x6", 2, "expected an operator"},
		{"3d6q", 4, "unexpected 'q'"},
		{"3d6kh3d", 7, "unexpected"},
		{"d6 + é", 6, "found 'é'"},
		{"99999999999", 1, "too large"},
		{strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200), 101, "nested too deeply"},
		{strings.Repeat("-", 200) + "d6", 101, "nested too deeply"},
		{"1000000000*1000000000", 11, "the limit is"},
		{"1000000000*1000000*1000-1000000000*1000000*1000", 19, "the limit is"},
		{"d20+(1000000000*1000000000-1)", 16, "the limit is"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a *SyntaxError", c.in, err)
			continue
		}
		if se.Column != c.column || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%q): column %d %q; want column %d containing %q", c.in, se.Column, se.Msg, c.column, c.msg)
		}
	}
}

func TestSyntaxErrorCaret(t *testing.T) {
	_, err := Parse("3d+5")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatal(err)
	}
	want := "  3d+5\n    ^"
	if got := se.Caret(); got != want {
		t.Errorf("Caret() =\n%s\nwant\n%s", got, want)
	}
	if got := se.Error(); got != `dice expression "3d+5", column 3: expected the number of sides after "d" (as in d6, d% or dF), found '+'` {
		t.Errorf("Error() = %s", got)
	}
}

func TestBounds(t *testing.T) {
	const none = -999 // no bound
	cases := []struct {
		in     string
		lo, hi int
	}{
		{"3d6", 3, 18},
		{"4d6kh3", 3, 18},
		{"d10/2", 1, 5},
		{"2d10/3+1", 3, 9},
		{"d6!2", 1, 18},
		{"3d6!", 3, none},
		{"-d2!", none, -1},
		{"d6!-d6!", none, none},
		{"d6!*0", 0, 0},
		{"-2*d4!", none, -2},
		{"6d6>=5", 0, 6},
		{"d20-d4", -3, 19},
		{"-2*d6", -12, -2},
		{"2d10^+1", 2, 24},
		{"d4^-3", 1, 4},
	}
	for _, c := range cases {
		e := MustParse(c.in)
		lo, hasLo := e.Min()
		hi, hasHi := e.Max()
		if !hasLo {
			lo = none
		}
		if !hasHi {
			hi = none
		}
		if lo != c.lo || hi != c.hi {
			t.Errorf("%s: range %d..%d, want %d..%d (%d: none)", c.in, lo, hi, c.lo, c.hi, none)
		}
	}
}

func TestLadderAndDividedTable(t *testing.T) {
	steps := []struct{ sides, steps, want int }{
		{10, 0, 10}, {10, 1, 12}, {10, 2, 20}, {10, 3, 20}, {10, -1, 8}, {10, -3, 4}, {10, -4, 4}, {4, 5, 20},
	}
	for _, s := range steps {
		if got, ok := StepDie(s.sides, s.steps); !ok || got != s.want {
			t.Errorf("StepDie(%d, %d) = %d, %v; want %d", s.sides, s.steps, got, ok, s.want)
		}
	}
	if _, ok := StepDie(7, 1); ok {
		t.Error("StepDie accepted a d7")
	}
	for rank, want := range []int{4, 4, 6, 8, 10, 12, 20, 20} {
		if got := LadderDie(rank - 1); got != want {
			t.Errorf("LadderDie(%d) = %d, want %d", rank-1, got, want)
		}
	}
	// The table of the blackpowder rules, read column by column.
	table := map[int][10]int{
		2: {1, 1, 2, 2, 3, 3, 4, 4, 4, 5},
		3: {1, 1, 1, 2, 2, 2, 3, 3, 3, 4},
		4: {1, 1, 1, 1, 2, 2, 2, 2, 3, 3},
	}
	for div, row := range table {
		for raw := 1; raw <= 10; raw++ {
			if got, ok := DivideD10(raw, div); !ok || got != row[raw-1] {
				t.Errorf("DivideD10(%d, %d) = %d, want %d", raw, div, got, row[raw-1])
			}
		}
	}
	if _, ok := DivideD10(11, 2); ok {
		t.Error("DivideD10 accepted 11")
	}
	if _, ok := DivideD10(5, 5); ok {
		t.Error("DivideD10 accepted divisor 5")
	}
}

func TestCaretLinesUpAfterTabs(t *testing.T) {
	_, err := Parse("d6\t+\tx")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatal(err)
	}
	if want := "  d6\t+\tx\n    \t \t^"; se.Caret() != want {
		t.Errorf("Caret() = %q, want %q", se.Caret(), want)
	}
}
