package tempo_test

import (
	"testing"

	"fray/engine"
)

// TestCombatMoveCriticalDefaultsToTheDeclaredDestination: a critical Combat
// Move lets the actor choose a new destination (R16); left undecided, it
// goes where it was declared to go, as a success would, not nowhere.
func TestCombatMoveCriticalDefaultsToTheDeclaredDestination(t *testing.T) {
	table := duelTable(t)
	submit(t, table, engine.GM, "begin", 9, 1)
	submit(t, table, "ann", "combat-move bob 0,1")
	submit(t, table, "bob", "none", 10)
	p := table.PromptFor(engine.Viewer{GM: true})
	if p.Actor != "ann" || p.Default < 0 || p.Default >= len(p.Options) {
		t.Fatalf("after a critical combat move the prompt is %+v", p)
	}
	if got := p.Options[p.Default].Command; got != "to 0,1" {
		t.Errorf("the default destination is %q, want the declared %q; options: %+v", got, "to 0,1", p.Options)
	}
}
