package main

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"fray/dice"
)

// result is what one in-process run of fray produced.
type result struct {
	code           int
	stdout, stderr string
}

// fray runs the command in-process with the given arguments.
func fray(t *testing.T, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// mustSucceed runs fray and fails the test unless it exits with status 0.
func mustSucceed(t *testing.T, args ...string) string {
	t.Helper()
	r := fray(t, args...)
	if r.code != exitOK {
		t.Fatalf("fray %s: exit status %d, stderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	if r.stderr != "" {
		t.Errorf("fray %s: unexpected stderr:\n%s", strings.Join(args, " "), r.stderr)
	}
	return r.stdout
}

// oddsOutput mirrors the JSON of "fray odds --json" as a reader sees it.
type oddsOutput struct {
	Expression   string  `json:"expression"`
	Mean         float64 `json:"mean"`
	MeanFraction string  `json:"mean_fraction"`
	SD           float64 `json:"sd"`
	Median       int     `json:"median"`
	Min          int     `json:"min"`
	Max          int     `json:"max"`
	Outcomes     []struct {
		Value    int     `json:"value"`
		P        float64 `json:"p"`
		Fraction string  `json:"fraction"`
	} `json:"outcomes"`
	AtLeast *struct {
		N        int     `json:"n"`
		P        float64 `json:"p"`
		Fraction string  `json:"fraction"`
	} `json:"at_least"`
	Truncated *struct {
		Fraction     string  `json:"fraction"`
		P            float64 `json:"p"`
		ExplodeDepth int     `json:"explode_depth"`
	} `json:"truncated"`
}

// oddsJSONOf runs "fray odds --json" with the extra arguments and decodes
// its output, which must be exactly one JSON object.
func oddsJSONOf(t *testing.T, args ...string) oddsOutput {
	t.Helper()
	out := mustSucceed(t, append([]string{"odds", "--json"}, args...)...)
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var o oddsOutput
	if err := dec.Decode(&o); err != nil {
		t.Fatalf("decoding %q: %v", out, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value in:\n%s", out)
	}
	return o
}

// fractionOf returns the fraction given for value, failing the test if the
// value is not an outcome.
func (o oddsOutput) fractionOf(t *testing.T, value int) string {
	t.Helper()
	for _, oc := range o.Outcomes {
		if oc.Value == value {
			return oc.Fraction
		}
	}
	t.Fatalf("%s: no outcome %d", o.Expression, value)
	return ""
}

// rat parses a fraction, failing the test if it is not in lowest terms as
// big.Rat.String writes it.
func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad fraction %q", s)
	}
	if r.String() != s {
		t.Fatalf("fraction %q is not in lowest terms %q", s, r.String())
	}
	return r
}

// TestOddsJSONFractions checks single exact probabilities in the JSON of "fray odds".
func TestOddsJSONFractions(t *testing.T) {
	tests := []struct {
		expr     string
		value    int
		fraction string
	}{
		{"3d6", 10, "1/8"},
		{"3d6", 3, "1/216"},
		{"2d10kh1", 10, "19/100"},
		{"d10/2", 4, "3/10"},
		{"d6", 6, "1/6"},
		{"1", 1, "1/1"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			o := oddsJSONOf(t, tt.expr)
			if got := o.fractionOf(t, tt.value); got != tt.fraction {
				t.Errorf("P(%d) = %s, want %s", tt.value, got, tt.fraction)
			}
		})
	}
}

