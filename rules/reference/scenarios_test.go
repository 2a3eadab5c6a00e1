package reference_test

import (
	"testing"

	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// TestScenarios runs the ruleset's scenario files, each a subtest named
// after its file (go test ./rules/reference -run 'TestScenarios/NAME' runs
// one), and loads its bundled encounters.
func TestScenarios(t *testing.T) { scenariotest.RunRuleset(t, reference.Info()) }
