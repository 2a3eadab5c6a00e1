package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fray/engine"
	"fray/odds"
	"fray/server"
)

// gatedCalc is a real calculator whose computations wait for a gate: a
// test holds the odds pool's workers busy for as long as it needs.
type gatedCalc struct {
	gate    chan struct{}
	slow    string      // a command whose computation waits (every one when "")
	entered chan string // each computation's command as it starts waiting
	open    func()      // opens the gate (once)

	running, most atomic.Int32
	mu            sync.Mutex
	calls         map[string]int // by ruleset and version: "reference@0"
}

// gated is a calculator of the server's, whose computations g gates.
type gated struct {
	odds.Calculator
	g *gatedCalc
}

func (c gated) Odds(t engine.Table, actor, command string, o odds.Options) (*odds.Report, error) {
	defer c.g.busy()()
	c.g.hold(t, command)
	return c.Calculator.Odds(t, actor, command, o)
}

// busy counts a computation running, keeping the most at once, until the
// function it returns is called.
func (g *gatedCalc) busy() func() {
	n := g.running.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			break
		}
	}
	return func() { g.running.Add(-1) }
}

// hold counts an option of t's computed and, when it is one the gate
// holds, waits for the gate.
func (g *gatedCalc) hold(t engine.Table, command string) {
	g.mu.Lock()
	g.calls[fmt.Sprintf("%s@%d", t.Ruleset(), t.Len())]++
	g.mu.Unlock()
	if g.slow == "" || command == g.slow {
		select {
		case g.entered <- command:
		default:
		}
		<-g.gate
	}
}

// callsOf returns how many options were computed for a ruleset's fight at
// a number of decisions.
func (g *gatedCalc) callsOf(ruleset string, decisions int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.calls[fmt.Sprintf("%s@%d", ruleset, decisions)]
}

// gatedServer serves with gated calculators and the odds pool's limits.
func gatedServer(t *testing.T, slow string, tweak func(*server.Config)) (*client, *gatedCalc) {
	t.Helper()
	g := &gatedCalc{gate: make(chan struct{}), slow: slow, entered: make(chan string, 100), calls: map[string]int{}}
	var once sync.Once
	g.open = func() { once.Do(func() { close(g.gate) }) }
	c := startServer(t, backendCases[0].open(t)(), func(cfg *server.Config) {
		_, real := catalog(t)
		cfg.Odds = func(id string) (odds.Calculator, error) {
			calc, err := real(id)
			if err != nil {
				return nil, err
			}
			return gated{calc, g}, nil
		}
		if tweak != nil {
			tweak(cfg)
		}
	})
	// Cleanups run last first: the gate opens before the server closes.
	t.Cleanup(g.open)
	return c, g
}

// oddsAnswer is what the tests read of GET .../odds.
type oddsAnswer struct {
	Version int64  `json:"version"`
	Status  string `json:"status"`
	Menu    struct {
		Options []struct {
			Command string  `json:"command"`
			Hit     float64 `json:"hit"`
		} `json:"options"`
	} `json:"menu"`
	Pending []struct{ Command string }         `json:"pending"`
	Refused []struct{ Command, Reason string } `json:"refused"`
}

// oddsOf reads the odds of a fight's prompt, waiting up to wait.
func (c *client) oddsOf(t *testing.T, f created, token string, wait time.Duration) (reply, oddsAnswer) {
	t.Helper()
	r := c.do("GET", "/fights/"+f.ID+"/odds?wait_ms="+strconv.Itoa(int(wait/time.Millisecond)), token, nil)
	var a oddsAnswer
	if r.status == http.StatusOK {
		r.decode(t, &a)
	}
	return r, a
}

