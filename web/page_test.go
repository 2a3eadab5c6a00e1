package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"fray/catalog"
	"fray/engine"
	"fray/odds"
	"fray/server"
	"fray/store"
)

// site is a fray server on loopback over a fresh SQLite file, as fray serve
// runs it, whose live streams a test can drop and hold back.
type site struct {
	t    *testing.T
	ts   *httptest.Server
	base string

	hold     atomic.Bool
	released chan struct{}
	mu       sync.Mutex
	lastIDs  []string // the Last-Event-ID of each stream request

	// throttle, when not zero, fails every page's read but the streams' as
	// a throttled or restarting server would: 429 with Retry-After: 1
	// (throttle429), or a connection cut without an answer (throttleCut).
	throttle atomic.Int32
	// reads counts the reads (GET but the streams) each token makes, its
	// reads of odds under "TOKEN odds".
	reads sync.Map // token -> *atomic.Int64
}

// testHeader marks the tests' own requests, which a site neither throttles
// nor counts.
const testHeader = "X-Fray-Test"

// The ways a site fails its reads (site.throttle).
const (
	throttle429 = 1
	throttleCut = 2
)

// readsOf is how many reads a token has made.
func (s *site) readsOf(token string) int64 {
	if n, ok := s.reads.Load(token); ok {
		return n.(*atomic.Int64).Load()
	}
	return 0
}

