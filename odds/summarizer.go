package odds

import (
	"fray/dice"
	"fray/engine"
)

// Summarizer is what a ruleset implements to say what an outcome is. Its
// methods use only builtin types, so a ruleset implements it without
// importing this package.
type Summarizer[S, E any] interface {
	// Outcome summarises one decision's events: it returns tags with the
	// tags naming what happened appended (by convention "hit" and "miss"
	// for the acting combatant's attack roll; the rest is the ruleset's
	// vocabulary, documented with its rules), and adds the damage each
	// combatant took to damage, which has an entry per combatant in the
	// order of Combatants. actor is the one whose command the odds are for,
	// also while others answer prompts along the way; before and after are
	// the states around the events. The caller owns both slices, so a
	// summary per dice path allocates next to nothing.
	Outcome(before *S, actor string, events []E, after *S, tags []string, damage []int) []string
	// Combatants lists the ids of everyone in the fight, in roster order.
	Combatants(s *S) []string
	// Condition names a combatant's condition in s ("active",
	// "unconscious", ...) and says whether it takes the combatant out of
	// the fight.
	Condition(s *S, combatant string) (condition string, down bool)
}

// OptionLister is implemented by rulesets whose prompts others than the
// combatant they name may answer (the members of a group that acts in any
// order), with options of their own: OptionsFor returns the options the
// current prompt of s offers actor. Calculator.All lists those; without it,
// the prompt's own options that the rules accept from actor.
type OptionLister[S, C any] interface {
	OptionsFor(s *S, actor string) []engine.Option[C]
}

// DefaultPolicy answers every prompt with its default option, or with its
// first option when it has no default. It is the policy of last resort for
// a ruleset that offers none of its own.
type DefaultPolicy[S, C any] struct{}

// Choose returns p's default option, else its first; the zero command when
// p has no options.
func (DefaultPolicy[S, C]) Choose(_ *S, p engine.Prompt[C], _ dice.Source) C {
	switch {
	case p.Default >= 0 && p.Default < len(p.Options):
		return p.Options[p.Default].Command
	case len(p.Options) > 0:
		return p.Options[0].Command
	}
	var zero C
	return zero
}

// DefaultPolicyName is the name under which For offers DefaultPolicy when
// the ruleset has no tactical policy.
const DefaultPolicyName = "default"
