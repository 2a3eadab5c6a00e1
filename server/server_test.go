package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"fray/engine"
	"fray/odds"
	"fray/server"
	"fray/server/loadgen"
	"fray/store"
	"fray/store/storetest"
)

// catalog is the rulesets the tests serve, with their odds.
func catalog(t testing.TB) (*engine.Registry, func(string) (odds.Calculator, error)) {
	t.Helper()
	reg, oddsFor, err := loadgen.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	return reg, oddsFor
}

// backendCase is a store the server tests run against.
type backendCase struct {
	name string
	// open returns an opener of backends onto one fresh database.
	open func(t *testing.T) func() store.Backend
}

var backendCases = []backendCase{
	{"sqlite", func(t *testing.T) func() store.Backend {
		path := filepath.Join(t.TempDir(), "fights.db")
		return func() store.Backend {
			b, err := store.OpenSQLite(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { b.Close() })
			return b
		}
	}},
	{"postgres", func(t *testing.T) func() store.Backend {
		u := storetest.FreshSchema(t, storetest.PostgresURL(t))
		return func() store.Backend {
			b, err := store.OpenPostgres(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { b.Close() })
			return b
		}
	}},
}

// forEachBackend runs test on each backend.
func forEachBackend(t *testing.T, test func(t *testing.T, open func() store.Backend)) {
	for _, bc := range backendCases {
		t.Run(bc.name, func(t *testing.T) { test(t, bc.open(t)) })
	}
}

// startServer serves the API over backend on a loopback listener.
func startServer(t *testing.T, backend store.Backend, tweak func(*server.Config)) *client {
	t.Helper()
	reg, oddsOf := catalog(t)
	cfg := server.Config{Store: store.New(backend, reg), Registry: reg, Odds: oddsOf, AdminToken: "admin", CreateToken: creatorToken,
		Rate: 10_000, Burst: 10_000, CreateRate: 10_000, CreateBurst: 10_000}
	if tweak != nil {
		tweak(&cfg)
	}
	s, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Served as fray serve serves it: net/http's own refusals rewritten
	// as problems, and its limit on headers.
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Listener = server.Listener(ts.Listener)
	ts.Config.MaxHeaderBytes = server.MaxHeaderBytes
	ts.Start()
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return &client{t: t, base: ts.URL}
}

// creatorToken is the creation token of the test servers.
const creatorToken = "creator"

// client makes requests of a test server.
type client struct {
	t    testing.TB
	base string
}

// reply is a response read whole.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// decode decodes the reply's JSON body into v.
func (r reply) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// do makes a request with token (if any) and a JSON body (if any).
func (c *client) do(method, path, token string, body any) reply {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: data}
}

// created is the answer to a fight's creation.
type created struct {
	ID      string `json:"id"`
	Ruleset string `json:"ruleset"`
	Version int64  `json:"version"`
	GMToken string `json:"gm_token"`
	Players []struct {
		Combatant, Side, Token, Join string
	} `json:"players"`
}

// tokenOf returns the token of a combatant, or the GM's for the GM.
func (f created) tokenOf(actor string) string {
	if actor == engine.GM {
		return f.GMToken
	}
	for _, p := range f.Players {
		if p.Combatant == actor {
			return p.Token
		}
	}
	return ""
}

// create creates a fight of a bundled encounter.
func (c *client) create(bundled string) created {
	c.t.Helper()
	r := c.do("POST", "/fights", creatorToken, map[string]string{"bundled": bundled})
	if r.status != http.StatusCreated {
		c.t.Fatalf("creating %s: %d %s", bundled, r.status, r.body)
	}
	var f created
	r.decode(c.t, &f)
	return f
}

// view is a fight as read.
type view struct {
	ID      string                `json:"id"`
	Version int64                 `json:"version"`
	State   json.RawMessage       `json:"state"`
	Prompt  engine.Prompt[string] `json:"prompt"`
	Yours   bool                  `json:"yours"`
}

// read reads a fight with token.
func (c *client) read(f created, token string) view {
	c.t.Helper()
	r := c.do("GET", "/fights/"+f.ID, token, nil)
	if r.status != http.StatusOK {
		c.t.Fatalf("reading %s: %d %s", f.ID, r.status, r.body)
	}
	var v view
	r.decode(c.t, &v)
	return v
}

// someoneElse returns a combatant other than actor (and not among the
// prompt's others), or "".
func someoneElse(f created, pr engine.Prompt[string]) string {
	for _, p := range f.Players {
		if !pr.Accepts(p.Combatant) {
			return p.Combatant
		}
	}
	return ""
}

