package vigor_test

import (
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
)

// TestRosterKeySeesEveryChange keeps the key of a scratch state's whole
// roster, as a state keyed again with the same names does when no
// combatant changed, then changes the state (every field, one at a
// time; every field of its armour and items in place; a decision taken
// in it): its key must then be the key written anew, with the same
// names and without them, and differ from the key before exactly when
// the JSON does.
func TestRosterKeySeesEveryChange(t *testing.T) {
	r := vigor.Rules{}
	names := &keyNames{named: map[string]uint64{}}
	var s vigor.State
	changes, kept := 0, 0
	states := fightStates(t)
	for i := 0; i < len(states); i += 3 {
		src := states[i]
		js0 := enginetest.JSON(t, src)
		keep := func() string {
			r.ScratchInto(&s, src)
			s.AppendNamedKey(nil, names)
			return string(s.AppendNamedKey(nil, names)) // the roster's key kept
		}
		key0 := keep()
		check := func(path string) {
			t.Helper()
			changes++
			key, js := string(s.AppendNamedKey(nil, names)), enginetest.JSON(t, &s)
			fresh := r.Clone(&s)
			if key != string(fresh.AppendNamedKey(nil, names)) {
				t.Fatalf("state %d, %s changed: the scratch state's key is not the key written anew", i, path)
			}
			if (key == key0) != (js == js0) {
				t.Fatalf("state %d, %s changed: the same key %v, the same JSON %v", i, path, key == key0, js == js0)
			}
			if key == key0 {
				kept++
			}
			if again := keep(); again != key0 {
				t.Fatalf("state %d, %s changed: copied again, another key", i, path)
			}
		}
		changeScratch(t, &s, i, check)
	}
	if changes < 5000 || kept == 0 {
		t.Fatalf("%d changes, %d to the same key", changes, kept)
	}
	t.Logf("%d changes, %d to the same key", changes, kept)
}

// changeScratch changes scratch state s of fight state i in every way
// the scratch tests check, one at a time, calling check after each
// change (which must copy the state into s again): every field; every
// field of its armour and items in place, as wear and use change them;
// then three decisions taken in it.
func changeScratch(t *testing.T, s *vigor.State, i int, check func(path string)) {
	t.Helper()
	r := vigor.Rules{}
	enginetest.ChangeEvery(reflect.ValueOf(s).Elem(), "state", check, nil)
	for c := range s.Combatants {
		for j := range s.Combatants[c].Armor {
			enginetest.ChangeEvery(reflect.ValueOf(&s.Combatants[c].Armor[j]).Elem(), "armor in place", check, nil)
		}
		for j := range s.Combatants[c].Items {
			enginetest.ChangeEvery(reflect.ValueOf(&s.Combatants[c].Items[j]).Elem(), "item in place", check, nil)
		}
	}
	if p := r.Next(s); len(p.Options) > 0 {
		for k := range uint64(3) {
			cmd := p.Options[(i+int(k))%len(p.Options)].Command
			if _, err := engine.Step[vigor.State, vigor.Command, vigor.Event](r, s, p.Actor, cmd, dice.Seeded(dice.Mix(uint64(i), k)), nil); err != nil {
				t.Fatalf("state %d: %v", i, err)
			}
			check("a decision")
		}
	}
}
