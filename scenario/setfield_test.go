package scenario_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"fray/engine"
	"fray/rules/reference"
	"fray/scenario"
)

// setField sets the field at path of the encounter data to value, failing
// the test on an error.
func setField(t *testing.T, reg *engine.Registry, data, path string, value any) []byte {
	t.Helper()
	p, err := scenario.ParseFieldPath(path)
	if err != nil {
		t.Fatalf("ParseFieldPath(%q): %v", path, err)
	}
	out, err := scenario.SetField(reg, "f.yaml", []byte(data), p, value)
	if err != nil {
		t.Fatalf("SetField(%s=%v): %v\n%s", path, value, err, data)
	}
	return out
}

// TestSetFieldLoads sets fields of encounters that start from bundled
// content and loads the results: keys left to the content are copied from
// it, lists whole, and everything else stays as the loader read it.
func TestSetFieldLoads(t *testing.T) {
	reg := registry(t)
	load := func(data []byte) reference.State {
		t.Helper()
		tb, err := scenario.ParseEncounter(reg, "set.yaml", data)
		if err != nil {
			t.Fatalf("the result does not load: %v\n%s", err, data)
		}
		return state(t, tb)
	}
	const melee = "ruleset: reference\nuse: reference_melee\n"

	// A whole encounter from content: the list of combatants is copied
	// with each stat block brought in.
	s := load(setField(t, reg, melee, "combatants[0].lp", 3))
	if len(s.Combatants) != 5 || s.Combatants[0].LP != 3 || s.Combatants[0].ID != "ann" || s.Combatants[1].LP != 4 || s.Light != "dusk" {
		t.Errorf("combatants %+v, light %q; want ann at 3 LP beside bob at 4, at dusk", s.Combatants, s.Light)
	}

	// A weapon inside a stat block that uses content in turn.
	const file = "ruleset: reference\nsides: [{id: players}, {id: bandits}]\n" +
		"combatants:\n  - use: markus\n    lp: 9\n  - {use: thug, id: thug1}\n"
	s = load(setField(t, reg, file, "combatants[1].weapons[0].bonus", int64(3)))
	if w := s.Combatants[1].Weapons; len(w) != 1 || w[0] != (reference.Weapon{Name: "club", Kind: "melee", Bonus: 3}) {
		t.Errorf("the thug's weapons %+v, want the club at bonus 3", w)
	}
	if s.Combatants[1].ID != "thug1" || s.Combatants[0].Weapons[0].Name != "knife" || s.Combatants[0].LP != 9 {
		t.Errorf("combatants %+v; want the rest kept", s.Combatants)
	}

	// A key of a mapping the file writes part of, left to the content.
	s = load(setField(t, reg, file, "combatants[0].defence", 14))
	if c := s.Combatants[0]; c.Defence != 14 || c.LP != 9 || c.Skill != 3 {
		t.Errorf("markus %+v, want defence 14 with the file's LP 9 and the content's skill 3", c)
	}

	// A key that is nowhere is added, with the mappings on the way.
	if s = load(setField(t, reg, file, "scene.light", "night")); s.Light != "night" {
		t.Errorf("light %q, want night", s.Light)
	}
	if s = load(setField(t, reg, file, "title", "Rematch")); len(s.Combatants) != 2 {
		t.Errorf("combatants %+v after setting the title", s.Combatants)
	}
}

// TestSetFieldLayers checks that a mapping the file writes without "use:"
// still sees, below it, the content its enclosing mapping brings in: the
// path may go on into a list that only the content has.
func TestSetFieldLayers(t *testing.T) {
	info := reference.Info()
	info.Content = func() map[string][]byte {
		return map[string][]byte{
			"kit":  []byte("gear: {pack: [rope, lamp], belt: {left: knife}}\n"),
			"pack": []byte("use: kit\ngear: {belt: {right: flask}}\n"),
		}
	}
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	const file = "ruleset: reference\nthing:\n  use: pack\n  gear: {hat: felt}\n"
	got := func(data []byte) any {
		t.Helper()
		var v map[string]any
		if err := yaml.Unmarshal(data, &v); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		return v["thing"].(map[string]any)["gear"]
	}
	for _, tt := range []struct {
		path  string
		value any
		want  map[string]any
	}{
		{"thing.gear.pack[1]", "torch", map[string]any{"hat": "felt", "pack": []any{"rope", "torch"}}},
		// The belt is both content documents' belts merged.
		{"thing.gear.belt.left", "axe", map[string]any{"hat": "felt", "belt": map[string]any{"left": "axe", "right": "flask"}}},
		{"thing.gear.hat", nil, map[string]any{"hat": nil}},
	} {
		if g := got(setField(t, reg, file, tt.path, tt.value)); !reflect.DeepEqual(g, tt.want) {
			t.Errorf("%s=%v: gear %#v, want %#v", tt.path, tt.value, g, tt.want)
		}
	}

	// YAML aliases are written out, and setting one place leaves the
	// others alone.
	const aliased = "ruleset: reference\na: &x {n: 1}\nb: *x\n"
	var v struct{ A, B map[string]any }
	if err := yaml.Unmarshal(setField(t, reg, aliased, "b.n", 2), &v); err != nil {
		t.Fatal(err)
	}
	if v.A["n"] != uint64(1) || v.B["n"] != uint64(2) {
		t.Errorf("a %v b %v, want n 1 and 2", v.A, v.B)
	}
}

