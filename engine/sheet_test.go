package engine_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

// sheetless is the reference ruleset without its Sheets: the embedded
// interface carries only the required contract.
type sheetless struct {
	engine.Game[reference.State, reference.Command, reference.Event]
}

// TestSheets: a table's sheets are the ruleset's, made from the state as
// the viewer sees it; a ruleset without the capability has none.
func TestSheets(t *testing.T) {
	g := sheetless{reference.Rules{}}
	plain := engine.NewTable[reference.State, reference.Command, reference.Event](g, engine.NewEncounter[reference.State, reference.Command, reference.Event](g, bundled(t, "reference_skirmish")))
	if _, ok := plain.Sheets(engine.Everyone); ok {
		t.Error("a ruleset without Sheets, but the table gives sheets")
	}
	table := newTable(bundled(t, "reference_skirmish"))
	tableSubmit(t, table, "ann", "feint bob", 15)
	tableSubmit(t, table, "bob", "dodge", 2)
	got, ok := table.Sheets(engine.Viewer{Combatant: "bob"})
	if !ok || len(got) < 2 {
		t.Fatalf("sheets %+v, %v", got, ok)
	}
	want := engine.Sheet{Combatant: "bob", Numbers: []engine.Number{{Name: "LP", Value: 12}, {Name: "defence", Value: 12}},
		Conditions: []engine.Condition{{Name: "off balance", Lasts: "until the end of the round"}}}
	if !reflect.DeepEqual(got[1], want) {
		t.Errorf("bob's sheet %+v, want %+v", got[1], want)
	}
	if got[0].Combatant != "ann" || len(got[0].Conditions) != 0 {
		t.Errorf("ann's sheet %+v", got[0])
	}
}
