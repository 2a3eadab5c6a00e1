package vigor_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/vigor"
)

// BenchmarkViewInto makes an enemy's view of a fight with hidden creatures
// decision after decision, as a simulation gives each policy one: once
// dst holds memory from the first view, a view allocates nothing.
//
//	go test ./rules/vigor -run '^$' -bench ViewInto -benchmem
func BenchmarkViewInto(b *testing.B) {
	s := load(b, "hidden.yaml", `
ruleset: vigor
options: {gm_prompts: true}
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: archer, id: bo, side: b, x: 40, y: 5, hidden: true}
  - {use: grizzly, id: bear, side: b, x: 8, y: 0, hidden: true}
  - {use: bandit, id: kit, side: b, x: 10, y: 10}
`)
	r := vigor.Rules{}
	v := engine.Viewer{Combatant: "ann"}
	var view vigor.State
	r.ViewInto(&view, &s, v)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r.ViewInto(&view, &s, v)
	}
	if c := view.Combatant("bo"); c == nil || !c.Unseen {
		b.Fatal("bo is not unseen in ann's view")
	}
}

// TestHiddenDecisionNamesNoOne: a hidden creature's move is kept from its
// enemy's transcript whole, its actor as well as its command (who acted
// unseen is the secret), while its ally and the GM see both; once its
// attack reveals it, the enemy sees who attacked.
func TestHiddenDecisionNamesNoOne(t *testing.T) {
	s := load(t, "hidden_entry.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a}
  - {use: duelist, id: bo, side: b, x: 15, hidden: true}
  - {use: duelist, id: cy, side: b, x: 60}
start: {order: [bo, ann, cy]}
`)
	r := vigor.Rules{}
	table := engine.NewTable[vigor.State, vigor.Command, vigor.Event](r, engine.NewEncounter[vigor.State, vigor.Command, vigor.Event](r, s))
	if _, err := table.Submit("bo", "move 5,0", dice.NewScript()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v    engine.Viewer
		want engine.Entry
	}{
		{engine.Viewer{Combatant: "ann"}, engine.Entry{}},
		{engine.Viewer{Combatant: "cy"}, engine.Entry{Actor: "bo", Command: "move 5,0"}},
		{engine.Everyone, engine.Entry{Actor: "bo", Command: "move 5,0"}},
	} {
		got := table.Transcript(tc.v)
		if len(got) != 1 || got[0].Actor != tc.want.Actor || got[0].Command != tc.want.Command {
			t.Errorf("%+v's transcript: %+v, want actor %q and command %q", tc.v, got, tc.want.Actor, tc.want.Command)
		}
	}
	if _, err := table.Submit("bo", "attack ann", dice.NewPCG(1, 2)); err != nil {
		t.Fatal(err)
	}
	if got := table.Transcript(engine.Viewer{Combatant: "ann"}); len(got) != 2 || got[1].Actor != "bo" || got[1].Command != "attack ann" {
		t.Errorf("ann's transcript after bo's attack: %+v", got)
	}
}