// clickOn waits for the element sel names to be visible, then clicks it
// from the page's own script, which finds it afresh at that moment: the
// page redraws its options and panels on every live update, which can
// replace a node between chromedp's finding it and clicking it.
func clickOn(sel string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) throw new Error("no element " + %q); e.click(); })()`, sel, sel), nil),
	}
}

// creator is the creation token of the test sites.
const creator = "creator-token"

// startSite starts a site serving every ruleset.
func startSite(t *testing.T) *site {
	t.Helper()
	return startSiteWith(t, nil)
}

// startSiteWith is startSite with its server's configuration changed by
// tweak.
func startSiteWith(t *testing.T, tweak func(*server.Config)) *site {
	t.Helper()
	cat, err := catalog.New()
	if err != nil {
		t.Fatal(err)
	}
	reg := cat.Registry()
	b, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	cfg := server.Config{
		Store: store.New(b, reg), Registry: reg, Rate: 10_000, Burst: 10_000,
		CreateToken: creator, CreateRate: 10_000, CreateBurst: 10_000,
		Odds: cat.Calculator,
	}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &site{t: t, released: make(chan struct{})}
	h := srv.Handler()
	s.ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/fights/") && !strings.HasSuffix(r.URL.Path, "/events") && r.Header.Get(testHeader) == "" {
			tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if strings.HasSuffix(r.URL.Path, "/odds") {
				tok += " odds"
			}
			n, _ := s.reads.LoadOrStore(tok, new(atomic.Int64))
			n.(*atomic.Int64).Add(1)
			switch s.throttle.Load() {
			case throttle429:
				w.Header().Set("Retry-After", "1")
				w.Header().Set("Content-Type", "application/problem+json")
				w.WriteHeader(http.StatusTooManyRequests)
				io.WriteString(w, `{"type":"about:blank/rate-limited","status":429,"detail":"too many requests: try again in 1 s"}`) //nolint:errcheck // a test's fake
				return
			case throttleCut:
				panic(http.ErrAbortHandler)
			}
		}
		if strings.HasSuffix(r.URL.Path, "/events") {
			s.mu.Lock()
			s.lastIDs = append(s.lastIDs, r.Header.Get("Last-Event-ID"))
			released := s.released
			s.mu.Unlock()
			if s.hold.Load() {
				select {
				case <-released:
				case <-r.Context().Done():
					return
				}
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.Close()
		s.ts.Close()
	})
	s.base = s.ts.URL
	return s
}

// drop cuts every connection (the live streams with them) and holds back
// the streams' reconnections until release.
func (s *site) drop() {
	s.mu.Lock()
	s.released = make(chan struct{})
	s.mu.Unlock()
	s.hold.Store(true)
	s.ts.CloseClientConnections()
}

// release lets the held reconnections through.
func (s *site) release() {
	s.hold.Store(false)
	s.mu.Lock()
	close(s.released)
	s.mu.Unlock()
}

// streamIDs returns the Last-Event-ID of every stream request so far.
func (s *site) streamIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lastIDs...)
}

// call makes an API request with token and decodes the JSON answer into
// out (if not nil); it returns the status.
func (s *site) call(method, path, token string, body, out any) int {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.base+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(testHeader, "1")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			s.t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
	}
	return res.StatusCode
}

// fightView is what the tests read of GET /fights/{id}.
type fightView struct {
	Version int64                 `json:"version"`
	State   json.RawMessage       `json:"state"`
	Prompt  engine.Prompt[string] `json:"prompt"`
}

// view reads a fight through the API with a token.
func (s *site) view(fight, token string) fightView {
	s.t.Helper()
	var v fightView
	if st := s.call("GET", "/fights/"+fight, token, nil, &v); st != 200 {
		s.t.Fatalf("reading fight %s: %d", fight, st)
	}
	return v
}

// entries reads a fight's transcript through the API with a token.
func (s *site) entries(fight, token string) []engine.Entry {
	s.t.Helper()
	var tr struct {
		Entries []engine.Entry `json:"entries"`
	}
	if st := s.call("GET", "/fights/"+fight+"/transcript", token, nil, &tr); st != 200 {
		s.t.Fatalf("reading the transcript of fight %s: %d", fight, st)
	}
	return tr.Entries
}

// screenshot saves a screenshot of a tab as tracker-NAME.png in the folder
// FRAY_SCREENSHOTS names (docs/tracker.md shows them), when it is set. The
// tab is brought to the front first: a browser does not paint a tab
// behind another.
func screenshot(t *testing.T, tab context.Context, name string) {
	t.Helper()
	dir := os.Getenv("FRAY_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	run(t, tab, "a screenshot for "+name,
		chromedp.ActionFunc(func(ctx context.Context) error { return page.BringToFront().Do(ctx) }),
		chromedp.FullScreenshot(&png, 100))
	if err := os.WriteFile(filepath.Join(dir, "tracker-"+name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs browser actions, failing the test on an error.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Run(tctx, actions...); err != nil {
		var html string
		dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		chromedp.Run(dctx, chromedp.Evaluate(`document.body.dataset.version + " " + document.querySelector("main").outerHTML`, &html)) //nolint:errcheck // for the message only
		t.Fatalf("%s: %v\nthe page's main:\n%s", what, err, html)
	}
}

// until waits for a JavaScript expression to be true in a tab.
func until(expr string) chromedp.Action {
	return chromedp.Poll(expr, nil, chromedp.WithPollingInterval(40*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))
}

// atVersion waits until the tab shows version v.
func atVersion(v int64) chromedp.Action {
	return until(fmt.Sprintf(`document.body.dataset.version === "%d"`, v))
}

// choose picks the option a test plays: an attack when there is one, else
// a reload, else the prompt's default, else the first.
func choose(p engine.Prompt[string]) int {
	for _, prefix := range []string{"attack", "reload", "fire", "throw"} {
		for i, o := range p.Options {
			if strings.HasPrefix(o.Command, prefix) {
				return i
			}
		}
	}
	if p.Default >= 0 && p.Default < len(p.Options) {
		return p.Default
	}
	return 0
}

// fragment reads the fight and token from a page's URL.
func fragment(t *testing.T, link string) (fight, token string) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q, err := url.ParseQuery(u.Fragment)
	if err != nil {
		t.Fatal(err)
	}
	return q.Get("fight"), q.Get("token")
}

// startOnPage starts a bundled encounter from the GM's page (the bundled
// list) and returns the fight, the GM's token (both from the page's
// address) and the join link the page gives for a combatant.
func startOnPage(t *testing.T, s *site, gm context.Context, encounter, combatant string) (fight, gmToken, link string) {
	t.Helper()
	joinLink := fmt.Sprintf(`#joins li[data-combatant=%q] a`, combatant)
	var here string
	run(t, gm, "starting "+encounter+" from the bundled list",
		chromedp.Navigate(s.base+"/#create="+creator),
		until(`Number(document.body.dataset.encounters) > 0`),
		chromedp.SetValue("#bundled", encounter, chromedp.ByQuery),
		clickOn("#start-bundled"),
		chromedp.WaitVisible("#fight", chromedp.ByQuery), atVersion(0),
		chromedp.WaitVisible(joinLink, chromedp.ByQuery),
		chromedp.Location(&here),
		chromedp.AttributeValue(joinLink, "href", &link, nil, chromedp.ByQuery))
	fight, gmToken = fragment(t, here)
	if f, _ := fragment(t, link); f != fight {
		t.Fatalf("%s's link %s is not for fight %s", combatant, link, fight)
	}
	return fight, gmToken, link
}

