package web_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// everyHiddenHidden is true when no element with the hidden attribute is
// displayed (a rule such as display: grid must not show it), and names
// those that are otherwise.
const everyHiddenHidden = `[...document.querySelectorAll("[hidden]")].filter((e) => getComputedStyle(e).display !== "none").map((e) => e.id || e.tagName).join(",")`

// TestHiddenStaysHidden: what the page hides is not drawn, whatever its
// display: the fight's panels and the undo button on the start page, the
// command box on a player's page out of turn and after the end.
func TestHiddenStaysHidden(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab, _ := browser(t, 1000, 800)
	var shown string
	var fightShown, undoShown bool
	run(t, tab, "the start page",
		chromedp.Navigate(s.base+"/#create="+creator),
		until(`Number(document.body.dataset.encounters) > 0`),
		chromedp.Evaluate(everyHiddenHidden, &shown),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#fight")).display !== "none"`, &fightShown),
		chromedp.Evaluate(`document.querySelector("#undo").getClientRects().length > 0`, &undoShown))
	if shown != "" || fightShown || undoShown {
		t.Errorf("on the start page, hidden but shown: %q (the fight's panels %v, undo %v)", shown, fightShown, undoShown)
	}

	c := s.createFight("pistols_at_dawn")
	v := s.view(c.ID, c.GMToken)
	// A version at which eastman is not asked.
	for v.Prompt.Actor == "eastman" {
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": v.Version, "command": v.Prompt.Fallback()}, nil); st != 200 {
			t.Fatalf("deciding: %d", st)
		}
		v = s.view(c.ID, c.GMToken)
	}
	var form bool
	run(t, tab, "eastman's page out of turn",
		chromedp.Navigate(s.base+c.pageOf(t, "eastman")), atVersion(v.Version),
		until(`document.querySelector("#whose").textContent.includes("Waiting")`),
		chromedp.Evaluate(everyHiddenHidden, &shown),
		chromedp.Evaluate(`document.querySelector("#command-form").getClientRects().length > 0`, &form))
	if shown != "" || form {
		t.Errorf("on eastman's page out of turn, hidden but shown: %q (the command box %v)", shown, form)
	}
	// Play to the end through the API; the GM's page then has no command box.
	for v.Prompt.Kind != "end" {
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": v.Version, "command": v.Prompt.Options[choose(v.Prompt)].Command}, nil); st != 200 {
			t.Fatalf("deciding: %d", st)
		}
		v = s.view(c.ID, c.GMToken)
	}
	run(t, tab, "the GM's page at the end",
		chromedp.Navigate(s.base+"/#"+url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode()), atVersion(v.Version),
		chromedp.Evaluate(everyHiddenHidden, &shown),
		chromedp.Evaluate(`document.querySelector("#command-form").getClientRects().length > 0`, &form))
	if shown != "" || form {
		t.Errorf("on the GM's page after the end, hidden but shown: %q (the command box %v)", shown, form)
	}
}

// decideAPI makes the decision a test plays through the API, as the GM,
// and returns the fight's view after it.
func (s *site) decideAPI(c created, v fightView) fightView {
	s.t.Helper()
	cmd := v.Prompt.Options[choose(v.Prompt)].Command
	if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": v.Version, "command": cmd}, nil); st != 200 {
		s.t.Fatalf("deciding %s at version %d: %d", cmd, v.Version, st)
	}
	return s.view(c.ID, c.GMToken)
}

// liveState is the header's state of a page.
const liveState = `document.querySelector("#live").dataset.state`

