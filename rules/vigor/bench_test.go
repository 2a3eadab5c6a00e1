package vigor_test

import (
	"testing"
	"time"

	"fray/engine/enginetest"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
	"fray/sim"
)

// BenchmarkFightVigor plays whole fights of each bundled encounter, one
// after the other on one worker, with the tactical policies on every
// side (the sim package's fights, as fray sim plays them), and reports
// as sim's BenchmarkFight does: decisions/fight, dice/fight, raw-ns/die
// (a raw PCG d10 draw, timed in the same run), x-raw (the fight's time
// over the raw time of its dice) and fights/s on one core.
//
//	go test ./rules/vigor -run '^$' -bench FightVigor -benchmem -count 6 > vigor.txt
//	benchstat vigor.txt
func BenchmarkFightVigor(b *testing.B) {
	for _, name := range []string{"vigor_duel", "vigor_skirmish", "vigor_ambush"} {
		b.Run(name, func(b *testing.B) {
			initial := scenariotest.Bundled[vigor.State, vigor.Command, vigor.Event](b, vigor.Info(), name)
			r := vigor.Rules{}
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			rep, err := sim.Run(r, initial, r.Policies(), sim.Options{Fights: b.N, Seed: 1, Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			perFight := float64(time.Since(start).Nanoseconds()) / float64(b.N)
			enginetest.ReportFights(b, rep.Decisions, rep.Dice, perFight, b.N, 10)
		})
	}
}

// BenchmarkCloneVigor clones the opening state of each bundled
// encounter, as exact odds clone every state they reach.
func BenchmarkCloneVigor(b *testing.B) {
	for _, name := range []string{"vigor_duel", "vigor_skirmish", "vigor_ambush"} {
		b.Run(name, func(b *testing.B) {
			s := scenariotest.Bundled[vigor.State, vigor.Command, vigor.Event](b, vigor.Info(), name)
			r := vigor.Rules{}
			b.ReportAllocs()
			for b.Loop() {
				if c := r.Clone(s); len(c.Combatants) == 0 {
					b.Fatal("no combatants")
				}
			}
		})
	}
}
