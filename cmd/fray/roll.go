package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/spf13/cobra"

	"fray/dice"
)

// maxTimes is the most rolls one "fray roll" makes.
const maxTimes = 1000000

// The most dice one "fray roll" may roll in all, about a second's work:
// maxSummaryDice with --summary, maxShownDice when every die is printed
// (some 50 MB of text).
const (
	maxSummaryDice = 100_000_000
	maxShownDice   = 10_000_000
)

// rollOptions are the flags of "fray roll".
type rollOptions struct {
	seed    uint64
	seeded  bool // --seed was given
	times   int
	json    bool
	summary bool
}

// newRollCmd returns the "fray roll" command.
func newRollCmd() *cobra.Command {
	var opts rollOptions
	cmd := &cobra.Command{
		Use:   "roll EXPR...",
		Short: "Roll a dice expression and show every die",
		Long: `Roll a dice expression and show every die.

Each roll prints one line: the expression with every dice group's dice in
brackets, then the total. Dropped dice are shown in parentheses, exploding
dice as 6!4 (6! 4 with x, whose extra dice are dice of their own), rerolls as
1r4, divided d10s and results moved by min or max as 9→4, Fudge dice as
+ 0 -, and dice that count (>=, cs, cf) with *. docs/dice.md lists every
form.

One fray roll rolls at most 1000000 times and, counting the dice of a few
trial rolls, about 10000000 dice when it prints them (100000000 with
--summary): a request past that is refused before any die is rolled.

The expression may be given as several words: "fray roll 2d6 + 3". Put --
before an expression that starts a term with a minus sign: "fray roll -- d20 -2".`,
		Example: `  fray roll 4d6kh3
  fray roll 'd20+2d10!+5' --times 3
  fray roll 3d6 --seed 7 --times 10000 --summary
  fray roll '6d6>=5' --json
  fray roll '6d10x10cs>=8' --seed 1`,
		Args: exprArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.seeded = cmd.Flags().Changed("seed")
			return runRoll(cmd.OutOrStdout(), args, opts)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&opts.seed, "seed", 0, "seed `N` for reproducible rolls: the same seed gives the same rolls (default: unpredictable)")
	f.IntVar(&opts.times, "times", 1, fmt.Sprintf("roll `K` times (1 to %d) and summarise the totals", maxTimes))
	f.BoolVar(&opts.json, "json", false, "print the rolls as JSON")
	f.BoolVar(&opts.summary, "summary", false, "print only the summary of the totals (min, max, mean, sd), not every roll")
	return cmd
}

