package sim_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"fray/rules/blackpowder"
	"fray/sim"
)

// TestStopEndsTheRunEarly closes Options.Stop once the first chunk of
// fights is played: with one worker the run ends there, and the report is
// that of those fights, marked as interrupted, the same as a run asked for
// that many fights but for the mark.
func TestStopEndsTheRunEarly(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	tb := demo(t, "alley_fight")
	stop := make(chan struct{})
	var once sync.Once
	r, err := bp.Simulate(tb, sim.Options{Name: "alley_fight", Fights: 100_000, Seed: 7, Workers: 1, Stop: stop,
		Progress: func(int) { once.Do(func() { close(stop) }) }})
	if err != nil {
		t.Fatal(err)
	}
	if r.Fights != 64 || !r.Interrupted {
		t.Fatalf("the run stopped after %d fights, interrupted %v; want 64 (one chunk), interrupted", r.Fights, r.Interrupted)
	}
	whole, err := bp.Simulate(tb, sim.Options{Name: "alley_fight", Fights: 64, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if whole.Interrupted {
		t.Error("a run of 64 fights that played them all is marked as interrupted")
	}
	whole.Interrupted = true
	if got, want := jsonOf(t, r), jsonOf(t, whole); !bytes.Equal(got, want) {
		t.Errorf("the interrupted report differs from that of its 64 fights:\n%s\n%s", got, want)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if want := "alley_fight (blackpowder): 64 fights, seed 7\ninterrupted: the run was stopped early; this reports the 64 fights played\n\n"; !strings.HasPrefix(text.String(), want) {
		t.Errorf("the text report begins\n%s\nwant\n%s", text.String()[:min(len(text.String()), len(want))], want)
	}
}
