package tempo_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/tempo"
)

// TestViewsHoldThroughSteps plays fights the way a simulation does (a
// scratch copy of the start, Moves, a view for the actor, a random option,
// Step on the same state) and checks that the views of the last two
// decisions still read as they did when they were made, whatever the
// steps since did: a view shares nothing with the state that a Step
// changes in place, not even the weapons a disarm drops or a pick-up
// adds, which it shares with the state.
//
// A disarm or a pick-up comes up in only some random fights, so when the
// fights the scale asks for (one a setup with -short) have none, more are
// played, seed after seed, until one does: the check of what a view shares
// is never skipped for want of the case it is about.
func TestViewsHoldThroughSteps(t *testing.T) {
	const most = 100 // fights a setup, at the most
	fights, changed := enginetest.Scale(most), 0
	all := setups(t)
	for f := 0; f < most && (f < fights || changed == 0); f++ {
		for _, setup := range all {
			changed += checkViewsHold(t, setup.Name, &setup.State, uint64(f))
		}
	}
	if changed == 0 {
		t.Fatalf("no fight of %d a setup dropped or picked up a weapon", most)
	}
}

// checkViewsHold plays one fight from initial and returns how many of its
// events changed someone's weapons.
func checkViewsHold(t *testing.T, name string, initial *tempo.State, seed uint64) int {
	t.Helper()
	r := tempo.Rules{}
	var s tempo.State
	r.ScratchInto(&s, initial)
	src, choose := dice.Seeded(dice.Mix(seed, 0)), dice.Seeded(dice.Mix(seed, 1))
	var (
		p      engine.Prompt[tempo.Command]
		events []tempo.Event
		views  [2]tempo.State
		seen   [2][]byte
	)
	changed := 0
	for d := 0; d < 2000; d++ {
		r.Moves(&s, &p)
		if p.Kind == engine.End {
			return changed
		}
		where := fmt.Sprintf("%s, fight %d, decision %d", name, seed, d)
		v := &views[d%2]
		r.ViewInto(v, &s, engine.Viewer{Combatant: p.Actor})
		seen[d%2] = jsonOf(t, v)
		c := p.Options[choose.Roll(len(p.Options))-1].Command
		var err error
		if events, err = r.Step(&s, p.Actor, c, src, events[:0]); err != nil {
			t.Fatalf("%s: Step refused a listed option: %v", where, err)
		}
		for _, e := range events {
			switch e.(type) {
			case *tempo.Disarmed, *tempo.PickedUp:
				changed++
			}
		}
		for i := range views {
			if seen[i] != nil && string(jsonOf(t, &views[i])) != string(seen[i]) {
				t.Fatalf("%s: a view changed with the state it was made from:\nwas %s\nnow %s", where, seen[i], jsonOf(t, &views[i]))
			}
		}
	}
	t.Fatalf("%s, fight %d: no end after 2000 decisions", name, seed)
	return changed
}

// jsonOf writes s as JSON.
func jsonOf(t *testing.T, s *tempo.State) []byte {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("writing a state: %v", err)
	}
	return b
}
