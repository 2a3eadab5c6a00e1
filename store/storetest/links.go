package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	"fray/store"
)

// testLinks: a seat's new token revokes every other of that seat and no
// other seat's, as seen through a second backend on the same database;
// the seats list counts each seat's tokens and leaves out the GM's; a new
// GM's token revokes the GM's old one and no player's; a seat never
// issued has no new link; two new links for one seat at once leave one in
// force.
func testLinks(t *testing.T, open Opener) {
	ctx := t.Context()
	b := backend(t, open)
	s := store.New(b, Registry(t))
	if _, err := s.Create(ctx, "links-1", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "links-2", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	g, ok := b.(store.Grants)
	if !ok {
		t.Skip("the backend keeps no tokens")
	}
	other := backend(t, open).(store.Grants)
	if err := g.AddGrants(ctx, map[string]store.Grant{
		"gm":      {Fight: "links-1", GM: true},
		"beatrix": {Fight: "links-1", Combatant: "beatrix"},
		"markus":  {Fight: "links-1", Combatant: "markus"},
		"else":    {Fight: "links-2", Combatant: "beatrix"},
	}); err != nil {
		t.Fatal(err)
	}
	links := func(want ...store.Link) {
		t.Helper()
		got, err := other.Links(ctx, "links-1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("links: got %+v, want %+v", got, want)
		}
	}
	grant := func(hash string, want store.Grant, wantErr error) {
		t.Helper()
		got, err := other.Grant(ctx, hash)
		if !errors.Is(err, wantErr) || got != want {
			t.Fatalf("grant %s: got %+v, %v; want %+v, %v", hash, got, err, want, wantErr)
		}
	}
	links(store.Link{Combatant: "beatrix", Issued: 1}, store.Link{Combatant: "markus", Issued: 1})

	l, err := g.Reissue(ctx, "beatrix-2", store.Grant{Fight: "links-1", Combatant: "beatrix"})
	if err != nil || l != (store.Link{Combatant: "beatrix", Issued: 2}) {
		t.Fatalf("a new link for beatrix: %+v, %v", l, err)
	}
	grant("beatrix", store.Grant{}, store.ErrRevoked)
	grant("beatrix-2", store.Grant{Fight: "links-1", Combatant: "beatrix"}, nil)
	grant("markus", store.Grant{Fight: "links-1", Combatant: "markus"}, nil)
	grant("gm", store.Grant{Fight: "links-1", GM: true}, nil)
	grant("else", store.Grant{Fight: "links-2", Combatant: "beatrix"}, nil)
	grant("nobody", store.Grant{}, store.ErrNotFound)
	links(store.Link{Combatant: "beatrix", Issued: 2}, store.Link{Combatant: "markus", Issued: 1})

	if _, err := g.Reissue(ctx, "beatrix-3", store.Grant{Fight: "links-1", Combatant: "beatrix"}); err != nil {
		t.Fatal(err)
	}
	grant("beatrix-2", store.Grant{}, store.ErrRevoked)
	grant("beatrix-3", store.Grant{Fight: "links-1", Combatant: "beatrix"}, nil)

	l, err = g.Reissue(ctx, "gm-2", store.Grant{Fight: "links-1", GM: true})
	if err != nil || l != (store.Link{Issued: 2}) {
		t.Fatalf("a new GM's token: %+v, %v", l, err)
	}
	grant("gm", store.Grant{}, store.ErrRevoked)
	grant("gm-2", store.Grant{Fight: "links-1", GM: true}, nil)
	grant("beatrix-3", store.Grant{Fight: "links-1", Combatant: "beatrix"}, nil)
	grant("markus", store.Grant{Fight: "links-1", Combatant: "markus"}, nil)
	links(store.Link{Combatant: "beatrix", Issued: 3}, store.Link{Combatant: "markus", Issued: 1})

	for _, no := range []store.Grant{
		{Fight: "links-1", Combatant: "thug9"},
		{Fight: "links-3", GM: true},
		{Fight: "links-3", Combatant: "beatrix"},
	} {
		if _, err := g.Reissue(ctx, "never", no); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a new link for %+v: %v, want ErrNotFound", no, err)
		}
	}
	grant("never", store.Grant{}, store.ErrNotFound)
	if got, err := other.Links(ctx, "links-3"); err != nil || len(got) != 0 {
		t.Errorf("the links of a fight not there: %+v, %v", got, err)
	}

	// Two new links for markus at once, through two backends: one stays
	// in force, and the count has both.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, via := range []store.Grants{g, other} {
		wg.Go(func() {
			_, errs[i] = via.Reissue(context.WithoutCancel(ctx), []string{"markus-a", "markus-b"}[i], store.Grant{Fight: "links-1", Combatant: "markus"})
		})
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatalf("two new links at once: %v, %v", errs[0], errs[1])
	}
	live := 0
	for _, h := range []string{"markus", "markus-a", "markus-b"} {
		if _, err := other.Grant(ctx, h); err == nil {
			live++
		} else if !errors.Is(err, store.ErrRevoked) {
			t.Fatal(err)
		}
	}
	if live != 1 {
		t.Errorf("after two new links for markus at once, %d of his tokens are in force, want 1", live)
	}
	links(store.Link{Combatant: "beatrix", Issued: 3}, store.Link{Combatant: "markus", Issued: 3})
}
