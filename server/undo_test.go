package server_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"fray/engine"
	"fray/server"
	"fray/store"
)

// TestUndoSaysWho: an undo is recorded with who took the decision back
// (the player whose decision it was, through their own token, or the
// GM), and every viewer's stream says so: another player's stream live,
// a stream read from the start, and one from another server on the same
// store, which knows only what the store kept.
func TestUndoSaysWho(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		// Up to a prompt a player answers.
		v := c.read(f, f.GMToken)
		for v.Prompt.Actor == engine.GM || v.Prompt.Actor == "" {
			c.play(f, 1)
			v = c.read(f, f.GMToken)
		}
		actor := v.Prompt.Actor
		var watcher string
		for _, p := range f.Players {
			if p.Combatant != actor {
				watcher = p.Token
				break
			}
		}
		live := c.follow(f, watcher, "")
		defer live.cancel()
		if r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(actor), map[string]any{"version": v.Version, "command": v.Prompt.Options[0].Command}); r.status != http.StatusOK {
			t.Fatalf("%s deciding: %d %s", actor, r.status, r.body)
		}
		if r := c.do("POST", "/fights/"+f.ID+"/undo", f.tokenOf(actor), map[string]any{"version": v.Version + 1}); r.status != http.StatusOK {
			t.Fatalf("%s undoing his own decision: %d %s", actor, r.status, r.body)
		}
		c.play(f, 1)
		if r := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, map[string]any{"version": v.Version + 3}); r.status != http.StatusOK {
			t.Fatalf("the GM undoing: %d %s", r.status, r.body)
		}
		want := map[int64]string{v.Version + 2: actor, v.Version + 4: engine.GM}
		check := func(what string, s *stream, from int64) {
			t.Helper()
			for version := from; version <= v.Version+4; version++ {
				e := s.nextBut(t)
				var m server.StreamEntry
				if err := json.Unmarshal(e.data, &m); err != nil {
					t.Fatal(err)
				}
				if m.Version != version || m.By != want[version] || (m.Kind == "undo") != (want[version] != "") {
					t.Errorf("%s: entry %d is a %s by %q, want %d by %q: %s", what, version, m.Kind, m.By, version, want[version], e.data)
				}
			}
		}
		check("the other player's stream", live, v.Version+1)
		again := c.follow(f, watcher, "0")
		defer again.cancel()
		check("the other player's stream from the start", again, 1)
		other := startServer(t, open(), nil)
		elsewhere := other.follow(f, f.GMToken, "0")
		defer elsewhere.cancel()
		check("the GM's stream from another server", elsewhere, 1)
	})
}
