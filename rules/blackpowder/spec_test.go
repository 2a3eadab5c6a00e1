package blackpowder

import "testing"

// TestSpecRefusesTwoOfAName is a combatant with two knives, which loaded:
// its prompt then offered "draw knife", which was refused because it
// already held "the knife" (found by the budgets test of cmd/fray, which
// fills each list up to its maximum). Weapons and items are named in
// commands, so two of a name are refused at load.
func TestSpecRefusesTwoOfAName(t *testing.T) {
	sp := &Spec{
		Groups: []GroupSpec{{ID: "a", Players: true}, {ID: "b"}},
		Combatants: []CombatantSpec{
			{ID: "x", Group: "a", LPMax: 5,
				Weapons: []WeaponSpec{{Name: "knife", Kind: "melee"}, {Name: "knife", Kind: "melee"}},
				Items:   []ItemSpec{{Name: "potion", Heal: "d4"}, {Name: "potion", Heal: "d6"}}},
			{ID: "y", Group: "b", LPMax: 5},
		},
	}
	_, err := sp.State()
	want := `combatants[0].weapons[1].name: x has two weapons called "knife"; commands name a weapon by its name
combatants[0].items[1].name: x has two items called "potion"; commands name an item by its name`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}
}

// TestSpecRefusesGunFieldsOnOtherWeapons checks that a weapon's fields
// that only a gun reads (reload, loads, jams, powder) are refused on any
// other weapon rather than ignored, as is a far range short of the normal
// range (A20).
func TestSpecRefusesGunFieldsOnOtherWeapons(t *testing.T) {
	one := 1
	sp := &Spec{
		Groups: []GroupSpec{{ID: "a", Players: true}, {ID: "b"}},
		Combatants: []CombatantSpec{
			{ID: "x", Group: "a", LPMax: 5, Weapons: []WeaponSpec{
				{Name: "crossbow", Kind: "ranged", Reload: []int{1, 1, 0}, Loaded: &one, RangeNormal: 30, RangeFar: 15},
				{Name: "pistol", Kind: "gun", Capacity: 0, RangeNormal: 15},
			}},
			{ID: "y", Group: "b", LPMax: 5},
		},
	}
	_, err := sp.State()
	want := `combatants[0].weapons[0].range_far: 15 is less than range_normal 30: far range lies beyond normal range (A20)
combatants[0].weapons[0].reload: only a gun has reload; this weapon is ranged
combatants[0].weapons[0].loaded: only a gun has loaded; this weapon is ranged`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}
}

// TestSpecRefusesTraitsTheKindNeverReads checks that a trait given to a
// kind of weapon that never reads it is refused, naming the field, rather
// than ignored: Thrown on a gun, Defensive on a thrown weapon,
// Immobilizing on a bow, a range on fists.
func TestSpecRefusesTraitsTheKindNeverReads(t *testing.T) {
	sp := &Spec{
		Groups: []GroupSpec{{ID: "a", Players: true}, {ID: "b"}},
		Combatants: []CombatantSpec{
			{ID: "x", Group: "a", LPMax: 5, Weapons: []WeaponSpec{
				{Name: "pistol", Kind: "gun", Thrown: true},
				{Name: "dart", Kind: "thrown", Defensive: 1, Thrown: true},
				{Name: "bow", Kind: "ranged", Immobilizing: 2},
				{Name: "knuckles", Kind: "unarmed", RangeNormal: 5},
				{Name: "knife", Kind: "melee", Thrown: true, Defensive: 1, Immobilizing: 1, RangeNormal: 5, RangeFar: 10},
			}},
			{ID: "y", Group: "b", LPMax: 5},
		},
	}
	_, err := sp.State()
	want := `combatants[0].weapons[0].thrown: only a melee or thrown weapon is thrown (R17): this weapon is gun, and the field would never be read
combatants[0].weapons[1].defensive: only a melee weapon parries (R24, A12): this weapon is thrown, and the field would never be read
combatants[0].weapons[2].immobilizing: a hold is made with a melee weapon or fists (R39): this weapon is ranged, and the field would never be read
combatants[0].weapons[3].range_normal: an unarmed weapon is never thrown or fired: this weapon is unarmed, and the field would never be read`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}
}
