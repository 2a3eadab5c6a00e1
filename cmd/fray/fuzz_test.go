package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fray/catalog"
	"fray/dice"
	"fray/engine"
	"fray/scenario"
)

// The fuzz targets below load every ruleset fray offers (newCatalog, as
// the commands do), so that a ruleset added to catalog.All is fuzzed from
// its first day. testdata/fuzz holds the inputs that found bugs.

// bundled returns every bundled encounter of every registered ruleset, by
// name, in a stable order.
func bundled(tb testing.TB, cat *catalog.Catalog) (names []string, docs map[string][]byte) {
	tb.Helper()
	docs = map[string][]byte{}
	for _, id := range cat.Registry().IDs() {
		info, _ := cat.Registry().Lookup(id)
		if info.Content == nil {
			continue
		}
		for name, data := range info.Content() {
			if bytes.Contains(data, []byte("ruleset:")) {
				docs[name] = data
			}
		}
	}
	names = slices.Sorted(func(yield func(string) bool) {
		for n := range docs {
			if !yield(n) {
				return
			}
		}
	})
	if len(names) == 0 {
		tb.Fatal("no bundled encounters")
	}
	return names, docs
}

// fuzzCatalog builds the catalog for a fuzz target.
func fuzzCatalog(f *testing.F) *catalog.Catalog {
	f.Helper()
	cat, err := newCatalog()
	if err != nil {
		f.Fatal(err)
	}
	return cat
}

// addScenarioSeeds adds every scenario and encounter file of the
// repository's scenarios directory.
func addScenarioSeeds(f *testing.F) {
	f.Helper()
	err := filepath.WalkDir("../../scenarios", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil {
			f.Add(data)
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
}

// playOn plays up to n decisions of the table with the ruleset's tactical
// policy, failing when a decision the policy took is refused or the state
// cannot be written as JSON (a NaN, say).
func playOn(t *testing.T, cat *catalog.Catalog, tb engine.Table, n int, seed uint64) {
	t.Helper()
	policy, err := cat.Simulator(tb.Ruleset())
	if err != nil {
		t.Fatal(err)
	}
	src, choose := dice.Seeded(seed), dice.Seeded(seed+1)
	for range n {
		if _, err := tb.State(engine.Everyone); err != nil {
			t.Fatalf("the state cannot be written: %v", err)
		}
		pr := tb.Prompt()
		if pr.Kind == engine.End {
			return
		}
		text, err := policy.Choose(tb, engine.TacticalPolicy, choose)
		if err != nil {
			return // a ruleset without policies, or nothing to choose
		}
		if _, err := tb.Submit(pr.Actor, text, src); err != nil {
			t.Fatalf("%s's choice %q was refused: %v", pr.Actor, text, err)
		}
	}
}

// FuzzEncounterFile loads any document as an encounter file and as a
// scenario file with every registered ruleset: each gives a table (which
// then plays a few decisions) or problems placed in the file, never a
// panic. A scenario's relative encounter paths are found from the
// repository's scenarios directory.
func FuzzEncounterFile(f *testing.F) {
	cat := fuzzCatalog(f)
	names, docs := bundled(f, cat)
	for _, n := range names {
		f.Add(docs[n])
	}
	addScenarioSeeds(f)
	f.Add([]byte("ruleset: tempo\ncombatants: [{id: a}, {id: b}]\n"))
	f.Add([]byte("ruleset: blackpowder\ngroups: [{id: a, players: true}, {id: b}]\ncombatants:\n  - {use: markus, group: a, x: .nan}\n  - {use: thug, group: b, y: .inf}\n"))
	scenarioFile, err := filepath.Abs("../../scenarios/tempo/fuzz.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := scenario.ParseEncounter(cat.Registry(), "f.yaml", data)
		if (tb == nil) == (err == nil) {
			t.Fatalf("table %v with error %v", tb, err)
		}
		if err != nil {
			mustBeProblems(t, err)
		} else {
			playOn(t, cat, tb, 40, 1)
		}
		if kind, err := scenario.Detect("f.yaml", data); err != nil || kind != scenario.ScenarioFile {
			return
		}
		res, err := scenario.RunData(cat.Registry(), scenarioFile, data)
		if (res == nil) == (err == nil) {
			t.Fatalf("result %v with error %v", res, err)
		}
		if err != nil {
			mustBeProblems(t, err)
		}
	})
}

// mustBeProblems fails unless every error joined in err is a
// *scenario.Problem, placed in a file.
func mustBeProblems(t *testing.T, err error) {
	t.Helper()
	for _, e := range leavesOf(err) {
		if _, ok := errors.AsType[*scenario.Problem](e); !ok {
			t.Fatalf("%v is a %T, not a *scenario.Problem", e, e)
		}
	}
}

// leavesOf flattens joined errors.
func leavesOf(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leavesOf(e)...)
		}
		return out
	}
	return []error{err}
}

