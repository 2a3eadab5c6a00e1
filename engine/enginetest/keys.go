package enginetest

import (
	"crypto/sha256"
	"encoding/json"
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
)

// KeyedState is a state that writes its own key for exact odds: two
// states get the same key exactly when their JSON is the same.
type KeyedState[S any] interface {
	*S
	AppendKey(b []byte) []byte
}

// KeysSeeEveryChange checks a state type's own key against its JSON:
// it changes every field of a copy (clone) of some of states, every
// step-th from the first, one at a time (ChangeEvery, with special), and
// checks that the key changes exactly when the JSON does, and that no
// two of the states so made of one have the same key and other JSON or
// the same JSON and another key. With scratchInto set, the copy is a
// scratch one, as exact odds key path after path, whose key may be
// written from memory it keeps: after each change its key must also be
// that of a clone of it written anew. It fails with fewer than
// minChanges changes, or fewer than half of them to another key.
func KeysSeeEveryChange[S any, P KeyedState[S]](t *testing.T, states []*S, step int, clone func(*S) S, scratchInto func(dst, src *S), special Special, minChanges int) {
	t.Helper()
	changes, differ := 0, 0
	var s S
	for i := 0; i < len(states); i += max(1, step) {
		if scratchInto != nil {
			scratchInto(&s, states[i])
		} else {
			s = clone(states[i])
		}
		key0, js0 := string(P(&s).AppendKey(nil)), jsonOf(t, &s)
		byJSON, byKey := map[[32]byte]string{}, map[string][32]byte{}
		check := func(path string) {
			t.Helper()
			changes++
			key, js := string(P(&s).AppendKey(nil)), jsonOf(t, &s)
			if scratchInto != nil {
				fresh := clone(&s)
				if anew := string(P(&fresh).AppendKey(nil)); key != anew {
					t.Fatalf("state %d, %s changed: the scratch state's key is not the key written anew", i, path)
				}
			}
			if (key == key0) != (js == js0) {
				t.Fatalf("state %d, %s changed: the same key %v, the same JSON %v\n%s\n%s", i, path, key == key0, js == js0, js0, js)
			}
			sum := sha256.Sum256([]byte(js))
			if have, ok := byJSON[sum]; ok && have != key {
				t.Fatalf("state %d, %s changed: the JSON of an earlier change, another key", i, path)
			}
			if have, ok := byKey[key]; ok && have != sum {
				t.Fatalf("state %d, %s changed: the key of an earlier change, other JSON", i, path)
			}
			byJSON[sum], byKey[key] = key, sum
			if key != key0 {
				differ++
			}
		}
		check("nothing")
		ChangeEvery(reflect.ValueOf(&s).Elem(), "state", check, special)
		if key, js := string(P(&s).AppendKey(nil)), jsonOf(t, &s); key != key0 || js != js0 {
			t.Fatalf("state %d: not restored after the changes", i)
		}
	}
	if changes < minChanges || differ < changes/2 {
		t.Fatalf("%d changes, %d of them to another key: too few", changes, differ)
	}
	t.Logf("%d changes, %d of them to another key", changes, differ)
}

// jsonOf returns the JSON of s.
func jsonOf[S any](t *testing.T, s *S) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// KeyStates plays fights random fights of each setup (Walk) and returns
// states to check keys on: at one decision in three the state, and the
// states a random option of it leads to with three seeds of dice, some
// alike and some not.
func KeyStates[S, C, E any](t *testing.T, g engine.Game[S, C, E], setups []Setup[S], fights int) []*S {
	t.Helper()
	var out []*S
	Walk(t, g, setups, fights, 200, func(setup string, f, d int, s *S) {
		if d%3 != 0 {
			return
		}
		c := g.Clone(s)
		out = append(out, &c)
		p := g.Next(s)
		if len(p.Options) == 0 {
			return
		}
		cmd := p.Options[d%len(p.Options)].Command
		for i := range uint64(3) {
			next := g.Clone(s)
			if _, err := engine.Step(g, &next, p.Actor, cmd, dice.Seeded(dice.Mix(uint64(d), i)), nil); err != nil {
				t.Fatalf("%s fight %d decision %d: %v", setup, f, d, err)
			}
			out = append(out, &next)
		}
	})
	return out
}

// KeysAgreeWithJSON checks a state type's own key on states (KeyStates):
// two of them have the same key exactly when they have the same JSON; a
// scratch copy of one (scratchInto) has its key, and after a decision
// taken in it, as exact odds take one, the key of a clone written anew.
// It fails with fewer than 500 states, fewer than 200 distinct, or none
// alike.
func KeysAgreeWithJSON[S, C, E any, P KeyedState[S]](t *testing.T, g engine.Game[S, C, E], states []*S, scratchInto func(dst, src *S)) {
	t.Helper()
	var scratch S
	byJSON, byKey := map[string]string{}, map[string]string{}
	for i, s := range states {
		key, js := string(P(s).AppendKey(nil)), jsonOf(t, s)
		scratchInto(&scratch, s)
		if string(P(&scratch).AppendKey(nil)) != key {
			t.Fatalf("state %d: a scratch copy's key is not the state's", i)
		}
		if p := g.Next(&scratch); len(p.Options) > 0 {
			cmd := p.Options[i%len(p.Options)].Command
			if _, err := engine.Step(g, &scratch, p.Actor, cmd, dice.Seeded(uint64(i)), nil); err == nil {
				fresh := g.Clone(&scratch)
				if string(P(&scratch).AppendKey(nil)) != string(P(&fresh).AppendKey(nil)) {
					t.Fatalf("state %d: after %s: %v, the scratch state's key is not the key written anew", i, p.Actor, cmd)
				}
			}
		}
		if have, ok := byJSON[js]; ok && have != key {
			t.Fatalf("state %d: the same JSON as an earlier state, another key", i)
		}
		byJSON[js] = key
		if have, ok := byKey[key]; ok && have != js {
			t.Fatalf("state %d: the same key as an earlier state of other JSON:\n%s\n%s", i, have, js)
		}
		byKey[key] = js
	}
	if len(states) < 500 || len(byJSON) < 200 || len(byJSON) == len(states) {
		t.Fatalf("%d states, %d distinct: too few, or none alike", len(states), len(byJSON))
	}
	t.Logf("%d states, %d distinct", len(states), len(byJSON))
}