// TestCatchesUpByItself: a page whose reads fail (a throttled server's
// 429s, or a server restarting right after a decision, its stream back
// with nothing new to send) does not say "live" while it shows an older
// version, and catches up by itself once the server answers again; and it
// reads no more than it must: one request a decision seen (the view,
// which carries the sheets and the board), the odds besides when the
// decision is the viewer's.
func TestCatchesUpByItself(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	link := c.pageOf(t, "eastman")
	_, token := fragment(t, s.base+link)
	tab, _ := browser(t, 1000, 800)
	v := s.view(c.ID, c.GMToken)
	run(t, tab, "eastman's page", chromedp.Navigate(s.base+link), atVersion(v.Version),
		until(liveState+` === "live"`))

	// Reads a decision: the fight alone, its view carrying the sheets and
	// the board (the odds, read when the decision is eastman's, are
	// counted apart).
	n0, o0 := s.readsOf(token), s.readsOf(token+" odds")
	decisions, his := 0, 0
	for range 2 {
		if v.Prompt.Kind == "end" {
			break
		}
		v = s.decideAPI(c, v)
		decisions++
		if v.Prompt.Actor == "eastman" && v.Prompt.Kind != "end" {
			his++
		}
		run(t, tab, "following", atVersion(v.Version), until(liveState+` === "live"`))
		if v.Prompt.Actor == "eastman" {
			run(t, tab, "the odds", until(fmt.Sprintf(`document.body.dataset.oddsVersion === "%d"`, v.Version)))
		}
	}
	reads := s.readsOf(token) - n0
	if limit := int64(decisions); reads > limit {
		t.Errorf("eastman's page read the fight %d times for %d decisions (%d of them his): more than %d", reads, decisions, his, limit)
	}
	t.Logf("%d reads of the fight for %d decisions, %d of them eastman's; %d reads of odds", reads, decisions, his, s.readsOf(token+" odds")-o0)

	// Throttled: the entry comes, the reads are refused.
	s.throttle.Store(throttle429)
	before := v.Version
	v = s.decideAPI(c, v)
	var state string
	run(t, tab, "the entry heard, the read refused",
		until(fmt.Sprintf(`document.querySelector("#live").dataset.last === "%d"`, v.Version)),
		until(fmt.Sprintf(`document.querySelector("#live").dataset.latest === "%d"`, v.Version)),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(liveState, &state))
	var shown string
	run(t, tab, "the version shown", chromedp.Evaluate(`document.body.dataset.version`, &shown))
	if shown != fmt.Sprint(before) || state == "live" {
		t.Errorf("throttled after version %d: the page shows version %s and says %q", v.Version, shown, state)
	}
	s.throttle.Store(0)
	run(t, tab, "catching up after the throttle", atVersion(v.Version), until(liveState+` === "live"`))

	// A restart right after a decision: the entry comes, the reads find
	// no server, the stream drops and comes back with nothing new.
	s.throttle.Store(throttleCut)
	v = s.decideAPI(c, v)
	run(t, tab, "the entry heard, the server gone",
		until(fmt.Sprintf(`document.querySelector("#live").dataset.last === "%d"`, v.Version)),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(liveState, &state))
	if state == "live" {
		t.Errorf("with version %d unread the page says %q", v.Version, state)
	}
	s.drop()
	run(t, tab, "the stream down", until(liveState+` === "reconnecting"`))
	s.throttle.Store(0)
	s.release()
	run(t, tab, "catching up after the restart", atVersion(v.Version), until(liveState+` === "live"`))
}

