package vigor_test

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/engine/enginetest"
	"fray/odds"
	"fray/rules/vigor"
)

// hitOdds enumerates ann's attack on bob in s and returns the exact
// chance it hits, and how much probability the enumeration left out.
func hitOdds(t *testing.T, s vigor.State, opts dice.EnumerateOptions) (*big.Rat, *big.Rat) {
	t.Helper()
	p, cut := enginetest.DiceOdds(t, vigor.Rules{}, &s, "ann", vigor.Command(&vigor.Attack{Target: "bob"}), opts, func(events []vigor.Event) bool {
		for _, e := range events {
			if a, ok := e.(*vigor.AttackRolled); ok {
				return a.Hit
			}
		}
		return false
	})
	return p[true], cut
}

// TestExactHitOdds checks the exact odds of a simple attack against the
// dice language's own: Agility 20 and a skill die are 3 bonus d10s that
// burst, against the standard target's Guard 15, so P(hit) is
// P(d20+3d10! >= 16). The rules follow the dice by class; with every
// value followed (to a draw limit) they agree.
func TestExactHitOdds(t *testing.T) {
	s := load(t, "odds.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a}
  - {id: bob, side: b, x: 5, vigor: 4, durability: 10, health: 10}
start: {order: [ann, bob]}
`)
	hit, cut := hitOdds(t, s, dice.EnumerateOptions{})
	if want := big.NewRat(37357, 40000); hit.Cmp(want) != 0 || cut.Sign() != 0 {
		t.Errorf("P(hit) = %v (cut %v), want %v", hit, cut, want)
	}
	d, err := dice.MustParse("d20+3d10!").Dist()
	if err != nil {
		t.Fatal(err)
	}
	lo := d.AtLeast(16)
	hi := new(big.Rat).Add(lo, d.Truncated())
	if hit.Cmp(lo) < 0 || hit.Cmp(hi) > 0 {
		t.Errorf("P(hit) = %v, the dice language says %v to %v", hit, lo, hi)
	}
	if !enginetest.Long() {
		return // the check by every value takes seconds: the long runs do it
	}
	// Every value of every die, to a depth where the cut-off is tiny.
	all, cut := hitOdds(t, s, dice.EnumerateOptions{EveryValue: true, MaxDraws: 6, MaxPaths: 10_000_000})
	if diff := new(big.Rat).Sub(hit, all); diff.Sign() < 0 || diff.Cmp(cut) > 0 {
		t.Errorf("by every value P(hit) = %v (cut %v); by class %v", all, cut, hit)
	}
}

// TestHitOddsByHand checks a simple attack's exact odds against the
// rules' own numbers, worked out by hand. Ann (Agility 15 and Strength
// 15: one bonus d10 each, A01) attacks bob, Guard 15 (R23) and too
// little Vigor to defend, with a sword. She hits on a total over 15
// (R01, A02): with the d20 showing k she needs the bursting d10 (R04) to
// show 16 − k or more. P(d10! ≥ m) is 1 for m ≤ 1, (11 − m)/10 for m from
// 2 to 10, and 1/10 × P(d10! ≥ m − 10) above 10. So
//
//	k = 15..20: 6 × 1
//	k = 6..14:  (1 + 2 + ... + 9)/10 = 45/10
//	k = 1..5:   (6 + 7 + 8 + 9 + 10)/100 = 4/10
//
// and P(hit) = (6 + 4.5 + 0.4)/20 = 109/200. A hit is critical when the
// damage's Strength d10 bursts (R04), 1 in 10 whatever the attack rolled:
// P(critical) = 109/2000.
func TestHitOddsByHand(t *testing.T) {
	s := load(t, "by_hand.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {id: ann, side: a, agility: 15, strength: 15, vigor: 20, durability: 20, health: 20, weapons: [{use: sword}]}
  - {id: bob, side: b, x: 5, vigor: 4, durability: 20, health: 20}
start: {order: [ann, bob]}
`)
	type result struct{ hit, critical bool }
	got, cut := enginetest.DiceOdds(t, vigor.Rules{}, &s, "ann", vigor.Command(&vigor.Attack{Target: "bob"}), dice.EnumerateOptions{}, func(events []vigor.Event) (res result) {
		for _, e := range events {
			switch e := e.(type) {
			case *vigor.AttackRolled:
				res.hit = e.Hit
			case *vigor.Damaged:
				res.critical = e.Critical
			}
		}
		return res
	})
	hit, critical := new(big.Rat), new(big.Rat)
	for res, p := range got {
		if res.hit {
			hit.Add(hit, p)
		}
		if res.critical {
			critical.Add(critical, p)
		}
	}
	if want := big.NewRat(109, 200); hit.Cmp(want) != 0 {
		t.Errorf("P(hit) = %v, by hand %v", hit, want)
	}
	if want := big.NewRat(109, 2000); critical.Cmp(want) != 0 {
		t.Errorf("P(critical) = %v, by hand %v", critical, want)
	}
	if cut.Sign() != 0 {
		t.Errorf("the enumeration left out %v", cut)
	}
}

// TestOffHandOddsCovered checks that the exact odds of an attack with an
// off-hand attack are answered in full within the default budget: the
// GM's modifiers of the off-hand attack (R24 step 2) stand between the
// two rolls, so that the situations after the main attack are met once
// each rather than once per way its dice fell.
func TestOffHandOddsCovered(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of exact odds")
	}
	s := load(t, "off_hand_odds.yaml", "ruleset: vigor\nuse: vigor_duel\nstart: {order: [ilsa, gorm]}\n")
	r := vigor.Rules{}
	rep, err := odds.Of[vigor.State, vigor.Command, vigor.Event](r, &s, "ilsa", &vigor.Attack{Target: "gorm", OffTarget: "gorm"}, vigor.Tactical{}, odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Uncovered.Sign() != 0 {
		t.Errorf("%v of the probability is not covered, after %d dice paths", rep.Uncovered, rep.Paths)
	}
	t.Logf("%d dice paths from %d situations", rep.Paths, rep.Situations)
}

// TestAttackRollWholeEqualsDieByDie checks the attack roll drawn whole
// (one path per total and burst, dice.Pool) against the same roll drawn
// die by die, every value of every die (EveryValue): bob may answer with
// a Defense of his own bonus die, so every total counts and bursts are
// followed as deep either way (BurstDepth). The chance to hit and the probability
// left out are the same fractions, and whole takes far fewer paths.
func TestAttackRollWholeEqualsDieByDie(t *testing.T) {
	s := load(t, "whole.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {id: ann, side: a, agility: 20, strength: 15, vigor: 20, durability: 20, health: 20, weapons: [{use: sword}]}
  - {id: bob, side: b, x: 5, speed: 15, vigor: 20, durability: 20, health: 20}
start: {order: [ann, bob]}
`)
	whole, wholeCut := hitOdds(t, s, dice.EnumerateOptions{})
	each, eachCut := hitOdds(t, s, dice.EnumerateOptions{EveryValue: true})
	if whole.Cmp(each) != 0 || wholeCut.Cmp(eachCut) != 0 {
		t.Errorf("P(hit) = %v (cut %v) whole, %v (cut %v) die by die", whole, wholeCut, each, eachCut)
	}
	// Two bursting d10s six deep: the chance that either bursts a
	// seventh time in a row, 1 − (1 − 10⁻⁷)², is left out.
	if want := big.NewRat(19999999, 100000000000000); wholeCut.Cmp(want) != 0 {
		t.Errorf("cut %v, want %v", wholeCut, want)
	}
}
