package sim_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario"
	"fray/sim"
)

func TestParseVary(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		path   string
		values []any
	}{
		{"combatants[1].evade=4..7", "combatants[1].evade", []any{int64(4), int64(5), int64(6), int64(7)}},
		{" options.round_limit = -1..-1 ", "options.round_limit", []any{int64(-1)}},
		{"combatants[0].weapons[0].damage=D10/4,D10/2, D10", "combatants[0].weapons[0].damage", []any{"D10/4", "D10/2", "D10"}},
		{"scene.mist=false,true", "scene.mist", []any{false, true}},
		{"x=1.5,2", "x", []any{1.5, int64(2)}},
	} {
		v, err := sim.ParseVary(tt.spec)
		if err != nil {
			t.Errorf("ParseVary(%q): %v", tt.spec, err)
			continue
		}
		if v.Path != tt.path || !reflect.DeepEqual(v.Values, tt.values) {
			t.Errorf("ParseVary(%q) = %s %v, want %s %v", tt.spec, v.Path, v.Values, tt.path, tt.values)
		}
	}
	for _, tt := range []struct{ spec, want string }{
		{"combatants[1].evade", "write PATH=FROM..TO or PATH=V1,V2"},
		{"=1..3", "write PATH=FROM..TO"},
		{"evade=7..4", "FROM must not be more than TO"},
		{"evade=1..5000", "at most 1000 values"},
		{"evade=a..b", "FROM..TO takes two whole numbers"},
		{"evade=1,,2", "an empty value"},
		{"combatants[x].evade=1..2", "index [x]"},
		{"combatants..evade=1..2", `empty name in path "combatants..evade"`},
		{"combatants[1.evade=1..2", "malformed index"},
	} {
		if _, err := sim.ParseVary(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseVary(%q) = %v, want an error containing %q", tt.spec, err, tt.want)
		}
	}
}

// combatants loads an encounter and returns its combatants as the state's
// JSON has them.
func combatants(t *testing.T, reg *engine.Registry, data []byte) []map[string]any {
	t.Helper()
	tb, err := scenario.ParseEncounter(reg, "varied", data)
	if err != nil {
		t.Fatalf("the varied encounter does not load: %v\n%s", err, data)
	}
	raw, err := tb.State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Options    map[string]any   `json:"options"`
		Combatants []map[string]any `json:"combatants"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Combatants {
		c["options"] = s.Options
	}
	return s.Combatants
}

// TestVaryApply sets fields of the bundled tavern brawl, which writes its
// fighters as "use:" of bundled stat blocks: a stat the file leaves to the
// content, a weapon inside the content, a mapping the file does not have.
func TestVaryApply(t *testing.T) {
	reg, err := engine.NewRegistry(blackpowder.Info())
	if err != nil {
		t.Fatal(err)
	}
	data := blackpowder.Info().Content()["tavern_brawl"]
	apply := func(spec string) ([]byte, error) {
		v, err := sim.ParseVary(spec)
		if err != nil {
			t.Fatal(err)
		}
		return v.Apply(reg, data, v.Values[0])
	}

	out, err := apply("combatants[1].evade=9..9")
	if err != nil {
		t.Fatal(err)
	}
	cs := combatants(t, reg, out)
	if cs[1]["evade"] != 9.0 || cs[0]["evade"] != 7.0 || cs[1]["lp_max"] != 14.0 {
		t.Errorf("evade %v and %v, lp_max %v; want the brute at 9, Markus at 7 and the rest of the brute kept", cs[1]["evade"], cs[0]["evade"], cs[1]["lp_max"])
	}

	out, err = apply("combatants[0].weapons[0].damage_mod=2..2")
	if err != nil {
		t.Fatal(err)
	}
	club := combatants(t, reg, out)[0]["weapons"].([]any)[0].(map[string]any)
	if club["damage_mod"] != 2.0 || club["name"] != "club" || club["kind"] != "melee" {
		t.Errorf("Markus's weapon %v; want the club with damage_mod 2", club)
	}

	out, err = apply("combatants[1].weapons[0].damage=D10/2")
	if err != nil {
		t.Fatal(err)
	}
	if hammer := combatants(t, reg, out)[1]["weapons"].([]any)[0].(map[string]any); hammer["damage"] != "D10/2" || hammer["name"] != "warhammer" {
		t.Errorf("the brute's weapon %v; want the warhammer at D10/2", hammer)
	}

	out, err = apply("options.round_limit=3..3")
	if err != nil {
		t.Fatal(err)
	}
	if opts := combatants(t, reg, out)[0]["options"].(map[string]any); opts["round_limit"] != 3.0 {
		t.Errorf("options %v; want round_limit 3", opts)
	}

	for _, tt := range []struct{ spec, want string }{
		{"combatants[5].evade=1..2", "--vary combatants[5].evade: combatants has 2 entries, so there is no [5]"},
		{"groups.id=1..2", `groups has no item named "id"; names: players, brutes`},
		{"combatants[0].skills=1..2", "combatants[0].skills is a mapping, not a single value"},
		{"name[0]=1..2", `name is the text "Tavern brawl", not a list`},
		{"combatants[0].armor[0].name=x", `combatants[0] has no list "armor"`},
	} {
		if _, err := apply(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want an error containing %q", tt.spec, err, tt.want)
		}
	}
}
