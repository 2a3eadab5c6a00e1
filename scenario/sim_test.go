package scenario_test

import (
	"strings"
	"testing"

	"fray/scenario"
)

// TestSimBlock checks the optional top-level sim: block: the loader hands
// it over with where each policy was written, checks its shape with the
// same placed problems as the rest of the file, and the schema agrees.
func TestSimBlock(t *testing.T) {
	const head = "ruleset: reference\nsides: [{id: a}, {id: b}]\ncombatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n"
	reg := registry(t)

	f, err := scenario.ReadEncounter(reg, "f.yaml", []byte(head+"sim:\n  policies:\n    a: random\n    b: tactical\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Sim.Policies; len(got) != 2 || got["a"] != "random" || got["b"] != "tactical" {
		t.Errorf("policies %v", got)
	}
	if pos := f.Sim.Pos("b"); pos.File != "f.yaml" || pos.Line != 7 {
		t.Errorf("the policy of b was written at %v, want f.yaml:7", pos)
	}
	if f.Table == nil || f.Table.Ruleset() != "reference" {
		t.Errorf("no reference table: %v", f.Table)
	}

	plain, err := scenario.ReadEncounter(reg, "f.yaml", []byte(head))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Sim.Policies != nil || plain.Sim.Pos("a").File != "" {
		t.Errorf("a file without sim: gives %+v", plain.Sim)
	}

	sch := compileSchema(t, info())
	for _, tt := range []struct {
		name, doc string
		problem   string // "" when valid
	}{
		{"valid", head + "sim: {policies: {a: random}}\n", ""},
		{"empty", head + "sim: {}\n", ""},
		{"unknown key", head + "sim: {seed: 3}\n", `f.yaml:4:7: unknown field "seed" in sim; allowed: policies`},
		{"not a mapping", head + "sim: {policies: [a, b]}\n", "f.yaml:4:17: sim.policies:"},
		{"not text", head + "sim: {policies: {a: {b: c}}}\n", "f.yaml:4:22: sim.policies.a: want text"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scenario.ParseEncounter(reg, "f.yaml", []byte(tt.doc))
			schemaErr := sch.Validate(instance(t, []byte(tt.doc)))
			if tt.problem == "" {
				if err != nil || schemaErr != nil {
					t.Errorf("loader: %v; schema: %v; want both to accept it", err, schemaErr)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.problem) {
				t.Errorf("loader: %v; want a problem starting %q", err, tt.problem)
			}
			if schemaErr == nil {
				t.Error("the schema accepts it")
			}
		})
	}
}
