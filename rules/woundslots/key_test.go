package woundslots_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// keyStates plays random fights of the setups and returns the states met:
// at one decision in three the state, and the states a random option of
// it leads to with several dice, some the same and some not.
func keyStates(t *testing.T) []*woundslots.State {
	t.Helper()
	return enginetest.KeyStates(t, woundslots.Rules{}, setups(t), 2)
}

// TestKeysAgreeWithJSON checks the keys of the states of random fights:
// two states have the same key exactly when they have the same JSON, a
// scratch copy of a state (ScratchInto) has the state's key, and after a
// decision taken in it the key a state written anew has.
func TestKeysAgreeWithJSON(t *testing.T) {
	r := woundslots.Rules{}
	enginetest.KeysAgreeWithJSON(t, r, keyStates(t), r.ScratchInto)
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
