package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"

	"github.com/danielgtaylor/huma/v2"
	"github.com/skip2/go-qrcode"

	"fray/engine"
	"fray/store"
)

// A player's link is the tracker page's address with the fight and the
// player's token in its fragment. The store keeps only the tokens'
// hashes, so the server cannot show a link again once it has handed it
// out: the GM lists the seats, and issues a new link for any of them,
// which revokes the old one at once. This file serves that, and the link
// as a QR code, for the GM's token alone.

// LinkInfo is a player's seat as the list of links shows it.
type LinkInfo struct {
	Combatant string `json:"combatant"`
	Side      string `json:"side"`
	// PC is set for a player character: one the encounter marks (a
	// combatant's "pc", a group's "players"), or any combatant of a fight
	// that marks none. The others are NPCs, whom the GM plays unless a
	// link is handed out for one.
	PC bool `json:"pc" doc:"whether the combatant is a player character: marked so by the encounter (a combatant's pc, a group's players), or any combatant of a fight that marks none; the others are NPCs, whom the GM plays unless their link is handed out"`
	// Issued counts the seat's links; only the last works.
	Issued int `json:"issued" doc:"how many links have been issued for this seat: 1 until the GM issues a new one; only the last one works"`
}

// LinksOutput lists a fight's players' seats.
type LinksOutput struct {
	Body struct {
		Links []LinkInfo `json:"links"`
	}
}

// ReissueInput names the seat a new link is issued for.
type ReissueInput struct {
	Auth
	ID        string `path:"id" maxLength:"200" doc:"the fight's id"`
	Combatant string `path:"combatant" maxLength:"200" doc:"the combatant whose player gets the new link"`
}

// ReissueOutput is a seat's new token and link.
type ReissueOutput struct {
	Body struct {
		Seat
		Issued int `json:"issued" doc:"how many links have been issued for this seat, this one included"`
	}
}

// QRInput asks for a link as a QR code.
type QRInput struct {
	Auth
	ID   string `path:"id" maxLength:"200" doc:"the fight's id"`
	Body struct {
		Link string `json:"link" maxLength:"2000" doc:"the absolute address of the tracker page for a token of this fight in force (http://HOST/#fight=ID&token=TOKEN)"`
	}
}

// QROutput is a QR code as an SVG image.
type QROutput struct {
	ContentType  string `header:"Content-Type"`
	CacheControl string `header:"Cache-Control"`
	Body         []byte
}

// registerLinks adds the GM's operations on players' links.
func (s *Server) registerLinks(bearer []map[string][]string) {
	huma.Register(s.api, huma.Operation{
		OperationID: "list-links", Method: http.MethodGet, Path: "/fights/{id}/links",
		Summary:     "List the players' seats and how many links each has had (the GM's token only)",
		Description: "Tokens are kept hashed, so a link is never shown again: to hand a player their link on another device, issue a new one.",
		Security:    bearer, Tags: []string{"links"},
	}, s.links)
	huma.Register(s.api, huma.Operation{
		OperationID: "reissue-link", Method: http.MethodPost, Path: "/fights/{id}/links/{combatant}",
		Summary:     "Issue a new link for a player's seat, or a new GM's token, revoking the old one (the GM's token; for the GM's, the admin token too)",
		Description: "Returns the seat's new token and page, shown only now. The old token is refused from then on, by every server of the store, and its live streams end with an event \"revoked\". The combatant gm names the GM's own seat: the GM may replace their token, and whoever holds the server's admin token may give a GM who lost theirs a new one.",
		Security:    bearer, MaxBodyBytes: 1 << 10, Tags: []string{"links"},
	}, s.reissue)
	huma.Register(s.api, huma.Operation{
		OperationID: "link-qr", Method: http.MethodPost, Path: "/fights/{id}/qr",
		Summary:     "A link of this fight as a QR code, an SVG image (the GM's token only)",
		Description: "The link must be the tracker page for a token of this fight that is in force: the GM's, or a player's.",
		Security:    bearer, MaxBodyBytes: 4 << 10, Tags: []string{"links"},
		Responses: map[string]*huma.Response{
			"200": {Description: "the QR code", Content: map[string]*huma.MediaType{"image/svg+xml": {Schema: &huma.Schema{Type: "string"}}}},
		},
	}, s.qr)
}

// gmFor checks that a request's token is the GM's of fight id.
func (s *Server) gmFor(ctx context.Context, a Auth, id, what string) error {
	g, err := s.grantFor(ctx, a, id)
	if err != nil {
		return err
	}
	if !g.GM {
		return problem(http.StatusForbidden, "gm-only", "only the GM's token may %s", what)
	}
	return nil
}

