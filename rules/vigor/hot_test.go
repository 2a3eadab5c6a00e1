package vigor_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
)

// TestScratchCopiesRestoreEveryChange copies states of seeded fights into
// one scratch state, as exact odds do path after path, changes the copy
// (every field, one at a time; every field of its armour and items in
// place, as wear and use change them; a decision taken in it) and copies
// the state into it again: the copy must then have the state's JSON and
// key, whatever the change, and the state must be as it was. A copy that
// leaves as it is what it takes to be unchanged must not miss a change.
// Before each copy, the keys of the changed scratch state (written from
// what it keeps of its keys before) must be those written anew, and
// differ from the state's exactly when the JSON does.
func TestScratchCopiesRestoreEveryChange(t *testing.T) {
	states := fightStates(t)
	r := vigor.Rules{}
	var s vigor.State
	names := &keyNames{named: map[string]uint64{}}
	changes := 0
	for i := 0; i < len(states); i += 5 {
		src := states[i]
		js0, key0 := enginetest.JSON(t, src), string(src.AppendKey(nil))
		r.ScratchInto(&s, src)
		check := func(path string) {
			t.Helper()
			changes++
			// The scratch state's keys, written from what it keeps of the
			// keys before, are those of the state written anew.
			fresh := r.Clone(&s)
			key, js := string(s.AppendKey(nil)), enginetest.JSON(t, &s)
			if key != string(fresh.AppendKey(nil)) || string(s.AppendNamedKey(nil, names)) != string(fresh.AppendNamedKey(nil, names)) {
				t.Fatalf("state %d, %s changed: the scratch state's key is not the key written anew", i, path)
			}
			if (key == key0) != (js == js0) {
				t.Fatalf("state %d, %s changed: the same key %v, the same JSON %v", i, path, key == key0, js == js0)
			}
			r.ScratchInto(&s, src)
			if enginetest.JSON(t, &s) != js0 || string(s.AppendKey(nil)) != key0 {
				t.Fatalf("state %d, %s changed: copied again, the scratch state is not the state", i, path)
			}
		}
		changeScratch(t, &s, i, check)
		if enginetest.JSON(t, src) != js0 {
			t.Fatalf("state %d: changed by the copies", i)
		}
	}
	if changes < 5000 {
		t.Fatalf("only %d changes", changes)
	}
	t.Logf("%d changes", changes)
}

// TestCloneOrderAndAskApart clones states of seeded fights whose window
// asks someone, and grows each clone's initiative order, which shares
// its array with the window's ids: the window must still ask whom it
// asked, and the state cloned must be as it was.
func TestCloneOrderAndAskApart(t *testing.T) {
	r := vigor.Rules{}
	windows := 0
	for i, s := range fightStates(t) {
		if s.Window == nil || len(s.Window.Ask) == 0 || len(s.Order) == 0 {
			continue
		}
		windows++
		before, _ := json.Marshal(s)
		ask := slices.Clone(s.Window.Ask)
		c := r.Clone(s)
		c.Order = append(c.Order, "late")
		c.Order = slices.Insert(c.Order, 0, "first")
		if !slices.Equal(c.Window.Ask, ask) {
			t.Fatalf("state %d: the clone's window asks %v, not %v, once its order grew", i, c.Window.Ask, ask)
		}
		if after, _ := json.Marshal(s); string(after) != string(before) {
			t.Fatalf("state %d: changed by its clone's order", i)
		}
	}
	if windows == 0 {
		t.Fatal("no state with a window")
	}
}

// TestOutcomeTagsKept takes decisions of seeded fights in a scratch
// state, whose hot memory keeps the tags of others' rolls once made, and
// in a state of the table's path, which makes them anew: both outcomes
// must say the same.
func TestOutcomeTagsKept(t *testing.T) {
	r := vigor.Rules{}
	var scratch vigor.State
	others := 0
	for i, s := range fightStates(t) {
		p := r.Next(s)
		for k, o := range p.Options {
			if k == 3 {
				break
			}
			table := r.Clone(s)
			events, err := r.Decide(&table, p.Actor, o.Command, dice.Seeded(dice.Mix(uint64(i), uint64(k))))
			if err != nil {
				t.Fatalf("state %d: %v", i, err)
			}
			for _, e := range events {
				r.Evolve(&table, e)
			}
			r.ScratchInto(&scratch, s)
			stepped, err := r.Step(&scratch, p.Actor, o.Command, dice.Seeded(dice.Mix(uint64(i), uint64(k))), nil)
			if err != nil {
				t.Fatalf("state %d: %v", i, err)
			}
			for _, actor := range []string{p.Actor, "nobody"} {
				want := r.Outcome(s, actor, events, &table, nil, make([]int, len(s.Combatants)))
				got := r.Outcome(s, actor, stepped, &scratch, nil, make([]int, len(s.Combatants)))
				if !slices.Equal(got, want) {
					t.Fatalf("state %d, %s as %s: tags %v from the scratch state, %v from the table's", i, o.Command, actor, got, want)
				}
				for _, tag := range got {
					if strings.Contains(tag, ":") {
						others++
					}
				}
			}
		}
	}
	if others == 0 {
		t.Fatal("no tag of another's roll")
	}
}

// TestClonesShareRostersCopyOnWrite clones scratch states of seeded
// fights, as exact odds clone their situations: clones of the same roster
// share it, and each gets one of its own before it changes. A clone
// stepped, evolved, or made the scratch copy or view of another state
// leaves the clones it shared a roster with as they were.
func TestClonesShareRostersCopyOnWrite(t *testing.T) {
	r := vigor.Rules{}
	var scratch vigor.State
	states := fightStates(t)
	shared := 0
	for i, s := range states {
		r.ScratchInto(&scratch, s)
		want := enginetest.JSON(t, &scratch)
		a, b, c, d := r.Clone(&scratch), r.Clone(&scratch), r.Clone(&scratch), r.Clone(&scratch)
		for _, x := range []*vigor.State{&a, &b, &c, &d} {
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
		p := r.Next(&a)
		if len(p.Options) > 0 {
			if _, err := r.Step(&a, p.Actor, p.Options[i%len(p.Options)].Command, dice.Seeded(uint64(i)), nil); err == nil {
				shared++
			}
			if &a.Combatants[0] == &b.Combatants[0] {
				t.Fatalf("state %d: a clone stepped still shares its roster", i)
			}
		}
		if len(p.Options) > 0 {
			if events, err := r.Decide(&b, p.Actor, p.Options[0].Command, dice.Seeded(uint64(i))); err == nil {
				for _, e := range events {
					r.Evolve(&b, e)
				}
			}
		}
		r.ScratchInto(&c, states[(i+1)%len(states)])
		r.ViewInto(&d, states[(i+2)%len(states)], engine.Viewer{Combatant: scratch.Combatants[0].ID})
		if again := r.Clone(&scratch); enginetest.JSON(t, &again) != want {
			t.Fatalf("state %d: the roster clones share changed with a clone", i)
		}
	}
	if shared == 0 {
		t.Fatal("no clone stepped")
	}
}