// TestWholeFightsOverHTTP plays a fight of each ruleset to the end over
// HTTP, each decision made with the token of whoever decides, and checks
// on the way that a player's request for another's combatant is refused
// and changes nothing.
func TestWholeFightsOverHTTP(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		for _, enc := range []string{"alley_fight", "reference_skirmish", "brawl"} {
			t.Run(enc, func(t *testing.T) {
				f := c.create(enc)
				if len(f.Players) < 2 || f.GMToken == "" {
					t.Fatalf("created %+v", f)
				}
				rng := rand.New(rand.NewPCG(1, 2))
				for step := 0; ; step++ {
					if step > 2000 {
						t.Fatal("no end after 2000 decisions")
					}
					v := c.read(f, f.GMToken)
					if v.Prompt.Kind == engine.End {
						break
					}
					pr := v.Prompt
					if len(pr.Options) == 0 {
						t.Fatalf("a prompt without options: %+v", pr)
					}
					cmd := pr.Options[rng.IntN(len(pr.Options))].Command
					if pr.Kind == engine.Ruling && pr.Default >= 0 {
						cmd = pr.Options[pr.Default].Command
					}
					if other := someoneElse(f, pr); other != "" && step%5 == 0 && pr.Actor != engine.GM {
						r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(other), map[string]any{"version": v.Version, "actor": pr.Actor, "command": cmd})
						if r.status != http.StatusForbidden || r.header.Get("Content-Type") != "application/problem+json" {
							t.Fatalf("%s deciding for %s: %d %s", other, pr.Actor, r.status, r.body)
						}
						if again := c.read(f, f.GMToken); again.Version != v.Version {
							t.Fatalf("a refused request moved the fight from %d to %d", v.Version, again.Version)
						}
					}
					r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(pr.Actor), map[string]any{"version": v.Version, "actor": pr.Actor, "command": cmd})
					if r.status != http.StatusOK {
						t.Fatalf("%s: %s at version %d: %d %s", pr.Actor, cmd, v.Version, r.status, r.body)
					}
				}
				var tr struct {
					Version int64          `json:"version"`
					Entries []engine.Entry `json:"entries"`
				}
				c.do("GET", "/fights/"+f.ID+"/transcript", f.GMToken, nil).decode(t, &tr)
				if int64(len(tr.Entries)) != tr.Version || tr.Version == 0 {
					t.Fatalf("transcript of %d entries at version %d", len(tr.Entries), tr.Version)
				}
			})
		}
	})
}

// TestOneAnswerWins sends two answers to one prompt at once: one succeeds
// and the other gets 409 with the current version.
func TestOneAnswerWins(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		for round := range 5 {
			v := c.read(f, f.GMToken)
			cmd := v.Prompt.Options[0].Command
			var wg sync.WaitGroup
			replies := make([]reply, 2)
			for i := range replies {
				wg.Go(func() {
					replies[i] = c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": cmd})
				})
			}
			wg.Wait()
			ok, conflicts := 0, 0
			for _, r := range replies {
				switch r.status {
				case http.StatusOK:
					ok++
				case http.StatusConflict:
					conflicts++
					var p struct {
						Version int64  `json:"version"`
						Type    string `json:"type"`
					}
					r.decode(t, &p)
					if p.Version != v.Version+1 || !strings.HasSuffix(p.Type, "/conflict") {
						t.Errorf("round %d: conflict %s", round, r.body)
					}
				default:
					t.Fatalf("round %d: %d %s", round, r.status, r.body)
				}
			}
			if ok != 1 || conflicts != 1 {
				t.Fatalf("round %d: %d successes and %d conflicts", round, ok, conflicts)
			}
		}
	})
}

// event is one event read from a stream.
type event struct {
	id, name string
	data     []byte
}

// stream is a live stream being read.
type stream struct {
	events chan event
	beats  chan struct{}
	cancel func()
}

// follow opens a fight's live stream with token, after lastID if not "".
func (c *client) follow(f created, token, lastID string) *stream {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/fights/"+f.ID+"/events?token="+token, nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		c.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		cancel()
		c.t.Fatalf("stream: %d", resp.StatusCode)
	}
	s := &stream{events: make(chan event, 1000), beats: make(chan struct{}, 1000), cancel: func() { cancel(); resp.Body.Close() }}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		var e event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == ": heartbeat":
				s.beats <- struct{}{}
			case strings.HasPrefix(line, "id: "):
				e.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				e.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = []byte(line[6:])
			case line == "" && e.data != nil:
				s.events <- e
				e = event{}
			}
		}
	}()
	return s
}

