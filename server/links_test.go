package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"fray/internal/qrread"
	"fray/server"
	"fray/store"
)

// link is a seat's new link as POST /fights/{id}/links/{combatant}
// answers it.
type link struct {
	Combatant string `json:"combatant"`
	Side      string `json:"side"`
	Token     string `json:"token"`
	Join      string `json:"join"`
	Page      string `json:"page"`
	Issued    int    `json:"issued"`
}

// linkInfo is a seat as GET /fights/{id}/links lists it.
type linkInfo struct {
	Combatant string `json:"combatant"`
	Side      string `json:"side"`
	PC        bool   `json:"pc"`
	Issued    int    `json:"issued"`
}

// wantProblem fails t unless r is a problem of the given status and code.
func wantProblem(t *testing.T, what string, r reply, status int, code string) {
	t.Helper()
	var p struct {
		Type   string `json:"type"`
		Status int    `json:"status"`
	}
	if r.status != status || r.header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("%s: %d %s %s, want a %d problem %s", what, r.status, r.header.Get("Content-Type"), r.body, status, code)
	}
	r.decode(t, &p)
	if p.Status != status || !strings.HasSuffix(p.Type, "/"+code) {
		t.Fatalf("%s: %s, want a problem %s", what, r.body, code)
	}
}

// reissue issues a new link for combatant with the GM's token.
func (c *client) reissue(f created, combatant string) link {
	c.t.Helper()
	r := c.do("POST", "/fights/"+f.ID+"/links/"+combatant, f.GMToken, nil)
	if r.status != http.StatusOK {
		c.t.Fatalf("a new link for %s: %d %s", combatant, r.status, r.body)
	}
	var l link
	r.decode(c.t, &l)
	return l
}