// TestPlayAWholeFight starts a blackpowder fight (pistols_at_dawn) from the
// GM's page and plays it to its end through clicks and keys, eastman's
// decisions on his player's page beside it; undoes a decision from the page; drops the
// live streams and checks that the reconnected player's page misses
// nothing.
func TestPlayAWholeFight(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	gm, watch := browser(t, 1200, 900)

	fight, gmToken, eastLink := startOnPage(t, s, gm, "pistols_at_dawn", "eastman")

	east := openTab(t, gm, watch, eastLink)
	run(t, east, "eastman's page from his link", atVersion(0))
	read := func() fightView { return s.view(fight, gmToken) }
	undone, reconnected, oddsSeen := false, false, false
	clicked := 0
	for step := 0; ; step++ {
		if step > 400 {
			t.Fatal("the fight has not ended after 400 decisions")
		}
		v := read()
		if v.Prompt.Kind == engine.End {
			break
		}
		tab, who := gm, "the GM"
		if v.Prompt.Actor == "eastman" {
			tab, who = east, "eastman's player"
		} else {
			run(t, east, "eastman's page while it is not his decision",
				atVersion(v.Version), until(`document.querySelectorAll("#options button").length === 0`))
		}
		i := choose(v.Prompt)
		sel := fmt.Sprintf(`#options button[data-i="%d"]`, i)
		run(t, tab, fmt.Sprintf("%s sees version %d", who, v.Version), atVersion(v.Version), chromedp.WaitVisible(sel, chromedp.ByQuery))
		if !oddsSeen && strings.HasPrefix(v.Prompt.Options[i].Command, "attack") {
			var odds string
			run(t, tab, "the odds beside an attack",
				until(fmt.Sprintf(`document.body.dataset.oddsVersion === "%d"`, v.Version)),
				chromedp.Text(sel+" .odds", &odds, chromedp.ByQuery))
			if !strings.Contains(odds, "hit ") || !strings.Contains(odds, "dmg ") {
				t.Errorf("the odds beside %q say %q", v.Prompt.Options[i].Label, odds)
			}
			oddsSeen = true
		}
		if i < 9 && step%2 == 0 {
			run(t, tab, "pressing "+fmt.Sprint(i+1), chromedp.KeyEvent(fmt.Sprint(i+1)), atVersion(v.Version+1))
		} else {
			run(t, tab, "clicking "+sel, clickOn(sel), atVersion(v.Version+1))
		}
		run(t, gm, "the GM's page follows", atVersion(v.Version+1))
		clicked++

		// After the first decision past initiative (which may end the
		// fight), undo it from the page; then drop the streams.
		if !undone && v.Version >= 2 {
			undone = true
			var before, after int
			run(t, gm, "undo from the page",
				chromedp.Evaluate(`Number(document.querySelector("#log").dataset.count)`, &before),
				clickOn("#undo"), clickOn("#undo-yes"), atVersion(v.Version+2),
				chromedp.Evaluate(`Number(document.querySelector("#log").dataset.count)`, &after))
			if after != before-1 {
				t.Errorf("undo: the log went from %d entries to %d", before, after)
			}
			run(t, east, "eastman's page follows the undo", atVersion(v.Version+2))
			reconnected = true
			checkReconnect(t, s, east, fight, gmToken)
		}
	}
	if !undone || !reconnected || !oddsSeen {
		t.Fatalf("the fight ended too soon to undo (%v), reconnect (%v) and see the odds of an attack (%v)", undone, reconnected, oddsSeen)
	}
	last := read()
	for _, tab := range []context.Context{gm, east} {
		var q string
		run(t, tab, "the end", atVersion(last.Version), chromedp.Text("#question", &q, chromedp.ByQuery))
		if !strings.Contains(q, "over") {
			t.Errorf("at the end the page says %q", q)
		}
	}
	// The GM's log is the server's transcript.
	entries := s.entries(fight, gmToken)
	var shown []string
	run(t, gm, "reading the log", chromedp.Evaluate(`[...document.querySelectorAll("#log > li:not(.undone) > code")].map(c => c.textContent).reverse()`, &shown))
	if len(shown) != len(entries) {
		t.Fatalf("the log shows %d decisions, the transcript has %d", len(shown), len(entries))
	}
	for i, e := range entries {
		if shown[i] != e.Command {
			t.Errorf("log entry %d: %q, the transcript says %q", i, shown[i], e.Command)
		}
	}
	t.Logf("fight %s ended at version %d after %d decisions in force, %d of them made through the pages", fight, last.Version, len(entries), clicked)
}

