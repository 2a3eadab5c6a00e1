package scenariotest

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/scenario"
)

// Table reads an encounter file's text, named name, with the bundled
// content of the ruleset info describes, and starts the fight. Any error
// fails t.
func Table(t testing.TB, info engine.RulesetInfo, name string, text []byte) engine.Table {
	t.Helper()
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, name, text)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return table
}

// BundledTable starts the ruleset's bundled encounter called name.
func BundledTable(t testing.TB, info engine.RulesetInfo, name string) engine.Table {
	t.Helper()
	text, ok := info.Content()[name]
	if !ok {
		t.Fatalf("%s has no bundled encounter %q", info.ID, name)
	}
	return Table(t, info, name+".yaml", text)
}

// Start is Table returning the fight's first state, for tests that play
// the ruleset's types directly.
func Start[S, C, E any](t testing.TB, info engine.RulesetInfo, name string, text []byte) *S {
	t.Helper()
	return state[S, C, E](t, Table(t, info, name, text))
}

// state returns the typed state behind table.
func state[S, C, E any](t testing.TB, table engine.Table) *S {
	t.Helper()
	_, enc, ok := engine.Unwrap[S, C, E](table)
	if !ok {
		t.Fatalf("a %s table, not of the types asked for", table.Ruleset())
	}
	return enc.State()
}

// Bundled starts the ruleset's bundled encounter called name and returns
// its first state, as Start does.
func Bundled[S, C, E any](t testing.TB, info engine.RulesetInfo, name string) *S {
	t.Helper()
	return state[S, C, E](t, BundledTable(t, info, name))
}

// Loader loads the encounters of one ruleset, of state S, commands C and
// events E, for its tests:
//
//	var loader = scenariotest.Loader[reference.State, reference.Command, reference.Event]{Info: reference.Info()}
type Loader[S, C, E any] struct {
	Info engine.RulesetInfo
}

// Load reads an encounter file's text, named name, with the bundled
// content, and returns the fight's first state. Any error fails t.
func (l Loader[S, C, E]) Load(t testing.TB, name, text string) S {
	t.Helper()
	return *Start[S, C, E](t, l.Info, name, []byte(text))
}

// Bundled returns the first state of the bundled encounter called name,
// brought in by a file that says only "use: NAME".
func (l Loader[S, C, E]) Bundled(t testing.TB, name string) S {
	t.Helper()
	return l.Load(t, name+".yaml", "ruleset: "+l.Info.ID+"\nuse: "+name)
}

// Setups returns a conformance setup (see enginetest.Conformance) per
// bundled encounter named, each named after its encounter without the
// ruleset's id in front ("duel" for "vigor_duel").
func (l Loader[S, C, E]) Setups(t testing.TB, names ...string) []enginetest.Setup[S] {
	t.Helper()
	out := make([]enginetest.Setup[S], len(names))
	for i, name := range names {
		out[i] = enginetest.Setup[S]{Name: strings.TrimPrefix(name, l.Info.ID+"_"), State: l.Bundled(t, name)}
	}
	return out
}

// Setup returns a conformance setup called name that starts from the
// encounter file text, read as Load does, and checks the views of viewers
// too.
func (l Loader[S, C, E]) Setup(t testing.TB, name, text string, viewers ...engine.Viewer) enginetest.Setup[S] {
	t.Helper()
	return enginetest.Setup[S]{Name: name, State: l.Load(t, name+".yaml", text), Viewers: viewers}
}
