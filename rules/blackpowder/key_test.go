package blackpowder

import (
	"math"
	"reflect"
	"testing"

	"fray/engine/enginetest"
)

// keyStates plays random fights of the setups and returns the states met:
// at one decision in three the state, and the states a random option of
// it leads to with several dice, some the same and some not.
func keyStates(t *testing.T) []*State {
	t.Helper()
	return enginetest.KeyStates(t, Rules{}, setups(t), 3)
}

// TestKeysAgreeWithJSON checks the keys of the states of random fights:
// two states have the same key exactly when they have the same JSON, and
// a scratch copy of a state (ScratchInto) has the state's key.
func TestKeysAgreeWithJSON(t *testing.T) {
	r := Rules{}
	enginetest.KeysAgreeWithJSON(t, r, keyStates(t), r.ScratchInto)
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

// names are the names of the small numbers the state keeps as words in
// JSON, by their type: a change of one makes it another of its values.
var names = map[reflect.Type][]string{
	reflect.TypeFor[Status]():     statusNames[:],
	reflect.TypeFor[WeaponKind](): weaponKindNames[:],
	reflect.TypeFor[Stage]():      stageNames[:],
	reflect.TypeFor[DamageDie]():  damageDieNames[:],
}

// changeSpecial changes a nested command to other commands as a whole,
// a float to -0 as well as what enginetest.ChangeEvery sets it to (JSON
// writes -0 apart from 0 unless it leaves the field out), and a status or
// weapon kind to each of its other values, and reports whether v is one
// of those.
func changeSpecial(v reflect.Value, path string, check func(string)) bool {
	if words, ok := names[v.Type()]; ok {
		old := v.Uint()
		for u := range uint64(len(words)) {
			if u != old {
				v.SetUint(u)
				check(path)
			}
		}
		v.SetUint(old)
		return true
	}
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
