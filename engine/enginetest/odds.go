package enginetest

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/engine"
)

// DiceOdds enumerates every way the dice of actor's command c fall in
// state s, deciding it with g (Decide leaves s as it is), and returns the
// chance of each value read finds in a decision's events, for odds
// checked by hand, and the chance left out by opts' limit on draws
// (dice.EnumerateOptions.MaxDraws). A value no decision gives is not in
// the map. A refusal fails t.
func DiceOdds[S, C, E any, K comparable](t testing.TB, g engine.Ruleset[S, C, E], s *S, actor string, c C, opts dice.EnumerateOptions, read func([]E) K) (map[K]*big.Rat, *big.Rat) {
	t.Helper()
	en, err := dice.Enumerate(func(src dice.Source) (K, error) {
		events, err := g.Decide(s, actor, c, src)
		return read(events), err
	}, opts)
	if err != nil {
		t.Fatal(err)
	}
	p := make(map[K]*big.Rat, len(en.Outcomes))
	for _, o := range en.Outcomes {
		if p[o.Value] == nil {
			p[o.Value] = new(big.Rat)
		}
		p[o.Value].Add(p[o.Value], o.P)
	}
	return p, en.Truncated
}
