package enginetest

import (
	"crypto/sha256"
	"encoding/json"
	"reflect"
	"testing"
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