// revokedEvent waits for a stream's event "revoked" and then its end.
func revokedEvent(t *testing.T, s *stream) {
	t.Helper()
	e := s.nextBut(t)
	if e.name != "revoked" || !strings.Contains(string(e.data), "/revoked") {
		t.Fatalf("the revoked token's stream sent %s %s, not revoked", e.name, e.data)
	}
	select {
	case e, ok := <-s.events:
		if ok {
			t.Fatalf("after revoked the stream sent %s %s", e.name, e.data)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the revoked token's stream goes on")
	}
}

// TestLinksTravel: the GM lists the players' seats and issues a new link
// for one, over real HTTP; the old token is refused at once (401 revoked)
// and its live stream ends saying so, while the other players' go on; the
// new token plays the seat. Players and strangers may do none of it.
func TestLinksTravel(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		other := c.create("alley_fight")
		var list struct {
			Links []linkInfo `json:"links"`
		}
		c.do("GET", "/fights/"+f.ID+"/links", f.GMToken, nil).decode(t, &list)
		if len(list.Links) != len(f.Players) {
			t.Fatalf("links %+v for players %+v", list.Links, f.Players)
		}
		// The player characters (the players' group) first.
		for i, p := range f.Players {
			pc := p.Combatant == "beatrix" || p.Combatant == "markus"
			if l := list.Links[i]; l != (linkInfo{Combatant: p.Combatant, Side: p.Side, PC: pc, Issued: 1}) {
				t.Fatalf("link %d: %+v, want %s of %s issued once, a player character: %v", i, l, p.Combatant, p.Side, pc)
			}
		}
		seat, stays := f.Players[0], f.Players[1]

		for _, tc := range []struct {
			what, method, path, token string
			body                      any
			status                    int
			code                      string
		}{
			{"a player listing links", "GET", "/links", stays.Token, nil, 403, "gm-only"},
			{"a player issuing a link", "POST", "/links/" + seat.Combatant, stays.Token, nil, 403, "gm-only"},
			{"a player issuing their own link", "POST", "/links/" + stays.Combatant, stays.Token, nil, 403, "gm-only"},
			{"a player asking for a QR code", "POST", "/qr", stays.Token, map[string]string{"link": c.base + server.PagePath(f.ID, stays.Token)}, 403, "gm-only"},
			{"no token", "GET", "/links", "", nil, 401, "no-token"},
			{"another fight's GM", "POST", "/links/" + seat.Combatant, other.GMToken, nil, 403, "other-fight"},
			{"a seat not there", "POST", "/links/thug9", f.GMToken, nil, 404, "no-seat"},
		} {
			wantProblem(t, tc.what, c.do(tc.method, "/fights/"+f.ID+tc.path, tc.token, tc.body), tc.status, tc.code)
		}
		if r := c.do("GET", "/fights/"+f.ID, seat.Token, nil); r.status != http.StatusOK {
			t.Fatalf("the refusals revoked %s's token: %d %s", seat.Combatant, r.status, r.body)
		}

		old := c.follow(f, seat.Token, "")
		defer old.cancel()
		kept := c.follow(f, stays.Token, "")
		defer kept.cancel()
		l := c.reissue(f, seat.Combatant)
		if l.Combatant != seat.Combatant || l.Side != seat.Side || l.Issued != 2 || l.Token == "" || l.Token == seat.Token ||
			l.Page != server.PagePath(f.ID, l.Token) || l.Join != "/fights/"+f.ID+"?token="+l.Token {
			t.Fatalf("the new link %+v for %+v", l, seat)
		}
		// At once: no wait between the new link and the refusal.
		wantProblem(t, "a read with the old token", c.do("GET", "/fights/"+f.ID, seat.Token, nil), 401, "revoked")
		v := c.read(f, f.GMToken)
		wantProblem(t, "a decision with the old token", c.do("POST", "/fights/"+f.ID+"/decisions", seat.Token, map[string]any{"version": v.Version, "command": v.Prompt.Options[0].Command}), 401, "revoked")
		revokedEvent(t, old)
		wantProblem(t, "the old token's stream again", c.do("GET", "/fights/"+f.ID+"/events", seat.Token, nil), 401, "revoked")

		var mine struct {
			Viewer struct {
				Combatant string `json:"combatant"`
			} `json:"viewer"`
		}
		c.do("GET", "/fights/"+f.ID, l.Token, nil).decode(t, &mine)
		if mine.Viewer.Combatant != seat.Combatant {
			t.Fatalf("the new token sees as %q, not %s", mine.Viewer.Combatant, seat.Combatant)
		}
		fresh := c.follow(f, l.Token, "")
		defer fresh.cancel()
		c.play(f, 1)
		for _, s := range []*stream{kept, fresh} {
			if e := s.nextBut(t); e.name != "entry" || e.id != "1" {
				t.Fatalf("after the new link, a stream sent %s %s %s", e.name, e.id, e.data)
			}
		}
		c.do("GET", "/fights/"+f.ID+"/links", f.GMToken, nil).decode(t, &list)
		if list.Links[0].Issued != 2 || list.Links[1].Issued != 1 {
			t.Fatalf("links after one new link: %+v", list.Links)
		}
		// A third link revokes the second.
		third := c.reissue(f, seat.Combatant)
		wantProblem(t, "a read with the second token", c.do("GET", "/fights/"+f.ID, l.Token, nil), 401, "revoked")
		revokedEvent(t, fresh)
		if third.Issued != 3 || c.read(f, third.Token).ID != f.ID {
			t.Fatalf("the third link %+v", third)
		}
	})
}

