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
// GCD per addition.
func (k *calc[S, C, E]) report() *Report {
	r := &Report{Policy: k.opts.Policy, Paths: k.paths, Situations: k.situations, Uncovered: new(big.Rat)}
	for _, reason := range k.limitOrder {
		p := k.limits[reason]
		r.Limits = append(r.Limits, Limit{Reason: reason, P: p})
		r.Uncovered.Add(r.Uncovered, p)
	}
	for _, key := range k.answerOrder {
		r.Answered = append(r.Answered, *k.answers[key])
	}

	keys := make([]string, 0, len(k.finals))
	for key := range k.finals {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	den := big.NewInt(1)
	for _, key := range keys {
		den = lcm(den, k.finals[key].p.Denom())
	}
	type scaled struct {
		Outcome
		num *big.Int // P times den
	}
	outcomes := make([]scaled, 0, len(keys))
	affected := make([]bool, len(k.ids))
	for _, key := range keys {
		f := k.finals[key]
		num := new(big.Int).Quo(den, f.p.Denom())
		o := scaled{Outcome{P: f.p, Tags: f.acc.tags}, num.Mul(num, f.p.Num())}
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
	slices.SortStableFunc(outcomes, func(a, b scaled) int { return b.num.Cmp(a.num) })
	nums := make([]*big.Int, len(outcomes))
	for i, o := range outcomes {
		r.Outcomes = append(r.Outcomes, o.Outcome)
		nums[i] = o.num
	}

	tags := map[string]*big.Int{}
	for i, o := range r.Outcomes {
		for _, t := range o.Tags {
			if tags[t] == nil {
				tags[t] = new(big.Int)
			}
			tags[t].Add(tags[t], nums[i])
		}
	}
	type tagNum struct {
		tag string
		num *big.Int
	}
	sorted := make([]tagNum, 0, len(tags))
	for t, n := range tags {
		sorted = append(sorted, tagNum{t, n})
	}
	slices.SortFunc(sorted, func(a, b tagNum) int {
		if c := b.num.Cmp(a.num); c != 0 {
			return c
		}
		return cmp.Compare(a.tag, b.tag)
	})
	for _, t := range sorted {
		r.Tags = append(r.Tags, TagOdds{Tag: t.tag, P: new(big.Rat).SetFrac(t.num, den)})
	}

	covered := new(big.Int)
	for _, n := range nums {
		covered.Add(covered, n)
	}
	for i := range k.ids {
		if affected[i] {
			r.Combatants = append(r.Combatants, k.combatantOdds(r.Outcomes, nums, den, covered, i))
		}
	}
	return r
}

// lcm returns the least common multiple of a and b, as a new Int.
func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	l := new(big.Int).Quo(a, g)
	return l.Mul(l, b)
}

// combatantOdds gathers what the outcomes do to one combatant: nums are the
// outcomes' probabilities times den, covered their sum.
func (k *calc[S, C, E]) combatantOdds(outcomes []Outcome, nums []*big.Int, den, covered *big.Int, i int) CombatantOdds {
	id, before := k.ids[i], k.before[i]
	c := CombatantOdds{Combatant: id, Before: before}
	damage := map[int]*big.Int{}
	type cond struct {
		name string
		down bool
	}
	conds := map[cond]*big.Int{}
	mean, down, term := new(big.Int), new(big.Int), new(big.Int)
	for j, o := range outcomes {
		e := o.Effect(id)
		if e.Combatant == "" {
			// Untouched: no damage, the condition it had.
			e = Effect{Condition: before, Before: before, Down: k.beforeDown[i]}
		}
		n := nums[j]
		if damage[e.Damage] == nil {
			damage[e.Damage] = new(big.Int)
		}
		damage[e.Damage].Add(damage[e.Damage], n)
		mean.Add(mean, term.Mul(n, big.NewInt(int64(e.Damage))))
		key := cond{e.Condition, e.Down}
		if conds[key] == nil {
			conds[key] = new(big.Int)
		}
		conds[key].Add(conds[key], n)
		if e.Down {
			down.Add(down, n)
		}
	}
	// The mean is over the covered part: mean/den divided by covered/den.
	c.MeanDamage = new(big.Rat)
	if covered.Sign() > 0 {
		c.MeanDamage.SetFrac(mean, covered)
	}
	c.Down = new(big.Rat).SetFrac(down, den)
	for v, n := range damage {
		c.Damage = append(c.Damage, ValueOdds{Value: v, P: new(big.Rat).SetFrac(n, den)})
	}
	slices.SortFunc(c.Damage, func(a, b ValueOdds) int { return cmp.Compare(a.Value, b.Value) })
	type condNum struct {
		cond
		num *big.Int
	}
	cs := make([]condNum, 0, len(conds))
	for key, n := range conds {
		cs = append(cs, condNum{key, n})
	}
	slices.SortFunc(cs, func(a, b condNum) int {
		if d := b.num.Cmp(a.num); d != 0 {
			return d
		}
		return cmp.Compare(a.name, b.name)
	})
	for _, x := range cs {
		c.Conditions = append(c.Conditions, ConditionOdds{Condition: x.name, Down: x.down, P: new(big.Rat).SetFrac(x.num, den)})
	}
	return c
}
