package tempo_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/tempo"
)

// keyStates plays random fights of the setups and returns the states met:
// at one decision in three the state, and the states a random option of
// it leads to with several dice, some the same and some not.
func keyStates(t *testing.T) []*tempo.State {
	t.Helper()
	return enginetest.KeyStates(t, tempo.Rules{}, setups(t), 3)
}

// TestKeysAgreeWithJSON checks the keys of the states of random fights:
// two states have the same key exactly when they have the same JSON, and
// a scratch copy of a state (ScratchInto) has the state's key.
func TestKeysAgreeWithJSON(t *testing.T) {
	r := tempo.Rules{}
	enginetest.KeysAgreeWithJSON(t, r, keyStates(t), r.ScratchInto)
}

// TestKeysSeeEveryChange changes every field of states of random fights,
// one at a time (a number, a flag, a string with and without bytes that
// are not UTF-8, a list, a pointer there or not), and checks that two of
// the states so made, the first among them, have the same key exactly
// when they have the same JSON: a field the key leaves out, or one it
// tells apart where JSON does not, fails.
func TestKeysSeeEveryChange(t *testing.T) {
	states := keyStates(t)
	r := tempo.Rules{}
	enginetest.KeysSeeEveryChange(t, states, len(states)/16, r.Clone, r.ScratchInto, nil, 10000)
}
