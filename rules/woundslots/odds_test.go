package woundslots_test

import (
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/woundslots"
	"fray/scenario"
)

// duelTable is the bundled duel after initiative (captain 19, knight 18)
// and the captain's approach: the captain's attack on the knight is next.
func duelTable(t *testing.T) (engine.Table, odds.Calculator) {
	t.Helper()
	reg, err := engine.NewRegistry(woundslots.Info())
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, "woundslots_duel", woundslots.Content()["woundslots_duel"])
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewScript(10, 10)
	for _, step := range []string{"gm: initiative", "captain: approach knight"} {
		actor, text, _ := strings.Cut(step, ":")
		if _, err := table.Submit(strings.TrimSpace(actor), strings.TrimSpace(text), src); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	calc, err := odds.For(engine.Game[woundslots.State, woundslots.Command, woundslots.Event](woundslots.Rules{}))
	if err != nil {
		t.Fatal(err)
	}
	return table, calc
}

// TestOddsByHand checks the exact odds of the captain's attack against
// the numbers worked by hand in docs/rules/woundslots.md: +5 against
// Defense 13 hits on 8 or more; the final value is the die - 9.
func TestOddsByHand(t *testing.T) {
	table, calc := duelTable(t)
	for _, every := range []bool{false, true} {
		r, err := calc.Odds(table, "captain", "attack knight", odds.Options{EveryValue: every})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"hit": "13/20", "miss": "7/20", "critical": "1/20", "fumble": "1/20",
			"no_wound": "1/20", "light_wound": "1/10", "moderate_wound": "1/10",
			"severe_wound": "1/10", "critical_wound": "1/10", "fatal_wound": "1/5", "down": "1/5",
		}
		got := map[string]string{}
		for _, tg := range r.Tags {
			got[tg.Tag] = tg.P.RatString()
		}
		for tag, p := range want {
			if got[tag] != p {
				t.Errorf("every value %v: %s = %s, want %s", every, tag, got[tag], p)
			}
		}
	}
}
