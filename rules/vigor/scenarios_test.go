package vigor_test

import (
	"testing"

	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// TestScenarios runs the ruleset's scenario files, each a subtest named
// after its file (go test ./rules/vigor -run 'TestScenarios/NAME' runs
// one), and loads its bundled encounters.
func TestScenarios(t *testing.T) { scenariotest.RunRuleset(t, vigor.Info()) }
