// Package loadgen plays many fights at once against a fray server over
// HTTP, each with random legal decisions made with the token of whoever
// decides, and measures the decisions' latency.
package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options say what load to make.
type Options struct {
	// URL is the server's base URL, such as http://127.0.0.1:8080.
	URL string
	// Token is the server's creation token, which creating fights needs
	// (none for a server run with --open).
	Token string
	// Fights is how many fights are played at once (default 200).
	Fights int
	// Encounters are the bundled encounters the fights start from, in
	// turn (default alley_fight, brawl, reference_skirmish).
	Encounters []string
	// Decisions is the most decisions one fight makes before it stops
	// (default 60); a fight that ends sooner starts again.
	Decisions int
	// Duration is how long the load runs (default 10 s).
	Duration time.Duration
	// Think is how long a table waits between reading a prompt and
	// answering it on average: the time people take (default 0). Each wait
	// is drawn uniformly between half and one and a half times Think, and
	// each table starts after a wait drawn between none and Think, so that
	// tables do not answer in step.
	Think time.Duration
	// Streams is how many live streams each table follows (the GM's, then
	// each combatant's player's, in turn), reading every message; with any,
	// a table reads the fight again only once each of its streams has
	// delivered its last decision, as the tracker page does.
	Streams int
	// Odds is how many odds flooders run beside the tables, each with a
	// fight and a token of its own: it asks for the odds of its fight's
	// prompt without waiting (wait_ms=0), again every OddsEvery until they
	// are all there, then decides (so that the next prompt's odds are to
	// be computed) and asks again. Their decisions are not counted among
	// the tables'; what the server answered them is (OddsStatuses).
	Odds int
	// OddsEvery is how long a flooder waits between its requests (default
	// 5 ms): the flood is bounded by it and by the flooders' number.
	OddsEvery time.Duration
	// OddsEncounters are the bundled encounters the flooders' fights
	// start from, in turn (default reference_skirmish, pistols_at_dawn,
	// duel: prompts of several options each).
	OddsEncounters []string
	// Seed seeds the random choices.
	Seed uint64
	// Client makes the requests (default: one with a connection per fight).
	Client *http.Client
}

// Report is what a run measured.
type Report struct {
	Fights    int           `json:"fights"`
	Decisions int           `json:"decisions"`
	Conflicts int           `json:"conflicts"`
	Errors    int           `json:"errors"`
	Elapsed   time.Duration `json:"elapsed"`
	// PerSecond is decisions a second.
	PerSecond float64 `json:"per_second"`
	// P50 and P99 are the latencies of the decisions (the POST alone).
	P50 time.Duration `json:"p50"`
	P99 time.Duration `json:"p99"`
	// ReadP50 and ReadP99 are those of reading the fight before deciding.
	ReadP50 time.Duration `json:"read_p50"`
	ReadP99 time.Duration `json:"read_p99"`
	// Streams is the live streams each table followed; DeliveredP50 and
	// DeliveredP99 are the times from sending a decision to its last
	// stream's message about it.
	Streams      int           `json:"streams,omitempty"`
	DeliveredP50 time.Duration `json:"delivered_p50,omitempty"`
	DeliveredP99 time.Duration `json:"delivered_p99,omitempty"`
	// CPU is the CPU time (user and system) the process running the
	// server used per decision, when the caller can tell it (fray-load
	// does for the server it starts, with the load in the same process).
	CPU time.Duration `json:"cpu_per_decision,omitempty"`
	// OddsRequests is how many odds requests the flooders sent, and
	// OddsStatuses how many got each status (200, 429, 503...);
	// OddsComplete how many answers had every option's odds.
	OddsRequests int         `json:"odds_requests,omitempty"`
	OddsStatuses map[int]int `json:"odds_statuses,omitempty"`
	OddsComplete int         `json:"odds_complete,omitempty"`
	// FirstError is the first error met, if any.
	FirstError string `json:"first_error,omitempty"`
	// Latencies are the decisions' latencies, sorted: for merging the
	// reports of several runs (Merge).
	Latencies []time.Duration `json:"-"`
}

