package blackpowder_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
)

// TestSheets: a combatant's sheet gives its LP out of the maximum, its
// actions, fatigue and the rounds in its gun, and what it suffers with
// how long each lasts, in words the table uses.
func TestSheets(t *testing.T) {
	s := scenariotest.Bundled[blackpowder.State, blackpowder.Command, blackpowder.Event](t, blackpowder.Info(), "pistols_at_dawn")
	east, west := &s.Combatants[0], &s.Combatants[1]
	east.LP, east.Fatigue, east.Prone, east.Running = 5, 1, true, true
	east.Aim = &blackpowder.Aim{Target: "westman"}
	east.Weapons[east.Wielding].Loaded = 0
	west.Trapped, west.Assist = 4, 2
	west.Weapons[west.Wielding].State = blackpowder.GunMajorJam
	got := blackpowder.Rules{}.Sheets(s)
	pistol := east.Weapons[east.Wielding].Name
	want := []engine.Sheet{
		{Combatant: "eastman", Numbers: []engine.Number{{Name: "LP", Value: 5, Max: 8}, {Name: "actions", Value: east.Actions}, {Name: "fatigue", Value: 1}, {Name: pistol + " loaded", Value: 0, Max: 1}},
			Conditions: []engine.Condition{{Name: "prone", Lasts: "until it stands up"}, {Name: "running", Lasts: "until its next turn"}, {Name: "aiming at Westman", Lasts: "fires before its group's next turn"}}},
		{Combatant: "westman", Numbers: []engine.Number{{Name: "LP", Value: 8, Max: 8}, {Name: "actions", Value: west.Actions}, {Name: "fatigue", Value: 0}, {Name: pistol + " loaded", Value: 1, Max: 1}},
			Conditions: []engine.Condition{{Name: "trapped", Lasts: "until it escapes (Athletics vs 4)"}, {Name: "assisted +2", Lasts: "on its next check this round"}, {Name: "the " + pistol + " has a major jam"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sheets\n got %+v\nwant %+v", got, want)
	}
}
