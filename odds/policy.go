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
func (DefaultPolicy[S, C]) Choose(_ *S, p *engine.Prompt[C], _ dice.Source) C {
	return p.Fallback()
}

// DefaultPolicyName is the name under which For offers DefaultPolicy when
// the ruleset has no tactical policy.
const DefaultPolicyName = "default"
