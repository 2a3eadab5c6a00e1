package engine_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

// sheeted is the reference ruleset with the Sheets capability: each
// combatant's LP, and its guard and being off balance as conditions.
type sheeted struct{ reference.Rules }

var _ engine.Sheets[reference.State] = sheeted{}

func (sheeted) Sheets(s *reference.State) []engine.Sheet {
	out := make([]engine.Sheet, 0, len(s.Combatants))
	for _, c := range s.Combatants {
		sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{{Name: "LP", Value: c.LP}}}
		if !c.OffBalance.Over() {
			sh.Conditions = append(sh.Conditions, engine.Condition{Name: "off balance", Lasts: c.OffBalance.String()})
		}
		out = append(out, sh)
	}
	return out
}

// TestSheets: a table's sheets are the ruleset's, made from the state;
// a ruleset without the capability has none.
func TestSheets(t *testing.T) {
	if _, ok := feintFight(t).Sheets(engine.Everyone); ok {
		t.Error("the reference ruleset describes no sheets, but the table gives some")
	}
	g := sheeted{}
	table := engine.NewTable[reference.State, reference.Command, reference.Event](g, engine.NewEncounter[reference.State, reference.Command, reference.Event](g, bundled(t, "reference_skirmish")))
	tableSubmit(t, table, "ann", "feint bob", 15)
	tableSubmit(t, table, "bob", "dodge", 2)
	got, ok := table.Sheets(engine.Viewer{Combatant: "bob"})
	if !ok || len(got) < 2 {
		t.Fatalf("sheets %+v, %v", got, ok)
	}
	want := engine.Sheet{Combatant: "bob", Numbers: []engine.Number{{Name: "LP", Value: 12}},
		Conditions: []engine.Condition{{Name: "off balance", Lasts: "until the end of the round"}}}
	if !reflect.DeepEqual(got[1], want) {
		t.Errorf("bob's sheet %+v, want %+v", got[1], want)
	}
	if got[0].Combatant != "ann" || len(got[0].Conditions) != 0 {
		t.Errorf("ann's sheet %+v", got[0])
	}
}
