package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"fray/catalog"
	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/odds"
	"fray/scenario"
	"fray/sim"
)

// The budgets of TestWorkBudgets: what one phase (loading, the first
// decisions, a short simulation, the first odds) of one encounter pushed
// to every maximum of its ruleset's schema may take. They are generous, a
// blowup detector and not a benchmark: each phase takes at most a few
// seconds of CPU and allocates at most 150 MB (see the log of go test -v
// -run TestWorkBudgets); an unbounded number costs orders of magnitude
// more (a tempo bcm of 20,000 asked for 12.8 GB).
const (
	budgetTime   = 20 * time.Second // of CPU time
	budgetMemory = 1 << 30          // bytes allocated in one phase
	budgetWait   = 3 * time.Minute  // on the clock, however busy the machine

	// budgetDecisions is how many decisions are played after loading,
	// and budgetFights how many fights the short simulation plays, each
	// of at most budgetSimDecisions decisions.
	budgetDecisions    = 12
	budgetFights       = 2
	budgetSimDecisions = 150

	// oddsTimeout is the time budget of the first odds, as a server
	// would give one request; past it the odds are refused, which is
	// bounded work too.
	oddsTimeout = time.Second
)

// TestWorkBudgets is the test derived from the schemas (issue 27): for
// every ruleset this program offers and every encounter it bundles, it
// sets every number the schema describes to the schema's maximum and
// fills every list of mappings up to its maximum, as far as the ruleset
// accepts the result, fills the combatants list up to its maximum with
// copies under fresh ids, and checks that loading it, the
// first decisions, a short simulation and the first odds each finish
// within budgetTime and budgetMemory. A ruleset added to plugins is
// covered without a change here; one whose schema leaves a number or the
// combatants list without a maximum fails.
//
// The everyday run pushes each ruleset's largest bundled encounter; with
// the long runs on (enginetest.LongEnv) it pushes every one.
func TestWorkBudgets(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every bundled encounter at its schema's maximum")
	}
	cat, err := newCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cat.Rulesets() {
		t.Run(p.Info.ID, func(t *testing.T) {
			raw, err := scenario.Schema(p.Info)
			if err != nil {
				t.Fatal(err)
			}
			var schema map[string]any
			if err := json.Unmarshal(raw, &schema); err != nil {
				t.Fatal(err)
			}
			b := &budget{t: t, cat: cat, p: p, schema: schema, content: p.Info.Content()}
			b.unbounded(schema, "", map[string]bool{})
			maxCombatants := b.maxItems(schema, "combatants")
			if maxCombatants <= 0 {
				t.Errorf("the schema does not bound the number of combatants (maxItems of combatants)")
			}
			var names []string
			for name, data := range b.content {
				if strings.Contains(string(data), "ruleset:") {
					names = append(names, name)
				}
			}
			slices.Sort(names)
			if len(names) == 0 {
				t.Fatalf("the %s ruleset bundles no encounter to push to its maximum", p.Info.ID)
			}
			if !enginetest.Long() {
				// The everyday run pushes the ruleset's largest bundled
				// encounter (the most to push to its maximum); the long
				// run (.ci/run) every one of them.
				largest := slices.MaxFunc(names, func(a, c string) int {
					if d := cmp.Compare(len(b.content[a]), len(b.content[c])); d != 0 {
						return d
					}
					return cmp.Compare(c, a)
				})
				names = []string{largest}
			}
			for _, name := range names {
				for _, started := range []bool{false, true} {
					variant := name
					if started {
						variant += "/started"
					}
					t.Run(variant, func(t *testing.T) {
						b := *b
						b.t, b.started = t, started
						b.encounter(name, maxCombatants)
					})
				}
			}
		})
	}
}

