package reference_test

import (
	"encoding/json"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/reference"
)

// step is one decision: who says what, with the dice it draws.
type step struct {
	actor, text string
	dice        []int
}

// play submits the steps to a new encounter from s and returns it.
func play(t *testing.T, s reference.State, steps ...step) *engine.Encounter[reference.State, reference.Command, reference.Event] {
	t.Helper()
	r := reference.Rules{}
	enc := engine.NewEncounter[reference.State, reference.Command, reference.Event](r, s)
	for _, st := range steps {
		c, err := r.ParseCommand(enc.State(), st.actor, st.text)
		if err == nil {
			_, err = enc.Submit(st.actor, c, dice.NewScript(st.dice...))
		}
		if err != nil {
			t.Fatalf("%s %q: %v", st.actor, st.text, err)
		}
	}
	return enc
}

func TestCriticalDealsTwoDicePlusTheMeleeBonus(t *testing.T) {
	enc := play(t, bundled(t, "reference_skirmish"),
		step{"ann", "attack bob", []int{20}},
		step{"bob", "take", []int{3, 4}},
	)
	d, ok := enc.Log()[1].Events[0].(*reference.Damaged)
	if !ok || d.Amount != 9 || d.Bonus != 2 || d.LP != 3 {
		t.Fatalf("damage = %+v, want 3+4+2 = 9, 3 LP left", enc.Log()[1].Events[0])
	}
	if p := enc.Prompt(); p.Actor != "bob" || p.Kind != engine.Act {
		t.Errorf("prompt = %s %s, want bob to act", p.Kind, p.Actor)
	}
}

func TestThrownWeaponsAddToTheRollAndLightTakesFromIt(t *testing.T) {
	// cy (skill 5) throws her knife (+2) at dee, defence 14: 7+7 hits; the
	// knife adds nothing to the damage.
	enc := play(t, bundled(t, "reference_skirmish"),
		step{"ann", "defend", nil},
		step{"bob", "defend", nil},
		step{"cy", "attack dee", []int{7}},
		step{"dee", "take", []int{5}},
	)
	if r := enc.Log()[2].Events[1].(*reference.AttackRolled); r.Bonus != 7 || !r.Hit {
		t.Errorf("roll = %+v, want bonus 5+2 and a hit", r)
	}
	if dee := enc.State().Combatant("dee"); dee.LP != 4 {
		t.Errorf("dee has %d LP, want 9-5 = 4", dee.LP)
	}
	// At dusk (the melee), ann's skill 6 is 5.
	enc = play(t, bundled(t, "reference_melee"), step{"ann", "attack bob", []int{5}})
	if r := enc.Log()[0].Events[1].(*reference.AttackRolled); r.Bonus != 5 || !r.Hit {
		t.Errorf("roll at dusk = %+v, want bonus 6-1 and a hit on 10", r)
	}
}

func TestDefendLastsUntilTheNextTurn(t *testing.T) {
	// bob defends: 12+4 = 16, which cy's 11+5 reaches exactly.
	enc := play(t, bundled(t, "reference_skirmish"),
		step{"ann", "defend", nil},
		step{"bob", "defend", nil},
		step{"cy", "attack bob", []int{9}},
	)
	if r := enc.Log()[2].Events[1].(*reference.AttackRolled); r.Defence != 16 || !r.Hit {
		t.Errorf("roll = %+v, want defence 16 and a hit", r)
	}
}

func TestDodgeOnceARound(t *testing.T) {
	enc := play(t, bundled(t, "reference_skirmish"),
		step{"ann", "attack bob", []int{15}},
		step{"bob", "dodge", []int{5}},
		step{"bob", "defend", nil},
		step{"cy", "attack bob", []int{19}},
	)
	p := enc.Prompt()
	if _, take := p.Options[0].Command.(*reference.Take); len(p.Options) != 1 || !take {
		t.Fatalf("bob has dodged: options = %v, want only take", p.Options)
	}
	_, err := enc.Submit("bob", &reference.Dodge{}, dice.NewScript(6))
	if engine.CodeOf(err) != engine.NotAllowedNow || !strings.Contains(err.Error(), "bob has already dodged this round") {
		t.Errorf("second dodge: %v, want not-allowed-now", err)
	}
}

func TestRoundsEndWithTheGMsRuling(t *testing.T) {
	brawl := bundled(t, "reference_brawl")
	enc := play(t, brawl, step{"ann", "attack bob", []int{2}}, step{"bob", "attack ann", []int{2}})
	if p := enc.Prompt(); p.Kind != engine.Ruling || p.Actor != engine.GM || p.Default != 0 {
		t.Fatalf("prompt = %+v, want the GM's ruling with continue as the default", p)
	}
	enc = play(t, brawl,
		step{"ann", "attack bob", []int{2}},
		step{"bob", "attack ann", []int{2}},
		step{"gm", "continue", nil},
		step{"ann", "attack bob", []int{20}},
		step{"bob", "take", []int{1, 3}},
	)
	if p := enc.Prompt(); p.Kind != engine.End || p.Winner != "red" || enc.State().Round != 2 {
		t.Errorf("prompt = %+v in round %d, want red winning in round 2", p, enc.State().Round)
	}
	enc = play(t, brawl, step{"ann", "defend", nil}, step{"bob", "defend", nil}, step{"gm", "stop", nil})
	if p := enc.Prompt(); p.Kind != engine.End || p.Winner != "" {
		t.Errorf("prompt = %+v, want a draw", p)
	}
}

