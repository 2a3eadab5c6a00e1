package odds_test

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
	"fray/rules/tempo"
	"fray/rules/vigor"
	"fray/rules/woundslots"
	"fray/scenario"
)

// Folding the GM's rulings left to their default into the decision before
// them gives exactly the odds of resolving each as a situation of its
// own, for every option of the prompts of seeded fights in four rulesets,
// and the same prompts answered as often, with fewer situations.
func TestFoldedRulingsKeepTheOdds(t *testing.T) {
	reg, err := engine.NewRegistry(bp.Info(), tempo.Info(), vigor.Info(), woundslots.Info())
	if err != nil {
		t.Fatal(err)
	}
	calcs := map[string]func() (odds.Calculator, error){
		bp.ID:         func() (odds.Calculator, error) { return odds.For(bp.Plugin().Game) },
		tempo.ID:      func() (odds.Calculator, error) { return odds.For(tempo.Plugin().Game) },
		vigor.ID:      func() (odds.Calculator, error) { return odds.For(vigor.Plugin().Game) },
		woundslots.ID: func() (odds.Calculator, error) { return odds.For(woundslots.Plugin().Game) },
	}
	cases := []struct{ ruleset, encounter string }{
		{vigor.ID, "vigor_duel"},
		{vigor.ID, "vigor_ambush"},
		{woundslots.ID, "woundslots_duel"},
		{bp.ID, "alley_fight"},
		{tempo.ID, "brawl"},
	}
	decisions := 8
	if testing.Short() {
		decisions = 3
	}
	for _, c := range cases {
		t.Run(c.encounter, func(t *testing.T) {
			info, err := reg.Lookup(c.ruleset)
			if err != nil {
				t.Fatal(err)
			}
			table, err := scenario.ParseEncounter(reg, c.encounter, info.Content()[c.encounter])
			if err != nil {
				t.Fatal(err)
			}
			calc, err := calcs[c.ruleset]()
			if err != nil {
				t.Fatal(err)
			}
			choose, src := dice.Seeded(3), dice.Seeded(4)
			var compared, situations, unfoldedSituations int
			for d := 0; d < decisions; d++ {
				p := table.Prompt()
				if p.Kind == engine.End || len(p.Options) == 0 {
					break
				}
				opts := odds.Options{Workers: 1, MaxPaths: 100000}
				folded, err := calc.All(table, p.Actor, opts)
				if err != nil {
					t.Fatal(err)
				}
				unfolded, err := calc.All(table, p.Actor, odds.Unfolded(opts))
				if err != nil {
					t.Fatal(err)
				}
				byCommand := map[string]*odds.Report{}
				for _, h := range unfolded.Options {
					byCommand[h.Command] = h.Report
				}
				for _, h := range folded.Options {
					want := byCommand[h.Command]
					if h.Report == nil || want == nil || h.Report.Estimate != nil || want.Estimate != nil {
						continue
					}
					what := p.Actor + ": " + h.Command
					sameOdds(t, what, h.Report, want)
					sameAnswers(t, what, h.Report, want)
					compared++
					situations += h.Report.Situations
					unfoldedSituations += want.Situations
				}
				o := p.Options[choose.Roll(len(p.Options))-1]
				if _, err := table.Submit(p.Actor, o.Command, src); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d options compared: %d situations folded, %d not", compared, situations, unfoldedSituations)
			if compared == 0 {
				t.Error("no option exact both ways")
			}
			if situations > unfoldedSituations {
				t.Errorf("%d situations folded, more than the %d not", situations, unfoldedSituations)
			}
		})
	}
}

// sameAnswers fails the test unless two reports answered the same prompts
// in the same ways with the same probabilities (in any order), but for
// what is not covered: a ruling folded into a dice path that is then cut
// off (a burst chain past its depth) is not counted as answered, where as
// a situation of its own it was answered before its dice were drawn.
func sameAnswers(t *testing.T, what string, got, want *odds.Report) {
	t.Helper()
	key := func(a odds.Answer) string {
		return a.Actor + "|" + a.Kind + "|" + a.Command + "|" + a.Label + "|" + a.By
	}
	ps := map[string]*big.Rat{}
	for _, a := range want.Answered {
		ps[key(a)] = a.P
	}
	for _, a := range got.Answered {
		w, ok := ps[key(a)]
		if !ok {
			t.Errorf("%s: answered %q (%s), not without folding", what, key(a), a.P.RatString())
			continue
		}
		diff := new(big.Rat).Sub(w, a.P)
		if diff.Sign() < 0 || diff.Cmp(want.Uncovered) > 0 {
			t.Errorf("%s: answered %q: %s, want %s", what, key(a), a.P.RatString(), w.RatString())
		}
		delete(ps, key(a))
	}
	for k, p := range ps {
		t.Errorf("%s: answer %q (%s) is missing", what, k, p)
	}
}
