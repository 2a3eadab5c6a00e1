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

// keyNames names the parts of keys as an odds computation does (see
// vigor.State.AppendNamedKey): a number for each distinct part.
type keyNames struct{ named map[string]uint64 }

func (n *keyNames) Name(part []byte) uint64 {
	x, ok := n.named[string(part)]
	if !ok {
		x = uint64(len(n.named)) + 1
		n.named[string(part)] = x
	}
	return x
}

// namedState is a state whose key is its key with its stat blocks named,
// all by one keyNames, as the keys of one odds computation are.
type namedState struct {
	vigor.State
	names *keyNames
}

func (s *namedState) AppendKey(b []byte) []byte { return s.AppendNamedKey(b, s.names) }

// TestScratchNamedKeysSeeEveryChange is TestScratchKeysSeeEveryChange
// for the keys with the stat blocks named, which a scratch state keeps
// with their numbers: a change the kept numbers hide fails, as does one
// that a key written anew with the same names sees otherwise.
func TestScratchNamedKeysSeeEveryChange(t *testing.T) {
	names := &keyNames{named: map[string]uint64{}}
	var states []*namedState
	for _, s := range fightStates(t) {
		states = append(states, &namedState{State: *s, names: names})
	}
	r := vigor.Rules{}
	clone := func(s *namedState) namedState { return namedState{State: r.Clone(&s.State), names: s.names} }
	scratchInto := func(dst, src *namedState) { r.ScratchInto(&dst.State, &src.State); dst.names = src.names }
	enginetest.KeysSeeEveryChange(t, states, 7, clone, scratchInto, nil, 2000)
	if len(names.named) < 10 {
		t.Fatalf("only %d stat blocks named", len(names.named))
	}
}
