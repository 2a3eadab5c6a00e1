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
