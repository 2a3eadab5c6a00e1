package blackpowder_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/blackpowder"
)

// vocabularyState is the state the documented examples are described in:
// the players markus (a club, then a pistol; a salve) and beatrix (a
// knife) against the thugs thug (a club) and gunman (a pistol), in round
// 2, with the default round limit of 100.
func vocabularyState(t *testing.T) blackpowder.State {
	t.Helper()
	club := blackpowder.WeaponSpec{Name: "club", Kind: "melee", Damage: "D10/2"}
	pistol := blackpowder.WeaponSpec{Name: "pistol", Kind: "gun", RangeNormal: 15, RangeFar: 30, Reload: []int{1, 1, 0}, FixDifficulty: 8, Capacity: 1}
	knife := blackpowder.WeaponSpec{Name: "knife", Kind: "thrown", Damage: "D10/2", RangeNormal: 5, RangeFar: 10, Thrown: true}
	return enginetest.Started(t, (&blackpowder.Spec{
		Groups: []blackpowder.GroupSpec{{ID: "players", Players: true}, {ID: "thugs"}},
		Combatants: []blackpowder.CombatantSpec{
			{ID: "markus", Group: "players", Body: 3, Senses: 1, Willpower: 2, Skills: map[string]int{"speed": 1, "brawl": 2}, Evade: 7, Toughness: 1, DamageBonus: 1, LPMax: 12,
				Weapons: []blackpowder.WeaponSpec{club, pistol}, Items: []blackpowder.ItemSpec{{Name: "salve", Heal: "d10/2+2"}}},
			{ID: "beatrix", Group: "players", Body: 2, Senses: 3, Science: 2, Willpower: 1, Skills: map[string]int{"speed": 3, "dodge": 3, "medicine": 3}, Evade: 8, LPMax: 10,
				Weapons: []blackpowder.WeaponSpec{knife}},
			{ID: "thug", Group: "thugs", Body: 2, Senses: 1, Willpower: 1, Skills: map[string]int{"speed": 1}, Evade: 6, LPMax: 8, X: 1,
				Weapons: []blackpowder.WeaponSpec{club}},
			{ID: "gunman", Group: "thugs", Body: 2, Senses: 2, Willpower: 1, Skills: map[string]int{"speed": 1}, Evade: 6, LPMax: 10, X: 10,
				Weapons: []blackpowder.WeaponSpec{pistol}},
		},
		Begin: blackpowder.Start{Round: 2, Order: []string{"players", "thugs"}, Turn: "players"},
	}).State)
}

// TestVocabulary checks the transcript lines documented in
// docs/rules/blackpowder.md against the ruleset's own, described in
// vocabularyState: it fails when a line changes without its
// documentation, or when an event kind has no row.
func TestVocabulary(t *testing.T) {
	s := vocabularyState(t)
	enginetest.Vocabulary(t, blackpowder.Rules{}, &s, "../../docs/rules/blackpowder.md")
}
