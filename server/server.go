// Package server is fray's HTTP API: the tracker's server, through which a
// GM and players run a fight together, each on their own device.
//
// The API is described by an OpenAPI 3.1 document at /openapi.json (with
// a docs page at /docs). Creating a fight needs the server's creation
// token (unless the server is open) and returns a GM token and a token
// per combatant; every request names its token (Authorization: Bearer, or
// ?token= for a browser's EventSource), and a player acts only for their
// combatant and sees only that combatant's view, made by the ruleset's
// Secrets capability. Decisions name the version of the fight they answer,
// so that two answers to one prompt give one success and one conflict.
// Each viewer can follow a fight live as Server-Sent Events, resumed with
// Last-Event-ID. Errors are RFC 9457 problem details. The odds of a
// prompt are computed once per fight version, in a bounded pool of workers
// shared by every fight, away from the fights' locks (see odds.go).
//
// The server keeps nothing a restart would lose: fights and tokens live in
// the store (SQLite or PostgreSQL), and with PostgreSQL every committed
// entry is announced to every server process (LISTEN/NOTIFY), so several
// servers can serve one fight.
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"fray/engine"
	"fray/odds"
	"fray/store"
)

// Config is what a Server is made of.
type Config struct {
	// Store keeps the fights; its backend must implement store.Grants.
	Store *store.Store
	// Registry starts encounters, and offers the bundled ones by name.
	Registry *engine.Registry
	// Odds returns the exact-odds calculator of a ruleset, or an error
	// saying why there is none; nil offers no odds.
	Odds func(ruleset string) (odds.Calculator, error)
	// Heartbeat is how often a quiet live stream gets a comment line, so
	// that proxies keep it open and clients notice a dead one (default
	// 15 s).
	Heartbeat time.Duration
	// Rate and Burst limit the requests of one token: Rate a second on
	// average, Burst at once (defaults 20 and 40).
	Rate  float64
	Burst int
	// MaxBody is the largest request body accepted, in bytes (default
	// 1 MiB).
	MaxBody int64
	// RequestTimeout bounds each request but the live streams: its
	// context ends then, and a request still waiting for its fight (held
	// by another request) is answered 503 (default 10 s).
	RequestTimeout time.Duration
	// OddsWorkers is how many odds computations run at once, for all
	// fights together (default: one fewer than the processors, at least
	// one), and OddsQueue how many more may wait for a worker (default
	// 64): past it, odds requests are answered 503 with Retry-After.
	OddsWorkers int
	OddsQueue   int
	// OddsPerToken is how many odds computations one token may have
	// queued or running at once (default 2), and OddsRate and OddsBurst
	// limit its odds requests (defaults 5 a second, 10 at once); past
	// either, 429 with Retry-After.
	OddsPerToken int
	OddsRate     float64
	OddsBurst    int
	// OddsOptionTime bounds the computation of one option's odds (default
	// 2 s), and OddsPromptTime all the options of one prompt (default
	// 10 s): options past it are answered without odds, with why.
	OddsOptionTime time.Duration
	OddsPromptTime time.Duration
	// OddsProcess, when not empty, is the command line of a process that
	// computes odds for the server (a program that calls
	// ServeOddsWorker, such as "fray odds-worker"): each odds worker
	// starts one and hands it its jobs, so that the odds' computing and
	// garbage never share the heap, the collector or the scheduler of the
	// process serving decisions. Empty, odds are computed in this
	// process, on threads of lower priority.
	OddsProcess []string
	// AdminToken, if set, lets its holder list every fight, and create
	// fights.
	AdminToken string
	// CreateToken, if set, lets its holder create fights: POST /fights
	// needs it (or AdminToken) unless Open is set. A server with neither
	// token and not Open is refused by New: nobody could start a fight.
	CreateToken string
	// Open lets anyone who reaches the server create fights, without a
	// token: for a trusted network only.
	Open bool
	// CreateRate and CreateBurst are the quota of fight creations per
	// creator (per token, or per client address without one): CreateRate
	// a second on average, CreateBurst at once (defaults 1 and 10). It is
	// apart from, and on top of, the rate of requests.
	CreateRate  float64
	CreateBurst int
	// Logger logs internal errors (default: slog.Default()).
	Logger *slog.Logger
}

