package engine

import (
	"maps"

	"fray/dice"
)

// Policy decides prompts in place of a person: the sides of a simulated
// fight, or the reactor whose answer exact odds assume.
type Policy[S, C any] interface {
	// Choose returns the command to submit for prompt p, which is addressed
	// to a combatant the policy plays (or to the GM). view is the state as
	// that combatant may see it (the GM's view for a ruling), and p is the
	// prompt as they see it, given by pointer so that a decision copies no
	// prompt: Choose must not modify it. src serves policies that choose at
	// random; a policy must draw from nothing else, so that a fight replays
	// from its seed.
	Choose(view *S, p *Prompt[C], src dice.Source) C
}

// The names under which rulesets offer their policies.
const (
	// TacticalPolicy is each ruleset's default policy: it plays sensibly
	// by the ruleset's own tactics.
	TacticalPolicy = "tactical"
	// RandomPolicy picks uniformly among a prompt's options.
	RandomPolicy = "random"
)

// Uniform is the policy that picks uniformly at random among the prompt's
// options. It is the same for every ruleset.
type Uniform[S, C any] struct{}

// Choose picks one of p's options at random; a prompt without options
// yields the zero command.
func (Uniform[S, C]) Choose(_ *S, p *Prompt[C], src dice.Source) C {
	if len(p.Options) == 0 {
		var zero C
		return zero
	}
	return p.Options[src.Roll(len(p.Options))-1].Command
}

// Unwrap returns the typed encounter behind a Table made by NewTable, for
// adapters (simulation, exact odds) that know the ruleset's types. It
// reports false when t is not a table of that game's types.
func Unwrap[S, C, E any](t Table) (Game[S, C, E], *Encounter[S, C, E], bool) {
	tt, ok := t.(*table[S, C, E])
	if !ok {
		return nil, nil, false
	}
	return tt.g, tt.enc, true
}

// StandardPolicies returns the policies every ruleset offers, by name:
// tactical as TacticalPolicy and Uniform as RandomPolicy.
func StandardPolicies[S, C any](tactical Policy[S, C]) map[string]Policy[S, C] {
	return map[string]Policy[S, C]{
		TacticalPolicy: tactical,
		RandomPolicy:   Uniform[S, C]{},
	}
}

// PoliciesOf returns the policies a ruleset offers, by name: those of its
// Simulation capability, with Uniform as RandomPolicy unless it names one
// of its own; only Uniform when it has no such capability.
func PoliciesOf[S, C, E any](r Ruleset[S, C, E]) map[string]Policy[S, C] {
	all := map[string]Policy[S, C]{}
	if sim, ok := Simulated(r); ok {
		maps.Copy(all, sim.Policies())
	}
	if all[RandomPolicy] == nil {
		all[RandomPolicy] = Uniform[S, C]{}
	}
	return all
}
