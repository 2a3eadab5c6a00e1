package sim

import (
	"testing"

	"fray/dice"
)

// TestNoAllocationPerDie checks that the dice the simulator hands a
// ruleset allocate nothing when rolled, so that the simulator adds no
// allocation per die.
func TestNoAllocationPerDie(t *testing.T) {
	var c counter
	c.pcg = *dice.Seeded(1)
	var src dice.Source = &c
	if n := testing.AllocsPerRun(1000, func() { src.Roll(10) }); n != 0 {
		t.Errorf("a die allocates %v times", n)
	}
	if c.n != 1001 {
		t.Errorf("counted %d dice, want 1001", c.n)
	}
}
