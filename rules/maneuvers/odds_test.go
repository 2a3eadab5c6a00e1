package maneuvers_test

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/maneuvers"
)

// TestOddsByHand checks the exact odds of a simple attack against a count
// made by hand from the rules' numbers (R01, R17, R18). Ann strikes with
// STR 3 and a style of rank 2 (+5): a d20 of 5 or more passes, with 1, 2,
// 3 or 4 Successes for 5 values from 5, 10 and 15, and for 20. Bob dodges
// with AGI 1 and Dodge 2 (+3): 7 or more passes, with 1, 2 or 3 Successes
// for 5, 5 and 4 values. Of the 400 pairs of dice:
//
//   - critical win for Ann: she passes, he fails: 16 × 6 = 96;
//   - a hit on both passing: more Successes than his: 2 over 1 (5 × 5),
//     3 over 1 or 2 (5 × 10), 4 over any (1 × 14): 89;
//   - his critical win, the attack negated: she fails, he passes:
//     4 × 14 = 56;
//   - the rest, 159, misses.
//
// So the attack lands with 185/400 = 37/80, critically with 6/25, and is
// negated with 7/50.
func TestOddsByHand(t *testing.T) {
	s := load(t, "odds.yaml", `
ruleset: maneuvers
combatants:
  - {id: ann, side: a, str: 3, health: 20, styles: [{name: knight, rank: 2, gear: [longsword]}], weapons: [{use: longsword}]}
  - {id: bob, side: b, agi: 1, skills: {dodge: 2}, health: 20, x: 1}
start: {order: [ann, bob]}
`)
	r := maneuvers.Rules{}
	for _, step := range []struct {
		actor string
		c     maneuvers.Command
	}{{"ann", &maneuvers.Strike{Target: "bob"}}, {engine.GM, &maneuvers.Situation{}}} {
		events, err := r.Decide(&s, step.actor, step.c, dice.NewScript())
		if err != nil {
			t.Fatal(err)
		}
		engine.Apply[maneuvers.State, maneuvers.Command, maneuvers.Event](r, &s, events)
	}
	got, cut := enginetest.DiceOdds(t, r, &s, "bob", maneuvers.Command(&maneuvers.Defend{Defence: maneuvers.DodgeDef}), dice.EnumerateOptions{}, func(events []maneuvers.Event) string {
		for _, e := range events {
			if c, ok := e.(*maneuvers.CombatRolled); ok {
				return c.Result
			}
		}
		return ""
	})
	for result, want := range map[string]*big.Rat{
		"critical": big.NewRat(96, 400),
		"hit":      big.NewRat(89, 400),
		"negated":  big.NewRat(56, 400),
		"miss":     big.NewRat(159, 400),
	} {
		if g := got[result]; g == nil || g.Cmp(want) != 0 {
			t.Errorf("P(%s) = %v, want %v", result, g, want)
		}
	}
	lands := new(big.Rat).Add(got["critical"], got["hit"])
	if want := big.NewRat(37, 80); lands.Cmp(want) != 0 || cut.Sign() != 0 {
		t.Errorf("P(the attack lands) = %v (cut %v), want %v", lands, cut, want)
	}
}
