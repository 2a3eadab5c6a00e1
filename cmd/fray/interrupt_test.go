package main

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

// TestSimInterrupted stops a long run once the first chunk of fights is
// played, as the first Ctrl-C does: the report of those fights is
// written, marked as interrupted, and the error says how much was played.
func TestSimInterrupted(t *testing.T) {
	stop := make(chan struct{})
	var once sync.Once
	var stdout, stderr bytes.Buffer
	err := runSim(&stdout, &stderr, "alley_fight", simOptions{fights: 100_000, seed: 1, workers: 1, maxDecisions: 1000,
		stop: stop, progress: func(int) { once.Do(func() { close(stop) }) }})
	ie, ok := errors.AsType[*interruptedError](err)
	if !ok {
		t.Fatalf("runSim: %v, want an interruption", err)
	}
	if want := "interrupted: 64 of 100000 fights played, reported above"; ie.Error() != want {
		t.Errorf("the error says %q, want %q", ie.Error(), want)
	}
	if want := "alley_fight (blackpowder): 64 fights, seed 1\ninterrupted: the run was stopped early; this reports the 64 fights played\n\n  side"; !strings.HasPrefix(stdout.String(), want) {
		t.Errorf("the report begins\n%s\nwant\n%s", tail(stdout.String()), want)
	}
	if !strings.Contains(stdout.String(), "per combatant, per fight:") {
		t.Errorf("the report is not whole:\n%s", stdout.String())
	}
}

// TestSimInterruptedBeforeAnyFight: a run stopped before a fight is over
// has nothing to report, and says so.
func TestSimInterruptedBeforeAnyFight(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	var stdout, stderr bytes.Buffer
	err := runSim(&stdout, &stderr, "alley_fight", simOptions{fights: 1000, seed: 1, maxDecisions: 1000, stop: stop})
	if _, ok := errors.AsType[*interruptedError](err); !ok || stdout.Len() != 0 {
		t.Fatalf("runSim: %v, output %q; want an interruption and no report", err, stdout.String())
	}
	if want := "interrupted: no fight was over yet, so there is nothing to report"; err.Error() != want {
		t.Errorf("the error says %q, want %q", err, want)
	}
}

// TestSweepInterrupted stops a sweep during its second value: the first
// value's report is written, the rest left out.
func TestSweepInterrupted(t *testing.T) {
	stop := make(chan struct{})
	var once sync.Once
	var stdout, stderr bytes.Buffer
	err := runSim(&stdout, &stderr, "alley_fight", simOptions{fights: 64, seed: 1, workers: 1, maxDecisions: 1000,
		vary: "combatants[1].evade=4..6", stop: stop, progress: func(int) { once.Do(func() { close(stop) }) }})
	if want := "interrupted: 1 of the 3 values of combatants[1].evade played out, reported above"; err == nil || err.Error() != want {
		t.Fatalf("runSim: %v, want %q", err, want)
	}
	out := stdout.String()
	if !strings.Contains(out, "evade") || strings.Count(out, "\n") < 2 {
		t.Fatalf("no sweep report:\n%s", out)
	}
	var whole bytes.Buffer
	if err := runSim(&whole, &stderr, "alley_fight", simOptions{fights: 64, seed: 1, workers: 1, maxDecisions: 1000, vary: "combatants[1].evade=4..4"}); err != nil {
		t.Fatal(err)
	}
	if out != whole.String() {
		t.Errorf("the interrupted sweep reports\n%s\nwant that of its first value alone:\n%s", out, whole.String())
	}
}
