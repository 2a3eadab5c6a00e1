package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/scenario"
)

// encounterOddsOptions are the flags of "fray odds --encounter".
type encounterOddsOptions struct {
	encounter string
	actor     string
	command   string
	all       bool
	policy    string
	setup     []string
	dice      string
	maxPaths  int
}

// runEncounterOdds computes the odds of an action in an encounter and
// writes them to w, as text or JSON.
func runEncounterOdds(w io.Writer, opts encounterOddsOptions, asJSON bool) error {
	switch {
	case opts.actor == "":
		return usageErrorf("--encounter needs --actor: whose decision it is")
	case opts.command == "" && !opts.all:
		return usageErrorf("--encounter needs --command \"...\" (one action) or --all (every option)")
	case opts.command != "" && opts.all:
		return usageErrorf("give --command or --all, not both")
	case opts.maxPaths < 1:
		return usageErrorf("--max-paths must be at least 1, not %d", opts.maxPaths)
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	table, notes, err := loadOddsTable(cat.reg, opts.encounter)
	if err != nil {
		return err
	}
	if err := playSetup(table, opts.setup, opts.dice); err != nil {
		return err
	}
	calc, err := cat.calculator(table.Ruleset())
	if err != nil {
		return err
	}
	o := odds.Options{Policy: opts.policy, MaxPaths: opts.maxPaths}
	defer roomyHeap()()
	if opts.all {
		menu, err := calc.All(table, opts.actor, o)
		if err != nil {
			return explainOddsError(err, table, opts)
		}
		if asJSON {
			return writeMenuJSON(w, opts.encounter, table.Ruleset(), menu, notes)
		}
		return writeMenuText(w, menu, notes)
	}
	rep, err := calc.Odds(table, opts.actor, opts.command, o)
	if err != nil {
		return explainOddsError(err, table, opts)
	}
	if asJSON {
		return writeJSON(w, reportJSONOf(opts.encounter, rep, notes))
	}
	return writeReportText(w, rep, notes)
}

// loadOddsTable starts the fight arg names: a scenario file (its script
// played), an encounter file or a bundled encounter. The notes say what a
// reader of the odds should know about how the state came about.
func loadOddsTable(reg *engine.Registry, arg string) (engine.Table, []string, error) {
	if info, err := os.Stat(arg); err == nil && !info.IsDir() {
		data, err := os.ReadFile(arg)
		if err != nil {
			return nil, nil, fmt.Errorf("reading %s: %w", arg, err)
		}
		kind, err := scenario.Detect(arg, data)
		if err != nil {
			return nil, nil, err
		}
		if kind == scenario.ScenarioFile {
			return loadScenarioTable(reg, arg, data)
		}
	}
	t, err := loadTable(reg, arg)
	return t, nil, err
}

// loadScenarioTable starts a scenario file's encounter and plays the
// decisions its script makes, with their dice.
func loadScenarioTable(reg *engine.Registry, path string, data []byte) (engine.Table, []string, error) {
	res, err := scenario.Run(reg, path)
	if err != nil {
		return nil, nil, err
	}
	var doc struct {
		Encounter any `yaml:"encounter"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	var t engine.Table
	switch enc := doc.Encounter.(type) {
	case string:
		file := enc
		if !filepath.IsAbs(file) {
			file = filepath.Join(filepath.Dir(path), file)
		}
		t, err = scenario.LoadEncounter(reg, file)
	default:
		var inline []byte
		if inline, err = yaml.Marshal(enc); err == nil {
			t, err = scenario.ParseEncounter(reg, path+" (encounter)", inline)
		}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: starting its encounter: %w", path, err)
	}
	for i, e := range res.Transcript {
		values := make([]int, len(e.Dice))
		for j, d := range e.Dice {
			values[j] = d.Value
		}
		if _, err := t.Submit(e.Actor, e.Command, dice.NewScript(values...)); err != nil {
			return nil, nil, fmt.Errorf("%s: decision %d (%s: %s) does not replay: %w", path, i+1, e.Actor, e.Command, err)
		}
	}
	notes := []string{fmt.Sprintf("the state after the %d decisions of the scenario %s", len(res.Transcript), path)}
	if !res.Passed() {
		notes = append(notes, fmt.Sprintf("the scenario does not pass fray check (%d mismatches); the odds are from where its accepted steps lead", len(res.Mismatches)))
	}
	return t, notes, nil
}

// playSetup plays the --setup steps in order, drawing the --dice.
func playSetup(t engine.Table, steps []string, diceList string) error {
	values, err := parseDiceList(diceList)
	if err != nil {
		return err
	}
	script := dice.NewScript(values...)
	for i, step := range steps {
		actor, text, ok := strings.Cut(step, ":")
		actor, text = strings.TrimSpace(actor), strings.TrimSpace(text)
		if !ok || actor == "" || text == "" {
			return usageErrorf("--setup takes a step \"ACTOR: COMMAND\", not %q", step)
		}
		_, err := t.Submit(actor, text, script)
		if need, ok := dice.IsNeed(err); ok {
			return fmt.Errorf("setup step %d %q needs a d%d: give every die the setup draws with --dice, in the order the rules roll them", i+1, step, need.Sides)
		}
		if err != nil {
			return fmt.Errorf("setup step %d %q: %w", i+1, step, err)
		}
	}
	if left := script.Unused(); len(left) > 0 {
		return fmt.Errorf("%d of the --dice were not drawn by the setup: %v", len(left), left)
	}
	return nil
}

// parseDiceList reads "9,2" or "9 2" as die results.
func parseDiceList(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	values := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 {
			return nil, usageErrorf("--dice takes die results such as 9,2; %q is not one", f)
		}
		values[i] = v
	}
	return values, nil
}

// explainOddsError adds what to do next to an error from the calculator: a
// caret under the word a command could not be read at, a way to reach the
// actor's decision.
func explainOddsError(err error, t engine.Table, opts encounterOddsOptions) error {
	if pe, ok := errors.AsType[*odds.ParseError](err); ok {
		if caret := caretUnder(pe.Command, pe.Err.Error()); caret != "" {
			return fmt.Errorf("%w\n%s", err, caret)
		}
		return err
	}
	p := t.Prompt()
	switch engine.CodeOf(err) {
	case engine.NotYourTurn:
		return fmt.Errorf("%w\nplay the fight up to %s's decision first: a scenario file whose script gets there, or --setup \"%s: %s\" (and so on) with the --dice the steps draw",
			err, opts.actor, p.Actor, firstOption(p))
	case engine.Invalid, engine.NotAllowedNow:
		if opts.actor != p.Actor || len(p.Options) == 0 {
			return err
		}
		cmds := make([]string, len(p.Options))
		for i, o := range p.Options {
			cmds[i] = o.Command
		}
		return fmt.Errorf("%w\n%s's options now: %s (their odds: --all)", err, p.Actor, strings.Join(cmds, ", "))
	}
	return err
}

// firstOption returns the command of a prompt's default option, else its
// first, for an example.
func firstOption(p engine.Prompt[string]) string {
	switch {
	case p.Default >= 0 && p.Default < len(p.Options):
		return p.Options[p.Default].Command
	case len(p.Options) > 0:
		return p.Options[0].Command
	}
	return "..."
}

// quoted finds the words a parse error quotes.
var quoted = regexp.MustCompile(`"([^"]+)"`)

// caretUnder shows the command with carets under the first word the error
// message quotes that occurs in it; "" when there is none.
func caretUnder(command, msg string) string {
	lower := strings.ToLower(command)
	for _, m := range quoted.FindAllStringSubmatch(msg, -1) {
		word := strings.ToLower(m[1])
		if word == lower {
			continue
		}
		if at := strings.Index(lower, word); at >= 0 {
			return "  " + command + "\n  " + strings.Repeat(" ", at) + strings.Repeat("^", len(word))
		}
	}
	return ""
}

// writeReportText writes the odds of one action for a reader.
func writeReportText(w io.Writer, r *odds.Report, notes []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", r.Actor, r.Command)
	fmt.Fprintf(&b, "  at: %s\n", r.Question)
	for _, n := range notes {
		fmt.Fprintf(&b, "  (%s)\n", n)
	}
	fmt.Fprintf(&b, "\n%s\n", headline(r))

	if len(r.Tags) > 0 {
		b.WriteString("\nwhat happens\n")
		rows := make([][]string, len(r.Tags))
		for i, t := range r.Tags {
			rows[i] = []string{t.Tag, t.P.RatString(), formatPercent(t.P)}
		}
		writeColumns(&b, []string{"tag", "fraction", "percent"}, rows, "  ", "lrr")
	}
	for _, c := range r.Combatants {
		fmt.Fprintf(&b, "\n%s (%s before)\n", c.Combatant, c.Before)
		fmt.Fprintf(&b, "  expected damage %s", c.MeanDamage.FloatString(2))
		if !c.MeanDamage.IsInt() {
			fmt.Fprintf(&b, " (%s)", c.MeanDamage.RatString())
		}
		fmt.Fprintf(&b, "; down %s (%s)\n", c.Down.RatString(), formatPercent(c.Down))
		var conds []string
		for _, k := range c.Conditions {
			conds = append(conds, fmt.Sprintf("%s %s (%s)", k.Condition, k.P.RatString(), formatPercent(k.P)))
		}
		fmt.Fprintf(&b, "  ends %s\n", strings.Join(conds, ", "))
		rows := make([][]string, len(c.Damage))
		for i, d := range c.Damage {
			rows[i] = []string{strconv.Itoa(d.Value), d.P.RatString(), formatPercent(d.P)}
		}
		writeColumns(&b, []string{"damage", "fraction", "percent"}, rows, "  ", "rrr")
	}
	if len(r.Answered) > 0 {
		fmt.Fprintf(&b, "\nprompts answered on the way (policy %s; GM rulings take their default)\n", r.Policy)
		for _, a := range r.Answered {
			fmt.Fprintf(&b, "  %s %s (%s)\n      %s: %s\n", formatPercent(a.P), a.P.RatString(), a.By, a.Actor, a.Question)
			answer := a.Command
			if a.Label != "" && a.Label != a.Command {
				answer += ": " + a.Label
			}
			fmt.Fprintf(&b, "      → %s\n", answer)
		}
	}
	b.WriteString("\noutcomes, the most likely first\n")
	rows := make([][]string, len(r.Outcomes))
	for i, o := range r.Outcomes {
		rows[i] = []string{o.P.RatString(), formatPercent(o.P), o.Key()}
	}
	writeColumns(&b, []string{"fraction", "percent", "outcome"}, rows, "  ", "rrl")
	fmt.Fprintf(&b, "\n%d dice paths from %d situations", r.Paths, r.Situations)
	if r.Uncovered.Sign() == 0 {
		b.WriteString("; every way the dice can fall is covered\n")
	} else {
		fmt.Fprintf(&b, "; NOT COVERED: %s (%s) of the probability\n", r.Uncovered.RatString(), formatPercent(r.Uncovered))
		for _, l := range r.Limits {
			fmt.Fprintf(&b, "  %s (%s): %s\n", l.P.RatString(), formatPercent(l.P), l.Reason)
		}
		b.WriteString("the fractions above are of the whole; the expected damage is over the covered part\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// headline sums up a report in one line: the chance to hit, of a critical
// and of a jam, and what it does to whom, its target first.
func headline(r *odds.Report) string {
	var parts []string
	for _, t := range []struct{ tag, words string }{{"hit", "hits"}, {"critical", "critical"}, {"jam", "jams"}} {
		if p := r.TagP(t.tag); p.Sign() > 0 {
			parts = append(parts, fmt.Sprintf("%s %s (%s)", t.words, p.RatString(), formatPercent(p)))
		}
	}
	who := r.Combatants
	if t := r.Target(); t != nil {
		who = append([]odds.CombatantOdds{*t}, who...)
	}
	seen := map[string]bool{}
	for _, c := range who {
		if seen[c.Combatant] {
			continue
		}
		seen[c.Combatant] = true
		if c.Down.Sign() > 0 {
			parts = append(parts, fmt.Sprintf("drops %s %s (%s)", c.Combatant, c.Down.RatString(), formatPercent(c.Down)))
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

// writeColumns writes a table whose columns are as wide as their widest
// cell, each aligned as align says: 'l' for left, 'r' for right.
func writeColumns(b *strings.Builder, head []string, rows [][]string, indent, align string) {
	widths := make([]int, len(head))
	for _, r := range append([][]string{head}, rows...) {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	line := func(r []string) {
		b.WriteString(indent)
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			switch {
			case i == len(r)-1 && align[i] == 'l':
				b.WriteString(c)
			case align[i] == 'l':
				b.WriteString(c + pad)
			default:
				b.WriteString(pad + c)
			}
		}
		b.WriteByte('\n')
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
}

// writeMenuText writes the headline odds of every option, as a table.
func writeMenuText(w io.Writer, m *odds.Menu, notes []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s's options at: %s\n", m.Actor, m.Question)
	for _, n := range notes {
		fmt.Fprintf(&b, "  (%s)\n", n)
	}
	fmt.Fprintf(&b, "exact odds; prompts on the way answered by the %s policy, GM rulings by their default\n\n", m.Policy)
	rows := make([][]string, len(m.Options))
	for i, h := range m.Options {
		target, dmg, down := "-", "-", "-"
		if h.Target != "" {
			target, dmg, down = h.Target, h.ExpectedDamage.FloatString(2), formatPercent(h.Down)
		}
		hit := "-"
		if h.Hit.Sign() > 0 {
			hit = formatPercent(h.Hit)
		}
		cmd := h.Command
		if h.Report.Uncovered.Sign() != 0 {
			cmd += " (partly uncovered: " + formatPercent(h.Report.Uncovered) + ")"
		}
		rows[i] = []string{strconv.Itoa(i + 1), hit, target, down, dmg, cmd}
	}
	writeColumns(&b, []string{"#", "hit", "target", "down", "E[damage]", "command"}, rows, "  ", "rrlrrl")
	b.WriteString("\nfor the fractions and every outcome: --command \"...\" or --json\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the odds: %w", err)
	}
	return nil
}

// reportJSON is the JSON form of the odds of one action. Every probability
// is given as a float ("p") and as an exact fraction in lowest terms
// ("fraction": "7/10"); the outcomes' fractions and the uncovered one add up
// to exactly 1.
type reportJSON struct {
	Encounter          string          `json:"encounter,omitempty"`
	Ruleset            string          `json:"ruleset"`
	Actor              string          `json:"actor"`
	Command            string          `json:"command"`
	Question           string          `json:"question"`
	Policy             string          `json:"policy"`
	Notes              []string        `json:"notes,omitempty"`
	HeadlineHit        float64         `json:"hit"`
	HeadlineHitFrac    string          `json:"hit_fraction"`
	HeadlineTarget     string          `json:"target,omitempty"`
	HeadlineDown       *float64        `json:"target_down,omitempty"`
	HeadlineDownFrac   string          `json:"target_down_fraction,omitempty"`
	HeadlineDamage     *float64        `json:"target_expected_damage,omitempty"`
	HeadlineDamageFrac string          `json:"target_expected_damage_fraction,omitempty"`
	Paths              int             `json:"paths"`
	Situations         int             `json:"situations"`
	Uncovered          float64         `json:"uncovered"`
	UncoveredFraction  string          `json:"uncovered_fraction"`
	Limits             []limitJSON     `json:"limits,omitempty"`
	Tags               []tagJSON       `json:"tags"`
	Combatants         []combatantJSON `json:"combatants"`
	Answered           []answerJSON    `json:"answered"`
	Outcomes           []jointJSON     `json:"outcomes"`
}

type limitJSON struct {
	Reason   string  `json:"reason"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

type tagJSON struct {
	Tag      string  `json:"tag"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

type combatantJSON struct {
	ID                 string          `json:"id"`
	Before             string          `json:"before"`
	MeanDamage         float64         `json:"mean_damage"`
	MeanDamageFraction string          `json:"mean_damage_fraction"`
	Down               float64         `json:"down"`
	DownFraction       string          `json:"down_fraction"`
	Damage             []valueJSON     `json:"damage"`
	Conditions         []conditionJSON `json:"conditions"`
}

type valueJSON struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

type conditionJSON struct {
	Condition string  `json:"condition"`
	Down      bool    `json:"down"`
	P         float64 `json:"p"`
	Fraction  string  `json:"fraction"`
}

type answerJSON struct {
	Actor    string  `json:"actor"`
	Kind     string  `json:"kind"`
	Question string  `json:"question"`
	Command  string  `json:"command"`
	Label    string  `json:"label,omitempty"`
	By       string  `json:"by"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

type jointJSON struct {
	P        float64      `json:"p"`
	Fraction string       `json:"fraction"`
	Tags     []string     `json:"tags"`
	Effects  []effectJSON `json:"effects"`
}

type effectJSON struct {
	Combatant string `json:"combatant"`
	Damage    int    `json:"damage"`
	Before    string `json:"before"`
	Condition string `json:"condition"`
	Down      bool   `json:"down"`
}

// float returns r as the nearest float64.
func float(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// reportJSONOf converts a report for JSON.
func reportJSONOf(encounter string, r *odds.Report, notes []string) reportJSON {
	out := reportJSON{
		Encounter: encounter, Ruleset: r.Ruleset, Actor: r.Actor, Command: r.Command, Question: r.Question,
		Policy: r.Policy, Notes: notes, Paths: r.Paths, Situations: r.Situations,
		Uncovered: float(r.Uncovered), UncoveredFraction: r.Uncovered.String(),
		Tags: []tagJSON{}, Combatants: []combatantJSON{}, Answered: []answerJSON{}, Outcomes: []jointJSON{},
	}
	hit := r.TagP("hit")
	out.HeadlineHit, out.HeadlineHitFrac = float(hit), hit.String()
	if t := r.Target(); t != nil {
		down, dmg := float(t.Down), float(t.MeanDamage)
		out.HeadlineTarget = t.Combatant
		out.HeadlineDown, out.HeadlineDownFrac = &down, t.Down.String()
		out.HeadlineDamage, out.HeadlineDamageFrac = &dmg, t.MeanDamage.String()
	}
	for _, l := range r.Limits {
		out.Limits = append(out.Limits, limitJSON{Reason: l.Reason, P: float(l.P), Fraction: l.P.String()})
	}
	for _, t := range r.Tags {
		out.Tags = append(out.Tags, tagJSON{Tag: t.Tag, P: float(t.P), Fraction: t.P.String()})
	}
	for _, c := range r.Combatants {
		cj := combatantJSON{ID: c.Combatant, Before: c.Before, MeanDamage: float(c.MeanDamage), MeanDamageFraction: c.MeanDamage.String(),
			Down: float(c.Down), DownFraction: c.Down.String()}
		for _, d := range c.Damage {
			cj.Damage = append(cj.Damage, valueJSON{Value: d.Value, P: float(d.P), Fraction: d.P.String()})
		}
		for _, k := range c.Conditions {
			cj.Conditions = append(cj.Conditions, conditionJSON{Condition: k.Condition, Down: k.Down, P: float(k.P), Fraction: k.P.String()})
		}
		out.Combatants = append(out.Combatants, cj)
	}
	for _, a := range r.Answered {
		out.Answered = append(out.Answered, answerJSON{Actor: a.Actor, Kind: a.Kind, Question: a.Question, Command: a.Command,
			Label: a.Label, By: a.By, P: float(a.P), Fraction: a.P.String()})
	}
	for _, o := range r.Outcomes {
		j := jointJSON{P: float(o.P), Fraction: o.P.String(), Tags: o.Tags, Effects: []effectJSON{}}
		if j.Tags == nil {
			j.Tags = []string{}
		}
		for _, e := range o.Effects {
			j.Effects = append(j.Effects, effectJSON{Combatant: e.Combatant, Damage: e.Damage, Before: e.Before, Condition: e.Condition, Down: e.Down})
		}
		out.Outcomes = append(out.Outcomes, j)
	}
	return out
}

// menuJSON is the JSON form of the odds of every option of a prompt.
type menuJSON struct {
	Encounter string       `json:"encounter,omitempty"`
	Ruleset   string       `json:"ruleset"`
	Actor     string       `json:"actor"`
	Question  string       `json:"question"`
	Policy    string       `json:"policy"`
	Notes     []string     `json:"notes,omitempty"`
	Options   []optionJSON `json:"options"`
}

type optionJSON struct {
	Command                string     `json:"command"`
	Label                  string     `json:"label"`
	Hit                    float64    `json:"hit"`
	HitFraction            string     `json:"hit_fraction"`
	Target                 string     `json:"target,omitempty"`
	Down                   float64    `json:"target_down"`
	DownFraction           string     `json:"target_down_fraction"`
	ExpectedDamage         float64    `json:"target_expected_damage"`
	ExpectedDamageFraction string     `json:"target_expected_damage_fraction"`
	Odds                   reportJSON `json:"odds"`
}

// writeMenuJSON writes the headline odds of every option as JSON.
func writeMenuJSON(w io.Writer, encounter, ruleset string, m *odds.Menu, notes []string) error {
	out := menuJSON{Encounter: encounter, Ruleset: ruleset, Actor: m.Actor, Question: m.Question, Policy: m.Policy,
		Notes: notes, Options: []optionJSON{}}
	for _, h := range m.Options {
		out.Options = append(out.Options, optionJSON{
			Command: h.Command, Label: h.Label, Hit: float(h.Hit), HitFraction: h.Hit.String(), Target: h.Target,
			Down: float(h.Down), DownFraction: h.Down.String(),
			ExpectedDamage: float(h.ExpectedDamage), ExpectedDamageFraction: h.ExpectedDamage.String(),
			Odds: reportJSONOf("", h.Report, nil),
		})
	}
	return writeJSON(w, out)
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing the odds as JSON: %w", err)
	}
	return nil
}
