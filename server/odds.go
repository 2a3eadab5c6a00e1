package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"fray/engine"
	"fray/odds"
	"fray/store"
)

// The odds of a prompt are computed away from the requests that ask for
// them: in a pool of a few workers shared by every fight, once per fight
// version, actor and policy (a job), on a table of their own replayed from
// the fight's record, so that no fight's lock is held while they run. A
// read answers with the options computed so far; the live stream says when
// a job is done; a job still queued or running when its fight moves on is
// cancelled, and nothing more of it is computed.

// oddsKey names a job: the odds of one actor's options at one version of
// one fight, with one policy.
type oddsKey struct {
	fight   string
	version int64
	actor   string
	policy  string
}

// oddsJob is the odds of one prompt's options, computed option by option.
type oddsJob struct {
	key    oddsKey
	owner  string // the token hash the job is counted against; "" for one prefetched
	ctx    context.Context
	cancel context.CancelFunc
	calc   odds.Calculator
	// header and entries are the fight's record at key.version, from
	// which the worker replays a table of its own.
	header   store.Header
	entries  []store.Entry
	ruleset  string
	question string
	options  []engine.Option[string]

	// ready is closed when the job is done or cancelled.
	ready chan struct{}

	mu      sync.Mutex
	results []*optionResult // by option, nil while not computed
	state   string          // queued, computing, complete, cancelled
}

// Odds statuses: of a job (and the answer of GET .../odds), and of the
// live stream's odds messages.
const (
	oddsQueued    = "queued"
	oddsComputing = "computing"
	oddsComplete  = "complete"
	oddsCancelled = "cancelled"
)

// completion is a job done, as the live streams announce it.
type completion struct {
	seq uint64
	key oddsKey
	// state is oddsComplete or oddsCancelled.
	state string
}

// oddsPool runs odds jobs in a bounded number of workers, with a bounded
// queue, and keeps what they computed while their fight is at their
// version.
type oddsPool struct {
	reg       *engine.Registry
	logger    *slog.Logger
	announce  func(fight string)
	perOption time.Duration
	perJob    time.Duration
	perOwner  int
	maxJobs   int
	// process is the command line of the worker processes, empty to
	// compute in this one.
	process []string

	queue chan *oddsJob
	// spare holds the jobs prefetched (prefetch), run only when no job
	// asked for waits.
	spare chan *oddsJob
	stop  chan struct{}
	wg    sync.WaitGroup

	mu      sync.Mutex
	jobs    map[oddsKey]*oddsJob
	byFight map[string]map[oddsKey]*oddsJob
	active  map[string]int // queued or running jobs, by owner
	seq     uint64
	done    map[string][]completion // by fight, at its latest version
	closed  bool
}

// spareJobs is how many prefetched jobs may wait.
const spareJobs = 16

// oddsLimits are the bounds of an oddsPool.
type oddsLimits struct {
	workers, queue, perOwner, maxJobs int
	perOption, perJob                 time.Duration
	// process is the command line of a worker process (see
	// Config.OddsProcess), empty to compute in this one.
	process []string
}

func newOddsPool(reg *engine.Registry, logger *slog.Logger, announce func(string), l oddsLimits) *oddsPool {
	p := &oddsPool{
		reg: reg, logger: logger, announce: announce,
		perOption: l.perOption, perJob: l.perJob, perOwner: l.perOwner, maxJobs: l.maxJobs,
		process: l.process,
		queue:   make(chan *oddsJob, l.queue),
		spare:   make(chan *oddsJob, spareJobs),
		stop:    make(chan struct{}),
		jobs:    map[oddsKey]*oddsJob{},
		byFight: map[string]map[oddsKey]*oddsJob{},
		active:  map[string]int{},
		done:    map[string][]completion{},
	}
	for range l.workers {
		p.wg.Go(p.work)
	}
	return p
}

// close cancels every job and waits for the workers to stop (each after
// the option it is computing, at most perOption).
func (p *oddsPool) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	for _, j := range p.jobs {
		j.cancel()
	}
	p.mu.Unlock()
	close(p.stop)
	p.wg.Wait()
}