// TestOddsDoNotStarveDecisions holds the odds pool's one worker busy and
// fills its queue: more odds are refused (503 with Retry-After) rather
// than queued without end, a token may not start a second computation
// while its first is queued (429), and decisions go on meanwhile, in
// other fights and in the very fight whose odds are being computed (no
// fight's lock is held by its odds). The odds of a fight that moved on
// are cancelled: nothing more of them is computed.
func TestOddsDoNotStarveDecisions(t *testing.T) {
	c, g := gatedServer(t, "", func(cfg *server.Config) { cfg.OddsWorkers, cfg.OddsQueue, cfg.OddsPerToken = 1, 1, 1 })
	a := c.create("reference_skirmish") // 5 options at its first prompt
	b := c.create("duel")
	d := c.create("pistols_at_dawn")
	e := c.create("alley_fight")

	r, ans := c.oddsOf(t, a, a.GMToken, 0)
	if r.status != http.StatusOK || (ans.Status != "queued" && ans.Status != "computing") || len(ans.Pending) != 5 || len(ans.Menu.Options) != 0 {
		t.Fatalf("the first odds: %d %s", r.status, r.body)
	}
	select {
	case <-g.entered: // the worker is computing a's first option, held at the gate
	case <-time.After(10 * time.Second):
		t.Fatal("the worker did not start")
	}
	if r, ans := c.oddsOf(t, b, b.GMToken, 0); r.status != http.StatusOK || ans.Status != "queued" {
		t.Fatalf("odds queued behind the first: %d %s", r.status, r.body)
	}
	r, _ = c.oddsOf(t, d, d.GMToken, 0)
	isProblem(t, "odds past the queue", r, http.StatusServiceUnavailable)
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("no Retry-After on 503: %q", r.header.Get("Retry-After"))
	}
	// The same odds again share the job: no refusal, no second computation.
	if r, ans := c.oddsOf(t, a, a.GMToken, 0); r.status != http.StatusOK || len(ans.Pending) != 5 {
		t.Errorf("the same odds again: %d %s", r.status, r.body)
	}
	// Another computation for a token with one under way is refused (the
	// same prompt's odds under another policy), and an unknown policy is
	// refused as such.
	r = c.do("GET", "/fights/"+a.ID+"/odds?wait_ms=0&policy="+engine.RandomPolicy, a.GMToken, nil)
	isProblem(t, "a second computation for one token", r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After on 429")
	}
	r = c.do("GET", "/fights/"+a.ID+"/odds?wait_ms=0&policy=nonsense", a.GMToken, nil)
	isProblem(t, "an unknown policy", r, http.StatusUnprocessableEntity)

	// Decisions go on while the pool is saturated: in another fight...
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.play(e, 5)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("decisions of another fight did not complete while the odds pool was full")
	}
	if v := c.read(e, e.GMToken); v.Version < 5 {
		t.Fatalf("the other fight is at version %d after 5 decisions", v.Version)
	}
	// ...and in the fight whose odds are being computed.
	c.play(a, 1)
	if v := c.read(a, a.GMToken); v.Version != 1 {
		t.Fatalf("fight a at version %d after its decision", v.Version)
	}
	// Its odds at version 0 are cancelled: once the gate opens, the option
	// being computed finishes and no other is started.
	g.open()
	r, ans = c.oddsOf(t, b, b.GMToken, 10*time.Second)
	if r.status != http.StatusOK || ans.Status != "complete" || len(ans.Pending) != 0 || len(ans.Menu.Options)+len(ans.Refused) != 1 {
		t.Fatalf("the queued odds, once the worker is free: %d %s", r.status, r.body)
	}
	if n := g.callsOf("reference", 0); n != 1 {
		t.Errorf("%d options of the cancelled odds computed, want the 1 in progress", n)
	}
	if most := g.most.Load(); most != 1 {
		t.Errorf("%d computations at once with one worker", most)
	}
	r, ans = c.oddsOf(t, a, a.GMToken, 10*time.Second)
	if r.status != http.StatusOK || ans.Version != 1 || ans.Status != "complete" {
		t.Errorf("the odds of fight a's new version: %d %s", r.status, r.body)
	}
}

// TestOddsAsTheyCome: a read answers with the options computed so far
// without waiting for the slowest; the live stream says when they are all
// there; they are computed once per version (a second read computes
// nothing); a token asking too often is answered 429 with Retry-After.
func TestOddsAsTheyCome(t *testing.T) {
	c, g := gatedServer(t, "feint bob", func(cfg *server.Config) { cfg.OddsRate, cfg.OddsBurst = 0.01, 2 })
	f := c.create("reference_skirmish")
	s := c.follow(f, f.GMToken, "")
	defer s.cancel()
	r, ans := c.oddsOf(t, f, f.GMToken, 300*time.Millisecond)
	if r.status != http.StatusOK || ans.Status != "computing" {
		t.Fatalf("odds with one option held: %d %s", r.status, r.body)
	}
	if len(ans.Pending) == 0 || ans.Pending[0].Command != "feint bob" {
		t.Errorf("pending %+v, want feint bob", ans.Pending)
	}
	if len(ans.Menu.Options) == 0 {
		t.Errorf("no option's odds while one is held: %s", r.body)
	}
	g.open()
	e := s.next(t)
	var ready server.OddsReady
	if err := json.Unmarshal(e.data, &ready); err != nil || e.name != "odds" || e.id != "" || ready.Version != 0 || ready.Status != "complete" || ready.Actor != "ann" {
		t.Fatalf("the stream's message: %q %q %s", e.name, e.id, e.data)
	}
	calls := g.callsOf("reference", 0)
	r, ans = c.oddsOf(t, f, f.GMToken, 0)
	if r.status != http.StatusOK || ans.Status != "complete" || len(ans.Menu.Options)+len(ans.Refused) != 5 || len(ans.Pending) != 0 {
		t.Fatalf("the odds once ready: %d %s", r.status, r.body)
	}
	if again := g.callsOf("reference", 0); again != calls || calls != 5 {
		t.Errorf("%d computations, then %d after another read; want 5 and 5", calls, again)
	}
	r, _ = c.oddsOf(t, f, f.GMToken, 0)
	isProblem(t, "a third odds request at once with a burst of 2", r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After on 429")
	}
}