// Server serves the API. Its zero value is not usable: make one with New.
type Server struct {
	cfg    Config
	grants store.Grants
	api    huma.API
	mux    *http.ServeMux
	hub    *hub
	limits *limiter
	// creates is the quota of fight creations, and oddsRate that of odds
	// requests.
	creates  *limiter
	oddsRate *limiter
	// oddsPool computes the odds of prompts.
	oddsPool *oddsPool
	// schemasPath is where huma serves the document's schemas, and
	// schemaPattern the router's pattern of that route.
	schemasPath, schemaPattern string
	// queries are the query parameters each route of the API's document
	// takes, by the router's pattern of the route (METHOD /path), sorted.
	queries map[string][]string
	// redirectType is the type of the handlers http.ServeMux answers its
	// redirects with (http.RedirectHandler's).
	redirectType reflect.Type

	mu     sync.Mutex
	fights map[string]*live
	// tokens remembers grants by their token's hash. A grant never
	// changes, but it may be revoked: the grants of a fight are then
	// forgotten (revoked), and tokenGen counts such forgettings, so that a
	// grant read from the store before one is not remembered after it.
	// With a store.Notifier backend, grants are remembered only while
	// trusted: while the server listens, and so hears of other processes'
	// revocations.
	tokens   map[string]store.Grant
	tokenGen uint64
	trusted  bool

	stop   context.CancelFunc
	stopCh chan struct{}
}

// live is a fight a server has open: its table at the version last seen,
// and what has been rendered of it for its viewers. Its lock (a channel
// of one, so that a request waiting for it can give up when its context
// ends) serializes the requests on it.
type live struct {
	lock  chan struct{}
	fight *store.Fight
	views renders
}

// newLive returns a live fight not yet opened.
func newLive() *live { return &live{lock: make(chan struct{}, 1)} }

// acquire takes l's lock, or gives up when ctx ends first: then the
// answer is 503, for the fight is busy with a longer request.
func (l *live) acquire(ctx context.Context) error {
	select {
	case l.lock <- struct{}{}:
		return nil
	default:
	}
	select {
	case l.lock <- struct{}{}:
		return nil
	case <-ctx.Done():
		return busy(http.StatusServiceUnavailable, "busy", time.Second, "the fight is busy with another request: try again in a moment")
	}
}

// tryAcquire takes l's lock if it is free.
func (l *live) tryAcquire() bool {
	select {
	case l.lock <- struct{}{}:
		return true
	default:
		return false
	}
}

// release gives l's lock back.
func (l *live) release() { <-l.lock }