// budget pushes the encounters of one ruleset to its schema's maxima.
type budget struct {
	t       *testing.T
	cat     *catalog.Catalog
	p       catalog.Ruleset
	schema  map[string]any
	content map[string][]byte
	// started says whether to give an encounter without "start:" one,
	// every combatant's condition pushed as well; ids are its combatants.
	started bool
	ids     []string
}

// resolve follows a schema's $ref into $defs, keeping the keys written
// beside it.
func (b *budget) resolve(s map[string]any) map[string]any {
	ref, ok := s["$ref"].(string)
	if !ok {
		return s
	}
	def, _ := b.schema["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	out := maps.Clone(def)
	for k, v := range s {
		if k != "$ref" {
			out[k] = v
		}
	}
	return out
}

// numeric reports whether s describes a number.
func numeric(s map[string]any) bool {
	return s["type"] == "integer" || s["type"] == "number"
}

// unbounded reports every number of the schema without a minimum and a
// maximum (an enum bounds it too).
func (b *budget) unbounded(s map[string]any, at string, seen map[string]bool) {
	if ref, ok := s["$ref"].(string); ok {
		if seen[ref] {
			return
		}
		seen[ref] = true
	}
	s = b.resolve(s)
	if numeric(s) && s["enum"] == nil && (s["maximum"] == nil || s["minimum"] == nil) {
		b.t.Errorf("%s: a number without a minimum and a maximum in the schema; every number of an encounter needs a work budget", at)
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if ps, ok := props[k].(map[string]any); ok && k != "sim" && k != "content" {
				b.unbounded(ps, join(at, k), seen)
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if is, ok := s[k].(map[string]any); ok {
			b.unbounded(is, at+"[]", seen)
		}
	}
}

// join appends a key to a field path.
func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// maxItems is the maxItems of the root's list property key, or 0.
func (b *budget) maxItems(s map[string]any, key string) int {
	ps, _ := s["properties"].(map[string]any)[key].(map[string]any)
	n, _ := b.resolve(ps)["maxItems"].(float64)
	return int(n)
}

// change sets one field of an encounter document to its maximum.
type change struct {
	path  string // as the loader writes it: combatants[0].weapons[1].reach
	segs  []any  // keys (string) and indices (int) to it
	value any
	// fill, when not 0, makes the change fill the list at segs up to fill
	// items, repeating its items, instead of setting a value.
	fill int
}

// encounter pushes the bundled encounter name to the maxima and plays it.
func (b *budget) encounter(name string, maxCombatants int) {
	t := b.t
	var doc any
	if err := yaml.Unmarshal(b.content[name], &doc); err != nil {
		t.Fatal(err)
	}
	doc = b.expand(doc, 0)
	b.ids = nil
	if list, ok := doc.(map[string]any)["combatants"].([]any); ok {
		for _, c := range list {
			id, _ := c.(map[string]any)["id"].(string)
			b.ids = append(b.ids, id)
		}
	}
	if err := b.refusal(doc); err != nil {
		t.Fatalf("the encounter, with its content written out, does not load: %v", err)
	}
	var changes []change
	b.collect(b.schema, doc, "", nil, &changes)
	began := time.Now()
	orig := doc
	doc, kept, dropped := b.greatest(doc, changes)
	t.Logf("in %v, %d numbers set to their maximum, %d left as they were (the ruleset refuses them at the maximum with the rest): %s",
		time.Since(began).Round(time.Millisecond), len(changes)-len(dropped), len(dropped), strings.Join(dropped, ", "))
	// The copies carry the numbers pushed but not the lists filled, so
	// that the document stays within the generic limit on its nodes.
	plain := apply(orig, slices.DeleteFunc(kept, func(c change) bool { return c.fill > 0 }))
	doc = b.fill(doc, plain, maxCombatants)
	var table engine.Table
	b.phase("load", func() error {
		var err error
		table, err = b.load(doc)
		return err
	})
	if table == nil {
		return
	}
	if n := len(doc.(map[string]any)["combatants"].([]any)); n != maxCombatants {
		t.Errorf("%d combatants, want the maximum %d", n, maxCombatants)
	}
	b.phase("decisions", func() error { return b.decide(table) })
	fresh, err := b.load(doc)
	if err != nil {
		t.Fatal(err)
	}
	b.phase("sim", func() error {
		_, err := b.p.Simulator.Simulate(fresh, sim.Options{Name: name, Fights: budgetFights, Seed: 1, Workers: 1, MaxDecisions: budgetSimDecisions})
		return err
	})
	if b.p.Calculator == nil {
		return
	}
	b.phase("odds", func() error {
		pr := table.Prompt()
		if pr.Kind == engine.End {
			return nil
		}
		_, err := b.p.Calculator.All(table, pr.Actor, odds.Options{Workers: 1, Timeout: oddsTimeout, MaxMemory: 256 << 20})
		var budgetErr *odds.BudgetError
		if errors.As(err, &budgetErr) {
			return nil // refused within its budget: bounded
		}
		return err
	})
}

// phase runs f, failing the test when it takes more than budgetTime of
// CPU time or allocates more than budgetMemory. CPU time rather than time
// on the clock, so that a machine busy with other work does not fail the
// test; a phase still running past its CPU budget, or after budgetWait on
// the clock, fails it at once (the goroutine running it is left behind).
// An error f returns is reported as well, but an odds computation refused
// for its budget is not an error.
func (b *budget) phase(what string, f func() error) {
	t := b.t
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu, start := cpuTime(t), time.Now()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		done <- f()
	}()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			if used := cpuTime(t) - cpu; used > budgetTime {
				t.Fatalf("%s is still running after %v of CPU, past the budget", what, used.Round(time.Millisecond))
			}
			if time.Since(start) > budgetWait {
				t.Fatalf("%s is still running after %v on the clock", what, budgetWait)
			}
		}
	}
	took, wall := cpuTime(t)-cpu, time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%s: %v of CPU (%v on the clock), %.1f MB allocated", what, took.Round(time.Millisecond), wall.Round(time.Millisecond), float64(alloc)/(1<<20))
	if err != nil {
		t.Errorf("%s: %v", what, err)
	}
	if took > budgetTime {
		t.Errorf("%s took %v of CPU, more than the budget of %v", what, took, budgetTime)
	}
	if alloc > budgetMemory {
		t.Errorf("%s allocated %d MB, more than the budget of %d MB", what, alloc>>20, budgetMemory>>20)
	}
}

