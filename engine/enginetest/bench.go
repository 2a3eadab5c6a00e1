package enginetest

import (
	"testing"
	"time"

	"fray/dice"
)

// ReportFights reports on b what a benchmark of whole fights measured, as
// sim's BenchmarkFight does: decisions/fight and dice/fight, raw-ns/die
// (a raw die of sides drawn from a PCG, timed here over at least as many
// draws as the fights took, dice times fights), x-raw (a fight's time,
// perFight nanoseconds, over the raw time of its dice) and fights/s on
// one core.
func ReportFights(b *testing.B, decisions, dice, perFight float64, fights int, sides int) {
	b.Helper()
	b.StopTimer()
	raw := rawDraw(b, int64(dice*float64(fights)), sides)
	b.ReportMetric(decisions, "decisions/fight")
	b.ReportMetric(dice, "dice/fight")
	b.ReportMetric(raw, "raw-ns/die")
	b.ReportMetric(perFight/(dice*raw), "x-raw")
	b.ReportMetric(1e9/perFight, "fights/s")
}

// rawDraw times n raw draws of a die of sides from a PCG (at least a
// million) and returns the nanoseconds one takes.
func rawDraw(b *testing.B, n int64, sides int) float64 {
	n = max(n, 1<<20)
	p := dice.Seeded(1)
	sum := 0
	start := time.Now()
	for range n {
		sum += p.Roll(sides)
	}
	if sum == 0 {
		b.Fatal("no dice rolled")
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}
