package odds

import (
	"fray/dice"
)

// Merge points inside a decision. A ruleset may offer to stop a decision
// where the rest of it is another command decided from the state there
// (engine.Pauser): a vigor Defense that fails leaves the damage of the
// hit, the target taking it. The dice paths of a decision then end there,
// the state forgotten as the rest's command allows (engine.Forgetting),
// and the rest is resolved at the next level like an answer to a prompt:
// once for all the paths whose states are equal once forgotten (every
// attack total a Defense failed against), rather than once each.

// pausing is the source of the dice paths of one worker's decisions: it
// draws from the enumeration's source, as its ClassRoller and PoolRoller,
// and stops the decision at every merge point the ruleset offers, keeping
// the rest.
type pausing[C any] struct {
	src    dice.Source
	paused bool
	rest   choice[C]
}

// on makes p the pausing source of a path drawn from src.
func (p *pausing[C]) on(src dice.Source) *pausing[C] {
	p.src, p.paused = src, false
	return p
}

// Roll draws a die from the enumeration.
func (p *pausing[C]) Roll(sides int) int { return p.src.Roll(sides) }

// RollClasses draws a die by its classes from the enumeration.
func (p *pausing[C]) RollClasses(sides int, c dice.Classes) int {
	return dice.RollClasses(p.src, sides, c)
}

// RollPool draws a pool whole from the enumeration.
func (p *pausing[C]) RollPool(pool dice.Pool, out []int) []int {
	out, _ = dice.RollPool(p.src, pool, out)
	return out
}

// Pause stops the decision, keeping who's command c as the rest of it.
func (p *pausing[C]) Pause(who string, c C) bool {
	p.paused, p.rest = true, choice[C]{who: who, cmd: c, p: certain()}
	return true
}
