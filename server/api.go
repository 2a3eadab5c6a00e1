package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"fray/dice"
	"fray/engine"
	"fray/store"
)

// Auth is how a request names its token: the Authorization header
// (Bearer TOKEN) or, for clients that cannot set headers, ?token=.
type Auth struct {
	Authorization string `header:"Authorization" doc:"Bearer TOKEN: a GM or player token of the fight"`
	Token         string `query:"token" doc:"the token, for clients that cannot send an Authorization header (a browser's EventSource)"`
}

// token returns the token a request names.
func (a Auth) token() string {
	if t, ok := strings.CutPrefix(a.Authorization, "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return a.Token
}

// CreateInput is the request to create a fight, with the server's
// creation token (unless the server is open).
type CreateInput struct {
	Auth
	Body CreateBody
}

// CreateBody says what encounter a new fight starts from: its text, or a
// bundled encounter's name.
type CreateBody struct {
	Encounter string `json:"encounter,omitempty" maxLength:"262144" doc:"the encounter file's text, YAML or JSON (as fray play reads it)"`
	Bundled   string `json:"bundled,omitempty" maxLength:"200" doc:"the name of a bundled encounter, such as alley_fight, instead of encounter"`
	Name      string `json:"name,omitempty" maxLength:"200" doc:"a name for the encounter, for messages (default: encounter.yaml, or the bundled name)"`
	// Content is the local content the encounter brings in with use:.
	Content map[string]string `json:"content,omitempty" maxProperties:"256" doc:"local content documents the encounter may bring in with use:, each YAML text by its path: FOLDER/NAME.yaml for the encounter's content: FOLDER, or --content/0/NAME.yaml for content searched after it"`
}

// Created is a new fight with the tokens to play it.
type Created struct {
	ID      string `json:"id" doc:"the fight's id"`
	Ruleset string `json:"ruleset"`
	Version int64  `json:"version"`
	// GMToken lets its holder do everything and see everything.
	GMToken string `json:"gm_token" doc:"the GM's token: keep it; it is shown only now"`
	// Players are the combatants' tokens, one each.
	Players []Seat `json:"players" doc:"one token per combatant, to hand to whoever plays it"`
}

// Seat is one combatant's token.
type Seat struct {
	Combatant string `json:"combatant"`
	Side      string `json:"side"`
	Token     string `json:"token"`
	// Join is the path a player opens to join: the fight with the token.
	Join string `json:"join"`
	// Page is the tracker page's path for this seat: the page at / with
	// the fight and token in the fragment, which browsers never send.
	Page string `json:"page" doc:"the tracker page for this combatant's player, to hand out as the join link"`
}

// CreateOutput is the answer to CreateInput.
type CreateOutput struct {
	Location string `header:"Location"`
	Body     Created
}

// FightInput names a fight and the token of the request.
type FightInput struct {
	Auth
	ID string `path:"id" maxLength:"200" doc:"the fight's id"`
}

// ViewerInfo says whose eyes a view is through.
type ViewerInfo struct {
	GM        bool   `json:"gm,omitempty"`
	Combatant string `json:"combatant,omitempty"`
}

// FightView is a fight as one viewer may see it now.
type FightView struct {
	ID      string     `json:"id"`
	Ruleset string     `json:"ruleset"`
	Name    string     `json:"name"`
	Version int64      `json:"version" doc:"the number of entries of the fight's log: a decision names it"`
	Viewer  ViewerInfo `json:"viewer"`
	// State is the ruleset's state, redacted for the viewer.
	State json.RawMessage `json:"state"`
	// Prompt is who must decide what now, as the viewer may see it.
	Prompt engine.Prompt[string] `json:"prompt"`
	// Yours is set when the viewer may answer the prompt.
	Yours bool `json:"yours"`
	// Own is, for a player whose combatant is among the prompt's others
	// (who may act before its actor), the prompt with their own options.
	Own *engine.Prompt[string] `json:"own,omitempty" doc:"for a player among the prompt's others: the prompt with their own options (as GET /fights/{id}/options gives it)"`
	// Described says whether the ruleset describes sheets, and Sheets are
	// the combatants' sheets as the viewer may see them (see GET
	// /fights/{id}/sheets): with them, one read redraws a page.
	Described bool        `json:"described"`
	Sheets    []SheetView `json:"sheets"`
	// Board is the turn order and, for a ruleset whose state holds
	// positions, where the combatants stand.
	Board *Board `json:"board"`
}

// ViewOutput is the answer to a read of a fight.
type ViewOutput struct {
	Body FightView
}

// TranscriptOutput is a fight's decisions as one viewer may see them.
type TranscriptOutput struct {
	Body struct {
		Version int64          `json:"version"`
		Entries []engine.Entry `json:"entries"`
	}
}

// DecideInput is a decision.
type DecideInput struct {
	Auth
	ID   string `path:"id" maxLength:"200"`
	Body DecisionBody
}

// DecisionBody is a decision: the command as text (what fray play takes)
// or as JSON, by whom, against which version, and with physical dice.
type DecisionBody struct {
	Version     int64           `json:"version" minimum:"0" doc:"the version of the fight the decision answers: a decision against any other is refused with 409"`
	Actor       string          `json:"actor,omitempty" maxLength:"200" doc:"who decides (default: the player's combatant; for the GM, the prompt's actor); a combatant the fight does not have is 422 unknown-actor"`
	Command     string          `json:"command,omitempty" maxLength:"4096" doc:"the command as text, as fray play takes it: attack thug1"`
	CommandJSON json.RawMessage `json:"command_json,omitempty" doc:"the command as kinded JSON, instead of command"`
	Physical    bool            `json:"physical,omitempty" doc:"the table rolls real dice: dice holds those rolled so far; the server answers 422 needs-dice naming the next die until it has them all"`
	Dice        []int           `json:"dice,omitempty" maxItems:"1000" doc:"the physical dice rolled for this decision, in the order asked for"`
}

// Decided is what a decision did, as the decider may see it.
type Decided struct {
	Version int64                 `json:"version"`
	Entry   engine.Entry          `json:"entry"`
	Prompt  engine.Prompt[string] `json:"prompt"`
}

// DecideOutput is the answer to a decision.
type DecideOutput struct {
	Body Decided
}

// UndoInput takes back the last decision in force.
type UndoInput struct {
	Auth
	ID   string `path:"id" maxLength:"200"`
	Body struct {
		Version int64 `json:"version" minimum:"0" doc:"the version the undo answers"`
	}
}

// UndoOutput is the fight after an undo.
type UndoOutput struct {
	Body struct {
		Version int64                 `json:"version"`
		Prompt  engine.Prompt[string] `json:"prompt"`
	}
}

// ListInput asks for the fights a server holds.
type ListInput struct {
	Auth
}

// ListOutput lists fights.
type ListOutput struct {
	Body struct {
		Fights []store.Summary `json:"fights"`
	}
}

// register adds every operation to the API.
func (s *Server) register() {
	bearer := []map[string][]string{{"bearer": {}}}
	huma.Register(s.api, huma.Operation{
		OperationID: "create-fight", Method: http.MethodPost, Path: "/fights",
		Summary: "Create a fight from an encounter",
		Description: "Starts the encounter and returns the GM's token and one token per combatant. Tokens are shown only here; the server keeps their hashes. " +
			"Needs the server's creation token (fray serve prints it at start), unless the server is open (fray serve --open); creations have a quota of their own (429 past it).",
		DefaultStatus: http.StatusCreated, MaxBodyBytes: s.cfg.MaxBody, Tags: []string{"fights"}, Security: bearer,
	}, s.create)
	huma.Register(s.api, huma.Operation{
		OperationID: "list-fights", Method: http.MethodGet, Path: "/fights",
		Summary: "List the fights (the server's admin token only)", Security: bearer, Tags: []string{"fights"},
	}, s.list)
	huma.Register(s.api, huma.Operation{
		OperationID: "get-fight", Method: http.MethodGet, Path: "/fights/{id}",
		Summary: "Read a fight's state and prompt as the token's holder may see them", Security: bearer, Tags: []string{"fights"},
	}, s.view)
	huma.Register(s.api, huma.Operation{
		OperationID: "get-transcript", Method: http.MethodGet, Path: "/fights/{id}/transcript",
		Summary: "Read a fight's decisions as the token's holder may see them", Security: bearer, Tags: []string{"fights"},
	}, s.transcript)
	huma.Register(s.api, huma.Operation{
		OperationID: "decide", Method: http.MethodPost, Path: "/fights/{id}/decisions",
		Summary:     "Make a decision",
		Description: "Submits a command for an actor against a version of the fight. A player acts only for their combatant. Two decisions against one version give one success and one 409 with the current version.",
		Security:    bearer, MaxBodyBytes: 64 << 10, Tags: []string{"fights"},
	}, s.decide)
	huma.Register(s.api, huma.Operation{
		OperationID: "undo", Method: http.MethodPost, Path: "/fights/{id}/undo",
		Summary:     "Take back the last decision in force",
		Description: "The GM may take back any decision; a player only their combatant's, when it is the last. The undo is recorded: nothing is deleted.",
		Security:    bearer, MaxBodyBytes: 1 << 10, Tags: []string{"fights"},
	}, s.undo)
	s.registerOdds(bearer)
	s.registerLinks(bearer)
	huma.Register(s.api, huma.Operation{
		OperationID: "health", Method: http.MethodGet, Path: "/healthz",
		Summary: "Whether the server is up and its store answers, for load balancers",
		Tags:    []string{"server"},
	}, s.health)
	huma.Register(s.api, huma.Operation{
		OperationID: "list-encounters", Method: http.MethodGet, Path: "/encounters",
		Summary: "List the bundled encounters a fight may start from", Tags: []string{"fights"},
	}, s.encounters)
	s.registerStream()
	s.registerPage()
	describeProblems(s.api)
}

// Encounter is a bundled encounter a fight may start from.
type Encounter struct {
	Name    string `json:"name" doc:"the name to create a fight with (bundled)"`
	Ruleset string `json:"ruleset"`
}

// EncountersOutput lists the bundled encounters.
type EncountersOutput struct {
	Body struct {
		Encounters []Encounter `json:"encounters"`
	}
}

// encounters lists the bundled encounters of every ruleset, by ruleset
// then name.
func (s *Server) encounters(_ context.Context, _ *struct{}) (*EncountersOutput, error) {
	out := &EncountersOutput{}
	out.Body.Encounters = []Encounter{}
	for _, e := range s.cfg.Registry.Encounters() {
		out.Body.Encounters = append(out.Body.Encounters, Encounter{Name: e.Name, Ruleset: e.Ruleset})
	}
	return out, nil
}

// HealthOutput says the server is up.
type HealthOutput struct {
	Body struct {
		OK bool `json:"ok"`
	}
}

// health answers 200 when the store answers, 503 when it does not.
func (s *Server) health(ctx context.Context, _ *struct{}) (*HealthOutput, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := s.grants.Grant(ctx, "health-check"); err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, problem(http.StatusServiceUnavailable, "store-down", "the store does not answer: %v", err)
	}
	out := &HealthOutput{}
	out.Body.OK = true
	return out, nil
}

