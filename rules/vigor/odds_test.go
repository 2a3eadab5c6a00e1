package vigor_test

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/rules/vigor"
)

// hitOdds enumerates ann's attack on bob in s and returns the exact
// chance it hits, and how much probability the enumeration left out.
func hitOdds(t *testing.T, s vigor.State, opts dice.EnumerateOptions) (*big.Rat, *big.Rat) {
	t.Helper()
	r := vigor.Rules{}
	en, err := dice.Enumerate(func(src dice.Source) (bool, error) {
		events, err := r.Decide(&s, "ann", &vigor.Attack{Target: "bob"}, src)
		if err != nil {
			return false, err
		}
		for _, e := range events {
			if a, ok := e.(*vigor.AttackRolled); ok {
				return a.Hit, nil
			}
		}
		return false, nil
	}, opts)
	if err != nil {
		t.Fatal(err)
	}
	hit := new(big.Rat)
	for _, o := range en.Outcomes {
		if o.Value {
			hit.Add(hit, o.P)
		}
	}
	return hit, en.Truncated
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
	if testing.Short() {
		return
	}
	// Every value of every die, to a depth where the cut-off is tiny.
	all, cut := hitOdds(t, s, dice.EnumerateOptions{EveryValue: true, MaxDraws: 6, MaxPaths: 10_000_000})
	if diff := new(big.Rat).Sub(hit, all); diff.Sign() < 0 || diff.Cmp(cut) > 0 {
		t.Errorf("by every value P(hit) = %v (cut %v); by class %v", all, cut, hit)
	}
}
