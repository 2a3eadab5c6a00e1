package maneuvers_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/maneuvers"
	"fray/scenario/scenariotest"
)

// maneuversRules is the ruleset under test.
var maneuversRules = maneuvers.Rules{}

// setups are the bundled encounters and one that starts with sneaking,
// grapples, items on the ground and a small round limit.
func setups(t *testing.T) []enginetest.Setup[maneuvers.State] {
	t.Helper()
	out := append(loader.Setups(t, "maneuvers_duel", "maneuvers_skirmish", "maneuvers_bridge"), loader.Setup(t, "ambush", `
ruleset: maneuvers
options: {round_limit: 6, delay_persists: true, aftermath: true}
combatants:
  - {use: bandit, side: raiders, x: 0, y: 0, sneaking: true}
  - {use: halfling, side: raiders, x: 1, y: 0, sneaking: true}
  - {use: mage, side: town, x: 1.5, y: 0.5}
  - {use: ogre, side: town, x: 2, y: 0, size: huge}
dropped:
  - {item: {use: longsword}, x: 1, y: 1}
`))
	for i := range out {
		out[i].State.Options.RoundLimit = min(out[i].State.Options.RoundLimit, 10)
	}
	return out
}

// TestConformance plays random fights of the setups (1,000; 10,000 with
// FRAY_LONG=1; 100 with -short), every decision checked at a sample: with
// FRAY_LONG=1 the deep checks at one decision in five, every option tried
// at three in ten of those; the short run samples the deep checks at a
// quarter of that (enginetest.ShortCheckShare).
func TestConformance(t *testing.T) {
	enginetest.Conformance(t, maneuvers.Rules{}, setups(t), enginetest.Options{Seed: 1, CheckRate: 0.2, TryRate: 0.3})
}

// load reads an encounter file's text with the bundled content, and
// bundled loads a bundled encounter by name.
var load, bundled = loader.Load, loader.Bundled

var loader = scenariotest.Loader[maneuvers.State, maneuvers.Command, maneuvers.Event]{Info: maneuvers.Info()}