// TestTurnYouCannotMiss: on a player's page the turn is in a banner ("Your
// turn: Eastman") and the page's title when it is his, with a vibration
// when it becomes his, and "Waiting for Westman" otherwise; one row of the
// turn order is current; at the end no row is, and the fallen are marked
// in the order as the board marks them (a player character knocked out
// wakes when the fight is over, R27: not fallen).
func TestTurnYouCannotMiss(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	v := s.view(c.ID, c.GMToken)
	for v.Prompt.Actor == "eastman" {
		v = s.decideAPI(c, v)
	}
	tab, _ := browser(t, 1000, 800)
	var banner, title string
	var mine bool
	var currents int
	run(t, tab, "eastman's page, westman asked",
		chromedp.Navigate(s.base+c.pageOf(t, "eastman")), atVersion(v.Version),
		chromedp.Evaluate(`window.buzz = []; Object.defineProperty(navigator, "vibrate", { value: (p) => { window.buzz.push(p); return true; } }); true`, nil),
		chromedp.Text("#turn", &banner, chromedp.ByQuery),
		chromedp.Evaluate(`document.title`, &title),
		chromedp.Evaluate(`document.querySelector("#turn").dataset.mine === "true"`, &mine))
	if banner != "Waiting for Westman" || mine || strings.Contains(title, "Your turn") {
		t.Errorf("westman asked: eastman's banner %q (his: %v), title %q", banner, mine, title)
	}
	for v.Prompt.Actor != "eastman" {
		v = s.decideAPI(c, v)
	}
	var buzzes int
	run(t, tab, "eastman's turn",
		atVersion(v.Version),
		chromedp.Text("#turn", &banner, chromedp.ByQuery),
		chromedp.Evaluate(`document.title`, &title),
		chromedp.Evaluate(`document.querySelector("#turn").dataset.mine === "true"`, &mine),
		chromedp.Evaluate(`window.buzz.length`, &buzzes),
		chromedp.Evaluate(`document.querySelectorAll("#order li.current").length`, &currents))
	if banner != "Your turn: Eastman" || !mine || !strings.HasPrefix(title, "▶ Your turn: Eastman") || buzzes != 1 || currents != 1 {
		t.Errorf("eastman asked: banner %q (his: %v), title %q, %d vibrations, %d current rows in the order", banner, mine, title, buzzes, currents)
	}
	var visible bool
	run(t, tab, "the banner is seen", chromedp.Evaluate(`document.querySelector("#turn").getClientRects().length > 0`, &visible))
	if !visible {
		t.Error("the banner is not drawn")
	}
	for v.Prompt.Kind != "end" {
		v = s.decideAPI(c, v)
	}
	var fallen []string
	run(t, tab, "the end", atVersion(v.Version),
		chromedp.Evaluate(`[...document.querySelectorAll("#order li")].filter((li) => li.dataset.fallen || /\((down|dead)\)/.test(li.textContent)).map((li) => li.textContent)`, &fallen),
		chromedp.Evaluate(`document.querySelectorAll("#order li.current").length`, &currents))
	var b boardView
	s.call("GET", "/fights/"+c.ID, c.GMToken, nil, &b)
	want := 0
	for _, x := range b.Board.Order {
		down := x.Down || x.Dead
		for _, m := range x.Members {
			down = down || m.Down || m.Dead
		}
		if down {
			want++
		}
	}
	if len(fallen) != want || currents != 0 {
		t.Errorf("at the end the order marks %q fallen (the board %d rows) and %d current rows", fallen, want, currents)
	}
}

