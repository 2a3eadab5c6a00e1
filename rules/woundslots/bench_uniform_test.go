package woundslots_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/woundslots"
)

// BenchmarkFightUniform plays one fight of each bundled encounter per op
// on the hot path (ScratchInto, Moves, Step) with every option taken at
// random: unlike the tactical policy's fights, these declare actions that
// others may answer, act out of turn and take readied actions, the
// decisions checked before anything happens.
func BenchmarkFightUniform(b *testing.B) {
	for _, name := range []string{"woundslots_duel", "woundslots_skirmish", "woundslots_slots"} {
		b.Run(name, func(b *testing.B) {
			initial := bundled(b, name)
			initial.Options.RoundLimit = 12
			r := woundslots.Rules{}
			var s woundslots.State
			var p engine.Prompt[woundslots.Command]
			var events []woundslots.Event
			src, choose := dice.Seeded(1), dice.Seeded(2)
			pol := engine.Uniform[woundslots.State, woundslots.Command]{}
			decisions, fights := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				r.ScratchInto(&s, &initial)
				for {
					r.Moves(&s, &p)
					if p.Kind == engine.End {
						break
					}
					var err error
					events, err = r.Step(&s, p.Actor, pol.Choose(&s, &p, choose), src, events[:0])
					if err != nil {
						b.Fatalf("decision %d: %v", decisions, err)
					}
					decisions++
				}
				fights++
			}
			b.ReportMetric(float64(decisions)/float64(fights), "decisions/fight")
		})
	}
}