func TestSetFieldErrors(t *testing.T) {
	reg := registry(t)
	const file = "ruleset: reference\ntitle: Brawl\nscene: {light: dusk}\nsides: [{id: players}, {id: bandits}]\n" +
		"combatants:\n  - use: markus\n  - use: thug\n  - use: nobody\n"
	for _, tt := range []struct {
		path  string
		value any
		want  string
	}{
		{"combatants[5].lp", 1, "combatants has 3 entries, so there is no [5]"},
		{"sides.id", 1, `sides has no item named "id"; names: players, bandits`},
		{"scene", 1, "scene is a mapping, not a single value"},
		{"title[0]", 1, `title is the text "Brawl", not a list`},
		{"combatants[0].armor[0].name", "x", `combatants[0] has no list "armor"`},
		{"combatants[2].lp", 1, `combatants[2]: f.yaml:8:10: use: unknown bundled content "nobody"`},
		{"title", []int{1}, "setting title: [1] is a []int"},
	} {
		p, err := scenario.ParseFieldPath(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := scenario.SetField(reg, "f.yaml", []byte(file), p, tt.value); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want an error containing %q", tt.path, err, tt.want)
		}
	}
	for _, tt := range []struct{ data, want string }{
		{"ruleset: [reference", "reading the encounter: f.yaml:1"},
		{"", "f.yaml: the file is empty"},
		{"title: Brawl\n", `missing "ruleset"`},
	} {
		p, _ := scenario.ParseFieldPath("title")
		if _, err := scenario.SetField(reg, "f.yaml", []byte(tt.data), p, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v; want an error containing %q", tt.data, err, tt.want)
		}
	}
	if _, err := scenario.SetField(reg, "f.yaml", []byte(file), scenario.FieldPath{}, 1); err == nil {
		t.Error("the zero FieldPath was accepted")
	}
	for _, tt := range []struct{ path, want string }{
		{"", "an empty path"},
		{"a..b", `empty name in path "a..b"`},
		{"a[x]", `index [x] in path "a[x]" is not a number from 0`},
		{"a[1", `malformed index in path "a[1"`},
	} {
		if _, err := scenario.ParseFieldPath(tt.path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFieldPath(%q) = %v; want an error containing %q", tt.path, err, tt.want)
		}
	}
	if p, err := scenario.ParseFieldPath("combatants[1].weapons[0].bonus"); err != nil || p.String() != "combatants[1].weapons[0].bonus" {
		t.Errorf("ParseFieldPath = %q, %v", p, err)
	}
}

// TestSetFieldByName names list items by id or name, as written or as the
// content they use gives it, and refuses a name no item has.
func TestSetFieldByName(t *testing.T) {
	reg := registry(t)
	const melee = "ruleset: reference\nuse: reference_melee\n"
	out := setField(t, reg, melee, "combatants.bob.weapons.club.bonus", 4)
	tb, err := scenario.ParseEncounter(reg, "set.yaml", out)
	if err != nil {
		t.Fatalf("the result does not load: %v\n%s", err, out)
	}
	s := state(t, tb)
	if w := s.Combatant("bob").Weapon("club"); w == nil || w.Bonus != 4 {
		t.Errorf("bob's club %+v; want bonus 4\n%s", w, out)
	}
	p, err := scenario.ParseFieldPath("combatants.zed.lp")
	if err != nil {
		t.Fatal(err)
	}
	_, err = scenario.SetField(reg, "f.yaml", []byte(melee), p, 3)
	want := `combatants has no item named "zed"; names: ann, bob, cy, dee, eve`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
