package server_test

import (
	"net/http"
	"reflect"
	"slices"
	"testing"

	"fray/engine"
)

// TestOptionsOfAnotherMember: on the players' group turn of the alley
// fight, Beatrix's prompt may be answered first by Markus, with options of
// his own: the GM and Markus's player read them, and the GM decides with
// them for Markus; the odds are his; Markus's sheet shows the action his
// hold spent.
func TestOptionsOfAnotherMember(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	path := "/fights/" + f.ID
	// The players' initiative 10 beats the thugs' 1.
	for i, die := range []int{10, 1} {
		if r := c.do("POST", path+"/decisions", f.GMToken, map[string]any{"version": i, "command": "initiative", "physical": true, "dice": []int{die}}); r.status != http.StatusOK {
			t.Fatalf("initiative: %d %s", r.status, r.body)
		}
	}
	v := c.read(f, f.GMToken)
	if v.Prompt.Actor != "beatrix" || !slices.Equal(v.Prompt.Others, []string{"markus"}) {
		t.Fatalf("the prompt: %+v", v.Prompt)
	}
	type options struct {
		Version int64                 `json:"version"`
		Actor   string                `json:"actor"`
		Prompt  engine.Prompt[string] `json:"prompt"`
	}
	commands := func(o options) []string {
		var out []string
		for _, x := range o.Prompt.Options {
			out = append(out, x.Command)
		}
		return out
	}
	read := func(token, actor string, want int) options {
		t.Helper()
		q := ""
		if actor != "" {
			q = "?actor=" + actor
		}
		r := c.do("GET", path+"/options"+q, token, nil)
		if r.status != want {
			t.Fatalf("options for %q: %d %s, want %d", actor, r.status, r.body, want)
		}
		var o options
		if want == http.StatusOK {
			r.decode(t, &o)
		}
		return o
	}
	gm := read(f.GMToken, "markus", http.StatusOK)
	mine := read(f.tokenOf("markus"), "", http.StatusOK)
	if gm.Version != 2 || gm.Actor != "markus" || !slices.Contains(commands(gm), "hold thug1") || !slices.Equal(commands(gm), commands(mine)) {
		t.Errorf("markus's options: the GM's %+v, his player's %+v", gm, mine)
	}
	if own := read(f.GMToken, "", http.StatusOK); own.Actor != "beatrix" || slices.Contains(commands(own), "hold thug1") {
		t.Errorf("the GM's options by default: %+v, want beatrix's", own)
	}
	if thug := read(f.tokenOf("thug1"), "", http.StatusOK); len(thug.Prompt.Options) != 0 {
		t.Errorf("a thug on the players' turn is offered %q", commands(thug))
	}
	read(f.tokenOf("beatrix"), "markus", http.StatusForbidden)

	var odds struct {
		Menu struct {
			Actor   string `json:"actor"`
			Options []struct {
				Command string `json:"command"`
			} `json:"options"`
		} `json:"menu"`
	}
	r := c.do("GET", path+"/odds?actor=markus", f.GMToken, nil)
	if r.status != http.StatusOK {
		t.Fatalf("odds for markus: %d %s", r.status, r.body)
	}
	r.decode(t, &odds)
	if odds.Menu.Actor != "markus" || len(odds.Menu.Options) != len(gm.Prompt.Options) {
		t.Errorf("the GM's odds for markus: %s", r.body)
	}
	if r := c.do("GET", path+"/odds?actor=thug1", f.GMToken, nil); r.status != http.StatusUnprocessableEntity {
		t.Errorf("odds for a thug on the players' turn: %d %s", r.status, r.body)
	}

	if r := c.do("POST", path+"/decisions", f.GMToken, map[string]any{"version": 2, "actor": "markus", "command": "hold thug1", "physical": true, "dice": []int{1, 1, 1, 1}}); r.status != http.StatusOK {
		t.Fatalf("the GM decides for markus: %d %s", r.status, r.body)
	}
	var tr struct {
		Entries []engine.Entry `json:"entries"`
	}
	c.do("GET", path+"/transcript", f.GMToken, nil).decode(t, &tr)
	if last := tr.Entries[len(tr.Entries)-1]; last.Actor != "markus" || last.Command != "hold thug1" {
		t.Errorf("the last decision: %s: %s", last.Actor, last.Command)
	}

	var sheets struct {
		Version   int64          `json:"version"`
		Described bool           `json:"described"`
		Sheets    []engine.Sheet `json:"sheets"`
	}
	c.do("GET", path+"/sheets", f.tokenOf("markus"), nil).decode(t, &sheets)
	if sheets.Version != 3 || !sheets.Described || len(sheets.Sheets) != 5 {
		t.Fatalf("blackpowder's sheets: %+v", sheets)
	}
	want := engine.Sheet{Combatant: "markus", Numbers: []engine.Number{{Name: "LP", Value: 12, Max: 12}, {Name: "actions", Value: 0}, {Name: "fatigue", Value: 0}}}
	if got := sheets.Sheets[1]; !reflect.DeepEqual(got, want) {
		t.Errorf("markus's sheet after his hold: %+v, want %+v", got, want)
	}
}
