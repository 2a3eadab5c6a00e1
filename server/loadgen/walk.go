package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// WalkOptions say what Walk plays.
type WalkOptions struct {
	// URL is the server's base URL, and Token its creation token (none
	// for a server run with --open).
	URL, Token string
	// Decisions is the most decisions played in one fight (default 60).
	Decisions int
	// Seed seeds the options chosen and the dice rolled.
	Seed uint64
	// Wait is how long each read of the odds waits for all of them
	// (wait_ms; default 10 s).
	Wait time.Duration
	// Only keeps the bundled encounters whose name contains it.
	Only string
	// Client makes the requests (default: http.DefaultClient).
	Client *http.Client
	// Answers, when set, gets every prompt's odds as the server gave them
	// (the menu, the refused and the pending options), a line each after
	// the encounter's name and the decision's number: two servers' walks
	// at one seed are the same fights, so their lines show whether they
	// answer alike.
	Answers io.Writer
}

// WalkReport is how long the odds of every prompt of the walk took to
// read, as the GM: from the read's start to its answer.
type WalkReport struct {
	Prompts            int
	P50, P90, P99, Max time.Duration
	// OverLimit counts the prompts whose odds took over 200 ms.
	OverLimit int
	// Refused counts the options the answers refused, and Blank those
	// still not computed when the read stopped waiting.
	Refused, Blank int
	// Encounters gives each encounter's prompts and their times.
	Encounters []EncounterWalk
	// Slowest lists the slowest prompts, the slowest first.
	Slowest []PromptTime
}

// EncounterWalk is the walk of one encounter's fight.
type EncounterWalk struct {
	Name    string
	Prompts int
	P50     time.Duration
	Max     time.Duration
}

// PromptTime is how long one prompt's odds took.
type PromptTime struct {
	Encounter string
	Decision  int
	Took      time.Duration
}

// String is the report as a few lines of text.
func (r WalkReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d prompts: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; %d over 200 ms; %d options refused, %d blank\n",
		r.Prompts, ms(r.P50), ms(r.P90), ms(r.P99), ms(r.Max), r.OverLimit, r.Refused, r.Blank)
	for _, e := range r.Encounters {
		fmt.Fprintf(&b, "  %-22s %3d prompts, p50 %7.1f ms, max %7.1f ms\n", e.Name, e.Prompts, ms(e.P50), ms(e.Max))
	}
	b.WriteString("slowest:")
	for _, p := range r.Slowest {
		fmt.Fprintf(&b, " %s decision %d %.0f ms;", p.Encounter, p.Decision, ms(p.Took))
	}
	return b.String()
}

// Walk plays one fight of every bundled encounter the server lists, with
// dice rolled by hand from o.Seed (physical dice, so that two servers see
// the same fights), each prompt answered at random (a GM ruling by its
// default), and reads the odds of every prompt as the GM, one read at a
// time, as a table waiting for them would; the waits the server asks for
// (429) are not counted.
func Walk(ctx context.Context, o WalkOptions) (WalkReport, error) {
	if o.URL == "" {
		return WalkReport{}, errors.New("loadgen: no server URL")
	}
	if o.Decisions <= 0 {
		o.Decisions = 60
	}
	if o.Wait <= 0 {
		o.Wait = 10 * time.Second
	}
	if o.Client == nil {
		o.Client = http.DefaultClient
	}
	w := walker{o: o, rng: rand.New(rand.NewPCG(o.Seed, 0x77616c6b))}
	var list struct {
		Encounters []struct {
			Name string
		}
	}
	if err := w.call(ctx, "GET", "/encounters", o.Token, nil, &list); err != nil {
		return WalkReport{}, err
	}
	var rep WalkReport
	var all []time.Duration
	for _, e := range list.Encounters {
		if !strings.Contains(e.Name, o.Only) {
			continue
		}
		took, err := w.fight(ctx, e.Name, &rep)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", e.Name, err)
		}
		all = append(all, took...)
		sorted := slices.Clone(took)
		slices.Sort(sorted)
		ew := EncounterWalk{Name: e.Name, Prompts: len(took)}
		if len(sorted) > 0 {
			ew.P50, ew.Max = quantile(sorted, 0.5), sorted[len(sorted)-1]
		}
		rep.Encounters = append(rep.Encounters, ew)
	}
	rep.Prompts = len(all)
	if len(all) > 0 {
		rep.P50, rep.P90, rep.P99 = quantile(all, 0.5), quantile(all, 0.9), quantile(all, 0.99)
		rep.Max = slices.Max(all)
	}
	slices.SortFunc(rep.Slowest, func(a, b PromptTime) int { return int(b.Took - a.Took) })
	rep.Slowest = rep.Slowest[:min(len(rep.Slowest), 10)]
	return rep, nil
}

// maxRefusals is how many times in a row the walk asks again for odds the
// server refuses to compute yet (429) before it gives up: with one read
// at a time, a refusal that lasts means the server is stuck.
const maxRefusals = 30

// walker plays the walk's fights.
type walker struct {
	o   WalkOptions
	rng *rand.Rand
}

