package vigor_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/vigor"
	"fray/scenario/scenariotest"
)

// fightStates plays a seeded fight of each of vigor's bundled
// encounters, each prompt answered by a random option, and returns the
// states met at every decision.
func fightStates(t *testing.T) []*vigor.State {
	t.Helper()
	r := vigor.Rules{}
	var out []*vigor.State
	for _, name := range []string{"vigor_duel", "vigor_skirmish", "vigor_ambush"} {
		initial := scenariotest.Bundled[vigor.State, vigor.Command, vigor.Event](t, vigor.Info(), name)
		enc := engine.NewEncounter[vigor.State, vigor.Command, vigor.Event](r, r.Clone(initial))
		choose, src := dice.Seeded(dice.Mix(3, 1)), dice.Seeded(dice.Mix(3, 2))
		for d := range 40 {
			p := enc.Prompt()
			if p.Kind == engine.End || len(p.Options) == 0 {
				break
			}
			s := r.Clone(enc.State())
			out = append(out, &s)
			c := p.Options[choose.Roll(len(p.Options))-1].Command
			if _, err := enc.Submit(p.Actor, c, src); err != nil {
				t.Fatalf("%s decision %d: %v", name, d, err)
			}
		}
	}
	return out
}

// TestScratchKeysSeeEveryChange writes the key of a scratch copy of
// states of seeded fights, as exact odds do path after path (the stat
// blocks' keys then kept in the scratch state's memory), then changes
// every field of the copy, one at a time, and checks that its key is
// the key of the same state written anew, and that it differs from the
// key before exactly when the JSON does: a change of what the fight
// changes, and of a stat block, which the kept keys must not hide.
// Skills, links, weapons, abilities and what armour protects against,
// which states share and nothing changes in a fight, are changed as a
// whole (another map or array), not in place.
func TestScratchKeysSeeEveryChange(t *testing.T) {
	states := fightStates(t)
	r := vigor.Rules{}
	enginetest.KeysSeeEveryChange(t, states, 7, r.Clone, r.ScratchInto, nil, 2000)
}
