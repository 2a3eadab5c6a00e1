package odds_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"fray/odds"
)

// A report sent between processes as JSON reads back with the same
// figures and the same intervals, an estimate of a part included: the
// server's odds workers send their reports so.
func TestReportTravelsAsJSON(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	budget := odds.Options{MaxPaths: 600, Fallback: true, Workers: 1}
	for _, r := range []*odds.Report{
		oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{}),
		oddsOf(t, s, "eastman", "attack westman", tactical, odds.WithSeed(budget, 3, false)),
		oddsOf(t, s, "eastman", "attack westman", tactical, odds.WithSeed(budget, 3, true)),
	} {
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back odds.Report
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Outcomes, r.Outcomes) || !reflect.DeepEqual(back.Estimate, r.Estimate) {
			t.Fatalf("%s: the report read back differs", r.Status())
		}
		hit := r.TagP("hit")
		lo, hi := r.Interval(hit)
		blo, bhi := back.Interval(back.TagP("hit"))
		if lo != blo || hi != bhi {
			t.Errorf("%s (exact share %v): P(hit) within %v to %v, read back %v to %v", r.Status(), exactShare(r), lo, hi, blo, bhi)
		}
		for _, c := range r.Combatants {
			mlo, mhi := r.MeanInterval(r.Combatant(c.Combatant))
			blo, bhi := back.MeanInterval(back.Combatant(c.Combatant))
			if mlo != blo || mhi != bhi {
				t.Errorf("%s: %s's expected damage within %v to %v, read back %v to %v", r.Status(), c.Combatant, mlo, mhi, blo, bhi)
			}
		}
	}
}

func exactShare(r *odds.Report) float64 {
	if r.Estimate == nil {
		return 1
	}
	return r.Estimate.Exact
}