// errBusy and errOwnerBusy are the refusals of a job the pool has no room
// for: all its queue, or the share of one token.
var (
	errBusy      = errors.New("the server's odds queue is full")
	errOwnerBusy = errors.New("this token's odds are already being computed")
)

// lookup returns the job of key, if there is one.
func (p *oddsPool) lookup(key oddsKey) *oddsJob {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.jobs[key]
}

// submit queues job, unless a job of its key exists (then that one is
// returned) or there is no room for it.
func (p *oddsPool) submit(j *oddsJob) (*oddsJob, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.jobs[j.key]; ok {
		return old, nil
	}
	if p.closed {
		return nil, errBusy
	}
	if j.owner != "" && p.active[j.owner] >= p.perOwner {
		return nil, errOwnerBusy
	}
	if len(p.jobs) >= p.maxJobs {
		p.evictDone()
		if len(p.jobs) >= p.maxJobs {
			return nil, errBusy
		}
	}
	j.ctx, j.cancel = context.WithCancel(context.Background())
	j.ready = make(chan struct{})
	j.results = make([]*optionResult, len(j.options))
	j.state = oddsQueued
	queue := p.queue
	if j.owner == "" {
		queue = p.spare
	}
	select {
	case queue <- j:
	default:
		j.cancel()
		return nil, errBusy
	}
	if j.owner != "" {
		p.yield()
	}
	p.jobs[j.key] = j
	if p.byFight[j.key.fight] == nil {
		p.byFight[j.key.fight] = map[oddsKey]*oddsJob{}
	}
	p.byFight[j.key.fight][j.key] = j
	p.active[j.owner]++
	return j, nil
}

// prefetch queues j, a job nobody asked for yet (its owner empty), when
// no job asked for waits, there is room among the jobs prefetched, and no
// job of its key exists.
func (p *oddsPool) prefetch(j *oddsJob) {
	if len(p.queue) > 0 {
		return
	}
	p.submit(j) //nolint:errcheck // a job with no room is simply not prefetched
}

// yield makes way for a job asked for: the prefetched jobs being computed
// are cancelled and let go (a read of their odds starts them again), so
// that no one waits on odds nobody asked for (p.mu held).
func (p *oddsPool) yield() {
	for k, j := range p.jobs {
		if j.owner != "" {
			continue
		}
		j.mu.Lock()
		running := j.state == oddsComputing
		j.mu.Unlock()
		if running {
			j.cancel()
			p.forget(k)
		}
	}
}

// evictDone lets go of the jobs done, to make room (p.mu held).
func (p *oddsPool) evictDone() {
	for k, j := range p.jobs {
		select {
		case <-j.ready:
			p.forget(k)
		default:
		}
	}
}

// forget drops a job from the pool's maps, and its completion (p.mu
// held).
func (p *oddsPool) forget(k oddsKey) {
	delete(p.jobs, k)
	if m := p.byFight[k.fight]; m != nil {
		delete(m, k)
		if len(m) == 0 {
			delete(p.byFight, k.fight)
		}
	}
	done := slices.DeleteFunc(p.done[k.fight], func(c completion) bool { return c.key == k })
	if len(done) == 0 {
		delete(p.done, k.fight)
	} else {
		p.done[k.fight] = done
	}
}

// moved tells the pool that fight is at version now: the jobs of its
// earlier versions are cancelled and let go.
func (p *oddsPool) moved(fight string, version int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, j := range p.byFight[fight] {
		if k.version < version {
			j.cancel()
			p.forget(k)
		}
	}
}

// work runs jobs until the pool stops: in a worker process of its own
// when the pool has a command to start one (p.process), or else on a
// thread of its own at a lower priority than the requests' (on Linux),
// which the goroutine keeps locked until it ends, and which ends with it.
func (p *oddsPool) work() {
	var child *oddsChild
	tables := make([]tableCache, 1)
	if len(p.process) > 0 {
		child = newOddsChild(p.process, p.logger)
		defer child.close()
	} else {
		runtime.LockOSThread()
		lowerThreadPriority()
	}
	for {
		// A job asked for goes before any prefetched.
		select {
		case <-p.stop:
			return
		case j := <-p.queue:
			p.run(j, child, tables)
			continue
		default:
		}
		select {
		case <-p.stop:
			return
		case j := <-p.queue:
			p.run(j, child, tables)
		case j := <-p.spare:
			p.run(j, child, tables)
		}
	}
}

