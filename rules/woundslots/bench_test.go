package woundslots_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// counting counts the dice drawn through it.
type counting struct {
	src dice.Source
	n   int64
}

func (c *counting) Roll(sides int) int { c.n++; return c.src.Roll(sides) }

// fight plays one fight from initial to its end on the hot path (a
// ScratchInto copy, Moves and Step), tactical policies on every side, and
// returns the decisions it took.
func fight(tb testing.TB, r woundslots.Rules, s, initial *woundslots.State, src dice.Source, p *engine.Prompt[woundslots.Command], events []woundslots.Event) ([]woundslots.Event, int) {
	r.ScratchInto(s, initial)
	pol := woundslots.Tactical{}
	n := 0
	for {
		r.Moves(s, p)
		if p.Kind == engine.End {
			return events, n
		}
		c := pol.Choose(s, p, src)
		var err error
		events, err = r.Step(s, p.Actor, c, src, events[:0])
		if err != nil {
			tb.Fatalf("decision %d: %v", n, err)
		}
		n++
	}
}

// BenchmarkFightWoundslots plays one fight of each bundled encounter per
// op on one goroutine, tactical policies on every side, and reports, as
// sim's BenchmarkFight does for the other rulesets, the decisions and dice
// of a fight, the cost of one raw die (a d20 from a PCG), the fight's time
// as a multiple of the raw cost of its dice, and fights a second.
func BenchmarkFightWoundslots(b *testing.B) {
	for _, name := range []string{"woundslots_duel", "woundslots_skirmish", "woundslots_slots"} {
		b.Run(name, func(b *testing.B) {
			initial := bundled(b, name)
			r := woundslots.Rules{}
			var s woundslots.State
			var p engine.Prompt[woundslots.Command]
			var events []woundslots.Event
			src := &counting{src: dice.Seeded(1)}
			decisions := 0
			b.ReportAllocs()
			fights := 0
			for b.Loop() {
				var n int
				events, n = fight(b, r, &s, &initial, src, &p, events)
				decisions += n
				fights++
			}
			perFight := float64(b.Elapsed().Nanoseconds()) / float64(fights)
			enginetest.ReportFights(b, float64(decisions)/float64(fights), float64(src.n)/float64(fights), perFight, fights, 20)
		})
	}
}

// TestHotPathAllocations keeps the hot path free of garbage: a whole
// fight of each bundled encounter, replayed on memory already used,
// allocates at most a few values (the first round's id order).
func TestHotPathAllocations(t *testing.T) {
	for _, name := range []string{"woundslots_duel", "woundslots_skirmish", "woundslots_slots"} {
		initial := bundled(t, name)
		r := woundslots.Rules{}
		var s woundslots.State
		var p engine.Prompt[woundslots.Command]
		var events []woundslots.Event
		src := dice.Seeded(3)
		events, _ = fight(t, r, &s, &initial, src, &p, events)
		allocs := testing.AllocsPerRun(20, func() {
			events, _ = fight(t, r, &s, &initial, src, &p, events)
		})
		if allocs > 4 {
			t.Errorf("%s: %.1f allocations a fight, want at most 4", name, allocs)
		}
	}
}
