package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"fray/engine"
)

// feintPick is the option the feint test plays: before the feint, a
// feint when there is one, else a single step; after it, a parry or a
// keep, so that the feint's exchange runs its course; else the prompt's
// fallback. (In the tempo duel a feint is offered within the first few
// decisions, whatever the dice.)
func feintPick(p engine.Prompt[string], feinted bool) string {
	if !feinted {
		for _, o := range p.Options {
			if strings.HasPrefix(o.Command, "feint ") {
				return o.Command
			}
		}
		for _, o := range p.Options {
			if step, ok := strings.CutPrefix(o.Command, "move "); ok && !strings.Contains(step, " ") {
				return o.Command
			}
		}
	}
	for _, prefix := range []string{"parry", "keep"} {
		for _, o := range p.Options {
			if strings.HasPrefix(o.Command, prefix) {
				return o.Command
			}
		}
	}
	return p.Fallback()
}

// feintTrace is a script that returns the text around the first mention
// of a feint anywhere in the page's header and fight view (text, hidden
// parts, attributes and titles included), or "".
const feintTrace = `(() => {
  const t = (document.querySelector("header").outerHTML + document.querySelector("#fight").outerHTML).toLowerCase();
  const i = t.indexOf("feint");
  return i < 0 ? "" : t.slice(Math.max(0, i - 160), i + 80);
})()`

// TestFeintHiddenUntilRevealed plays a tempo duel with the GM's page and
// both players' pages open until a feint is declared and revealed: the
// feinter's decisions on the GM's page, the opponent's on their own. At
// every version from the declaration until the reveal, the opponent's
// page (the prompt, the turn order, the combatants, the log) has no trace
// of a feint, while the GM's and the feinter's pages show it; once the
// rules reveal it, the opponent's log says so.
func TestFeintHiddenUntilRevealed(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("duel")
	gm, watch := browser(t, 1200, 900)
	run(t, gm, "the GM's page", chromedp.Navigate(s.base+"/#fight="+c.ID+"&token="+c.GMToken), atVersion(0))
	tabs := map[string]context.Context{}
	players := map[string]string{}
	for _, p := range c.Players {
		tabs[p.Combatant] = openTab(t, gm, watch, s.base+p.Page)
		players[p.Combatant] = p.Page
	}
	tokenOf := func(who string) string {
		_, tok := fragment(t, s.base+players[who])
		return tok
	}
	feinter, opponent := "", ""
	hiddenAt := 0 // versions at which the opponent's page was checked before the reveal
	for step := 0; ; step++ {
		if step > 40 {
			t.Fatal("no feint declared and revealed in 40 decisions")
		}
		v := s.view(c.ID, c.GMToken)
		if v.Prompt.Kind == engine.End {
			t.Fatalf("the fight ended at version %d before a feint was revealed (feinter %q)", v.Version, feinter)
		}
		cmd := feintPick(v.Prompt, feinter != "")
		tab := gm
		if opponent != "" && v.Prompt.Actor == opponent {
			tab = tabs[opponent]
		}
		sel := fmt.Sprintf(`#options button[data-command=%q]`, cmd)
		run(t, tab, fmt.Sprintf("version %d: %s: %s", v.Version, v.Prompt.Actor, cmd),
			atVersion(v.Version), clickOn(sel), atVersion(v.Version+1))
		if feinter == "" && strings.HasPrefix(cmd, "feint ") {
			feinter = v.Prompt.Actor
			for who := range tabs {
				if who != feinter {
					opponent = who
				}
			}
			// The GM and the feinter see the feint declared.
			for who, tab := range map[string]context.Context{"the GM": gm, feinter: tabs[feinter]} {
				run(t, tab, who+" sees the feint", atVersion(v.Version+1),
					until(`document.querySelector("#log").textContent.includes("secretly a feint")`))
			}
		}
		if feinter == "" {
			continue
		}
		revealed := false
		for _, e := range s.entries(c.ID, tokenOf(opponent)) {
			for _, l := range e.Lines {
				revealed = revealed || strings.Contains(l, "was a feint")
			}
		}
		var trace string
		run(t, tabs[opponent], opponent+"'s page", atVersion(v.Version+1), chromedp.Evaluate(feintTrace, &trace))
		if !revealed {
			hiddenAt++
			if trace != "" {
				t.Fatalf("version %d: %s's page shows a feint %s has not revealed yet: …%s…", v.Version+1, opponent, feinter, trace)
			}
			if hiddenAt == 1 {
				screenshot(t, tabs[opponent], "feint-hidden")
			}
			continue
		}
		want := feinter + "'s attack was a feint"
		run(t, tabs[opponent], opponent+"'s page after the reveal",
			until(fmt.Sprintf(`document.querySelector("#log").textContent.includes(%q)`, want)))
		if trace == "" {
			t.Errorf("after the reveal %s's page has no trace of the feint", opponent)
		}
		t.Logf("%s feinted; %s's page was checked at %d versions before the reveal at version %d", feinter, opponent, hiddenAt, v.Version+1)
		break
	}
	if hiddenAt == 0 {
		t.Fatal("the feint was revealed as it was declared: nothing was checked while it was secret")
	}
}