// next returns the stream's next event, failing after a while.
func (s *stream) next(t *testing.T) event {
	t.Helper()
	select {
	case e, ok := <-s.events:
		if !ok {
			t.Fatal("the stream ended")
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no event for 10 s")
	}
	return event{}
}

// nextBut returns the stream's next event other than an odds message:
// the odds of a prompt, computed before anyone asked, may come between
// any two events of a fight that moves on.
func (s *stream) nextBut(t *testing.T) event {
	t.Helper()
	for {
		if e := s.next(t); e.name != "odds" {
			return e
		}
	}
}

// play makes n decisions by the prompt's first option, with the GM token.
// A conflict is answered as a client should: read again, decide again (a
// server may not yet have heard of a decision made through another).
func (c *client) play(f created, n int) {
	c.t.Helper()
	for range n {
		for try := 0; ; try++ {
			v := c.read(f, f.GMToken)
			if v.Prompt.Kind == engine.End {
				return
			}
			r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[0].Command})
			if r.status == http.StatusOK {
				break
			}
			if r.status != http.StatusConflict || try == 5 {
				c.t.Fatalf("deciding: %d %s", r.status, r.body)
			}
		}
	}
}

// TestStreamResumes follows a fight as a player, drops the stream,
// reconnects with Last-Event-ID and finds every entry exactly once, and
// gets heartbeats while nothing happens.
func TestStreamResumes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), func(cfg *server.Config) { cfg.Heartbeat = 50 * time.Millisecond })
		f := c.create("alley_fight")
		player := f.Players[0].Token
		s := c.follow(f, player, "")
		c.play(f, 4)
		var last string
		for want := 1; want <= 4; want++ {
			e := s.nextBut(t)
			if e.id != fmt.Sprint(want) || e.name != "entry" {
				t.Fatalf("event %d: id %q name %q", want, e.id, e.name)
			}
			last = e.id
		}
		select {
		case <-s.beats:
		case <-time.After(5 * time.Second):
			t.Fatal("no heartbeat")
		}
		s.cancel()
		c.play(f, 3)
		if r := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, map[string]any{"version": 7}); r.status != http.StatusOK {
			t.Fatalf("undo: %d %s", r.status, r.body)
		}
		again := c.follow(f, player, last)
		defer again.cancel()
		for want := 5; want <= 8; want++ {
			e := again.nextBut(t)
			if e.id != fmt.Sprint(want) {
				t.Fatalf("after resuming: event id %q, want %d", e.id, want)
			}
			var m server.StreamEntry
			if err := json.Unmarshal(e.data, &m); err != nil {
				t.Fatal(err)
			}
			switch {
			case want == 7 && !m.Undone:
				t.Errorf("entry 7 was taken back, but the stream says %s", e.data)
			case want == 8 && m.Kind != "undo":
				t.Errorf("entry 8 is the undo, the stream says %s", e.data)
			case want < 7 && m.Entry == nil:
				t.Errorf("entry %d: no decision: %s", want, e.data)
			}
		}
	})
}

// TestHostileRequests checks the refusals: no token, a bad one, another
// fight's, unknown fields, a body too large, a player undoing another's
// decision, and the rate limit; none changes the fight.
func TestHostileRequests(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		g := c.create("alley_fight")
		path := "/fights/" + f.ID + "/decisions"
		v := c.read(f, f.GMToken)
		good := map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[0].Command}
		cases := []struct {
			name   string
			token  string
			body   any
			status int
			want   string
		}{
			{"no token", "", good, 401, "Authorization: Bearer"},
			{"bad token", "nonsense", good, 401, "not one this server gave out"},
			{"other fight", g.GMToken, good, 403, "another fight"},
			{"unknown field", f.GMToken, `{"version":0,"command":"pass","colour":"red"}`, 422, "colour"},
			{"not json", f.GMToken, `{"version":`, 400, ""},
			{"too large", f.GMToken, `{"version":0,"command":"` + strings.Repeat("x", 70_000) + `"}`, 413, ""},
			{"stale version", f.GMToken, map[string]any{"version": 99, "command": "pass"}, 409, "not 99"},
			{"both commands", f.GMToken, map[string]any{"version": 0, "command": "pass", "command_json": map[string]string{"kind": "pass"}}, 422, "one of them"},
			{"nonsense command", f.GMToken, map[string]any{"version": 0, "actor": v.Prompt.Actor, "command": "fly to the moon"}, 422, ""},
		}
		for _, tc := range cases {
			r := c.do("POST", path, tc.token, tc.body)
			if r.status != tc.status || !strings.Contains(string(r.body), tc.want) || !strings.Contains(r.header.Get("Content-Type"), "problem+json") {
				t.Errorf("%s: %d %s %s, want %d with %q", tc.name, r.status, r.header.Get("Content-Type"), r.body, tc.status, tc.want)
			}
		}
		if again := c.read(f, f.GMToken); again.Version != v.Version {
			t.Fatalf("refused requests moved the fight to version %d", again.Version)
		}
		c.play(f, 1)
		var other string
		for _, p := range f.Players {
			if p.Combatant != v.Prompt.Actor {
				other = p.Token
			}
		}
		if r := c.do("POST", "/fights/"+f.ID+"/undo", other, map[string]any{"version": 1}); r.status != http.StatusForbidden {
			t.Errorf("a player undoing another's decision: %d %s", r.status, r.body)
		}
		if r := c.do("GET", "/fights", f.GMToken, nil); r.status != http.StatusForbidden {
			t.Errorf("listing with a GM token: %d", r.status)
		}
		var list struct{ Fights []store.Summary }
		c.do("GET", "/fights", "admin", nil).decode(t, &list)
		if len(list.Fights) != 2 {
			t.Errorf("listing: %+v", list)
		}
		limited := startServer(t, open(), func(cfg *server.Config) { cfg.Rate, cfg.Burst = 1, 3 })
		h := limited.create("alley_fight")
		statuses := map[int]int{}
		for range 6 {
			statuses[limited.do("GET", "/fights/"+h.ID, h.GMToken, nil).status]++
		}
		if statuses[http.StatusTooManyRequests] == 0 {
			t.Errorf("no 429 after 6 requests at once with a burst of 3: %v", statuses)
		}
	})
}

