package odds

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Percent formats a probability as a percentage with two decimals
// ("36.33%"), or with two significant digits when it is too small for that
// ("2.8e-07%"), as fray shows odds to people.
func Percent(p *big.Rat) string {
	f, _ := p.Float64()
	f *= 100
	if f == 0 || f >= 0.005 {
		return strconv.FormatFloat(f, 'f', 2, 64) + "%"
	}
	return strconv.FormatFloat(f, 'g', 2, 64) + "%"
}

// Summary sums r up in one line for people: the chance to hit, of a
// critical and of a jam, then for each combatant affected (the target
// first) the chance to go down and the expected damage.
func (r *Report) Summary() string {
	var parts []string
	for _, t := range []struct{ tag, words string }{{"hit", "hits"}, {"critical", "critical"}, {"jam", "jams"}} {
		if p := r.TagP(t.tag); p.Sign() > 0 {
			parts = append(parts, fmt.Sprintf("%s %s (%s)", t.words, p.RatString(), Percent(p)))
		}
	}
	who := r.Combatants
	if t := r.Target(); t != nil {
		who = append([]CombatantOdds{*t}, who...)
	}
	seen := map[string]bool{}
	for _, c := range who {
		if seen[c.Combatant] {
			continue
		}
		seen[c.Combatant] = true
		if c.Down.Sign() > 0 {
			parts = append(parts, fmt.Sprintf("drops %s %s (%s)", c.Combatant, c.Down.RatString(), Percent(c.Down)))
		}
		if c.MeanDamage.Sign() > 0 {
			parts = append(parts, fmt.Sprintf("%s takes %s damage on average", c.Combatant, c.MeanDamage.FloatString(2)))
		}
	}
	if len(parts) == 0 {
		return "no hit, no damage, nobody's condition changes"
	}
	return strings.Join(parts, ", ")
}

// table writes rows of cells as columns aligned to the right, each two
// spaces from the one before it (and the first from the margin); a table
// with a text column has it last, aligned to the left.
type table struct {
	tw   *tabwriter.Writer
	text bool  // the last cell of each row is text
	err  error // the first error writing
}

// newTable returns a table writing to w; text says whether its last column
// is text.
func newTable(w io.Writer, text bool) *table {
	return &table{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight), text: text}
}

// row writes one row.
func (t *table) row(cells ...string) {
	aligned := cells
	if t.text {
		aligned = cells[:len(cells)-1]
	}
	var b strings.Builder
	for _, c := range aligned {
		b.WriteString(c)
		b.WriteByte('\t')
	}
	if t.text {
		// A cell after the last tab is not aligned: it is only set apart.
		b.WriteString("  " + cells[len(cells)-1])
	}
	b.WriteByte('\n')
	if _, err := io.WriteString(t.tw, b.String()); err != nil && t.err == nil {
		t.err = err
	}
}