// cpuTime is the CPU time the process has used.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// decide plays the first decisions with the ruleset's tactical policy
// (or, without one, its first), looking at the fight as a server would
// between them.
func (b *budget) decide(table engine.Table) error {
	policy := engine.TacticalPolicy
	if ps := b.p.Simulator.Policies(); !slices.Contains(ps, policy) && len(ps) > 0 {
		policy = ps[0]
	}
	src, policySrc := dice.Seeded(1), dice.Seeded(2)
	var (
		slowest time.Duration
		slow    string
	)
	for range budgetDecisions {
		pr := table.Prompt()
		if pr.Kind == engine.End {
			break
		}
		if _, err := table.State(engine.Everyone); err != nil {
			return err
		}
		table.Sheets(engine.Everyone)
		table.PromptFor(engine.Viewer{Combatant: pr.Actor})
		text, err := b.p.Simulator.Choose(table, policy, policySrc)
		if err != nil {
			return fmt.Errorf("the %s policy at %q: %w", policy, pr.Question, err)
		}
		began := time.Now()
		lines, err := table.Submit(pr.Actor, text, src)
		if err != nil {
			return fmt.Errorf("%s: %q: %w", pr.Actor, text, err)
		}
		if took := time.Since(began); took > slowest {
			slowest, slow = took, fmt.Sprintf("%s: %q, %d lines", pr.Actor, text, len(lines))
		}
	}
	b.t.Logf("the slowest decision took %v: %s", slowest.Round(time.Millisecond), slow)
	return nil
}