// New returns a server over cfg's store. With a store.Notifier backend
// (PostgreSQL) it listens for entries other processes commit until Close.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Registry == nil {
		return nil, errors.New("server: a store and a registry are needed")
	}
	grants, ok := cfg.Store.Backend().(store.Grants)
	if !ok {
		return nil, errors.New("server: the store's backend keeps no tokens (store.Grants)")
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 15 * time.Second
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 20
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 40
	}
	if cfg.CreateToken == "" && cfg.AdminToken == "" && !cfg.Open {
		return nil, errors.New("server: nobody could create fights: set a CreateToken, an AdminToken, or Open")
	}
	if cfg.CreateRate <= 0 {
		cfg.CreateRate = 1
	}
	if cfg.CreateBurst <= 0 {
		cfg.CreateBurst = 10
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.OddsWorkers <= 0 {
		cfg.OddsWorkers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if cfg.OddsQueue <= 0 {
		cfg.OddsQueue = 64
	}
	if cfg.OddsPerToken <= 0 {
		cfg.OddsPerToken = 2
	}
	if cfg.OddsRate <= 0 {
		cfg.OddsRate = 5
	}
	if cfg.OddsBurst <= 0 {
		cfg.OddsBurst = 10
	}
	if cfg.OddsOptionTime <= 0 {
		cfg.OddsOptionTime = 2 * time.Second
	}
	if cfg.OddsPromptTime <= 0 {
		cfg.OddsPromptTime = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Server{
		cfg:      cfg,
		grants:   grants,
		mux:      http.NewServeMux(),
		hub:      newHub(),
		limits:   newLimiter(cfg.Rate, cfg.Burst),
		creates:  newLimiter(cfg.CreateRate, cfg.CreateBurst),
		oddsRate: newLimiter(cfg.OddsRate, cfg.OddsBurst),
		fights:   map[string]*live{},
		tokens:   map[string]store.Grant{},
		stopCh:   make(chan struct{}),
	}
	_, notified := cfg.Store.Backend().(store.Notifier)
	s.trusted = !notified
	s.oddsPool = newOddsPool(cfg.Registry, cfg.Logger, s.hub.poke, oddsLimits{
		workers: cfg.OddsWorkers, queue: cfg.OddsQueue, perOwner: cfg.OddsPerToken,
		maxJobs: cfg.OddsWorkers + cfg.OddsQueue + maxLive, perOption: cfg.OddsOptionTime, perJob: cfg.OddsPromptTime,
		process: cfg.OddsProcess,
	})
	s.hub.moved = s.oddsPool.moved
	hc := huma.DefaultConfig("fray", "1.0.0")
	hc.OpenAPI.Info.Description = "The fray tracker's API: run a fight with a GM and players, each seeing only what they may. " +
		"Every error is a problem (RFC 9457, application/problem+json), and so is the body of a redirect of a path not in its clean form (//fights to /fights). " +
		"Request bodies are strict JSON: an unknown field, an object naming a key twice, or a number beyond a 64-bit integer's range is refused 422, with errors naming its location; a body that is not one JSON value is 400, saying at which byte."
	hc.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", Description: "a GM or player token returned when the fight was created"},
	}
	hc.Transformers = append(hc.Transformers, boundErrors)
	s.schemasPath = hc.SchemasPath
	s.redirectType = reflect.TypeOf(http.RedirectHandler("/", http.StatusTemporaryRedirect))
	s.schemaPattern = http.MethodGet + " " + hc.SchemasPath + "/{schema}"
	s.api = humago.New(s.mux, hc)
	s.register()
	s.queries = queryParams(s.api.OpenAPI())
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	if n, ok := cfg.Store.Backend().(store.Notifier); ok {
		go s.listen(ctx, n)
	} else {
		close(s.stopCh)
	}
	return s, nil
}

// listen passes the entries other processes commit to the hub, and their
// revocations of tokens to revoked, listening again after a lost
// connection, until ctx is done. While it does not listen, the server
// remembers no grant: it reads each from the store.
func (s *Server) listen(ctx context.Context, n store.Notifier) {
	defer close(s.stopCh)
	l := store.Listener{Listening: func() { s.trustGrants(true) }, Entry: s.hub.heard, Revoked: s.revoked}
	for ctx.Err() == nil {
		err := n.Listen(ctx, l)
		s.trustGrants(false)
		if ctx.Err() != nil {
			return
		}
		s.cfg.Logger.Error("listening for entries; trying again in a second", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		// Anything committed while deaf: wake every stream to look.
		s.hub.wakeAll()
	}
}

// Handler returns the server's HTTP handler: the API behind a rate limit
// per token (per client address for requests without one) and a limit on
// the size of request bodies.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := Auth{Authorization: r.Header.Get("Authorization"), Token: r.URL.Query().Get("token")}.token()
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		addr, key := "address "+host, "address "+host
		if tok != "" {
			key = "token " + hashToken(tok)
		}
		now := time.Now()
		if ok, wait := s.limits.allow(key, now); !ok {
			tooMany(w, wait, "too many requests with this token: wait %s and try again", wait.Round(time.Millisecond))
			return
		}
		if key != addr && !s.vouches(tok) {
			// Every token refused as unknown spends its address's bucket
			// (see grantFor), else a client would make up a token a
			// request and never meet the limit: once it is spent, a
			// token the server does not know waits, before any lookup.
			if wait := s.limits.spent(addr, now); wait > 0 {
				tooMany(w, wait, "too many requests from this address with tokens this server did not give out: wait %s and try again", wait.Round(time.Millisecond))
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), addressKey{}, addr))
		}
		if isOdds(r) {
			// Refused here, before any work: a flood of odds requests
			// costs the server as little as can be.
			if ok, wait := s.oddsRate.allow(key, now); !ok {
				tooMany(w, wait, "too many odds requests with this token: wait %s and try again", wait.Round(time.Millisecond))
				return
			}
		}
		if r.Method == http.MethodPost && r.URL.Path == "/fights" {
			// The quota is a creator's: the creation or admin token's, else
			// the address's, whatever token is made up (an open server
			// takes any).
			creator := addr
			if sameToken(tok, s.cfg.CreateToken) || sameToken(tok, s.cfg.AdminToken) {
				creator = key
			}
			if ok, wait := s.creates.allow(creator, now); !ok {
				tooMany(w, wait, "too many fights created: this server's quota is %g a second (%d at once); wait %s and try again", s.cfg.CreateRate, s.cfg.CreateBurst, wait.Round(time.Millisecond))
				return
			}
		}
		var body []byte
		if r.Body != nil && r.Body != http.NoBody {
			// Read here, whole, so that a body that cannot be read (a
			// malformed chunk, one cut short) is refused as the client's
			// fault, not answered 500 as huma answers a failed read.
			// Its wait is bounded as a request is (the error, if the
			// connection takes no deadline, is of no matter: then the
			// http.Server's ReadTimeout is the bound).
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.RequestTimeout))
			body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
			if err != nil {
				w.Header().Set("Connection", "close")
				writeProblem(w, unreadBody(err, s.cfg.MaxBody))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		if !isStream(r) {
			ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
			defer cancel()
			r = r.WithContext(ctx)
		}
		s.route(w, r, body)
	})
}

