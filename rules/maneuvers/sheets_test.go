package maneuvers_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/maneuvers"
)

// TestSheets: a combatant's sheet gives its HP out of the Health Pool, AP
// out of 3 and attacks out of 2, then its conditions with how long each
// lasts.
func TestSheets(t *testing.T) {
	s := bundled(t, "maneuvers_duel")
	a, b := &s.Combatants[0], &s.Combatants[1]
	a.HP, a.AP, a.Attacks, a.Prone, a.Braced, a.Feinting = 4, 1, 2, true, true, b.ID
	b.GrappledBy = a.ID
	got := maneuvers.Rules{}.Sheets(&s)
	want := []engine.Sheet{
		{Combatant: a.ID, Numbers: []engine.Number{{Name: "HP", Value: 4, Max: a.Health}, {Name: "AP", Value: 1, Max: 3}, {Name: "attacks", Value: 2, Max: 2}},
			Conditions: []engine.Condition{
				{Name: "prone: a bane on style and Dodge tests", Lasts: "until it stands up (R34)"},
				{Name: "braced: a boon on its next defence", Lasts: "until it next defends (A18)"},
				{Name: "feinting " + b.Name, Lasts: "a boon on its next Strike at them, lost by any other action first (A17)"},
			}},
		{Combatant: b.ID, Numbers: []engine.Number{{Name: "HP", Value: b.HP, Max: b.Health}, {Name: "AP", Value: b.AP, Max: 3}, {Name: "attacks", Value: 0, Max: 2}},
			Conditions: []engine.Condition{{Name: "grappled by " + a.Name, Lasts: "until released, or more than 1 m apart (R35)"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sheets\n got %+v\nwant %+v", got, want)
	}
}