// load loads an encounter document.
func (b *budget) load(doc any) (engine.Table, error) {
	data, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return scenario.ParseEncounter(b.cat.Registry(), "budget.yaml", data)
}

// refusal is why the ruleset refuses an encounter document, or nil. It
// is load for greatest, which tries hundreds of documents: it writes the
// document as JSON, which YAML reads alike and which is written several
// times faster than YAML (a document JSON cannot write, holding a NaN,
// is written as YAML).
func (b *budget) refusal(doc any) error {
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		_, err := b.load(doc)
		return err
	}
	_, err := scenario.ParseEncounter(b.cat.Registry(), "budget.yaml", data.Bytes())
	return err
}

// expand writes out the content an encounter brings in with "use: NAME",
// as the loader lays it under the keys written beside it: mappings merge
// key by key, anything else is replaced.
func (b *budget) expand(n any, depth int) any {
	if depth > 32 {
		b.t.Fatal("content uses itself")
	}
	switch v := n.(type) {
	case map[string]any:
		out := map[string]any{}
		if use, ok := v["use"].(string); ok {
			var base any
			if err := yaml.Unmarshal(b.content[use], &base); err != nil {
				b.t.Fatalf("content %s: %v", use, err)
			}
			if m, ok := b.expand(base, depth+1).(map[string]any); ok {
				out = m
			}
		}
		for k, x := range v {
			if k == "use" {
				continue
			}
			out[k] = merge(out[k], b.expand(x, depth+1))
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = b.expand(x, depth+1)
		}
		return out
	}
	return n
}

// merge lays over on under: mappings key by key, anything else replaced.
func merge(under, over any) any {
	u, ok1 := under.(map[string]any)
	o, ok2 := over.(map[string]any)
	if !ok1 || !ok2 {
		return over
	}
	out := maps.Clone(u)
	for k, v := range o {
		out[k] = merge(out[k], v)
	}
	return out
}

// collect lists the changes that set every number the schema s describes
// in the document n to its maximum: the numbers of the mappings, lists
// and mappings of numbers the document has, and those of mappings it
// leaves out (made on the way). A "start:" without its combatants gets
// one condition for each combatant, so that theirs are pushed too. Each
// list of mappings the document has (weapons, walls, conditions) is
// filled up to its maximum after its numbers are pushed, by repeating
// its items.
func (b *budget) collect(s map[string]any, n any, at string, segs []any, out *[]change) {
	s = b.resolve(s)
	if numeric(s) {
		if max, ok := s["maximum"].(float64); ok {
			*out = append(*out, change{path: at, segs: slices.Clone(segs), value: number(max)})
		}
		return
	}
	switch v := n.(type) {
	case map[string]any:
		if props, ok := s["properties"].(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(props)) {
				ps, _ := props[k].(map[string]any)
				if ps == nil || k == "sim" || k == "content" || k == "use" {
					continue
				}
				sub := v[k]
				if at == "" && k == "start" && sub == nil && !b.started {
					continue
				}
				if at == "start" && k == "combatants" && sub == nil {
					sub = b.conditions()
				}
				b.collect(ps, sub, join(at, k), append(segs, k), out)
			}
			return
		}
		if values, ok := s["additionalProperties"].(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(v)) {
				b.collect(values, v[k], join(at, k), append(segs, k), out)
			}
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, x := range v {
			b.collect(items, x, fmt.Sprintf("%s[%d]", at, i), append(segs, i), out)
		}
		// A list of mappings other than the combatants (which fill
		// copies under fresh ids) is filled up to its maximum too.
		if n, ok := s["maxItems"].(float64); ok && int(n) > len(v) && len(v) > 0 && at != "combatants" {
			if _, mappings := b.resolve(items)["properties"]; mappings {
				*out = append(*out, change{path: at, segs: slices.Clone(segs), fill: int(n)})
			}
		}
	case nil:
		// A mapping the document leaves out: its numbers are added.
		if _, ok := s["properties"].(map[string]any); ok && s["type"] == "object" {
			b.collect(s, map[string]any{}, at, segs, out)
		}
	}
}