// flush writes the table out.
func (t *table) flush() error {
	if err := cmp.Or(t.err, t.tw.Flush()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// pct formats a probability given as a float as a percentage.
func pct(f float64) string { return strconv.FormatFloat(100*f, 'f', 2, 64) + "%" }

// points is the widest half-width at 95% of a probability estimated from
// n samples (at one half) over a share part of the probability, in
// percentage points.
func points(n int, part float64) string {
	lo, hi := wilson(0.5, float64(n))
	return strconv.FormatFloat(100*part*(hi-lo)/2, 'f', 1, 64) + " points"
}

// WriteText writes r for people: the command and the prompt it answers,
// notes on how the state came about (one a line, in parentheses), the
// Summary, the probability of each tag, what may happen to each combatant,
// the prompts answered on the way, every outcome, and how much the
// enumeration covered.
func (r *Report) WriteText(w io.Writer, notes []string) error {
	var b bytes.Buffer
	r.writeHead(&b, notes)

	if len(r.Tags) > 0 {
		b.WriteString("\nwhat happens\n")
		t := newTable(&b, true)
		t.row("fraction", "percent", "tag")
		for _, tag := range r.Tags {
			t.row(tag.P.RatString(), Percent(tag.P), tag.Tag)
		}
		if err := t.flush(); err != nil {
			return err
		}
	}
	for _, c := range r.Combatants {
		fmt.Fprintf(&b, "\n%s (%s before)\n", c.Combatant, c.Before)
		fmt.Fprintf(&b, "  expected damage %s", c.MeanDamage.FloatString(2))
		if !c.MeanDamage.IsInt() {
			fmt.Fprintf(&b, " (%s)", c.MeanDamage.RatString())
		}
		fmt.Fprintf(&b, "; down %s (%s)\n", c.Down.RatString(), Percent(c.Down))
		var conds []string
		for _, k := range c.Conditions {
			conds = append(conds, fmt.Sprintf("%s %s (%s)", k.Condition, k.P.RatString(), Percent(k.P)))
		}
		fmt.Fprintf(&b, "  ends %s\n", strings.Join(conds, ", "))
		t := newTable(&b, false)
		t.row("damage", "fraction", "percent")
		for _, d := range c.Damage {
			t.row(strconv.Itoa(d.Value), d.P.RatString(), Percent(d.P))
		}
		if err := t.flush(); err != nil {
			return err
		}
	}
	if len(r.Answered) > 0 {
		fmt.Fprintf(&b, "\nprompts answered on the way (policy %s; GM rulings take their default)\n", r.Policy)
		for _, a := range r.Answered {
			fmt.Fprintf(&b, "  %s %s (%s)\n      %s: %s\n", Percent(a.P), a.P.RatString(), a.By, a.Actor, a.Question)
			answer := a.Command
			if a.Label != "" && a.Label != a.Command {
				answer += ": " + a.Label
			}
			fmt.Fprintf(&b, "      → %s\n", answer)
		}
	}
	b.WriteString("\noutcomes, the most likely first\n")
	t := newTable(&b, true)
	t.row("fraction", "percent", "outcome")
	for _, o := range r.Outcomes {
		t.row(o.P.RatString(), Percent(o.P), o.Key())
	}
	if err := t.flush(); err != nil {
		return err
	}
	r.writeCoverage(&b)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// WriteHeadline writes r's headline for people: the command and the
// prompt it answers, notes on how the state came about, the Summary, and
// how much the enumeration covered, without WriteText's tables.
func (r *Report) WriteHeadline(w io.Writer, notes []string) error {
	var b bytes.Buffer
	r.writeHead(&b, notes)
	r.writeCoverage(&b)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// writeHead writes the command, the prompt it answers, the notes, what
// an estimate is, and the Summary.
func (r *Report) writeHead(b *bytes.Buffer, notes []string) {
	fmt.Fprintf(b, "%s: %s\n", r.Actor, r.Command)
	fmt.Fprintf(b, "  at: %s\n", r.Question)
	for _, n := range notes {
		fmt.Fprintf(b, "  (%s)\n", n)
	}
	if e := r.Estimate; e != nil {
		lo, hi := r.Interval(r.TagP("hit"))
		if e.Exact > 0 {
			fmt.Fprintf(b, "\nESTIMATE from %d resolutions with seeded dice (seed %d), not exact: %s.\n%s of the probability is exact, as far as the enumeration got; the rest is a frequency\nover resolutions from there. The chance to hit is within %s to %s at 95%%, and any\nprobability within about %s.\n",
				e.Samples, e.Seed, e.Reason, pct(e.Exact), pct(lo), pct(hi), points(e.Samples, 1-e.Exact))
		} else {
			fmt.Fprintf(b, "\nESTIMATE from %d resolutions with seeded dice (seed %d), not exact: %s.\nEach figure is a frequency; the chance to hit is within %s to %s at 95%%, and any\nprobability within about %s.\n",
				e.Samples, e.Seed, e.Reason, pct(lo), pct(hi), points(e.Samples, 1))
		}
	}
	fmt.Fprintf(b, "\n%s\n", r.Summary())
}

// writeCoverage writes how the odds were had: how many resolutions an
// estimate took, or how many dice paths the enumeration ran and what it
// left out.
func (r *Report) writeCoverage(b *bytes.Buffer) {
	switch {
	case r.Estimate != nil:
		if e := r.Estimate; e.Exact > 0 {
			fmt.Fprintf(b, "\n%s exact, from %d dice paths from %d situations; the rest estimated from %d resolutions\n", pct(e.Exact), r.Paths, r.Situations, e.Samples)
		} else {
			fmt.Fprintf(b, "\nestimated from %d resolutions (the exact enumeration gave up after %d dice paths from %d situations)\n", e.Samples, r.Paths, r.Situations)
		}
		for _, l := range r.Limits {
			fmt.Fprintf(b, "  not counted: %s (%s) of the resolutions: %s\n", l.P.RatString(), Percent(l.P), l.Reason)
		}
	case r.Uncovered.Sign() == 0:
		fmt.Fprintf(b, "\n%d dice paths from %d situations; every way the dice can fall is covered\n", r.Paths, r.Situations)
	default:
		fmt.Fprintf(b, "\n%d dice paths from %d situations; NOT COVERED: %s (%s) of the probability\n", r.Paths, r.Situations, r.Uncovered.RatString(), Percent(r.Uncovered))
		for _, l := range r.Limits {
			fmt.Fprintf(b, "  %s (%s): %s\n", l.P.RatString(), Percent(l.P), l.Reason)
		}
		b.WriteString("the fractions above are of the whole; the expected damage is over the covered part\n")
	}
}

// WriteText writes m for people: one row per option, in m's order, with
// its chance to hit, its target, the target's chance to go down and
// expected damage, and the command; notes on how the state came about come
// first, one a line, in parentheses.
func (m *Menu) WriteText(w io.Writer, notes []string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s's options at: %s\n", m.Actor, m.Question)
	for _, n := range notes {
		fmt.Fprintf(&b, "  (%s)\n", n)
	}
	kinds := "exact odds"
	for _, h := range m.Options {
		if h.Status == Estimated || h.Status == Refused {
			kinds = "exact odds unless marked ESTIMATE or REFUSED"
		}
	}
	fmt.Fprintf(&b, "%s; prompts on the way answered by the %s policy, GM rulings by their default\n\n", kinds, m.Policy)
	t := newTable(&b, true)
	t.row("#", "hit", "target", "down", "E[damage]", "command")
	for i, h := range m.Options {
		target, dmg, down := "-", "-", "-"
		if h.Target != "" {
			target, dmg, down = h.Target, h.ExpectedDamage.FloatString(2), Percent(h.Down)
		}
		hit := "-"
		if h.Hit.Sign() > 0 {
			hit = Percent(h.Hit)
		}
		cmd := h.Command
		switch {
		case h.Status == Refused:
			hit, target, down, dmg = "-", "-", "-", "-"
			cmd += " (REFUSED: " + h.Refusal + ")"
		case h.Report.Estimate != nil:
			cmd += fmt.Sprintf(" (ESTIMATE, ±%.1f points at 95%%, %d samples)", 100*h.Margin(), h.Report.Estimate.Samples)
		case h.Report.Uncovered.Sign() != 0:
			cmd += " (partly uncovered: " + Percent(h.Report.Uncovered) + ")"
		}
		t.row(strconv.Itoa(i+1), hit, target, down, dmg, cmd)
	}
	if err := t.flush(); err != nil {
		return err
	}
	b.WriteString("\nfor the fractions and every outcome: --command \"...\" or --json\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}