// run computes a job's options one by one, each within perOption and all
// within perJob, stopping when it is cancelled: in the pool's worker
// process when it has one (child), or else here, on tables replayed
// through the worker's cache.
func (p *oddsPool) run(j *oddsJob, child *oddsChild, tables []tableCache) {
	if j.ctx.Err() != nil {
		p.finish(j)
		return
	}
	j.mu.Lock()
	j.state = oddsComputing
	j.mu.Unlock()
	req := oddsRequest{
		Header: j.header, Entries: j.entries, Actor: j.key.actor, Policy: j.key.policy,
		Commands: make([]string, len(j.options)), PerOption: p.perOption, PerJob: p.perJob,
	}
	for i, o := range j.options {
		req.Commands[i] = o.Command
	}
	if child != nil {
		if err := child.compute(j.ctx, &req, j.set); err != nil {
			p.logger.Error("odds: the worker process failed", "fight", j.key.fight, "version", j.key.version, "err", err)
			for i := range j.options {
				if j.result(i) == nil {
					j.set(i, &optionResult{reason: "not computed: the server's odds worker stopped"})
				}
			}
		}
	} else {
		computeOdds(j.ctx, p.reg, tables, j.calc, &req, p.logger, j.set)
	}
	p.finish(j)
}

// computeOdds computes the odds of req's commands, each within
// req.PerOption and all within req.PerJob, giving each its result (set)
// until ctx is done. It runs len(tables) options at a time, each runner on
// a table of its own replayed from req's record through its cache in
// tables; set may be called from any of them. The options do not depend
// on one another (each has its own share of the paths, below), so their
// odds are the same however many run at once.
func computeOdds(ctx context.Context, reg *engine.Registry, tables []tableCache, calc odds.Calculator, req *oddsRequest, logger *slog.Logger, set func(int, *optionResult)) {
	deadline := time.Now().Add(req.PerJob)
	var next atomic.Int64
	// A runner with no option left lends its processor to the estimates
	// still running (odds.Cores), so that a prompt's last long option
	// does not run on one processor while the others sit idle.
	runners := min(len(tables), len(req.Commands))
	cores := odds.NewCores(len(tables) - runners)
	run := func(cache *tableCache) {
		defer cores.Give()
		table, err := cache.replay(reg, req.Header, req.Entries)
		if err != nil {
			logger.Error("odds: replaying the fight", "fight", req.Header.ID, "entries", len(req.Entries), "err", err)
		}
		for i := int(next.Add(1)) - 1; i < len(req.Commands); i = int(next.Add(1)) - 1 {
			switch {
			case err != nil:
				set(i, &optionResult{reason: "the server failed to replay the fight for its odds"})
			case ctx.Err() != nil:
				return
			default:
				set(i, computeOption(table, calc, req, i, deadline, cores))
			}
		}
	}
	// The first runner is the caller's goroutine, whose thread may have
	// been given a lower priority; the others are goroutines of their own.
	var wg sync.WaitGroup
	for w := 1; w < runners; w++ {
		wg.Go(func() { run(&tables[w]) })
	}
	run(&tables[0])
	wg.Wait()
}

// computeOption computes the odds of req's command i on table, within
// req.PerOption and what is left before deadline, its estimate on the
// processors cores lends while it runs.
func computeOption(table engine.Table, calc odds.Calculator, req *oddsRequest, i int, deadline time.Time, cores *odds.Cores) *optionResult {
	left := time.Until(deadline)
	if left <= 0 {
		return &optionResult{reason: fmt.Sprintf("not computed: the server's budget of %s for this prompt's odds ran out", req.PerJob)}
	}
	// Each option has an even share of the menu's dice paths and past it
	// an estimate from seeded resolutions: a budget of paths, not of
	// time, so that whether an option is exact depends on the fight as
	// the asker sees it and not on the server's load (the time bounds are
	// a last resort). The menu's options do not share their paths as
	// odds.Calculator.All does (what an easy option leaves goes to the
	// hard ones): through the API that took the slowest prompts' time up
	// by half for a few options more exact.
	share := max(1, odds.MenuPaths/len(req.Commands))
	rep, err := calc.Odds(table, req.Actor, req.Commands[i], odds.Options{Policy: req.Policy, MaxPaths: share, Fallback: true, Timeout: min(req.PerOption, left), Workers: 1, Cores: cores})
	if err != nil {
		return &optionResult{reason: excerpt(err.Error(), maxDetail)}
	}
	return resultOf(rep)
}

