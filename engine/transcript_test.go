package engine_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/scenario/scenariotest"
)

// TestTranscriptFromIsATail checks that TranscriptFrom(v, from) is
// Transcript(v) from decision from on, for every viewer and every from (and
// from out of range, clamped), in a fight with a feint and in whole fights
// of the reference, blackpowder and tempo rulesets played at random.
func TestTranscriptFromIsATail(t *testing.T) {
	tables := []engine.Table{feintFight(t)}
	for seed, c := range []struct {
		info engine.RulesetInfo
		name string
	}{{reference.Info(), "reference_skirmish"}, {blackpowder.Info(), "alley_fight"}, {tempo.Info(), "duel"}, {tempo.Info(), "brawl"}} {
		table := scenariotest.BundledTable(t, c.info, c.name)
		src := dice.NewPCG(uint64(seed), 1)
		for table.Prompt().Kind != engine.End && table.Len() < 120 {
			p := table.Prompt()
			o := p.Options[src.Roll(len(p.Options))-1]
			if _, err := table.Submit(p.Actor, o.Command, src); err != nil {
				t.Fatalf("%s: %s %q: %v", c.name, p.Actor, o.Command, err)
			}
		}
		tables = append(tables, table)
	}
	// And the alley fight again after undos, and after a decision made
	// once some were taken back: tails through the mark submit keeps.
	undone := scenariotest.BundledTable(t, blackpowder.Info(), "alley_fight")
	src := dice.NewPCG(7, 7)
	for step := 0; undone.Prompt().Kind != engine.End && step < 60; step++ {
		if step%9 == 8 {
			undone.Undo()
			undone.Undo()
			continue
		}
		p := undone.Prompt()
		if _, err := undone.Submit(p.Actor, p.Options[src.Roll(len(p.Options))-1].Command, src); err != nil {
			t.Fatal(err)
		}
		if step%9 == 0 {
			checkTails(t, []engine.Table{undone})
		}
	}
	undone.Undo()
	tables = append(tables, undone)
	checkTails(t, tables)

	// Decisions taken back and others folded in their place: the mark kept
	// for the last of those taken back no longer holds. The counter game
	// describes every event with the state it follows, so that a
	// description from a wrong state shows.
	played := engine.NewTable(counter{}, engine.NewEncounter(counter{}, 0))
	alt := engine.NewTable(counter{}, engine.NewEncounter(counter{}, 0))
	for i := range 6 {
		if _, err := played.Submit("ann", "add "+strconv.Itoa(i+1), nil); err != nil {
			t.Fatal(err)
		}
		by := i + 1
		if i >= 3 {
			by = 10 * i
		}
		if _, err := alt.Submit("ann", "add "+strconv.Itoa(by), nil); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		played.Undo()
	}
	for i := 3; i < 6; i++ {
		rec, _ := alt.Record(i)
		if err := played.Fold(rec); err != nil {
			t.Fatal(err)
		}
	}
	checkTails(t, []engine.Table{played})
	if got := played.TranscriptFrom(engine.Everyone, 5)[0].Lines; !reflect.DeepEqual(got, []string{"76+50"}) {
		t.Errorf("the last decision described as %q, want 76+50", got)
	}
}

// counter is a game of one number that each decision adds to, for tests
// of rendering: it describes an event with the state before it.
type counter struct{}

type counterAdd struct {
	By int `json:"by"`
}

type counterAdded struct {
	By int `json:"by"`
}

// The counter's codec tables.
var (
	counterCommands = engine.NewKinds[*counterAdd]("counter command")
	counterEvents   = engine.NewKinds[*counterAdded]("counter event")
	_               = engine.Add[counterAdd](counterCommands, "add")
	_               = engine.Add[counterAdded](counterEvents, "added")
)

func (counter) ID() string { return "counter" }
func (counter) Decide(_ *int, _ string, c *counterAdd, _ dice.Source) ([]*counterAdded, error) {
	return []*counterAdded{{By: c.By}}, nil
}
func (counter) Evolve(s *int, e *counterAdded) { *s += e.By }
func (counter) Next(*int) engine.Prompt[*counterAdd] {
	return engine.Prompt[*counterAdd]{Kind: engine.Act, Actor: "ann", Default: -1, Options: []engine.Option[*counterAdd]{{Label: "add 1", Command: &counterAdd{By: 1}}}}
}
func (counter) Clone(s *int) int                { return *s }
func (counter) Roster(*int) []string            { return []string{"ann"} }
func (counter) SideOf(_ *int, id string) string { return map[string]string{"ann": "red"}[id] }
func (counter) ParseCommand(_ *int, _, text string) (*counterAdd, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "add "))
	return &counterAdd{By: n}, err
}
func (counter) FormatCommand(c *counterAdd) string { return "add " + strconv.Itoa(c.By) }
func (counter) DescribeEvent(s *int, e *counterAdded) string {
	return strconv.Itoa(*s) + "+" + strconv.Itoa(e.By)
}
func (counter) Kinds() (*engine.Kinds[*counterAdd], *engine.Kinds[*counterAdded]) {
	return counterCommands, counterEvents
}

// checkTails checks that every tail of every transcript of tables, as any
// viewer sees it, is the tail of its whole transcript.
func checkTails(t *testing.T, tables []engine.Table) {
	t.Helper()
	for i, table := range tables {
		n := table.Len()
		viewers := []engine.Viewer{engine.Everyone, {}}
		for _, id := range []string{"ann", "bob", "beatrix", "thug1", "fencer", "duelist", "bruno"} {
			if table.SideOf(id) != "" {
				viewers = append(viewers, engine.Viewer{Combatant: id})
			}
		}
		for _, v := range viewers {
			whole := table.Transcript(v)
			if len(whole) != n {
				t.Fatalf("table %d: a transcript of %d entries for %d decisions", i, len(whole), n)
			}
			for from := -1; from <= n+1; from++ {
				want := whole[max(0, min(from, n)):]
				got := table.TranscriptFrom(v, from)
				if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
					t.Fatalf("table %d, %+v, from %d: %d entries\n%s\nwant %d\n%s", i, v, from, len(got), mustJSON(t, got), len(want), mustJSON(t, want))
				}
			}
		}
	}
}
