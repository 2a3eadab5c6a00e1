package engine_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest/duel"
)

func TestUniformPicksEveryOptionEvenly(t *testing.T) {
	enc := newEncounter(duel.Brawl())
	p := enc.Prompt()
	var policy engine.Policy[duel.State, duel.Command] = engine.Uniform[duel.State, duel.Command]{}
	src := dice.Seeded(7)
	counts := map[string]int{}
	const n = 30000
	for range n {
		counts[duel.Rules{}.FormatCommand(policy.Choose(enc.State(), p, src))]++
	}
	if len(counts) != len(p.Options) {
		t.Fatalf("chose %v, want each of %d options", counts, len(p.Options))
	}
	for cmd, c := range counts {
		// Each option has p = 1/3; 5 sigma is about 410.
		if d := c - n/3; d < -410 || d > 410 {
			t.Errorf("%q chosen %d times of %d, want about %d", cmd, c, n, n/3)
		}
	}
	if got := policy.Choose(enc.State(), engine.Prompt[duel.Command]{}, src); got != nil {
		t.Errorf("Choose with no options = %v, want the zero command", got)
	}
}

func TestUnwrapGivesTheTypedEncounter(t *testing.T) {
	table := newTable(duel.Brawl())
	tableSubmit(t, table, "ann", "defend")
	g, enc, ok := engine.Unwrap[duel.State, duel.Command, duel.Event](table)
	if !ok || g.ID() != "duel" || len(enc.Log()) != 1 {
		t.Fatalf("Unwrap = %v, %v, %v; want the duel encounter with one decision", g, enc, ok)
	}
	if _, _, ok := engine.Unwrap[int, int, int](table); ok {
		t.Error("Unwrap with the wrong types reported ok")
	}
}
