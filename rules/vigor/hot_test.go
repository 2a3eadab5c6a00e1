package vigor_test

import (
	"encoding/json"
	"reflect"
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
	jsonOf := func(s *vigor.State) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var s vigor.State
	names := &keyNames{named: map[string]uint64{}}
	changes := 0
	for i := 0; i < len(states); i += 5 {
		src := states[i]
		js0, key0 := jsonOf(src), string(src.AppendKey(nil))
		r.ScratchInto(&s, src)
		check := func(path string) {
			t.Helper()
			changes++
			// The scratch state's keys, written from what it keeps of the
			// keys before, are those of the state written anew.
			fresh := r.Clone(&s)
			key, js := string(s.AppendKey(nil)), jsonOf(&s)
			if key != string(fresh.AppendKey(nil)) || string(s.AppendNamedKey(nil, names)) != string(fresh.AppendNamedKey(nil, names)) {
				t.Fatalf("state %d, %s changed: the scratch state's key is not the key written anew", i, path)
			}
			if (key == key0) != (js == js0) {
				t.Fatalf("state %d, %s changed: the same key %v, the same JSON %v", i, path, key == key0, js == js0)
			}
			r.ScratchInto(&s, src)
			if jsonOf(&s) != js0 || string(s.AppendKey(nil)) != key0 {
				t.Fatalf("state %d, %s changed: copied again, the scratch state is not the state", i, path)
			}
		}
		enginetest.ChangeEvery(reflect.ValueOf(&s).Elem(), "state", check, nil)
		for c := range s.Combatants {
			for j := range s.Combatants[c].Armor {
				enginetest.ChangeEvery(reflect.ValueOf(&s.Combatants[c].Armor[j]).Elem(), "armor in place", check, nil)
			}
			for j := range s.Combatants[c].Items {
				enginetest.ChangeEvery(reflect.ValueOf(&s.Combatants[c].Items[j]).Elem(), "item in place", check, nil)
			}
		}
		if p := r.Next(&s); len(p.Options) > 0 {
			for k := range uint64(3) {
				cmd := p.Options[(i+int(k))%len(p.Options)].Command
				if _, err := engine.Step[vigor.State, vigor.Command, vigor.Event](r, &s, p.Actor, cmd, dice.Seeded(dice.Mix(uint64(i), k)), nil); err != nil {
					t.Fatalf("state %d: %v", i, err)
				}
				check("a decision")
			}
		}
		if jsonOf(src) != js0 {
			t.Fatalf("state %d: changed by the copies", i)
		}
	}
	if changes < 5000 {
		t.Fatalf("only %d changes", changes)
	}
	t.Logf("%d changes", changes)
}