func TestFeintIsSecret(t *testing.T) {
	enc := play(t, bundled(t, "reference_skirmish"), step{"ann", "feint bob", []int{15}})
	s := enc.State()
	r := reference.Rules{}
	declared := enc.Log()[0].Events[0]
	for _, v := range []engine.Viewer{{Combatant: "bob"}, {Combatant: "cy"}, {}} {
		view := engine.View(r, s, v)
		data, _ := json.Marshal(view)
		if strings.Contains(string(data), "feint") {
			t.Errorf("%+v sees %s", v, data)
		}
		if seen, _ := r.ViewEvent(s, declared, v); seen.(*reference.AttackDeclared).Feint {
			t.Errorf("%+v sees the declaration as a feint", v)
		}
		if c, _ := r.ViewCommand(s, "ann", &reference.Feint{Target: "bob"}, v); r.FormatCommand(c) != "attack bob" {
			t.Errorf("%+v sees the command %q", v, r.FormatCommand(c))
		}
	}
	for _, v := range []engine.Viewer{engine.Everyone, {Combatant: "ann"}} {
		if view := engine.View(r, s, v); !view.Pending.Feint {
			t.Errorf("%+v should see the feint", v)
		}
	}
	if !s.Pending.Feint || !declared.(*reference.AttackDeclared).Feint {
		t.Error("viewing changed the state or the log")
	}
	enc = play(t, bundled(t, "reference_skirmish"), step{"ann", "feint bob", []int{15}}, step{"bob", "take", nil})
	if b := enc.State().Combatant("bob"); b.LP != 12 || b.OffBalance.Over() || b.EffectiveDefence() != 10 {
		t.Errorf("bob after taking a feint: %+v", b)
	}
}

func TestRefusals(t *testing.T) {
	r := reference.Rules{}
	s := bundled(t, "reference_skirmish")
	s.Combatant("dee").LP = 0
	for _, tc := range []struct {
		actor, text string
		code        engine.Code
		msg         string
	}{
		{"ann", "attack zed", engine.Invalid, `there is no combatant called "zed" (combatants: ann, bob, cy, dee)`},
		{"ann", "attack bob with axe", engine.Invalid, `ann has no weapon called "axe"`},
		{"ann", "attack dee", engine.NotAllowedNow, "ann cannot attack dee: dee is down"},
		{"ann", "feint cy", engine.NotAllowedNow, "ann cannot feint at cy: they are on the same side"},
		{"ann", "dodge", engine.NotAllowedNow, "cannot dodge now: it is ann's turn to act"},
		{"ann", "continue", engine.NotAllowedNow, "cannot continue now"},
		{"bob", "defend", engine.NotYourTurn, "it is ann's decision, not bob's"},
		{"ann", "attack", engine.Invalid, "attack needs more: attack TARGET [with WEAPON]"},
		{"ann", "defend now", engine.Invalid, `"defend" takes nothing after it`},
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

func TestSpecChecksEveryField(t *testing.T) {
	sp := &reference.Spec{
		Sides: []reference.SideSpec{{ID: "red"}, {ID: "red"}, {ID: "blue"}},
		Combatants: []reference.Combatant{
			{ID: "Ann", Side: "red", LP: 3, Defence: 10},
			{ID: "gm", Side: "red", LP: 3, Defence: 10},
			{ID: "bob", Side: "green", LP: 3, Defence: 10, Weapons: []reference.Weapon{
				{Name: "knife", Kind: "thrown", Bonus: 4}, {Name: "knife", Kind: "melee"}}},
			{ID: "bob", Side: "red", LP: 3, Defence: 10},
		},
	}
	_, err := sp.State()
	want := strings.Join([]string{
		`sides[1].id: side "red" is defined twice`,
		`combatants[0].id: "Ann" is not a lowercase word (a-z, 0-9, -)`,
		`combatants[1].id: "gm" is the game master's id`,
		`combatants[2].side: unknown side "green"; sides: red, red, blue`,
		`combatants[2].weapons[0].bonus: a thrown weapon's bonus is at most 3, not 4`,
		`combatants[2].weapons[1].name: bob has two weapons called "knife"`,
		`combatants[3].id: combatant "bob" is defined twice`,
		`sides[2]: side "blue" has no combatants`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
}

func TestOutcomeAndCondition(t *testing.T) {
	r := reference.Rules{}
	before := bundled(t, "reference_skirmish")
	enc := play(t, before, step{"ann", "attack bob", []int{20}}, step{"bob", "dodge", []int{2, 6, 6}})
	var events []reference.Event
	for _, d := range enc.Log() {
		events = append(events, d.Events...)
	}
	damage := make([]int, 4)
	tags := r.Outcome(&before, "ann", events, enc.State(), nil, damage)
	if strings.Join(tags, " ") != "hit critical" || damage[1] != 14 {
		t.Errorf("tags %q, damage %v; want a critical hit and 6+6+2 to bob", tags, damage)
	}
	if c, down := r.Condition(enc.State(), "bob"); c != "down" || !down {
		t.Errorf("bob is %q (down %v), want down", c, down)
	}
	if target, source, n, down, dead := r.Tally(enc.State(), events[len(events)-1]); target != "bob" || source != "ann" || n != 14 || !down || dead {
		t.Errorf("Tally = %s %s %d %v %v", target, source, n, down, dead)
	}
}
