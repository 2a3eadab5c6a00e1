package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHiddenDecisionInTheLog: a hidden creature's move is in its ally's
// log with who made it and the command, and in its enemy's as a decision
// hidden from them, naming no one.
func TestHiddenDecisionInTheLog(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	enc := "ruleset: vigor\nsides: [{id: a}, {id: b}]\ncombatants:\n" +
		"  - {use: duelist, id: ann, side: a}\n" +
		"  - {use: duelist, id: bo, side: b, x: 15, hidden: true}\n" +
		"  - {use: duelist, id: cy, side: b, x: 60}\n" +
		"start: {order: [bo, ann, cy]}\n"
	var c created
	if st := s.call("POST", "/fights", creator, map[string]any{"encounter": enc}, &c); st != 201 {
		t.Fatalf("creating the fight: %d", st)
	}
	if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": 0, "actor": "bo", "command": "move 5,0"}, nil); st != 200 {
		t.Fatalf("bo moves: %d", st)
	}
	// Each viewer's page is a tab of its own: the pages differ only in
	// the address's fragment, and going from one to the other in one tab
	// changes the page in place, keeping the first one's log and version
	// until the second one's stream has caught up, which the waits below
	// would take for the second's.
	window, watch := browser(t, 1000, 800)
	logOf := func(who string) (text string, actors int) {
		tab := openTab(t, window, watch, s.base+c.pageOf(t, who))
		run(t, tab, who+"'s page", atVersion(1),
			until(`document.querySelectorAll("#log > li").length === 1`),
			chromedp.Evaluate(`document.querySelector("#log").textContent`, &text),
			chromedp.Evaluate(`document.querySelectorAll("#log > li[data-actor]").length`, &actors))
		return text, actors
	}
	if text, actors := logOf("ann"); !strings.Contains(text, "a decision hidden from you") || strings.Contains(strings.ToLower(text), "bo") || actors != 0 {
		t.Errorf("ann's log reads %q with %d actors marked: the hidden move should name no one", text, actors)
	}
	if text, actors := logOf("cy"); !strings.Contains(text, "move 5,0") || strings.Contains(text, "hidden from you") || actors != 1 {
		t.Errorf("cy's log reads %q with %d actors marked: bo's ally should see the move", text, actors)
	}
}