// fight plays one fight of the bundled encounter name, timing the odds of
// each prompt.
func (w *walker) fight(ctx context.Context, name string, rep *WalkReport) ([]time.Duration, error) {
	var f created
	if err := w.call(ctx, "POST", "/fights", w.o.Token, map[string]string{"bundled": name}, &f); err != nil {
		return nil, err
	}
	var took []time.Duration
	for d := range w.o.Decisions {
		var v fightView
		if err := w.call(ctx, "GET", "/fights/"+f.ID, f.GMToken, nil, &v); err != nil {
			return took, err
		}
		if v.Prompt.Kind == "end" || len(v.Prompt.Options) == 0 {
			break
		}
		var ans struct {
			Menu    json.RawMessage   `json:"menu"`
			Pending []json.RawMessage `json:"pending"`
			Refused []json.RawMessage `json:"refused"`
		}
		path := "/fights/" + f.ID + "/odds?wait_ms=" + strconv.FormatInt(w.o.Wait.Milliseconds(), 10)
		var t time.Duration
		for refusals := 0; ; refusals++ {
			began := time.Now()
			status, header, data, err := request(ctx, w.o.Client, "GET", w.o.URL+path, f.GMToken, nil)
			t = time.Since(began)
			if err != nil {
				return took, err
			}
			if status == http.StatusTooManyRequests {
				if refusals == maxRefusals {
					return took, fmt.Errorf("decision %d: odds: refused %d times in a row: %s", d, refusals+1, data)
				}
				if !w.pause(ctx, header) {
					return took, ctx.Err()
				}
				continue
			}
			if status != http.StatusOK {
				return took, fmt.Errorf("decision %d: odds: %d %s", d, status, data)
			}
			if err := json.Unmarshal(data, &ans); err != nil {
				return took, fmt.Errorf("decision %d: odds: %w", d, err)
			}
			break
		}
		took = append(took, t)
		if w.o.Answers != nil {
			line, err := json.Marshal(ans)
			if err != nil {
				return took, fmt.Errorf("decision %d: odds: %w", d, err)
			}
			if _, err := fmt.Fprintf(w.o.Answers, "%s %d %s\n", name, d, line); err != nil {
				return took, fmt.Errorf("writing the answers: %w", err)
			}
		}
		rep.Refused += len(ans.Refused)
		rep.Blank += len(ans.Pending)
		if t > 200*time.Millisecond {
			rep.OverLimit++
		}
		rep.Slowest = append(rep.Slowest, PromptTime{Encounter: name, Decision: d, Took: t})
		choice := v.Prompt.Options[w.rng.IntN(len(v.Prompt.Options))].Command
		if v.Prompt.Kind == "ruling" && v.Prompt.Default >= 0 && v.Prompt.Default < len(v.Prompt.Options) {
			choice = v.Prompt.Options[v.Prompt.Default].Command
		}
		if err := w.decide(ctx, f, v.Version, choice); err != nil {
			return took, fmt.Errorf("decision %d: %w", d, err)
		}
	}
	return took, nil
}

// decide makes a decision as the GM, rolling the dice it asks for.
func (w *walker) decide(ctx context.Context, f created, version int64, command string) error {
	dice := []int{}
	for {
		body := map[string]any{"version": version, "command": command, "physical": true, "dice": dice}
		status, header, data, err := request(ctx, w.o.Client, "POST", w.o.URL+"/fights/"+f.ID+"/decisions", f.GMToken, body)
		if err != nil {
			return err
		}
		switch status {
		case http.StatusOK:
			return nil
		case http.StatusTooManyRequests:
			if !w.pause(ctx, header) {
				return ctx.Err()
			}
			continue
		case http.StatusUnprocessableEntity:
			var need struct {
				Need *struct {
					Sides int
				}
			}
			if json.Unmarshal(data, &need) == nil && need.Need != nil && need.Need.Sides > 0 {
				dice = append(dice, 1+w.rng.IntN(need.Need.Sides))
				continue
			}
		}
		return fmt.Errorf("%q: %d %s", command, status, data)
	}
}

// pause waits as long as a 429's Retry-After says (a second when it says
// nothing), false when ctx ends first.
func (w *walker) pause(ctx context.Context, header http.Header) bool {
	wait := time.Second
	if s, err := strconv.Atoi(header.Get("Retry-After")); err == nil && s > 0 {
		wait = time.Duration(s) * time.Second
	}
	select {
	case <-ctx.Done():
		return false
	case <-time.After(wait):
		return true
	}
}

// call makes one request and decodes its JSON answer into out, an error
// for any status but 2xx; it waits and asks again when told to (429).
func (w *walker) call(ctx context.Context, method, path, token string, body, out any) error {
	status, header, data, err := request(ctx, w.o.Client, method, w.o.URL+path, token, body)
	for err == nil && status == http.StatusTooManyRequests {
		if !w.pause(ctx, header) {
			return ctx.Err()
		}
		status, header, data, err = request(ctx, w.o.Client, method, w.o.URL+path, token, body)
	}
	if err != nil {
		return err
	}
	if status >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, status, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("decoding %s: %w", path, err)
		}
	}
	return nil
}
