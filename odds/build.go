package odds

import (
	"cmp"
	"math/big"
	"slices"
)

// report assembles the report from the outcomes reached.
//
// The outcomes' probabilities are put over one common denominator first, so
// that the sums and comparisons of the marginals are integer arithmetic,
// and each result is normalised once: summing fractions one by one costs a
// GCD per addition. The numbers are machine words while they fit.
func (k *calc[S, C, E]) report() *Report {
	r := &Report{Policy: k.opts.Policy, Paths: k.paths, Situations: k.situations}
	var uncovered prob
	for _, l := range k.limits {
		r.Limits = append(r.Limits, Limit{Reason: l.reason, P: l.p.rat()})
		uncovered = uncovered.add(l.p)
	}
	r.Uncovered = uncovered.rat()
	for _, key := range k.answerOrder {
		a := k.answers[key]
		a.P = a.p.rat()
		r.Answered = append(r.Answered, a.Answer)
	}

	keys := make([]string, 0, len(k.finals))
	for key := range k.finals {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	den := natural{n: 1}
	for _, key := range keys {
		_, d := k.finals[key].p.numDen()
		den = den.lcm(d)
	}
	type scaled struct {
		Outcome
		num natural // P times den
	}
	outcomes := make([]scaled, 0, len(keys))
	affected := make([]bool, len(k.ids))
	for _, key := range keys {
		f := k.finals[key]
		n, d := f.p.numDen()
		o := scaled{Outcome{P: f.p.rat(), Tags: f.acc.tags}, den.quo(d).mul(n)}
		for i, id := range k.ids {
			d := 0
			if f.acc.damage != nil {
				d = f.acc.damage[i]
			}
			if d == 0 && f.conds[i] == k.before[i] {
				continue
			}
			affected[i] = true
			o.Effects = append(o.Effects, Effect{Combatant: id, Damage: d, Condition: f.conds[i], Before: k.before[i], Down: f.downs[i]})
		}
		outcomes = append(outcomes, o)
	}
	slices.SortStableFunc(outcomes, func(a, b scaled) int { return b.num.cmp(a.num) })
	nums := make([]natural, len(outcomes))
	r.Outcomes = make([]Outcome, len(outcomes))
	for i, o := range outcomes {
		r.Outcomes[i] = o.Outcome
		nums[i] = o.num
	}

	type tagNum struct {
		tag string
		num natural
	}
	var tags []tagNum // in the order first met
	for i, o := range r.Outcomes {
		for _, t := range o.Tags {
			j := slices.IndexFunc(tags, func(x tagNum) bool { return x.tag == t })
			if j < 0 {
				j = len(tags)
				tags = append(tags, tagNum{tag: t})
			}
			tags[j].num = tags[j].num.add(nums[i])
		}
	}
	slices.SortFunc(tags, func(a, b tagNum) int {
		if c := b.num.cmp(a.num); c != 0 {
			return c
		}
		return cmp.Compare(a.tag, b.tag)
	})
	for _, t := range tags {
		r.Tags = append(r.Tags, TagOdds{Tag: t.tag, P: t.num.over(den)})
	}

	var covered natural
	for _, n := range nums {
		covered = covered.add(n)
	}
	for i := range k.ids {
		if affected[i] {
			r.Combatants = append(r.Combatants, k.combatantOdds(r.Outcomes, nums, den, covered, i))
		}
	}
	return r
}

// combatantOdds gathers what the outcomes do to one combatant: nums are the
// outcomes' probabilities times den, covered their sum.
func (k *calc[S, C, E]) combatantOdds(outcomes []Outcome, nums []natural, den, covered natural, i int) CombatantOdds {
	id, before := k.ids[i], k.before[i]
	c := CombatantOdds{Combatant: id, Before: before}
	type damageNum struct {
		damage int
		num    natural
	}
	var damage []damageNum
	type condNum struct {
		name string
		down bool
		num  natural
	}
	var conds []condNum
	// The damage times the probability, over den: what is gained and what
	// is lost (a heal) apart, as the numbers are whole.
	var gain, loss, down natural
	for j, o := range outcomes {
		e := o.Effect(id)
		if e.Combatant == "" {
			// Untouched: no damage, the condition it had.
			e = Effect{Condition: before, Before: before, Down: k.beforeDown[i]}
		}
		n := nums[j]
		d := slices.IndexFunc(damage, func(x damageNum) bool { return x.damage == e.Damage })
		if d < 0 {
			d = len(damage)
			damage = append(damage, damageNum{damage: e.Damage})
		}
		damage[d].num = damage[d].num.add(n)
		switch {
		case e.Damage > 0:
			gain = gain.add(n.mul(natural{n: uint64(e.Damage)}))
		case e.Damage < 0:
			loss = loss.add(n.mul(natural{n: uint64(-e.Damage)}))
		}
		x := slices.IndexFunc(conds, func(x condNum) bool { return x.name == e.Condition && x.down == e.Down })
		if x < 0 {
			x = len(conds)
			conds = append(conds, condNum{name: e.Condition, down: e.Down})
		}
		conds[x].num = conds[x].num.add(n)
		if e.Down {
			down = down.add(n)
		}
	}
	// The mean is over the covered part: mean/den divided by covered/den.
	switch {
	case covered.cmp(natural{}) == 0:
		c.MeanDamage = new(big.Rat)
	case loss.cmp(natural{}) == 0:
		c.MeanDamage = gain.over(covered)
	default:
		c.MeanDamage = new(big.Rat).SetFrac(new(big.Int).Sub(gain.ro(), loss.ro()), covered.ro())
	}
	c.Down = down.over(den)
	slices.SortFunc(damage, func(a, b damageNum) int { return cmp.Compare(a.damage, b.damage) })
	for _, x := range damage {
		c.Damage = append(c.Damage, ValueOdds{Value: x.damage, P: x.num.over(den)})
	}
	slices.SortFunc(conds, func(a, b condNum) int {
		if d := b.num.cmp(a.num); d != 0 {
			return d
		}
		return cmp.Compare(a.name, b.name)
	})
	for _, x := range conds {
		c.Conditions = append(c.Conditions, ConditionOdds{Condition: x.name, Down: x.down, P: x.num.over(den)})
	}
	return c
}