// checkReconnect drops every live stream, makes decisions while the
// player's page cannot hear of them, and checks that the page, once its
// stream is back, has every entry exactly once and the fight's state.
func checkReconnect(t *testing.T, s *site, tab context.Context, fight, gmToken string) {
	t.Helper()
	var lastSeen string
	run(t, tab, "the last event id before the drop",
		chromedp.Evaluate(`document.querySelector("#live").dataset.last`, &lastSeen))
	asked := len(s.streamIDs())
	s.drop()
	run(t, tab, "the page notices the drop", until(`document.querySelector("#live").dataset.state === "reconnecting"`))
	var v fightView
	s.call("GET", "/fights/"+fight, gmToken, nil, &v)
	made := 0
	for made < 2 && v.Prompt.Kind != engine.End {
		// Decisions that leave the fight going (a pass when there is
		// one), so that the pages play it to its end.
		cmd := v.Prompt.Options[choose(v.Prompt)].Command
		for _, o := range v.Prompt.Options {
			if o.Command == "pass" {
				cmd = o.Command
			}
		}
		body := map[string]any{"version": v.Version, "command": cmd}
		if st := s.call("POST", "/fights/"+fight+"/decisions", gmToken, body, nil); st != 200 {
			t.Fatalf("deciding while the streams are down: %d", st)
		}
		made++
		s.call("GET", "/fights/"+fight, gmToken, nil, &v)
	}
	s.release()
	run(t, tab, "the page catches up", atVersion(v.Version),
		until(`document.querySelector("#live").dataset.state === "live"`))
	ids := s.streamIDs()[asked:]
	if len(ids) == 0 || ids[0] != lastSeen {
		t.Errorf("after the drop the page asked for the stream with Last-Event-ID %q, want %q", ids, lastSeen)
	}
	var received string
	run(t, tab, "the versions received", chromedp.Evaluate(`document.querySelector("#live").dataset.received`, &received))
	seen := map[string]bool{}
	for _, r := range strings.Split(received, ",") {
		if seen[r] {
			t.Errorf("version %s came twice over the stream: %s", r, received)
		}
		seen[r] = true
	}
	for n := v.Version - int64(made) + 1; n <= v.Version; n++ {
		if !seen[fmt.Sprint(n)] {
			t.Errorf("version %d, decided while the stream was down, never came: %s", n, received)
		}
	}
}

