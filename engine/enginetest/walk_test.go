package enginetest_test

import (
	"encoding/json"
	"testing"

	"fray/engine/enginetest"
	"fray/rules/reference"
)

// Walk visits every decision of every fight, in order, with the state the
// decision is taken in, and plays the same fights for the same fight
// numbers.
func TestWalkVisitsEveryDecision(t *testing.T) {
	type visit struct {
		setup           string
		fight, decision int
		state           string
	}
	walk := func(maxDecisions int) []visit {
		var out []visit
		enginetest.Walk(t, reference.Rules{}, setups(t), 3, maxDecisions, func(setup string, f, d int, s *reference.State) {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, visit{setup, f, d, string(b)})
		})
		return out
	}
	first, again := walk(1000), walk(1000)
	if len(first) != len(again) {
		t.Fatalf("%d visits, then %d", len(first), len(again))
	}
	fights := map[string]int{}
	for i, v := range first {
		if v != again[i] {
			t.Fatalf("visit %d: %+v, then %+v", i, v, again[i])
		}
		if want := 0; i > 0 && first[i-1].setup == v.setup && first[i-1].fight == v.fight {
			want = first[i-1].decision + 1
			if v.decision != want {
				t.Fatalf("visit %d: decision %d after %d", i, v.decision, first[i-1].decision)
			}
		} else if v.decision != want {
			t.Fatalf("visit %d: a fight starts at decision %d", i, v.decision)
		}
		if v.decision == 0 {
			fights[v.setup]++
		}
	}
	for _, s := range setups(t) {
		if fights[s.Name] != 3 {
			t.Errorf("setup %s: %d fights walked, want 3", s.Name, fights[s.Name])
		}
	}
	if short := walk(2); len(short) != 2*3*len(setups(t)) {
		t.Errorf("with at most 2 decisions a fight: %d visits, want %d", len(short), 2*3*len(setups(t)))
	}
}