// conditions is an empty starting condition for every combatant of the
// encounter being pushed, by id.
func (b *budget) conditions() any {
	out := map[string]any{}
	for _, id := range b.ids {
		out[id] = map[string]any{}
	}
	return out
}

// number writes a schema's bound as the document's number.
func number(x float64) any {
	if x == float64(int64(x)) {
		return int64(x)
	}
	return x
}

// greatest applies the changes to doc as far as the ruleset accepts them:
// all at once; when that is refused, without the changes at the fields the
// refusal names (or the filling of a list that holds them), and without
// those inside a part it names (a combatant), which are then tried back
// one at a time; when the refusal names no field, all of them one at a
// time. It returns the document, the changes kept and the paths of those
// left out.
func (b *budget) greatest(doc any, changes []change) (any, []change, []string) {
	keep := slices.Clone(changes)
	var dropped []string
	loads := func(cs []change) bool {
		return b.refusal(apply(doc, cs)) == nil
	}
	for {
		err := b.refusal(apply(doc, keep))
		if err == nil {
			return apply(doc, keep), keep, dropped
		}
		paths := problemPaths(err)
		var exact, inside, rest []change
		for _, c := range keep {
			switch {
			case slices.ContainsFunc(paths, func(p string) bool {
				return p == c.path || strings.HasPrefix(p, c.path+".") || strings.HasPrefix(p, c.path+"[")
			}):
				exact = append(exact, c)
			case slices.ContainsFunc(paths, func(p string) bool {
				return strings.HasPrefix(c.path, p+".") || strings.HasPrefix(c.path, p+"[")
			}):
				inside = append(inside, c)
			default:
				rest = append(rest, c)
			}
		}
		switch {
		case len(exact) > 0:
			for _, c := range exact {
				dropped = append(dropped, c.path)
			}
			keep = append(rest, inside...)
			continue
		case len(inside) == 0:
			inside, rest = keep, nil // the refusal names no field changed
		case !loads(rest):
			for _, c := range inside {
				dropped = append(dropped, c.path)
			}
			keep = rest
			continue
		}
		for _, c := range inside {
			if loads(append(slices.Clone(rest), c)) {
				rest = append(rest, c)
			} else {
				dropped = append(dropped, c.path)
			}
		}
		keep = rest
	}
}

// problemPaths are the field paths the problems of a refused encounter
// name ("combatants[0].lp: ..." names combatants[0].lp).
func problemPaths(err error) []string {
	var out []string
	for line := range strings.SplitSeq(err.Error(), "\n") {
		// file:line:col: path: message
		parts := strings.SplitN(line, ": ", 3)
		if len(parts) == 3 && !strings.Contains(parts[1], " ") {
			out = append(out, parts[1])
		}
	}
	return out
}

// apply returns a copy of doc with the changes made.
func apply(doc any, changes []change) any {
	out := clone(doc)
	for _, c := range changes {
		if c.fill > 0 {
			out = set(out, c.segs, repeat(get(out, c.segs), c.fill))
			continue
		}
		out = set(out, c.segs, c.value)
	}
	return out
}

// get returns the value at segs in n, or nil.
func get(n any, segs []any) any {
	for _, seg := range segs {
		switch k := seg.(type) {
		case string:
			m, _ := n.(map[string]any)
			n = m[k]
		case int:
			l, _ := n.([]any)
			if k >= len(l) {
				return nil
			}
			n = l[k]
		}
	}
	return n
}

// repeat returns the list l with copies of its items after them, in
// turn, up to n items.
func repeat(l any, n int) any {
	list, _ := l.([]any)
	if len(list) == 0 {
		return l
	}
	out := slices.Clone(list)
	for i := 0; len(out) < n; i++ {
		out = append(out, clone(list[i%len(list)]))
	}
	return out
}

