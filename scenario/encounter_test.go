package scenario_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/reference"
	"fray/scenario"
)

// testContent is what these tests add to the reference ruleset's bundled
// content: stat blocks "markus" and "thug" with their sides, a weapon of a
// kind the ruleset does not know ("laser"), and "loop" and "loop2", which
// use each other.
var testContent = map[string]string{
	"markus": "id: markus\nname: Markus\nside: players\nlp: 8\nskill: 3\ndefence: 10\nweapons:\n  - use: knife\n",
	"thug":   "id: thug\nname: Thug\nside: bandits\nlp: 5\nskill: 2\ndefence: 10\nweapons:\n  - use: club\n",
	"laser":  "name: laser\nkind: laser\n",
	"loop":   "use: loop2\n",
	"loop2":  "use: loop\n",
}

// info is the reference ruleset with testContent besides its own.
func info() engine.RulesetInfo {
	in := reference.Info()
	in.Content = func() map[string][]byte {
		all := reference.Content()
		for name, doc := range testContent {
			all[name] = []byte(doc)
		}
		return all
	}
	return in
}

// registry returns a registry holding the reference ruleset with
// testContent.
func registry(t *testing.T) *engine.Registry {
	t.Helper()
	reg, err := engine.NewRegistry(info())
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// write writes a file into dir and returns its path.
func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// state returns the GM's view of a table's state, decoded into the
// reference ruleset's state type.
func state(t *testing.T, tb engine.Table) reference.State {
	t.Helper()
	raw, err := tb.State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	var s reference.State
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLoadEncounterUse checks that "use:" brings in bundled content, with
// the keys written beside it overriding the content's, content using
// content, mappings merged key by key and lists replaced whole.
func TestLoadEncounterUse(t *testing.T) {
	tb, err := scenario.LoadEncounter(registry(t), "testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Ruleset(); got != reference.ID {
		t.Errorf("ruleset %q, want %q", got, reference.ID)
	}
	s := state(t, tb)
	want := []reference.Combatant{
		{ID: "markus", Name: "Markus", Side: "players", LP: 8, Skill: 3, Defence: 10,
			Weapons: []reference.Weapon{{Name: "knife", Kind: "thrown", Bonus: 2}}},
		{ID: "thug1", Name: "Thug", Side: "bandits", LP: 5, Skill: 2, Defence: 10,
			Weapons: []reference.Weapon{{Name: "club", Kind: "melee", Bonus: 1}}},
		{ID: "thug2", Name: "Thug", Side: "bandits", LP: 3, Skill: 2, Defence: 10,
			Weapons: []reference.Weapon{{Name: "club", Kind: "melee", Bonus: 2}}},
	}
	if !reflect.DeepEqual(s.Combatants, want) {
		t.Errorf("combatants:\n got %+v\nwant %+v", s.Combatants, want)
	}
	if s.Light != "dusk" {
		t.Errorf("light %q, want dusk", s.Light)
	}

	// Nested mappings merge key by key; lists replace the content's.
	tb, err = scenario.ParseEncounter(registry(t), "merge.yaml", []byte(`ruleset: reference
sides: [{id: players}, {id: bandits}]
combatants:
  - use: markus
    weapons: [{name: fists, kind: melee}]
  - use: thug
`))
	if err != nil {
		t.Fatal(err)
	}
	m := state(t, tb).Combatants[0]
	if len(m.Weapons) != 1 || m.Weapons[0].Name != "fists" {
		t.Errorf("weapons %+v, want only fists", m.Weapons)
	}

	// A whole encounter may come from content, its nested mappings merged
	// key by key: notes added to the scene keep the content's light.
	tb, err = scenario.ParseEncounter(registry(t), "whole.yaml", []byte("ruleset: reference\nuse: reference_melee\nscene: {notes: {well: dry}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s := state(t, tb); s.Light != "dusk" || len(s.Combatants) != 5 {
		t.Errorf("light %q with %d combatants, want dusk with 5", s.Light, len(s.Combatants))
	}
}

// TestLoadEncounterProblems checks that every problem of an encounter file
// is reported, each with its file, line and column and what is allowed.
func TestLoadEncounterProblems(t *testing.T) {
	const head = "ruleset: reference\ntitle: Problems\nsides: [{id: players}, {id: bandits}]\n"
	tests := []struct {
		name string
		file string
		want []string
	}{
		{
			name: "unknown fields",
			file: head + `combatants:
  - id: markus
    side: players
    lp: 8
    evade: 3
  - use: thug
    weapons: [{name: club, kind: melee, sharp: true}]
armour: 2
`,
			want: []string{
				`f.yaml:8:5: unknown field "evade" in combatants[0]; allowed: id, name, side, lp, skill, defence, weapons`,
				`f.yaml:5:5: combatants[0]: missing required field "defence"`,
				`f.yaml:10:41: unknown field "sharp" in combatants[1].weapons[0]; allowed: name, kind, bonus`,
				`f.yaml:11:1: unknown field "armour" in the top level; allowed: title, sides, combatants, scene`,
			},
		},
		{
			name: "types, ranges, enums and required fields",
			file: head + `combatants:
  - id: markus
    side: players
    lp: many
    weapons: {name: knife}
  - id: 7
    lp: -1
    skill: 1.5
scene: {light: noon, notes: [a]}
`,
			want: []string{
				`f.yaml:7:9: combatants[0].lp: want a whole number, got the text "many"`,
				`f.yaml:8:15: combatants[0].weapons: want a list, got a mapping`,
				`f.yaml:5:5: combatants[0]: missing required field "defence"`,
				`f.yaml:9:9: combatants[1].id: want text, got the number 7 (write "7" in quotes for text)`,
				`f.yaml:10:9: combatants[1].lp: -1 is fewer than the minimum 1`,
				`f.yaml:11:12: combatants[1].skill: want a whole number, got the number 1.5`,
				`f.yaml:9:5: combatants[1]: missing required field "side"`,
				`f.yaml:9:5: combatants[1]: missing required field "defence"`,
				`f.yaml:12:16: scene.light: "noon" is not allowed; allowed: day, dusk, night`,
				`f.yaml:12:29: scene.notes: want a mapping, got a list`,
			},
		},
		{
			name: "field errors of Start at their lines",
			file: head + `combatants:
  - use: markus
    side: pirates
  - use: thug
    weapons:
      - use: knife
        bonus: 4
  - use: thug
`,
			want: []string{
				`f.yaml:6:5: combatants[0].side: unknown side "pirates"; sides: players, bandits`,
				`f.yaml:10:9: combatants[1].weapons[0].bonus: a thrown weapon's bonus is at most 3, not 4`,
				`f.yaml:11:5: combatants[2].id: combatant "thug" is defined twice (in bundled content "thug", line 1, column 1)`,
				`f.yaml:3:10: sides[0]: side "players" has no combatants`,
			},
		},
		{
			name: "problems in content are placed at the use",
			file: head + `combatants:
  - use: markus
    weapons:
      - use: laser
  - use: thug
`,
			want: []string{
				`f.yaml:7:9: combatants[0].weapons[0].kind: "laser" is not allowed; allowed: melee, thrown (in bundled content "laser", line 2, column 7)`,
			},
		},
		{
			name: "unknown content and cycles",
			file: head + `combatants:
  - use: markos
  - use: loop
  - use: [thug]
`,
			want: []string{
				`f.yaml:5:10: use: unknown bundled content "markos"; known: club, dagger, fencer, guard, javelin, knife, laser, loop, loop2, markus, reference_brawl, reference_melee, reference_skirmish, scout, shieldbearer, sword, thug`,
				`f.yaml:6:5: use: bundled content "loop" uses itself (loop → loop2 → loop) (in bundled content "loop2", line 1, column 6)`,
				`f.yaml:7:10: use: want the name of bundled content; known: club, dagger, fencer, guard, javelin, knife, laser, loop, loop2, markus, reference_brawl, reference_melee, reference_skirmish, scout, shieldbearer, sword, thug`,
			},
		},
		{
			name: "unknown ruleset",
			file: "ruleset: chess\n",
			want: []string{`f.yaml:1:10: unknown ruleset "chess" (known: reference)`},
		},
		{
			name: "no ruleset",
			file: "title: t\n",
			want: []string{`f.yaml:1:1: missing "ruleset" in the top level; known rulesets: reference`},
		},
		{
			name: "not a mapping",
			file: "- ruleset: reference\n",
			want: []string{`f.yaml:1:1: an encounter is a mapping starting with "ruleset: ID"; the top level is a list`},
		},
		{
			name: "YAML syntax",
			file: "ruleset: reference\ntitle: [1\n",
			want: []string{`f.yaml:2:8: YAML: sequence end token ']' not found`},
		},
		{
			name: "duplicate keys",
			file: "ruleset: reference\ntitle: a\ntitle: b\n",
			want: []string{`f.yaml:3:1: YAML: mapping key "title" already defined at [2:1]`},
		},
		{
			name: "empty",
			file: "# nothing\n",
			want: []string{`f.yaml: the file is empty; an encounter starts with "ruleset: ID"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scenario.ParseEncounter(registry(t), "f.yaml", []byte(tt.file))
			if err == nil {
				t.Fatal("loaded without error")
			}
			got := strings.Split(err.Error(), "\n")
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			errs := []error{err}
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				errs = j.Unwrap()
			}
			for _, e := range errs {
				if _, ok := errors.AsType[*scenario.Problem](e); !ok {
					t.Errorf("%v is a %T, not a *scenario.Problem", e, e)
				}
			}
		})
	}
}

// TestLoadEncounterAliasBomb checks that nested aliases that would expand
// into billions of values are refused quickly.
func TestLoadEncounterAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("ruleset: reference\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [%s]\n", i, i, strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9)+fmt.Sprintf("*a%d", i-1))
	}
	_, err := scenario.ParseEncounter(registry(t), "f.yaml", []byte(b.String()))
	if err == nil || err.Error() != "f.yaml:1:1: the document holds more than 200000 values once its aliases are expanded" {
		t.Errorf("error %v", err)
	}
}
