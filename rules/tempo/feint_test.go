package tempo_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/tempo"
	"fray/scenario"
)

const duelText = `
ruleset: tempo
combatants:
  - {id: ann, side: red, melee: 2, might: 1, x: 0, y: 0, weapons: [{use: sword}, {use: dagger}]}
  - {id: bob, side: blue, melee: 2, might: 1, x: 1, y: 0, prepared: true, weapons: [{use: sword}]}
`

func duelTable(t *testing.T) engine.Table {
	t.Helper()
	reg, err := engine.NewRegistry(tempo.Info())
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, "duel.yaml", []byte(duelText))
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func submit(t *testing.T, table engine.Table, actor, text string, forced ...int) {
	t.Helper()
	if _, err := table.Submit(actor, text, dice.NewScript(forced...)); err != nil {
		t.Fatalf("%s %q: %v", actor, text, err)
	}
}

// seen is everything a viewer can learn from a table: the state, the
// transcript and the prompt, as JSON.
func seen(t *testing.T, table engine.Table, v engine.Viewer) string {
	t.Helper()
	state, err := table.State(v)
	if err != nil {
		t.Fatal(err)
	}
	rest, err := json.Marshal([]any{table.Transcript(v), table.PromptFor(v)})
	if err != nil {
		t.Fatal(err)
	}
	return string(state) + "\n" + string(rest)
}

// TestFeintLooksLikeAnAttack plays a feint and a real attack side by side:
// until the feint is revealed, Bob (and a spectator) see exactly the same
// state, transcript and prompts in both fights, while Ann and the GM see
// the feint (R19).
func TestFeintLooksLikeAnAttack(t *testing.T) {
	feint, attack := duelTable(t), duelTable(t)
	for _, table := range []engine.Table{feint, attack} {
		submit(t, table, engine.GM, "begin", 9, 1)
	}
	submit(t, feint, "ann", "feint bob with sword")
	submit(t, attack, "ann", "attack bob with sword")
	blind := []engine.Viewer{{Combatant: "bob"}, {}}
	same := func(when string) {
		t.Helper()
		for _, v := range blind {
			if a, b := seen(t, feint, v), seen(t, attack, v); a != b {
				t.Errorf("%s, %+v tells the feint from an attack:\nfeint:  %s\nattack: %s", when, v, a, b)
			}
			if s := seen(t, feint, v); strings.Contains(s, "feint") || strings.Contains(s, "Feint") {
				t.Errorf("%s, %+v sees the word feint: %s", when, v, s)
			}
		}
		for _, v := range []engine.Viewer{{Combatant: "ann"}, engine.Everyone} {
			state, _ := feint.State(v)
			if !strings.Contains(string(state), `"action":"feint"`) {
				t.Errorf("%s, %+v does not see the feint in the state: %s", when, v, state)
			}
		}
	}
	same("at Bob's reaction")

	for _, table := range []engine.Table{feint, attack} {
		submit(t, table, "bob", "parry with sword")
	}
	same("at Ann's counter-tempo choice")
	if p := feint.PromptFor(engine.Viewer{Combatant: "bob"}); len(p.Options) != 0 || p.Actor != "ann" {
		t.Errorf("Bob's view of Ann's counter-tempo prompt = %+v, want Ann's prompt without options", p)
	}
	var counters []string
	for _, o := range feint.PromptFor(engine.Viewer{Combatant: "ann"}).Options {
		counters = append(counters, o.Command)
	}
	if want := []string{"keep", "counter with sword", "counter with dagger", "counter with unarmed"}; !reflect.DeepEqual(counters, want) {
		t.Errorf("Ann's counter-tempo options after a feint = %q, want %q", counters, want)
	}
	var real []string
	for _, o := range attack.PromptFor(engine.Viewer{Combatant: "ann"}).Options {
		real = append(real, o.Command)
	}
	if want := []string{"keep"}; !reflect.DeepEqual(real, want) {
		t.Errorf("Ann's counter-tempo options after a real attack = %q, want %q", real, want)
	}

	// Keeping the feint resolves it as a miss and reveals it to everyone.
	submit(t, feint, "ann", "keep", 5, 5)
	lines := feint.Transcript(engine.Viewer{Combatant: "bob"})
	last := lines[len(lines)-1].Lines
	if got := last[len(last)-2]; got != "ann's attack was a feint" {
		t.Errorf("after resolution Bob reads %q, want the reveal", got)
	}
}

// TestPoliciesSeeNoFeint checks the views a policy for Bob's side is given:
// the state and the prompt, from engine.ViewPrompt and View.
func TestPoliciesSeeNoFeint(t *testing.T) {
	table := duelTable(t)
	submit(t, table, engine.GM, "begin", 9, 1)
	submit(t, table, "ann", "feint bob")
	_, enc, _ := engine.Unwrap[tempo.State, tempo.Command, tempo.Event](table)
	bob := engine.Viewer{Combatant: "bob"}
	view := engine.View(tempo.Rules{}, enc.State(), bob)
	if a := view.Exchange.Act.Action; a != tempo.MeleeAttack {
		t.Errorf("Bob's view of the declared action = %q, want %q", a, tempo.MeleeAttack)
	}
	p := engine.ViewPrompt[tempo.State, tempo.Command, tempo.Event](tempo.Rules{}, enc.State(), bob)
	for _, o := range p.Options {
		if strings.Contains(strings.ToLower(o.Label), "feint") {
			t.Errorf("Bob's reaction option %q mentions the feint", o.Label)
		}
	}
}

// TestOddsSeeNoFeint asks the odds of Bob's parry against Ann's feint: they
// are computed from Bob's view, where the feint is an attack, so they
// cannot give it away; Ann's own odds know it.
func TestOddsSeeNoFeint(t *testing.T) {
	table := duelTable(t)
	submit(t, table, engine.GM, "begin", 9, 1)
	submit(t, table, "ann", "feint bob")
	calc, err := odds.For(tempo.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := calc.Odds(table, "bob", "parry", odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.TagP("ann:feint:miss"); p.Sign() != 0 {
		t.Errorf("Bob's odds show the feint missing with P %v", p)
	}
	if p := rep.TagP("ann:attack:critical-hit"); p.Sign() == 0 {
		t.Errorf("Bob's odds do not treat the feint as an attack: tags %v", rep.Tags)
	}
}
