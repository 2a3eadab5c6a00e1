package tempo_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/tempo"
)

// vocabularyState is the state the documented examples are described in:
// ann (red, a sword) against bob (blue, a sword and a shortbow), two
// rounds done, bob's turn in round 3 with 7 AP, off guard.
func vocabularyState(t *testing.T) tempo.State {
	t.Helper()
	sword := tempo.WeaponSpec{Name: "sword", Kind: "melee", AP: 4, Damage: "1d8"}
	bow := tempo.WeaponSpec{Name: "shortbow", Kind: "ranged", AP: 4, Damage: "1d6", Range: 10}
	seven := 7
	return enginetest.Started(t, (&tempo.Spec{
		Combatants: []tempo.CombatantSpec{
			{ID: "ann", Side: "red", Melee: 2, X: 0, Weapons: []tempo.WeaponSpec{sword}},
			{ID: "bob", Side: "blue", Melee: 2, X: 1, Weapons: []tempo.WeaponSpec{sword, bow}},
		},
		Begin: tempo.Start{Round: 2, Order: []string{"ann", "bob"}, Turn: "bob", Combatants: map[string]tempo.CombatantStart{
			"bob": {AP: &seven, Status: "off-guard"},
		}},
	}).State)
}

// TestVocabulary checks the transcript lines documented in
// docs/rules/tempo.md against the ruleset's own, described in
// vocabularyState: it fails when a line changes without its
// documentation, or when an event kind has no row.
func TestVocabulary(t *testing.T) {
	s := vocabularyState(t)
	enginetest.Vocabulary(t, tempo.Rules{}, &s, "../../docs/rules/tempo.md")
}
