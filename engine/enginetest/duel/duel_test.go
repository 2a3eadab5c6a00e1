package duel

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

// play submits text commands with forced dice and returns the encounter.
func play(t *testing.T, s State, steps ...step) *engine.Encounter[State, Command, Event] {
	t.Helper()
	enc := engine.NewEncounter[State, Command, Event](Rules{}, s)
	for _, st := range steps {
		c, err := Rules{}.ParseCommand(enc.State(), st.actor, st.text)
		if err != nil {
			t.Fatalf("%s %q: %v", st.actor, st.text, err)
		}
		if _, err := enc.Submit(st.actor, c, dice.NewScript(st.dice...)); err != nil {
			t.Fatalf("%s %q: %v", st.actor, st.text, err)
		}
	}
	return enc
}

type step struct {
	actor, text string
	dice        []int
}

func TestCriticalDealsTwoDice(t *testing.T) {
	enc := play(t, Skirmish(),
		step{"ann", "attack bob", []int{20}},
		step{"bob", "take", []int{3, 4}},
	)
	log := enc.Log()
	dmg, ok := log[1].Events[0].(*Damaged)
	if !ok || !reflect.DeepEqual(dmg.Dice, []int{3, 4}) || dmg.Amount != 7 {
		t.Fatalf("damage = %+v, want 2d6 3+4 = 7", log[1].Events[0])
	}
	if hp := enc.State().Fighter("bob").HP; hp != 5 {
		t.Errorf("bob HP = %d, want 5", hp)
	}
	if p := enc.Prompt(); p.Actor != "bob" || p.Kind != engine.Act {
		t.Errorf("prompt = %s %s, want bob to act", p.Kind, p.Actor)
	}
}

func TestMissEndsTurnAndDefendLasts(t *testing.T) {
	// bob defends (12+4=16); cy's 11+5 = 16 hits exactly; dee misses ann.
	enc := play(t, Skirmish(),
		step{"ann", "defend", nil},
		step{"bob", "defend", nil},
		step{"cy", "attack bob", []int{11}},
	)
	if p := enc.Prompt(); p.Kind != engine.React || p.Actor != "bob" {
		t.Fatalf("prompt = %s %s, want bob to react", p.Kind, p.Actor)
	}
	r := enc.Log()[2].Events[1].(*Rolled)
	if r.Defence != 16 || !r.Hit {
		t.Errorf("roll = %+v, want defence 16 and a hit", r)
	}
	enc = play(t, Skirmish(), step{"ann", "attack bob", []int{7}})
	if p := enc.Prompt(); p.Actor != "bob" || p.Kind != engine.Act {
		t.Errorf("after a miss the prompt is %s %s, want bob to act", p.Kind, p.Actor)
	}
}

func TestDodgeOncePerRound(t *testing.T) {
	enc := play(t, Skirmish(),
		step{"ann", "attack bob", []int{15}},
		step{"bob", "dodge", []int{5}},
		step{"bob", "defend", nil},
		step{"cy", "attack bob", []int{19}}, // 19+5 against 16
	)
	p := enc.Prompt()
	if len(p.Options) != 1 || p.Options[0].Command.Kind() != "take" {
		t.Fatalf("bob has dodged: options = %v, want only take", p.Options)
	}
	_, err := enc.Submit("bob", &Dodge{}, dice.NewScript(6))
	if engine.CodeOf(err) != engine.NotAllowedNow {
		t.Errorf("second dodge: %v, want not-allowed-now", err)
	}
}

func TestRoundAndWinner(t *testing.T) {
	enc := play(t, Brawl(),
		step{"ann", "attack bob", []int{2}},
		step{"bob", "attack ann", []int{2}},
	)
	p := enc.Prompt()
	if p.Kind != engine.Ruling || p.Actor != engine.GM || p.Default != 0 {
		t.Fatalf("prompt = %+v, want the GM's ruling with a default", p)
	}
	enc = play(t, Brawl(),
		step{"ann", "attack bob", []int{2}},
		step{"bob", "attack ann", []int{2}},
		step{"gm", "continue", nil},
		step{"ann", "attack bob", []int{20}},
		step{"bob", "take", []int{1, 3}},
	)
	if p := enc.Prompt(); p.Kind != engine.End || p.Winner != "red" {
		t.Errorf("prompt = %+v, want the end with red winning", p)
	}
	enc = play(t, Brawl(),
		step{"ann", "defend", nil},
		step{"bob", "defend", nil},
		step{"gm", "stop", nil},
	)
	if p := enc.Prompt(); p.Kind != engine.End || p.Winner != "" {
		t.Errorf("prompt = %+v, want a draw", p)
	}
}

