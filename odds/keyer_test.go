package odds

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// vigor's state writes its own key.
var _ keyer = (*vigor.State)(nil)

// vigorStates plays seeded fights of vigor's bundled encounters, each
// prompt answered by a random option, and returns the states met: at
// every decision the state, and the states the decision leads to with
// several dice, some the same and some not.
func vigorStates(t *testing.T) []*vigor.State {
	t.Helper()
	r := vigor.Rules{}
	var out []*vigor.State
	for _, name := range []string{"vigor_duel", "vigor_skirmish", "vigor_ambush"} {
		initial := scenariotest.Bundled[vigor.State, vigor.Command, vigor.Event](t, vigor.Info(), name)
		for fight := range uint64(2) {
			enc := engine.NewEncounter[vigor.State, vigor.Command, vigor.Event](r, r.Clone(initial))
			choose, src := dice.Seeded(dice.Mix(fight, 1)), dice.Seeded(dice.Mix(fight, 2))
			for d := range 40 {
				p := enc.Prompt()
				if p.Kind == engine.End || len(p.Options) == 0 {
					break
				}
				s := r.Clone(enc.State())
				out = append(out, &s)
				c := p.Options[choose.Roll(len(p.Options))-1].Command
				for i := range uint64(4) {
					next := r.Clone(enc.State())
					if _, err := engine.Step[vigor.State, vigor.Command, vigor.Event](r, &next, p.Actor, c, dice.Seeded(dice.Mix(uint64(d), i)), nil); err != nil {
						t.Fatalf("%s fight %d decision %d: %v", name, fight, d, err)
					}
					out = append(out, &next)
				}
				if _, err := enc.Submit(p.Actor, c, src); err != nil {
					t.Fatalf("%s fight %d decision %d: %v", name, fight, d, err)
				}
			}
		}
	}
	return out
}

// keysOf returns the key vigor's state writes of itself, the key the walk
// by reflection writes, and its JSON.
func keysOf(t *testing.T, w *keyWriter, s *vigor.State) (own, walked, js string) {
	t.Helper()
	var unique atomic.Int64
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(w.appendState(nil, s, &unique)), string(w.appendWalked(nil, s, &unique)), string(b)
}

// TestOwnKeysAgree checks vigor's own keys of the states of seeded
// fights against the keys of the walk by reflection and the states' JSON:
// two states have the same key exactly when they have the same JSON, and
// so the same key by the walk.
func TestOwnKeysAgree(t *testing.T) {
	states := vigorStates(t)
	var w keyWriter
	byJSON := map[string][2]string{}                            // own and walked keys by JSON
	byOwn, byWalked := map[string]string{}, map[string]string{} // JSON by keys
	// A scratch state, as exact odds have one path after path, keeps the
	// keys of the stat blocks' weapons and abilities: they must be the
	// same as written anew.
	var scratch vigor.State
	r := vigor.Rules{}
	for i, s := range states {
		own, walked, js := keysOf(t, &w, s)
		for range 2 {
			r.ScratchInto(&scratch, s)
			if k, _, _ := keysOf(t, &w, &scratch); k != own {
				t.Fatalf("state %d: a scratch copy's key is not the state's", i)
			}
		}
		if own[0] != ownKey || walked[0] != binaryKey {
			t.Fatalf("state %d: keys of forms %q and %q", i, own[0], walked[0])
		}
		if k, ok := byJSON[js]; ok && (k[0] != own || k[1] != walked) {
			t.Fatalf("state %d: the same JSON as an earlier state, other keys", i)
		}
		byJSON[js] = [2]string{own, walked}
		if have, ok := byOwn[own]; ok && have != js {
			t.Fatalf("state %d: the same own key as an earlier state of other JSON:\n%s\n%s", i, have, js)
		}
		byOwn[own] = js
		if have, ok := byWalked[walked]; ok && have != js {
			t.Fatalf("state %d: the same walked key as an earlier state of other JSON", i)
		}
		byWalked[walked] = js
	}
	if len(states) < 200 || len(byJSON) < 100 || len(byJSON) == len(states) {
		t.Fatalf("%d states, %d distinct: too few, or none alike", len(states), len(byJSON))
	}
	t.Logf("%d states, %d distinct", len(states), len(byJSON))
}

