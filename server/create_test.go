package server_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strconv"
	"testing"

	"fray/server"
	"fray/store"
)

// TestCreatingNeedsTheToken: a fight is created only with the server's
// creation token (or its admin token), unless the server is open;
// refusals create nothing; creations have a quota of their own.
func TestCreatingNeedsTheToken(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		body := map[string]string{"bundled": "alley_fight"}
		for _, tc := range []struct {
			name, token, code string
		}{
			{"no token", "", "no-token"},
			{"a wrong token", "nonsense", "bad-token"},
			{"a fight's GM token", f.GMToken, "bad-token"},
			{"a player's token", f.Players[0].Token, "bad-token"},
		} {
			r := c.do("POST", "/fights", tc.token, body)
			p := isProblem(t, "creating with "+tc.name, r, http.StatusUnauthorized)
			if p.Type != "https://fray.invalid/problems/"+tc.code {
				t.Errorf("creating with %s: type %s, want code %s", tc.name, p.Type, tc.code)
			}
		}
		if r := c.do("POST", "/fights", "admin", body); r.status != http.StatusCreated {
			t.Errorf("creating with the admin token: %d %s", r.status, r.body)
		}
		var list struct{ Fights []store.Summary }
		c.do("GET", "/fights", "admin", nil).decode(t, &list)
		if len(list.Fights) != 2 {
			t.Errorf("%d fights after 2 creations and 4 refusals", len(list.Fights))
		}

		opened := startServer(t, open(), func(cfg *server.Config) { cfg.CreateToken, cfg.AdminToken, cfg.Open = "", "", true })
		if r := opened.do("POST", "/fights", "", body); r.status != http.StatusCreated {
			t.Errorf("creating on an open server without a token: %d %s", r.status, r.body)
		}

		quota := startServer(t, open(), func(cfg *server.Config) { cfg.CreateRate, cfg.CreateBurst = 0.01, 2 })
		g := quota.create("alley_fight")
		quota.create("alley_fight")
		r := quota.do("POST", "/fights", creatorToken, body)
		isProblem(t, "a third creation at once with a quota of 2", r, http.StatusTooManyRequests)
		if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 {
			t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
		}
		// The quota is the creations': other requests go on.
		for range 5 {
			quota.read(g, g.GMToken)
		}
	})
}

// TestNobodyCouldCreate: a server with neither token and not open is
// refused, since nobody could start a fight on it.
func TestNobodyCouldCreate(t *testing.T) {
	reg, _ := catalog(t)
	b, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if s, err := server.New(server.Config{Store: store.New(b, reg), Registry: reg}); err == nil {
		s.Close()
		t.Fatal("a server nobody could create fights on was made")
	}
}
