package engine_test

import (
	"encoding/json"
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

func newTable(s reference.State) engine.Table {
	return engine.NewTable[reference.State, reference.Command, reference.Event](reference.Rules{}, newEncounter(s))
}

// tableSubmit submits text to a table, failing the test on a refusal.
func tableSubmit(t *testing.T, table engine.Table, actor, text string, forced ...int) []string {
	t.Helper()
	lines, err := table.Submit(actor, text, dice.NewScript(forced...))
	if err != nil {
		t.Fatalf("%s %q: %v", actor, text, err)
	}
	return lines
}

func TestTablePromptIsText(t *testing.T) {
	table := newTable(bundled(t, "reference_brawl"))
	if table.Ruleset() != "reference" {
		t.Errorf("Ruleset() = %q", table.Ruleset())
	}
	if table.SideOf("bob") != "blue" || table.SideOf("zed") != "" {
		t.Errorf("SideOf(bob) = %q, SideOf(zed) = %q; want blue and nothing", table.SideOf("bob"), table.SideOf("zed"))
	}
	p := table.Prompt()
	want := engine.Prompt[string]{
		Kind: engine.Act, Actor: "ann", Default: -1,
		Question: "round 1, ann's turn: attack, feint or defend?",
		Options: []engine.Option[string]{
			{Label: "attack bob", Command: "attack bob"},
			{Label: "feint at bob", Command: "feint bob"},
			{Label: "defend (+4 defence until your next turn)", Command: "defend"},
		},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("prompt = %+v\nwant %+v", p, want)
	}
	tableSubmit(t, table, "ann", "defend")
	tableSubmit(t, table, "bob", "defend")
	p = table.Prompt()
	if p.Kind != engine.Ruling || p.Actor != engine.GM || p.Default != 0 || p.Options[p.Default].Command != "continue" {
		t.Errorf("ruling prompt = %+v, want the GM with continue as the default", p)
	}
}

func TestTableSubmitByTextAndJSON(t *testing.T) {
	table := newTable(bundled(t, "reference_skirmish"))
	lines := tableSubmit(t, table, "ann", "Attack  bob", 15)
	want := []string{"ann attacks bob with sword", "ann rolls d20=15+4 = 19 against defence 12: hit"}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("lines = %q, want %q", lines, want)
	}
	lines, err := table.SubmitJSON("bob", []byte(`{"kind":"take"}`), dice.NewScript(5))
	if err != nil || !reflect.DeepEqual(lines, []string{"bob takes 7 damage (d6=5 +2): 5 LP left"}) {
		t.Errorf("SubmitJSON: %q, %v", lines, err)
	}
	if table.Len() != 2 {
		t.Errorf("Len = %d, want 2", table.Len())
	}

	for _, tc := range []struct {
		text string
		code engine.Code
	}{
		{"attack", engine.Invalid},
		{"hide", engine.Invalid},
		{"attack dee", engine.NotAllowedNow},
		{"dodge", engine.NotAllowedNow},
	} {
		if _, err := table.Submit("bob", tc.text, dice.NewScript(10)); engine.CodeOf(err) != tc.code {
			t.Errorf("Submit(%q): %v (%s), want %s", tc.text, err, engine.CodeOf(err), tc.code)
		}
	}
	if _, err := table.SubmitJSON("bob", []byte(`{"kind":"attack","target":"ann","x":1}`), dice.NewScript(10)); engine.CodeOf(err) != engine.Invalid {
		t.Errorf("SubmitJSON with an unknown field: %v, want %s", err, engine.Invalid)
	}
	if _, err := table.Submit("cy", "defend", dice.NewScript()); engine.CodeOf(err) != engine.NotYourTurn {
		t.Errorf("cy on bob's turn: %v, want %s", err, engine.NotYourTurn)
	}
	if table.Len() != 2 {
		t.Errorf("refusals changed Len to %d", table.Len())
	}

	if !table.Undo() || table.Len() != 1 || table.Prompt().Actor != "bob" || table.Prompt().Kind != engine.React {
		t.Errorf("after Undo: Len %d, prompt %+v; want bob's reaction again", table.Len(), table.Prompt())
	}
}