// unreadBody is the problem of a request body that could not be read:
// larger than max (413), too slow in coming (408), or not as HTTP frames
// a body (400).
func unreadBody(err error, max int64) *Problem {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return problem(http.StatusRequestEntityTooLarge, "too-large", "the request's body is larger than this server takes (%d bytes)", max)
	}
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
		return problem(http.StatusRequestTimeout, "request-timeout", "the request's body did not arrive in time: send it whole, promptly")
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return problem(http.StatusBadRequest, "bad-request", "the request's body ended before its Content-Length (or its last chunk): send it whole")
	}
	return problem(http.StatusBadRequest, "bad-request", "the request's body could not be read: %v", err)
}

// addressKey is the context key of the rate limit's key for a request's
// address, set for a request naming a token the server may not know.
type addressKey struct{}

// refusedToken spends a bucket of the address of the request whose context
// is ctx, when it named a token the server did not give out.
func (s *Server) refusedToken(ctx context.Context) {
	if addr, ok := ctx.Value(addressKey{}).(string); ok {
		s.limits.allow(addr, time.Now())
	}
}

// vouches reports whether the server knows token: its creation or admin
// token, or a grant it remembers (see grantByHash).
func (s *Server) vouches(token string) bool {
	if sameToken(token, s.cfg.CreateToken) || sameToken(token, s.cfg.AdminToken) {
		return true
	}
	h := hashToken(token)
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.tokens[h]
	return ok
}

// isOdds reports whether a request is for a fight's odds.
func isOdds(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/fights/") && strings.HasSuffix(r.URL.Path, "/odds")
}

// isStream reports whether a request is for a live stream, which lasts
// as long as its client follows it.
func isStream(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/fights/") && strings.HasSuffix(r.URL.Path, "/events")
}

// tooMany answers 429 rate-limit with Retry-After: the whole seconds of
// wait, rounded up.
func tooMany(w http.ResponseWriter, wait time.Duration, format string, args ...any) {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter(wait)))
	writeProblem(w, problem(http.StatusTooManyRequests, "rate-limit", format, args...))
}

// retryAfter is a wait in whole seconds, rounded up, at least 1.
func retryAfter(wait time.Duration) int {
	return max(1, int((wait+time.Second-1)/time.Second))
}

