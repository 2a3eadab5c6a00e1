package tempo_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/tempo"
	"fray/scenario/scenariotest"
)

// setups reach every status and action between them: a duel of swords,
// bows and reach in the open, grapples and binds from the first turn, late
// joiners, fighters caught off guard, weapons on the ground, lasting aims.
func setups(t *testing.T) []enginetest.Setup[tempo.State] {
	t.Helper()
	out := append(loader.Setups(t, "duel", "bow_skirmish", "brawl"), loader.Setup(t, "ambush", `
ruleset: tempo
initiator: bandits
options: {aim_persists: true, round_limit: 30}
combatants:
  - {use: archer, id: bandit, side: bandits, x: 0, y: 0}
  - {use: wrestler, id: thug, side: bandits, x: 5, y: 5, joins: 1}
  - {use: fencer, id: traveller, side: travellers, x: 6, y: 0}
  - {use: duelist, id: guard, side: travellers, x: 7, y: 1}
dropped:
  - {weapon: {use: spear}, x: 6, y: 0}
`))
	for i := range out {
		// Random play rarely finishes a fight; a shorter limit keeps the
		// suite quick without leaving any rule unvisited.
		out[i].State.Options.RoundLimit = 10
	}
	return out
}

// TestConformance plays 1,000 random fights (10,000 with FRAY_LONG=1, as
// .ci/run sets it, and 100 with -short; see enginetest.Fights) in two
// parallel halves, fights 0 to N-1 of seed 1. The deep checks (JSON, views,
// every option tried) run at a sample of the decisions, as the fights are
// long: one in ten with FRAY_LONG=1, a quarter of that in the short run
// (enginetest.ShortCheckShare); prompts, the option taken and the end of
// each fight are checked every time.
func TestConformance(t *testing.T) {
	enginetest.Conformance(t, tempo.Rules{}, setups(t), enginetest.Options{Seed: 1, CheckRate: 0.1, TryRate: 0.5})
}

// load reads an encounter file's text with the bundled content, and
// bundled loads a bundled encounter by name.
var load, bundled = loader.Load, loader.Bundled

var loader = scenariotest.Loader[tempo.State, tempo.Command, tempo.Event]{Info: tempo.Info()}
