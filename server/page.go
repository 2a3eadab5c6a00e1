package server

import (
	"context"
	"net/http"
	"net/url"

	"github.com/danielgtaylor/huma/v2"

	"fray/engine"
	"fray/store"
	"fray/web"
)

// registerPage serves the tracker's page: its document at / and its
// scripts and styles under /page/, and the reads the page makes beside a
// fight's view: a decider's options and the combatants' sheets.
func (s *Server) registerPage() {
	s.mux.Handle("GET /{$}", asProblems(web.Index()))
	s.mux.Handle("GET /page/", asProblems(web.Assets("/page/")))
	bearer := []map[string][]string{{"bearer": {}}}
	huma.Register(s.api, huma.Operation{
		OperationID: "get-options", Method: http.MethodGet, Path: "/fights/{id}/options",
		Summary:     "The current prompt with the options of one who may answer it",
		Description: "A prompt may be answered by its actor or, first, by one of its others (the members of a group that act in any order), each with options of their own. The GM may ask for anyone's; a player for their combatant's.",
		Security:    bearer, Tags: []string{"fights"},
	}, s.options)
	huma.Register(s.api, huma.Operation{
		OperationID: "get-sheets", Method: http.MethodGet, Path: "/fights/{id}/sheets",
		Summary:     "Every combatant's key numbers and conditions, as the ruleset describes them",
		Description: "For rulesets with the Sheets capability: each combatant's key numbers (LP, AP, Vigor, wounds) and conditions with how long they last, as the token's holder may see them. described is false for a ruleset without it.",
		Security:    bearer, Tags: []string{"fights"},
	}, s.sheets)
}

// asProblems makes the errors of a handler outside the API (the page's
// files: a file not there) problems like the API's, and the bodies of its
// redirects too.
func asProblems(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&problemWriter{ResponseWriter: w, r: r, path: r.URL.Path}, r)
	})
}

// problemWriter writes a problem instead of an error answer that is not
// one, and drops the error's own body; so it does for a redirect.
type problemWriter struct {
	http.ResponseWriter
	r      *http.Request
	path   string
	failed bool
}

func (p *problemWriter) WriteHeader(status int) {
	if loc := p.Header().Get("Location"); status >= 300 && status < 400 && loc != "" {
		p.failed = true
		p.Header().Del("Content-Type")
		redirected(p.ResponseWriter, p.r, status, loc)
		return
	}
	if status < 400 || p.Header().Get("Content-Type") == "application/problem+json" {
		p.ResponseWriter.WriteHeader(status)
		return
	}
	p.failed = true
	code := codeOf(status)
	if status == http.StatusNotFound {
		code = "not-found"
	}
	writeProblem(p.ResponseWriter, problem(status, code, "%s: %s", http.StatusText(status), p.path))
}

func (p *problemWriter) Write(b []byte) (int, error) {
	if p.failed {
		return len(b), nil
	}
	return p.ResponseWriter.Write(b)
}

// PagePath is the tracker page's path for a token of fight id: the page
// reads both from the fragment, which a browser keeps to itself (never
// sent to the server, nor in a Referer).
func PagePath(id, token string) string {
	return "/#" + url.Values{"fight": {id}, "token": {token}}.Encode()
}

// OptionsInput asks for the current prompt as one who may answer it sees
// it.
type OptionsInput struct {
	Auth
	ID    string `path:"id" maxLength:"200"`
	Actor string `query:"actor" maxLength:"200" doc:"who would answer: the prompt's actor or one of its others (default: the player's combatant; for the GM, the prompt's actor); a combatant the fight does not have is 422 unknown-actor"`
}

// OptionsOutput is the current prompt with the options of one who may
// answer it.
type OptionsOutput struct {
	Body struct {
		Version int64  `json:"version"`
		Actor   string `json:"actor" doc:"who the options are for"`
		// Prompt is the prompt as the token's holder sees it, with the
		// options actor may choose from (none when actor may not answer
		// it).
		Prompt engine.Prompt[string] `json:"prompt"`
	}
}

// options reads the current prompt with the options of one of those who
// may answer it.
func (s *Server) options(ctx context.Context, in *OptionsInput) (*OptionsOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	out := &OptionsOutput{}
	err = s.withFight(ctx, in.ID, func(f *store.Fight) error {
		t := f.Table()
		actor := in.Actor
		switch {
		case actor == "" && g.GM:
			actor = t.Prompt().Actor
		case actor == "":
			actor = seat(g)
		}
		if !actsFor(g, actor) {
			return notYours(g, actor)
		}
		if actor != t.Prompt().Actor && !isActor(t, actor) {
			return unknownActor(actor, "query.actor")
		}
		out.Body.Version = f.Version()
		out.Body.Actor = actor
		out.Body.Prompt = t.PromptAs(viewerOf(g), actor)
		return nil
	})
	return out, err
}

// SheetsOutput is every combatant's sheet.
type SheetsOutput struct {
	Body struct {
		Version int64 `json:"version"`
		// Described says whether the ruleset describes sheets at all.
		Described bool `json:"described" doc:"false for a ruleset without the Sheets capability: then there are no sheets, and the state's fields are all there is"`
		// Sheets are the sheets as the token's holder may see them: a
		// player sees an NPC's band alone (see npc.go).
		Sheets []SheetView `json:"sheets"`
	}
}

// sheets reads every combatant's sheet as the token's holder sees it.
func (s *Server) sheets(ctx context.Context, in *FightInput) (*SheetsOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	out := &SheetsOutput{}
	err = s.withLive(ctx, in.ID, func(l *live) error {
		lk, err := l.views.look(l.fight, viewerOf(g))
		if err != nil {
			return err
		}
		out.Body.Version = l.fight.Version()
		out.Body.Sheets, out.Body.Described = lk.sheets, lk.described
		return nil
	})
	return out, err
}