// TestGMTokenReplaced: a GM who lost their token gets a new one from
// whoever holds the server's admin token, and a GM may replace their own;
// the old token is refused at once and its live stream ends, while the
// players' tokens and streams go on and the new token has every GM power.
// Players, another fight's GM and strangers may not do it.
func TestGMTokenReplaced(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		other := c.create("alley_fight")
		player := f.Players[0]
		for _, tc := range []struct {
			what, id, token string
			status          int
			code            string
		}{
			{"a player", f.ID, player.Token, 403, "gm-only"},
			{"another fight's GM", f.ID, other.GMToken, 403, "other-fight"},
			{"no token", f.ID, "", 401, "no-token"},
			{"a stranger", f.ID, "not-a-token", 401, "bad-token"},
			{"the admin, for a fight not there", "0123456789abcdef", "admin", 404, "not-found"},
		} {
			wantProblem(t, tc.what, c.do("POST", "/fights/"+tc.id+"/links/gm", tc.token, nil), tc.status, tc.code)
		}
		if c.read(f, f.GMToken).Version != 0 {
			t.Fatal("the refusals changed the fight")
		}

		old := c.follow(f, f.GMToken, "")
		defer old.cancel()
		kept := c.follow(f, player.Token, "")
		defer kept.cancel()
		r := c.do("POST", "/fights/"+f.ID+"/links/gm", "admin", nil)
		if r.status != http.StatusOK {
			t.Fatalf("the admin's new GM token: %d %s", r.status, r.body)
		}
		var l link
		r.decode(t, &l)
		if l.Combatant != "gm" || l.Issued != 2 || l.Token == "" || l.Token == f.GMToken ||
			l.Page != server.PagePath(f.ID, l.Token) || l.Join != "/fights/"+f.ID+"?token="+l.Token {
			t.Fatalf("the new GM's link %+v", l)
		}
		wantProblem(t, "a read with the old GM's token", c.do("GET", "/fights/"+f.ID, f.GMToken, nil), 401, "revoked")
		revokedEvent(t, old)
		var mine struct {
			Viewer struct {
				GM bool `json:"gm"`
			} `json:"viewer"`
		}
		c.do("GET", "/fights/"+f.ID, l.Token, nil).decode(t, &mine)
		if !mine.Viewer.GM {
			t.Fatalf("the new token does not see as the GM")
		}
		// The new token answers the prompt and lists the seats, as the GM.
		v := c.read(f, l.Token)
		if r := c.do("POST", "/fights/"+f.ID+"/decisions", l.Token, map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[0].Command}); r.status != http.StatusOK {
			t.Fatalf("a decision with the new GM's token: %d %s", r.status, r.body)
		}
		if e := kept.nextBut(t); e.name != "entry" || e.id != "1" {
			t.Fatalf("the player's stream sent %s %s %s", e.name, e.id, e.data)
		}
		var list struct {
			Links []linkInfo `json:"links"`
		}
		c.do("GET", "/fights/"+f.ID+"/links", l.Token, nil).decode(t, &list)
		if len(list.Links) != len(f.Players) || list.Links[0].Issued != 1 {
			t.Fatalf("the seats after a new GM's token: %+v", list.Links)
		}
		if c.read(f, player.Token).Version != 1 {
			t.Fatal("the player's token stopped working")
		}

		// The GM replaces their own token in turn.
		mineAgain := c.do("POST", "/fights/"+f.ID+"/links/gm", l.Token, nil)
		var third link
		mineAgain.decode(t, &third)
		if mineAgain.status != http.StatusOK || third.Issued != 3 {
			t.Fatalf("the GM replacing their token: %d %s", mineAgain.status, mineAgain.body)
		}
		wantProblem(t, "a read with the second GM's token", c.do("GET", "/fights/"+f.ID, l.Token, nil), 401, "revoked")
		if c.read(f, third.Token).Version != 1 {
			t.Fatal("the third GM's token does not read the fight")
		}
	})
}

// TestRevokedOnEveryServer: with two servers on one PostgreSQL, a token
// the GM replaces through one is refused by the other, which had it in
// memory, and the other's stream for it ends.
func TestRevokedOnEveryServer(t *testing.T) {
	var pg backendCase
	for _, bc := range backendCases {
		if bc.name == "postgres" {
			pg = bc
		}
	}
	open := pg.open(t)
	a := startServer(t, open(), nil)
	b := startServer(t, open(), nil)
	f := a.create("alley_fight")
	seat := f.Players[0]
	b.read(f, seat.Token) // b remembers the grant
	s := b.follow(f, seat.Token, "")
	defer s.cancel()
	a.reissue(f, seat.Combatant)
	revokedEvent(t, s)
	wantProblem(t, "the old token through the other server", b.do("GET", "/fights/"+f.ID, seat.Token, nil), 401, "revoked")
}

