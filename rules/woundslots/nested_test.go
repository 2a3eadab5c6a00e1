package woundslots

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestNestedJSON checks that a nested command reads from the text logs
// have always held, as a typed command, and writes the same bytes back;
// a text that is no command fails as the event is decoded.
func TestNestedJSON(t *testing.T) {
	for _, data := range []string{
		`{"kind":"action_declared","actor":"ann","action":"cast","target":"bob","weapon":"bolt","command":"cast bolt bob","queue":["bob"]}`,
		`{"kind":"action_declared","actor":"ann","action":"strong","target":"bob","weapon":"axe","cost":6}`,
		`{"kind":"interrupted","combatant":"bob","actor":"ann","initiative":9,"command":"hurry posture standing","moment":"declared"}`,
		`{"kind":"ready_taken","combatant":"ann","action":"move 3,0"}`,
		`{"kind":"long_begun","combatant":"ann","object":"treat bob severe","remaining":4,"action":true}`,
		`{"kind":"long_done","combatant":"ann","action":"treat bob severe","ap":8}`,
		`{"kind":"ordered","rider":"ann","mount":"nag","command":"attack bob"}`,
	} {
		e, err := events.Decode([]byte(data))
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		back, err := events.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if string(back) != data {
			t.Errorf("round trip:\nread  %s\nwrote %s", data, back)
		}
	}
	e, err := events.Decode([]byte(`{"kind":"long_begun","combatant":"ann","object":"treat bob severe","remaining":4,"action":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if tr, ok := e.(*LongBegun).Command.Command().(*Treat); !ok || tr.Target != "bob" || tr.Level != "severe" {
		t.Errorf("long_begun's action read as %#v", e.(*LongBegun).Command.Command())
	}
	c, err := commands.Decode([]byte(`{"kind":"long","action":"strong bob"}`))
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := c.(*LongAction).Action.Command().(*Attack); !ok || a.Style != "strong" || a.Target != "bob" {
		t.Errorf("long's action read as %#v", c.(*LongAction).Action.Command())
	}
	if _, err := events.Decode([]byte(`{"kind":"ordered","rider":"ann","mount":"nag","command":"juggle"}`)); err == nil || !strings.Contains(err.Error(), "juggle") {
		t.Errorf("a nested text that is no command: %v", err)
	}
}

// TestNestCopies checks that a nested command shares no memory with the
// command it was made from.
func TestNestCopies(t *testing.T) {
	a := new(Attack)
	a.Target = "bob"
	n := nest(a)
	a.Target = "cy"
	if got := n.Command().(*Attack).Target; got != "bob" {
		t.Errorf("the nested attack's target changed to %q", got)
	}
}

// TestNestedRoundTrip checks that every command, bare and nested in a
// readied action (R47), a long action (R25) or a mount's order (R76),
// is written back as text that reads as the same command, and that the
// nested command is the one its own text reads as: "long strong attack
// bob" holds the strong attack "strong attack bob" reads as, and is
// written "long strong bob" (strong is the verb; "strong attack" is a
// phrase read as it).
func TestNestedRoundTrip(t *testing.T) {
	inner := []string{
		"attack bob", "standard attack bob", "attack bob with axe", "quick bob", "quick attack bob", "strong bob with axe",
		"strong attack bob", "nonlethal bob", "non-lethal attack bob", "grapple bob with dagger",
		"move 3,0", "move to 3,0", "approach bob", "defend", "seize", "seize the initiative", "posture prone", "go prone",
		"hurry posture standing", "dash", "use potion", "hurry use potion", "continue", "end", "end haste",
		"pass", "harry", "guard plus", "pick severe helpless", "surprise bandits contest", "initiative",
		"stabilize bob", "treat bob severe", "treat bob bleeding", "cover bob half", "exert bob 3", "fatigue bob 2",
		"recover light", "done", "end-fight", "end-fight crown", "mount nag", "hurry mount nag", "dismount 1,1",
		"hurry dismount 1,1", "calm", "disarm bob", "distract bob", "shove bob", "trip bob", "pin bob", "escape", "rebuff",
		"ignore bob", "unignore bob", "jump 2,0", "jump high", "jump high tuck", "retrieve axe", "hurry retrieve axe",
		"stow axe", "hurry stow axe", "surface", "cast bolt bob", "cast haste", "trigger", "interpose shield",
		"opening bob", "create an opening against bob", "enter bob", "drag 1,0", "fire bob with bow", "cling", "split 1 2", "go", "stop",
		"push 1,0", "drop axe", "meet check", "long strong bob", "long treat bob severe", "ready", "ready move 3,0",
		"ready defend", "order attack bob", "order move 2,2",
	}
	read := func(text string) Command {
		t.Helper()
		c, err := Rules{}.ParseCommand(nil, "", text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		return c
	}
	check := func(text string, c Command) {
		t.Helper()
		out := Rules{}.FormatCommand(c)
		back, err := Rules{}.ParseCommand(nil, "", out)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Errorf("%q is written %q, which reads as %#v (%v), not %#v", text, out, back, err, c)
		}
	}
	bare := append(inner, "rest short", "rest long by ann after 10 slept 3", "interrupt attack bob", "interrupt move 3,0",
		"ready an attack", "ready an action", "ready attack bob", "ready an attack bob", "ready a quick attack bob")
	for _, in := range bare {
		check(in, read(in))
	}
	// Every verb and every command type of the table, bare and nested.
	all := slices.Clone(bare)
	for _, in := range inner {
		all = append(all, "long "+in, "order "+in)
	}
	if err := words.RoundTrip(nil, all...); err != nil {
		t.Error(err)
	}
	for text, want := range map[string]string{"ready an attack bob": "ready attack bob", "ready a quick attack bob": "ready quick bob",
		"ready an attack": "ready", "ready": "ready"} {
		if got := (Rules{}).FormatCommand(read(text)); got != want {
			t.Errorf("%q is written %q, want %q", text, got, want)
		}
	}
	for _, in := range inner {
		want := nest(read(in))
		for _, wrap := range []struct {
			verb   string
			nested func(Command) Nested
		}{
			{"long", func(c Command) Nested { return c.(*LongAction).Action }},
			{"order", func(c Command) Nested { return c.(*Order).Action }},
			{"ready", func(c Command) Nested { return c.(*Ready).Action }},
		} {
			text := wrap.verb + " " + in
			if wrap.verb == "ready" && !offTurnCommand(want.Command()) {
				if _, err := (Rules{}).ParseCommand(nil, "", text); err == nil {
					t.Errorf("%q: read, though %q is no reaction", text, in)
				}
				continue
			}
			c := read(text)
			if got := wrap.nested(c); !reflect.DeepEqual(got, want) {
				t.Errorf("%q holds %#v, not %#v", text, got.Command(), want.Command())
			}
			check(text, c)
		}
		// The text a nested command is kept as in events and the state
		// reads back as the same command.
		var back Nested
		if data, err := json.Marshal(want); err != nil {
			t.Fatal(err)
		} else if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, want) {
			t.Errorf("%q is kept as %s, which reads as %#v (%v)", in, data, back.Command(), err)
		}
	}
}