// links lists the players' seats: the player characters', then the
// others', each in the order of the state's combatants.
func (s *Server) links(ctx context.Context, in *FightInput) (*LinksOutput, error) {
	if err := s.gmFor(ctx, in.Auth, in.ID, "list the players' links"); err != nil {
		return nil, err
	}
	seats, err := s.grants.Links(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := &LinksOutput{}
	out.Body.Links = []LinkInfo{}
	err = s.withFight(ctx, in.ID, func(f *store.Fight) error {
		t := f.Table()
		state, err := t.State(engine.Everyone)
		if err != nil {
			return fmt.Errorf("reading the state: %w", err)
		}
		c, err := castOf(state)
		if err != nil {
			return err
		}
		for _, l := range seats {
			if l.Combatant == engine.GM {
				continue
			}
			out.Body.Links = append(out.Body.Links, LinkInfo{Combatant: l.Combatant, Side: t.SideOf(l.Combatant), PC: c.anyonesCharacter(l.Combatant), Issued: l.Issued})
		}
		slices.SortStableFunc(out.Body.Links, func(a, b LinkInfo) int {
			switch {
			case a.PC && !b.PC:
				return -1
			case b.PC && !a.PC:
				return 1
			}
			return placeOf(c.ids, a.Combatant) - placeOf(c.ids, b.Combatant)
		})
		return nil
	})
	return out, err
}

// placeOf is where id stands among ids; after them all if not there.
func placeOf(ids []string, id string) int {
	if i := slices.Index(ids, id); i >= 0 {
		return i
	}
	return len(ids)
}

// reissue issues a new link for a player's seat, or for the GM's, and
// revokes the old one.
func (s *Server) reissue(ctx context.Context, in *ReissueInput) (*ReissueOutput, error) {
	if in.Combatant == engine.GM {
		// The GM's own token may change itself; the server's admin token
		// gives a GM who lost theirs a new one.
		if !sameToken(in.token(), s.cfg.AdminToken) {
			if err := s.gmFor(ctx, in.Auth, in.ID, "issue the GM's link"); err != nil {
				return nil, err
			}
		}
		return s.newLink(ctx, store.Grant{Fight: in.ID, GM: true}, problem(http.StatusNotFound, "not-found", "no fight %s", in.ID))
	}
	if err := s.gmFor(ctx, in.Auth, in.ID, "issue players' links"); err != nil {
		return nil, err
	}
	out, err := s.newLink(ctx, store.Grant{Fight: in.ID, Combatant: in.Combatant},
		problem(http.StatusNotFound, "no-seat", "fight %s has no player's seat for %q", in.ID, in.Combatant))
	if err != nil {
		return nil, err
	}
	err = s.withFight(ctx, in.ID, func(f *store.Fight) error {
		out.Body.Side = f.Table().SideOf(in.Combatant)
		return nil
	})
	return out, err
}

// newLink records a new token for the seat g names and revokes the seat's
// others; missing is the answer when the fight has no such seat. The
// server forgets the grants of the fight it remembers and wakes its
// streams, each of which looks again at its token.
func (s *Server) newLink(ctx context.Context, g store.Grant, missing error) (*ReissueOutput, error) {
	tok, h, err := newToken()
	if err != nil {
		return nil, err
	}
	l, err := s.grants.Reissue(ctx, h, g)
	if errors.Is(err, store.ErrNotFound) {
		return nil, missing
	}
	if err != nil {
		return nil, err
	}
	s.revoked(g.Fight)
	combatant := g.Combatant
	if g.GM {
		combatant = engine.GM
	}
	out := &ReissueOutput{}
	out.Body.Seat = Seat{Combatant: combatant, Token: tok, Join: "/fights/" + g.Fight + "?token=" + tok, Page: PagePath(g.Fight, tok)}
	out.Body.Issued = l.Issued
	return out, nil
}

// revoked is told that tokens of fight were revoked, by this process or
// another: the grants of the fight are forgotten, and its streams woken to
// look again at theirs.
func (s *Server) revoked(fight string) {
	s.mu.Lock()
	s.tokenGen++
	for h, g := range s.tokens {
		if g.Fight == fight {
			delete(s.tokens, h)
		}
	}
	s.mu.Unlock()
	s.hub.poke(fight)
}

// qr draws a link of the fight, for a token of it in force, as a QR code.
func (s *Server) qr(ctx context.Context, in *QRInput) (*QROutput, error) {
	if err := s.gmFor(ctx, in.Auth, in.ID, "draw links as QR codes"); err != nil {
		return nil, err
	}
	link := in.Body.Link
	bad := func(why string) error {
		return problem(http.StatusUnprocessableEntity, "not-a-link", "%s: give the absolute address of the tracker page for a token of fight %s in force (http://HOST/#fight=%s&token=TOKEN)", why, in.ID, in.ID)
	}
	u, err := url.Parse(link)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, bad("not an http or https address")
	}
	q, err := url.ParseQuery(u.Fragment)
	if err != nil || q.Get("fight") != in.ID || q.Get("token") == "" {
		return nil, bad("its fragment names no token of this fight")
	}
	g, err := s.grantOf(ctx, q.Get("token"))
	switch {
	case errors.Is(err, store.ErrRevoked):
		return nil, bad("its token was revoked: a new link was issued in its place")
	case errors.Is(err, store.ErrNotFound):
		return nil, bad("its token is not one this server gave out")
	case err != nil:
		return nil, err
	case g.Fight != in.ID:
		return nil, bad("its token is for another fight")
	}
	svg, err := qrSVG(link)
	if err != nil {
		return nil, problem(http.StatusUnprocessableEntity, "not-a-link", "the link does not fit a QR code: %v", err)
	}
	// The image holds a token: no cache keeps it.
	return &QROutput{ContentType: "image/svg+xml", CacheControl: "no-store", Body: svg}, nil
}

// qrSVG draws text as a QR code (medium error correction, the standard
// quiet zone of four modules around it) in SVG: one unit a module, each
// run of dark modules in a row one stroke of the path.
func qrSVG(text string) ([]byte, error) {
	code, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("encoding a QR code: %w", err)
	}
	bits := code.Bitmap()
	n := len(bits)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

// revokedProblem is the refusal of a revoked token.
func revokedProblem() *Problem {
	return problem(http.StatusUnauthorized, "revoked", "this link was replaced by a new one: ask the GM for it")
}
