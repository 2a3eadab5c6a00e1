package tempo_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/tempo"
)

// TestSheets: a combatant's sheet gives its health out of the maximum and
// its AP out of 12, then its status with whom it is bound, and the aim it
// holds with how long that lasts.
func TestSheets(t *testing.T) {
	s := bundled(t, "duel")
	a, b := &s.Combatants[0], &s.Combatants[1]
	a.Health, a.AP = 3, 7
	a.Status, a.BoundWith = tempo.Bound, b.ID
	b.Status, b.BoundWith = tempo.Bound, a.ID
	b.Aimed = b.Weapons[0].Name
	got := tempo.Rules{}.Sheets(&s)
	want := []engine.Sheet{
		{Combatant: a.ID, Numbers: []engine.Number{{Name: "health", Value: 3, Max: a.MaxHealth}, {Name: "AP", Value: 7, Max: 12}},
			Conditions: []engine.Condition{{Name: "bound with " + b.Name, Lasts: "until the bind is broken"}}},
		{Combatant: b.ID, Numbers: []engine.Number{{Name: "health", Value: b.Health, Max: b.MaxHealth}, {Name: "AP", Value: b.AP, Max: 12}},
			Conditions: []engine.Condition{{Name: "bound with " + a.Name, Lasts: "until the bind is broken"}, {Name: "aimed with the " + b.Weapons[0].Name, Lasts: "for its next attack with it this turn (R14)"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sheets\n got %+v\nwant %+v", got, want)
	}
}

// TestSheetOfALateJoiner: one joining after the first round is not there
// yet while that round goes on, and its sheet says so and when it comes:
// as the second round begins (G8).
func TestSheetOfALateJoiner(t *testing.T) {
	s := load(t, "late.yaml", `
ruleset: tempo
combatants:
  - {id: ann, side: red, x: 0, y: 0}
  - {id: bob, side: blue, x: 3, y: 0}
  - {id: cy, side: blue, x: 5, y: 0, joins: 1}
start: {order: [ann, bob]}
`)
	sheets := tempo.Rules{}.Sheets(&s)
	want := engine.Condition{Name: "not arrived yet", Lasts: "joins as round 2 begins (G8)"}
	if got := sheets[2].Conditions; len(got) == 0 || got[0] != want {
		t.Errorf("cy's conditions %+v, want first %+v", got, want)
	}
}
