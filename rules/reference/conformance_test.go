package reference_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// loader loads the ruleset's encounters, and bundled a bundled one by
// name.
var (
	loader  = scenariotest.Loader[reference.State, reference.Command, reference.Event]{Info: reference.Info()}
	bundled = loader.Bundled
)

// TestConformance plays 1,000 random fights of the bundled encounters
// (10,000 with FRAY_LONG=1, 100 with -short), in two parallel halves: with
// FRAY_LONG=1 every decision checked and every option tried, in the short
// run the deep checks and the options tried at one decision in four
// (enginetest.ShortCheckShare), the rest at every decision.
func TestConformance(t *testing.T) {
	setups := loader.Setups(t, "reference_skirmish", "reference_brawl", "reference_melee")
	setups[2].Viewers = []engine.Viewer{{Combatant: "eve"}}
	st := enginetest.Conformance(t, reference.Rules{}, setups, enginetest.Options{Seed: 1})
	for _, side := range []string{"red", "blue", "green", ""} {
		if st.Wins[side] == 0 && !testing.Short() {
			t.Errorf("no fight ended with %q winning: %v", side, st.Wins)
		}
	}
}
