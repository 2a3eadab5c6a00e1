package vigor_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/vigor"
)

// TestSheets: a creature's sheet gives Vigor, Durability and Health out of
// their maxima and the actions left, then its conditions with how long
// each lasts, in the words of the rules.
func TestSheets(t *testing.T) {
	s := bundled(t, "vigor_duel")
	a, b := &s.Combatants[0], &s.Combatants[1]
	a.Vigor, a.Durability, a.Wounded, a.Winded, a.Prone = 0, 0, true, true, true
	b.Health, b.Shock, b.ShockLeft, b.Defending = 0, true, 3, true
	got := vigor.Rules{}.Sheets(&s)
	if len(got) != 2 {
		t.Fatalf("%d sheets for 2 creatures", len(got))
	}
	want := engine.Sheet{Combatant: a.ID,
		Numbers: []engine.Number{{Name: "Vigor", Value: 0, Max: a.VigorMax}, {Name: "Durability", Value: 0, Max: a.DurabilityMax}, {Name: "Health", Value: a.Health, Max: a.HealthMax}, {Name: "actions", Value: a.Left}},
		Conditions: []engine.Condition{
			{Name: "Wounded: bonus dice a step down", Lasts: "until Durability is above 0 (R34)"},
			{Name: "Winded: no actions, no reactions", Lasts: "until Vigor is 5 or more (R38)"},
			{Name: "knocked down", Lasts: "until it stands up (R39)"},
		}}
	if a.ManaMax > 0 {
		want.Numbers = append(want.Numbers[:3], engine.Number{Name: "Mana", Value: a.Mana, Max: a.ManaMax}, want.Numbers[3])
	}
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("%s's sheet\n got %+v\nwant %+v", a.ID, got[0], want)
	}
	wantB := []engine.Condition{
		{Name: "in Shock", Lasts: "3 Recovery Phase(s) left unless stabilized (R35)"},
		{Name: "defending", Lasts: "until its next turn (R13)"},
	}
	if !reflect.DeepEqual(got[1].Conditions, wantB) {
		t.Errorf("%s's conditions\n got %+v\nwant %+v", b.ID, got[1].Conditions, wantB)
	}
	s.Options.WoundedEndsAtFullHealth = true
	sheets := vigor.Rules{}.Sheets(&s)
	if c := sheets[0].Conditions[0]; c.Lasts != "until Durability is above 0 and Health is full (R34, A08)" {
		t.Errorf("with wounded_ends: full_health, Wounded lasts %q", c.Lasts)
	}
}
