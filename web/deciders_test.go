package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestGMChoosesWhomToAnswerFor plays the start of the alley fight from the
// GM's page with Markus's player page open. Initiative is rolled by hand
// on the GM's page (the players first); on the players' group turn
// Beatrix is asked and Markus may act first: both pages say so, Markus's
// page offers his own options, and the GM chooses to answer for Markus,
// with his options and odds, overriding his player. Then Beatrix, whose
// player also has a link, is answered for by the GM with a digital die.
// The GM's log marks the dice typed in and those the server drew.
func TestGMChoosesWhomToAnswerFor(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	gm, watch := browser(t, 1280, 1000)
	fight, gmToken, markusLink := startOnPage(t, s, gm, "alley_fight", "markus")
	markus := openTab(t, gm, watch, markusLink)

	// Initiative by hand: the players' 10, the thugs' 1.
	run(t, gm, "real dice", clickOn("#physical"))
	for v, die := range []int{10, 1} {
		p := s.view(fight, gmToken).Prompt
		if typed := decideWithDice(t, gm, int64(v), p, "initiative", func(int) int { return die }); len(typed) != 1 {
			t.Fatalf("initiative took dice %v", typed)
		}
	}
	run(t, gm, "the server's dice from now on", clickOn("#physical"))

	var whose, deciders string
	var buttons []string
	run(t, gm, "the GM's page on the players' turn", atVersion(2),
		chromedp.WaitVisible(`#deciders button[data-actor="markus"]`, chromedp.ByQuery),
		chromedp.Text("#whose", &whose, chromedp.ByQuery),
		chromedp.Text("#deciders", &deciders, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("#deciders button")].map((b) => b.dataset.actor + ":" + b.getAttribute("aria-pressed"))`, &buttons))
	if !strings.HasPrefix(whose, "Asked: Beatrix (or Markus, first)") {
		t.Errorf("the GM's page says who is asked as %q", whose)
	}
	if !strings.Contains(deciders, "You answer as the GM, for Beatrix.") || !strings.Contains(deciders, "Beatrix's player has a link") ||
		strings.Join(buttons, " ") != "beatrix:true markus:false" {
		t.Errorf("the GM's deciders: %q, buttons %v", deciders, buttons)
	}
	var mine []string
	run(t, markus, "markus's page on the players' turn", atVersion(2),
		until(`document.querySelector("#whose").textContent.startsWith("Your decision: Beatrix is asked, and you may act first")`),
		until(`document.querySelectorAll("#options button").length > 0`),
		chromedp.Evaluate(`[...document.querySelectorAll("#options button")].map((b) => b.dataset.command)`, &mine))
	var his struct {
		Prompt struct {
			Options []struct {
				Command string `json:"command"`
			} `json:"options"`
		} `json:"prompt"`
	}
	s.call("GET", "/fights/"+fight+"/options?actor=markus", gmToken, nil, &his)
	var want []string
	for _, o := range his.Prompt.Options {
		want = append(want, o.Command)
	}
	if strings.Join(mine, "|") != strings.Join(want, "|") || !strings.Contains(strings.Join(mine, "|"), "hold thug1") {
		t.Errorf("markus's page offers %q, his options are %q", mine, want)
	}

	// The GM answers for Markus, with his options and odds.
	hold := `#options button[data-command="hold thug1"]`
	run(t, gm, "the GM chooses markus",
		clickOn(`#deciders button[data-actor="markus"]`),
		until(`document.body.dataset.deciding === "markus"`),
		chromedp.WaitVisible(hold, chromedp.ByQuery),
		until(`document.body.dataset.oddsVersion === "2"`),
		until(`document.querySelector("#deciders").textContent.includes("for Markus.")`))
	screenshot(t, gm, "gm-desktop")
	run(t, gm, "holding thug1 for markus", clickOn(hold), atVersion(3))
	run(t, markus, "markus's page follows", atVersion(3))
	entries := s.entries(fight, gmToken)
	if last := entries[len(entries)-1]; last.Actor != "markus" || last.Command != "hold thug1" {
		t.Fatalf("the GM's answer went in as %s: %s", last.Actor, last.Command)
	}

	// The hold may be answered (a struggle): the GM answers until Beatrix
	// is asked; Markus, who has acted, may still take his immediate action
	// (a draw, blackpowder's R06), so the GM may still choose him; it
	// answers for her.
	v := s.view(fight, gmToken)
	for i := 0; v.Prompt.Actor != "beatrix"; i++ {
		if i == 5 || len(v.Prompt.Options) == 0 {
			t.Fatalf("after markus's hold, the prompt is %s's: %s", v.Prompt.Actor, v.Prompt.Question)
		}
		sel := fmt.Sprintf(`#options button[data-i="%d"]`, choose(v.Prompt))
		run(t, gm, "answering for "+v.Prompt.Actor, atVersion(v.Version), clickOn(sel), atVersion(v.Version+1))
		v = s.view(fight, gmToken)
	}
	if strings.Join(v.Prompt.Others, " ") != "markus" {
		t.Fatalf("beatrix's prompt has others %v, want markus (his immediate action)", v.Prompt.Others)
	}
	cmd := v.Prompt.Options[choose(v.Prompt)].Command
	sel := fmt.Sprintf(`#options button[data-command=%q]`, cmd)
	run(t, gm, "answering for beatrix",
		atVersion(v.Version), chromedp.WaitVisible(sel, chromedp.ByQuery),
		until(`document.querySelectorAll("#deciders button").length === 2 && document.querySelector("#deciders").textContent.includes("for Beatrix.")`),
		clickOn(sel), atVersion(v.Version+1))
	entries = s.entries(fight, gmToken)
	if last := entries[len(entries)-1]; last.Actor != "beatrix" || last.Command != cmd {
		t.Fatalf("the GM's answer for beatrix went in as %s: %s", last.Actor, last.Command)
	}
	// Until the server has drawn dice for a decision (an attack declared
	// resolves once its reactions are in).
	drawn := func() bool {
		for _, e := range entries[2:] {
			if len(e.Dice) > 0 {
				return true
			}
		}
		return false
	}
	for i := 0; !drawn(); i++ {
		v = s.view(fight, gmToken)
		if i == 8 || len(v.Prompt.Options) == 0 {
			t.Fatalf("no dice drawn by the server in %d decisions: %s", len(entries), v.Prompt.Question)
		}
		sel := fmt.Sprintf(`#options button[data-i="%d"]`, choose(v.Prompt))
		run(t, gm, "answering for "+v.Prompt.Actor, atVersion(v.Version), clickOn(sel), atVersion(v.Version+1))
		entries = s.entries(fight, gmToken)
	}

	// The dice log: who, and typed in or drawn.
	var log []struct {
		Actor  string   `json:"actor"`
		Source string   `json:"source"`
		Text   string   `json:"text"`
		Dice   []string `json:"dice"`
		Hand   []bool   `json:"hand"`
	}
	run(t, gm, "the dice log", chromedp.Evaluate(`[...document.querySelectorAll("#log > li:not(.undone)")].reverse().map((li) => {
		const d = li.querySelector(":scope > .dice");
		return { actor: li.dataset.actor, source: d ? d.dataset.source : "", text: d ? d.querySelector(".source").textContent : "",
		  dice: d ? [...d.querySelectorAll(".die")].map((x) => x.textContent) : [],
		  hand: d ? [...d.querySelectorAll(".die")].map((x) => x.classList.contains("hand")) : [] };
	})`, &log))
	if len(log) != len(entries) {
		t.Fatalf("the log has %d entries, the transcript %d: %+v", len(log), len(entries), log)
	}
	for i, want := range []struct{ actor, source, text, die string }{
		{"beatrix", "hand", "Beatrix's, rolled by hand", "d10=10"},
		{"thug1", "hand", "Masked thug 1's, rolled by hand", "d10=1"},
	} {
		e := log[i]
		if e.Actor != want.actor || e.Source != want.source || e.Text != want.text || len(e.Dice) != 1 || e.Dice[0] != want.die || !e.Hand[0] {
			t.Errorf("log entry %d: %+v, want %s's %s, %q", i+1, e, want.actor, want.die, want.text)
		}
	}
	for i, e := range log[2:] {
		tr := entries[i+2]
		if len(tr.Dice) == 0 {
			if e.Source != "" {
				t.Errorf("log entry %d, %s's, has no dice but shows %+v", i+3, tr.Actor, e)
			}
			continue
		}
		if e.Actor != tr.Actor || e.Source != "server" || !strings.HasSuffix(e.Text, "'s, drawn by the server") || len(e.Dice) != len(tr.Dice) || e.Hand[0] {
			t.Errorf("log entry %d: %+v, want %s's %v drawn by the server", i+3, e, tr.Actor, tr.Dice)
		}
	}
}