// feintFight is a fight in which ann feints at bob, who fails to dodge it
// and is caught off balance; then bob attacks ann, who takes the hit.
func feintFight(t *testing.T) engine.Table {
	table := newTable(bundled(t, "reference_skirmish"))
	tableSubmit(t, table, "ann", "feint bob", 15)
	tableSubmit(t, table, "bob", "dodge", 2)
	tableSubmit(t, table, "bob", "attack ann", 12)
	tableSubmit(t, table, "ann", "take", 4)
	return table
}

func TestTableStateHidesAFeint(t *testing.T) {
	table := newTable(bundled(t, "reference_skirmish"))
	tableSubmit(t, table, "ann", "feint bob", 15)
	for _, tc := range []struct {
		v     engine.Viewer
		feint bool
	}{
		{engine.Everyone, true},
		{engine.Viewer{Combatant: "ann"}, true},
		{engine.Viewer{Combatant: "bob"}, false},
		{engine.Viewer{Combatant: "cy"}, false},
		{engine.Viewer{}, false},
	} {
		data, err := table.State(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		var s reference.State
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		if s.Pending == nil || s.Pending.Feint != tc.feint || strings.Contains(string(data), "feint") != tc.feint {
			t.Errorf("%+v sees %s; want feint shown: %v", tc.v, data, tc.feint)
		}
	}
}

func TestTranscriptHidesAFeint(t *testing.T) {
	table := feintFight(t)
	// What a viewer's transcript says, without the commands, which the
	// kernel does not redact yet (see TestTranscriptHidesSecretCommands).
	said := func(v engine.Viewer) string {
		var b strings.Builder
		for _, e := range table.Transcript(v) {
			for _, ev := range e.Events {
				b.Write(ev)
				b.WriteByte('\n')
			}
			for _, l := range e.Lines {
				b.WriteString(l + "\n")
			}
			b.WriteString(mustJSON(t, e.Dice) + "\n")
		}
		return b.String()
	}
	gm := said(engine.Everyone)
	for _, want := range []string{`{"kind":"attack_declared","attacker":"ann","target":"bob","weapon":"sword","feint":true}`, "ann feints at bob with sword", `"sides":20`} {
		if !strings.Contains(gm, want) {
			t.Errorf("the GM's transcript does not say %q:\n%s", want, gm)
		}
	}
	if ann := said(engine.Viewer{Combatant: "ann"}); !strings.Contains(ann, "ann feints at bob with sword") || strings.Contains(ann, `"sides"`) {
		t.Errorf("ann's transcript should show her feint and no dice:\n%s", ann)
	}
	for _, v := range []engine.Viewer{{Combatant: "bob"}, {Combatant: "cy"}, {Combatant: "dee"}, {}} {
		got := said(v)
		if strings.Contains(strings.ToLower(got), "feint") {
			t.Errorf("%+v's transcript gives the feint away:\n%s", v, got)
		}
		for _, want := range []string{`{"kind":"attack_declared","attacker":"ann","target":"bob","weapon":"sword"}`, "ann attacks bob with sword", "bob is caught off balance"} {
			if !strings.Contains(got, want) {
				t.Errorf("%+v's transcript does not say %q:\n%s", v, want, got)
			}
		}
	}
	entries := table.Transcript(engine.Viewer{Combatant: "bob"})
	if len(entries) != 4 || entries[1].Actor != "bob" || entries[1].Command != "dodge" || len(entries[1].Lines) != 2 {
		t.Errorf("bob's transcript entries: %+v", entries)
	}
}

// TestTranscriptHidesSecretCommands documents a kernel problem: Transcript
// writes every decision's command, unredacted, for every viewer, so a
// player's transcript says "feint bob" although the events it shows say
// "ann attacks bob".
func TestTranscriptHidesSecretCommands(t *testing.T) {
	table := feintFight(t)
	for _, v := range []engine.Viewer{{Combatant: "bob"}, {Combatant: "cy"}, {}} {
		got := mustJSON(t, table.Transcript(v))
		if strings.Contains(strings.ToLower(got), "feint") {
			t.Errorf("%+v's transcript gives the feint away:\n%s", v, got)
		}
	}
	if got := mustJSON(t, table.Transcript(engine.Everyone)); !strings.Contains(got, `"command":"feint bob"`) {
		t.Errorf("the GM's transcript should show the feint:\n%s", got)
	}
}

func TestTableRecordFoldsBack(t *testing.T) {
	played := newTable(bundled(t, "reference_skirmish"))
	tableSubmit(t, played, "ann", "attack bob", 15, 6)
	p := played.Prompt()
	tableSubmit(t, played, p.Actor, p.Options[0].Command, 3, 3, 3)
	folded := newTable(bundled(t, "reference_skirmish"))
	for i := range played.Len() {
		rec, err := played.Record(i)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(rec.Command), `{"kind":`) || len(rec.Events) == 0 || !strings.HasPrefix(string(rec.Events[0]), `{"kind":`) {
			t.Fatalf("record %d is not kinded JSON: %+v", i, rec)
		}
		if err := folded.Fold(rec); err != nil {
			t.Fatalf("folding record %d: %v", i, err)
		}
	}
	if _, err := played.Record(played.Len()); err == nil {
		t.Error("Record past the end succeeded")
	}
	want, _ := played.State(engine.Everyone)
	got, _ := folded.State(engine.Everyone)
	if string(want) != string(got) {
		t.Errorf("folded state %s\nwant %s", got, want)
	}
	if !reflect.DeepEqual(played.Transcript(engine.Everyone), folded.Transcript(engine.Everyone)) {
		t.Error("the folded transcript differs")
	}
	if err := folded.Fold(engine.Record{Actor: "ann", Command: json.RawMessage(`{"kind":"teleport"}`)}); err == nil || !strings.Contains(err.Error(), `"teleport"`) {
		t.Errorf("folding an unknown kind: %v", err)
	}
	if folded.Len() != played.Len() {
		t.Errorf("a refused fold changed the table: %d decisions", folded.Len())
	}
}

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

