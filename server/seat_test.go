package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"testing"

	"fray/engine"
	"fray/store"
)

// TestGMSeatIsTheGMTokens: a player token whose combatant is named gm (as
// a fight recorded before ids were checked may hold, or a grant made by
// hand) gets none of the GM's powers: it may not answer the GM's ruling,
// read the GM's options or odds, or take back the GM's decision; the
// GM's token alone does these. And a fight whose encounter names a
// combatant gm is not created.
func TestGMSeatIsTheGMTokens(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		backend := open()
		c := startServer(t, backend, nil)
		f := c.create("duel")
		v := c.read(f, f.GMToken)
		if v.Prompt.Actor != engine.GM || v.Prompt.Kind != engine.Ruling {
			t.Fatalf("the duel starts with %s's %s, not the GM's ruling", v.Prompt.Actor, v.Prompt.Kind)
		}
		// A player's grant for a combatant named gm, as the store may hold.
		const fake = "a-player-token-whose-combatant-is-gm"
		sum := sha256.Sum256([]byte(fake))
		if err := backend.(store.Grants).AddGrants(context.Background(), map[string]store.Grant{hex.EncodeToString(sum[:]): {Fight: f.ID, Combatant: engine.GM}}); err != nil {
			t.Fatal(err)
		}
		begin := v.Prompt.Options[0].Command
		if p := c.read(f, fake); p.Yours {
			t.Errorf("the GM's ruling reads as the gm player's own")
		}
		for _, body := range []map[string]any{
			{"version": v.Version, "actor": engine.GM, "command": begin},
			{"version": v.Version, "command": begin},
		} {
			r := c.do("POST", "/fights/"+f.ID+"/decisions", fake, body)
			isProblem(t, "the gm player answering the GM's ruling", r, http.StatusForbidden)
		}
		for _, path := range []string{"/options", "/options?actor=gm", "/odds"} {
			r := c.do("GET", "/fights/"+f.ID+path, fake, nil)
			isProblem(t, "the gm player reading "+path, r, http.StatusForbidden)
		}
		if again := c.read(f, f.GMToken); again.Version != v.Version {
			t.Fatalf("refused requests moved the fight to version %d", again.Version)
		}
		// The GM's own token answers the ruling; the gm player may not undo it.
		if r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, map[string]any{"version": v.Version, "command": begin}); r.status != http.StatusOK {
			t.Fatalf("the GM answering the ruling: %d %s", r.status, r.body)
		}
		r := c.do("POST", "/fights/"+f.ID+"/undo", fake, map[string]any{"version": v.Version + 1})
		isProblem(t, "the gm player undoing the GM's decision", r, http.StatusForbidden)
		if again := c.read(f, f.GMToken); again.Version != v.Version+1 {
			t.Fatalf("a refused undo moved the fight to version %d", again.Version)
		}
		if r := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, map[string]any{"version": v.Version + 1}); r.status != http.StatusOK {
			t.Fatalf("the GM undoing: %d %s", r.status, r.body)
		}

		// An encounter with a combatant named gm (which the engine may
		// refuse outright) gives that combatant no player's token.
		text := "ruleset: tempo\ncombatants:\n  - {use: fencer, id: gm, side: red, x: 0, y: 0}\n  - {use: duelist, side: blue, x: 2, y: 0}\n"
		r = c.do("POST", "/fights", creatorToken, map[string]string{"encounter": text})
		if r.status == http.StatusCreated {
			var g created
			r.decode(t, &g)
			for _, p := range g.Players {
				if p.Combatant == engine.GM {
					t.Errorf("a player's token for the combatant gm: %s", r.body)
				}
			}
		} else {
			isProblem(t, "creating a fight with a combatant gm", r, http.StatusUnprocessableEntity)
		}
	})
}
