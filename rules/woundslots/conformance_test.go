package woundslots_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/woundslots"
	"fray/scenario/scenariotest"
)

// setups are the bundled encounters, and one with objects to use, a PC
// mid-way through a long action and defenders.
func setups(t *testing.T) []enginetest.Setup[woundslots.State] {
	t.Helper()
	out := append(loader.Setups(t, "woundslots_duel", "woundslots_skirmish", "woundslots_slots"), loader.Setup(t, "midway", `
ruleset: woundslots
sides: [{id: a}, {id: b}]
combatants:
  - {use: knight, side: a, x: 0, y: 0, conditions: [{name: bleeding, level: 2}, {name: hobbled}]}
  - {use: bandit_archer, side: b, x: 1, y: 0}
  - {use: goblin, side: b, x: 0, y: 1}
scene:
  objects: [{name: bell}, {name: ritual, rounds: 4}]
start:
  round: 2
  combatants:
    knight: {ap: 5, defending: true, wounds: {light: 5, moderate: 2}, long: {object: ritual, rounds: 2}}
    archer: {ap: 12, initiative: 12}
    goblin: {ap: 9, initiative: 14, posture: prone}
`), loader.Setup(t, "mounted", `
ruleset: woundslots
options: {hurry_allowed: true, hurry_loss: true}
sides: [{id: a}, {id: b}]
combatants:
  - {use: horse, side: a, x: 0, y: 0}
  - {use: knight, side: a, riding: horse, kit: true, skills: {healing: 2}}
  - {use: warhorse, id: charger, side: b, x: 4, y: 0}
  - {use: bandit_captain, side: b, riding: charger}
  - {use: bandit, side: b, x: 5, y: 2, weapons: [{use: spear}]}
  - {use: horse, id: spare, side: a, x: -1, y: 1}
  - {use: ranger, side: a, x: -2, y: 0}
  - {use: hedge_mage, side: a, x: -3, y: 1}
scene:
  objects: [{name: door}]
  terrain:
    - {x1: 2, y1: 2, x2: 3, y2: 4, kinds: [swimming]}
    - {x1: -3, y1: -3, x2: -2, y2: -2, kinds: [underwater_walk]}
`), loader.Setup(t, "resting", `
ruleset: woundslots
sides: [{id: a}, {id: b}]
combatants:
  - {use: knight, side: a}
  - {use: bandit, side: b, x: 3}
start:
  phase: rest
  combatants:
    knight: {fatigue: 3, wounds: {light: 2, severe: 1}}
    bandit: {status: dead}
`))
	for i := range out {
		out[i].State.Options.RoundLimit = 12
	}
	return out
}

// TestConformance plays random fights of the setups (500; 100 with
// -short; 10,000 with FRAY_LONG=1), the prompts of every decision checked,
// the state, views and options at a sample of them: one in ten with
// FRAY_LONG=1, a quarter of that in the short run
// (enginetest.ShortCheckShare).
func TestConformance(t *testing.T) {
	total := enginetest.Fights(10000)
	if !enginetest.Long() && !testing.Short() {
		// Its fights run twice the decisions of the other rulesets': half
		// as many keep a plain go test about as long as theirs.
		total /= 2
	}
	// Fights run about 80 decisions; the dearest checks are sampled, as
	// for the other rulesets, to afford 10,000 fights in the long run.
	enginetest.Conformance(t, woundslots.Rules{}, setups(t), enginetest.Options{Fights: total, Seed: 1, CheckRate: 0.1, TryRate: 0.3})
}

// load reads an encounter file's text with the bundled content, and
// bundled loads a bundled encounter by name.
var load, bundled = loader.Load, loader.Bundled

var loader = scenariotest.Loader[woundslots.State, woundslots.Command, woundslots.Event]{Info: woundslots.Info()}
