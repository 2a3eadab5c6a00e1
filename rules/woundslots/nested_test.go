package woundslots

import (
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
