// Package loadgen plays many fights at once against a fray server over
// HTTP, each with random legal decisions made with the token of whoever
// decides, and measures the decisions' latency.
package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Options say what load to make.
type Options struct {
	// URL is the server's base URL, such as http://127.0.0.1:8080.
	URL string
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
	// answering it: the time people take (default 0).
	Think time.Duration
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
	// FirstError is the first error met, if any.
	FirstError string `json:"first_error,omitempty"`
}

// String writes the report on one line.
func (r Report) String() string {
	return fmt.Sprintf("%d fights, %d decisions in %.1f s: %.0f decisions/s; decision p50 %.2f ms, p99 %.2f ms; read p50 %.2f ms, p99 %.2f ms; %d conflicts, %d errors",
		r.Fights, r.Decisions, r.Elapsed.Seconds(), r.PerSecond, ms(r.P50), ms(r.P99), ms(r.ReadP50), ms(r.ReadP99), r.Conflicts, r.Errors)
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
		o.Client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: o.Fights, MaxIdleConns: o.Fights}}
	}
	ctx, cancel := context.WithTimeout(ctx, o.Duration)
	defer cancel()
	var (
		mu     sync.Mutex
		rep    = Report{Fights: o.Fights}
		writes []time.Duration
		reads  []time.Duration
	)
	start := time.Now()
	var wg sync.WaitGroup
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
		})
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	rep.PerSecond = float64(rep.Decisions) / rep.Elapsed.Seconds()
	rep.P50, rep.P99 = quantile(writes, 0.50), quantile(writes, 0.99)
	rep.ReadP50, rep.ReadP99 = quantile(reads, 0.50), quantile(reads, 0.99)
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

// play creates fights and plays them until ctx is done.
func (t *table) play(ctx context.Context) {
	for ctx.Err() == nil {
		var f created
		if status, err := t.call(ctx, "POST", "/fights", "", map[string]string{"bundled": t.enc}, &f); err != nil || status != http.StatusCreated {
			if ctx.Err() == nil {
				t.fail(fmt.Errorf("creating a fight: %d %v", status, err))
			}
			return
		}
		tokens := map[string]string{"gm": f.GMToken}
		for _, p := range f.Players {
			tokens[p.Combatant] = p.Token
		}
		for range t.o.Decisions {
			var v fightView
			began := time.Now()
			status, err := t.call(ctx, "GET", "/fights/"+f.ID, f.GMToken, nil, &v)
			if ctx.Err() != nil {
				return
			}
			if err != nil || status != http.StatusOK {
				t.fail(fmt.Errorf("reading: %d %v", status, err))
				return
			}
			t.reads = append(t.reads, time.Since(began))
			if v.Prompt.Kind == "end" || len(v.Prompt.Options) == 0 {
				break
			}
			i := t.rng.IntN(len(v.Prompt.Options))
			if v.Prompt.Kind == "ruling" && v.Prompt.Default >= 0 {
				i = v.Prompt.Default
			}
			if t.o.Think > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(t.o.Think):
				}
			}
			token := tokens[v.Prompt.Actor]
			if token == "" {
				token = f.GMToken
			}
			body := map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[i].Command}
			began = time.Now()
			status, err = t.call(ctx, "POST", "/fights/"+f.ID+"/decisions", token, body, nil)
			if ctx.Err() != nil {
				return
			}
			switch {
			case err != nil:
				t.fail(err)
				return
			case status == http.StatusOK:
				t.writes = append(t.writes, time.Since(began))
			case status == http.StatusConflict:
				t.conflicts++
			default:
				t.fail(fmt.Errorf("deciding %q: %d", v.Prompt.Options[i].Command, status))
			}
		}
	}
}

// call makes one request and decodes its JSON answer into out.
func (t *table) call(ctx context.Context, method, path, token string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, t.o.URL+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := t.o.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			return resp.StatusCode, fmt.Errorf("decoding %s: %w", path, err)
		}
	}
	return resp.StatusCode, nil
}