// route passes a request to the handler of its route. The router's own
// answers, to a path no route has (404) or a method the path's routes do
// not take (405, with Allow), are problems like every other error.
//
// The router's redirects (of a path not in its clean form, such as
// //fights or /fights/../fights, to the clean one; of /page to /page/)
// are kept, with their Location, but their body is a problem rather than
// net/http's HTML. A schema of the document that does not exist
// (/schemas/Nope.json) is 404, rather than huma's 200 null. A JSON body,
// sent to a route, is first looked through for what the API's schema
// does not see (see checkJSON).
func (s *Server) route(w http.ResponseWriter, r *http.Request, body []byte) {
	h, pattern := s.mux.Handler(r)
	if reflect.TypeOf(h) == s.redirectType {
		rec := &statusOnly{header: http.Header{}}
		h.ServeHTTP(rec, r)
		redirected(w, r, rec.status, rec.header.Get("Location"))
		return
	}
	if p := r.URL.EscapedPath(); pattern != "" && strings.Contains(strings.ToLower(p), "%2f") {
		// The router takes %2F for a character of a segment, so that
		// /fights/ID%2Fodds would name a fight "ID/odds": no id or name
		// of the API holds a slash (engine.CheckID).
		writeProblem(w, problem(http.StatusNotFound, "not-found", "no such path: %s holds an encoded slash (%%2F), which no id or name of this API holds: write / as itself", p))
		return
	}
	if pattern == s.schemaPattern && !s.knownSchema(r.URL.Path) {
		writeProblem(w, problem(http.StatusNotFound, "not-found", "no schema %s in the API's document (the schemas are those of /openapi.json's components)", r.URL.Path))
		return
	}
	if p := s.unknownQuery(pattern, r.URL.Query()); p != nil {
		writeProblem(w, p)
		return
	}
	if pattern != "" {
		if ce := r.Header.Get("Content-Encoding"); len(body) > 0 && ce != "" && !strings.EqualFold(ce, "identity") {
			// Read as it is, an encoded body would be taken for what it
			// is not (RFC 9110, 15.5.16).
			w.Header().Set("Accept-Encoding", "identity")
			p := problem(http.StatusUnsupportedMediaType, "unsupported-media-type", "the request's body is sent with Content-Encoding %q, which this server does not decode: send it as it is, without the header", ce)
			p.Errors = []*huma.ErrorDetail{{Message: "no content coding is read", Location: "header.Content-Encoding", Value: ce}}
			writeProblem(w, p)
			return
		}
		if len(body) > 0 && r.Method != http.MethodGet && r.Method != http.MethodHead && jsonBody(r) {
			checked, p := checkJSON(body)
			if p != nil {
				writeProblem(w, p)
				return
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(checked)), int64(len(checked))
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	rec := &statusOnly{header: http.Header{}}
	h.ServeHTTP(rec, r)
	target := r.URL.Path
	if target == "" {
		// A CONNECT's authority (host:port), which has no path.
		target = r.RequestURI
	}
	switch rec.status {
	case http.StatusMethodNotAllowed:
		if allow := rec.header.Get("Allow"); allow != "" {
			w.Header().Set("Allow", allow)
		}
		writeProblem(w, problem(rec.status, "method-not-allowed", "%s is not a method of %s: use %s", r.Method, target, rec.header.Get("Allow")))
	case http.StatusNotFound, 0:
		writeProblem(w, problem(http.StatusNotFound, "not-found", "no such path: %s (the API is described at /openapi.json)", target))
	default:
		redirected(w, r, rec.status, rec.header.Get("Location"))
	}
}

// redirected answers a redirect of r (the router's, or the page's files'):
// its status, and its Location, with a problem for a body (net/http
// writes HTML, or nothing) saying where to send the request instead.
func redirected(w http.ResponseWriter, r *http.Request, status int, loc string) {
	if loc == "" || status < 300 || status > 399 {
		writeProblem(w, problem(http.StatusNotFound, "not-found", "no such path: %s (the API is described at /openapi.json)", r.URL.Path))
		return
	}
	w.Header().Set("Location", loc)
	// The path alone: a ?token= is not repeated in the body.
	to, _, _ := strings.Cut(loc, "?")
	writeProblem(w, problem(status, codeOf(status), "the path %s is served as %s: send the request there (the Location header)", r.URL.EscapedPath(), to))
}

// queryParams returns the query parameters each operation of doc takes,
// sorted, by the router's pattern of its route (METHOD /path).
func queryParams(doc *huma.OpenAPI) map[string][]string {
	out := map[string][]string{}
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodPatch: item.Patch, http.MethodDelete: item.Delete,
		} {
			if op == nil {
				continue
			}
			names := []string{}
			for _, p := range op.Parameters {
				if p.In == "query" {
					names = append(names, p.Name)
				}
			}
			slices.Sort(names)
			out[method+" "+path] = names
		}
	}
	return out
}

