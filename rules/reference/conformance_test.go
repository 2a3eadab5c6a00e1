package reference_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// load reads an encounter file's text with the bundled content.
func load(t testing.TB, name, text string) reference.State {
	t.Helper()
	return *scenariotest.Start[reference.State, reference.Command, reference.Event](t, reference.Info(), name, []byte(text))
}

// bundled loads a bundled encounter by name.
func bundled(t testing.TB, name string) reference.State {
	t.Helper()
	return load(t, name+".yaml", "ruleset: reference\nuse: "+name)
}

// TestConformance plays 1,000 random fights of the bundled encounters
// (10,000 with FRAY_LONG=1, 100 with -short), in two parallel halves,
// every decision checked and every option tried.
func TestConformance(t *testing.T) {
	total := enginetest.Fights(10000)
	setups := []enginetest.Setup[reference.State]{
		{Name: "skirmish", State: bundled(t, "reference_skirmish")},
		{Name: "brawl", State: bundled(t, "reference_brawl")},
		{Name: "melee", State: bundled(t, "reference_melee"), Viewers: []engine.Viewer{{Combatant: "eve"}}},
	}
	st := enginetest.RunParallel(t, reference.Rules{}, setups, enginetest.Options{Fights: total, Seed: 1}, 2)
	if st.Fights != total {
		t.Errorf("%d of %d fights passed", st.Fights, total)
	}
	for _, side := range []string{"red", "blue", "green", ""} {
		if st.Wins[side] == 0 && !testing.Short() {
			t.Errorf("no fight ended with %q winning: %v", side, st.Wins)
		}
	}
	t.Logf("%d fights, wins %v", st.Fights, st.Wins)
}
