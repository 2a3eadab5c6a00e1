package odds

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Report is the exact distribution of the outcomes of resolving one
// command, with the marginals a player asks about. Every probability is an
// exact fraction of the whole; together with Uncovered the outcomes' add up
// to exactly 1.
type Report struct {
	// Ruleset is the ruleset's id.
	Ruleset string
	// Actor is who gave the command, and Command the command in the
	// ruleset's text vocabulary. Acting is the combatant whose decision it
	// was: Actor, or the one the prompt named when the GM gave it.
	Actor   string
	Command string
	Acting  string
	// Question is the prompt the command answers.
	Question string
	// Policy names the policy that answered the prompts met along the way.
	Policy string
	// Outcomes is the joint distribution: every distinct outcome with its
	// probability, the most likely first.
	Outcomes []Outcome
	// Tags gives the probability of each tag, the most likely first.
	Tags []TagOdds
	// Combatants gives, for everyone some outcome affects, the
	// distribution of damage taken and of condition afterwards, in roster
	// order.
	Combatants []CombatantOdds
	// Answered lists the prompts answered on the way, with how and how
	// often.
	Answered []Answer
	// Uncovered is the probability the enumeration left out; Limits says
	// why. Zero when the odds cover every way the dice can fall.
	Uncovered *big.Rat
	Limits    []Limit
	// Paths is how many dice paths were run, and Situations how many
	// distinct situations (the command itself, then each prompt met in a
	// distinct state) they were run from.
	Paths      int
	Situations int
	// Estimate, when not nil, says that the probabilities are estimated
	// rather than exact: the enumeration could not finish within its
	// budget (Options.Fallback), and the outcomes are the part it had
	// exactly (Estimate.Exact) plus frequencies over seeded resolutions
	// of the rest. Paths and Situations are then those of the
	// enumeration given up.
	Estimate *Estimate

	// exact is the report of the exact part of an estimate of a part
	// (Estimate.Exact), nil otherwise: its probabilities are shares of the
	// whole, the part of this report's that is exact.
	exact *Report
}

// Status says how a report's odds were had: exact, partial (exact, with
// some probability not covered), estimated, or refused.
type Status string

// The statuses of odds.
const (
	Exact     Status = "exact"
	Partial   Status = "partial"
	Estimated Status = "estimate"
	Refused   Status = "refused"
)

// Status returns Estimated for an estimate, Partial when some
// probability is not covered, Exact otherwise.
func (r *Report) Status() Status {
	switch {
	case r.Estimate != nil:
		return Estimated
	case r.Uncovered.Sign() != 0:
		return Partial
	}
	return Exact
}

// Outcome is one way resolving the command can turn out.
type Outcome struct {
	P *big.Rat
	// Tags name what happened, sorted.
	Tags []string
	// Effects lists the combatants hurt or whose condition changed, in
	// roster order.
	Effects []Effect
}

// Effect is what an outcome did to one combatant.
type Effect struct {
	Combatant string
	// Damage is the damage taken, as the ruleset counts it.
	Damage int
	// Condition is the condition afterwards; Before the one before the
	// command. Down says whether Condition takes the combatant out of the
	// fight.
	Condition string
	Before    string
	Down      bool
}

// Has reports whether the outcome carries the tag.
func (o *Outcome) Has(tag string) bool {
	_, found := slices.BinarySearch(o.Tags, tag)
	return found
}

// Effect returns what the outcome did to the combatant; the zero Effect
// (no damage, Condition "") when it did nothing to it.
func (o *Outcome) Effect(combatant string) Effect {
	for _, e := range o.Effects {
		if e.Combatant == combatant {
			return e
		}
	}
	return Effect{}
}

// Key writes the outcome as one line, for comparing and showing outcomes:
// its tags, then each effect as "id -N condition".
func (o *Outcome) Key() string {
	var b strings.Builder
	b.WriteString(strings.Join(o.Tags, " "))
	for _, e := range o.Effects {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.Combatant)
		if e.Damage != 0 {
			b.WriteString(" -")
			b.WriteString(strconv.Itoa(e.Damage))
		}
		if e.Condition != e.Before {
			b.WriteString(" " + e.Condition)
		}
	}
	if b.Len() == 0 {
		return "nothing"
	}
	return b.String()
}

// TagOdds is the probability of one tag.
type TagOdds struct {
	Tag string
	P   *big.Rat
}

// CombatantOdds is what the command may do to one combatant.
type CombatantOdds struct {
	Combatant string
	// Before is the combatant's condition before the command.
	Before string
	// Damage is the distribution of damage taken, from the least; zero
	// damage included.
	Damage []ValueOdds
	// MeanDamage is the expected damage over the outcomes covered.
	MeanDamage *big.Rat
	// Conditions is the distribution of the condition afterwards, the most
	// likely first.
	Conditions []ConditionOdds
	// Down is the probability the combatant ends out of the fight.
	Down *big.Rat
}

// ValueOdds is the probability of one value.
type ValueOdds struct {
	Value int
	P     *big.Rat
}

// ConditionOdds is the probability of one condition.
type ConditionOdds struct {
	Condition string
	Down      bool
	P         *big.Rat
}

// Answer is one way a prompt met during the resolution was answered.
type Answer struct {
	// Actor is whose prompt it was, Kind its kind and Question what it
	// asked (the first such prompt met, when several were alike).
	Actor    string
	Kind     string
	Question string
	// Command is the answer in the ruleset's text vocabulary and Label the
	// prompt's label for it ("" when no option matches).
	Command string
	Label   string
	// By says who answered: "policy NAME", or "ruling default" for a GM
	// ruling left to its default.
	By string
	// P is the probability of meeting such a prompt and answering it so.
	P *big.Rat
}

// Limit is a part of the probability the enumeration left out, and why.
type Limit struct {
	Reason string
	P      *big.Rat
}

// TagP returns the probability of the tag (zero if it never occurs).
func (r *Report) TagP(tag string) *big.Rat {
	for _, t := range r.Tags {
		if t.Tag == tag {
			return t.P
		}
	}
	return new(big.Rat)
}

// Combatant returns the odds of what happens to the combatant, or nil
// when no outcome affects it.
func (r *Report) Combatant(id string) *CombatantOdds {
	for i := range r.Combatants {
		if r.Combatants[i].Combatant == id {
			return &r.Combatants[i]
		}
	}
	return nil
}

// Covered returns the probability the outcomes cover: 1 - Uncovered.
func (r *Report) Covered() *big.Rat {
	return new(big.Rat).Sub(big.NewRat(1, 1), r.Uncovered)
}

// Target returns the combatant other than the acting one the command does
// most to: the most expected damage, then the likeliest to go down, then the
// first in the roster. It returns nil when the command affects nobody else.
func (r *Report) Target() *CombatantOdds {
	var best *CombatantOdds
	for i := range r.Combatants {
		c := &r.Combatants[i]
		if c.Combatant == r.Acting {
			continue
		}
		if best == nil {
			best = c
			continue
		}
		if d := c.MeanDamage.Cmp(best.MeanDamage); d > 0 || (d == 0 && c.Down.Cmp(best.Down) > 0) {
			best = c
		}
	}
	return best
}