// runRoll rolls the expression given by args as opts say and writes the
// result to w.
func runRoll(w io.Writer, args []string, opts rollOptions) error {
	if opts.times < 1 || opts.times > maxTimes {
		return usageErrorf("--times must be between 1 and %d, not %d", maxTimes, opts.times)
	}
	if opts.json && opts.summary {
		return usageErrorf("--json and --summary cannot be used together")
	}
	expr, err := parseExpr(args)
	if err != nil {
		return err
	}
	if err := checkRollBudget(expr, opts); err != nil {
		return err
	}
	var src dice.Source
	if opts.seeded {
		src = dice.Seeded(opts.seed)
	} else {
		src = dice.NewCrypto()
	}

	bw := bufio.NewWriter(w)
	switch {
	case opts.summary:
		var s stats
		for range opts.times {
			s.add(expr.Roll(src))
		}
		fmt.Fprintln(bw, s.line(expr.String()))
	case opts.json:
		if err := writeRollsJSON(bw, expr, src, opts); err != nil {
			return err
		}
	default:
		canonical := expr.String()
		var s stats
		for range opts.times {
			r := expr.RollDetailed(src)
			s.add(r.Total)
			fmt.Fprintln(bw, r.Text)
		}
		if opts.times > 1 {
			fmt.Fprintln(bw, s.line(canonical))
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing the rolls: %w", err)
	}
	return nil
}

// checkRollBudget refuses a request that would roll more dice than a roll
// command may: it counts the dice of a few trial rolls (on dice of their
// own, so that seeded rolls stay the same) and multiplies by --times.
func checkRollBudget(expr *dice.Expr, opts rollOptions) error {
	budget := maxShownDice
	if opts.summary {
		budget = maxSummaryDice
	}
	probe := &countingSource{src: dice.Seeded(0)}
	most := 0
	for range 3 {
		probe.n = 0
		expr.Roll(probe)
		most = max(most, probe.n)
	}
	if most == 0 || int64(most)*int64(opts.times) <= int64(budget) {
		return nil
	}
	limit := fmt.Sprintf("more than the %d one fray roll may roll", budget)
	if !opts.summary {
		limit = fmt.Sprintf("more than the %d one fray roll may print (%d with --summary)", budget, maxSummaryDice)
	}
	return usageErrorf("%d rolls of %s would roll about %d dice, %s; ask for --times %d or fewer",
		opts.times, expr.String(), int64(most)*int64(opts.times), limit, max(budget/most, 1))
}

// countingSource counts the dice drawn from src.
type countingSource struct {
	src dice.Source
	n   int
}

// Roll draws a die from the source and counts it.
func (c *countingSource) Roll(sides int) int {
	c.n++
	return c.src.Roll(sides)
}

// writeRollsJSON rolls the expression opts.times times and writes one JSON
// object with every roll:
//
//	{"expression": "4d6kh3", "seed": 7, "rolls": [{"total": 14, "groups": [...]}]}
//
// with "seed" only for seeded rolls and a "summary" of the totals after more
// than one roll. The rolls are written as they are made, one per line, so
// that a million of them need not be held in memory.
func writeRollsJSON(w io.Writer, expr *dice.Expr, src dice.Source, opts rollOptions) error {
	canonical, err := marshalJSON(expr.String())
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "{\n  \"expression\": %s,\n", canonical)
	if opts.seeded {
		fmt.Fprintf(w, "  \"seed\": %d,\n", opts.seed)
	}
	fmt.Fprint(w, "  \"rolls\": [\n")
	var s stats
	for i := range opts.times {
		r := expr.RollDetailed(src)
		s.add(r.Total)
		line, err := marshalJSON(r)
		if err != nil {
			return err
		}
		sep := ","
		if i == opts.times-1 {
			sep = ""
		}
		fmt.Fprintf(w, "    %s%s\n", line, sep)
	}
	fmt.Fprint(w, "  ]")
	if opts.times > 1 {
		summary, err := marshalJSON(s.json())
		if err != nil {
			return err
		}
		fmt.Fprintf(w, ",\n  \"summary\": %s", summary)
	}
	fmt.Fprint(w, "\n}\n")
	return nil
}

// marshalJSON encodes v as compact JSON, leaving <, > and & as they are (dice
// expressions such as 6d6>=5 contain them).
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encoding JSON: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// stats summarises roll totals: their count, range, mean and standard
// deviation (Welford's method, which neither overflows nor loses precision
// like a running sum of squares).
type stats struct {
	n        int
	min, max int
	mean, m2 float64
}

// add counts one more total.
func (s *stats) add(total int) {
	if s.n == 0 || total < s.min {
		s.min = total
	}
	if s.n == 0 || total > s.max {
		s.max = total
	}
	s.n++
	d := float64(total) - s.mean
	s.mean += d / float64(s.n)
	s.m2 += d * (float64(total) - s.mean)
}

// sd returns the standard deviation of the totals.
func (s *stats) sd() float64 {
	if s.n == 0 {
		return 0
	}
	return math.Sqrt(s.m2 / float64(s.n))
}

// line shows the summary as one line of text.
func (s *stats) line(expr string) string {
	rolls := "rolls"
	if s.n == 1 {
		rolls = "roll"
	}
	return fmt.Sprintf("%d %s of %s: min %d, max %d, mean %.4f, sd %.4f", s.n, rolls, expr, s.min, s.max, s.mean, s.sd())
}

// statsJSON is the JSON form of stats.
type statsJSON struct {
	Min  int     `json:"min"`
	Max  int     `json:"max"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
}

// json returns the summary in its JSON form.
func (s *stats) json() statsJSON {
	return statsJSON{Min: s.min, Max: s.max, Mean: s.mean, SD: s.sd()}
}