// Merge returns the report of runs made one after another as one: counts
// added, latencies' quantiles over all the runs' decisions (the reads' and
// deliveries' are the worst of the runs').
func Merge(reps ...Report) Report {
	var out Report
	for _, r := range reps {
		out.Fights = max(out.Fights, r.Fights)
		out.Decisions += r.Decisions
		out.Conflicts += r.Conflicts
		out.Errors += r.Errors
		out.Elapsed += r.Elapsed
		out.ReadP50, out.ReadP99 = max(out.ReadP50, r.ReadP50), max(out.ReadP99, r.ReadP99)
		out.Streams = r.Streams
		out.DeliveredP50, out.DeliveredP99 = max(out.DeliveredP50, r.DeliveredP50), max(out.DeliveredP99, r.DeliveredP99)
		out.OddsRequests += r.OddsRequests
		out.OddsComplete += r.OddsComplete
		for c, n := range r.OddsStatuses {
			if out.OddsStatuses == nil {
				out.OddsStatuses = map[int]int{}
			}
			out.OddsStatuses[c] += n
		}
		if out.FirstError == "" {
			out.FirstError = r.FirstError
		}
		out.Latencies = append(out.Latencies, r.Latencies...)
	}
	if out.Elapsed > 0 {
		out.PerSecond = float64(out.Decisions) / out.Elapsed.Seconds()
	}
	out.P50, out.P99 = quantile(out.Latencies, 0.50), quantile(out.Latencies, 0.99)
	return out
}

// String writes the report on one line.
func (r Report) String() string {
	streams := ""
	if r.Streams > 0 {
		streams = fmt.Sprintf("; %d streams a table, delivered p50 %.2f ms, p99 %.2f ms", r.Streams, ms(r.DeliveredP50), ms(r.DeliveredP99))
	}
	if r.CPU > 0 {
		streams += fmt.Sprintf("; %.2f ms of CPU a decision", ms(r.CPU))
	}
	if r.OddsRequests > 0 {
		codes := slices.Sorted(maps.Keys(r.OddsStatuses))
		var parts []string
		for _, c := range codes {
			parts = append(parts, fmt.Sprintf("%d× %d", r.OddsStatuses[c], c))
		}
		streams += fmt.Sprintf("; %d odds requests beside (%s; %d complete)", r.OddsRequests, strings.Join(parts, ", "), r.OddsComplete)
	}
	return fmt.Sprintf("%d fights, %d decisions in %.1f s: %.0f decisions/s; decision p50 %.2f ms, p99 %.2f ms; read p50 %.2f ms, p99 %.2f ms%s; %d conflicts, %d errors",
		r.Fights, r.Decisions, r.Elapsed.Seconds(), r.PerSecond, ms(r.P50), ms(r.P99), ms(r.ReadP50), ms(r.ReadP99), streams, r.Conflicts, r.Errors)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Run makes the load and reports it.
func Run(ctx context.Context, o Options) (Report, error) {
	if o.URL == "" {
		return Report{}, errors.New("loadgen: no server URL")
	}
	if o.Fights <= 0 {
		o.Fights = 200
	}
	if len(o.Encounters) == 0 {
		o.Encounters = []string{"alley_fight", "brawl", "reference_skirmish"}
	}
	if o.Decisions <= 0 {
		o.Decisions = 60
	}
	if o.Duration <= 0 {
		o.Duration = 10 * time.Second
	}
	if o.Client == nil {
		// No overall timeout: the live streams last as long as their
		// fights; the load's context bounds everything.
		o.Client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.Fights, MaxIdleConns: o.Fights}}
	}
	ctx, cancel := context.WithTimeout(ctx, o.Duration)
	defer cancel()
	var (
		mu        sync.Mutex
		rep       = Report{Fights: o.Fights, Streams: o.Streams}
		writes    []time.Duration
		reads     []time.Duration
		delivered []time.Duration
	)
	if o.OddsEvery <= 0 {
		o.OddsEvery = 5 * time.Millisecond
	}
	if len(o.OddsEncounters) == 0 {
		o.OddsEncounters = []string{"reference_skirmish", "pistols_at_dawn", "duel"}
	}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range o.Odds {
		wg.Go(func() {
			t := &table{o: o, rng: rand.New(rand.NewPCG(o.Seed, uint64(o.Fights+i))), enc: o.OddsEncounters[i%len(o.OddsEncounters)]}
			fl := t.flood(ctx)
			mu.Lock()
			defer mu.Unlock()
			rep.OddsRequests += fl.requests
			rep.OddsComplete += fl.complete
			if rep.OddsStatuses == nil {
				rep.OddsStatuses = map[int]int{}
			}
			for c, n := range fl.statuses {
				rep.OddsStatuses[c] += n
			}
			rep.Errors += t.errors
			if rep.FirstError == "" && t.firstErr != nil {
				rep.FirstError = t.firstErr.Error()
			}
		})
	}
	for i := range o.Fights {
		wg.Go(func() {
			t := &table{o: o, rng: rand.New(rand.NewPCG(o.Seed, uint64(i))), enc: o.Encounters[i%len(o.Encounters)]}
			t.play(ctx)
			mu.Lock()
			defer mu.Unlock()
			rep.Decisions += len(t.writes)
			rep.Conflicts += t.conflicts
			rep.Errors += t.errors
			if rep.FirstError == "" && t.firstErr != nil {
				rep.FirstError = t.firstErr.Error()
			}
			writes = append(writes, t.writes...)
			reads = append(reads, t.reads...)
			delivered = append(delivered, t.delivered...)
		})
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	rep.PerSecond = float64(rep.Decisions) / rep.Elapsed.Seconds()
	rep.P50, rep.P99 = quantile(writes, 0.50), quantile(writes, 0.99)
	rep.Latencies = writes
	rep.ReadP50, rep.ReadP99 = quantile(reads, 0.50), quantile(reads, 0.99)
	rep.DeliveredP50, rep.DeliveredP99 = quantile(delivered, 0.50), quantile(delivered, 0.99)
	return rep, nil
}