// created is what the tests read of POST /fights.
type created struct {
	ID      string `json:"id"`
	GMToken string `json:"gm_token"`
	Players []struct {
		Combatant string `json:"combatant"`
		Page      string `json:"page"`
	} `json:"players"`
}

// createFight starts a bundled encounter through the API.
func (s *site) createFight(name string) created {
	s.t.Helper()
	var c created
	if st := s.call("POST", "/fights", creator, map[string]any{"bundled": name}, &c); st != 201 {
		s.t.Fatalf("creating %s: %d", name, st)
	}
	return c
}

// pageOf returns the page link of a combatant's seat.
func (c created) pageOf(t *testing.T, combatant string) string {
	t.Helper()
	for _, p := range c.Players {
		if p.Combatant == combatant {
			return p.Page
		}
	}
	t.Fatalf("no seat for %s", combatant)
	return ""
}

// TestPlayerRollsPhysicalDice: on a player's page, with the table rolling
// real dice, the page asks for exactly the die the server names and sends
// it; the transcript has that die.
func TestPlayerRollsPhysicalDice(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	tab, _ := browser(t, 1000, 800)
	var label string
	run(t, tab, "eastman rolls initiative with a real die",
		chromedp.Navigate(s.base+c.pageOf(t, "eastman")), atVersion(0),
		chromedp.WaitVisible(`#options button[data-i="0"]`, chromedp.ByQuery),
		clickOn("#physical"),
		clickOn(`#options button[data-i="0"]`),
		chromedp.WaitVisible("#dice-ask", chromedp.ByQuery),
		chromedp.Text("#die-label", &label, chromedp.ByQuery),
	)
	if !strings.Contains(label, "1d10") || !strings.Contains(label, "Eastman") {
		t.Errorf("the page asks %q, not for Eastman's 1d10", label)
	}
	run(t, tab, "sending the die",
		chromedp.SendKeys("#die", "7", chromedp.ByQuery),
		clickOn(`#dice-ask button[type="submit"]`),
		atVersion(1),
		chromedp.WaitNotVisible("#dice-ask", chromedp.ByQuery))
	var tr struct {
		Entries []engine.Entry `json:"entries"`
	}
	s.call("GET", "/fights/"+c.ID+"/transcript", c.GMToken, nil, &tr)
	if len(tr.Entries) != 1 || len(tr.Entries[0].Dice) != 1 || tr.Entries[0].Dice[0].Value != 7 || tr.Entries[0].Dice[0].Sides != 10 {
		t.Fatalf("the transcript after a real d10 of 7: %+v", tr.Entries)
	}
	// Westman's decision is not eastman's to make: no options, and the
	// API refuses it anyway.
	run(t, tab, "westman's prompt on eastman's page",
		until(`document.querySelectorAll("#options button").length === 0`),
		until(`document.querySelector("#whose").textContent.includes("Waiting for Westman")`))
}

