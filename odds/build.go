package odds

import (
	"cmp"
	"math/big"
	"slices"
)

// report assembles the report from the outcomes reached.
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
	affected := make([]bool, len(k.ids))
	for _, key := range keys {
		f := k.finals[key]
		o := Outcome{P: f.p, Tags: f.acc.tags}
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
		r.Outcomes = append(r.Outcomes, o)
	}
	slices.SortStableFunc(r.Outcomes, func(a, b Outcome) int { return b.P.Cmp(a.P) })

	tags := map[string]*big.Rat{}
	for _, o := range r.Outcomes {
		for _, t := range o.Tags {
			if tags[t] == nil {
				tags[t] = new(big.Rat)
			}
			tags[t].Add(tags[t], o.P)
		}
	}
	for t, p := range tags {
		r.Tags = append(r.Tags, TagOdds{Tag: t, P: p})
	}
	slices.SortFunc(r.Tags, func(a, b TagOdds) int {
		if c := b.P.Cmp(a.P); c != 0 {
			return c
		}
		return cmp.Compare(a.Tag, b.Tag)
	})

	covered := r.Covered()
	for i := range k.ids {
		if affected[i] {
			r.Combatants = append(r.Combatants, k.combatantOdds(r.Outcomes, i, covered))
		}
	}
	return r
}

// combatantOdds gathers what the outcomes do to one combatant.
func (k *calc[S, C, E]) combatantOdds(outcomes []Outcome, i int, covered *big.Rat) CombatantOdds {
	id, before := k.ids[i], k.before[i]
	c := CombatantOdds{Combatant: id, Before: before, MeanDamage: new(big.Rat), Down: new(big.Rat)}
	damage := map[int]*big.Rat{}
	type cond struct {
		name string
		down bool
	}
	conds := map[cond]*big.Rat{}
	for _, o := range outcomes {
		e := o.Effect(id)
		if e.Combatant == "" {
			// Untouched: no damage, the condition it had.
			e = Effect{Condition: before, Before: before, Down: k.beforeDown[i]}
		}
		if damage[e.Damage] == nil {
			damage[e.Damage] = new(big.Rat)
		}
		damage[e.Damage].Add(damage[e.Damage], o.P)
		c.MeanDamage.Add(c.MeanDamage, new(big.Rat).Mul(o.P, big.NewRat(int64(e.Damage), 1)))
		key := cond{e.Condition, e.Down}
		if conds[key] == nil {
			conds[key] = new(big.Rat)
		}
		conds[key].Add(conds[key], o.P)
		if e.Down {
			c.Down.Add(c.Down, o.P)
		}
	}
	if covered.Sign() > 0 {
		c.MeanDamage.Quo(c.MeanDamage, covered)
	}
	for v, p := range damage {
		c.Damage = append(c.Damage, ValueOdds{Value: v, P: p})
	}
	slices.SortFunc(c.Damage, func(a, b ValueOdds) int { return cmp.Compare(a.Value, b.Value) })
	for key, p := range conds {
		c.Conditions = append(c.Conditions, ConditionOdds{Condition: key.name, Down: key.down, P: p})
	}
	slices.SortFunc(c.Conditions, func(a, b ConditionOdds) int {
		if d := b.P.Cmp(a.P); d != 0 {
			return d
		}
		return cmp.Compare(a.Condition, b.Condition)
	})
	return c
}