// unknownQuery returns the problem of a request to the route of pattern
// whose query names a parameter the route does not take, or names one
// twice; nil when its query is sound, or the route is not one of the
// API's document (the page's files). A misspelt parameter would
// otherwise be passed over in silence, and the request answered as if it
// were not there.
func (s *Server) unknownQuery(pattern string, query url.Values) *Problem {
	takes, ok := s.queries[pattern]
	if !ok || len(query) == 0 {
		return nil
	}
	keys := slices.Sorted(maps.Keys(query))
	for _, key := range keys {
		if !slices.Contains(takes, key) {
			which := "no query parameters"
			if len(takes) > 0 {
				which = "only " + strings.Join(takes, ", ")
			}
			p := problem(http.StatusUnprocessableEntity, "invalid", "unknown query parameter %q: %s takes %s", key, pattern, which)
			p.Errors = []*huma.ErrorDetail{{Message: "unknown query parameter", Location: "query." + key, Value: query.Get(key)}}
			return p
		}
		if len(query[key]) > 1 {
			p := problem(http.StatusUnprocessableEntity, "invalid", "the query parameter %q is given %d times: give it once", key, len(query[key]))
			p.Errors = []*huma.ErrorDetail{{Message: "given more than once", Location: "query." + key, Value: query[key]}}
			return p
		}
	}
	return nil
}

// knownSchema reports whether path (SchemasPath/NAME, or NAME.json) names
// a schema of the API's document.
func (s *Server) knownSchema(path string) bool {
	name := strings.TrimSuffix(strings.TrimPrefix(path, s.schemasPath+"/"), ".json")
	_, ok := s.api.OpenAPI().Components.Schemas.Map()[name]
	return ok
}

// statusOnly is a ResponseWriter that keeps the status and headers of an
// answer and drops its body: what route needs of the router's own
// answers.
type statusOnly struct {
	header http.Header
	status int
}

func (s *statusOnly) Header() http.Header { return s.header }

func (s *statusOnly) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return len(b), nil
}

func (s *statusOnly) WriteHeader(status int) {
	if s.status == 0 {
		s.status = status
	}
}

// API returns the huma API, for its OpenAPI document.
func (s *Server) API() huma.API { return s.api }

// Close stops listening for other processes' entries and ends every live
// stream. It does not close the store.
func (s *Server) Close() error {
	s.stop()
	<-s.stopCh
	s.hub.closeAll()
	s.oddsPool.close()
	return nil
}

// newToken returns a new unguessable token (32 random bytes, base64url)
// and its hash, which is all the store keeps.
func newToken() (token, hash string, err error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("making a token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token), nil
}

// hashToken returns the hex SHA-256 of a token. Tokens carry 256 random
// bits, so a plain hash suffices: there is nothing to guess.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// grantOf returns what token allows, from the server's memory or the
// store: store.ErrRevoked for a token replaced by a new one.
func (s *Server) grantOf(ctx context.Context, token string) (store.Grant, error) {
	return s.grantByHash(ctx, hashToken(token))
}

// grantByHash is grantOf by the token's hash.
func (s *Server) grantByHash(ctx context.Context, h string) (store.Grant, error) {
	s.mu.Lock()
	g, ok := s.tokens[h]
	gen := s.tokenGen
	s.mu.Unlock()
	if ok {
		return g, nil
	}
	g, err := s.grants.Grant(ctx, h)
	if err != nil {
		return store.Grant{}, err
	}
	s.mu.Lock()
	// Not if grants were forgotten meanwhile: this one may be revoked.
	if s.trusted && s.tokenGen == gen {
		if len(s.tokens) >= maxTokens {
			clear(s.tokens)
		}
		s.tokens[h] = g
	}
	s.mu.Unlock()
	return g, nil
}

// remember keeps grants just given out in memory, as grantByHash keeps
// those it read, so that their tokens are known from their first request.
func (s *Server) remember(grants map[string]store.Grant) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.trusted {
		return
	}
	if len(s.tokens)+len(grants) > maxTokens {
		clear(s.tokens)
	}
	maps.Copy(s.tokens, grants)
}

