package scenario_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"fray/engine"
	"fray/scenario"
)

// compileSchema generates and compiles a ruleset's schema, which must be a
// valid draft 2020-12 schema.
func compileSchema(t *testing.T, info engine.RulesetInfo) *jsonschema.Schema {
	t.Helper()
	data, err := scenario.Schema(info)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the schema is not JSON: %v\n%s", err, data)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatalf("compiling the schema: %v\n%s", err, data)
	}
	return sch
}

// instance converts a YAML document to the JSON value a schema validates.
func instance(t *testing.T, doc []byte) any {
	t.Helper()
	data, err := yaml.YAMLToJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchema checks that the generated schema compiles, describes the
// encounter at its root and the stat block in $defs, accepts the encounter
// files the loader accepts and rejects the ones its decoding rejects.
func TestSchema(t *testing.T) {
	sch := compileSchema(t, info())

	data, err := scenario.Schema(info())
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Schema   string   `json:"$schema"`
		Required []string `json:"required"`
		Defs     map[string]struct {
			Properties map[string]struct {
				Description string `json:"description"`
				Minimum     *int   `json:"minimum"`
				Enum        []any  `json:"enum"`
			} `json:"properties"`
			AdditionalProperties *bool    `json:"additionalProperties"`
			Examples             []string `json:"examples"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != scenario.SchemaDialect {
		t.Errorf("$schema %q", s.Schema)
	}
	if len(s.Required) != 1 || s.Required[0] != "ruleset" {
		t.Errorf("required %v, want [ruleset] (the rest may come from content)", s.Required)
	}
	lp := s.Defs["Combatant"].Properties["lp"]
	if lp.Description != "life points; at 0 the combatant is down" || lp.Minimum == nil || *lp.Minimum != 1 {
		t.Errorf("$defs/Combatant lp: %+v", lp)
	}
	if ap := s.Defs["Weapon"].AdditionalProperties; ap == nil || *ap {
		t.Error("$defs/Weapon allows other keys")
	}
	if kind := s.Defs["Weapon"].Properties["kind"]; len(kind.Enum) != 2 {
		t.Errorf("$defs/Weapon kind enum %v", kind.Enum)
	}
	if use := s.Defs["use"].Examples; len(use) != len(info().Content()) {
		t.Errorf("$defs/use examples %v, want the %d content names", use, len(info().Content()))
	}

	duel, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(instance(t, duel)); err != nil {
		t.Errorf("testdata/duel.yaml does not validate: %v", err)
	}

	const head = "ruleset: reference\nsides: [{id: a}, {id: b}]\n"
	tests := []struct {
		name  string
		doc   string
		valid bool
	}{
		{"minimal", head + "combatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 1, defence: 1}]\n", true},
		{"everything", head + "title: t\ncombatants:\n  - {id: ann, side: a, lp: 3, skill: 10, defence: 10, weapons: [{name: k, kind: thrown, bonus: 3}]}\n  - {id: bob, side: b, lp: 3, defence: 10}\nscene: {light: day, notes: {a: b}}\n", true},
		{"content", "ruleset: reference\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus, lp: 2}, {use: thug}]\n", true},
		{"bundled encounter", "ruleset: reference\nuse: reference_skirmish\nscene: {light: night}\n", true},
		{"unknown top-level key", head + "combatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\nmist: true\n", false},
		{"unknown stat", head + "combatants: [{id: ann, side: a, lp: 3, defence: 10, evade: 1}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"enum", head + "combatants: [{id: ann, side: a, lp: 3, defence: 10, weapons: [{name: l, kind: laser}]}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"minimum", head + "combatants: [{id: ann, side: a, lp: 0, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"maximum", head + "combatants: [{id: ann, side: a, lp: 3, defence: 10, weapons: [{name: k, kind: melee, bonus: 6}]}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"type", head + "combatants: [{id: ann, side: a, lp: three, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"required", head + "combatants: [{id: ann, side: a, lp: 3}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"min items", "ruleset: reference\nsides: [{id: a}]\ncombatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: a, lp: 3, defence: 10}]\n", false},
		{"content folder", "ruleset: reference\ncontent: testdata\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus, lp: 2}, {use: thug}]\n", true},
		{"content folders", "ruleset: reference\ncontent: [testdata, ../scenario/testdata]\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus, lp: 2}, {use: thug}]\n", true},
		{"content not a folder", "ruleset: reference\ncontent: {dir: testdata}\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus, lp: 2}, {use: thug}]\n", false},
		{"use not a name", head + "combatants: [{use: 3}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
		{"other ruleset", "ruleset: chess\nsides: [{id: a}, {id: b}]\ncombatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n", false},
	}
	reg := registry(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schemaErr := sch.Validate(instance(t, []byte(tt.doc)))
			_, loadErr := scenario.ParseEncounter(reg, "f.yaml", []byte(tt.doc))
			if (schemaErr == nil) != tt.valid {
				t.Errorf("schema: valid %v, want %v: %v", schemaErr == nil, tt.valid, schemaErr)
			}
			if (loadErr == nil) != tt.valid {
				t.Errorf("loader: valid %v, want %v: %v", loadErr == nil, tt.valid, loadErr)
			}
		})
	}
}

// TestSchemaWithoutContent checks that a ruleset without bundled content
// still allows "use", which may name local content the schema cannot
// know, and that the schema says so.
func TestSchemaWithoutContent(t *testing.T) {
	info := info()
	info.Content = nil
	sch := compileSchema(t, info)
	doc := "ruleset: reference\nsides: [{id: a}, {id: b}]\ncombatants: [{use: markus}, {use: thug}]\n"
	if err := sch.Validate(instance(t, []byte(doc))); err != nil {
		t.Errorf("use refused without bundled content: %v", err)
	}
	info.NewSpec = func() engine.EncounterSpec { return nil }
	if _, err := scenario.Schema(info); err == nil {
		t.Error("Schema of a nil spec succeeded")
	}
}
