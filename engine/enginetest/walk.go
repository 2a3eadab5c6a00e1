package enginetest

import (
	"testing"

	"fray/dice"
	"fray/engine"
)

// Walk plays fights random fights from each setup, every option taken
// with equal chance (engine.Uniform) and the dice seeded by the setup's
// fight number, and calls visit with the state before each decision, up
// to maxDecisions a fight: a walk through the situations a ruleset
// reaches, for tests that check something in each (that an action's
// checks agree with acting, say). visit must leave the state as it found
// it. Walk stops when the test has failed.
func Walk[S, C, E any](t testing.TB, g engine.Game[S, C, E], setups []Setup[S], fights, maxDecisions int, visit func(setup string, fight, decision int, s *S)) {
	t.Helper()
	for _, setup := range setups {
		for f := range fights {
			s := g.Clone(&setup.State)
			choose := dice.Seeded(dice.Mix(uint64(f), 7))
			src := dice.Seeded(dice.Mix(uint64(f), 8))
			for d := 0; d < maxDecisions; d++ {
				p := g.Next(&s)
				if p.Kind == engine.End {
					break
				}
				visit(setup.Name, f, d, &s)
				if t.Failed() {
					return
				}
				events, err := g.Decide(&s, p.Actor, engine.Uniform[S, C]{}.Choose(&s, &p, choose), src)
				if err != nil {
					t.Fatalf("%s fight %d decision %d: %v", setup.Name, f, d, err)
				}
				for _, e := range events {
					g.Evolve(&s, e)
				}
			}
		}
	}
}
