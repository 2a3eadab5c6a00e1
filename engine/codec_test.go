package engine_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest/duel"
)

func TestMarshalKindedPutsTheKindFirst(t *testing.T) {
	for _, tc := range []struct {
		v    engine.Kinded
		want string
	}{
		{&duel.Attack{Target: "bob"}, `{"kind":"attack","target":"bob"}`},
		{&duel.Defend{}, `{"kind":"defend"}`},
		{&duel.Damaged{Fighter: "bob", Dice: []int{3, 4}, Amount: 7}, `{"kind":"damaged","fighter":"bob","dice":[3,4],"amount":7}`},
		{&duel.Declared{Attacker: "ann", Target: "bob"}, `{"kind":"declared","attacker":"ann","target":"bob"}`},
	} {
		got, err := engine.MarshalKinded(tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("MarshalKinded(%#v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
}

func TestKindedRoundTrip(t *testing.T) {
	r := duel.Rules{}
	commands := []duel.Command{
		&duel.Attack{Target: "bob"}, &duel.Feint{Target: "ann"}, &duel.Defend{}, &duel.Dodge{},
		&duel.Take{}, &duel.Continue{}, &duel.Stop{},
	}
	for _, c := range commands {
		data, err := engine.MarshalKinded(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := r.DecodeCommand(data)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Errorf("%s decoded as %#v, %v; want %#v", data, back, err, c)
		}
	}
	events := []duel.Event{
		&duel.Declared{Attacker: "ann", Target: "bob", Feint: true},
		&duel.Rolled{Attacker: "ann", Target: "bob", Die: 20, Bonus: 4, Defence: 12, Hit: true},
		&duel.Defended{Fighter: "cy"},
		&duel.Dodged{Fighter: "bob", Die: 5, Avoided: true},
		&duel.Damaged{Fighter: "bob", Dice: []int{6, 1}, Amount: 7},
		&duel.Unbalanced{Fighter: "dee"},
		&duel.RoundStarted{Round: 3},
		&duel.Stopped{},
	}
	for _, e := range events {
		data, err := engine.MarshalKinded(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := r.DecodeEvent(data)
		if err != nil || !reflect.DeepEqual(back, e) {
			t.Errorf("%s decoded as %#v, %v; want %#v", data, back, err, e)
		}
	}
}

func TestUnmarshalKindedErrors(t *testing.T) {
	r := duel.Rules{}
	for _, tc := range []struct {
		data, want string
	}{
		{`{"kind":"flee"}`, `unknown duel command kind "flee" (known: attack, continue, defend, dodge, feint, stop, take)`},
		{`{"target":"bob"}`, `unknown duel command kind ""`},
		{`{"kind":"attack","target":"bob","weapon":"axe"}`, `reading a duel command "attack": json: unknown field "weapon"`},
		{`{"kind":"attack","target":7}`, `reading a duel command "attack"`},
		{`{"kind":"attack"`, `reading a duel command`},
		{`["attack"]`, `reading a duel command`},
	} {
		c, err := r.DecodeCommand([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeCommand(%s) = %#v, %v; want an error saying %q", tc.data, c, err, tc.want)
		}
	}
	if _, err := r.DecodeEvent([]byte(`{"kind":"attack"}`)); err == nil ||
		!strings.Contains(err.Error(), "(known: damaged, declared, defended, dodged, rolled, round_started, stopped, unbalanced)") {
		t.Errorf("a command decoded as an event: %v", err)
	}
}

// shout is a Kinded value that is not a JSON object.
type shout string

func (shout) Kind() string { return "shout" }

// TestMarshalKindedOnlyWritesValidJSON documents a kernel problem: a Kinded
// value whose JSON is not an object (a nil pointer, a string type) comes
// out as invalid JSON with no error.
func TestMarshalKindedOnlyWritesValidJSON(t *testing.T) {
	for _, v := range []engine.Kinded{shout("hey"), (*duel.Attack)(nil)} {
		data, err := engine.MarshalKinded(v)
		if err == nil && !json.Valid(data) {
			t.Errorf("MarshalKinded(%#v) = %s, invalid JSON and no error", v, data)
		}
	}
}
