package scenario

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
)

// The top-level keys of a scenario file.
var scenarioKeys = []string{"name", "description", "content", "encounter", "start", "dice", "rulings", "script", "expect"}

// The values of "rulings".
const (
	rulingsDefault = "default" // unscripted GM rulings take their default
	rulingsScript  = "script"  // every GM ruling is a step of the script
)

// codes lists the refusal codes a step may expect.
var codes = []engine.Code{engine.Invalid, engine.NotYourTurn, engine.NotAllowedNow, engine.NeedsDice, engine.Conflict}

// scenario is a loaded scenario file, its encounter started.
type scenario struct {
	file    string
	name    string
	table   engine.Table
	dice    []dice.Forced
	rulings string
	steps   []step
	expect  *expectations // nil when the file has none
}

// step is one decision of the script.
type step struct {
	pos       Pos
	actor     string
	text      string
	expectErr engine.Code   // "" when the step must be accepted
	reason    string        // text the refusal's reason must contain; "" for any
	expect    *expectations // checked after the step; nil when none
}

func (s step) String() string { return s.actor + ": " + s.text }

// expectations are what must hold after the script, or after one step.
type expectations struct {
	pos       Pos
	view      string // the combatant whose player's view is checked; "" for the GM's
	viewPos   Pos
	state     []stateWant
	prompt    []promptWant
	options   []optionWant
	winner    *winnerWant
	diceLeft  *diceWant
	lines     []lineWant
	noLines   []lineWant
	noOptions []optionWant
	optCount  *countWant
}

// expectKeys are the keys of an "expect" mapping.
var expectKeys = []string{"view", "state", "prompt", "winner", "dice_left", "lines", "no_lines"}

// promptKeys are the keys of an expected prompt.
var promptKeys = []string{"kind", "actor", "question", "options", "no_options", "option_count"}

type optionWant struct {
	pos  Pos
	text string
}

type countWant struct {
	pos   Pos
	count int
}

type stateWant struct {
	pos  Pos
	path string
	want any // as encoding/json decodes it, numbers as json.Number
}

type promptWant struct {
	pos   Pos
	field string // kind, actor or question
	want  string
}

type winnerWant struct {
	pos  Pos
	want string // "" for a draw
}

type diceWant struct {
	pos    Pos
	count  int
	values []dice.Forced // when a list was given
	isList bool
}

type lineWant struct {
	pos  Pos
	text string
}

// FileKind says what a YAML file is to fray check.
type FileKind int

// The kinds of file Detect tells apart.
const (
	// OtherFile is neither an encounter nor a scenario (bundled content,
	// some other YAML).
	OtherFile FileKind = iota
	// EncounterFile has a top-level "ruleset" key and no scenario keys.
	EncounterFile
	// ScenarioFile has a top-level "encounter", "script" or "expect" key.
	ScenarioFile
)

// Detect says whether a YAML document is a scenario file (a top-level
// "encounter", "script" or "expect" key), an encounter file (a top-level
// "ruleset" key and none of those) or neither. name names the document in
// the error, if it is not YAML.
func Detect(name string, data []byte) (FileKind, error) {
	root, problems := parseYAML(name, "", data)
	if len(problems) > 0 {
		return OtherFile, joinProblems(problems)
	}
	switch {
	case root == nil || root.kind != mapNode:
		return OtherFile, nil
	case root.get("encounter") != nil || root.get("script") != nil || root.get("expect") != nil:
		return ScenarioFile, nil
	case root.get(rulesetKey) != nil:
		return EncounterFile, nil
	}
	return OtherFile, nil
}

// load reads a scenario file and starts its encounter. The error joins a
// *Problem for every problem found.
func load(reg *engine.Registry, file string, opts []Option) (*scenario, error) {
	data, err := ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the scenario: %w", err)
	}
	return parse(reg, file, data, opts)
}