// quantile returns the q quantile of ds (sorting them).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(float64(len(ds))*q))]
}

// table is one fight being played.
type table struct {
	o         Options
	rng       *rand.Rand
	enc       string
	writes    []time.Duration
	reads     []time.Duration
	delivered []time.Duration
	conflicts int
	errors    int
	firstErr  error
}

// fail counts an error.
func (t *table) fail(err error) {
	t.errors++
	if t.firstErr == nil {
		t.firstErr = err
	}
}

// created is the answer to creating a fight.
type created struct {
	ID      string `json:"id"`
	GMToken string `json:"gm_token"`
	Players []struct {
		Combatant string `json:"combatant"`
		Token     string `json:"token"`
	} `json:"players"`
}

// fightView is what the table reads of a fight.
type fightView struct {
	Version int64 `json:"version"`
	Prompt  struct {
		Kind    string `json:"kind"`
		Actor   string `json:"actor"`
		Options []struct {
			Command string `json:"command"`
		} `json:"options"`
		Default int `json:"default"`
	} `json:"prompt"`
}

// play creates fights and plays them until ctx is done. With a think
// time, the table first waits a random part of it, so that tables do not
// all start in the same instant.
func (t *table) play(ctx context.Context) {
	if t.o.Think > 0 {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Duration(t.rng.Int64N(int64(t.o.Think)))):
		}
	}
	for ctx.Err() == nil {
		var f created
		if status, err := t.call(ctx, "POST", "/fights", t.o.Token, map[string]string{"bundled": t.enc}, &f); err != nil || status != http.StatusCreated {
			if ctx.Err() == nil {
				t.fail(fmt.Errorf("creating a fight: %d %v", status, err))
			}
			return
		}
		if !t.fight(ctx, f) {
			return
		}
	}
}

// fight plays one fight until it ends, has made its decisions or ctx is
// done; false to stop playing.
func (t *table) fight(ctx context.Context, f created) bool {
	tokens := map[string]string{"gm": f.GMToken}
	seats := []string{f.GMToken}
	for _, p := range f.Players {
		tokens[p.Combatant] = p.Token
		seats = append(seats, p.Token)
	}
	var streams []*stream
	defer func() {
		for _, s := range streams {
			s.close()
		}
	}()
	for i := range t.o.Streams {
		s, err := t.follow(ctx, f.ID, seats[i%len(seats)])
		if err != nil {
			if ctx.Err() == nil {
				t.fail(err)
			}
			return false
		}
		streams = append(streams, s)
	}
	for range t.o.Decisions {
		var v fightView
		began := time.Now()
		status, err := t.call(ctx, "GET", "/fights/"+f.ID, f.GMToken, nil, &v)
		if ctx.Err() != nil {
			return false
		}
		if err != nil || status != http.StatusOK {
			t.fail(fmt.Errorf("reading: %d %v", status, err))
			return false
		}
		t.reads = append(t.reads, time.Since(began))
		if v.Prompt.Kind == "end" || len(v.Prompt.Options) == 0 {
			return true
		}
		i := t.rng.IntN(len(v.Prompt.Options))
		if v.Prompt.Kind == "ruling" && v.Prompt.Default >= 0 {
			i = v.Prompt.Default
		}
		if t.o.Think > 0 {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(t.o.Think/2 + time.Duration(t.rng.Int64N(int64(t.o.Think)))):
			}
		}
		token := tokens[v.Prompt.Actor]
		if token == "" {
			token = f.GMToken
		}
		body := map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[i].Command}
		var d struct {
			Version int64 `json:"version"`
		}
		var answer any
		if len(streams) > 0 {
			answer = &d
		}
		began = time.Now()
		status, err = t.call(ctx, "POST", "/fights/"+f.ID+"/decisions", token, body, answer)
		if ctx.Err() != nil {
			return false
		}
		switch {
		case err != nil:
			t.fail(err)
			return false
		case status == http.StatusOK:
			t.writes = append(t.writes, time.Since(began))
		case status == http.StatusConflict:
			t.conflicts++
			continue
		default:
			t.fail(fmt.Errorf("deciding %q: %d", v.Prompt.Options[i].Command, status))
			continue
		}
		for _, s := range streams {
			if err := s.await(ctx, d.Version); err != nil {
				if ctx.Err() == nil {
					t.fail(err)
				}
				return false
			}
		}
		if len(streams) > 0 {
			t.delivered = append(t.delivered, time.Since(began))
		}
	}
	return true
}

