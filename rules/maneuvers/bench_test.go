package maneuvers_test

import (
	"testing"
	"time"

	"fray/engine/enginetest"
	"fray/rules/maneuvers"
	"fray/sim"
)

// BenchmarkFight plays whole fights of each bundled encounter through
// sim.Run on one worker, tactical policies on every side; an op is one
// fight. Besides time and allocations it reports decisions/fight,
// dice/fight, raw-ns/die (one raw PCG d20, timed in the same run), x-raw
// (a fight's time over the raw time of its dice) and fights/s on one
// core, as sim's BenchmarkFight does for the other rulesets:
//
//	go test ./rules/maneuvers -run '^$' -bench Fight -benchmem -count 6 > man.txt
//	benchstat man.txt
func BenchmarkFight(b *testing.B) {
	for _, name := range []string{"maneuvers_duel", "maneuvers_skirmish", "maneuvers_bridge"} {
		b.Run(name, func(b *testing.B) {
			initial := bundled(b, name)
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			rep, err := sim.Run(maneuvers.Rules{}, &initial, maneuvers.Rules{}.Policies(), sim.Options{Fights: b.N, Workers: 1, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			perFight := float64(time.Since(start).Nanoseconds()) / float64(b.N)
			enginetest.ReportFights(b, rep.Decisions, rep.Dice, perFight, b.N, 20)
		})
	}
}
