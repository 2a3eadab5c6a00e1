package blackpowder

import (
	"testing"

	"fray/dice"
	"fray/engine/enginetest"
)

// TestClonesShareRostersCopyOnWrite clones scratch states of random
// fights, as exact odds clone their situations: clones of the same roster
// share it, and each gets one of its own before it changes. A clone
// stepped, evolved, or made the scratch copy of another state leaves the
// clones it shared a roster with as they were. A clone of a clone, and of
// a scratch copy of one, shares the clone's roster.
func TestClonesShareRostersCopyOnWrite(t *testing.T) {
	r := Rules{}
	var scratch, other State
	scratch.hotMemory() // scratch states, as exact odds step them
	other.hotMemory()
	states := keyStates(t)
	stepped, evolved, aims := 0, 0, 0
	for i, s := range states {
		r.ScratchInto(&scratch, s)
		want := enginetest.JSON(t, &scratch)
		a, b, c, d := r.Clone(&scratch), r.Clone(&scratch), r.Clone(&scratch), r.Clone(&scratch)
		for _, x := range []*State{&a, &b, &c, &d} {
			if got := enginetest.JSON(t, x); got != want {
				t.Fatalf("state %d: a clone is not the state:\n%s\n%s", i, got, want)
			}
		}
		if len(a.Combatants) == 0 || &a.Combatants[0] != &b.Combatants[0] {
			t.Fatalf("state %d: two clones of one roster do not share it", i)
		}
		if &a.Combatants[0] == &scratch.Combatants[0] {
			t.Fatalf("state %d: a clone shares its roster with the scratch state", i)
		}
		for j := range a.Combatants {
			if a.Combatants[j].Aim != nil {
				aims++
				if a.Combatants[j].Aim == scratch.Combatants[j].Aim {
					t.Fatalf("state %d: a clone shares an aim with the scratch state", i)
				}
			}
		}
		p := r.Next(&a)
		if len(p.Options) > 0 {
			if _, err := r.Step(&a, p.Actor, p.Options[i%len(p.Options)].Command, dice.Seeded(uint64(i)), nil); err == nil {
				stepped++
			}
			if &a.Combatants[0] == &b.Combatants[0] {
				t.Fatalf("state %d: a clone stepped still shares its roster", i)
			}
			if events, err := r.Decide(&b, p.Actor, p.Options[0].Command, dice.Seeded(uint64(i))); err == nil {
				for _, e := range events {
					r.Evolve(&b, e)
				}
				evolved += len(events)
			}
		}
		r.ScratchInto(&c, states[(i+1)%len(states)])
		e := r.Clone(&d)
		if &e.Combatants[0] != &d.Combatants[0] {
			t.Fatalf("state %d: a clone of a clone does not share its roster", i)
		}
		r.ScratchInto(&other, &e)
		if f := r.Clone(&other); &f.Combatants[0] != &d.Combatants[0] {
			t.Fatalf("state %d: a clone of a scratch copy of a clone does not share its roster", i)
		}
		if p := r.Next(&e); len(p.Options) > 0 {
			_, _ = r.Step(&e, p.Actor, p.Options[len(p.Options)-1].Command, dice.Seeded(uint64(i)+1), nil)
		}
		if got := enginetest.JSON(t, &d); got != want {
			t.Fatalf("state %d: a clone changed with another clone:\n%s\n%s", i, got, want)
		}
		if again := r.Clone(&scratch); enginetest.JSON(t, &again) != want {
			t.Fatalf("state %d: the roster clones share changed with a clone", i)
		}
	}
	if stepped == 0 || evolved == 0 || aims == 0 {
		t.Fatalf("%d clones stepped, %d events evolved, %d aims cloned: want some of each", stepped, evolved, aims)
	}
}