// set records option i's result.
func (j *oddsJob) set(i int, r *optionResult) {
	j.mu.Lock()
	j.results[i] = r
	j.mu.Unlock()
}

// result returns option i's result, nil while not computed.
func (j *oddsJob) result(i int) *optionResult {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.results[i]
}

// finish marks a job done (complete, or cancelled), lets its owner start
// another, and has the fight's live streams told.
func (p *oddsPool) finish(j *oddsJob) {
	j.mu.Lock()
	j.state = oddsComplete
	if j.ctx.Err() != nil && slices.Contains(j.results, nil) {
		j.state = oddsCancelled
	}
	state := j.state
	j.mu.Unlock()
	close(j.ready)
	j.cancel()
	p.mu.Lock()
	p.active[j.owner]--
	if p.active[j.owner] <= 0 {
		delete(p.active, j.owner)
	}
	p.seq++
	if p.jobs[j.key] == j {
		p.done[j.key.fight] = append(p.done[j.key.fight], completion{seq: p.seq, key: j.key, state: state})
	}
	p.mu.Unlock()
	p.announce(j.key.fight)
}

// seqNow returns the number of jobs finished so far.
func (p *oddsPool) seqNow() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seq
}

// finished returns the jobs of fight finished after *since whose odds g's
// holder may read, and moves *since on.
func (p *oddsPool) finished(fight string, g store.Grant, since *uint64) []completion {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []completion
	for _, c := range p.done[fight] {
		if c.seq > *since && (g.GM || (seat(g) != "" && c.key.actor == seat(g))) {
			out = append(out, c)
		}
	}
	*since = p.seq
	return out
}

// snapshot returns what a job has computed: its state and each option's
// result so far.
func (j *oddsJob) snapshot() (string, []*optionResult) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.state, slices.Clone(j.results)
}

// OddsInput asks for the exact odds of the current prompt's options.
type OddsInput struct {
	Auth
	ID     string `path:"id" maxLength:"200"`
	Policy string `query:"policy" maxLength:"100" doc:"the policy that answers the prompts met while resolving each option (default: the ruleset's)"`
	Actor  string `query:"actor" maxLength:"200" doc:"for the GM: whose options, the prompt's actor (the default) or one of its others; a combatant the fight does not have is 422 unknown-actor"`
	WaitMS int    `query:"wait_ms" minimum:"0" maximum:"10000" default:"1000" doc:"how long to wait for the odds of every option, in milliseconds, before answering with those computed so far (status computing); 0 answers at once"`
	// AcceptEncoding says whether the client takes a gzipped answer.
	AcceptEncoding string `header:"Accept-Encoding" maxLength:"1000"`
}

// OddsOutput is the odds of the prompt's options computed so far: an
// OddsBody, written by oddsBody.
type OddsOutput struct {
	ContentType     string `header:"Content-Type"`
	ContentEncoding string `header:"Content-Encoding"`
	Vary            string `header:"Vary"`
	Body            []byte
}

// OddsBody is the odds of the prompt's options computed so far.
type OddsBody struct {
	Version int64 `json:"version"`
	// Status is complete when every option has its odds (or its reason
	// for none), computing while some are being computed, cancelled when
	// the fight moved on first.
	Status string `json:"status" enum:"queued,computing,complete,cancelled" doc:"complete: every option has its odds or a reason for none; queued or computing: some are still to come (the live stream sends an odds message when they are all there); cancelled: the fight moved on first"`
	// Menu holds the options whose odds are computed, ranked.
	Menu odds.MenuJSON `json:"menu" doc:"the options whose odds are computed, the most telling first"`
	// Pending lists the options whose odds are still to come.
	Pending []OddsOption `json:"pending" doc:"the options whose odds are still to come"`
	// Refused lists the options that have no odds, with why.
	Refused []OddsOption `json:"refused" doc:"the options without odds, each with why (a budget run out, a command the odds cannot follow)"`
}

