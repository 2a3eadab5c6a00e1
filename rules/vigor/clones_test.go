package vigor_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
)

// TestClonesOfClonesShareRosters clones the clones of scratch states of
// seeded fights, and scratch copies of them: each shares the first
// clone's roster, and a clone of a clone stepped leaves the others as
// they were.
func TestClonesOfClonesShareRosters(t *testing.T) {
	r := vigor.Rules{}
	var scratch, other vigor.State
	var p engine.Prompt[vigor.Command]
	r.Moves(&other, &p) // a scratch state, as exact odds step one
	for i, s := range fightStates(t) {
		r.ScratchInto(&scratch, s)
		a := r.Clone(&scratch)
		want := enginetest.JSON(t, &a)
		b := r.Clone(&a)
		if &b.Combatants[0] != &a.Combatants[0] {
			t.Fatalf("state %d: a clone of a clone does not share its roster", i)
		}
		r.ScratchInto(&other, &a)
		if c := r.Clone(&other); &c.Combatants[0] != &a.Combatants[0] {
			t.Fatalf("state %d: a clone of a scratch copy of a clone does not share its roster", i)
		}
		if q := r.Next(&b); len(q.Options) > 0 {
			_, _ = r.Step(&b, q.Actor, q.Options[i%len(q.Options)].Command, dice.Seeded(uint64(i)), nil)
		}
		if got := enginetest.JSON(t, &a); got != want {
			t.Fatalf("state %d: a clone changed with a clone of it:\n%s\n%s", i, got, want)
		}
	}
}