// TestPhoneWidth: at a phone's width the fight's page fits the screen,
// without sideways scrolling. With FRAY_SCREENSHOTS set to a folder, it
// saves screenshots of the GM's and a player's pages there (docs/tracker.md
// shows them).
func TestPhoneWidth(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("tavern_brawl")
	// A few decisions in, so that the log has something to show.
	v := s.view(c.ID, c.GMToken)
	for range 3 {
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": v.Version, "command": v.Prompt.Fallback()}, nil); st != 200 {
			t.Fatalf("deciding %s: %d", v.Prompt.Fallback(), st)
		}
		v = s.view(c.ID, c.GMToken)
	}
	// One window serves every width: each subtest sets the viewport and
	// loads the page afresh (a new address, the query naming the width),
	// which costs chromium far less than a window of its own.
	tab, _ := browser(t, 390, 844)
	for _, w := range []struct {
		name          string
		link          string
		width, height int64
		shot          bool
	}{
		{"gm-phone", "/#" + url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode(), 390, 844, true},
		{"player-phone", c.Players[0].Page, 390, 844, true},
		{"gm-desktop-width", "/#" + url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode(), 1280, 900, false},
	} {
		t.Run(w.name, func(t *testing.T) {
			var fits bool
			run(t, tab, "the page at "+fmt.Sprint(w.width)+" px",
				chromedp.EmulateViewport(w.width, w.height),
				chromedp.Navigate(s.base+"/?"+w.name+strings.TrimPrefix(w.link, "/")), atVersion(v.Version),
				until(`document.querySelector("#live").dataset.state === "live"`),
				chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &fits),
			)
			if !fits {
				var sw int
				run(t, tab, "the width", chromedp.Evaluate(`document.documentElement.scrollWidth`, &sw))
				t.Errorf("at %d px wide the page is %d px wide", w.width, sw)
			}
			if w.shot {
				screenshot(t, tab, w.name)
			}
		})
	}
}