// OddsOption is an option without odds (yet).
type OddsOption struct {
	Command string `json:"command"`
	Label   string `json:"label"`
	Reason  string `json:"reason,omitempty"`
}

// registerOdds adds the odds operation.
func (s *Server) registerOdds(bearer []map[string][]string) {
	huma.Register(s.api, huma.Operation{
		OperationID: "get-odds", Method: http.MethodGet, Path: "/fights/{id}/odds",
		Summary: "The odds of the current prompt's options, each exact, partial, estimated or refused",
		Description: "For the GM, or for a player whose prompt it is. A player's odds are computed on what the player's view holds (a tempo feint seen as the attack it appears to be), so they are the same for any two states the player sees alike. " +
			"The odds are computed once per fight version, actor and policy, in a pool of workers shared by every fight, option by option: the answer holds those computed within wait_ms (status computing while some are still to come; the live stream sends an odds message when all are there). " +
			"429 when the token asks too often or has odds being computed already; 503 with Retry-After when the server's odds queue is full.",
		Security: bearer, Tags: []string{"fights"},
		// The body is written by oddsBody, not by the API's encoder: it
		// is an OddsBody.
		Responses: map[string]*huma.Response{
			"200": {
				Description: "OK",
				Content: map[string]*huma.MediaType{"application/json": {
					Schema: s.api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[OddsBody](), true, "OddsBody"),
				}},
			},
		},
	}, s.odds)
}

