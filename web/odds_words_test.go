package web_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// oddsOf reads the odds shown beside the option of a page's prompt whose
// command is cmd: its text, its title (the exact figures) and how it reads
// them (data-reads: attack or defence).
func oddsOf(t *testing.T, tab context.Context, what string, v fightView, cmd string) (text, title, reads string) {
	t.Helper()
	i := -1
	for j, o := range v.Prompt.Options {
		if o.Command == cmd {
			i = j
		}
	}
	if i < 0 {
		t.Fatalf("%s: no option %q among %+v", what, cmd, v.Prompt.Options)
	}
	sel := fmt.Sprintf(`#options button[data-i="%d"] .odds`, i)
	var ok bool
	run(t, tab, what, atVersion(v.Version),
		until(fmt.Sprintf(`document.body.dataset.oddsVersion === "%d"`, v.Version)),
		chromedp.Text(sel, &text, chromedp.ByQuery),
		chromedp.AttributeValue(sel, "title", &title, &ok, chromedp.ByQuery),
		chromedp.AttributeValue(sel, "data-reads", &reads, &ok, chromedp.ByQuery))
	return text, title, reads
}

// TestOddsInWordsThatFit: beside an attack the page says the chance to
// hit; beside an answer to a blow (a dodge, or taking it) it says the
// chance the answer works, the damage the one answering takes if it does
// not and their chance to go down, with the exact fractions on hover.
func TestOddsInWordsThatFit(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("pistols_at_dawn")
	v := s.dawnAtEastmansShot(c)
	parent, watch := browser(t, 1000, 800)
	tab := openTab(t, parent, watch, s.base+c.pageOf(t, "eastman"))
	text, title, reads := oddsOf(t, tab, "eastman's attack", v, "attack westman")
	if reads != "attack" || !strings.HasPrefix(text, "hit ") || !strings.Contains(text, " · down ") || !strings.HasPrefix(title, "hit ") {
		t.Errorf("eastman's attack reads %q (%s), title %q: want the chance to hit", text, reads, title)
	}

	// Eastman hits with a 3 (6 against 6); Westman may dodge (needs 11).
	if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken,
		map[string]any{"version": v.Version, "command": "attack westman", "physical": true, "dice": []int{3}}, nil); st != 200 {
		t.Fatalf("eastman's attack: %d", st)
	}
	v = s.view(c.ID, c.GMToken)
	if v.Prompt.Actor != "westman" || v.Prompt.Kind != "react" {
		t.Fatalf("after the attack the prompt is %+v", v.Prompt)
	}
	tab = openTab(t, parent, watch, s.base+c.pageOf(t, "westman"))
	text, title, reads = oddsOf(t, tab, "westman's dodge", v, "dodge")
	// The dodge works on 8, 9 or 10 of the d10; failing, it is taking the
	// shot: 65127/6250 damage expected, down 589769/1250000 of the time.
	if want := "works 30.0% · you take 10.4 if not · down 33.0%"; text != want || reads != "defence" {
		t.Errorf("westman's dodge reads %q (%s), want %q", text, reads, want)
	}
	if want := "works 3/10\nyou take 65127/6250 damage expected if it does not\nyou go down 4128383/12500000"; title != want {
		t.Errorf("westman's dodge's title is %q, want %q", title, want)
	}
	text, title, reads = oddsOf(t, tab, "westman taking it", v, "take")
	if want := "you take 10.4 · down 47.2%"; text != want || reads != "defence" {
		t.Errorf("westman taking the shot reads %q (%s), want %q", text, reads, want)
	}
	if want := "you take 65127/6250 damage expected\nyou go down 589769/1250000"; title != want {
		t.Errorf("westman taking the shot's title is %q, want %q", title, want)
	}

	// On the GM's page the one answering is named.
	tab = openTab(t, parent, watch, s.base+"/#"+url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode())
	if text, _, _ = oddsOf(t, tab, "westman's dodge on the GM's page", v, "dodge"); text != "works 30.0% · Westman takes 10.4 if not · down 33.0%" {
		t.Errorf("on the GM's page westman's dodge reads %q", text)
	}
}
