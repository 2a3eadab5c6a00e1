package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"fray/engine"
	"fray/odds"
	"fray/server"
)

// stingy is a calculator with a budget of a few dice paths an option
// (the server asks for each option's odds apart), so that the options
// that need more are estimated.
type stingy struct{ odds.Calculator }

func (c stingy) Odds(t engine.Table, actor, command string, o odds.Options) (*odds.Report, error) {
	o.MaxPaths = 40
	return c.Calculator.Odds(t, actor, command, o)
}

// startStingySite starts a site whose odds come from stingy calculators.
func startStingySite(t *testing.T) *site {
	t.Helper()
	return startSiteWith(t, func(cfg *server.Config) {
		plain := cfg.Odds
		cfg.Odds = func(id string) (odds.Calculator, error) {
			c, err := plain(id)
			if err != nil {
				return nil, err
			}
			return stingy{c}, nil
		}
	})
}

// Beside each option the page shows what that option's odds are: exact
// figures as they are, and an estimate said to be one, with its margin,
// and its interval and sample count on hover.
func TestPageSaysWhichOddsAreEstimates(t *testing.T) {
	t.Parallel()
	s := startStingySite(t)
	c := s.createFight("pistols_at_dawn")
	v := s.dawnAtEastmansShot(c)
	attack := -1
	for i, o := range v.Prompt.Options {
		if strings.HasPrefix(o.Command, "attack") {
			attack = i
		}
	}
	if attack < 0 {
		t.Fatalf("no attack among %+v", v.Prompt.Options)
	}
	tab, _ := browser(t, 1000, 800)
	sel := fmt.Sprintf(`#options button[data-i="%d"] .odds`, attack)
	var text, title, status string
	var ok bool
	run(t, tab, "eastman's page with the odds of his options",
		chromedp.Navigate(s.base+c.pageOf(t, "eastman")), atVersion(v.Version),
		until(fmt.Sprintf(`document.body.dataset.oddsVersion === "%d"`, v.Version)),
		chromedp.Text(sel, &text, chromedp.ByQuery),
		chromedp.AttributeValue(sel, "title", &title, &ok, chromedp.ByQuery),
		chromedp.AttributeValue(sel, "data-status", &status, &ok, chromedp.ByQuery))
	if status != "estimate" || !strings.HasPrefix(text, "estimate: hit ") || !strings.Contains(text, " pts)") {
		t.Errorf("the attack's odds say %q (status %q), want an estimate said to be one", text, status)
	}
	if !strings.Contains(title, "not exact odds") || !strings.Contains(title, "resolutions played with seeded dice") || !strings.Contains(title, "(95%)") {
		t.Errorf("the attack's odds' title is %q", title)
	}
}

// dawnAtEastmansShot rolls pistols at dawn's initiative by hand (Eastman
// 9, Westman 2) and returns the fight at Eastman's turn to shoot.
func (s *site) dawnAtEastmansShot(c created) fightView {
	s.t.Helper()
	for _, who := range []string{"eastman", "westman"} {
		v := s.view(c.ID, c.GMToken)
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken,
			map[string]any{"version": v.Version, "actor": who, "command": "initiative", "physical": true, "dice": []int{map[string]int{"eastman": 9, "westman": 2}[who]}}, nil); st != 200 {
			s.t.Fatalf("%s's initiative: %d", who, st)
		}
	}
	v := s.view(c.ID, c.GMToken)
	if v.Prompt.Actor != "eastman" {
		s.t.Fatalf("the prompt is %s's", v.Prompt.Actor)
	}
	return v
}