// TestOwnKeysSeeEveryField changes every field of states of seeded
// fights, one at a time (a number, a flag, a string, a list, a map, a
// pointer there or not), and checks that vigor's own key changes exactly
// when the JSON does, as the walk's key does: a field the key leaves out,
// or one it tells apart where JSON does not, fails.
func TestOwnKeysSeeEveryField(t *testing.T) {
	states := vigorStates(t)
	r := vigor.Rules{}
	var w keyWriter
	changes := 0
	for i := 0; i < len(states); i += len(states) / 12 {
		s := r.Clone(states[i])
		own0, walked0, js0 := keysOf(t, &w, &s)
		check := func(path string) {
			t.Helper()
			changes++
			own, walked, js := keysOf(t, &w, &s)
			sameJSON := js == js0
			if (own == own0) != sameJSON || (walked == walked0) != sameJSON {
				t.Fatalf("state %d, %s changed: the same JSON %v, the same own key %v, the same walked key %v\n%s\n%s",
					i, path, sameJSON, own == own0, walked == walked0, js0, js)
			}
		}
		changeEvery(reflect.ValueOf(&s).Elem(), "state", check)
		if own, walked, js := keysOf(t, &w, &s); own != own0 || walked != walked0 || js != js0 {
			t.Fatalf("state %d: not restored after the changes", i)
		}
	}
	if changes < 5000 {
		t.Fatalf("only %d changes", changes)
	}
	t.Logf("%d changes", changes)
}

// changeEvery changes each value held in v, addressable, one at a time,
// calls check after each change and puts the value back.
func changeEvery(v reflect.Value, path string, check func(string)) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		old := v.Int()
		for _, n := range []int64{old + 1, 0} {
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
		// Bytes that are not UTF-8 are alike to JSON, and unlike a
		// U+FFFD: the second and third give the same JSON, the fourth
		// not.
		for _, s := range []string{old + "x", old + "\xff", old + "\xfe", old + "\uFFFD", ""} {
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
			v.Set(reflect.New(v.Type().Elem()))
			check(path + " to a zero value")
			v.Set(old)
			changeEvery(v.Elem(), path, check)
		}
		v.Set(old)
	case reflect.Slice:
		old := reflect.ValueOf(v.Interface())
		switch {
		case v.IsNil():
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			check(path + " empty")
		case v.Len() == 0:
			v.SetZero()
			check(path + " nil")
		default:
			v.Set(old.Slice3(0, old.Len()-1, old.Len()-1))
			check(path + " shorter")
		}
		longer := reflect.MakeSlice(v.Type(), old.Len()+1, old.Len()+1)
		reflect.Copy(longer, old)
		v.Set(longer)
		check(path + " longer")
		v.Set(old)
		for i := range v.Len() {
			changeEvery(v.Index(i), fmt.Sprintf("%s[%d]", path, i), check)
		}
	case reflect.Map:
		old := reflect.ValueOf(v.Interface()) // the same map as v
		if old.Len() == 0 {
			if old.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			} else {
				v.SetZero()
			}
			check(path + " nil or empty")
			v.Set(old)
		}
		for _, k := range old.MapKeys() {
			orig := old.MapIndex(k)
			entry := reflect.New(v.Type().Elem()).Elem()
			entry.Set(orig)
			changeEvery(entry, fmt.Sprintf("%s[%v]", path, k), func(p string) {
				old.SetMapIndex(k, entry)
				check(p)
			})
			old.SetMapIndex(k, reflect.Value{})
			check(fmt.Sprintf("%s without %v", path, k))
			old.SetMapIndex(k, orig)
		}
		m := old
		if m.IsNil() {
			m = reflect.MakeMap(v.Type())
			v.Set(m)
		}
		extra := reflect.ValueOf("zz_extra").Convert(v.Type().Key())
		m.SetMapIndex(extra, reflect.New(v.Type().Elem()).Elem())
		check(path + " with one more")
		m.SetMapIndex(extra, reflect.Value{})
		v.Set(old)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				changeEvery(v.Field(i), path+"."+f.Name, check)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			changeEvery(v.Index(i), fmt.Sprintf("%s[%d]", path, i), check)
		}
	}
}
