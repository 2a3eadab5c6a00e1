package tempo

import (
	"encoding/json"
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/scenario/scenariotest"
)

// TestMovesTakeTheTurnCheck plays fights the way a simulation does (Moves,
// a random option, Step on the same state) and checks at every decision
// that Moves, which takes what Step's check that the turn can go on found,
// lists the options Next lists with a search of its own.
func TestMovesTakeTheTurnCheck(t *testing.T) {
	loader := scenariotest.Loader[State, Command, Event]{Info: Info()}
	fights := enginetest.Scale(300)
	taken := 0
	for _, name := range []string{"duel", "bow_skirmish", "brawl"} {
		initial := loader.Bundled(t, name)
		initial.Options.RoundLimit = 10
		for f := range fights {
			taken += checkTurnCheck(t, name, &initial, uint64(f))
		}
	}
	if taken == 0 {
		t.Fatal("no Moves took what Step's check found")
	}
}

// checkTurnCheck plays one fight from initial and returns how many menus
// Moves listed with what Step's check found.
func checkTurnCheck(t *testing.T, name string, initial *State, seed uint64) int {
	t.Helper()
	r := Rules{}
	s := r.Clone(initial)
	src, choose := dice.Seeded(dice.Mix(seed, 0)), dice.Seeded(dice.Mix(seed, 1))
	var p engine.Prompt[Command]
	var events []Event
	taken := 0
	for d := 0; d < 2000; d++ {
		if s.hot != nil && s.hot.checked == &s {
			taken++
		}
		r.Moves(&s, &p)
		if p.Kind == engine.End {
			return taken
		}
		where := fmt.Sprintf("%s, fight %d, decision %d", name, seed, d)
		want := r.Next(&s)
		if got, full := commandsOf(t, p.Options), commandsOf(t, want.Options); got != full {
			t.Fatalf("%s: Moves lists\n%s\nNext\n%s", where, got, full)
		}
		c := p.Options[choose.Roll(len(p.Options))-1].Command
		var err error
		if events, err = r.Step(&s, p.Actor, c, src, events[:0]); err != nil {
			t.Fatalf("%s: Step refused a listed option: %v", where, err)
		}
	}
	t.Fatalf("%s, fight %d: no end after 2000 decisions", name, seed)
	return taken
}

// commandsOf writes the options' commands as JSON, one a line.
func commandsOf(t *testing.T, options []engine.Option[Command]) string {
	t.Helper()
	out := ""
	for _, o := range options {
		b, err := json.Marshal(o.Command)
		if err != nil {
			t.Fatalf("writing %T: %v", o.Command, err)
		}
		out += fmt.Sprintf("%T %s\n", o.Command, b)
	}
	return out
}