// TestOddsJSONOutcomesAscendingAndSumToOne checks that the JSON outcomes ascend and that their fractions, in lowest terms, sum to exactly 1.
func TestOddsJSONOutcomesAscendingAndSumToOne(t *testing.T) {
	for _, expr := range []string{"3d6", "4d6kh3", "2d10kh1", "d10/2", "d20+2d10!3+5", "6d6>=5", "(d6+1)*2", "d6-d6", "d%", "2d6^+1"} {
		t.Run(expr, func(t *testing.T) {
			o := oddsJSONOf(t, expr)
			if len(o.Outcomes) == 0 {
				t.Fatal("no outcomes")
			}
			sum := new(big.Rat)
			for i, oc := range o.Outcomes {
				if i > 0 && oc.Value <= o.Outcomes[i-1].Value {
					t.Errorf("outcome %d after %d: not ascending", oc.Value, o.Outcomes[i-1].Value)
				}
				p := rat(t, oc.Fraction)
				if f, _ := p.Float64(); f != oc.P {
					t.Errorf("outcome %d: p %v does not match fraction %s", oc.Value, oc.P, oc.Fraction)
				}
				sum.Add(sum, p)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("fractions sum to %s, want 1", sum)
			}
			if o.Min != o.Outcomes[0].Value || o.Max != o.Outcomes[len(o.Outcomes)-1].Value {
				t.Errorf("min, max = %d, %d; outcomes run from %d to %d", o.Min, o.Max, o.Outcomes[0].Value, o.Outcomes[len(o.Outcomes)-1].Value)
			}
			if o.Truncated != nil {
				t.Errorf("unexpected truncation %+v", *o.Truncated)
			}
		})
	}
}

// TestOddsJSONWholeMean checks that a whole mean is written as a whole
// number, as the outcomes' fractions are: 4dF's is 0, 3d6+1's 23/2, 2d6's 7.
func TestOddsJSONWholeMean(t *testing.T) {
	for expr, want := range map[string]string{"4dF": "0", "2d6": "7", "3d6+1": "23/2"} {
		if got := oddsJSONOf(t, expr).MeanFraction; got != want {
			t.Errorf("%s: mean_fraction %q, want %q", expr, got, want)
		}
	}
}

// TestOddsJSONMean checks the exact and float mean and the other statistics of 4d6kh3.
func TestOddsJSONMean(t *testing.T) {
	o := oddsJSONOf(t, "4d6kh3")
	if o.Expression != "4d6kh3" {
		t.Errorf("expression %q, want 4d6kh3", o.Expression)
	}
	if o.MeanFraction != "15869/1296" {
		t.Errorf("mean_fraction %q, want 15869/1296", o.MeanFraction)
	}
	if want := 15869.0 / 1296; math.Abs(o.Mean-want) > 1e-12 {
		t.Errorf("mean %v, want %v", o.Mean, want)
	}
	if o.Median != 12 || o.Min != 3 || o.Max != 18 {
		t.Errorf("median, min, max = %d, %d, %d; want 12, 3, 18", o.Median, o.Min, o.Max)
	}
	if math.Abs(o.SD-2.8468) > 1e-4 {
		t.Errorf("sd %v, want about 2.8468", o.SD)
	}
}

// TestOddsJSONCanonicalExpression checks that the JSON names the expression in canonical form, joined from several words.
func TestOddsJSONCanonicalExpression(t *testing.T) {
	o := oddsJSONOf(t, "3D6", "+", "2")
	if o.Expression != "3d6+2" {
		t.Errorf("expression %q, want the canonical 3d6+2", o.Expression)
	}
	if o.Min != 5 || o.Max != 20 {
		t.Errorf("min, max = %d, %d; want 5, 20", o.Min, o.Max)
	}
}

// TestOddsAtLeast checks --at-least in JSON and text.
func TestOddsAtLeast(t *testing.T) {
	o := oddsJSONOf(t, "--at-least", "10", "3d6")
	if o.AtLeast == nil {
		t.Fatal("no at_least in the JSON")
	}
	if o.AtLeast.N != 10 || o.AtLeast.Fraction != "5/8" || o.AtLeast.P != 0.625 {
		t.Errorf("at_least = %+v, want n 10, fraction 5/8, p 0.625", *o.AtLeast)
	}
	if o := oddsJSONOf(t, "3d6"); o.AtLeast != nil {
		t.Errorf("at_least without --at-least: %+v", *o.AtLeast)
	}

	out := mustSucceed(t, "odds", "3d6", "--at-least", "10")
	if !strings.Contains(out, "P(>= 10) = 5/8 (62.50%)\n") {
		t.Errorf("text output lacks P(>= 10) = 5/8 (62.50%%):\n%s", out)
	}
}

