package parts

import (
	"cmp"
	"slices"
	"strings"
)

// Natural is what a check's die says by itself, whatever the total: a
// critical success on its highest face, a critical failure on a 1, or
// nothing.
type Natural int8

// The naturals.
const (
	Plain Natural = iota
	CriticalSuccess
	CriticalFailure
)

// NaturalOf reads die, a roll of a die of sides faces.
func NaturalOf(die, sides int) Natural {
	switch die {
	case sides:
		return CriticalSuccess
	case 1:
		return CriticalFailure
	}
	return Plain
}

// String names the natural as events write it: "success", "failure", or
// "" for a plain roll.
func (n Natural) String() string {
	switch n {
	case CriticalSuccess:
		return "success"
	case CriticalFailure:
		return "failure"
	}
	return ""
}

// Check is a die roll and a bonus against a target number: the check
// succeeds when the total reaches the target, ties succeeding.
type Check struct{ Die, Bonus, Target int }

// Total is the die plus the bonus.
func (c Check) Total() int { return c.Die + c.Bonus }

// Margin is by how much the total beats the target (negative: misses it).
func (c Check) Margin() int { return c.Die + c.Bonus - c.Target }

// Succeeds reports whether the total reaches the target.
func (c Check) Succeeds() bool { return c.Margin() >= 0 }

// Decided is Succeeds where the die's natural n decides first: a critical
// success always succeeds, a critical failure always fails.
func (c Check) Decided(n Natural) bool {
	switch n {
	case CriticalSuccess:
		return true
	case CriticalFailure:
		return false
	}
	return c.Succeeds()
}

// OpposedWins reports whether an actor's total with natural n beats a
// defender's total versus with natural vn, the actor winning ties: the
// better natural decides (a critical success over a plain roll, a plain
// roll over a critical failure), and equal naturals leave it to the
// totals.
func OpposedWins(total int, n Natural, versus int, vn Natural) bool {
	rank := func(n Natural) int { return [...]int{Plain: 0, CriticalSuccess: 1, CriticalFailure: -1}[n] }
	if r, vr := rank(n), rank(vn); r != vr {
		return r > vr
	}
	return total >= versus
}

// Ladder is an outcome ladder (degrees of success, a wound's level by a
// hit's value): ascending thresholds, each the least value that climbs
// one rung more.
type Ladder []int

// Rung is how many of the ladder's thresholds v reaches: 0 below the
// first, len(l) at or above the last.
func (l Ladder) Rung(v int) int {
	for i, t := range l {
		if v < t {
			return i
		}
	}
	return len(l)
}

// Overdraw pays cost from a pool holding have: what is left (never below
// 0), and what the pool lacked, for a rule that turns a shortfall into
// something else (fatigue, wounds, a debt).
func Overdraw(have, cost int) (left, short int) {
	if have >= cost {
		return have - cost, 0
	}
	return 0, cost - have
}

// AskOrder sorts ids into the order a reaction window asks them in:
// highest score (initiative) first, ties by id.
func AskOrder(ids []string, score func(id string) int) {
	slices.SortFunc(ids, func(x, y string) int {
		if c := cmp.Compare(score(y), score(x)); c != 0 {
			return c
		}
		return strings.Compare(x, y)
	})
}
