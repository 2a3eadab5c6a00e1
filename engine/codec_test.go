package engine_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

func TestMarshalPutsTheKindFirst(t *testing.T) {
	commands, events := reference.Rules{}.Kinds()
	marshal := func(v any) ([]byte, error) {
		if c, ok := v.(reference.Command); ok {
			return commands.Marshal(c)
		}
		return events.Marshal(v.(reference.Event))
	}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{&reference.Attack{Target: "bob"}, `{"kind":"attack","target":"bob"}`},
		{&reference.Defend{}, `{"kind":"defend"}`},
		{&reference.Damaged{Combatant: "bob", Attacker: "ann", Dice: []int{3, 4}, Amount: 7, LP: 5}, `{"kind":"damaged","combatant":"bob","attacker":"ann","dice":[3,4],"amount":7,"lp":5}`},
		{&reference.AttackDeclared{Attacker: "ann", Target: "bob"}, `{"kind":"attack_declared","attacker":"ann","target":"bob"}`},
	} {
		got, err := marshal(tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("Marshal(%#v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
}

func TestKindedRoundTrip(t *testing.T) {
	commandKinds, eventKinds := reference.Rules{}.Kinds()
	commands := []reference.Command{
		&reference.Attack{Target: "bob"}, &reference.Feint{Target: "ann"}, &reference.Defend{}, &reference.Dodge{},
		&reference.Take{}, &reference.Continue{}, &reference.Stop{},
	}
	for _, c := range commands {
		data, err := commandKinds.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := commandKinds.Decode(data)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Errorf("%s decoded as %#v, %v; want %#v", data, back, err, c)
		}
	}
	events := []reference.Event{
		&reference.AttackDeclared{Attacker: "ann", Target: "bob", Weapon: "sword", Feint: true},
		&reference.AttackRolled{Attacker: "ann", Target: "bob", Die: 20, Bonus: 4, Defence: 12, Hit: true},
		&reference.Defended{Combatant: "cy"},
		&reference.Dodged{Combatant: "bob", Die: 5, Avoided: true},
		&reference.Damaged{Combatant: "bob", Attacker: "ann", Dice: []int{6, 1}, Bonus: 2, Amount: 9, LP: 3},
		&reference.Unbalanced{Combatant: "dee"},
		&reference.RoundStarted{Round: 3},
		&reference.FightStopped{},
	}
	for _, e := range events {
		data, err := eventKinds.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := eventKinds.Decode(data)
		if err != nil || !reflect.DeepEqual(back, e) {
			t.Errorf("%s decoded as %#v, %v; want %#v", data, back, err, e)
		}
	}
}

func TestUnmarshalKindedErrors(t *testing.T) {
	commands, events := reference.Rules{}.Kinds()
	for _, tc := range []struct {
		data, want string
	}{
		{`{"kind":"flee"}`, `unknown reference command kind "flee" (known: attack, continue, defend, dodge, feint, stop, take)`},
		{`{"target":"bob"}`, `unknown reference command kind ""`},
		{`{"kind":"attack","target":"bob","with":"axe"}`, `reading a reference command "attack": json: unknown field "with"`},
		{`{"kind":"attack","target":7}`, `reading a reference command "attack"`},
		{`{"kind":"attack"`, `reading a reference command`},
		{`["attack"]`, `reading a reference command`},
	} {
		c, err := commands.Decode([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s) = %#v, %v; want an error saying %q", tc.data, c, err, tc.want)
		}
	}
	if _, err := events.Decode([]byte(`{"kind":"attack"}`)); err == nil ||
		!strings.Contains(err.Error(), "(known: attack_declared, attack_rolled, damaged, defended, dodged, fight_stopped, round_started, unbalanced)") {
		t.Errorf("a command decoded as an event: %v", err)
	}
}

// TestMarshalKindOnlyWritesValidJSON checks that a value whose JSON is not
// an object (a nil pointer, a string) is an error, not invalid JSON.
func TestMarshalKindOnlyWritesValidJSON(t *testing.T) {
	for _, v := range []any{"hey", (*reference.Attack)(nil)} {
		data, err := engine.MarshalKind("shout", v)
		if err == nil && !json.Valid(data) {
			t.Errorf("MarshalKind(%#v) = %s, invalid JSON and no error", v, data)
		}
	}
}

func TestUnmarshalKindedReadsAnyLayout(t *testing.T) {
	kinds := map[string]func() reference.Command{
		"attack": func() reference.Command { return &reference.Attack{} },
		"defend": func() reference.Command { return &reference.Defend{} },
	}
	for _, tc := range []struct {
		data string
		want reference.Command
	}{
		{`{"kind":"attack","target":"bob"}`, &reference.Attack{Target: "bob"}},
		{`{"target":"bob","kind":"attack"}`, &reference.Attack{Target: "bob"}},
		{`{ "kind" : "attack" , "target" : "bob" }`, &reference.Attack{Target: "bob"}},
		{`{"kind":"defend"}`, &reference.Defend{}},
		{`{"kind":"defend" }`, &reference.Defend{}},
	} {
		got, err := engine.UnmarshalKinded([]byte(tc.data), "command", kinds)
		if err != nil {
			t.Errorf("%s: %v", tc.data, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %#v, want %#v", tc.data, got, tc.want)
		}
	}
	for _, bad := range []string{`{"kind":"attack","target":"bob","extra":1}`, `{"kind":"attack","target":"bob"`} {
		if _, err := engine.UnmarshalKinded([]byte(bad), "command", kinds); err == nil {
			t.Errorf("%s: read without an error", bad)
		}
	}
}

// rawJSON is a value whose JSON is given as it is.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// TestMarshalKindFindsAClashingField checks that a value with a field
// named "kind" of its own is refused, however its name is written, and
// that a "kind" inside a nested value, or as a string, is not a clash.
func TestMarshalKindFindsAClashingField(t *testing.T) {
	for _, tc := range []struct {
		json string
		want string // "" for an error
	}{
		{`{}`, `{"kind":"raw"}`},
		{` { } `, `{"kind":"raw"}`},
		{`{"kind":1}`, ""},
		{`{"a":1,"kind":"x"}`, ""},
		{`{"\u006bind":1}`, ""},
		{`{"a":{"kind":1}}`, `{"kind":"raw","a":{"kind":1}}`},
		{`{"a":[{"kind":1},"kind"]}`, `{"kind":"raw","a":[{"kind":1},"kind"]}`},
		{`{"a":"kind","b":"\"kind\":"}`, `{"kind":"raw","a":"kind","b":"\"kind\":"}`},
		{`{"a\"kind":2,"kinds":3}`, `{"kind":"raw","a\"kind":2,"kinds":3}`},
		{`{"a":"\\","kind":2}`, ""},
		{`{"a":"\\"}`, `{"kind":"raw","a":"\\"}`},
	} {
		got, err := engine.MarshalKind("raw", rawJSON(tc.json))
		switch {
		case tc.want == "" && (err == nil || !strings.Contains(err.Error(), `a field named "kind"`)):
			t.Errorf("%s: %s, %v; want a clash", tc.json, got, err)
		case tc.want != "" && (err != nil || string(got) != tc.want):
			t.Errorf("%s: %s, %v; want %s", tc.json, got, err, tc.want)
		}
	}
}
