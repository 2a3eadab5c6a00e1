package maneuvers_test

import (
	"bytes"
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/maneuvers"
)

// TestOddsCountAHiddenFoeStanding checks a player's odds of striking at a
// foe hidden from them, worked out on the player's own view (R36, R32,
// R15): the foe, not seen to fall, is reckoned conscious and able to
// defend (it dodges), at its full health, so that the blow never drops
// it; and the odds are the same whatever its real health, which they must
// not betray.
func TestOddsCountAHiddenFoeStanding(t *testing.T) {
	g := engine.Game[maneuvers.State, maneuvers.Command, maneuvers.Event](maneuvers.Rules{})
	calc, err := odds.For(g)
	if err != nil {
		t.Fatal(err)
	}
	text := map[int][]byte{}
	for _, hp := range []int{20, 6} {
		s := load(t, "unseen.yaml", fmt.Sprintf(`
ruleset: maneuvers
combatants:
  - {id: ann, side: a, agi: 1, skills: {dodge: 2}, health: 20}
  - {id: bob, side: b, str: 3, health: 20, x: 1, styles: [{name: knight, rank: 2, gear: [longsword]}], weapons: [{use: longsword}]}
start: {order: [bob, ann], combatants: {ann: {hp: %d, hidden_from: [bob]}}}
`, hp))
		rep, err := calc.Odds(engine.NewTable(g, engine.NewEncounter(g, s)), "bob", "strike ann", odds.Options{Workers: 1})
		if err != nil {
			t.Fatalf("ann at %d health: %v", hp, err)
		}
		var b bytes.Buffer
		if err := rep.WriteText(&b, nil); err != nil {
			t.Fatal(err)
		}
		text[hp] = b.Bytes()
		ann := rep.Combatant("ann")
		if ann == nil || ann.Before != "active" || ann.Down.Sign() != 0 {
			t.Errorf("ann at %d health, hidden from bob: in bob's odds she is %+v, want active before and never down", hp, ann)
		}
		defended := false
		for _, a := range rep.Answered {
			defended = defended || a.Actor == "ann" && a.Command == "dodge"
		}
		if !defended {
			t.Errorf("ann at %d health, hidden from bob: she never defends in bob's odds:\n%s", hp, b.Bytes())
		}
	}
	if !bytes.Equal(text[20], text[6]) {
		t.Errorf("bob's odds tell ann's real health:\nat 20:\n%s\nat 6:\n%s", text[20], text[6])
	}
}

// TestAHiddenFoeKeepsTheFightGoingInTheView checks the fight's end as a
// foe's view has it (R38, R36): Ann, the last of her side and hidden from
// Bob, is present and, as far as Bob knows, conscious, so that when Bob
// ends his turn in his view of the fight it goes on to her turn and is not
// decided for his side.
func TestAHiddenFoeKeepsTheFightGoingInTheView(t *testing.T) {
	g := engine.Game[maneuvers.State, maneuvers.Command, maneuvers.Event](maneuvers.Rules{})
	s := load(t, "unseen.yaml", `
ruleset: maneuvers
combatants:
  - {id: ann, side: a, health: 20, x: 8}
  - {id: bob, side: b, health: 20, weapons: [{use: longsword}]}
start: {order: [bob, ann], combatants: {ann: {hp: 3, hidden_from: [bob]}}}
`)
	view := engine.View(g, &s, engine.Viewer{Combatant: "bob"})
	events, err := g.Decide(&view, "bob", &maneuvers.EndTurn{}, dice.NewScript())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if _, over := e.(*maneuvers.FightEnded); over {
			t.Fatalf("in bob's view the fight ends when he ends his turn, with ann hidden from him and standing: %#v", e)
		}
	}
	for _, e := range events {
		g.Evolve(&view, e)
	}
	if p := g.Next(&view); p.Kind == engine.End || p.Actor != "ann" {
		t.Errorf("in bob's view, after his turn, the prompt is %s's %v, want ann's turn", p.Actor, p.Kind)
	}
}
