package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
)

// maxAutoRulings bounds the GM rulings answered with their default in a
// row, so that a ruleset that keeps asking cannot hang a check.
const maxAutoRulings = 100

// Result is what running a scenario found.
type Result struct {
	// File is the scenario file.
	File string
	// Name is the scenario's name, "" when it has none.
	Name string
	// Mismatches lists every way the run differed from the scenario, in
	// the order found; none means it passed.
	Mismatches []Mismatch
	// Transcript is every decision made, the GM's automatic rulings
	// included, as the GM sees it.
	Transcript []engine.Entry
	// Refusals lists the steps that were refused, expected or not, in
	// order.
	Refusals []Refusal
	// Table is the encounter as the run left it: after the accepted
	// steps of the script and the GM's automatic rulings.
	Table engine.Table
}

// Refusal is a step of the script that the rules refused.
type Refusal struct {
	// Pos is the step's line in the scenario file.
	Pos Pos
	// Step is the step's number, from 1.
	Step int
	// Actor and Command are the step's.
	Actor, Command string
	// After is the number of decisions of the transcript made before the
	// step was refused.
	After int
	// Code and Reason are the refusal's code and message.
	Code   engine.Code
	Reason string
	// Expected says whether the script expected the refusal.
	Expected bool
}

// Passed reports whether the run matched the scenario in every respect.
func (r *Result) Passed() bool { return len(r.Mismatches) == 0 }

// Mismatch is one way a run differed from its scenario: a step refused or
// accepted against expectation, or an expectation not met.
type Mismatch struct {
	// Pos is the line of the scenario file with the step or expectation.
	Pos Pos
	// Msg says what was wanted and what happened.
	Msg string
}

// String formats the mismatch as "file:line: message".
func (m Mismatch) String() string { return m.Pos.String() + ": " + m.Msg }

// Run loads the scenario file at path, plays its script against its
// encounter with its forced dice and checks its expectations. The error is
// only for a file that cannot be loaded (it joins a *Problem for every
// problem found); everything that goes differently from the scenario is a
// Mismatch of the Result. opts say where "use:" finds local content
// (WithContent), beside the folders the file names with "content:".
func Run(reg *engine.Registry, path string, opts ...Option) (*Result, error) {
	sc, err := load(reg, path, opts)
	if err != nil {
		return nil, err
	}
	return sc.run(), nil
}

// RunData is Run for a scenario file already read: file names it in
// messages and is where a relative "encounter:" path is found from,
// unless WithDir says otherwise.
func RunData(reg *engine.Registry, file string, data []byte, opts ...Option) (*Result, error) {
	sc, err := parse(reg, file, data, opts)
	if err != nil {
		return nil, err
	}
	return sc.run(), nil
}

// runner plays one scenario.
type runner struct {
	sc  *scenario
	src *dice.Script
	res *Result
}

