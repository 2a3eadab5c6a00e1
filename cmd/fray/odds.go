package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"fray/dice"
	"fray/odds"
)

// barWidth is the length, in characters, of the bar of the most likely
// outcome in the odds chart.
const barWidth = 40

// estimateTimes is how many rolls the message for odds too costly to compute
// suggests for an estimate.
const estimateTimes = 10000

// oddsOptions are the flags of "fray odds".
type oddsOptions struct {
	atLeast      int
	hasAtLeast   bool // --at-least was given
	explodeDepth int
	json         bool
	encounter    encounterOddsOptions
}

// newOddsCmd returns the "fray odds" command.
func newOddsCmd() *cobra.Command {
	var opts oddsOptions
	cmd := &cobra.Command{
		Use:   "odds EXPR... | fray odds --encounter ENCOUNTER --actor ID (--command TEXT | --all)",
		Short: "Show the exact odds of a dice expression, or of an action in a fight",
		Long: `Show the exact odds of a dice expression, or of an action in a fight.

With a dice expression, the odds of every result are exact fractions,
computed rather than sampled, with a chart, the mean, standard deviation and
median. A die that explodes without a stated depth ("d6!", "d6!!", "d6x"),
or rerolls until a condition fails ("d6rr1"), is followed --explode-depth
extra dice deep; the probability of the longer chains is left out and
reported. The forms Foundry and Roll20 use (rerolls, x and xo, !!, dF, cs and
cf, min and max, floor/ceil/round of a division) are described in
docs/dice.md. Expressions whose exact odds would take too long to compute
are refused; roll them many times instead: "fray roll EXPR --times 10000
--summary".

With --encounter, the odds are those of an action in a fight: the ruleset's
own rules are run for every way the dice can fall, so the chance to hit, of a
critical or a jam, the damage each combatant takes and who goes down are
exact fractions. ENCOUNTER is an encounter file, a bundled encounter (such as
alley_fight) or a scenario file, whose script is played first; --setup plays
further steps ("ACTOR: COMMAND") with the dice --dice gives. The action is
--command, in the words scenario files use, from --actor, whose decision it
must be: its headline, or with --full every outcome tag's odds, each
combatant's damage, the prompts answered on the way and every outcome; --all shows the headline odds of every option the actor has,
sorted. Prompts met while the action resolves (a dodge, a critical re-roll,
an opportunity attack) are answered by --policy; GM rulings take their
default. --content DIR is a folder of your own content, searched by the
files' "use: NAME" for DIR/NAME.yaml before the bundled content (see
docs/scenarios.md). See docs/odds.md.`,
		Example: `  fray odds 3d6
  fray odds 4d6kh3 --at-least 15
  fray odds d6! --explode-depth 5
  fray odds 2d20kh1+5 --json
  fray odds --encounter alley_fight --setup "beatrix: initiative" --setup "thug1: initiative" \
      --dice 9,2 --actor markus --command "attack thug1"
  fray odds --encounter my_scenario.yaml --actor gunman --all --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("encounter") {
				if len(args) > 0 {
					return usageErrorf("give either a dice expression or --encounter, not both (got %q)", strings.Join(args, " "))
				}
				for _, name := range []string{"at-least", "explode-depth"} {
					if cmd.Flags().Changed(name) {
						return usageErrorf("--%s goes with a dice expression, not --encounter", name)
					}
				}
				return nil
			}
			for _, name := range []string{"actor", "command", "all", "full", "policy", "setup", "dice", "max-paths", "timeout", "content"} {
				if cmd.Flags().Changed(name) {
					return usageErrorf("--%s goes with --encounter", name)
				}
			}
			return exprArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("encounter") {
				opts.encounter.partial = cmd.Flags().Changed("max-paths")
				return runEncounterOdds(cmd.OutOrStdout(), cmd.ErrOrStderr(), opts.encounter, opts.json)
			}
			opts.hasAtLeast = cmd.Flags().Changed("at-least")
			return runOdds(cmd.OutOrStdout(), args, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.atLeast, "at-least", 0, "also show the probability of a result of at least `N`")
	f.IntVar(&opts.explodeDepth, "explode-depth", dice.DefaultExplodeDepth,
		fmt.Sprintf("follow `D` extra dice per die that explodes or rerolls without a stated depth (1 to %d)", dice.MaxDepth))
	f.BoolVar(&opts.json, "json", false, "print the odds as JSON")
	e := &opts.encounter
	f.StringVar(&e.encounter, "encounter", "", "the odds of an action in the fight `ENCOUNTER`: an encounter file, a bundled encounter or a scenario file")
	f.StringVar(&e.actor, "actor", "", "the combatant `ID` whose decision it is (or gm)")
	f.StringVar(&e.command, "command", "", "the action, as `TEXT` in the ruleset's command words (\"attack thug1\")")
	f.BoolVar(&e.all, "all", false, "show the headline odds of every option the actor has")
	f.BoolVar(&e.full, "full", false, "with --command, show every outcome tag's odds, each combatant's damage, the prompts answered on the way and every outcome, not only the headline")
	f.StringVar(&e.policy, "policy", "", "the `POLICY` that answers prompts met while the action resolves (default: the ruleset's tactical policy)")
	f.StringArrayVar(&e.setup, "setup", nil, "play the `STEP` \"ACTOR: COMMAND\" first (repeatable, in order)")
	f.StringVar(&e.dice, "dice", "", "the `DICE` the --setup steps draw, in the order the rules roll them (\"9,2\")")
	f.IntVar(&e.maxPaths, "max-paths", dice.DefaultMaxPaths,
		fmt.Sprintf("run at most `N` dice paths in all (at most %d); with --command what is left is reported as not covered, with --all an option past its share is estimated", odds.MaxPathsCeiling))
	f.DurationVar(&e.timeout, "timeout", odds.DefaultTimeout, "stop enumerating after `DURATION` (\"30s\", \"2m\") and estimate instead, saying so (with --command and --max-paths: give up)")
	addContentFlag(cmd, &e.content)
	return cmd
}

// runOdds computes the distribution of the expression given by args and
// writes it to w as opts say.
func runOdds(w io.Writer, args []string, opts oddsOptions) error {
	if opts.explodeDepth < 1 || opts.explodeDepth > dice.MaxDepth {
		return usageErrorf("--explode-depth must be between 1 and %d, not %d", dice.MaxDepth, opts.explodeDepth)
	}
	expr, err := parseExpr(args)
	if err != nil {
		return err
	}
	dist, err := expr.Exact(dice.ExactOptions{ExplodeDepth: opts.explodeDepth})
	if tooCostly, ok := errors.AsType[*dice.TooCostlyError](err); ok {
		return fmt.Errorf("%w; for an estimate, roll it many times instead: fray roll %s --times %d --summary",
			tooCostly, shellQuote(expr.String()), estimateTimes)
	}
	if err != nil {
		return fmt.Errorf("computing the odds of %s: %w", expr, err)
	}
	if opts.json {
		return writeOddsJSON(w, expr, dist, opts)
	}
	return writeOddsText(w, expr, dist, opts)
}

// shellQuote quotes a canonical dice expression for a POSIX shell when it
// holds characters the shell would interpret.
func shellQuote(s string) string {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-') {
			return "'" + s + "'"
		}
	}
	return s
}

// writeOddsText writes the distribution as a table with a bar chart,
// followed by its summary statistics.
func writeOddsText(w io.Writer, expr *dice.Expr, dist *dice.Dist, opts oddsOptions) error {
	outcomes := dist.Outcomes()
	var b strings.Builder
	plural := "s"
	if len(outcomes) == 1 {
		plural = ""
	}
	fmt.Fprintf(&b, "%s: exact odds, %d outcome%s from %d to %d\n\n", expr, len(outcomes), plural, dist.Min(), dist.Max())

	// Cells first, to size the columns.
	type row struct{ value, fraction, percent string }
	rows := make([]row, len(outcomes))
	head := row{"value", "fraction", "percent"}
	widths := [3]int{len(head.value), len(head.fraction), len(head.percent)}
	mostLikely := new(big.Rat)
	for i, o := range outcomes {
		rows[i] = row{strconv.Itoa(o.Value), o.P.String(), odds.Percent(o.P)}
		widths[0] = max(widths[0], len(rows[i].value))
		widths[1] = max(widths[1], len(rows[i].fraction))
		widths[2] = max(widths[2], len(rows[i].percent))
		if o.P.Cmp(mostLikely) > 0 {
			mostLikely = o.P
		}
	}
	fmt.Fprintf(&b, "%*s  %*s  %*s\n", widths[0], head.value, widths[1], head.fraction, widths[2], head.percent)
	for i, r := range rows {
		fmt.Fprintf(&b, "%*s  %*s  %*s  %s\n", widths[0], r.value, widths[1], r.fraction, widths[2], r.percent,
			bar(outcomes[i].P, mostLikely))
	}

	mean := dist.Mean()
	fmt.Fprintf(&b, "\nmean    %s", mean.FloatString(4))
	if !mean.IsInt() {
		fmt.Fprintf(&b, " (%s)", mean.String())
	}
	fmt.Fprintf(&b, "\nsd      %.4f\nmedian  %d\n", dist.StdDev(), dist.Median())
	t := dist.Truncated()
	if opts.hasAtLeast {
		p := dist.AtLeast(opts.atLeast)
		fmt.Fprintf(&b, "P(>= %d) = %s (%s)", opts.atLeast, p.String(), odds.Percent(p))
		if t.Sign() != 0 {
			fmt.Fprintf(&b, ", plus at most %s from the chains not followed", odds.Percent(t))
		}
		b.WriteByte('\n')
	}
	if t.Sign() != 0 {
		fmt.Fprintf(&b, "explosions and rerolls followed to depth %d; probability not covered: %s (%s)\n",
			opts.explodeDepth, t.String(), odds.Percent(t))
		b.WriteString("mean, sd and median describe the covered outcomes; raise --explode-depth to cover more\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// eighths are the partial blocks that end a bar, by eighths of a character.
var eighths = [8]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar returns a bar of block characters for probability p, scaled so that
// probability top gets a bar barWidth characters long.
func bar(p, top *big.Rat) string {
	if top.Sign() == 0 {
		return ""
	}
	ratio, _ := new(big.Rat).Quo(p, top).Float64()
	n := int(ratio*barWidth*8 + 0.5) // in eighths of a character
	return strings.Repeat("█", n/8) + eighths[n%8]
}

// oddsJSON is the JSON form of a distribution.
type oddsJSON struct {
	Expression   string         `json:"expression"`
	Min          int            `json:"min"`
	Max          int            `json:"max"`
	Mean         float64        `json:"mean"`
	MeanFraction string         `json:"mean_fraction"`
	SD           float64        `json:"sd"`
	Median       int            `json:"median"`
	AtLeast      *atLeastJSON   `json:"at_least,omitempty"`
	Truncated    *truncatedJSON `json:"truncated,omitempty"`
	Outcomes     []outcomeJSON  `json:"outcomes"`
}

// outcomeJSON is one outcome of a distribution with its probability, as a
// float and as an exact fraction in lowest terms ("1/8").
type outcomeJSON struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// atLeastJSON is the probability of a result of at least N.
type atLeastJSON struct {
	N        int     `json:"n"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// truncatedJSON is the probability left out of a distribution whose
// exploding dice were followed only to a limited depth.
type truncatedJSON struct {
	Fraction     string  `json:"fraction"`
	P            float64 `json:"p"`
	ExplodeDepth int     `json:"explode_depth"`
}

// writeOddsJSON writes the distribution as one JSON object.
func writeOddsJSON(w io.Writer, expr *dice.Expr, dist *dice.Dist, opts oddsOptions) error {
	mean := dist.Mean()
	meanF, _ := mean.Float64()
	out := oddsJSON{
		Expression:   expr.String(),
		Min:          dist.Min(),
		Max:          dist.Max(),
		Mean:         meanF,
		MeanFraction: mean.RatString(),
		SD:           dist.StdDev(),
		Median:       dist.Median(),
	}
	for _, o := range dist.Outcomes() {
		p, _ := o.P.Float64()
		out.Outcomes = append(out.Outcomes, outcomeJSON{Value: o.Value, P: p, Fraction: o.P.String()})
	}
	if opts.hasAtLeast {
		r := dist.AtLeast(opts.atLeast)
		p, _ := r.Float64()
		out.AtLeast = &atLeastJSON{N: opts.atLeast, P: p, Fraction: r.String()}
	}
	if r := dist.Truncated(); r.Sign() != 0 {
		p, _ := r.Float64()
		out.Truncated = &truncatedJSON{Fraction: r.String(), P: p, ExplodeDepth: opts.explodeDepth}
	}
	return writeJSON(w, out)
}
