package vigor_test

import (
	"testing"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/vigor"
	"fray/scenario"
)

// BenchmarkOddsMenu times the exact odds of every option of a prompt of
// a bundled encounter, as the tracker asks for them (Calculator.All on
// one goroutine with the server's budget): vigor's slowest prompts of
// the odds benchmark (go run ./odds/oddsbench, seed 1, the first
// fight), reached by playing that fight as it does. It reports the
// dice paths of the menu and the time a path takes.
//
//	go test ./rules/vigor -run '^$' -bench OddsMenu -benchmem -cpu 1
func BenchmarkOddsMenu(b *testing.B) {
	for _, bc := range []struct {
		name      string
		encounter string
		decision  int
	}{
		{"skirmish19", "vigor_skirmish", 19},
		{"skirmish22", "vigor_skirmish", 22},
		{"ambush11", "vigor_ambush", 11},
		{"ambush47", "vigor_ambush", 47},
	} {
		b.Run(bc.name, func(b *testing.B) {
			table, actor := promptOf(b, bc.encounter, bc.decision)
			calc, err := odds.For(vigor.Plugin().Game)
			if err != nil {
				b.Fatal(err)
			}
			opts := odds.Options{Workers: 1, MaxPaths: odds.MenuPaths, Timeout: time.Hour}
			paths := 0
			b.ReportAllocs()
			for b.Loop() {
				m, err := calc.All(table, actor, opts)
				if err != nil {
					b.Fatal(err)
				}
				paths = 0
				for _, o := range m.Options {
					if o.Report != nil {
						paths += o.Report.Paths
					}
				}
			}
			b.ReportMetric(float64(paths), "paths/op")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(paths), "µs/path")
		})
	}
}

// promptOf plays the first seeded fight of the bundled encounter name as
// the odds benchmark does (seed 1), every prompt answered by a random
// option or a ruling's default, and returns the table at its decision
// and the one deciding there.
func promptOf(b *testing.B, name string, decision int) (engine.Table, string) {
	b.Helper()
	reg, err := engine.NewRegistry(vigor.Info())
	if err != nil {
		b.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, name, vigor.Content()[name])
	if err != nil {
		b.Fatal(err)
	}
	fightSeed := dice.Mix(1, 0)
	choose := dice.Seeded(dice.Mix(fightSeed, 1))
	src := dice.Seeded(dice.Mix(fightSeed, 2))
	for d := 0; ; d++ {
		p := table.Prompt()
		if p.Kind == engine.End || len(p.Options) == 0 {
			b.Fatalf("%s ended before decision %d", name, decision)
		}
		if d == decision {
			return table, p.Actor
		}
		i := choose.Roll(len(p.Options)) - 1
		if p.Kind == engine.Ruling && p.Default >= 0 {
			i = p.Default
		}
		if _, err := table.Submit(p.Actor, p.Options[i].Command, src); err != nil {
			b.Fatal(err)
		}
	}
}
