package sim

import (
	"fmt"
	"math/bits"
	"runtime/debug"
	"testing"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/scenario/scenariotest"
)

// benchEncounters are the bundled blackpowder encounters the benchmarks
// fight: the demo first.
var benchEncounters = []string{"tavern_brawl", "pistols_at_dawn", "alley_fight", "brute_squad"}

// tempoEncounters are the bundled tempo encounters BenchmarkFightTempo
// fights.
var tempoEncounters = []string{"duel", "bow_skirmish", "brawl"}

// referenceEncounters are the bundled reference encounters
// BenchmarkFightReference fights.
var referenceEncounters = []string{"reference_skirmish", "reference_brawl", "reference_melee"}

// bundled starts a bundled blackpowder encounter and returns its state.
func bundled(tb testing.TB, name string) *blackpowder.State {
	tb.Helper()
	return scenariotest.Bundled[blackpowder.State, blackpowder.Command, blackpowder.Event](tb, blackpowder.Info(), name)
}

// BenchmarkFight plays one blackpowder fight per op on one goroutine,
// tactical policies on every side, and reports what a fight costs against
// the raw PCG draws of the dice it uses, measured in the same run:
//
//   - decisions/fight and dice/fight;
//   - raw-ns/die: one raw d10 drawn inline from a PCG (its 64-bit output
//     scaled to 1-10 in the loop itself, no call);
//   - x-raw: the fight's time over the time of its dice drawn raw;
//   - fights/s: fights a second on one core.
func BenchmarkFight(b *testing.B) {
	for _, name := range benchEncounters {
		b.Run(name, func(b *testing.B) {
			benchFights(b, blackpowder.Rules{}, bundled(b, name), blackpowder.Rules{}.Policies())
		})
	}
}

// BenchmarkFightTempo is BenchmarkFight for tempo's bundled encounters.
func BenchmarkFightTempo(b *testing.B) {
	for _, name := range tempoEncounters {
		b.Run(name, func(b *testing.B) {
			initial := scenariotest.Bundled[tempo.State, tempo.Command, tempo.Event](b, tempo.Info(), name)
			benchFights(b, tempo.Rules{}, initial, tempo.Rules{}.Policies())
		})
	}
}

// BenchmarkFightReference is BenchmarkFight for the reference ruleset's
// bundled encounters.
func BenchmarkFightReference(b *testing.B) {
	for _, name := range referenceEncounters {
		b.Run(name, func(b *testing.B) {
			initial := scenariotest.Bundled[reference.State, reference.Command, reference.Event](b, reference.Info(), name)
			benchFights(b, reference.Rules{}, initial, reference.Rules{}.Policies())
		})
	}
}

// benchFights plays a fight of initial per op and reports the metrics
// BenchmarkFight lists.
func benchFights[S, C, E any](b *testing.B, g engine.Game[S, C, E], initial *S, policies map[string]engine.Policy[S, C]) {
	s, err := newSimulation(g, initial, policies, Options{Fights: 1})
	if err != nil {
		b.Fatal(err)
	}
	acc := newTotals(len(s.roster))
	w := s.newWorker(acc)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := w.fight(i); err != nil {
			b.Fatal(err)
		}
		i++
	}
	perFight := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	dicePerFight := float64(acc.Dice) / float64(acc.Fights)
	raw := rawDraw(acc.Dice)
	b.ReportMetric(float64(acc.Decisions)/float64(acc.Fights), "decisions/fight")
	b.ReportMetric(dicePerFight, "dice/fight")
	b.ReportMetric(raw, "raw-ns/die")
	b.ReportMetric(perFight/(dicePerFight*raw), "x-raw")
	b.ReportMetric(1e9/perFight, "fights/s")
}

// rawDraw times n raw d10 draws from a PCG (at least a million) and
// returns the nanoseconds one takes. The draw is the cheapest a die can
// be: the generator's step, inlined, and Lemire's multiply-shift to 1-10
// written in the loop (its rejection, 1 in 10^18 for a d10, left out), so
// that the x-raw ratio does not count a call the rules could avoid.
func rawDraw(n int64) float64 {
	n = max(n, 1<<20)
	p := dice.Seeded(1)
	sum := 0
	start := time.Now()
	for range n {
		hi, _ := bits.Mul64(p.Uint64(), 10)
		sum += int(hi) + 1
	}
	elapsed := time.Since(start)
	if sum == 0 {
		panic("no dice rolled")
	}
	return float64(elapsed.Nanoseconds()) / float64(n)
}

// BenchmarkRun runs the demo through Run with one worker per CPU; ns/op is
// per fight, so fights/s is the whole machine's rate. It runs with the
// garbage collector's default target, and with the target fray sim sets.
func BenchmarkRun(b *testing.B) {
	initial := bundled(b, benchEncounters[0])
	for _, gogc := range []int{100, 400} {
		b.Run(fmt.Sprintf("gogc=%d", gogc), func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(gogc))
			b.ReportAllocs()
			n := b.N
			start := time.Now()
			if _, err := Run(blackpowder.Rules{}, initial, blackpowder.Rules{}.Policies(), Options{Fights: n, Seed: 1}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(n)/time.Since(start).Seconds(), "fights/s")
		})
	}
}

// BenchmarkPCGRaw is the yardstick: one raw d10 draw, inlined as
// rawDraw draws it.
func BenchmarkPCGRaw(b *testing.B) {
	p := dice.Seeded(1)
	sum := 0
	for b.Loop() {
		hi, _ := bits.Mul64(p.Uint64(), 10)
		sum += int(hi) + 1
	}
	if sum == 0 {
		b.Fatal("no dice")
	}
}
