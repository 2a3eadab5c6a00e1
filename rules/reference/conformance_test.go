package reference_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// bundled loads a bundled encounter by name.
var bundled = scenariotest.Loader[reference.State, reference.Command, reference.Event]{Info: reference.Info()}.Bundled

// TestConformance plays 1,000 random fights of the bundled encounters
// (10,000 with FRAY_LONG=1, 100 with -short), in two parallel halves: with
// FRAY_LONG=1 every decision checked and every option tried, in the short
// run the deep checks and the options tried at one decision in four
// (enginetest.ShortCheckShare), the rest at every decision.
func TestConformance(t *testing.T) {
	setups := []enginetest.Setup[reference.State]{
		{Name: "skirmish", State: bundled(t, "reference_skirmish")},
		{Name: "brawl", State: bundled(t, "reference_brawl")},
		{Name: "melee", State: bundled(t, "reference_melee"), Viewers: []engine.Viewer{{Combatant: "eve"}}},
	}
	st := enginetest.Conformance(t, reference.Rules{}, setups, enginetest.Options{Seed: 1})
	for _, side := range []string{"red", "blue", "green", ""} {
		if st.Wins[side] == 0 && !testing.Short() {
			t.Errorf("no fight ended with %q winning: %v", side, st.Wins)
		}
	}
}
