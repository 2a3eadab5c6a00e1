package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

// grouped is the reference ruleset with a board of its own that gives the
// sides their turns as groups, in the order the sides first appear: each
// member marked down or dead as the test says; a group
// is named "feint" when the state it is made from shows the blow pending
// to be a feint.
type grouped struct {
	reference.Rules // with its Secrets: the feint
	down, dead      map[string]bool
}

func (g grouped) Board(s *reference.State) engine.Board {
	var b engine.Board
	for _, c := range s.Combatants {
		i := slices.IndexFunc(b.Order, func(p engine.Place) bool { return p.ID == c.Side })
		if i < 0 {
			b.Order = append(b.Order, engine.Place{ID: c.Side})
			i = len(b.Order) - 1
		}
		if s.Pending != nil && s.Pending.Feint {
			b.Order[i].Name = "feint"
		}
		b.Order[i].Members = append(b.Order[i].Members, engine.Place{ID: c.ID, Down: g.down[c.ID], Dead: g.dead[c.ID]})
	}
	return b
}

// TestBoardOf: a table's board is the ruleset's, made from the state as
// the viewer sees it, naming who decides as the viewer's prompt does
// ("" at the end) and marking a group down or dead when all its members
// are; a ruleset without the capability has none.
func TestBoardOf(t *testing.T) {
	g := sheetless{reference.Rules{}}
	plain := engine.NewTable[reference.State, reference.Command, reference.Event](g, engine.NewEncounter[reference.State, reference.Command, reference.Event](g, bundled(t, "reference_skirmish")))
	if b, ok := plain.Board(engine.Everyone); ok {
		t.Errorf("a ruleset without Boards, but the table gives a board: %+v", b)
	}

	// The reference ruleset's own: ann's feint hits bob, who is asked.
	s := bundled(t, "reference_skirmish")
	s.Combatants[2].LP = 0 // cy is down
	table := newTable(s)
	tableSubmit(t, table, "ann", "feint bob", 15)
	got, ok := table.Board(engine.Viewer{Combatant: "bob"})
	want := engine.Board{Round: 1, Deciding: "bob", Order: []engine.Place{
		{ID: "ann", Name: "Fencer", Current: true}, {ID: "bob", Name: "Guard"}, {ID: "cy", Name: "Scout", Down: true}, {ID: "dee", Name: "Shieldbearer"},
	}}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("bob's board %+v, want %+v", got, want)
	}
	// bob dodges and fails: ann's turn is done, bob's is current (cy's
	// is skipped: down).
	tableSubmit(t, table, "bob", "dodge", 2)
	got, _ = table.Board(engine.Everyone)
	want = engine.Board{Round: 1, Deciding: "bob", Order: []engine.Place{
		{ID: "ann", Name: "Fencer", Done: true}, {ID: "bob", Name: "Guard", Current: true}, {ID: "cy", Name: "Scout", Down: true}, {ID: "dee", Name: "Shieldbearer"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the board after the feint %+v, want %+v", got, want)
	}

	// A board of groups, from each viewer's view: red is down (ann down,
	// cy dead), blue stands; ann's feint at bob is a feint to ann alone.
	g2 := grouped{reference.Rules{}, map[string]bool{"ann": true}, map[string]bool{"cy": true}}
	gt := engine.NewTable[reference.State, reference.Command, reference.Event](g2, engine.NewEncounter[reference.State, reference.Command, reference.Event](g2, bundled(t, "reference_skirmish")))
	tableSubmit(t, gt, "ann", "feint bob", 15)
	for _, v := range []engine.Viewer{{Combatant: "ann"}, {Combatant: "bob"}} {
		got, _ := gt.Board(v)
		name := map[string]string{"ann": "feint", "bob": ""}[v.Combatant]
		want := engine.Board{Deciding: "bob", Order: []engine.Place{
			{ID: "red", Name: name, Down: true, Members: []engine.Place{{ID: "ann", Down: true}, {ID: "cy", Dead: true}}},
			{ID: "blue", Name: name, Members: []engine.Place{{ID: "bob"}, {ID: "dee"}}},
		}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s's board of groups %+v, want %+v", v.Combatant, got, want)
		}
	}
	// Every member dead: the group is dead, not down. Once the GM stops
	// the fight nobody decides.
	g3 := grouped{reference.Rules{}, nil, map[string]bool{"ann": true, "cy": true}}
	s3 := bundled(t, "reference_skirmish")
	s3.Phase = reference.Ruling
	end := engine.NewTable[reference.State, reference.Command, reference.Event](g3, engine.NewEncounter[reference.State, reference.Command, reference.Event](g3, s3))
	tableSubmit(t, end, engine.GM, "stop")
	got, _ = end.Board(engine.Everyone)
	if red := got.Order[0]; got.Deciding != "" || !red.Dead || red.Down {
		t.Errorf("at the end: deciding %q, red %+v", got.Deciding, red)
	}
}
