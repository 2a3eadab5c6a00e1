package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/internal/gctarget"
	"fray/odds"
	"fray/rules/parts"
	"fray/scenario"
)

// encounterOddsOptions are the flags of "fray odds --encounter".
type encounterOddsOptions struct {
	encounter string
	actor     string
	command   string
	all       bool
	full      bool // every table of a --command answer, not its headline
	policy    string
	setup     []string
	dice      string
	maxPaths  int
	timeout   time.Duration
	content   []string // the --content folders
	// partial is set when --max-paths was given: a --command question
	// past it gets a partial answer rather than an estimate.
	partial bool
}

// runEncounterOdds computes the odds of an action in an encounter and
// writes them to w, as text or JSON; how long work is getting on goes to
// progress.
func runEncounterOdds(w, progress io.Writer, opts encounterOddsOptions, asJSON bool) error {
	switch {
	case opts.actor == "":
		return usageErrorf("--encounter needs --actor: whose decision it is")
	case opts.command == "" && !opts.all:
		return usageErrorf("--encounter needs --command \"...\" (one action) or --all (every option)")
	case opts.command != "" && opts.all:
		return usageErrorf("give --command or --all, not both")
	case opts.full && opts.all:
		return usageErrorf("--full goes with --command: --all shows each option's headline")
	case opts.maxPaths < 1 || opts.maxPaths > odds.MaxPathsCeiling:
		return usageErrorf("--max-paths must be between 1 and %d, not %d", odds.MaxPathsCeiling, opts.maxPaths)
	case opts.timeout <= 0:
		return usageErrorf("--timeout must be more than 0, not %s", opts.timeout)
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	table, notes, err := loadOddsTable(cat.Registry(), opts.encounter, opts.content)
	if err != nil {
		return err
	}
	if err := playSetup(table, opts.setup, opts.dice); err != nil {
		return err
	}
	calc, err := cat.Calculator(table.Ruleset())
	if err != nil {
		return err
	}
	o := odds.Options{Policy: opts.policy, MaxPaths: opts.maxPaths, Timeout: opts.timeout, Fallback: !opts.partial, Progress: func(p odds.Progress) {
		at := ""
		if p.Options > 0 {
			at = fmt.Sprintf(" option %d of %d (%s):", p.Option, p.Options, p.Command)
		}
		fmt.Fprintf(progress, "fray odds:%s %d dice paths in %s\n", at, p.Paths, p.Elapsed.Round(time.Second))
	}}
	restoreGC, _ := gctarget.ForOdds()
	defer restoreGC()
	if opts.all {
		menu, err := calc.All(table, opts.actor, o)
		if err != nil {
			return explainOddsError(err, table, opts)
		}
		if asJSON {
			out := odds.NewMenuJSON(table.Ruleset(), menu)
			out.Encounter, out.Notes = opts.encounter, notes
			return writeJSON(w, out)
		}
		return menu.WriteText(w, notes)
	}
	rep, err := calc.Odds(table, opts.actor, opts.command, o)
	if err != nil {
		return explainOddsError(err, table, opts)
	}
	if asJSON {
		out := odds.NewReportJSON(rep)
		out.Encounter, out.Notes = opts.encounter, notes
		return writeJSON(w, out)
	}
	if !opts.full {
		if err := rep.WriteHeadline(w, notes); err != nil {
			return err
		}
		_, err := fmt.Fprintln(w, "(--full for every outcome tag, each combatant's damage and every outcome)")
		return err
	}
	return rep.WriteText(w, notes)
}

// loadOddsTable starts the fight arg names: a scenario file (its script
// played), an encounter file or a bundled encounter. The notes say what a
// reader of the odds should know about how the state came about. content
// are the --content folders.
func loadOddsTable(reg *engine.Registry, arg string, content []string) (engine.Table, []string, error) {
	opts, err := contentOptions(content)
	if err != nil {
		return nil, nil, err
	}
	if info, err := os.Stat(arg); err == nil && !info.IsDir() {
		data, err := scenario.ReadFile(arg)
		if err != nil {
			return nil, nil, fmt.Errorf("reading %s: %w", arg, err)
		}
		kind, err := scenario.Detect(arg, data)
		if err != nil {
			return nil, nil, err
		}
		if kind == scenario.ScenarioFile {
			return loadScenarioTable(reg, arg, opts)
		}
	}
	t, err := loadTable(reg, arg, content)
	return t, nil, err
}

// loadScenarioTable starts a scenario file's encounter and plays the
// decisions its script makes, with their dice.
func loadScenarioTable(reg *engine.Registry, path string, opts []scenario.Option) (engine.Table, []string, error) {
	res, err := scenario.Run(reg, path, opts...)
	if err != nil {
		return nil, nil, err
	}
	// The table the script was played on, its starting state, content
	// and dice as the scenario file has them.
	t := res.Table
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
	if _, ok := errors.AsType[*odds.BudgetError](err); ok {
		hint := "ask about one option: --command \"...\" instead of --all"
		if !opts.all {
			hint = "ask at a later decision (--setup, or a scenario file), where fewer prompts follow"
		}
		return fmt.Errorf("%w\n%s; or --max-paths N (now %d) for a partial answer that says what it leaves out; or --timeout to wait longer", err, hint, opts.maxPaths)
	}
	if pe, ok := errors.AsType[*odds.ParseError](err); ok {
		if caret := caretUnder(pe.Command, pe.Err); caret != "" {
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
	if len(p.Options) == 0 {
		return "..."
	}
	return p.Fallback()
}

// quoted finds the words a parse error quotes.
var quoted = regexp.MustCompile(`"([^"]+)"`)

// caretUnder shows the command with carets under the word the parse
// error stopped at: where the refusal says (a keyword given twice: under
// the second), else the first word the message quotes that occurs in it;
// "" when there is none.
func caretUnder(command string, err error) string {
	under := func(at, end int) string {
		return "  " + command + "\n  " + strings.Repeat(" ", at) + strings.Repeat("^", end-at)
	}
	if m, ok := errors.AsType[*parts.Misread](err); ok && 0 <= m.At && m.At < m.End && m.End <= len(command) {
		return under(m.At, m.End)
	}
	lower := strings.ToLower(command)
	for _, m := range quoted.FindAllStringSubmatch(err.Error(), -1) {
		word := strings.ToLower(m[1])
		if word == lower {
			continue
		}
		if at := strings.Index(lower, word); at >= 0 {
			return under(at, at+len(word))
		}
	}
	return ""
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