// TestOddsText checks the table, chart and statistics of the text output.
func TestOddsText(t *testing.T) {
	out := mustSucceed(t, "odds", "3d6")
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "3d6:") {
		t.Errorf("header %q does not start with the expression", lines[0])
	}
	for _, want := range []string{
		"mean    10.5000 (21/2)\n",
		"sd      2.9580\n",
		"median  10\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// One row per outcome: value, fraction, percent and bar; the most likely
	// outcomes get the longest bar, 40 full blocks.
	rows := map[string][]string{}
	for _, line := range lines {
		if f := strings.Fields(line); len(f) >= 3 && strings.HasSuffix(f[2], "%") {
			rows[f[0]] = f
		}
	}
	if len(rows) != 16 {
		t.Fatalf("%d table rows, want 16:\n%s", len(rows), out)
	}
	ten := rows["10"]
	if len(ten) != 4 || ten[1] != "1/8" || ten[2] != "12.50%" || ten[3] != strings.Repeat("█", 40) {
		t.Errorf("row for 10 = %q, want 1/8, 12.50%% and a bar of 40 blocks", ten)
	}
	three := rows["3"]
	if len(three) != 4 || three[1] != "1/216" || three[2] != "0.46%" {
		t.Errorf("row for 3 = %q, want 1/216, 0.46%% and a short bar", three)
	}
	if strings.Contains(out, "not covered") {
		t.Errorf("3d6 reported as truncated:\n%s", out)
	}
}

// TestOddsTextMeanFraction checks that the text output shows the mean as a decimal and a fraction.
func TestOddsTextMeanFraction(t *testing.T) {
	out := mustSucceed(t, "odds", "4d6kh3")
	if !strings.Contains(out, "mean    12.2446 (15869/1296)\n") {
		t.Errorf("output lacks the mean 12.2446 (15869/1296):\n%s", out)
	}
}

// TestOddsTruncated checks how the probability of explosions deeper than followed is reported.
func TestOddsTruncated(t *testing.T) {
	out := mustSucceed(t, "odds", "d6!")
	want := "explosions and rerolls followed to depth 10; probability not covered: 1/362797056 (2.8e-07%)"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}

	out = mustSucceed(t, "odds", "d6!", "--explode-depth", "2")
	want = "explosions and rerolls followed to depth 2; probability not covered: 1/216 (0.46%)"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}

	o := oddsJSONOf(t, "d6!")
	if o.Truncated == nil {
		t.Fatal("no truncated in the JSON")
	}
	if o.Truncated.Fraction != "1/362797056" || o.Truncated.ExplodeDepth != 10 {
		t.Errorf("truncated = %+v, want fraction 1/362797056 at depth 10", *o.Truncated)
	}
	sum := rat(t, o.Truncated.Fraction)
	for _, oc := range o.Outcomes {
		sum.Add(sum, rat(t, oc.Fraction))
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("outcomes and uncovered mass sum to %s, want 1", sum)
	}

	// A stated depth caps the die: nothing is left out.
	if o := oddsJSONOf(t, "d6!2"); o.Truncated != nil {
		t.Errorf("d6!2 reported as truncated: %+v", *o.Truncated)
	}
}