// set sets the value at segs in n, making mappings on the way.
func set(n any, segs []any, value any) any {
	if len(segs) == 0 {
		return value
	}
	switch k := segs[0].(type) {
	case string:
		m, ok := n.(map[string]any)
		if !ok {
			m = map[string]any{}
		}
		m[k] = set(m[k], segs[1:], value)
		return m
	case int:
		l, _ := n.([]any)
		if k < len(l) {
			l[k] = set(l[k], segs[1:], value)
		}
		return l
	}
	return n
}

// clone deep-copies a document.
func clone(n any) any {
	switch v := n.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = clone(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = clone(x)
		}
		return out
	}
	return n
}

// fill copies the combatants of doc, under fresh ids and a few steps
// apart, until there are max; a copy is the combatant as plain has it (at
// the same place in its list). A copy starts fresh (it has no entry under
// start.combatants), names no other combatant (holds, binds or hides from
// no one), and is added to start.order where the document gives one.
func (b *budget) fill(doc, plain any, max int) any {
	doc = clone(doc)
	m := doc.(map[string]any)
	list, _ := m["combatants"].([]any)
	if len(list) == 0 {
		b.t.Fatal("the encounter has no combatants to copy")
	}
	start, _ := m["start"].(map[string]any)
	order, hasOrder := start["order"].([]any)
	var ids []string
	for _, c := range list {
		id, _ := c.(map[string]any)["id"].(string)
		ids = append(ids, id)
	}
	for k := 1; len(list) < max; k++ {
		i := (k - 1) % len(ids)
		c := clone(plain.(map[string]any)["combatants"].([]any)[i]).(map[string]any)
		id := fmt.Sprintf("%s-%d", ids[i], k)
		c["id"] = id
		if _, ok := c["name"]; ok {
			c["name"] = id
		}
		for key, v := range c {
			if key != "id" && names(v, ids) {
				delete(c, key) // a copy holds, binds or hides from no one
			}
		}
		dx, dy := 21*(1+k%10), 21*(1+k/10) // apart even at the largest space a combatant fills
		for key, d := range map[string]int{"x": dx, "y": dy} {
			if x, ok := c[key]; ok {
				c[key] = step(x, d)
			}
		}
		list = append(list, c)
		if hasOrder {
			if slices.Contains(order, any(ids[i])) {
				order = append(order, id)
			}
		}
	}
	m["combatants"] = list
	if hasOrder {
		start["order"] = order
	}
	return doc
}

// names reports whether v, a value of a combatant, names one of ids (or
// is a list that does).
func names(v any, ids []string) bool {
	switch x := v.(type) {
	case string:
		return slices.Contains(ids, x)
	case []any:
		return slices.ContainsFunc(x, func(y any) bool { return names(y, ids) })
	}
	return false
}

// step moves a coordinate d towards 0, so that it stays within its
// bounds whichever it was at.
func step(x any, d int) any {
	f, _ := strconv.ParseFloat(fmt.Sprint(x), 64)
	if f > 0 {
		f -= float64(d)
	} else {
		f += float64(d)
	}
	return number(f)
}

