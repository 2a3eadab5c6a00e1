package reference_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/reference"
)

// TestVocabulary checks the transcript lines documented in
// docs/rules/reference.md against the ruleset's own, in a fixed state: a
// fight of ann and cy against bob and dee.
func TestVocabulary(t *testing.T) {
	s := enginetest.Started(t, (&reference.Spec{
		Sides: []reference.SideSpec{{ID: "red"}, {ID: "blue"}},
		Combatants: []reference.Combatant{
			{ID: "ann", Side: "red", LP: 10, Skill: 4, Defence: 13, Weapons: []reference.Weapon{{Name: "sword", Kind: "melee", Bonus: 2}}},
			{ID: "bob", Side: "blue", LP: 12, Skill: 3, Defence: 12},
			{ID: "cy", Side: "red", LP: 8, Skill: 3, Defence: 11},
			{ID: "dee", Side: "blue", LP: 10, Skill: 2, Defence: 14},
		},
	}).State)
	enginetest.Vocabulary(t, reference.Rules{}, &s, "../../docs/rules/reference.md")
}