func (r *runner) mismatch(pos Pos, format string, args ...any) {
	pos.Col = 0
	r.res.Mismatches = append(r.res.Mismatches, Mismatch{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (sc *scenario) run() *Result {
	r := &runner{sc: sc, src: dice.NewScriptOf(sc.dice...), res: &Result{File: sc.file, Name: sc.name}}
	stopped := 0
	for i, st := range sc.steps {
		if !r.step(i+1, st) {
			stopped = i + 1
			if st.expect != nil {
				r.mismatch(st.expect.pos, "step %d's expectations not checked: the script stopped there", i+1)
			}
			break
		}
		if st.expect != nil {
			r.check(st.expect)
		}
	}
	r.res.Transcript = sc.table.Transcript(engine.Everyone)
	r.res.Table = sc.table
	if sc.expect == nil {
		return r.res
	}
	if stopped > 0 {
		r.mismatch(sc.expect.pos, "expectations not checked: the script stopped at step %d", stopped)
		return r.res
	}
	r.check(sc.expect)
	return r.res
}

// step plays step n, first answering any GM ruling it does not answer
// itself. It reports whether the script can go on.
func (r *runner) step(n int, st step) bool {
	t := r.sc.table
	if r.sc.rulings == rulingsDefault && st.actor != engine.GM && !r.autoRule(n, st) {
		return false
	}
	before, _ := t.State(engine.Everyone)
	decisions := t.Len()
	prompt := t.Prompt()
	lines, err := t.Submit(st.actor, st.text, r.src)
	switch {
	case err == nil && st.expectErr == "":
		return true
	case err == nil:
		r.mismatch(st.pos, "step %d %q was accepted, but a refusal (%s) was expected; it did: %s", n, st, st.expectErr, strings.Join(lines, "; "))
		return true
	}
	code := engine.CodeOf(err)
	r.res.Refusals = append(r.res.Refusals, Refusal{Pos: st.pos, Step: n, Actor: st.actor, Command: st.text,
		After: decisions, Code: code, Reason: err.Error(), Expected: st.expectErr != "" && st.expectErr == code})
	if code == "" {
		r.mismatch(st.pos, "step %d %q failed: %v", n, st, err)
		return false
	}
	if st.expectErr == "" {
		if need, ok := needOf(err); ok {
			r.mismatch(st.pos, "the script needs more dice: need 1d%d at step %d %q", need.Sides, n, st)
			return false
		}
		msg := fmt.Sprintf("step %d %q was refused (%s): %v", n, st, code, err)
		if code == engine.NotYourTurn && prompt.Kind == engine.Ruling {
			msg += fmt.Sprintf(" (a GM ruling is pending: %q; answer it with a gm step", prompt.Question)
			if r.sc.rulings == rulingsScript {
				msg += ", as rulings: script asks"
			}
			msg += ")"
		}
		r.mismatch(st.pos, "%s", msg)
		return false
	}
	if code != st.expectErr {
		r.mismatch(st.pos, "step %d %q was refused with %s (%v), but %s was expected", n, st, code, err, st.expectErr)
	}
	if st.reason != "" && !strings.Contains(err.Error(), st.reason) {
		r.mismatch(st.pos, "step %d %q was refused (%v), but the reason does not contain %q", n, st, err, st.reason)
	}
	after, _ := t.State(engine.Everyone)
	if t.Len() != decisions || !bytes.Equal(before, after) {
		r.mismatch(st.pos, "step %d %q was refused but changed the state", n, st)
	}
	return true
}

// needOf returns the die a NeedsDice refusal asks for.
func needOf(err error) (*dice.NeedError, bool) {
	var e *engine.Error
	if errors.As(err, &e) && e.Code == engine.NeedsDice && e.Need != nil {
		return e.Need, true
	}
	return nil, false
}

// autoRule answers pending GM rulings with their default options before
// step n, which does not answer them. It reports whether the script can
// go on.
func (r *runner) autoRule(n int, st step) bool {
	t := r.sc.table
	for range maxAutoRulings {
		p := t.Prompt()
		if p.Kind != engine.Ruling {
			return true
		}
		if p.Default < 0 || p.Default >= len(p.Options) {
			r.mismatch(st.pos, "before step %d %q: the GM ruling %q has no default; answer it with a gm step", n, st, p.Question)
			return false
		}
		opt := p.Options[p.Default]
		if _, err := t.Submit(engine.GM, opt.Command, r.src); err != nil {
			if need, ok := needOf(err); ok {
				r.mismatch(st.pos, "the script needs more dice: need 1d%d for the default (%q) of the GM ruling %q before step %d %q", need.Sides, opt.Command, p.Question, n, st)
			} else {
				r.mismatch(st.pos, "before step %d %q: the default (%q) of the GM ruling %q was refused: %v", n, st, opt.Command, p.Question, err)
			}
			return false
		}
	}
	r.mismatch(st.pos, "before step %d %q: more than %d GM rulings in a row", n, st, maxAutoRulings)
	return false
}

// check compares the encounter as it is now with the expectations, as
// the GM sees it or as x.view's player does.
func (r *runner) check(x *expectations) {
	t := r.sc.table
	v := engine.Everyone
	if x.view != "" {
		if t.SideOf(x.view) == "" {
			r.mismatch(x.viewPos, "view: %q is not a combatant of the encounter", x.view)
			return
		}
		v = engine.Viewer{Combatant: x.view}
	}
	if len(x.state) > 0 {
		r.checkState(x.state, v)
	}
	p := t.PromptFor(v)
	for _, w := range x.prompt {
		var got string
		ok := true
		switch w.field {
		case "kind":
			got = string(p.Kind)
			ok = got == w.want
		case "actor":
			got = p.Actor
			ok = got == w.want
		case "question":
			got = p.Question
			ok = strings.Contains(got, w.want)
		}
		if !ok {
			r.mismatch(w.pos, "prompt %s: want %q, got %q (the prompt is %s)", w.field, w.want, got, describePrompt(p))
		}
	}
	for _, w := range x.options {
		if !slices.ContainsFunc(p.Options, func(o engine.Option[string]) bool { return optionIs(o, w.text) }) {
			r.mismatch(w.pos, "prompt options: want %q offered, got %s", w.text, optionList(p))
		}
	}
	for _, w := range x.noOptions {
		if i := slices.IndexFunc(p.Options, func(o engine.Option[string]) bool { return optionIs(o, w.text) }); i >= 0 {
			r.mismatch(w.pos, "prompt options: want no %q, but %q is offered; options: %s", w.text, p.Options[i].Command, optionList(p))
		}
	}
	if w := x.optCount; w != nil && len(p.Options) != w.count {
		r.mismatch(w.pos, "prompt options: want %d, got %d: %s", w.count, len(p.Options), optionList(p))
	}
	if w := x.winner; w != nil {
		switch {
		case p.Kind != engine.End:
			r.mismatch(w.pos, "winner: want %s, but the fight has not ended (the prompt is %s)", sideName(w.want), describePrompt(p))
		case p.Winner != w.want:
			r.mismatch(w.pos, "winner: want %s, got %s", sideName(w.want), sideName(p.Winner))
		}
	}
	if w := x.diceLeft; w != nil {
		left := r.src.Unused()
		switch {
		case !w.isList && len(left) != w.count:
			r.mismatch(w.pos, "dice left: want %d unused, got %d: %s", w.count, len(left), forcedList(left))
		case w.isList && !slices.EqualFunc(w.values, left, sameDie):
			r.mismatch(w.pos, "dice left: want %s, got %s", forcedList(w.values), forcedList(left))
		}
	}
	if len(x.lines) > 0 || len(x.noLines) > 0 {
		var lines []string
		for _, e := range t.Transcript(v) {
			lines = append(lines, e.Lines...)
		}
		r.checkLines(lines, x.lines)
		for _, w := range x.noLines {
			if i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, w.text) }); i >= 0 {
				r.mismatch(w.pos, "no_lines: line %d of the transcript contains %q: %q", i+1, w.text, lines[i])
			}
		}
	}
}