// TestPastedEncounterError: an encounter pasted on the GM's page that the
// server refuses shows the server's message with its line, and the line
// is selected in the text.
func TestPastedEncounterError(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab, _ := browser(t, 1000, 800)
	bad := "ruleset: blackpowder\ncombatants:\n  - id: a\n    bogus: [\n"
	var line, msg string
	var selected string
	run(t, tab, "pasting a broken encounter",
		chromedp.Navigate(s.base+"/#create="+creator),
		until(`Number(document.body.dataset.encounters) > 0`),
		chromedp.SetValue("#yaml", bad, chromedp.ByQuery),
		clickOn("#start-yaml"),
		chromedp.WaitVisible("#start-error", chromedp.ByQuery),
		chromedp.Text("#start-error", &msg, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#start-error").dataset.line || ""`, &line),
		chromedp.Evaluate(`(() => { const t = document.querySelector("#yaml"); return t.value.slice(t.selectionStart, t.selectionEnd); })()`, &selected),
	)
	if line == "" || !strings.HasPrefix(msg, "line "+line+":") {
		t.Errorf("the error names no line: %q (line %q)", msg, line)
	}
	lines := strings.Split(bad, "\n")
	if n := 0; line != "" {
		fmt.Sscan(line, &n)
		if n < 1 || n > len(lines) || selected != lines[n-1] {
			t.Errorf("line %s: the selection is %q", line, selected)
		}
	}
}

// TestCreationTokenAskedOnce: on a server that needs its creation token,
// the start page asks for it when the server refuses a fight without it,
// refuses a wrong one, starts the fight with the right one, and keeps it:
// the next fight starts without asking. A link with #create=TOKEN (as fray
// serve prints) hands the token to the page, which takes it out of the
// address.
func TestCreationTokenAskedOnce(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab, _ := browser(t, 1000, 800)
	var asked, msg string
	run(t, tab, "starting without the token",
		chromedp.Navigate(s.base+"/"),
		until(`Number(document.body.dataset.encounters) > 0`),
		chromedp.SetValue("#bundled", "duel", chromedp.ByQuery),
		clickOn("#start-bundled"),
		chromedp.WaitVisible("#create-auth", chromedp.ByQuery),
		chromedp.WaitVisible("#start-error", chromedp.ByQuery),
		chromedp.Text("#start-error", &msg, chromedp.ByQuery),
		chromedp.Evaluate(`location.hash`, &asked))
	if !strings.Contains(msg, "creation token") || asked != "" {
		t.Errorf("asked with %q, at %q", msg, asked)
	}
	run(t, tab, "a wrong token",
		chromedp.SetValue("#create-token", "wrong", chromedp.ByQuery),
		clickOn("#start-bundled"),
		until(`document.querySelector("#start-error").textContent.includes("does not know")`),
		chromedp.Text("#start-error", &msg, chromedp.ByQuery))
	var first, second string
	run(t, tab, "the right token",
		chromedp.SetValue("#create-token", creator, chromedp.ByQuery),
		clickOn("#start-bundled"),
		chromedp.WaitVisible("#fight", chromedp.ByQuery), atVersion(0),
		chromedp.Location(&first))
	run(t, tab, "a second fight, without asking",
		chromedp.Navigate(s.base+"/"),
		until(`Number(document.body.dataset.encounters) > 0`),
		clickOn("#start-bundled"),
		chromedp.WaitVisible("#fight", chromedp.ByQuery), atVersion(0),
		chromedp.Location(&second),
		chromedp.Evaluate(`document.querySelector("#create-auth").hidden ? "" : "asked"`, &asked))
	f1, _ := fragment(t, first)
	f2, _ := fragment(t, second)
	if f1 == "" || f2 == "" || f1 == f2 || asked != "" {
		t.Errorf("fights %q and %q (%s)", f1, f2, asked)
	}

	other, _ := browser(t, 1000, 800)
	var kept, here string
	run(t, other, "a link with the creation token",
		chromedp.Navigate(s.base+"/#create="+creator),
		until(`Number(document.body.dataset.encounters) > 0`),
		chromedp.Evaluate(`localStorage.getItem("fray:create-token")`, &kept),
		chromedp.Location(&here),
		clickOn("#start-bundled"),
		chromedp.WaitVisible("#fight", chromedp.ByQuery), atVersion(0))
	if kept != creator || strings.Contains(here, creator) {
		t.Errorf("the page kept %q and is at %s", kept, here)
	}
}

// slowCalc is a calculator whose odds of one command take a while.
type slowCalc struct {
	odds.Calculator
	slow  string
	delay time.Duration
}

func (c slowCalc) Odds(t engine.Table, actor, command string, o odds.Options) (*odds.Report, error) {
	if command == c.slow {
		time.Sleep(c.delay)
	}
	return c.Calculator.Odds(t, actor, command, o)
}

// TestOddsArriveLater: when one option's odds take longer than the page's
// read waits, the page shows the others' at once, and the slow one's when
// the live stream says they are all there.
func TestOddsArriveLater(t *testing.T) {
	t.Parallel()
	s := startSiteWith(t, func(cfg *server.Config) {
		of := cfg.Odds
		cfg.Odds = func(id string) (odds.Calculator, error) {
			c, err := of(id)
			if err != nil {
				return nil, err
			}
			return slowCalc{c, "feint bob", 2500 * time.Millisecond}, nil
		}
	})
	c := s.createFight("reference_skirmish")
	tab, _ := browser(t, 1000, 800)
	const slow, quick = `#options button[data-command="feint bob"] .odds`, `#options button[data-command="attack bob"] .odds`
	var early, later, other string
	run(t, tab, "the odds computed first",
		chromedp.Navigate(s.base+"/#"+url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode()),
		atVersion(0),
		until(`document.body.dataset.oddsStatus === "computing"`),
		chromedp.Text(slow, &early, chromedp.ByQuery),
		chromedp.Text(quick, &other, chromedp.ByQuery))
	if early != "" || other == "" {
		t.Errorf("while feint bob's odds are computed: feint bob %q, attack bob %q", early, other)
	}
	run(t, tab, "the slow option's odds",
		until(`document.body.dataset.oddsStatus === "complete"`),
		chromedp.Text(slow, &later, chromedp.ByQuery))
	if later == "" {
		t.Error("no odds for feint bob once all were computed")
	}
}
