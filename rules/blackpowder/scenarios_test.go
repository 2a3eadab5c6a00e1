package blackpowder_test

import (
	"testing"

	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
)

// TestScenarios runs the ruleset's scenario files, each a subtest named
// after its file (go test ./rules/blackpowder -run 'TestScenarios/NAME' runs
// one), and loads its bundled encounters.
func TestScenarios(t *testing.T) { scenariotest.RunRuleset(t, blackpowder.Info()) }