// TestOpenAPI checks that the OpenAPI document is served, is 3.1, and
// describes every operation.
func TestOpenAPI(t *testing.T) {
	reg, oddsOf := catalog(t)
	b, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := server.New(server.Config{Store: store.New(b, reg), Registry: reg, Odds: oddsOf, CreateToken: creatorToken})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	resp, err := http.Get(ts.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string `json:"openapi"`
		Info    struct {
			Title, Version string
		} `json:"info"`
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Info.Title == "" || doc.Info.Version == "" {
		t.Errorf("info %+v", doc.Info)
	}
	// OpenAPI 3.1's schemas are JSON Schema 2020-12: each must compile as
	// one (checked against the draft's meta-schema), references and all.
	whole, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	if err := comp.AddResource("https://fray.invalid/openapi.json", whole); err != nil {
		t.Fatal(err)
	}
	schemas := map[string]*jsonschema.Schema{}
	for name := range doc.Components.Schemas {
		sch, err := comp.Compile("https://fray.invalid/openapi.json#/components/schemas/" + name)
		if err != nil {
			t.Errorf("components.schemas.%s is not a valid JSON Schema 2020-12: %v", name, err)
			continue
		}
		schemas[name] = sch
	}
	if len(schemas) < 5 {
		t.Errorf("only %d schemas in the document", len(schemas))
	}
	// Answers match the schemas the document gives them.
	c := &client{t: t, base: ts.URL}
	if r := c.do("GET", "/healthz", "", nil); r.status != http.StatusOK || !strings.Contains(string(r.body), `"ok":true`) {
		t.Errorf("healthz: %d %s", r.status, r.body)
	}
	cr := c.do("POST", "/fights", creatorToken, map[string]string{"bundled": "duel"})
	var fight created
	cr.decode(t, &fight)
	for name, body := range map[string][]byte{
		"Created":    cr.body,
		"FightView":  c.do("GET", "/fights/"+fight.ID, fight.Players[0].Token, nil).body,
		"ErrorModel": c.do("GET", "/fights/"+fight.ID, "", nil).body,
		"OddsBody":   c.do("GET", "/fights/"+fight.ID+"/odds?wait_ms=0", fight.GMToken, nil).body,
	} {
		sch, ok := schemas[name]
		if !ok {
			t.Errorf("no schema %s", name)
			continue
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s: %s does not match its schema: %v", name, body, err)
		}
	}
	for op, ops := range doc.Paths {
		for method, body := range ops {
			var o struct {
				OperationID string                     `json:"operationId"`
				Responses   map[string]json.RawMessage `json:"responses"`
			}
			if err := json.Unmarshal(body, &o); err != nil || o.OperationID == "" || len(o.Responses) == 0 {
				t.Errorf("%s %s: no operationId or responses", method, op)
			}
		}
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	for path, method := range map[string]string{
		"/fights": "post", "/fights/{id}": "get", "/fights/{id}/decisions": "post", "/fights/{id}/undo": "post",
		"/fights/{id}/events": "get", "/fights/{id}/odds": "get", "/fights/{id}/transcript": "get", "/healthz": "get",
	} {
		if _, ok := doc.Paths[path][method]; !ok {
			t.Errorf("no %s %s in the document", method, path)
		}
	}
}
