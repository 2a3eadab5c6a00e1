package odds_test

import (
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/vigor"
	"fray/scenario"
)

// A decision that runs out of the budget in its middle keeps the paths it
// ran, its rest split by its dice (split.go): the exact part grows with
// the budget, from a budget far below the decision's size, and every
// outcome's exact part is at most its exact odds, with the same tags and
// effects.
func TestSplitKeepsThePathsRun(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil) // 323 dice paths, most in the shot itself
	exact := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{Workers: 1})
	full := map[string]*odds.Outcome{}
	for i := range exact.Outcomes {
		full[exact.Outcomes[i].Key()] = &exact.Outcomes[i]
	}
	last := 0.0
	for _, budget := range []int{50, 100, 200, 300} {
		r := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxPaths: budget, Fallback: true, Workers: 1})
		if r.Estimate == nil || r.Paths != budget {
			t.Fatalf("a budget of %d: status %s after %d paths, want an estimate after the whole budget", budget, r.Status(), r.Paths)
		}
		if r.Estimate.Exact <= last {
			t.Errorf("a budget of %d: %.3f exact, not more than %.3f with less", budget, r.Estimate.Exact, last)
		}
		last = r.Estimate.Exact
		part := odds.ExactPart(r)
		for _, o := range part.Outcomes {
			f, ok := full[o.Key()]
			if !ok {
				t.Errorf("a budget of %d: outcome %s of the exact part is not among the exact odds", budget, o.Key())
				continue
			}
			if o.P.Cmp(f.P) > 0 {
				t.Errorf("a budget of %d: outcome %s: %s in the exact part, more than its odds %s", budget, o.Key(), o.P.RatString(), f.P.RatString())
			}
		}
		sumsToOne(t, r)
	}
	if last < 0.5 {
		t.Errorf("a budget of 300 of 323 paths: %.3f exact", last)
	}
}

// An estimate of what a decision split by its dice left (its parts with
// their first dice fixed) is honest: under many seeds, the exact figures
// fall inside its 95% intervals about 95% of the time.
func TestSplitEstimateIsHonest(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	exact := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{Workers: 1})
	hit, _ := exact.TagP("hit").Float64()
	downs := map[string]float64{}
	for _, c := range exact.Combatants {
		downs[c.Combatant], _ = c.Down.Float64()
	}
	const seeds = 120
	var inside, checked, samples int
	var share float64
	for seed := uint64(1); seed <= seeds; seed++ {
		budget := []int{300, 400, 500, 600}[seed%4]
		r := oddsOf(t, s, "eastman", "attack westman", tactical, odds.WithSeed(odds.Options{MaxPaths: budget, Fallback: true, Workers: 1}, seed, false))
		if r.Estimate == nil || r.Estimate.Exact <= 0 {
			t.Fatalf("seed %d: status %s, want an estimate of a part", seed, r.Status())
		}
		share += r.Estimate.Exact
		samples += r.Estimate.Samples
		check := func(want float64, lo, hi float64) {
			if hi-lo < 1e-3 {
				return
			}
			checked++
			if lo <= want && want <= hi {
				inside++
			}
		}
		lo, hi := r.Interval(r.TagP("hit"))
		check(hit, lo, hi)
		for _, c := range r.Combatants {
			lo, hi := r.Interval(c.Down)
			check(downs[c.Combatant], lo, hi)
		}
	}
	rate := float64(inside) / float64(checked)
	t.Logf("%d seeds: exact share %.2f, %d resolutions; the exact figures inside the 95%% intervals %.1f%% of %d", seeds, share/seeds, samples/seeds, 100*rate, checked)
	if rate < 0.9 || rate > 0.995 {
		t.Errorf("the exact figures fall inside the 95%% intervals %.1f%% of the time", 100*rate)
	}
}

// A decision split by its dice is in the memo whole once its parts are
// all resolved: the other options of the menu that meet it file it from
// there. Every option exact in a vigor menu at budgets that split its
// decisions has exactly the odds it has on its own.
func TestSplitDecisionsJoinedExactly(t *testing.T) {
	reg, err := engine.NewRegistry(vigor.Info())
	if err != nil {
		t.Fatal(err)
	}
	info, err := reg.Lookup(vigor.ID)
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, "vigor_ambush", info.Content()["vigor_ambush"])
	if err != nil {
		t.Fatal(err)
	}
	calc, err := odds.For(vigor.Plugin().Game)
	if err != nil {
		t.Fatal(err)
	}
	decisions := 12
	if testing.Short() {
		decisions = 4
	}
	choose, src := dice.Seeded(5), dice.Seeded(6)
	compared := 0
	for d := 0; d < decisions; d++ {
		p := table.Prompt()
		if p.Kind == engine.End || len(p.Options) == 0 {
			break
		}
		for _, budget := range []int{1500, 6000} {
			m, err := calc.All(table, p.Actor, odds.Options{Workers: 1, MaxPaths: budget})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range m.Options {
				if h.Report == nil || h.Report.Estimate != nil {
					continue
				}
				alone, err := calc.Odds(table, p.Actor, h.Command, odds.Options{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				sameOdds(t, fmt.Sprintf("decision %d, budget %d: %s", d, budget, h.Command), h.Report, alone)
				compared++
			}
		}
		i := choose.Roll(len(p.Options)) - 1
		if p.Kind == engine.Ruling && p.Default >= 0 {
			i = p.Default
		}
		if _, err := table.Submit(p.Actor, p.Options[i].Command, src); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d options compared", compared)
}
