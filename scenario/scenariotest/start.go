package scenariotest

import (
	"testing"

	"fray/engine"
	"fray/scenario"
)

// Start reads an encounter file's text, named name, with the bundled
// content of the ruleset info describes, starts the fight and returns its
// first state, for tests that play the ruleset's types directly. Any
// error fails t.
func Start[S, C, E any](t testing.TB, info engine.RulesetInfo, name string, text []byte) *S {
	t.Helper()
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, name, text)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	_, enc, ok := engine.Unwrap[S, C, E](table)
	if !ok {
		t.Fatalf("%s: a %s table, not of the types asked for", name, table.Ruleset())
	}
	return enc.State()
}

// Bundled starts the ruleset's bundled encounter called name and returns
// its first state, as Start does.
func Bundled[S, C, E any](t testing.TB, info engine.RulesetInfo, name string) *S {
	t.Helper()
	text, ok := info.Content()[name]
	if !ok {
		t.Fatalf("%s has no bundled encounter %q", info.ID, name)
	}
	return Start[S, C, E](t, info, name+".yaml", text)
}