// flooded is what one odds flooder sent and got.
type flooded struct {
	requests, complete int
	statuses           map[int]int
}

// oddsAnswer is what a flooder reads of an odds answer.
type oddsAnswer struct {
	Version int64  `json:"version"`
	Status  string `json:"status"`
}

// flood asks for the odds of fights of its own until ctx is done: again
// and again until they are complete, then decides and asks for the next
// prompt's; a new fight when one ends.
func (t *table) flood(ctx context.Context) flooded {
	out := flooded{statuses: map[int]int{}}
	pause := func() bool {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(t.o.OddsEvery):
			return true
		}
	}
	for ctx.Err() == nil {
		var f created
		if status, err := t.call(ctx, "POST", "/fights", t.o.Token, map[string]string{"bundled": t.enc}, &f); err != nil || status != http.StatusCreated {
			if ctx.Err() == nil {
				t.fail(fmt.Errorf("creating a fight to flood: %d %v", status, err))
			}
			return out
		}
		for ctx.Err() == nil {
			var v fightView
			if status, err := t.call(ctx, "GET", "/fights/"+f.ID, f.GMToken, nil, &v); err != nil || status != http.StatusOK {
				if ctx.Err() == nil {
					t.fail(fmt.Errorf("reading a flooded fight: %d %v", status, err))
				}
				return out
			}
			if v.Prompt.Kind == "end" || len(v.Prompt.Options) == 0 {
				break
			}
			var a oddsAnswer
			status, err := t.call(ctx, "GET", "/fights/"+f.ID+"/odds?wait_ms=0", f.GMToken, nil, &a)
			if ctx.Err() != nil {
				return out
			}
			if err != nil {
				t.fail(err)
				return out
			}
			out.requests++
			out.statuses[status]++
			if status != http.StatusOK || a.Status != "complete" {
				if !pause() {
					return out
				}
				continue
			}
			out.complete++
			i := t.rng.IntN(len(v.Prompt.Options))
			body := map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[i].Command}
			if status, err := t.call(ctx, "POST", "/fights/"+f.ID+"/decisions", f.GMToken, body, nil); ctx.Err() == nil && (err != nil || (status != http.StatusOK && status != http.StatusConflict)) {
				t.fail(fmt.Errorf("a flooder deciding %q: %d %v", body["command"], status, err))
				return out
			}
		}
	}
	return out
}

// stream is a live stream a table follows: the id of each message is sent
// on ids.
type stream struct {
	ids   chan int64
	close func()
}

// follow opens the live stream of fight id with token.
func (t *table) follow(ctx context.Context, id, token string) (*stream, error) {
	ctx, cancel := context.WithCancel(ctx)
	req, err := http.NewRequestWithContext(ctx, "GET", t.o.URL+"/fights/"+id+"/events", nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := t.o.Client.Do(req)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("following fight %s: %w", id, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("following fight %s: %s", id, resp.Status)
	}
	s := &stream{ids: make(chan int64, 64)}
	done := make(chan struct{})
	s.close = func() {
		cancel()
		resp.Body.Close()
		<-done
	}
	go func() {
		defer close(done)
		defer close(s.ids)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				if n, err := strconv.ParseInt(v, 10, 64); err == nil {
					select {
					case s.ids <- n:
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	return s, nil
}

// await waits until the stream has delivered version v.
func (s *stream) await(ctx context.Context, v int64) error {
	for {
		select {
		case got, ok := <-s.ids:
			if !ok {
				return errors.New("a live stream ended")
			}
			if got >= v {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// call makes one request and decodes its JSON answer into out.
func (t *table) call(ctx context.Context, method, path, token string, body, out any) (int, error) {
	status, _, data, err := request(ctx, t.o.Client, method, t.o.URL+path, token, body)
	if err != nil {
		return status, err
	}
	if out != nil && status < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			return status, fmt.Errorf("decoding %s: %w", path, err)
		}
	}
	return status, nil
}

// request makes one request, with body as JSON, and returns the answer's
// status, header and body.
func request(ctx context.Context, client *http.Client, method, url, token string, body any) (int, http.Header, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, nil, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, data, err
}