// TestUndoYouCanSee: the GM's undo asks first; the decision taken back
// stays in the log, struck through, saying it was undone by the GM; a
// player is offered undo only when the last decision in force is his.
func TestUndoYouCanSee(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	gmLink := "/#" + url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode()
	gm, watch := browser(t, 1000, 800)
	run(t, gm, "the GM's page", chromedp.Navigate(s.base+gmLink), atVersion(0))
	east := openTab(t, gm, watch, s.base+c.pageOf(t, "eastman"))
	v := s.view(c.ID, c.GMToken)
	// Decide until the last decision is eastman's, then once more.
	var lastActor string
	for lastActor != "eastman" {
		lastActor = v.Prompt.Actor
		v = s.decideAPI(c, v)
	}
	var offered bool
	run(t, east, "eastman's page after his decision", atVersion(v.Version),
		chromedp.Evaluate(`document.querySelector("#undo").getClientRects().length > 0`, &offered))
	if !offered {
		t.Error("eastman's last decision: his page offers no undo")
	}
	lastActor = v.Prompt.Actor
	v = s.decideAPI(c, v)
	if lastActor != "eastman" {
		run(t, east, "eastman's page after another's decision", atVersion(v.Version),
			chromedp.Evaluate(`document.querySelector("#undo").getClientRects().length > 0`, &offered))
		if offered {
			t.Errorf("%s decided last: eastman's page offers undo", lastActor)
		}
	}
	entries := s.entries(c.ID, c.GMToken)
	last := entries[len(entries)-1]
	var asked string
	var version string
	run(t, gm, "undo asks first", atVersion(v.Version),
		clickOn("#undo"), chromedp.WaitVisible("#undo-confirm", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#undo-what").textContent`, &asked),
		clickOn("#undo-no"), chromedp.WaitNotVisible("#undo-confirm", chromedp.ByQuery),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(`document.body.dataset.version`, &version))
	if !strings.Contains(asked, last.Command) || version != fmt.Sprint(v.Version) {
		t.Errorf("undo asked %q (the last decision is %q) and the page is at version %s after keeping it", asked, last.Command, version)
	}
	if got := s.view(c.ID, c.GMToken).Version; got != v.Version {
		t.Fatalf("kept, yet the fight moved to version %d", got)
	}
	var struck, note string
	run(t, gm, "undo confirmed",
		clickOn("#undo"), clickOn("#undo-yes"), atVersion(v.Version+1),
		chromedp.Evaluate(`document.querySelector("#log > li.undone s code").textContent`, &struck),
		chromedp.Evaluate(`document.querySelector("#log > li.undone .note").textContent`, &note))
	if struck != last.Command || strings.TrimSpace(note) != "undone by the GM" {
		t.Errorf("the GM's log after the undo: struck %q (want %q), %q", struck, last.Command, note)
	}
	run(t, east, "eastman's log after the undo", atVersion(v.Version+1),
		chromedp.Evaluate(`document.querySelector("#log > li.undone .note").textContent`, &note))
	if strings.TrimSpace(note) != "undone by the GM" {
		t.Errorf("eastman's log after the GM's undo: %q", note)
	}
}

// undoneNotes is what a page's log says of each decision taken back, the
// newest first: the decision struck through, and who undid it.
const undoneNotes = `[...document.querySelectorAll("#log > li.undone")].map((li) => li.querySelector("s").textContent + " |" + li.querySelector(".note").textContent)`

// TestUndoSaysWho: Markus takes back his own decision from his page; the
// GM's page, Beatrix's, Beatrix's page read again and the GM's page on
// another device all show it struck through, "undone by Markus". Then the
// GM takes back a decision, and Markus's page says "undone by the GM".
func TestUndoSaysWho(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("alley_fight")
	gmLink := s.base + "/#" + url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode()
	gm, watch := browser(t, 1000, 800)
	run(t, gm, "the GM's page", chromedp.Navigate(gmLink), atVersion(0))
	markus := openTab(t, gm, watch, s.base+c.pageOf(t, "markus"))
	beatrix := openTab(t, gm, watch, s.base+c.pageOf(t, "beatrix"))

	// Up to a prompt Markus may answer; he answers it on his page.
	v := s.view(c.ID, c.GMToken)
	for i := 0; !v.Prompt.Accepts("markus"); i++ {
		if i > 40 || v.Prompt.Kind == "end" {
			t.Fatal("Markus is never asked")
		}
		v = s.decideAPI(c, v)
	}
	run(t, markus, "Markus decides on his page", atVersion(v.Version),
		chromedp.WaitVisible(`#options button[data-i="0"]`, chromedp.ByQuery),
		clickOn(`#options button[data-i="0"]`), atVersion(v.Version+1))
	entries := s.entries(c.ID, c.GMToken)
	his := entries[len(entries)-1]
	if his.Actor != "markus" {
		t.Fatalf("the decision made on Markus's page is %s's", his.Actor)
	}
	run(t, markus, "Markus takes it back",
		chromedp.WaitVisible("#undo", chromedp.ByQuery), clickOn("#undo"),
		chromedp.WaitVisible("#undo-confirm", chromedp.ByQuery), clickOn("#undo-yes"),
		atVersion(v.Version+2))
	want := []string{"Markus: " + his.Command + " | undone by Markus"}
	for _, tab := range []struct {
		name string
		tab  context.Context
	}{{"the GM's page", gm}, {"Beatrix's page", beatrix}, {"Markus's page", markus}} {
		var notes []string
		run(t, tab.tab, tab.name+" after Markus's undo", atVersion(v.Version+2), chromedp.Evaluate(undoneNotes, &notes))
		if !slices.Equal(notes, want) {
			t.Errorf("%s: the log's undone decisions %q, want %q", tab.name, notes, want)
		}
	}
	screenshot(t, gm, "undone")
	// Read again, and on another device: the page hears of the decision
	// only after it was undone, so it shows that a decision was, and who
	// undid it.
	want = []string{"a decision | undone by Markus"}
	other, _ := browser(t, 390, 844)
	for _, tab := range []struct {
		name, link string
		tab        context.Context
	}{{"Beatrix's page read again", s.base + c.pageOf(t, "beatrix"), beatrix}, {"the GM's page on another device", gmLink, other}} {
		var notes []string
		run(t, tab.tab, tab.name, chromedp.Navigate(s.base+"/"), chromedp.Navigate(tab.link), atVersion(v.Version+2),
			chromedp.Evaluate(undoneNotes, &notes))
		if !slices.Equal(notes, want) {
			t.Errorf("%s: the log's undone decisions %q, want %q", tab.name, notes, want)
		}
	}

	// The GM takes back the decision before Markus's.
	before := entries[len(entries)-2]
	var notes []string
	run(t, gm, "the GM takes back the decision before", clickOn("#undo"),
		chromedp.WaitVisible("#undo-confirm", chromedp.ByQuery), clickOn("#undo-yes"), atVersion(v.Version+3))
	run(t, markus, "Markus's page after the GM's undo", atVersion(v.Version+3), chromedp.Evaluate(undoneNotes, &notes))
	want = []string{
		"Markus: " + his.Command + " | undone by Markus",
		fmt.Sprintf("%s: %s | undone by the GM", nameIn(before.Actor), before.Command),
	}
	if !slices.Equal(notes, want) {
		t.Errorf("Markus's page after the GM's undo: %q, want %q", notes, want)
	}
}

// nameIn is the name the alley fight gives a combatant; the id of
// another actor (the GM).
func nameIn(id string) string {
	if n, ok := map[string]string{"markus": "Markus", "beatrix": "Beatrix", "thug1": "Masked thug 1", "thug2": "Masked thug 2", "gunman": "Gunman"}[id]; ok {
		return n
	}
	return id
}

// TestErrorClearsWhenTheFightMovesOn: a refusal shown on a page stays
// until the fight moves on, then goes: it was about a prompt that is gone.
func TestErrorClearsWhenTheFightMovesOn(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	v := s.view(c.ID, c.GMToken)
	for v.Prompt.Actor != "eastman" {
		v = s.decideAPI(c, v)
	}
	tab, _ := browser(t, 1000, 800)
	var msg string
	run(t, tab, "a command the rules refuse",
		chromedp.Navigate(s.base+c.pageOf(t, "eastman")), atVersion(v.Version),
		chromedp.WaitVisible("#command", chromedp.ByQuery),
		chromedp.SetValue("#command", "fly to the moon", chromedp.ByQuery),
		clickOn(`#command-form button[type="submit"]`),
		chromedp.WaitVisible("#message", chromedp.ByQuery),
		chromedp.Text("#message", &msg, chromedp.ByQuery))
	if msg == "" {
		t.Fatal("no message for a refused command")
	}
	v = s.decideAPI(c, v)
	run(t, tab, "the fight moves on", atVersion(v.Version), chromedp.WaitNotVisible("#message", chromedp.ByQuery))
}