// odds answers the odds of the current prompt's options, computed in the
// pool: what is ready within the wait.
func (s *Server) odds(ctx context.Context, in *OddsInput) (*OddsOutput, error) {
	g, err := s.grantFor(ctx, in.Auth, in.ID)
	if err != nil {
		return nil, err
	}
	if s.cfg.Odds == nil {
		return nil, problem(http.StatusNotImplemented, "no-odds", "this server computes no odds")
	}
	// The rate of odds requests is checked by the Handler, before this.
	owner := hashToken(in.token())
	var job *oddsJob
	err = s.withLive(ctx, in.ID, func(l *live) error {
		f, t := l.fight, l.fight.Table()
		pr := t.Prompt()
		if pr.Kind == engine.End {
			return problem(http.StatusConflict, "over", "the fight is over")
		}
		actor := pr.Actor
		if g.GM && in.Actor != "" {
			if !isActor(t, in.Actor) {
				return unknownActor(in.Actor, "query.actor")
			}
			if !pr.Accepts(in.Actor) {
				return problem(http.StatusUnprocessableEntity, "invalid", "%s may not answer the prompt: it is %s's", in.Actor, pr.Actor)
			}
			actor = in.Actor
		}
		if !g.GM {
			if in.Actor != "" && !actsFor(g, in.Actor) {
				// A player's odds are their own: naming another is
				// refused, as it is for the options.
				return notYours(g, in.Actor)
			}
			if seat(g) == "" || !pr.Accepts(seat(g)) {
				return problem(http.StatusForbidden, "not-yours", "odds are for the one deciding: the prompt is %s's", pr.Actor)
			}
			// The odds are computed on the player's view (the odds
			// Calculator reads the fight as its actor sees it), so they
			// are a function of what the player knows: a secret neither
			// shows in them nor, by their absence, betrays itself.
			actor = seat(g)
		}
		calc, err := s.cfg.Odds(t.Ruleset())
		if err != nil {
			return problem(http.StatusNotImplemented, "no-odds", "%v", err)
		}
		policies := calc.Policies()
		policy := in.Policy
		if policy == "" && len(policies) > 0 {
			policy = policies[0]
		}
		if !slices.Contains(policies, policy) {
			return problem(http.StatusUnprocessableEntity, "invalid", "no %s policy %q (known: %v)", t.Ruleset(), in.Policy, policies)
		}
		job = s.oddsJobOf(in.ID, f, calc, actor, policy, owner)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if job.ready == nil {
		job, err = s.oddsPool.submit(job)
		switch {
		case errors.Is(err, errOwnerBusy):
			return nil, busy(http.StatusTooManyRequests, "rate-limit", time.Second, "%v: ask again when they are ready (the live stream says when)", err)
		case errors.Is(err, errBusy):
			return nil, busy(http.StatusServiceUnavailable, "busy", time.Second, "%v: try again in a moment", err)
		case err != nil:
			return nil, err
		}
		// Should the fight have moved on since its record was read, the
		// job is cancelled at once, as if it had moved after.
		if latest := s.hub.latest(in.ID); latest > job.key.version {
			s.oddsPool.moved(in.ID, latest)
		}
	}
	if in.WaitMS > 0 {
		wait := time.NewTimer(time.Duration(in.WaitMS) * time.Millisecond)
		defer wait.Stop()
		select {
		case <-job.ready:
		case <-wait.C:
		case <-ctx.Done():
		}
	}
	body, err := oddsBody(job)
	if err != nil {
		return nil, fmt.Errorf("fight %s: %w", in.ID, err)
	}
	out := &OddsOutput{ContentType: "application/json", Vary: "Accept-Encoding", Body: body}
	if len(body) >= gzipFrom && acceptsGzip(in.AcceptEncoding) {
		if zipped, err := gzipped(body); err == nil {
			out.ContentEncoding, out.Body = "gzip", zipped
		}
	}
	return out, nil
}

// oddsJobOf returns the job of the odds of actor's options in fight id
// (f, under its lock) with policy: the pool's, when it has one, else a
// new one for owner, to be submitted.
func (s *Server) oddsJobOf(id string, f *store.Fight, calc odds.Calculator, actor, policy, owner string) *oddsJob {
	key := oddsKey{fight: id, version: f.Version(), actor: actor, policy: policy}
	if job := s.oddsPool.lookup(key); job != nil {
		return job
	}
	t := f.Table()
	v := engine.Viewer{Combatant: actor}
	if actor == engine.GM {
		v = engine.Everyone
	}
	p := t.PromptAs(v, actor)
	return &oddsJob{
		key: key, owner: owner, calc: calc, ruleset: t.Ruleset(),
		header: f.Header(), entries: slices.Clone(f.Entries()),
		question: p.Question, options: p.Options,
	}
}

// prefetchOdds starts computing the odds of the prompt fight id (f, under
// its lock) has reached, for the one it asks, with the default policy,
// before anyone asks for them: by the time the player (or the GM) looks,
// they are there. It is the odds a read of the prompt's actor, or of the
// GM without another actor, would start; it counts against no token, and
// never keeps odds asked for waiting (see oddsPool.prefetch and yield).
func (s *Server) prefetchOdds(id string, f *store.Fight) {
	if s.cfg.Odds == nil {
		return
	}
	t := f.Table()
	pr := t.Prompt()
	if pr.Kind == engine.End || len(pr.Options) == 0 {
		return
	}
	calc, err := s.cfg.Odds(t.Ruleset())
	if err != nil {
		return
	}
	policies := calc.Policies()
	if len(policies) == 0 {
		return
	}
	if j := s.oddsJobOf(id, f, calc, pr.Actor, policies[0], ""); j.ready == nil {
		s.oddsPool.prefetch(j)
	}
}

// busy is a refusal for want of room, with Retry-After.
func busy(status int, code string, wait time.Duration, format string, args ...any) *Problem {
	p := problem(status, code, format, args...)
	p.retryAfter = retryAfter(wait)
	return p
}

// ReserveOddsProcs is for a program that runs a Server as its main work
// (fray serve, fray-load): it returns how many odds workers to give it
// (Config.OddsWorkers: one fewer than the processors Go uses, at least
// one) and raises the process's GOMAXPROCS by as many, so that the
// workers' computations never hold a processor of Go's scheduler that a
// request is waiting for: the kernel shares the cores among the threads,
// and prefers the requests' (the workers' threads run at a lower
// priority, on Linux). restore puts GOMAXPROCS back.
func ReserveOddsProcs() (workers int, restore func()) {
	procs := runtime.GOMAXPROCS(0)
	workers = max(1, procs-1)
	runtime.GOMAXPROCS(procs + workers)
	return workers, func() { runtime.GOMAXPROCS(procs) }
}