// FuzzCommand submits any text as a command at some point of a bundled
// encounter of each ruleset, from the prompt's actor, the GM or another
// combatant. A refused command must leave the fight as it was: the same
// state, prompt and transcript. An accepted one must leave a state that
// can be written out.
func FuzzCommand(f *testing.F) {
	cat := fuzzCatalog(f)
	names, docs := bundled(f, cat)
	for i := range names {
		for _, text := range []string{"move NaN NaN", "move 1e309 -1e309", "move 9223372036854775807 -9223372036854775808",
			"attack thug1", "strike", "pass", "dodge", "aim bob", "move 3 4", "run 0x10 1", "move +Inf 2"} {
			f.Add(uint8(i), uint8(3), uint8(0), text)
		}
	}
	f.Fuzz(func(t *testing.T, enc, steps, who uint8, text string) {
		name := names[int(enc)%len(names)]
		tb, err := scenario.ParseEncounter(cat.Registry(), name, docs[name])
		if err != nil {
			t.Fatal(err)
		}
		playOn(t, cat, tb, int(steps%40), uint64(steps))
		pr := tb.Prompt()
		actor := pr.Actor
		switch who % 4 {
		case 1:
			actor = engine.GM
		case 2:
			if len(pr.Others) > 0 {
				actor = pr.Others[0]
			}
		case 3:
			actor = strings.Repeat("x", int(who%7))
		}
		before, err := tb.State(engine.Everyone)
		if err != nil {
			t.Fatal(err)
		}
		n := tb.Len()
		_, err = tb.Submit(actor, text, dice.Seeded(uint64(enc)))
		if err == nil {
			if _, err := tb.State(engine.Everyone); err != nil {
				t.Fatalf("%s: %s: %q accepted, then the state cannot be written: %v", name, actor, text, err)
			}
			return
		}
		if engine.CodeOf(err) == "" {
			t.Fatalf("%s: %s: %q: the refusal %v has no code", name, actor, text, err)
		}
		after, err2 := tb.State(engine.Everyone)
		if err2 != nil {
			t.Fatal(err2)
		}
		if !bytes.Equal(before, after) || tb.Len() != n || tb.Prompt().Question != pr.Question {
			t.Fatalf("%s: %s: %q was refused (%v) but changed the fight", name, actor, text, err)
		}
	})
}

// FuzzDiceExpression parses any dice expression, rolls it as fray roll
// does, and writes it as the damage of the first weapon of every bundled
// encounter of every ruleset whose weapons have a damage expression, which
// must then load with a problem placed in the file or play.
func FuzzDiceExpression(f *testing.F) {
	cat := fuzzCatalog(f)
	names, docs := bundled(f, cat)
	for _, seed := range []string{"3d6", "4d6kh3", "2d10!", "d10/2", "1d6+9223372036854775807", "10000d2!", "d1000000!", "1d8+2", "2d6", "NaN", "1e309"} {
		f.Add(seed)
	}
	var paths []scenario.FieldPath
	for _, p := range []string{"combatants[0].weapons[0].damage", "combatants[1].weapons[0].damage"} {
		fp, err := scenario.ParseFieldPath(p)
		if err != nil {
			f.Fatal(err)
		}
		paths = append(paths, fp)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if e, err := dice.Parse(text); err == nil {
			r := fray(t, "roll", e.String(), "--seed", "1", "--times", "2")
			if r.code != exitOK && r.code != exitUsage {
				t.Fatalf("fray roll %q: exit %d: %s", e.String(), r.code, r.stderr)
			}
		}
		for _, name := range names {
			for _, path := range paths {
				data, err := scenario.SetField(cat.Registry(), name, docs[name], path, text)
				if err != nil {
					continue
				}
				tb, err := scenario.ParseEncounter(cat.Registry(), name, data)
				if err != nil {
					mustBeProblems(t, err)
					continue
				}
				playOn(t, cat, tb, 30, 7)
			}
		}
	})
}
