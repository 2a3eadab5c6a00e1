package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/server"
	"fray/store"
)

// TestPhysicalDice enters a table's real dice: the server names each die
// it needs and for whom, changes nothing until it has them all, then
// decides with exactly those dice.
func TestPhysicalDice(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("pistols_at_dawn")
	v := c.read(f, f.GMToken)
	actor, cmd := v.Prompt.Actor, v.Prompt.Options[0].Command
	path := "/fights/" + f.ID + "/decisions"
	r := c.do("POST", path, f.tokenOf(actor), map[string]any{"version": 0, "command": cmd, "physical": true})
	var p server.Problem
	r.decode(t, &p)
	if r.status != http.StatusUnprocessableEntity || !strings.HasSuffix(p.Type, "/needs-dice") || p.Need == nil || p.Need.Actor != actor || p.Need.Sides != 10 || p.Need.Number != 1 {
		t.Fatalf("a decision without its dice: %d %s", r.status, r.body)
	}
	if again := c.read(f, f.GMToken); again.Version != 0 {
		t.Fatalf("asking for dice moved the fight to %d", again.Version)
	}
	r = c.do("POST", path, f.tokenOf(actor), map[string]any{"version": 0, "command": cmd, "physical": true, "dice": []int{7}})
	if r.status != http.StatusOK {
		t.Fatalf("with its die: %d %s", r.status, r.body)
	}
	var d server.Decided
	r.decode(t, &d)
	if d.Version != 1 || len(d.Entry.Lines) == 0 || !strings.Contains(d.Entry.Lines[0], "d10=7") {
		t.Fatalf("decided %s", r.body)
	}
	if r := c.do("POST", path, f.GMToken, map[string]any{"version": 1, "command": "x", "dice": []int{3}}); r.status != http.StatusUnprocessableEntity {
		t.Errorf("dice without physical: %d %s", r.status, r.body)
	}
	// The next decision with the server's dice; the GM's transcript tells
	// the die typed in from the one drawn.
	v = c.read(f, f.GMToken)
	if r := c.do("POST", path, f.GMToken, map[string]any{"version": 1, "command": v.Prompt.Options[0].Command}); r.status != http.StatusOK {
		t.Fatalf("a digital decision: %d %s", r.status, r.body)
	}
	var tr struct {
		Entries []struct {
			Dice []map[string]any `json:"dice"`
		} `json:"entries"`
	}
	c.do("GET", "/fights/"+f.ID+"/transcript", f.GMToken, nil).decode(t, &tr)
	if len(tr.Entries) != 2 || len(tr.Entries[0].Dice) != 1 || len(tr.Entries[1].Dice) != 1 {
		t.Fatalf("the transcript: %+v", tr.Entries)
	}
	if by, digital := tr.Entries[0].Dice[0], tr.Entries[1].Dice[0]; by["hand"] != true || by["value"] != 7.0 || digital["hand"] != nil {
		t.Errorf("the die typed in is %v, the one drawn %v: want hand true on the first only", by, digital)
	}
}

// TestCommandJSONAndOdds decides with a command in JSON and reads the
// exact odds of a prompt as its player and as the GM, and checks that a
// player gets none for someone else's prompt.
func TestCommandJSONAndOdds(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("pistols_at_dawn")
	for range 2 { // both roll initiative, as JSON
		v := c.read(f, f.GMToken)
		r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(v.Prompt.Actor), map[string]any{"version": v.Version, "command_json": map[string]string{"kind": "initiative"}})
		if r.status != http.StatusOK {
			t.Fatalf("a JSON command: %d %s", r.status, r.body)
		}
	}
	v := c.read(f, f.GMToken)
	var odds struct {
		Version int64           `json:"version"`
		Menu    json.RawMessage `json:"menu"`
	}
	r := c.do("GET", "/fights/"+f.ID+"/odds", f.tokenOf(v.Prompt.Actor), nil)
	if r.status != http.StatusOK {
		t.Fatalf("odds for the one deciding: %d %s", r.status, r.body)
	}
	r.decode(t, &odds)
	if odds.Version != v.Version || !strings.Contains(string(odds.Menu), "attack") {
		t.Errorf("odds: %s", r.body)
	}
	if r := c.do("GET", "/fights/"+f.ID+"/odds", f.GMToken, nil); r.status != http.StatusOK {
		t.Errorf("odds for the GM: %d %s", r.status, r.body)
	}
	for _, p := range f.Players {
		if p.Combatant != v.Prompt.Actor {
			if r := c.do("GET", "/fights/"+f.ID+"/odds", p.Token, nil); r.status != http.StatusForbidden {
				t.Errorf("odds for another's prompt: %d %s", r.status, r.body)
			}
		}
	}
}

// TestLocalContent creates a fight whose encounter brings in a stat block
// sent with it, and refuses content outside its folder.
func TestLocalContent(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	enc := "ruleset: reference\ncontent: monsters\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: ogre}]\n"
	ogre := "id: ogre\nname: Ogre\nside: blue\nlp: 12\nskill: 2\ndefence: 9\nweapons:\n  - use: club\n"
	r := c.do("POST", "/fights", creatorToken, map[string]any{"encounter": enc, "content": map[string]string{"monsters/ogre.yaml": ogre}})
	if r.status != http.StatusCreated {
		t.Fatalf("with its content: %d %s", r.status, r.body)
	}
	var f created
	r.decode(t, &f)
	if v := c.read(f, f.GMToken); !strings.Contains(string(v.State), `"Ogre"`) {
		t.Errorf("no ogre in %s", v.State)
	}
	for _, bad := range []map[string]string{{"../ogre.yaml": ogre}, {"monsters/ogre.txt": ogre}, {}} {
		r := c.do("POST", "/fights", creatorToken, map[string]any{"encounter": enc, "content": bad})
		if r.status != http.StatusUnprocessableEntity {
			t.Errorf("content %v: %d %s", bad, r.status, r.body)
		}
	}
}

// TestTokensStoredHashed checks that no token handed out is written in
// the store's files: only their hashes are.
func TestTokensStoredHashed(t *testing.T) {
	dir := t.TempDir()
	b, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c := startServer(t, b, nil)
	f := c.create("alley_fight")
	tokens := []string{f.GMToken}
	for _, p := range f.Players {
		tokens = append(tokens, p.Token)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "fights.db*"))
	if len(files) == 0 {
		t.Fatal("no database files")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range tokens {
			if len(tok) < 40 || bytes.Contains(data, []byte(tok)) {
				t.Fatalf("token %q is in %s", tok, file)
			}
		}
	}
	if c.read(f, f.GMToken).ID != f.ID {
		t.Fatal("the GM token does not work")
	}
}