// TestCheckRefusesCostlyNumbers is item 1 of issue 27: numbers within the
// generic limit of every file, each costing a ruleset gigabytes or a
// billion dice (a tempo bcm of 20,000, a vigor skill of a billion bonus
// dice, a fight starting in round 1,000,000,000, which the rounds
// histogram of fray sim counted), more combatants than a ruleset plays,
// and a potion rolling 30,000 exploding dice at each use, all passed fray
// check. Each is refused at its line.
func TestCheckRefusesCostlyNumbers(t *testing.T) {
	var crowd strings.Builder
	crowd.WriteString("ruleset: maneuvers\ncombatants:\n")
	for i := range 101 {
		fmt.Fprintf(&crowd, "  - {use: bandit, id: b%d, side: s%d, x: %d}\n", i, i%2, 2*i)
	}
	files := map[string]string{
		"blackpowder_round.yaml": `ruleset: blackpowder
groups: [{id: a, players: true}, {id: b}]
combatants:
  - {id: x, group: a, lp_max: 5}
  - {id: y, group: b, lp_max: 5}
start: {round: 1000000000}
`,
		"blackpowder_heal.yaml": `ruleset: blackpowder
groups: [{id: a, players: true}, {id: b}]
combatants:
  - {id: x, group: a, lp_max: 5, items: [{name: potion, heal: 10000d1000!+10000d1000!+10000d1000!}]}
  - {id: y, group: b, lp_max: 5}
`,
		"maneuvers_crowd.yaml": crowd.String(),
		"tempo_bcm.yaml": `ruleset: tempo
combatants:
  - {id: a, side: x, bcm: 20000}
  - {id: b, side: y, x: 1}
`,
		"vigor_skill.yaml": `ruleset: vigor
sides: [{id: x}, {id: y}]
combatants:
  - {id: a, side: x, vigor: 10, durability: 10, health: 10, skills: {blades: 1000000000}, weapons: [{name: sword, skill: blades}]}
  - {id: b, side: y, vigor: 10, durability: 10, health: 10, x: 5}
`,
		"woundslots_round.yaml": `ruleset: woundslots
sides: [{id: a}, {id: b}]
combatants:
  - {use: bandit, id: x, side: a}
  - {use: bandit, id: y, side: b, x: 1}
start: {round: 1000000000}
`,
	}
	dir := writeFiles(t, files)
	want := map[string]string{
		"blackpowder_heal.yaml":  "4:57: combatants[0].items[0].heal: the dice expression is 35 characters long; at most 32",
		"blackpowder_round.yaml": "6:16: start.round: 1000000000 is more than the maximum 10000",
		"maneuvers_crowd.yaml":   "3:3: combatants: 101 items is more than the maximum 100",
		"tempo_bcm.yaml":         "3:27: combatants[0].bcm: 20000 is more than the maximum 30",
		"vigor_skill.yaml":       "4:78: combatants[0].skills.blades: 1000000000 is more than the maximum 20",
		"woundslots_round.yaml":  "6:16: start.round: 1000000000 is more than the maximum 10000",
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, name)
		r := fray(t, "check", path)
		out := fmt.Sprintf("FAIL %[1]s (encounter)\n    %[1]s:%[2]s\n0 passed, 1 failed\n", path, want[name])
		if r.code != exitError || r.stdout != out {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant:\n%s", name, r.code, r.stdout, out)
		}
	}
}

// BenchmarkPlayCrowd plays a whole fight of 100 combatants, the most an
// encounter may hold, with fray play --auto: 50 bandits a side, in
// maneuvers. fray play used to describe the whole fight again at each
// decision to show the last one, so a fight's cost grew with the square
// of its length (a tempo fight of 100 had not ended after 48 s of CPU).
func BenchmarkPlayCrowd(b *testing.B) {
	var crowd strings.Builder
	crowd.WriteString("ruleset: maneuvers\ncombatants:\n")
	for i := range 100 {
		fmt.Fprintf(&crowd, "  - {use: bandit, id: b%d, side: s%d, x: %d, y: %d}\n", i, i%2, 2*(i/2), 8*(i%2))
	}
	dir := b.TempDir()
	path := filepath.Join(dir, "crowd.yaml")
	if err := os.WriteFile(path, []byte(crowd.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var out, errs bytes.Buffer
		if code := run([]string{"play", path, "--auto", "--seed", "1"}, strings.NewReader(""), &out, &errs); code != exitOK {
			b.Fatalf("exit %d: %s", code, errs.String())
		}
	}
}
