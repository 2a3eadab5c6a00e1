package engine_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/reference"
)

func TestUniformPicksEveryOptionEvenly(t *testing.T) {
	enc := newEncounter(bundled(t, "reference_brawl"))
	p := enc.Prompt()
	var policy engine.Policy[reference.State, reference.Command] = engine.Uniform[reference.State, reference.Command]{}
	src := dice.Seeded(7)
	counts := map[string]int{}
	const n = 30000
	for range n {
		counts[reference.Rules{}.FormatCommand(policy.Choose(enc.State(), &p, src))]++
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
	if got := policy.Choose(enc.State(), &engine.Prompt[reference.Command]{}, src); got != nil {
		t.Errorf("Choose with no options = %v, want the zero command", got)
	}
}

func TestUnwrapGivesTheTypedEncounter(t *testing.T) {
	table := newTable(bundled(t, "reference_brawl"))
	tableSubmit(t, table, "ann", "defend")
	g, enc, ok := engine.Unwrap[reference.State, reference.Command, reference.Event](table)
	if !ok || g.ID() != "reference" || len(enc.Log()) != 1 {
		t.Fatalf("Unwrap = %v, %v, %v; want the reference encounter with one decision", g, enc, ok)
	}
	if _, _, ok := engine.Unwrap[int, int, int](table); ok {
		t.Error("Unwrap with the wrong types reported ok")
	}
}