// parse reads a scenario file's contents and starts its encounter.
func parse(reg *engine.Registry, file string, data []byte, opts []Option) (*scenario, error) {
	root, problems := parseYAML(file, "", data)
	if len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	o := makeOptions(opts)
	p := &scenarioParser{reg: reg, sc: &scenario{file: file, rulings: rulingsDefault}, dir: o.dirOf(file), base: o.contentBase(file)}
	p.flags, p.problems = o.flagFolders(file)
	p.parse(root)
	if len(p.problems) > 0 {
		return nil, joinProblems(p.problems)
	}
	return p.sc, nil
}

// scenarioParser reads the parts of a scenario file, collecting problems.
type scenarioParser struct {
	reg      *engine.Registry
	sc       *scenario
	dir      string      // where the file's relative paths start
	base     contentBase // where its content: folders start, and how far they reach
	flags    []folder    // the content folders of WithContent
	problems []*Problem
}

func (p *scenarioParser) problemf(pos Pos, format string, args ...any) {
	p.problems = append(p.problems, &Problem{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// allowOnly reports the keys of mapping n that are not in allowed; what
// says where n is.
func (p *scenarioParser) allowOnly(n *node, what string, allowed []string) {
	for _, e := range n.entries {
		if !slices.Contains(allowed, e.key) {
			p.problemf(e.loc.pos, "unknown field %s in %s; allowed: %s", engine.Quote(e.key), what, strings.Join(allowed, ", "))
		}
	}
}

func (p *scenarioParser) parse(root *node) {
	if root == nil {
		p.problemf(Pos{File: p.sc.file}, "the file is empty; a scenario needs at least an encounter")
		return
	}
	if root.kind != mapNode {
		p.problemf(root.loc.pos, "a scenario is a mapping with keys %s; got %s", strings.Join(scenarioKeys, ", "), root.describe())
		return
	}
	p.allowOnly(root, "the top level", scenarioKeys)
	for _, key := range []string{"name", "description"} {
		if e := root.get(key); e != nil {
			s, ok := e.value.text()
			if !ok {
				p.problemf(e.value.loc.pos, "%s: want text, got %s", key, e.value.describe())
			}
			if key == "name" {
				p.sc.name = s
			}
		}
	}
	if e := root.get("rulings"); e != nil {
		s, _ := e.value.text()
		if s != rulingsDefault && s != rulingsScript {
			p.problemf(e.value.loc.pos, "rulings: want %s or %s, got %s", rulingsDefault, rulingsScript, e.value.describe())
		}
		p.sc.rulings = s
	}
	if e := root.get("dice"); e != nil {
		p.sc.dice = p.forcedList(e.value, "dice")
	}
	if e := root.get("script"); e != nil {
		p.script(e.value)
	}
	if e := root.get("expect"); e != nil {
		p.expectations(e)
	}
	// The encounter last: its problems come after the scenario's own.
	e := root.get("encounter")
	if e == nil {
		p.problemf(root.loc.pos, "missing \"encounter\": the path of an encounter file, or the encounter itself as a mapping")
		return
	}
	own, problems := contentFolders(root.get(contentKey), p.base)
	if p.problems = append(p.problems, problems...); len(problems) > 0 {
		return
	}
	p.encounter(e.value, root.get(startKey), append(own, p.flags...))
}

// encounter loads the encounter a scenario runs: a path relative to the
// scenario file, or the encounter written inline. start is the scenario's
// own "start:", laid over the encounter's; nil when it has none. folders
// are the content folders of the scenario file and WithContent, searched
// after the encounter's own.
func (p *scenarioParser) encounter(n *node, start *entry, folders []folder) {
	if n.kind == mapNode {
		f, problems := startEncounter(p.reg, p.sc.file, n, "encounter.", start, p.base, folders)
		p.problems = append(p.problems, problems...)
		if f != nil {
			p.sc.table = f.Table
		}
		return
	}
	rel, ok := n.value.(string)
	if !ok || rel == "" {
		p.problemf(n.loc.pos, "encounter: want the path of an encounter file or an encounter mapping, got %s", n.describe())
		return
	}
	path := rel
	if !filepath.IsAbs(path) {
		path = filepath.Join(p.dir, rel)
	}
	data, err := ReadFile(path)
	if err != nil {
		p.problemf(n.loc.pos, "encounter: %v", err)
		return
	}
	root, problems := parseYAML(path, "", data)
	if len(problems) == 0 && root == nil {
		problems = []*Problem{{Pos: Pos{File: path}, Msg: "the encounter file is empty"}}
	}
	if len(problems) == 0 {
		var f *Loaded
		if f, problems = startEncounter(p.reg, path, root, "", start, contentBase{dir: filepath.Dir(path), confined: p.base.confined}, folders); f != nil {
			p.sc.table = f.Table
		}
	}
	p.problems = append(p.problems, problems...)
}

// forcedList reads a list of forced dice: numbers, or "dN=V" for a result
// meant for a die of N sides.
func (p *scenarioParser) forcedList(n *node, what string) []dice.Forced {
	if n.isNull() {
		return nil
	}
	if n.kind != seqNode {
		p.problemf(n.loc.pos, "%s: want a list of dice results such as [4, 5, d10=6], got %s", what, n.describe())
		return nil
	}
	out := make([]dice.Forced, 0, len(n.items))
	for i, it := range n.items {
		f, err := parseForced(it)
		if err != nil {
			p.problemf(it.loc.pos, "%s[%d]: %v", what, i, err)
			continue
		}
		out = append(out, f)
	}
	return out
}

// parseForced reads one forced die: 4, "4" or "d10=6".
func parseForced(n *node) (dice.Forced, error) {
	const form = "want a result such as 4 or d10=6"
	var f dice.Forced
	switch v := n.value.(type) {
	case int64:
		f.Value = int(v)
	case string:
		s := strings.TrimSpace(v)
		if sides, val, ok := strings.Cut(s, "="); ok {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(sides), "d"))
			if err != nil || !strings.HasPrefix(strings.TrimSpace(sides), "d") || n < 1 {
				return f, fmt.Errorf("%s, got %q", form, v)
			}
			f.Sides, s = n, strings.TrimSpace(val)
		}
		x, err := strconv.Atoi(s)
		if err != nil {
			return f, fmt.Errorf("%s, got %q", form, v)
		}
		f.Value = x
	default:
		return f, fmt.Errorf("%s, got %s", form, n.describe())
	}
	if f.Value < 1 || (f.Sides != 0 && f.Value > f.Sides) {
		return f, fmt.Errorf("no die shows %s", f)
	}
	return f, nil
}

// script reads the steps.
func (p *scenarioParser) script(n *node) {
	if n.isNull() {
		return
	}
	if n.kind != seqNode {
		p.problemf(n.loc.pos, "script: want a list of steps such as \"- markus: attack thug1\", got %s", n.describe())
		return
	}
	for i, it := range n.items {
		what := fmt.Sprintf("script[%d]", i)
		if it.kind != mapNode {
			p.problemf(it.loc.pos, "%s: a step is \"ACTOR: COMMAND\" or {actor: ACTOR, do: COMMAND, expect_error: CODE, expect: {...}}; got %s", what, it.describe())
			continue
		}
		st := step{pos: Pos{File: p.sc.file, Line: it.loc.pos.Line}}
		switch {
		case it.get("do") != nil:
			p.allowOnly(it, what, []string{"actor", "do", "expect_error", "expect_reason", "expect"})
			if e := it.get("expect"); e != nil {
				st.expect = p.readExpect(e, what+".expect")
			}
			st.actor = p.word(it, "actor", what)
			st.text = p.word(it, "do", what)
			if e := it.get("expect_error"); e != nil {
				st.expectErr = p.code(e, what)
			}
			st.reason = p.reason(it, st.expectErr, what)
		case len(shortStep(it)) == 1:
			e := shortStep(it)[0]
			st.actor = e.key
			if x := it.get("expect"); x != nil {
				st.expect = p.readExpect(x, what+".expect")
			}
			if x := it.get("expect_error"); x != nil {
				st.expectErr = p.code(x, what)
			}
			st.reason = p.reason(it, st.expectErr, what)
			s, ok := e.value.text()
			if !ok || strings.TrimSpace(s) == "" {
				p.problemf(e.value.loc.pos, "%s: want the command %s gives, got %s", what, e.key, e.value.describe())
			}
			st.text = s
		default:
			p.problemf(it.loc.pos, "%s: a step is one \"ACTOR: COMMAND\" pair (with any expect and expect_error), or has the keys actor and do; got the keys %s", what, keyList(it))
			continue
		}
		p.sc.steps = append(p.sc.steps, st)
	}
}

// shortStep returns the entries of a step written "ACTOR: COMMAND" other
// than its expect and expect_error.
func shortStep(it *node) []*entry {
	var out []*entry
	for _, e := range it.entries {
		if e.key != "expect" && e.key != "expect_error" && e.key != "expect_reason" {
			out = append(out, e)
		}
	}
	return out
}

// reason reads a step's expect_reason: text its refusal's reason must
// contain, which only a step expected to be refused may have.
func (p *scenarioParser) reason(it *node, code engine.Code, what string) string {
	e := it.get("expect_reason")
	if e == nil {
		return ""
	}
	s, ok := e.value.text()
	if !ok || strings.TrimSpace(s) == "" {
		p.problemf(e.value.loc.pos, "%s.expect_reason: want the text the refusal's reason must contain, got %s", what, e.value.describe())
	}
	if code == "" {
		p.problemf(e.value.loc.pos, "%s.expect_reason: only a step with expect_error is refused; add the code it is refused with", what)
	}
	return s
}

// code reads a step's expect_error.
func (p *scenarioParser) code(e *entry, what string) engine.Code {
	s, _ := e.value.text()
	if !slices.Contains(codes, engine.Code(s)) {
		p.problemf(e.value.loc.pos, "%s.expect_error: want a refusal code, got %s; codes: %s", what, e.value.describe(), codeList())
	}
	return engine.Code(s)
}

// word returns the text of a required scalar key of a mapping.
func (p *scenarioParser) word(n *node, key, what string) string {
	e := n.get(key)
	if e == nil {
		p.problemf(n.loc.pos, "%s: missing %q", what, key)
		return ""
	}
	s, ok := e.value.text()
	if !ok || strings.TrimSpace(s) == "" {
		p.problemf(e.value.loc.pos, "%s.%s: want text, got %s", what, key, e.value.describe())
	}
	return s
}

func keyList(n *node) string {
	keys := make([]string, len(n.entries))
	for i, e := range n.entries {
		keys[i] = e.key
	}
	return strings.Join(keys, ", ")
}

func codeList() string {
	s := make([]string, len(codes))
	for i, c := range codes {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}

// expectations reads the "expect" mapping of the file.
func (p *scenarioParser) expectations(e *entry) {
	p.sc.expect = p.readExpect(e, "expect")
}

// readExpect reads an "expect" mapping, of the file or of a step; what
// names it in messages.
func (p *scenarioParser) readExpect(e *entry, what string) *expectations {
	n := e.value
	x := &expectations{pos: e.loc.pos}
	if n.isNull() {
		return x
	}
	if n.kind != mapNode {
		p.problemf(n.loc.pos, "%s: want a mapping with keys %s; got %s", what, strings.Join(expectKeys, ", "), n.describe())
		return x
	}
	p.allowOnly(n, what, expectKeys)
	if e := n.get("view"); e != nil {
		s, ok := e.value.text()
		if !ok || strings.TrimSpace(s) == "" {
			p.problemf(e.value.loc.pos, "%s.view: want the id of the combatant whose player's view to check, got %s", what, e.value.describe())
		}
		x.view, x.viewPos = s, e.value.loc.pos
	}
	if e := n.get("state"); e != nil {
		p.stateWants(e.value, x, what)
	}
	if e := n.get("prompt"); e != nil {
		p.promptWants(e.value, x, what+".prompt")
	}
	if e := n.get("winner"); e != nil {
		s, ok := e.value.text()
		if !ok {
			p.problemf(e.value.loc.pos, "%s.winner: want the winning side's id, or \"\" for a draw; got %s", what, e.value.describe())
		}
		x.winner = &winnerWant{pos: e.loc.pos, want: s}
	}
	if e := n.get("dice_left"); e != nil {
		d := &diceWant{pos: e.loc.pos}
		switch v := e.value.value.(type) {
		case int64:
			if v < 0 {
				p.problemf(e.value.loc.pos, "%s.dice_left: want a count from 0, got %d", what, v)
			}
			d.count = int(v)
		default:
			if e.value.kind != seqNode {
				p.problemf(e.value.loc.pos, "%s.dice_left: want a count or a list of the dice left, got %s", what, e.value.describe())
			}
			d.values, d.isList = p.forcedList(e.value, what+".dice_left"), true
		}
		x.diceLeft = d
	}
	if e := n.get("lines"); e != nil {
		x.lines = p.texts(e.value, what+".lines")
	}
	if e := n.get("no_lines"); e != nil {
		x.noLines = p.texts(e.value, what+".no_lines")
	}
	return x
}

// texts reads a list of texts.
func (p *scenarioParser) texts(n *node, what string) []lineWant {
	if n.kind != seqNode {
		p.problemf(n.loc.pos, "%s: want a list of texts, got %s", what, n.describe())
		return nil
	}
	var out []lineWant
	for i, it := range n.items {
		s, ok := it.text()
		if !ok {
			p.problemf(it.loc.pos, "%s[%d]: want text, got %s", what, i, it.describe())
		}
		out = append(out, lineWant{pos: it.loc.pos, text: s})
	}
	return out
}

// promptWants reads an expected prompt.
func (p *scenarioParser) promptWants(n *node, x *expectations, what string) {
	if n.kind != mapNode {
		p.problemf(n.loc.pos, "%s: want a mapping with keys %s; got %s", what, strings.Join(promptKeys, ", "), n.describe())
		return
	}
	p.allowOnly(n, what, promptKeys)
	for _, f := range n.entries {
		switch f.key {
		case "options", "no_options":
			for _, l := range p.texts(f.value, what+"."+f.key) {
				o := optionWant(l)
				if f.key == "options" {
					x.options = append(x.options, o)
				} else {
					x.noOptions = append(x.noOptions, o)
				}
			}
			continue
		case "option_count":
			v, ok := f.value.value.(int64)
			if !ok || v < 0 {
				p.problemf(f.value.loc.pos, "%s.option_count: want a count from 0, got %s", what, f.value.describe())
			}
			x.optCount = &countWant{pos: f.loc.pos, count: int(v)}
			continue
		}
		s, ok := f.value.text()
		if !ok {
			p.problemf(f.value.loc.pos, "%s.%s: want text, got %s", what, f.key, f.value.describe())
		}
		kinds := []string{string(engine.Act), string(engine.React), string(engine.Ruling), string(engine.End)}
		if f.key == "kind" && !slices.Contains(kinds, s) {
			p.problemf(f.value.loc.pos, "%s.kind: want one of %s, got %s", what, strings.Join(kinds, ", "), f.value.describe())
		}
		x.prompt = append(x.prompt, promptWant{pos: f.loc.pos, field: f.key, want: s})
	}
}

// stateWants reads expect.state: paths into the state and their values.
func (p *scenarioParser) stateWants(n *node, x *expectations, what string) {
	if n.kind != mapNode {
		p.problemf(n.loc.pos, "%s.state: want a mapping of paths to values, such as combatants.thug1.lp: 3; got %s", what, n.describe())
		return
	}
	for _, e := range n.entries {
		if _, err := parsePath(e.key); err != nil {
			p.problemf(e.loc.pos, "%s.state: %v", what, err)
			continue
		}
		want, err := normalize(e.value.plain())
		if err != nil {
			p.problemf(e.value.loc.pos, "%s.state.%s: %v", what, e.key, err)
			continue
		}
		x.state = append(x.state, stateWant{pos: e.loc.pos, path: e.key, want: want})
	}
}

// normalize returns v as encoding/json decodes it with UseNumber, so that
// it compares with values read from the state.
func normalize(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("not a JSON value: %w", err)
	}
	return decodeJSON(data)
}

// decodeJSON decodes JSON with numbers as json.Number.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