func TestFeintIsSecret(t *testing.T) {
	enc := play(t, Skirmish(), step{"ann", "feint bob", []int{15}})
	s := enc.State()
	if !s.Pending.Feint {
		t.Fatal("the pending blow should be a feint")
	}
	r := Rules{}
	for _, v := range []engine.Viewer{{Combatant: "bob"}, {Combatant: "cy"}, {}} {
		view := r.View(s, v)
		data, _ := json.Marshal(view)
		if strings.Contains(string(data), "feint") {
			t.Errorf("%+v sees %s", v, data)
		}
		seen, _ := r.ViewEvent(s, enc.Log()[0].Events[0], v)
		if seen.(*Declared).Feint {
			t.Errorf("%+v sees the declaration as a feint", v)
		}
	}
	for _, v := range []engine.Viewer{engine.Everyone, {Combatant: "ann"}} {
		if view := r.View(s, v); !view.Pending.Feint {
			t.Errorf("%+v should see the feint", v)
		}
	}
	if !s.Pending.Feint || !enc.Log()[0].Events[0].(*Declared).Feint {
		t.Error("viewing changed the state or the log")
	}
	enc = play(t, Skirmish(), step{"ann", "feint bob", []int{15}}, step{"bob", "take", nil})
	if f := enc.State().Fighter("bob"); f.HP != 12 || !f.OffBalance || f.EffectiveDefence() != 10 {
		t.Errorf("bob after taking a feint: %+v", f)
	}
}

func TestRefusals(t *testing.T) {
	r := Rules{}
	s := Skirmish()
	s.Fighter("dee").HP = 0
	for _, tc := range []struct {
		actor, text string
		code        engine.Code
		msg         string
	}{
		{"ann", "attack zed", engine.Invalid, `no fighter called "zed"`},
		{"ann", "attack dee", engine.NotAllowedNow, "dee is down"},
		{"ann", "feint cy", engine.NotAllowedNow, "same side"},
		{"ann", "dodge", engine.NotAllowedNow, "it is ann's turn"},
		{"ann", "continue", engine.NotAllowedNow, "cannot continue now"},
		{"bob", "defend", engine.NotYourTurn, "ann's decision"},
		{"ann", "attack", engine.Invalid, "needs one target"},
		{"ann", "defend now", engine.Invalid, "takes no arguments"},
		{"ann", "flee", engine.Invalid, `unknown command "flee"`},
		{"ann", "  ", engine.Invalid, "empty command"},
	} {
		c, err := r.ParseCommand(&s, tc.actor, tc.text)
		if err == nil {
			_, err = engine.Decide(r, &s, tc.actor, c, dice.NewScript(10))
		}
		if engine.CodeOf(err) != tc.code || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s %q: %v (%s), want %s containing %q", tc.actor, tc.text, err, engine.CodeOf(err), tc.code, tc.msg)
		}
	}
}

func TestNewChecksFighters(t *testing.T) {
	_, err := New(
		Fighter{ID: "Ann", Side: "red", HP: 3},
		Fighter{ID: "gm", Side: "red", HP: 3},
		Fighter{ID: "bob", Side: "", HP: 0},
		Fighter{ID: "bob", Side: "red", HP: 3},
	)
	for _, want := range []string{
		`fighters[0].id: "Ann" is not a lowercase word`,
		`fighters[1].id: "gm" is the game master's id`,
		"fighters[2].side: every fighter needs a side",
		"fighters[2].hp: 0: a fighter starts with at least 1 HP",
		`fighters[3].id: "bob" is used twice`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
	if _, err := New(Fighter{ID: "a", Side: "x", HP: 1}, Fighter{ID: "b", Side: "x", HP: 1}); err == nil {
		t.Error("one side should be refused")
	}
}

func TestSpecStartsATable(t *testing.T) {
	spec := Info().NewSpec().(*Spec)
	spec.Fighters = Brawl().Fighters
	table, err := spec.Start()
	if err != nil {
		t.Fatal(err)
	}
	if p := table.Prompt(); p.Actor != "ann" || p.Options[0].Command != "attack bob" {
		t.Errorf("prompt = %+v", p)
	}
	if _, err := (&Spec{}).Start(); err == nil {
		t.Error("an empty spec should be refused")
	}
}