// TestOddsTooCostly checks that odds too costly to compute are refused with a suggestion to roll.
func TestOddsTooCostly(t *testing.T) {
	r := fray(t, "odds", "10000d10000")
	if r.code == exitOK {
		t.Fatalf("fray odds 10000d10000 succeeded:\n%s", r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "fray: ") || !strings.Contains(r.stderr, "fray roll 10000d10000 --times") {
		t.Errorf("stderr does not suggest rolling for an estimate:\n%s", r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("unexpected stdout:\n%s", r.stdout)
	}
}

// TestOddsBadExplodeDepth checks that an explosion depth out of range is a usage error.
func TestOddsBadExplodeDepth(t *testing.T) {
	r := fray(t, "odds", "d6!", "--explode-depth", "0")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--explode-depth") {
		t.Errorf("exit %d, stderr %q; want a usage error about --explode-depth", r.code, r.stderr)
	}
}

// rollOutput mirrors the JSON of "fray roll --json".
type rollOutput struct {
	Expression string  `json:"expression"`
	Seed       *uint64 `json:"seed"`
	Rolls      []struct {
		Total  int    `json:"total"`
		Text   string `json:"text"`
		Groups []struct {
			Notation string `json:"notation"`
			Value    int    `json:"value"`
			Dice     []struct {
				Rolls   []int `json:"rolls"`
				Value   int   `json:"value"`
				Dropped bool  `json:"dropped"`
				Success bool  `json:"success"`
			} `json:"dice"`
		} `json:"groups"`
	} `json:"rolls"`
	Summary *statsJSON `json:"summary"`
}

// decodeRolls decodes the output of "fray roll --json", which must be exactly
// one JSON object.
func decodeRolls(t *testing.T, out string) rollOutput {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var r rollOutput
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("decoding %q: %v", out, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value in:\n%s", out)
	}
	return r
}

// TestRollSeededJSON checks that a seed reproduces the rolls and that the JSON is consistent.
func TestRollSeededJSON(t *testing.T) {
	args := []string{"roll", "--seed", "7", "--times", "5", "--json", "4d6kh3"}
	first := mustSucceed(t, args...)
	if second := mustSucceed(t, args...); second != first {
		t.Fatalf("same seed, different output:\n%s\n%s", first, second)
	}
	r := decodeRolls(t, first)
	if r.Expression != "4d6kh3" {
		t.Errorf("expression %q, want 4d6kh3", r.Expression)
	}
	if r.Seed == nil || *r.Seed != 7 {
		t.Errorf("seed %v, want 7", r.Seed)
	}
	if len(r.Rolls) != 5 {
		t.Fatalf("%d rolls, want 5", len(r.Rolls))
	}
	lo, hi, sum := math.MaxInt, math.MinInt, 0
	for i, roll := range r.Rolls {
		if len(roll.Groups) != 1 {
			t.Fatalf("roll %d: %d groups, want 1", i, len(roll.Groups))
		}
		g := roll.Groups[0]
		if g.Notation != "4d6kh3" || len(g.Dice) != 4 {
			t.Fatalf("roll %d: group %q with %d dice, want 4d6kh3 with 4", i, g.Notation, len(g.Dice))
		}
		kept, dropped := 0, 0
		for _, d := range g.Dice {
			if d.Value < 1 || d.Value > 6 || len(d.Rolls) != 1 || d.Rolls[0] != d.Value {
				t.Errorf("roll %d: bad die %+v", i, d)
			}
			if d.Dropped {
				dropped++
			} else {
				kept += d.Value
			}
		}
		if dropped != 1 {
			t.Errorf("roll %d: %d dice dropped, want 1", i, dropped)
		}
		if roll.Total != kept || g.Value != kept {
			t.Errorf("roll %d: total %d, group value %d; the kept dice sum to %d", i, roll.Total, g.Value, kept)
		}
		lo, hi, sum = min(lo, roll.Total), max(hi, roll.Total), sum+roll.Total
	}
	if s := r.Summary; s == nil || s.Min != lo || s.Max != hi || math.Abs(s.Mean-float64(sum)/5) > 1e-9 {
		t.Errorf("summary %+v, want min %d, max %d, mean %v", s, lo, hi, float64(sum)/5)
	}

	if other := mustSucceed(t, "roll", "--seed", "8", "--times", "5", "--json", "4d6kh3"); other == first {
		t.Errorf("seeds 7 and 8 gave the same rolls")
	}
}

// TestRollJSONSingle checks the JSON of one unseeded roll of a success-counting group.
func TestRollJSONSingle(t *testing.T) {
	r := decodeRolls(t, mustSucceed(t, "roll", "--json", "6d6>=5"))
	if r.Seed != nil {
		t.Errorf("seed %d in the output of an unseeded roll", *r.Seed)
	}
	if len(r.Rolls) != 1 || r.Summary != nil {
		t.Fatalf("%d rolls, summary %v; want 1 roll and no summary", len(r.Rolls), r.Summary)
	}
	g := r.Rolls[0].Groups[0]
	successes := 0
	for _, d := range g.Dice {
		if d.Success != (d.Value >= 5) {
			t.Errorf("die %+v: success should be %v", d, d.Value >= 5)
		}
		if d.Success {
			successes++
		}
	}
	if r.Expression != "6d6>=5" || r.Rolls[0].Total != successes {
		t.Errorf("expression %q, total %d; want 6d6>=5 and %d successes", r.Expression, r.Rolls[0].Total, successes)
	}
}

// TestRollText checks the text lines of seeded rolls against their JSON and the summary line.
func TestRollText(t *testing.T) {
	out := mustSucceed(t, "roll", "--seed", "1", "--times", "3", "4d6kh3")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 3 rolls and a summary:\n%s", len(lines), out)
	}
	var r struct{ Rolls []dice.Rolled }
	if err := json.Unmarshal([]byte(mustSucceed(t, "roll", "--seed", "1", "--times", "3", "--json", "4d6kh3")), &r); err != nil {
		t.Fatal(err)
	}
	for i, line := range lines[:3] {
		if want := r.Rolls[i].Text; line != want {
			t.Errorf("line %d = %q, want %q", i, line, want)
		}
		if !strings.HasPrefix(line, "4d6kh3 [") || !strings.Contains(line, "(") {
			t.Errorf("line %d = %q: no group with a dropped die", i, line)
		}
	}
	if !strings.HasPrefix(lines[3], "3 rolls of 4d6kh3: min ") {
		t.Errorf("summary line %q", lines[3])
	}
}