// trustGrants says whether the server may remember grants: with a
// store.Notifier backend, only while it listens for revocations. Not
// trusted, it forgets every grant.
func (s *Server) trustGrants(trusted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.trusted = trusted
	if !trusted {
		s.tokenGen++
		clear(s.tokens)
	}
}

// viewerOf is the view a grant sees a fight through.
func viewerOf(g store.Grant) engine.Viewer {
	if g.GM {
		return engine.Everyone
	}
	return engine.Viewer{Combatant: g.Combatant}
}

// maxLive bounds the fights a server keeps open in memory; past it, fights
// not in use are let go (and opened again from the store when next used).
// maxTokens bounds the grants it remembers.
const (
	maxLive   = 4096
	maxTokens = 100_000
)

// liveFight returns the server's entry for fight id, made on first use.
func (s *Server) liveFight(id string) *live {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.fights[id]
	if !ok {
		if len(s.fights) >= maxLive {
			s.evict()
		}
		l = newLive()
		s.fights[id] = l
	}
	return l
}

// evict lets go of fights not in use until a quarter of the room is free.
// A request holding a fight let go finishes with it; the next opens it
// anew, and the store's version check keeps the two from forking it.
func (s *Server) evict() {
	for id, l := range s.fights {
		if len(s.fights) < maxLive*3/4 {
			return
		}
		if l.tryAcquire() {
			delete(s.fights, id)
			l.release()
		}
	}
}

// withFight runs do on fight id, alone: opened if this server has not
// opened it yet, brought up to date if another process has appended since.
func (s *Server) withFight(ctx context.Context, id string, do func(f *store.Fight) error) error {
	return s.withLive(ctx, id, func(l *live) error { return do(l.fight) })
}

// withLive is withFight for the requests that use what has been rendered
// of the fight for its viewers (live.views).
func (s *Server) withLive(ctx context.Context, id string, do func(l *live) error) error {
	l := s.liveFight(id)
	if err := l.acquire(ctx); err != nil {
		return err
	}
	defer l.release()
	if l.fight == nil {
		if err := l.reopen(ctx, s.cfg.Store, id); err != nil {
			return err
		}
	} else if s.hub.latest(id) > l.fight.Version() {
		if err := l.refresh(ctx, s.cfg.Store, id); err != nil {
			return err
		}
	}
	return guarded(s.cfg.Logger, l, id, do)
}

// guarded runs a request on live fight id, turning a panic of the rules (a
// bug of a ruleset) into a 500 problem rather than a broken connection.
// The fight is let go from memory, to be opened again from its record by
// the next request: what failed recorded nothing, but may have left the
// table half changed.
func guarded(logger *slog.Logger, l *live, id string, do func(l *live) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			// The log keeps where it failed, for whoever fixes the rules.
			logger.Error("the rules failed on a request", "fight", id, "panic", engine.Clip(fmt.Sprint(r)), "stack", string(debug.Stack()))
			l.fight = nil
			err = problem(http.StatusInternalServerError, "internal", "the rules failed on this request of fight %s, which changed nothing: %s", id, engine.Clip(fmt.Sprint(r)))
		}
	}()
	return do(l)
}

// refresh brings the fight up to date with the entries other processes
// appended, reading only those; should that fail, it opens the fight anew.
func (l *live) refresh(ctx context.Context, st *store.Store, id string) error {
	if err := l.fight.Refresh(ctx); err != nil {
		return l.reopen(ctx, st, id)
	}
	return nil
}

// reopen loads the fight again from the store.
func (l *live) reopen(ctx context.Context, st *store.Store, id string) error {
	f, err := st.Open(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return problem(http.StatusNotFound, "not-found", "no fight %s", id)
	}
	if err != nil {
		return fmt.Errorf("opening fight %s: %w", id, err)
	}
	l.fight = f
	return nil
}
