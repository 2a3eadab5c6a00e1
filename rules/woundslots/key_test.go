package woundslots_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// keyStates plays random fights of the setups and returns the states met:
// at one decision in three the state, and the states a random option of
// it leads to with several dice, some the same and some not.
func keyStates(t *testing.T) []*woundslots.State {
	t.Helper()
	r := woundslots.Rules{}
	var out []*woundslots.State
	enginetest.Walk(t, r, setups(t), 2, 200, func(setup string, f, d int, s *woundslots.State) {
		if d%3 != 0 {
			return
		}
		c := r.Clone(s)
		out = append(out, &c)
		p := r.Next(s)
		if len(p.Options) == 0 {
			return
		}
		cmd := p.Options[d%len(p.Options)].Command
		for i := range uint64(3) {
			next := r.Clone(s)
			if _, err := engine.Step[woundslots.State, woundslots.Command, woundslots.Event](r, &next, p.Actor, cmd, dice.Seeded(dice.Mix(uint64(d), i)), nil); err != nil {
				t.Fatalf("%s fight %d decision %d: %v", setup, f, d, err)
			}
			out = append(out, &next)
		}
	})
	return out
}

// jsonOf returns the state's JSON.
func jsonOf(t *testing.T, s *woundslots.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestKeysAgreeWithJSON checks the keys of the states of random fights:
// two states have the same key exactly when they have the same JSON, a
// scratch copy of a state (ScratchInto) has the state's key, and after a
// decision taken in it the key a state written anew has.
func TestKeysAgreeWithJSON(t *testing.T) {
	states := keyStates(t)
	r := woundslots.Rules{}
	var scratch woundslots.State
	byJSON, byKey := map[string]string{}, map[string]string{}
	for i, s := range states {
		key, js := string(s.AppendKey(nil)), jsonOf(t, s)
		r.ScratchInto(&scratch, s)
		if string(scratch.AppendKey(nil)) != key {
			t.Fatalf("state %d: a scratch copy's key is not the state's", i)
		}
		// Then a decision in place, as exact odds take one: the key the
		// scratch state keeps is the one written anew.
		if p := r.Next(&scratch); len(p.Options) > 0 {
			cmd := p.Options[i%len(p.Options)].Command
			if _, err := engine.Step[woundslots.State, woundslots.Command, woundslots.Event](r, &scratch, p.Actor, cmd, dice.Seeded(uint64(i)), nil); err == nil {
				fresh := r.Clone(&scratch)
				if string(scratch.AppendKey(nil)) != string(fresh.AppendKey(nil)) {
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

// TestKeysSeeEveryChange changes every field of states of random fights,
// one at a time (a number, a flag, a string with and without bytes that
// are not UTF-8, a list, a map, a pointer there or not, a nested
// command), and checks that two of the states so made, the first among
// them, have the same key exactly when they have the same JSON: a field
// the key leaves out, or one it tells apart where JSON does not, fails.
// A pointer made and a list's new element have their fields changed in
// turn, so that every field of every type the state holds is changed,
// whether the fights met it or not.
func TestKeysSeeEveryChange(t *testing.T) {
	states := keyStates(t)
	r := woundslots.Rules{}
	enginetest.KeysSeeEveryChange(t, states, len(states)/16, r.Clone, nil, changeNested, 10000)
}

// TestScratchKeysSeeEveryChange keys a scratch copy of states of random
// fights, as exact odds do path after path (the combatants' keys then
// kept in the scratch state's memory), then changes every field of the
// copy, one at a time, and checks that its key is the key of the same
// state written anew, and that it differs from the key before exactly
// when the JSON does: a change of what the fight changes, or of a stat
// block, which the kept keys must not hide. Lists, maps and what pointers
// point to are changed in new copies, not in place: skills,
// specializations and spells, which states share and nothing changes in
// a fight, are told apart by the memory they are in.
func TestScratchKeysSeeEveryChange(t *testing.T) {
	states := keyStates(t)
	r := woundslots.Rules{}
	enginetest.KeysSeeEveryChange(t, states, len(states)/12, r.Clone, r.ScratchInto, changeNested, 10000)
}

// nestedType is the type of a nested command, which is changed as a
// whole: its command is its own.
var nestedType = reflect.TypeFor[woundslots.Nested]()

// nestedOf returns the nested command whose JSON is text.
func nestedOf(text string) woundslots.Nested {
	var n woundslots.Nested
	if err := json.Unmarshal([]byte(fmt.Sprintf("%q", text)), &n); err != nil {
		panic(err)
	}
	return n
}

// changeNested changes a nested command, which is kept as its text, to
// other commands as a whole, and reports whether v is one.
func changeNested(v reflect.Value, path string, check func(string)) bool {
	if v.Type() != nestedType {
		return false
	}
	old := reflect.ValueOf(v.Interface())
	for _, n := range []woundslots.Nested{{}, nestedOf("attack goblin"), nestedOf("attack goblin with axe"), nestedOf("stow sword")} {
		v.Set(reflect.ValueOf(n))
		check(path + "=" + n.String())
	}
	v.Set(old)
	return true
}
