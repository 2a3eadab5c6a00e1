package odds_test

import (
	"fmt"
	"testing"

	"fray/odds"
	bp "fray/rules/blackpowder"
	"fray/rules/tempo"
)

// An option that finishes in All's second round, going by probability
// (deep.go), has exactly the odds it has on its own.
func TestSecondRoundByProbabilityIsExact(t *testing.T) {
	cases := []struct {
		ruleset, encounter string
		steps              []string
		dice               []int
		actor              string
	}{
		{bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, []int{9, 2}, "markus"},
		{bp.ID, "brute_squad", []string{"beatrix: initiative", "musketeer: initiative"}, []int{2, 9}, "brute"},
		{tempo.ID, "duel", []string{"gm: begin"}, []int{9, 2}, "fencer"},
		{tempo.ID, "brawl", []string{"gm: begin"}, []int{9, 2, 5, 3}, "bruno"},
	}
	for _, c := range cases {
		for _, budget := range []int{400, 1500, 5000} {
			t.Run(fmt.Sprintf("%s/%s/%d", c.encounter, c.actor, budget), func(t *testing.T) {
				table, calc := bundledTable(t, c.ruleset, c.encounter, c.steps, c.dice...)
				m, err := calc.All(table, c.actor, odds.Options{Workers: 1, MaxPaths: budget})
				if err != nil {
					t.Fatal(err)
				}
				exact := 0
				for _, h := range m.Options {
					if h.Status != odds.Exact {
						continue
					}
					exact++
					rep, err := calc.Odds(table, c.actor, h.Command, odds.Options{Workers: 1})
					if err != nil {
						t.Fatal(err)
					}
					sameOdds(t, h.Command, h.Report, rep)
				}
				t.Logf("%d of %d exact", exact, len(m.Options))
			})
		}
	}
}
