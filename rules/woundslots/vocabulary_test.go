package woundslots_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// vocabularyState is the fixed state the documented lines are written
// against: ann and bob, in setup.
func vocabularyState(t testing.TB) woundslots.State {
	t.Helper()
	return enginetest.Started(t, (&woundslots.Spec{
		Sides: []woundslots.SideSpec{{ID: "red"}, {ID: "blue"}},
		Combatants: []woundslots.Combatant{
			{ID: "ann", Side: "red", PC: true, Weapons: []woundslots.Weapon{{Name: "sword", Kind: "melee", Damage: 1}}},
			{ID: "bob", Side: "blue", X: 5, Weapons: []woundslots.Weapon{{Name: "bow", Kind: "ranged", Increment: 20}}},
		},
	}).State)
}

// TestVocabulary checks the transcript lines documented in
// docs/rules/woundslots.md.
func TestVocabulary(t *testing.T) {
	s := vocabularyState(t)
	enginetest.Vocabulary(t, woundslots.Rules{}, &s, "../../docs/rules/woundslots.md")
}
