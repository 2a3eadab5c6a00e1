package blackpowder_test

import (
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
)

// TestScenarios runs the ruleset's scenario files, each a subtest named
// after its file (go test ./rules/blackpowder -run 'TestScenarios/NAME' runs
// one), and loads its bundled encounters.
func TestScenarios(t *testing.T) {
	reg, err := engine.NewRegistry(blackpowder.Info())
	if err != nil {
		t.Fatal(err)
	}
	scenariotest.RunFiles(t, reg, "../../scenarios/blackpowder", "content")
}
