package vigor_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// setups are the bundled encounters, and one that starts mid-fight with a
// creature in Shock, a bound one, an object and zero visibility, so that
// random play reaches every rule.
func setups(t *testing.T) []enginetest.Setup[vigor.State] {
	t.Helper()
	return append(loader.Setups(t, "vigor_duel", "vigor_skirmish", "vigor_ambush"), loader.Setup(t, "aftermath", `
ruleset: vigor
options: {round_limit: 20, gm_prompts: true}
scene: {visibility: zero}
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: medic, id: doc, side: a, x: 5, y: 0}
  - {use: champion, id: cid, side: a, x: 0, y: 5, incapacitated: true}
  - {use: grizzly, id: bear, side: b, x: 10, y: 0}
  - {use: archer, id: bo, side: b, x: 20, y: 5, cover: full, sturdy: true}
  - {use: bandit, id: kit, side: b, x: 30, y: 0, joins: 2}
  - {id: door, side: b, object: true, vigor: 0, durability: 10, x: 0, y: -5, armor: [{name: oak, ar: 2}]}
start:
  order: [bear, ann, doc, bo, cid]
  combatants:
    ann: {durability: 0, health: 0, shock: 2}
    doc: {prone: true, vigor: 6}
`), loader.Setup(t, "options", `
ruleset: vigor
options: {round_limit: 30, aftermath: true, move_provokes: true, unaware_can_react: true, ability_dice: [12, 16, 22]}
scene: {visibility: low, walls: [{x1: 3, y1: -20, x2: 3, y2: -2}, {x1: 20, y1: 0, x2: 30, y2: 10}]}
sides: [{id: a}, {id: b}]
combatants:
  - use: duelist
    id: ann
    side: a
    items: [{name: potion, durability: 1d6, vigor: "2", uses: 2}, {name: firebomb, weapon: bomb}]
    weapons: [{use: sword}, {use: dagger}, {name: bomb, category: thrown, type: thermal, range_ft: 30, area: true}]
    abilities: [{name: flurry, weapon: dagger, vigor: 2}]
  - {use: medic, id: doc, side: a, x: -5, items: [{name: salve, health: 1d4, actions: 2}], regen: {health: 1}}
  - {use: brute, id: bob, side: b, x: 10, unaware: true}
  - {use: grizzly, id: bear, side: b, x: 15, y: 10, regen: {durability: 2}, weapons: [{use: claws}, {name: bite, type: toxic}]}
  - {use: archer, id: bo, side: b, x: 40, hidden: true}
`),
		// Hidden creatures on both sides, one prone (its standing up gives
		// no opening) and one that joins late, seen by an enemy and an ally
		// from the start: their views, logs and prompts keep the secret
		// while they move, ready, escape and first attack.
		loader.Setup(t, "hidden", `
ruleset: vigor
options: {round_limit: 20, move_provokes: true}
scene: {visibility: reduced}
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: medic, id: doc, side: a, x: -5, y: 0, hidden: true}
  - {use: bandit, id: kit, side: b, x: 10, y: 0, hidden: true, prone: true}
  - {use: archer, id: bo, side: b, x: 90, y: 5, hidden: true}
  - {use: brute, id: bob, side: b, x: 20, y: 0}
  - {use: bandit, id: cy, side: b, x: 30, y: 0, hidden: true, joins: 1}
`, engine.Viewer{Combatant: "ann"}, engine.Viewer{Combatant: "bob"}, engine.Viewer{Combatant: "cy"}),
		loader.Setup(t, "hidden-gm", `
ruleset: vigor
options: {round_limit: 20, gm_prompts: true}
scene: {visibility: low}
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: archer, id: bo, side: b, x: 40, y: 5, hidden: true}
  - {use: grizzly, id: bear, side: b, x: 8, y: 0, hidden: true}
`, engine.Viewer{Combatant: "ann"}, engine.Viewer{Combatant: "bo"}),
	)
}

// TestConformance plays 1,000 random fights of the bundled encounters and
// the aftermath (10,000 with FRAY_LONG=1, 100 with -short), in two
// parallel halves. The deep checks (JSON, every option tried) run at a
// sample of the decisions, as the fights are long: one in ten with
// FRAY_LONG=1, a quarter of that in the short run
// (enginetest.ShortCheckShare); prompts, the option taken and the end of
// each fight are checked every time.
func TestConformance(t *testing.T) {
	enginetest.Conformance(t, vigor.Rules{}, setups(t), enginetest.Options{Seed: 1, CheckRate: 0.1, TryRate: 0.5})
}

// load reads an encounter file's text with the bundled content, and
// bundled loads a bundled encounter by name.
var load, bundled = loader.Load, loader.Bundled

var loader = scenariotest.Loader[vigor.State, vigor.Command, vigor.Event]{Info: vigor.Info()}
