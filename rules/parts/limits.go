package parts

import (
	"fmt"

	"fray/dice"
)

// The work budgets every ruleset holds its encounters to, so that a file
// that loads can be played, simulated and served: what a number costs
// (squares searched, dice rolled, rounds counted, combatants weighed at
// each decision) is bounded where the file is read, not where the work
// is done. Each ruleset's schema states them as the maximum of its fields
// (struct tags cannot name a constant, so the tags repeat these values;
// the budgets test of cmd/fray checks the schemas against the work), and
// docs/limits.md lists them with the reasons.
const (
	// MaxCombatants is the most combatants an encounter may hold. A big
	// battle of a hundred is within it; each decision weighs every
	// combatant, some of them every pair, so thousands are not.
	MaxCombatants = 100
	// MaxRounds bounds round numbers: the round a fight starts in, a
	// round limit, the round someone joins. Simulations keep a histogram
	// of the rounds fights take, so a round counts as memory.
	MaxRounds = 10_000
)

// MaxRollText is the longest dice expression an encounter may give for
// what an item restores: the dice parser bounds one group (10,000 dice)
// and one expression's terms, and this bounds how many groups an item
// rolls at each use, so that a heal costs at most a few tens of
// thousands of dice.
const MaxRollText = 32

// ParseRoll reads a dice expression of an encounter, at most MaxRollText
// characters long.
func ParseRoll(text string) (*dice.Expr, error) {
	if len(text) > MaxRollText {
		return nil, fmt.Errorf("the dice expression is %d characters long; at most %d", len(text), MaxRollText)
	}
	return dice.Parse(text)
}
