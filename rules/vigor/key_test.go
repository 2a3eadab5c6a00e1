package vigor_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// fightStates plays a seeded fight of each of vigor's bundled
// encounters, each prompt answered by a random option, and returns the
// states met at every decision.
func fightStates(t *testing.T) []*vigor.State {
	t.Helper()
	r := vigor.Rules{}
	var out []*vigor.State
	for _, name := range []string{"vigor_duel", "vigor_skirmish", "vigor_ambush"} {
		initial := scenariotest.Bundled[vigor.State, vigor.Command, vigor.Event](t, vigor.Info(), name)
		enc := engine.NewEncounter[vigor.State, vigor.Command, vigor.Event](r, r.Clone(initial))
		choose, src := dice.Seeded(dice.Mix(3, 1)), dice.Seeded(dice.Mix(3, 2))
		for d := range 40 {
			p := enc.Prompt()
			if p.Kind == engine.End || len(p.Options) == 0 {
				break
			}
			s := r.Clone(enc.State())
			out = append(out, &s)
			c := p.Options[choose.Roll(len(p.Options))-1].Command
			if _, err := enc.Submit(p.Actor, c, src); err != nil {
				t.Fatalf("%s decision %d: %v", name, d, err)
			}
		}
	}
	return out
}

// TestScratchKeysSeeEveryChange writes the key of a scratch copy of
// states of seeded fights, as exact odds do path after path (the stat
// blocks' keys then kept in the scratch state's memory), then changes
// every field of the copy, one at a time, and checks that its key is
// the key of the same state written anew, and that it differs from the
// key before exactly when the JSON does: a change of what the fight
// changes, and of a stat block, which the kept keys must not hide.
// Skills, links, weapons, abilities and what armour protects against,
// which states share and nothing changes in a fight, are changed as a
// whole (another map or array), not in place.
func TestScratchKeysSeeEveryChange(t *testing.T) {
	states := fightStates(t)
	r := vigor.Rules{}
	var scratch vigor.State
	changes, differ := 0, 0
	for i := 0; i < len(states); i += 7 {
		r.ScratchInto(&scratch, states[i])
		key0 := string(scratch.AppendKey(nil))
		js0, err := json.Marshal(&scratch)
		if err != nil {
			t.Fatal(err)
		}
		check := func(path string) {
			t.Helper()
			changes++
			key := string(scratch.AppendKey(nil))
			fresh := r.Clone(&scratch)
			if anew := string(fresh.AppendKey(nil)); key != anew {
				t.Fatalf("state %d, %s changed: the scratch state's key is not the key written anew", i, path)
			}
			js, err := json.Marshal(&scratch)
			if err != nil {
				t.Fatal(err)
			}
			if (key == key0) != (string(js) == string(js0)) {
				t.Fatalf("state %d, %s changed: the same key %v, the same JSON %v", i, path, key == key0, string(js) == string(js0))
			}
			if key != key0 {
				differ++
			}
		}
		change(reflect.ValueOf(&scratch).Elem(), "state", check)
		if key := string(scratch.AppendKey(nil)); key != key0 {
			t.Fatalf("state %d: not restored after the changes", i)
		}
	}
	if changes < 2000 || differ < changes/2 {
		t.Fatalf("%d changes, %d of them to another key: too few", changes, differ)
	}
	t.Logf("%d changes, %d of them to another key", changes, differ)
}

// change changes each value held in v, addressable, one at a time, calls
// check after each change and puts the value back. Maps and slices are
// changed as a whole: each change of an element is checked in a new
// copy.
func change(v reflect.Value, path string, check func(string)) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		old := v.Int()
		for _, n := range []int64{old + 1, old - 200, 0} {
			if n != old {
				v.SetInt(n)
				check(path)
			}
		}
		v.SetInt(old)
	case reflect.Bool:
		v.SetBool(!v.Bool())
		check(path)
		v.SetBool(!v.Bool())
	case reflect.String:
		old := v.String()
		for _, s := range []string{old + "x", "", "\xff"} {
			v.SetString(s)
			check(path + "=" + s)
		}
		v.SetString(old)
	case reflect.Pointer:
		old := reflect.ValueOf(v.Interface())
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
			check(path + " made")
		} else {
			v.SetZero()
			check(path + " nil")
			elem := reflect.New(v.Type().Elem())
			elem.Elem().Set(old.Elem())
			v.Set(elem)
			change(elem.Elem(), path, check)
		}
		v.Set(old)
	case reflect.Slice:
		old := reflect.ValueOf(v.Interface())
		if old.Len() > 0 {
			v.Set(old.Slice3(0, old.Len()-1, old.Len()-1))
			check(path + " shorter")
		}
		longer := reflect.MakeSlice(v.Type(), old.Len()+1, old.Len()+1)
		reflect.Copy(longer, old)
		v.Set(longer)
		check(path + " longer")
		for i := range old.Len() {
			elem := reflect.New(v.Type().Elem()).Elem()
			elem.Set(old.Index(i))
			change(elem, fmt.Sprintf("%s[%d]", path, i), func(p string) {
				cp := reflect.MakeSlice(v.Type(), old.Len(), old.Len())
				reflect.Copy(cp, old)
				cp.Index(i).Set(elem)
				v.Set(cp)
				check(p)
			})
		}
		v.Set(old)
	case reflect.Map:
		old := reflect.ValueOf(v.Interface())
		with := func(edit func(m reflect.Value), what string) {
			m := reflect.MakeMap(v.Type())
			for it := old.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), it.Value())
			}
			edit(m)
			v.Set(m)
			check(path + what)
		}
		with(func(reflect.Value) {}, " copied")
		for _, k := range old.MapKeys() {
			with(func(m reflect.Value) { m.SetMapIndex(k, reflect.Value{}) }, fmt.Sprintf(" without %v", k))
			with(func(m reflect.Value) { m.SetMapIndex(k, reflect.New(v.Type().Elem()).Elem()) }, fmt.Sprintf(" with %v zero", k))
		}
		with(func(m reflect.Value) {
			m.SetMapIndex(reflect.ValueOf("zz").Convert(v.Type().Key()), reflect.New(v.Type().Elem()).Elem())
		}, " with one more")
		v.Set(old)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				change(v.Field(i), path+"."+f.Name, check)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			change(v.Index(i), fmt.Sprintf("%s[%d]", path, i), check)
		}
	}
}