func (*counterAdd) Kind() string { return "add" }

type counterAdded struct {
	By int `json:"by"`
}

func (*counterAdded) Kind() string { return "added" }

func (counter) ID() string { return "counter" }
func (counter) Decide(_ *int, _ string, c *counterAdd, _ dice.Source) ([]*counterAdded, error) {
	return []*counterAdded{{By: c.By}}, nil
}
func (counter) Evolve(s *int, e *counterAdded) { *s += e.By }
func (counter) Next(*int) engine.Prompt[*counterAdd] {
	return engine.Prompt[*counterAdd]{Kind: engine.Act, Actor: "ann", Default: -1, Options: []engine.Option[*counterAdd]{{Label: "add 1", Command: &counterAdd{By: 1}}}}
}
func (counter) OptionsFor(s *int, actor string) []engine.Option[*counterAdd] {
	return engine.OptionsOf(counter{}.Next(s), actor)
}
func (counter) Clone(s *int) int                { return *s }
func (counter) Roster(*int) []string            { return []string{"ann"} }
func (counter) SideOf(_ *int, id string) string { return map[string]string{"ann": "red"}[id] }
func (counter) ParseCommand(_ *int, _, text string) (*counterAdd, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "add "))
	return &counterAdd{By: n}, err
}
func (counter) FormatCommand(c *counterAdd) string { return "add " + strconv.Itoa(c.By) }
func (counter) DecodeCommand(data []byte) (*counterAdd, error) {
	var c counterAdd
	return &c, json.Unmarshal(data, &c)
}
func (counter) DecodeEvent(data []byte) (*counterAdded, error) {
	var e counterAdded
	return &e, json.Unmarshal(data, &e)
}
func (counter) DescribeEvent(s *int, e *counterAdded) string {
	return strconv.Itoa(*s) + "+" + strconv.Itoa(e.By)
}
func (counter) Kinds() (commands, events []string) { return []string{"add"}, []string{"added"} }

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