// grantFor checks a request's token against fight id.
func (s *Server) grantFor(ctx context.Context, a Auth, id string) (store.Grant, error) {
	tok := a.token()
	if tok == "" {
		return store.Grant{}, problem(http.StatusUnauthorized, "no-token", "send the fight's GM or player token as Authorization: Bearer TOKEN (or ?token=TOKEN)")
	}
	g, err := s.grantOf(ctx, tok)
	if errors.Is(err, store.ErrNotFound) {
		s.refusedToken(ctx)
		return store.Grant{}, problem(http.StatusUnauthorized, "bad-token", "the token is not one this server gave out; ask the GM for your join link")
	}
	if errors.Is(err, store.ErrRevoked) {
		return store.Grant{}, revokedProblem()
	}
	if err != nil {
		return store.Grant{}, fmt.Errorf("checking a token: %w", err)
	}
	if g.Fight != id {
		return store.Grant{}, problem(http.StatusForbidden, "other-fight", "the token is for another fight")
	}
	return g, nil
}

// create starts a fight and hands out its tokens.
func (s *Server) create(ctx context.Context, in *CreateInput) (*CreateOutput, error) {
	if err := s.mayCreate(in.token()); err != nil {
		return nil, err
	}
	b := in.Body
	name, text := b.Name, []byte(b.Encounter)
	switch {
	case b.Encounter != "" && b.Bundled != "":
		return nil, problem(http.StatusUnprocessableEntity, "invalid", "give encounter (the file's text) or bundled (a name), not both")
	case b.Bundled != "":
		data, ok := s.bundled(b.Bundled)
		if !ok {
			return nil, problem(http.StatusUnprocessableEntity, "invalid", "no bundled encounter %q", b.Bundled)
		}
		text = data
		if name == "" {
			name = b.Bundled
		}
	case b.Encounter == "":
		return nil, problem(http.StatusUnprocessableEntity, "invalid", "give encounter (the file's text) or bundled (a bundled encounter's name)")
	}
	if name == "" {
		name = "encounter.yaml"
	}
	id, err := newID()
	if err != nil {
		return nil, err
	}
	f, err := s.cfg.Store.CreateFrom(ctx, store.Header{ID: id, Name: name, Source: string(text), Content: b.Content})
	if err != nil {
		if errors.Is(err, store.ErrExists) {
			return nil, err
		}
		return nil, problem(http.StatusUnprocessableEntity, "invalid-encounter", "%v", err)
	}
	t := f.Table()
	ids, err := combatants(t)
	if err != nil {
		return nil, fmt.Errorf("fight %s: %w", id, err)
	}
	out := &CreateOutput{Body: Created{ID: id, Ruleset: t.Ruleset(), Version: f.Version(), Players: []Seat{}}}
	grants := map[string]store.Grant{}
	gm, h, err := newToken()
	if err != nil {
		return nil, err
	}
	grants[h] = store.Grant{Fight: id, GM: true}
	out.Body.GMToken = gm
	for _, c := range ids {
		if c == engine.GM {
			// The engine's name for the GM is no player's seat: the GM's
			// token plays such a combatant (see seat).
			continue
		}
		tok, h, err := newToken()
		if err != nil {
			return nil, err
		}
		grants[h] = store.Grant{Fight: id, Combatant: c}
		out.Body.Players = append(out.Body.Players, Seat{Combatant: c, Side: t.SideOf(c), Token: tok, Join: "/fights/" + id + "?token=" + tok, Page: PagePath(id, tok)})
	}
	if err := s.grants.AddGrants(ctx, grants); err != nil {
		return nil, err
	}
	s.remember(grants)
	// The fight just made is the one its first request needs: keep it, so
	// that the request does not load and start the encounter again.
	l := s.liveFight(id)
	if err := l.acquire(ctx); err == nil {
		if l.fight == nil {
			l.fight = f
		}
		l.release()
	}
	out.Location = "/fights/" + id
	return out, nil
}

