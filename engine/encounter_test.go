package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// bundled starts a bundled encounter of the reference ruleset, the ruleset
// these tests play, and returns its first state.
func bundled(t testing.TB, name string) reference.State {
	t.Helper()
	return *scenariotest.Bundled[reference.State, reference.Command, reference.Event](t, reference.Info(), name)
}

type encounter = engine.Encounter[reference.State, reference.Command, reference.Event]

func newEncounter(s reference.State) *encounter {
	return engine.NewEncounter[reference.State, reference.Command, reference.Event](reference.Rules{}, s)
}

// mustJSON marshals v, failing the test if it cannot.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	return string(data)
}

// logJSON writes a log with the kinds of its commands and events, which
// plain json.Marshal of a Decision leaves out.
func logJSON(t *testing.T, log []engine.Decision[reference.Command, reference.Event]) string {
	t.Helper()
	commands, events := reference.Rules{}.Kinds()
	var b strings.Builder
	for _, d := range log {
		c, err := commands.Marshal(d.Command)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s %s", d.Actor, c, mustJSON(t, d.Dice))
		for _, e := range d.Events {
			data, err := events.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, " %s", data)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// snapshot is everything a refused command must leave unchanged.
func snapshot(t *testing.T, enc *encounter) string {
	t.Helper()
	return mustJSON(t, enc.State()) + "\n" + logJSON(t, enc.Log()) + "\n" + mustJSON(t, enc.Prompt())
}

// submit submits text as actor with forced dice, failing the test on a
// refusal.
func submit(t *testing.T, enc *encounter, actor, text string, forced ...int) []reference.Event {
	t.Helper()
	c, err := reference.Rules{}.ParseCommand(enc.State(), actor, text)
	if err != nil {
		t.Fatalf("%s %q: %v", actor, text, err)
	}
	events, err := enc.Submit(actor, c, dice.NewScript(forced...))
	if err != nil {
		t.Fatalf("%s %q: %v", actor, text, err)
	}
	return events
}

func TestSubmitIsAtomic(t *testing.T) {
	down := bundled(t, "reference_skirmish")
	down.Combatant("dee").LP = 0
	over := newEncounter(bundled(t, "reference_brawl"))
	submit(t, over, "ann", "defend")
	submit(t, over, "bob", "defend")
	submit(t, over, "gm", "stop")

	for _, tc := range []struct {
		name    string
		enc     *encounter
		actor   string
		command reference.Command
		src     dice.Source
		code    engine.Code
		msg     string
	}{
		{"unknown target", newEncounter(bundled(t, "reference_skirmish")), "ann", &reference.Attack{Target: "zed"}, dice.NewScript(15),
			engine.Invalid, `there is no combatant called "zed" (combatants: ann, bob, cy, dee)`},
		{"target down", newEncounter(down), "ann", &reference.Feint{Target: "dee"}, dice.NewScript(15),
			engine.NotAllowedNow, "ann cannot feint at dee: dee is down"},
		{"wrong phase", newEncounter(bundled(t, "reference_skirmish")), "ann", &reference.Dodge{}, dice.NewScript(6),
			engine.NotAllowedNow, "cannot dodge now: it is ann's turn to act"},
		{"wrong actor", newEncounter(bundled(t, "reference_skirmish")), "bob", &reference.Attack{Target: "ann"}, dice.NewScript(15),
			engine.NotYourTurn, "it is ann's decision, not bob's"},
		{"fight over", over, "ann", &reference.Defend{}, dice.NewScript(),
			engine.NotAllowedNow, "the fight is over"},
		{"die does not fit", newEncounter(bundled(t, "reference_skirmish")), "ann", &reference.Attack{Target: "bob"}, dice.NewScriptOf(dice.Forced{Sides: 6, Value: 3}),
			engine.Invalid, "forced die 1 is d6=3 but a d20 was drawn"},
		{"needs dice", newEncounter(bundled(t, "reference_skirmish")), "ann", &reference.Attack{Target: "bob"}, dice.NewScript(),
			engine.NeedsDice, "need 1d20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := snapshot(t, tc.enc)
			events, err := tc.enc.Submit(tc.actor, tc.command, tc.src)
			if err == nil {
				t.Fatalf("accepted, with events %v", events)
			}
			if engine.CodeOf(err) != tc.code || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("refusal %q (%s), want %s saying %q", err, engine.CodeOf(err), tc.code, tc.msg)
			}
			if events != nil {
				t.Errorf("a refusal returned events %v", events)
			}
			if after := snapshot(t, tc.enc); after != before {
				t.Errorf("the refusal changed the encounter:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

func TestGMMaySubmitForAnyone(t *testing.T) {
	enc := newEncounter(bundled(t, "reference_skirmish"))
	events := submit(t, enc, engine.GM, "attack bob", 15)
	if d := events[0].(*reference.AttackDeclared); d.Attacker != "ann" {
		t.Errorf("the GM's attack on ann's turn was declared by %q", d.Attacker)
	}
	if p := enc.Prompt(); p.Kind != engine.React || p.Actor != "bob" {
		t.Fatalf("prompt = %s %s, want bob to react", p.Kind, p.Actor)
	}
	_, err := enc.Submit("ann", &reference.Take{}, dice.NewScript(3))
	if engine.CodeOf(err) != engine.NotYourTurn {
		t.Errorf("ann answering bob's reaction: %v, want %s", err, engine.NotYourTurn)
	}
	submit(t, enc, engine.GM, "take", 3)
	if got := enc.Log()[1].Actor; got != engine.GM {
		t.Errorf("logged actor = %q, want the GM", got)
	}
	if lp := enc.State().Combatant("bob").LP; lp != 7 {
		t.Errorf("bob has %d LP, want 12-3-2 = 7", lp)
	}
}

func TestNeedsDiceThenRetry(t *testing.T) {
	enc := newEncounter(bundled(t, "reference_skirmish"))
	submit(t, enc, "ann", "attack bob", 20) // a critical: the damage is 2d6+2
	before := snapshot(t, enc)

	script := dice.NewScript(3)
	_, err := enc.Submit("bob", &reference.Take{}, script)
	var refusal *engine.Error
	if !errors.As(err, &refusal) || refusal.Code != engine.NeedsDice {
		t.Fatalf("err = %v, want a %s refusal", err, engine.NeedsDice)
	}
	if refusal.Need == nil || refusal.Need.Sides != 6 || refusal.Need.Drawn != 1 {
		t.Fatalf("Need = %+v, want the second d6 after 1 drawn", refusal.Need)
	}
	if need, ok := dice.IsNeed(err); !ok || need != refusal.Need {
		t.Errorf("dice.IsNeed(%v) = %v, %v: the NeedError should unwrap", err, need, ok)
	}
	if after := snapshot(t, enc); after != before {
		t.Fatalf("running out of dice changed the encounter:\nbefore %s\nafter  %s", before, after)
	}

	script.Add(4)
	script.Rewind()
	events, err := enc.Submit("bob", &reference.Take{}, script)
	if err != nil {
		t.Fatalf("after adding the die: %v", err)
	}
	if d, ok := events[0].(*reference.Damaged); !ok || d.Amount != 9 {
		t.Errorf("events = %v, want 3+4+2 = 9 damage", events)
	}
	want := []dice.Draw{{Sides: 6, Value: 3}, {Sides: 6, Value: 4}}
	if got := enc.Log()[1].Dice; mustJSON(t, got) != mustJSON(t, want) {
		t.Errorf("logged dice = %v, want %v", got, want)
	}
	if len(script.Unused()) != 0 {
		t.Errorf("dice left unused: %v", script.Unused())
	}
}

// playSome makes up to n decisions, spreading its choices over the options,
// with seeded dice; it returns the snapshot before each decision.
func playSome(t *testing.T, enc *encounter, n int, seed uint64) []string {
	t.Helper()
	src := dice.Seeded(seed)
	var snaps []string
	for range n {
		p := enc.Prompt()
		if p.Kind == engine.End {
			break
		}
		snaps = append(snaps, snapshot(t, enc))
		o := p.Options[(len(snaps)*7)%len(p.Options)]
		if _, err := enc.Submit(p.Actor, o.Command, src); err != nil {
			t.Fatalf("decision %d, %q: %v", len(snaps), o.Label, err)
		}
		if r := enc.Replay(); mustJSON(t, r) != mustJSON(t, enc.State()) {
			t.Fatalf("after decision %d Replay differs from State", len(snaps))
		}
	}
	return snaps
}

func TestUndoRestoresThePreviousState(t *testing.T) {
	enc := newEncounter(bundled(t, "reference_skirmish"))
	if enc.Undo() {
		t.Error("Undo of an empty log reported true")
	}
	snaps := playSome(t, enc, 30, 1)
	if len(snaps) < 10 {
		t.Fatalf("only %d decisions were made", len(snaps))
	}
	for i := len(snaps) - 1; i >= 0; i-- {
		if !enc.Undo() {
			t.Fatalf("Undo %d reported false", i)
		}
		if got := snapshot(t, enc); got != snaps[i] {
			t.Fatalf("after undoing to %d decisions:\ngot  %s\nwant %s", i, got, snaps[i])
		}
		if mustJSON(t, enc.Replay()) != mustJSON(t, enc.State()) {
			t.Fatalf("after undoing to %d decisions Replay differs from State", i)
		}
	}
	if enc.Undo() || len(enc.Log()) != 0 {
		t.Error("Undo went past the start")
	}
	if mustJSON(t, enc.State()) != mustJSON(t, bundled(t, "reference_skirmish")) {
		t.Error("undoing everything did not give back the initial state")
	}
	// Play on after undoing: the encounter still works.
	playSome(t, enc, 5, 8)
}

func TestRestoreFromInitialAndLog(t *testing.T) {
	enc := newEncounter(bundled(t, "reference_melee"))
	playSome(t, enc, 12, 3)
	restored := engine.Restore[reference.State, reference.Command, reference.Event](reference.Rules{}, *enc.Initial(), enc.Log())
	if got, want := snapshot(t, restored), snapshot(t, enc); got != want {
		t.Fatalf("restored encounter differs:\ngot  %s\nwant %s", got, want)
	}
	// The two encounters go their own ways.
	original := snapshot(t, enc)
	if played := playSome(t, restored, 3, 4); len(played) != 3 {
		t.Fatalf("the restored fight made %d decisions, want 3", len(played))
	}
	first, second := restored.Undo(), restored.Undo()
	if !first || !second || len(restored.Log()) != len(enc.Log())+1 {
		t.Errorf("restored log has %d decisions after 3 more and 2 undone, want %d", len(restored.Log()), len(enc.Log())+1)
	}
	if snapshot(t, enc) != original {
		t.Error("playing the restored encounter changed the original")
	}
}

func TestNewEncounterCopiesTheInitialState(t *testing.T) {
	s := bundled(t, "reference_skirmish")
	enc := newEncounter(s)
	want := mustJSON(t, enc.State())
	s.Combatants[0].LP = 99
	if got := mustJSON(t, enc.State()); got != want {
		t.Errorf("changing the caller's state changed the encounter: %s", got)
	}
	if got := mustJSON(t, enc.Initial()); got != want {
		t.Errorf("changing the caller's state changed the initial state: %s", got)
	}
	submit(t, enc, "ann", "attack bob", 20)
	submit(t, enc, "bob", "take", 6, 6)
	if got := mustJSON(t, enc.Initial()); got != want {
		t.Errorf("playing changed the initial state: %s", got)
	}
}

// erring is the reference ruleset with a Decide that fails with the given error.
type erring struct {
	reference.Rules
	err error
}

func (r erring) Decide(*reference.State, string, reference.Command, dice.Source) ([]reference.Event, error) {
	return nil, r.err
}

func TestDecideKeepsRefusalsAndWrapsOtherErrors(t *testing.T) {
	s := bundled(t, "reference_skirmish")
	broken := errors.New("table missing")
	_, err := engine.Decide[reference.State, reference.Command, reference.Event](erring{err: broken}, &s, "ann", &reference.Defend{}, dice.NewScript())
	if !errors.Is(err, broken) || engine.CodeOf(err) != "" || !strings.Contains(err.Error(), "reference: deciding") {
		t.Errorf("plain error came back as %q (code %q)", err, engine.CodeOf(err))
	}
	wrapped := fmt.Errorf("context: %w", engine.Errorf(engine.Conflict, "moved on"))
	_, err = engine.Decide[reference.State, reference.Command, reference.Event](erring{err: wrapped}, &s, "ann", &reference.Defend{}, dice.NewScript())
	if engine.CodeOf(err) != engine.Conflict || err != wrapped {
		t.Errorf("wrapped refusal came back as %q (code %q)", err, engine.CodeOf(err))
	}
}