// optionIs reports whether option o is the one a scenario names with
// text: its command is text or starts with text and a space (so "parry"
// names "parry with sword"), or its label is text.
func optionIs(o engine.Option[string], text string) bool {
	return o.Command == text || strings.HasPrefix(o.Command, text+" ") || o.Label == text
}

// optionList lists a prompt's options' commands, for messages.
func optionList(p engine.Prompt[string]) string {
	if len(p.Options) == 0 {
		return "none"
	}
	cmds := make([]string, len(p.Options))
	for i, o := range p.Options {
		cmds[i] = strconv.Quote(o.Command)
	}
	return strings.Join(cmds, ", ")
}

func (r *runner) checkState(wants []stateWant, v engine.Viewer) {
	raw, err := r.sc.table.State(v)
	var state any
	if err == nil {
		state, err = decodeJSON(raw)
	}
	if err != nil {
		r.mismatch(wants[0].pos, "state: cannot read the state: %v", err)
		return
	}
	for _, w := range wants {
		got, err := lookup(state, w.path)
		switch {
		case isAbsent(err) && w.want == nil:
			// A key left out (as omitempty leaves it) is null.
		case err != nil:
			r.mismatch(w.pos, "state %s: want %s, but %v", w.path, show(w.want), err)
		case !equal(w.want, got):
			r.mismatch(w.pos, "state %s: want %s, got %s", w.path, show(w.want), show(got))
		}
	}
}

func isAbsent(err error) bool {
	_, ok := errors.AsType[absentError](err)
	return ok
}

// checkLines looks for each wanted text in the transcript's lines, each
// after the line the one before it was found in.
func (r *runner) checkLines(lines []string, wants []lineWant) {
	next := 0
	for _, w := range wants {
		i := slices.IndexFunc(lines[next:], func(l string) bool { return strings.Contains(l, w.text) })
		if i >= 0 {
			next += i + 1
			continue
		}
		where := "in the transcript"
		if next > 0 {
			where = fmt.Sprintf("after line %d of the transcript (%q)", next, lines[next-1])
		}
		if slices.ContainsFunc(lines[:next], func(l string) bool { return strings.Contains(l, w.text) }) {
			where += ", only before it"
		}
		r.mismatch(w.pos, "lines: no line containing %q %s", w.text, where)
	}
}

// sameDie reports whether a die left over matches a wanted one: a wanted
// plain number matches any die of that value.
func sameDie(want, got dice.Forced) bool {
	return want.Value == got.Value && (want.Sides == 0 || want.Sides == got.Sides)
}

func forcedList(fs []dice.Forced) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func sideName(s string) string {
	if s == "" {
		return "a draw"
	}
	return s
}

// describePrompt says in a few words what a prompt asks.
func describePrompt(p engine.Prompt[string]) string {
	switch p.Kind {
	case engine.End:
		return fmt.Sprintf("end, winner %s", sideName(p.Winner))
	case "":
		return "empty"
	}
	return fmt.Sprintf("%s for %s: %q", p.Kind, p.Actor, p.Question)
}