// TestOddsPrefetched: a decision starts the odds of the prompt it leads
// to before anyone asks (the stream says when they are there, and a read
// finds them computed, computing nothing again); odds asked for stop the
// prefetched job being computed after its current option, and go first.
func TestOddsPrefetched(t *testing.T) {
	c, g := gatedServer(t, "", nil)
	f := c.create("reference_skirmish")
	c.play(f, 1) // the GM begins: the first turn's prompt
	v := c.read(f, f.GMToken)
	n := len(v.Prompt.Options)
	select {
	case <-g.entered: // the prefetched job's first option, held at the gate
	case <-time.After(10 * time.Second):
		t.Fatal("no odds were started after the decision")
	}
	// Odds asked for under another policy: the prefetched job stops after
	// the option it holds, and the one asked for is computed.
	random := "/fights/" + f.ID + "/odds?policy=" + engine.RandomPolicy
	if r := c.do("GET", random+"&wait_ms=0", f.GMToken, nil); r.status != http.StatusOK {
		t.Fatalf("odds under the random policy: %d %s", r.status, r.body)
	}
	g.open()
	var ans oddsAnswer
	r := c.do("GET", random+"&wait_ms=10000", f.GMToken, nil)
	if r.decode(t, &ans); r.status != http.StatusOK || ans.Status != "complete" {
		t.Fatalf("odds under the random policy: %d %s", r.status, r.body)
	}
	if calls := g.callsOf("reference", 1); calls != n+1 {
		t.Errorf("%d options computed, want %d of the odds asked for and the 1 the prefetched job held", calls, n+1)
	}
	// The prefetched odds were let go: a read computes them again.
	if r, ans := c.oddsOf(t, f, f.GMToken, 10*time.Second); r.status != http.StatusOK || ans.Status != "complete" {
		t.Fatalf("the default odds: %d %s", r.status, r.body)
	}
	if calls := g.callsOf("reference", 1); calls != 2*n+1 {
		t.Errorf("%d options computed after the default odds were read, want %d", calls, 2*n+1)
	}

	// Another fight, the gate open: the prefetched odds are there before
	// anyone asks, and the stream says so.
	f = c.create("reference_skirmish")
	s := c.follow(f, f.GMToken, "")
	defer s.cancel()
	c.play(f, 1)
	v = c.read(f, f.GMToken)
	for {
		e := s.next(t)
		if e.name != "odds" {
			continue
		}
		var ready server.OddsReady
		if err := json.Unmarshal(e.data, &ready); err != nil {
			t.Fatal(err)
		}
		if ready.Version != v.Version || ready.Actor != v.Prompt.Actor || ready.Status != "complete" {
			t.Fatalf("the stream's odds message: %s", e.data)
		}
		break
	}
	calls := g.callsOf("reference", 1)
	r, ans = c.oddsOf(t, f, f.GMToken, 0)
	if r.status != http.StatusOK || ans.Status != "complete" || len(ans.Pending) != 0 || ans.Version != v.Version {
		t.Fatalf("the prefetched odds: %d %s", r.status, r.body)
	}
	if again := g.callsOf("reference", 1); again != calls || calls != 2*n+1+len(v.Prompt.Options) {
		t.Errorf("%d options computed, then %d after a read; want %d and no more", calls, again, 2*n+1+len(v.Prompt.Options))
	}
}

// TestOddsGzipped: a large odds answer is sent gzipped to a client that
// takes it, the same answer once unzipped; a small one, or one to a client
// that does not, is sent as it is.
func TestOddsGzipped(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	var plain reply
	for range 12 { // to a prompt whose full odds are large
		plain = c.do("GET", "/fights/"+f.ID+"/odds?wait_ms=10000", f.GMToken, nil)
		if plain.status != http.StatusOK || len(plain.body) >= 64<<10 {
			break
		}
		c.play(f, 1)
	}
	if plain.status != http.StatusOK || len(plain.body) < 64<<10 {
		t.Fatalf("the odds: %d, %d bytes", plain.status, len(plain.body))
	}
	get := func(encoding string) (*http.Response, []byte) {
		req, err := http.NewRequest("GET", c.base+"/fights/"+f.ID+"/odds?wait_ms=0", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+f.GMToken)
		req.Header.Set("Accept-Encoding", encoding)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, data
	}
	resp, zipped := get("gzip, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Vary") != "Accept-Encoding" || len(zipped) >= len(plain.body)/4 {
		t.Fatalf("asked with gzip: %q, vary %q, %d bytes of %d", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"), len(zipped), len(plain.body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(unzipped, plain.body) {
		t.Errorf("unzipped, the answer differs (%v)", err)
	}
	if resp, data := get("identity"); resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(data, plain.body) {
		t.Errorf("asked without gzip: %q, %d bytes", resp.Header.Get("Content-Encoding"), len(data))
	}
}