// TestRollSummaryMatchesDetailed checks that --summary summarises the same rolls as the detailed output.
func TestRollSummaryMatchesDetailed(t *testing.T) {
	detailed := mustSucceed(t, "roll", "--seed", "42", "--times", "50", "d20+2d10!+5")
	summary := mustSucceed(t, "roll", "--seed", "42", "--times", "50", "--summary", "d20+2d10!+5")
	lines := strings.Split(strings.TrimSuffix(detailed, "\n"), "\n")
	if got, want := summary, lines[len(lines)-1]+"\n"; got != want {
		t.Errorf("--summary printed %q, the detailed rolls end with %q", got, want)
	}
}

// TestRollMultiWord checks that an expression given as several words is joined.
func TestRollMultiWord(t *testing.T) {
	out := mustSucceed(t, "roll", "--seed", "3", "2d6", "+", "3")
	if !strings.HasPrefix(out, "2d6 [") || !strings.Contains(out, "] + 3 = ") {
		t.Errorf("output %q, want 2d6 [a b] + 3 = total", out)
	}
}

// TestRollDeterministicAcrossRuns checks that a seed reproduces rolls of exploding dice.
func TestRollDeterministicAcrossRuns(t *testing.T) {
	a := mustSucceed(t, "roll", "--seed", "9", "--times", "20", "d20+2d10!+5")
	b := mustSucceed(t, "roll", "--seed", "9", "--times", "20", "d20+2d10!+5")
	if a != b {
		t.Errorf("same seed, different output:\n%s\n%s", a, b)
	}
}

// TestRollBadTimes checks that --times out of range is a usage error.
func TestRollBadTimes(t *testing.T) {
	for _, times := range []string{"0", "-1", "1000001"} {
		r := fray(t, "roll", "--times", times, "d6")
		if r.code != exitUsage || !strings.Contains(r.stderr, "--times") {
			t.Errorf("--times %s: exit %d, stderr %q; want a usage error about --times", times, r.code, r.stderr)
		}
	}
}

