package odds

import (
	"encoding/json"
	"reflect"
	"sync/atomic"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// vigor's state writes its own key, with its parts named or not.
var (
	_ keyer      = (*vigor.State)(nil)
	_ namedKeyer = (*vigor.State)(nil)
)

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

// namedKeyOf returns the key vigor's state writes of itself with its
// parts named by w.names, as a computation's keys are.
func namedKeyOf(t *testing.T, w *keyWriter, s *vigor.State) string {
	t.Helper()
	var unique atomic.Int64
	k := string(w.appendState(nil, s, &unique))
	if k[0] != namedKey {
		t.Fatalf("a key of form %q, not named", k[0])
	}
	return k
}

// TestOwnKeysAgree checks vigor's own keys of the states of seeded
// fights against the keys of the walk by reflection and the states' JSON:
// two states have the same key exactly when they have the same JSON, and
// so the same key by the walk.
func TestOwnKeysAgree(t *testing.T) {
	states := vigorStates(t)
	var w keyWriter
	named := keyWriter{names: &keyNames{}}                                                    // one computation's
	byJSON := map[string][3]string{}                                                          // own, walked and named keys by JSON
	byOwn, byWalked, byNamed := map[string]string{}, map[string]string{}, map[string]string{} // JSON by keys
	// A scratch state, as exact odds have one path after path, keeps the
	// keys of the stat blocks' weapons and abilities: they must be the
	// same as written anew.
	// With their parts named, the scratch state keeps their numbers too.
	var scratch vigor.State
	r := vigor.Rules{}
	for i, s := range states {
		own, walked, js := keysOf(t, &w, s)
		name := namedKeyOf(t, &named, s)
		for range 2 {
			r.ScratchInto(&scratch, s)
			if k, _, _ := keysOf(t, &w, &scratch); k != own {
				t.Fatalf("state %d: a scratch copy's key is not the state's", i)
			}
			if k := namedKeyOf(t, &named, &scratch); k != name {
				t.Fatalf("state %d: a scratch copy's named key is not the state's", i)
			}
		}
		if len(name) >= len(own) {
			t.Fatalf("state %d: a named key of %d bytes, the key %d", i, len(name), len(own))
		}
		if own[0] != ownKey || walked[0] != binaryKey {
			t.Fatalf("state %d: keys of forms %q and %q", i, own[0], walked[0])
		}
		if k, ok := byJSON[js]; ok && (k[0] != own || k[1] != walked || k[2] != name) {
			t.Fatalf("state %d: the same JSON as an earlier state, other keys", i)
		}
		byJSON[js] = [3]string{own, walked, name}
		if have, ok := byOwn[own]; ok && have != js {
			t.Fatalf("state %d: the same own key as an earlier state of other JSON:\n%s\n%s", i, have, js)
		}
		byOwn[own] = js
		if have, ok := byWalked[walked]; ok && have != js {
			t.Fatalf("state %d: the same walked key as an earlier state of other JSON", i)
		}
		byWalked[walked] = js
		if have, ok := byNamed[name]; ok && have != js {
			t.Fatalf("state %d: the same named key as an earlier state of other JSON", i)
		}
		byNamed[name] = js
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
	named := keyWriter{names: &keyNames{}}
	changes := 0
	for i := 0; i < len(states); i += len(states) / 12 {
		s := r.Clone(states[i])
		own0, walked0, js0 := keysOf(t, &w, &s)
		name0 := namedKeyOf(t, &named, &s)
		check := func(path string) {
			t.Helper()
			changes++
			own, walked, js := keysOf(t, &w, &s)
			name := namedKeyOf(t, &named, &s)
			sameJSON := js == js0
			if (own == own0) != sameJSON || (walked == walked0) != sameJSON || (name == name0) != sameJSON {
				t.Fatalf("state %d, %s changed: the same JSON %v, the same own key %v, the same walked key %v, the same named key %v\n%s\n%s",
					i, path, sameJSON, own == own0, walked == walked0, name == name0, js0, js)
			}
		}
		enginetest.ChangeEvery(reflect.ValueOf(&s).Elem(), "state", check, nil)
		if own, walked, js := keysOf(t, &w, &s); own != own0 || walked != walked0 || js != js0 {
			t.Fatalf("state %d: not restored after the changes", i)
		}
	}
	if changes < 5000 {
		t.Fatalf("only %d changes", changes)
	}
	t.Logf("%d changes", changes)
}
