package engine_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

func TestRegistryRefusesDuplicates(t *testing.T) {
	other := reference.Info()
	other.Summary = "another reference"
	reg, err := engine.NewRegistry(reference.Info(), other)
	if err == nil || err.Error() != `ruleset "reference" registered twice` || reg != nil {
		t.Errorf("NewRegistry with a duplicate = %v, %v", reg, err)
	}
}

// Two rulesets may not bundle encounters of one name, which finds one
// encounter; their stat blocks and weapons may share names.
func TestRegistryRefusesEncountersOfOneName(t *testing.T) {
	content := func(docs map[string]string) func() map[string][]byte {
		return func() map[string][]byte {
			out := map[string][]byte{}
			for name, doc := range docs {
				out[name] = []byte(doc)
			}
			return out
		}
	}
	a := engine.RulesetInfo{ID: "alpha", Content: content(map[string]string{"duel": "ruleset: alpha\n", "bandit": "id: bandit\n"})}
	b := engine.RulesetInfo{ID: "beta", Content: content(map[string]string{"duel": "ruleset: beta\n", "bandit": "id: bandit\n"})}
	reg, err := engine.NewRegistry(b, a)
	want := `rulesets "alpha" and "beta" both bundle an encounter named "duel": an encounter is found by its name alone, so one of them must be renamed`
	if err == nil || err.Error() != want || reg != nil {
		t.Errorf("NewRegistry with two encounters named duel = %v, %v; want %s", reg, err, want)
	}
	b.Content = content(map[string]string{"brawl": "ruleset: beta\n", "bandit": "id: bandit\n"})
	reg, err = engine.NewRegistry(b, a)
	if err != nil {
		t.Fatal(err)
	}
	want2 := []engine.BundledEncounter{{Name: "duel", Ruleset: "alpha", Text: []byte("ruleset: alpha\n")}, {Name: "brawl", Ruleset: "beta", Text: []byte("ruleset: beta\n")}}
	if got := reg.Encounters(); !reflect.DeepEqual(got, want2) {
		t.Errorf("Encounters = %q, want %q", got, want2)
	}
	if e, ok := reg.Encounter("brawl"); !ok || e.Ruleset != "beta" {
		t.Errorf("Encounter(brawl) = %+v, %v", e, ok)
	}
	if _, ok := reg.Encounter("bandit"); ok {
		t.Error("a stat block was found as an encounter")
	}
}

func TestRegistryLookup(t *testing.T) {
	brawl := engine.RulesetInfo{ID: "brawl", Summary: "fists only"}
	reg, err := engine.NewRegistry(reference.Info(), brawl)
	if err != nil {
		t.Fatal(err)
	}
	if ids := reg.IDs(); !reflect.DeepEqual(ids, []string{"brawl", "reference"}) {
		t.Errorf("IDs = %q", ids)
	}
	_, err = reg.Lookup("chess")
	if err == nil || err.Error() != `unknown ruleset "chess" (known: brawl, reference)` {
		t.Errorf("Lookup of an unknown id: %v", err)
	}
	info, err := reg.Lookup("reference")
	if err != nil || info.ID != "reference" {
		t.Fatalf("Lookup(reference) = %+v, %v", info, err)
	}
	spec, ok := info.NewSpec().(*reference.Spec)
	if !ok {
		t.Fatalf("NewSpec returned %T", info.NewSpec())
	}
	spec.Sides = []reference.SideSpec{{ID: "red"}, {ID: "blue"}}
	spec.Combatants = bundled(t, "reference_brawl").Combatants
	table, err := spec.Start()
	if err != nil || table.Ruleset() != "reference" || table.Prompt().Actor != "ann" {
		t.Errorf("starting the looked-up ruleset: %v", err)
	}
}