// TestLinkQR: the GM gets any link of the fight in force as a QR code (an
// SVG image that no cache keeps), which reads back as exactly that link;
// a revoked link, another fight's and what is no link at all are refused.
func TestLinkQR(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	other := c.create("alley_fight")
	seat := f.Players[1]
	for _, token := range []string{seat.Token, f.GMToken} {
		want := c.base + server.PagePath(f.ID, token)
		r := c.do("POST", "/fights/"+f.ID+"/qr", f.GMToken, map[string]string{"link": want})
		if r.status != http.StatusOK || r.header.Get("Content-Type") != "image/svg+xml" || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("a QR code of %s: %d %v %s", want, r.status, r.header, r.body)
		}
		got, err := qrread.SVG(r.body)
		if err != nil {
			t.Fatalf("reading the QR code of %s: %v\n%s", want, err, r.body)
		}
		if got != want {
			t.Fatalf("the QR code reads %q, want %q", got, want)
		}
	}
	l := c.reissue(f, seat.Combatant)
	u, _ := url.Parse(c.base)
	for _, tc := range []struct{ what, link string }{
		{"a revoked link", c.base + server.PagePath(f.ID, seat.Token)},
		{"another fight's link", c.base + server.PagePath(other.ID, other.GMToken)},
		{"another fight's token for this fight", c.base + server.PagePath(f.ID, other.GMToken)},
		{"a token never given", c.base + server.PagePath(f.ID, "nothing")},
		{"a path without a host", server.PagePath(f.ID, l.Token)},
		{"another scheme", "javascript://" + u.Host + server.PagePath(f.ID, l.Token)},
		{"no token", c.base + "/#fight=" + f.ID},
	} {
		wantProblem(t, tc.what, c.do("POST", "/fights/"+f.ID+"/qr", f.GMToken, map[string]string{"link": tc.link}), 422, "not-a-link")
	}
	r := c.do("POST", "/fights/"+f.ID+"/qr", f.GMToken, map[string]string{"link": c.base + server.PagePath(f.ID, l.Token)})
	if got, err := qrread.SVG(r.body); err != nil || got != c.base+server.PagePath(f.ID, l.Token) {
		t.Fatalf("the new link's QR code: %d %q %v", r.status, got, err)
	}
}

// TestLinksPlayersFirst: the list of seats puts the player characters
// first and marks them, as the NPC rule tells them (a players' group; in
// a fight that marks nobody, everyone; TestCast has a combatant marked
// pc), the others after them, each in the encounter's order.
func TestLinksPlayersFirst(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	thugsFirst := `ruleset: blackpowder
groups:
  - {id: thugs}
  - {id: players, players: true}
combatants:
  - {use: masked_thug, id: thug1, name: Masked thug 1, group: thugs}
  - {use: markus, group: players}
  - {use: gunman, group: thugs}
  - {use: beatrix, group: players}
`
	r := c.do("POST", "/fights", creatorToken, map[string]string{"encounter": thugsFirst})
	if r.status != http.StatusCreated {
		t.Fatalf("creating a fight with the thugs first: %d %s", r.status, r.body)
	}
	var pasted created
	r.decode(t, &pasted)
	for _, tc := range []struct {
		fight created
		want  string
	}{
		{c.create("alley_fight"), "beatrix:pc markus:pc thug1 thug2 gunman"},
		{pasted, "markus:pc beatrix:pc thug1 gunman"},
		{c.create("duel"), "fencer:pc duelist:pc"},
	} {
		var list struct {
			Links []linkInfo `json:"links"`
		}
		c.do("GET", "/fights/"+tc.fight.ID+"/links", tc.fight.GMToken, nil).decode(t, &list)
		var got []string
		for _, l := range list.Links {
			if l.PC {
				got = append(got, l.Combatant+":pc")
			} else {
				got = append(got, l.Combatant)
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("fight %s: seats %q, want %q", tc.fight.ID, strings.Join(got, " "), tc.want)
		}
	}
}
