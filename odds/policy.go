package odds

import (
	"fray/dice"
	"fray/engine"
)

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
