package woundslots_test

import (
	"testing"

	"fray/engine"
	"fray/rules/woundslots"
	"fray/scenario/scenariotest"
)

// TestScenarios runs the ruleset's scenario files, each a subtest named
// after its file, and loads its bundled encounters.
func TestScenarios(t *testing.T) {
	reg, err := engine.NewRegistry(woundslots.Info())
	if err != nil {
		t.Fatal(err)
	}
	scenariotest.RunFiles(t, reg, "../../scenarios/woundslots", "content")
}
