package engine_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/engine/enginetest/duel"
)

func TestRegistryRefusesDuplicates(t *testing.T) {
	other := duel.Info()
	other.Summary = "another duel"
	reg, err := engine.NewRegistry(duel.Info(), other)
	if err == nil || err.Error() != `ruleset "duel" registered twice` || reg != nil {
		t.Errorf("NewRegistry with a duplicate = %v, %v", reg, err)
	}
}

func TestRegistryLookup(t *testing.T) {
	brawl := engine.RulesetInfo{ID: "brawl", Summary: "fists only"}
	reg, err := engine.NewRegistry(duel.Info(), brawl)
	if err != nil {
		t.Fatal(err)
	}
	if ids := reg.IDs(); !reflect.DeepEqual(ids, []string{"brawl", "duel"}) {
		t.Errorf("IDs = %q", ids)
	}
	_, err = reg.Lookup("chess")
	if err == nil || err.Error() != `unknown ruleset "chess" (known: brawl, duel)` {
		t.Errorf("Lookup of an unknown id: %v", err)
	}
	info, err := reg.Lookup("duel")
	if err != nil || info.ID != "duel" {
		t.Fatalf("Lookup(duel) = %+v, %v", info, err)
	}
	spec, ok := info.NewSpec().(*duel.Spec)
	if !ok {
		t.Fatalf("NewSpec returned %T", info.NewSpec())
	}
	spec.Fighters = duel.Brawl().Fighters
	table, err := spec.Start()
	if err != nil || table.Ruleset() != "duel" || table.Prompt().Actor != "ann" {
		t.Errorf("starting the looked-up ruleset: %v", err)
	}
}
