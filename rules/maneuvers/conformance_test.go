package maneuvers_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/maneuvers"
	"fray/scenario/scenariotest"
)

// maneuversRules is the ruleset under test.
var maneuversRules = maneuvers.Rules{}

// load reads an encounter file's text with the bundled content.
func load(t testing.TB, name, text string) maneuvers.State {
	t.Helper()
	return *scenariotest.Start[maneuvers.State, maneuvers.Command, maneuvers.Event](t, maneuvers.Info(), name, []byte(text))
}

// bundled loads a bundled encounter by name.
func bundled(t testing.TB, name string) maneuvers.State {
	t.Helper()
	return load(t, name+".yaml", "ruleset: maneuvers\nuse: "+name)
}

// setups are the bundled encounters and one that starts with sneaking,
// grapples, items on the ground and a small round limit.
func setups(t *testing.T) []enginetest.Setup[maneuvers.State] {
	t.Helper()
	out := []enginetest.Setup[maneuvers.State]{
		{Name: "duel", State: bundled(t, "maneuvers_duel")},
		{Name: "skirmish", State: bundled(t, "maneuvers_skirmish")},
		{Name: "bridge", State: bundled(t, "maneuvers_bridge")},
		{Name: "ambush", State: load(t, "ambush.yaml", `
ruleset: maneuvers
options: {round_limit: 6, delay_persists: true, aftermath: true}
combatants:
  - {use: bandit, side: raiders, x: 0, y: 0, sneaking: true}
  - {use: halfling, side: raiders, x: 1, y: 0, sneaking: true}
  - {use: mage, side: town, x: 1.5, y: 0.5}
  - {use: ogre, side: town, x: 2, y: 0, size: huge}
dropped:
  - {item: {use: longsword}, x: 1, y: 1}
`)},
	}
	for i := range out {
		out[i].State.Options.RoundLimit = min(out[i].State.Options.RoundLimit, 10)
	}
	return out
}

// TestConformance plays random fights of the setups (1,000; 10,000 with
// FRAY_LONG=1; 100 with -short), every decision checked at a sample.
func TestConformance(t *testing.T) {
	total := enginetest.Fights(10000)
	st := enginetest.RunParallel(t, maneuvers.Rules{}, setups(t), enginetest.Options{
		Fights: total, Seed: 1, CheckRate: 0.2, TryRate: 0.3,
	}, 2)
	if st.Fights != total || len(st.Wins) < 2 {
		t.Errorf("%d fights of %d; wins %v: more than one side should win", st.Fights, total, st.Wins)
	}
	t.Logf("%d fights, wins %v", st.Fights, st.Wins)
}