// mayCreate checks that a token may create fights: the server's creation
// or admin token, or any (none) on an open server.
func (s *Server) mayCreate(token string) error {
	if s.cfg.Open {
		return nil
	}
	if token == "" {
		return problem(http.StatusUnauthorized, "no-token", "creating a fight needs this server's creation token (fray serve prints it at start) as Authorization: Bearer TOKEN")
	}
	if !sameToken(token, s.cfg.CreateToken) && !sameToken(token, s.cfg.AdminToken) {
		return problem(http.StatusUnauthorized, "bad-token", "the token is not this server's creation token: ask whoever runs the server (fray serve prints it at start)")
	}
	return nil
}

// sameToken reports whether a token sent is the one expected (never when
// none is expected), in time that does not depend on where they differ.
func sameToken(sent, want string) bool {
	if want == "" {
		return false
	}
	a, b := sha256.Sum256([]byte(sent)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// bundled returns the text of a bundled encounter of any ruleset.
func (s *Server) bundled(name string) ([]byte, bool) {
	e, ok := s.cfg.Registry.Encounter(name)
	return e.Text, ok
}

// newID returns a new fight id: 16 random hex digits.
func newID() (string, error) {
	tok, _, err := newToken()
	if err != nil {
		return "", err
	}
	h := hashToken(tok)
	return h[:16], nil
}

// combatants lists the ids of a fight's combatants, from its state's
// combatants list (every ruleset's state has one).
func combatants(t engine.Table) ([]string, error) {
	data, err := t.State(engine.Everyone)
	if err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	var st struct {
		Combatants []struct {
			ID string `json:"id"`
		} `json:"combatants"`
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("listing the combatants: %w", err)
	}
	var ids []string
	for _, c := range st.Combatants {
		if c.ID != "" && !slices.Contains(ids, c.ID) {
			ids = append(ids, c.ID)
		}
	}
	return ids, nil
}

// list lists every fight, for the server's admin token.
func (s *Server) list(ctx context.Context, in *ListInput) (*ListOutput, error) {
	if !sameToken(in.token(), s.cfg.AdminToken) {
		return nil, problem(http.StatusForbidden, "admin-only", "listing every fight needs the server's admin token (fray serve prints it, or takes it from FRAY_ADMIN_TOKEN)")
	}
	all, err := s.cfg.Store.Backend().List(ctx)
	if err != nil {
		return nil, err
	}
	out := &ListOutput{}
	out.Body.Fights = all
	if out.Body.Fights == nil {
		out.Body.Fights = []store.Summary{}
	}
	return out, nil
}

// viewOf is a fight as a grant sees it.
func viewOf(l *live, g store.Grant) (FightView, error) {
	v := viewerOf(g)
	f := l.fight
	lk, err := l.views.look(f, v)
	if err != nil {
		return FightView{}, err
	}
	pr := l.views.prompt(f, v)
	h := f.Header()
	fv := FightView{
		ID: h.ID, Ruleset: h.Ruleset, Name: h.Name, Version: f.Version(),
		Viewer: ViewerInfo{GM: g.GM, Combatant: g.Combatant},
		State:  lk.state, Prompt: pr, Yours: yours(pr, g),
		Described: lk.described, Sheets: lk.sheets, Board: lk.board,
	}
	if me := seat(g); me != "" && me != pr.Actor && slices.Contains(pr.Others, me) && pr.Kind != engine.End {
		own := f.Table().PromptAs(v, me)
		fv.Own = &own
	}
	return fv, nil
}

// yours reports whether a grant's holder may answer a prompt.
func yours(pr engine.Prompt[string], g store.Grant) bool {
	if pr.Kind == engine.End {
		return false
	}
	return g.GM || (seat(g) != "" && pr.Accepts(seat(g)))
}

// seat is the combatant a player's grant plays: "" for the GM's grant, and
// for a grant whose combatant bears a name the engine keeps for itself
// (engine.GM), which a record made before ids were checked may hold. The
// GM's powers come from the GM's grant alone, never from a name: such a
// grant plays nobody.
func seat(g store.Grant) string {
	if g.GM || g.Combatant == engine.GM {
		return ""
	}
	return g.Combatant
}

// actsFor reports whether a grant's holder may act for actor: the GM for
// anyone, a player for their own combatant alone.
func actsFor(g store.Grant, actor string) bool {
	return g.GM || (actor != "" && actor == seat(g))
}

// undoer is who an undo by a grant's holder is recorded as
// (store.Entry.By): engine.GM for the GM, else the player's combatant.
func undoer(g store.Grant) string {
	if g.GM {
		return engine.GM
	}
	return seat(g)
}

// isActor reports whether actor may be named as one who decides in
// fight t: a combatant of its roster, or the GM, in any case (commands
// read ids in lower case).
func isActor(t engine.Table, actor string) bool {
	actor = strings.ToLower(actor)
	return actor == engine.GM || slices.Contains(t.Roster(), actor)
}

// unknownActor is the refusal of a request naming, at loc (body.actor,
// query.actor), an actor the fight does not have: 422, for the request
// names something that is not there, rather than 403, for nobody may
// act for it.
func unknownActor(actor, loc string) *Problem {
	p := problem(http.StatusUnprocessableEntity, "unknown-actor", "the fight has no combatant %q: name one of its combatants (GET /fights/{id} lists them), or gm", actor)
	p.Errors = []*huma.ErrorDetail{{Message: "no such combatant in this fight", Location: loc, Value: actor}}
	return p
}

// notYours is the refusal of a player's request for someone else.
func notYours(g store.Grant, actor string) *Problem {
	if seat(g) == "" {
		return problem(http.StatusForbidden, "not-yours", "your token plays no combatant: only the GM's token acts for %s", actor)
	}
	return problem(http.StatusForbidden, "not-yours", "your token plays %s, not %s", seat(g), actor)
}

// view reads a fight.
func (s *Server) view(ctx context.Context, in *FightInput) (*ViewOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	out := &ViewOutput{}
	err = s.withLive(ctx, in.ID, func(l *live) error {
		out.Body, err = viewOf(l, g)
		return err
	})
	return out, err
}

// transcript reads a fight's decisions.
func (s *Server) transcript(ctx context.Context, in *FightInput) (*TranscriptOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	out := &TranscriptOutput{}
	err = s.withLive(ctx, in.ID, func(l *live) error {
		out.Body.Version = l.fight.Version()
		out.Body.Entries = l.views.transcript(l.fight, viewerOf(g), 0)
		if out.Body.Entries == nil {
			out.Body.Entries = []engine.Entry{}
		}
		return nil
	})
	return out, err
}

// decide makes a decision.
func (s *Server) decide(ctx context.Context, in *DecideInput) (*DecideOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	b := in.Body
	if (b.Command == "") == (len(b.CommandJSON) == 0) {
		return nil, problem(http.StatusUnprocessableEntity, "invalid", "give the command as text (command) or as JSON (command_json), one of them")
	}
	if len(b.Dice) > 0 && !b.Physical {
		return nil, problem(http.StatusUnprocessableEntity, "invalid", "dice are for physical dice: set physical too")
	}
	out := &DecideOutput{}
	err = s.withLive(ctx, in.ID, func(l *live) error {
		f, t := l.fight, l.fight.Table()
		if b.Version != f.Version() {
			return conflict(f.Version(), "the fight is at version %d, not %d: read it again and decide on what is there now", f.Version(), b.Version)
		}
		pr := t.Prompt()
		actor := b.Actor
		switch {
		case actor == "" && g.GM:
			actor = pr.Actor
			if actor == "" {
				actor = engine.GM
			}
		case actor == "":
			actor = seat(g)
		}
		if !actsFor(g, actor) {
			return notYours(g, actor)
		}
		if pr.Kind == engine.End {
			return problem(http.StatusConflict, "over", "the fight is over")
		}
		var src dice.Source = dice.NewCrypto()
		var typed *dice.Script
		if b.Physical {
			// The table's dice are recorded as rolled by hand.
			typed = dice.NewScript(b.Dice...)
			src = dice.ByHand(typed)
		}
		var err error
		if b.Command != "" {
			_, err = f.Submit(ctx, actor, b.Command, src)
		} else {
			_, err = f.SubmitJSON(ctx, actor, b.CommandJSON, src)
		}
		if errors.Is(err, store.ErrConflict) {
			return s.conflicted(ctx, l, in.ID)
		}
		if e, ok := errors.AsType[*engine.Error](err); ok && e.Code == engine.NotYourTurn && !isActor(t, actor) {
			// Asked only of a refusal: a decision that goes through
			// pays nothing for it.
			return unknownActor(actor, "body.actor")
		}
		if err != nil && b.Command != "" {
			return refusedCommand(refusal(err, actor, len(b.Dice)+1), b.Command, err)
		}
		if err != nil {
			return refusal(err, actor, len(b.Dice)+1)
		}
		if typed != nil && len(typed.Unused()) > 0 {
			// The decision is made and kept; the extra dice are reported.
			s.cfg.Logger.Info("physical dice left unused", "fight", in.ID, "unused", typed.Unused())
		}
		s.hub.heard(in.ID, f.Version())
		s.prefetchOdds(in.ID, f)
		v := viewerOf(g)
		if !g.GM {
			v = engine.Viewer{Combatant: actor}
		}
		entry := l.views.transcript(f, v, t.Len()-1)[0]
		out.Body = Decided{Version: f.Version(), Entry: entry, Prompt: l.views.prompt(f, viewerOf(g))}
		return nil
	})
	return out, err
}

// conflicted answers an append refused because another process moved
// fight id first: the live fight catches up with it, and the answer is a
// conflict naming the version it is at now.
func (s *Server) conflicted(ctx context.Context, l *live, id string) error {
	if err := l.refresh(ctx, s.cfg.Store, id); err != nil {
		return err
	}
	s.hub.heard(id, l.fight.Version())
	return conflict(l.fight.Version(), "another decision was made first: read the fight again")
}

// undo takes back the last decision in force.
func (s *Server) undo(ctx context.Context, in *UndoInput) (*UndoOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	out := &UndoOutput{}
	err = s.withLive(ctx, in.ID, func(l *live) error {
		f, t := l.fight, l.fight.Table()
		if in.Body.Version != f.Version() {
			return conflict(f.Version(), "the fight is at version %d, not %d: read it again", f.Version(), in.Body.Version)
		}
		if t.Len() == 0 {
			return problem(http.StatusConflict, "nothing-to-undo", "no decision to take back")
		}
		if !g.GM {
			last, err := t.Record(t.Len() - 1)
			if err != nil {
				return err
			}
			if !actsFor(g, last.Actor) {
				// Named only where the seat may see who decided: a hidden
				// creature's secret decision stays its secret.
				whose := "someone else's"
				if seen := t.TranscriptFrom(viewerOf(g), t.Len()-1); len(seen) == 1 && seen[0].Actor != "" {
					whose = seen[0].Actor + "'s"
				}
				return problem(http.StatusForbidden, "not-yours", "the last decision is %s, not yours: ask the GM", whose)
			}
		}
		if _, err := f.Undo(ctx, undoer(g)); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return s.conflicted(ctx, l, in.ID)
			}
			return err
		}
		s.hub.heard(in.ID, f.Version())
		s.prefetchOdds(in.ID, f)
		out.Body.Version = f.Version()
		out.Body.Prompt = l.views.prompt(f, viewerOf(g))
		return nil
	})
	return out, err
}
