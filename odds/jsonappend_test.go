package odds_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"testing"

	"fray/catalog"
	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/scenario"
)

// AppendReportJSON writes exactly what json.Marshal writes of
// NewReportJSON: for every option of the first prompts of a random fight
// of every bundled encounter, at a budget small enough for estimates, for
// a partial answer, and for a report whose words need escaping and whose
// figures are tiny or huge.
func TestAppendReportJSONIsMarshal(t *testing.T) {
	c, err := catalog.New()
	if err != nil {
		t.Fatal(err)
	}
	reg := c.Registry()
	reports, estimates, partial := 0, 0, 0
	same := func(where string, r *odds.Report) {
		t.Helper()
		want, err := json.Marshal(odds.NewReportJSON(r))
		if err != nil {
			t.Fatal(err)
		}
		if got := odds.AppendReportJSON(nil, r); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("%s: the two part at byte %d:\n%s\n%s", where, i, got[max(0, i-80):min(len(got), i+80)], want[max(0, i-80):min(len(want), i+80)])
		}
		reports++
		if r.Estimate != nil {
			estimates++
		}
		if len(r.Limits) > 0 {
			partial++
		}
	}
	for _, enc := range reg.Encounters() {
		table, err := scenario.ParseEncounter(reg, enc.Name, enc.Text)
		if err != nil {
			t.Fatal(err)
		}
		calc, err := c.Calculator(enc.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, uint64(len(enc.Name))))
		src := dice.Seeded(uint64(len(enc.Name)))
		for d := 0; d < 3; d++ {
			p := table.Prompt()
			if p.Kind == engine.End || len(p.Options) == 0 {
				break
			}
			for _, budget := range []int{60} {
				m, err := calc.All(table, p.Actor, odds.Options{MaxPaths: budget, Workers: 1})
				if err != nil {
					t.Fatalf("%s: %v", enc.Name, err)
				}
				for _, h := range m.Options {
					if h.Report != nil {
						same(enc.Name+": "+h.Command, h.Report)
					}
				}
			}
			if r, err := calc.Odds(table, p.Actor, p.Options[0].Command, odds.Options{MaxPaths: 30, Workers: 1}); err == nil {
				same(enc.Name+": "+p.Options[0].Command+" (partial)", r)
			}
			o := p.Options[rng.IntN(len(p.Options))]
			if _, err := table.Submit(p.Actor, o.Command, src); err != nil {
				t.Fatalf("%s: %v", enc.Name, err)
			}
		}
	}
	tiny := big.NewRat(1, 300000000)
	odd := &odds.Report{
		Ruleset: "x", Actor: "a<b>&c", Command: "say \"hi\"\\ \n\t\b\f\x01", Question: "é ü 日本 \u2028\u2029 \xff",
		Policy: "tactical", Uncovered: tiny, Paths: 3, Situations: 1,
		Limits:     []odds.Limit{{Reason: "dice paths beyond the budget", P: tiny}},
		Tags:       []odds.TagOdds{{Tag: "hit", P: big.NewRat(1, 2)}, {Tag: "x:<y>", P: big.NewRat(2, 1e9)}},
		Combatants: []odds.CombatantOdds{{Combatant: "b", Before: "active", MeanDamage: new(big.Rat).SetFloat64(3e21), Down: new(big.Rat)}},
		Answered:   []odds.Answer{{Actor: "b", Kind: "react", Question: "dodge?", Command: "dodge", By: "policy", P: big.NewRat(1, 3)}},
		Outcomes:   []odds.Outcome{{P: big.NewRat(1, 2), Tags: []string{"hit"}}, {P: big.NewRat(1, 2)}},
	}
	same("a report of odd words and figures", odd)
	if reports < 200 || estimates < 10 || partial < 10 {
		t.Errorf("only %d reports compared, %d estimates and %d partial", reports, estimates, partial)
	}
}
