package sim

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
)

// TestNoAllocationPerDie checks that the dice the simulator hands a
// ruleset allocate nothing when rolled, so that the simulator adds no
// allocation per die.
func TestNoAllocationPerDie(t *testing.T) {
	c := dice.Counted{PCG: *dice.Seeded(1)}
	var src dice.Source = &c
	if n := testing.AllocsPerRun(1000, func() { src.Roll(10) }); n != 0 {
		t.Errorf("a die allocates %v times", n)
	}
	if n := testing.AllocsPerRun(1000, func() { dice.RollClasses(src, 10, dice.Cuts(6)) }); n != 0 {
		t.Errorf("a die drawn by classes allocates %v times", n)
	}
	if c.Drawn != 2002 {
		t.Errorf("counted %d dice, want 2002", c.Drawn)
	}
}

// TestAtMostOneAllocationADecision holds the blackpowder fights to the hot
// path's target: each bundled encounter, played by the tactical policies
// and by random ones (which declare, aim, interrupt and ask for GM rulings
// far more), allocates at most one value a decision on average.
func TestAtMostOneAllocationADecision(t *testing.T) {
	for _, name := range benchEncounters {
		for _, policy := range []string{engine.TacticalPolicy, engine.RandomPolicy} {
			policies := blackpowder.Rules{}.Policies()
			policies[engine.TacticalPolicy] = policies[policy]
			s, err := newSimulation(blackpowder.Rules{}, bundled(t, name), policies, Options{Fights: 1})
			if err != nil {
				t.Fatal(err)
			}
			acc := newTotals(len(s.roster))
			w := s.newWorker(acc)
			i := 0
			allocs := testing.AllocsPerRun(200, func() {
				if err := w.fight(i); err != nil {
					t.Fatal(err)
				}
				i++
			})
			decisions := float64(acc.Decisions) / float64(acc.Fights)
			if perDecision := allocs / decisions; perDecision > 1 {
				t.Errorf("%s, %s policies: %.0f allocations a fight of %.1f decisions, %.2f a decision", name, policy, allocs, decisions, perDecision)
			}
		}
	}
}