// TestRollNoArgs checks that "fray roll" without an expression is a usage error.
func TestRollNoArgs(t *testing.T) {
	r := fray(t, "roll")
	if r.code != exitUsage {
		t.Errorf("exit status %d, want %d", r.code, exitUsage)
	}
	if !strings.HasPrefix(r.stderr, "fray: missing dice expression") || !strings.Contains(r.stderr, "fray roll --help") {
		t.Errorf("stderr %q, want a usage error", r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("unexpected stdout %q", r.stdout)
	}
}

// TestOddsNoArgs checks that "fray odds" without an expression is a usage error.
func TestOddsNoArgs(t *testing.T) {
	if r := fray(t, "odds"); r.code != exitUsage || !strings.HasPrefix(r.stderr, "fray: missing dice expression") {
		t.Errorf("exit %d, stderr %q; want a usage error", r.code, r.stderr)
	}
}

// TestSyntaxErrorCaret checks that a malformed expression fails with a caret under the problem.
func TestSyntaxErrorCaret(t *testing.T) {
	tests := []struct {
		args   []string
		expr   string // the expression line of the caret display
		column int    // 1-based column of the caret
	}{
		{[]string{"roll", "3d+5"}, "3d+5", 3},
		{[]string{"odds", "3d+5"}, "3d+5", 3},
		{[]string{"roll", "2d6", "+", "x"}, "2d6 + x", 7},
		{[]string{"odds", "--json", "4d6kh3", "*"}, "4d6kh3 *", 9},
		{[]string{"roll", "d10/7"}, "d10/7", 5},
		{[]string{"odds", "4d6xdl1"}, "4d6xdl1", 5},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := fray(t, tt.args...)
			if r.code == exitOK {
				t.Fatalf("succeeded:\n%s", r.stdout)
			}
			if r.stdout != "" {
				t.Errorf("unexpected stdout %q", r.stdout)
			}
			lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
			if len(lines) != 3 {
				t.Fatalf("stderr has %d lines, want the message, the expression and the caret:\n%s", len(lines), r.stderr)
			}
			if !strings.HasPrefix(lines[0], "fray: ") {
				t.Errorf("message %q does not start with \"fray: \"", lines[0])
			}
			exprAt := strings.Index(lines[1], tt.expr)
			if exprAt < 0 || strings.TrimSpace(lines[1]) != tt.expr {
				t.Fatalf("expression line %q, want %q", lines[1], tt.expr)
			}
			if want := strings.Repeat(" ", exprAt+tt.column-1) + "^"; lines[2] != want {
				t.Errorf("caret line %q, want %q (column %d)", lines[2], want, tt.column)
			}
		})
	}
}

// TestNoSubcommandPrintsHelp checks that "fray" alone prints help and succeeds.
func TestNoSubcommandPrintsHelp(t *testing.T) {
	out := mustSucceed(t)
	for _, want := range []string{"tabletop-RPG combat rules engine", "roll", "odds", "Usage:"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}

// TestUnknownCommand checks that an unknown command is a usage error with a suggestion.
func TestUnknownCommand(t *testing.T) {
	r := fray(t, "rol", "3d6")
	if r.code != exitUsage || !strings.Contains(r.stderr, `unknown command "rol"`) || !strings.Contains(r.stderr, `"roll"`) {
		t.Errorf("exit %d, stderr %q; want a usage error suggesting roll", r.code, r.stderr)
	}
}

// TestUnknownFlag checks unknown flags, and the hint for a term with a minus sign.
func TestUnknownFlag(t *testing.T) {
	r := fray(t, "roll", "--bogus", "3d6")
	if r.code != exitUsage || !strings.HasPrefix(r.stderr, "fray: unknown flag: --bogus") {
		t.Errorf("exit %d, stderr %q; want a usage error", r.code, r.stderr)
	}
	r = fray(t, "roll", "d20", "-2")
	if r.code != exitUsage || !strings.Contains(r.stderr, "put -- before it") {
		t.Errorf("exit %d, stderr %q; want a hint about --", r.code, r.stderr)
	}
	if out := mustSucceed(t, "roll", "--seed", "1", "--", "d20", "-2"); !strings.Contains(out, "] - 2 = ") {
		t.Errorf("output %q, want d20 [n] - 2 = total", out)
	}
}
