package blackpowder

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
)

// keyStates plays random fights of the setups and returns the states met:
// at one decision in three the state, and the states a random option of
// it leads to with several dice, some the same and some not.
func keyStates(t *testing.T) []*State {
	t.Helper()
	r := Rules{}
	var out []*State
	enginetest.Walk(t, r, setups(t), 3, 200, func(setup string, f, d int, s *State) {
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
			if _, err := engine.Step[State, Command, Event](r, &next, p.Actor, cmd, dice.Seeded(dice.Mix(uint64(d), i)), nil); err != nil {
				t.Fatalf("%s fight %d decision %d: %v", setup, f, d, err)
			}
			out = append(out, &next)
		}
	})
	return out
}

// jsonOf returns the state's JSON.
func jsonOf(t *testing.T, s *State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestKeysAgreeWithJSON checks the keys of the states of random fights:
// two states have the same key exactly when they have the same JSON, and
// a scratch copy of a state (ScratchInto) has the state's key.
func TestKeysAgreeWithJSON(t *testing.T) {
	states := keyStates(t)
	r := Rules{}
	var scratch State
	byJSON, byKey := map[string]string{}, map[string]string{}
	for i, s := range states {
		key, js := string(s.AppendKey(nil)), jsonOf(t, s)
		r.ScratchInto(&scratch, s)
		if string(scratch.AppendKey(nil)) != key {
			t.Fatalf("state %d: a scratch copy's key is not the state's", i)
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
func TestKeysSeeEveryChange(t *testing.T) {
	states := keyStates(t)
	r := Rules{}
	enginetest.KeysSeeEveryChange(t, states, len(states)/16, r.Clone, nil, changeSpecial, 10000)
}

// nestedType is the type of a nested command, which is changed as a
// whole: its command is an interface.
var nestedType = reflect.TypeFor[Nested]()

// changeSpecial changes a nested command to other commands as a whole,
// and a float to -0 as well as what enginetest.ChangeEvery sets it to
// (JSON writes -0 apart from 0 unless it leaves the field out), and
// reports whether v is one of those.
func changeSpecial(v reflect.Value, path string, check func(string)) bool {
	switch {
	case v.Type() == nestedType:
		old := reflect.ValueOf(v.Interface())
		for _, n := range []Nested{{}, {Command: &Attack{Target: "thug"}}, {Command: &Attack{Target: "thug", Weapon: "knife"}},
			{Command: &Attack{Target: "thug", Part: 3}}, {Command: &Interrupt{Action: Nested{Command: &Attack{Target: "thug"}}}}} {
			v.Set(reflect.ValueOf(n))
			check(path)
		}
		v.Set(old)
		return true
	case v.Kind() == reflect.Float64:
		old := v.Float()
		for _, f := range []float64{old + 1, old - 0.5, 0, math.Copysign(0, -1)} {
			v.SetFloat(f)
			check(path)
		}
		v.SetFloat(old)
		return true
	}
	return false
}
