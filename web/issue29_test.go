package web_test

import (
	"net/url"
	"testing"

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
