package odds_test

import (
	"testing"

	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
)

// BenchmarkPistolShot measures the exact odds of a black-powder pistol shot:
// Senses 3 against Evade 6, two damage dice kept high (Deadly), the jam
// table on doubles (with the exploding gun's damage to the shooter), the
// critical re-roll on a kept 10 and its extra damage, and the Consciousness
// check. "unaware": the target cannot dodge; "dawn": the bundled
// pistols_at_dawn, the east gunman's turn, the target answering by the
// tactical policy. "one-worker" runs every dice path on one goroutine; the
// others on one per processor.
func BenchmarkPistolShot(b *testing.B) {
	unaware := thug(6, 8, club)
	unaware.Unaware = true
	west := gunman("westman", "enemies")
	west.X = 12
	cases := []struct {
		name string
		s    *bp.State
	}{
		{"unaware", turn(b, gunman("eastman", "players"), unaware, nil)},
		{"dawn", turn(b, gunman("eastman", "players"), west, nil)},
	}
	for _, c := range cases {
		target := c.s.Combatants[1].ID
		for _, workers := range []int{1, 0} {
			name := c.name
			if workers == 1 {
				name += "/one-worker"
			}
			b.Run(name, func(b *testing.B) {
				cmd := bp.Command(&bp.Attack{Target: target})
				var r *odds.Report
				for b.Loop() {
					var err error
					if r, err = odds.Of(game, c.s, "eastman", cmd, tactical, odds.Options{Policy: engine.TacticalPolicy, Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(r.Paths), "paths")
			})
		}
	}
}
