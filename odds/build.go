package odds

import (
	"cmp"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	whole "fray/internal/natural"
)

// report assembles the report from the outcomes reached.
//
// The outcomes' probabilities are put over one common denominator first, so
// that the sums and comparisons of the marginals are integer arithmetic,
// and each result is normalised once: summing fractions one by one costs a
// GCD per addition. The numbers are machine words while they fit.
func (k *calc[S, C, E]) report() *Report {
	r := &Report{Policy: k.opts.Policy, Paths: k.paths, Situations: k.situations}
	var m rats
	var uncovered prob
	for _, l := range k.limits {
		r.Limits = append(r.Limits, Limit{Reason: l.reason, P: m.of(l.p)})
		uncovered = uncovered.add(l.p)
	}
	r.Uncovered = m.of(uncovered)
	for _, key := range k.answerOrder {
		a := k.answers[key]
		a.P = m.of(a.p.value())
		r.Answered = append(r.Answered, a.Answer)
	}

	// The outcomes have few distinct denominators (products of die
	// sizes), so the common one and each one's factor are worked out once
	// per denominator rather than once per outcome: for a denominator in
	// words, keyed by it; the rare one in a big.Rat is worked out each
	// time. While the common denominator fits in two words, so does every
	// outcome's probability times it (none is more than it), and the
	// sums, comparisons and products below are of words.
	type scaledFinal struct {
		key string
		f   *final
		p   prob   // f's, in lowest terms
		num scaled // p times den
	}
	// Each outcome is written in its place field by field rather than
	// copied there whole: a copy of a value holding pointers goes through
	// the runtime while the collector marks, as it often does here.
	outcomes := make([]scaledFinal, len(k.finals))
	denW, wide := word(1), true
	var den natural
	factors := map[u128]scaled{}
	n := 0
	for key, f := range k.finals {
		p := f.p.value()
		x := &outcomes[n]
		n++
		x.key, x.f, x.p = key, f, p
		if p.big == nil && !p.num.isZero() {
			if _, ok := factors[p.den]; ok {
				continue
			}
			factors[p.den] = scaled{}
			if wide {
				g := gcd128(denW, p.den)
				if l, over := denW.quo(g).mul(p.den); !over {
					denW = l
					continue
				}
				wide, den = false, denW.natural()
			}
		} else if wide {
			wide, den = false, denW.natural()
		}
		_, d := p.numDen()
		den = den.LCM(d)
	}
	if wide {
		den = denW.natural()
	}
	for d := range factors {
		if wide {
			factors[d] = scaled{w: denW.quo(d)}
		} else {
			factors[d] = scaled{n: den.Quo(d.natural()), big: true}
		}
	}
	effects := 0
	affected := make([]bool, len(k.ids))
	var lastDen u128
	var lastFactor scaled
	for i := range outcomes {
		x := &outcomes[i]
		f, p := x.f, x.p
		switch {
		case p.isZero():
			x.num.big = !wide
		case p.big != nil: // never while wide
			num, d := p.numDen()
			x.num = scaled{n: den.Quo(d).Mul(num), big: true}
		default:
			if p.den != lastDen || lastDen.isZero() {
				lastDen, lastFactor = p.den, factors[p.den]
			}
			if wide {
				x.num.w, _ = lastFactor.w.mul(p.num)
			} else {
				x.num = scaled{n: lastFactor.n.Mul(p.num.natural()), big: true}
			}
		}
		for i := range k.ids {
			if f.acc.damage != nil && f.acc.damage[i] != 0 || f.conds[i] != k.before[i] {
				affected[i] = true
				effects++
			}
		}
	}
	// The likelier first, and alike ones in the order of their keys, which
	// are unique. The order is sorted rather than the outcomes, which
	// hold pointers: moving them would cost write barriers.
	order := make([]int32, len(outcomes))
	for i := range order {
		order[i] = int32(i)
	}
	var ws []u128 // the numbers in words, apart, for the comparisons
	if wide {
		ws = make([]u128, len(outcomes))
		for i := range outcomes {
			ws[i] = outcomes[i].num.w
		}
	}
	slices.SortFunc(order, func(i, j int32) int {
		if ws != nil {
			if a, b := ws[i], ws[j]; a != b {
				if a.hi > b.hi || a.hi == b.hi && a.lo > b.lo {
					return -1
				}
				return 1
			}
		} else if c := outcomes[j].num.cmp(outcomes[i].num); c != 0 {
			return c
		}
		return strings.Compare(outcomes[i].key, outcomes[j].key)
	})
	nums := make([]scaled, len(outcomes))
	r.Outcomes = make([]Outcome, len(outcomes))
	all := make([]Effect, effects) // every outcome's effects, in one allocation
	// The effects of each outcome are in the order of k.ids, and
	// combatantOdds reads the combatants in that order: it takes each
	// outcome's effects from its cursor on (a place in all), as far as
	// its end; who says whose each effect is.
	who := make([]int32, effects)
	cursor, ends := make([]int32, len(outcomes)), make([]int32, len(outcomes))
	next := 0
	for j, i := range order {
		x := &outcomes[i]
		f := x.f
		start := next
		for i, id := range k.ids {
			d := 0
			if f.acc.damage != nil {
				d = f.acc.damage[i]
			}
			if d == 0 && f.conds[i] == k.before[i] {
				continue
			}
			e := &all[next]
			e.Combatant, e.Damage, e.Condition, e.Before, e.Down = id, d, f.conds[i], k.before[i], f.downs[i]
			who[next] = int32(i)
			next++
		}
		cursor[j], ends[j] = int32(start), int32(next)
		o := &r.Outcomes[j]
		o.P, o.Tags = m.of(x.p), f.acc.tags
		if next > start {
			o.Effects = all[start:next:next]
		}
		nums[j] = x.num
	}

	type tagNum struct {
		tag string
		sum sum
		num natural
	}
	var scratch big.Int
	var tags []tagNum // in the order first met
	tagIndex := map[string]int{}
	// Outcomes next to each other often share tags in the same places:
	// a tag the one before had in its place is found without the map.
	var last []string
	var lastAt []int
	for i, o := range r.Outcomes {
		for p, t := range o.Tags {
			var j int
			if p < len(last) && last[p] == t {
				j = lastAt[p]
			} else {
				var ok bool
				if j, ok = tagIndex[t]; !ok {
					j = len(tags)
					tagIndex[t] = j
					tags = append(tags, tagNum{tag: t})
				}
				if p < len(lastAt) {
					last[p], lastAt[p] = t, j
				} else {
					last, lastAt = append(last, t), append(lastAt, j)
				}
			}
			tags[j].sum.add(&nums[i], &scratch)
		}
	}
	for j := range tags {
		tags[j].num = tags[j].sum.value()
	}
	slices.SortFunc(tags, func(a, b tagNum) int {
		if c := b.num.Cmp(a.num); c != 0 {
			return c
		}
		return cmp.Compare(a.tag, b.tag)
	})
	for _, t := range tags {
		r.Tags = append(r.Tags, TagOdds{Tag: t.tag, P: m.over(t.num, den)})
	}

	var total sum
	for i := range nums {
		total.add(&nums[i], &scratch)
	}
	covered := total.value()
	for i := range k.ids {
		if affected[i] {
			r.Combatants = append(r.Combatants, k.combatantOdds(&m, effectsOf{all, who, cursor, ends}, nums, den, covered, i, &scratch))
		}
	}
	return r
}

// effectsOf are the outcomes' effects for combatantOdds: all of them in
// one list, the combatant of each (its place in k.ids), and each outcome's
// cursor and end in the list.
type effectsOf struct {
	all          []Effect
	who          []int32
	cursor, ends []int32
}

// next returns outcome j's effect on combatant i, or nil for none, and
// moves its cursor past it. Called for the combatants in the order of
// k.ids, it meets each effect in turn.
func (ef effectsOf) next(j, i int) *Effect {
	x := ef.cursor[j]
	if x >= ef.ends[j] || ef.who[x] != int32(i) {
		return nil
	}
	ef.cursor[j]++
	return &ef.all[x]
}

// combatantOdds gathers what the outcomes do to combatant i, which must be
// asked for in the order of k.ids: effects are theirs (see effectsOf),
// nums their probabilities times den, covered their sum.
func (k *calc[S, C, E]) combatantOdds(m *rats, effects effectsOf, nums []scaled, den, covered natural, i int, scratch *big.Int) CombatantOdds {
	id, before := k.ids[i], k.before[i]
	c := CombatantOdds{Combatant: id, Before: before}
	type damageNum struct {
		damage int
		sum    sum
		num    natural
	}
	var damage []damageNum
	type condNum struct {
		name string
		down bool
		sum  sum
		num  natural
	}
	var conds []condNum
	// The damage times the probability, over den: what is gained and what
	// is lost (a heal) apart, as the numbers are whole.
	var gainSum, lossSum, downSum sum
	// Untouched: no damage, the condition it had.
	untouched := Effect{Condition: before, Before: before, Down: k.beforeDown[i]}
	for j := range nums {
		n := &nums[j]
		e := effects.next(j, i)
		if e == nil {
			e = &untouched
		}
		d := slices.IndexFunc(damage, func(x damageNum) bool { return x.damage == e.Damage })
		if d < 0 {
			d = len(damage)
			damage = append(damage, damageNum{damage: e.Damage})
		}
		damage[d].sum.add(n, scratch)
		switch {
		case e.Damage > 0:
			gainSum.addMul(n, uint64(e.Damage), scratch)
		case e.Damage < 0:
			lossSum.addMul(n, uint64(-e.Damage), scratch)
		}
		x := slices.IndexFunc(conds, func(x condNum) bool { return x.name == e.Condition && x.down == e.Down })
		if x < 0 {
			x = len(conds)
			conds = append(conds, condNum{name: e.Condition, down: e.Down})
		}
		conds[x].sum.add(n, scratch)
		if e.Down {
			downSum.add(n, scratch)
		}
	}
	gain, loss, down := gainSum.value(), lossSum.value(), downSum.value()
	for j := range damage {
		damage[j].num = damage[j].sum.value()
	}
	for j := range conds {
		conds[j].num = conds[j].sum.value()
	}
	// The mean is over the covered part: mean/den divided by covered/den.
	switch {
	case covered.IsZero():
		c.MeanDamage = new(big.Rat)
	case loss.IsZero():
		c.MeanDamage = m.over(gain, covered)
	default:
		c.MeanDamage = new(big.Rat).SetFrac(new(big.Int).Sub(gain.BigRO(), loss.BigRO()), covered.BigRO())
	}
	c.Down = m.over(down, den)
	slices.SortFunc(damage, func(a, b damageNum) int { return cmp.Compare(a.damage, b.damage) })
	for _, x := range damage {
		c.Damage = append(c.Damage, ValueOdds{Value: x.damage, P: m.over(x.num, den)})
	}
	slices.SortFunc(conds, func(a, b condNum) int {
		if d := b.num.Cmp(a.num); d != 0 {
			return d
		}
		return cmp.Compare(a.name, b.name)
	})
	for _, x := range conds {
		c.Conditions = append(c.Conditions, ConditionOdds{Condition: x.name, Down: x.down, P: m.over(x.num, den)})
	}
	return c
}

// scaled is a probability times a report's common denominator: in two
// words (w) while the common denominator fits in them, since none is more
// than it; as a natural (n, big set) otherwise.
type scaled struct {
	w   u128
	n   natural
	big bool
}

// cmp returns -1, 0 or +1 as x is less than, equal to or greater than y.
func (x scaled) cmp(y scaled) int {
	if !x.big && !y.big {
		return x.w.cmp(y.w)
	}
	return x.natural().Cmp(y.natural())
}

// natural returns x as a natural.
func (x scaled) natural() natural {
	if x.big {
		return x.n
	}
	return x.w.natural()
}

// sum is a running sum of whole numbers, added to in place: two words
// while it fits (vigor's common denominators take more than one), then a
// big.Int of its own, so that adding to it costs no new memory once it has
// grown (a natural's Add makes a new big.Int each time).
type sum struct {
	n u128
	b *big.Int // not nil once the sum does not fit in n
}

// add adds x, scratch serving as x's big.Int when x is in words.
func (s *sum) add(x *scaled, scratch *big.Int) {
	if s.b == nil && !x.big {
		if r, carry := s.n.add(x.w); !carry {
			s.n = r
			return
		}
	}
	s.addAny(x, scratch)
}

// addAny is add for any sum and any x.
func (s *sum) addAny(x *scaled, scratch *big.Int) {
	if s.b == nil {
		var v u128
		ok := false
		switch {
		case !x.big:
			v, ok = x.w, true
		default:
			if w, small := x.n.Uint64(); small {
				v, ok = word(w), true
			} else {
				v, ok = u128Of(x.n.BigRO())
			}
		}
		if ok {
			if r, carry := s.n.add(v); !carry {
				s.n = r
				return
			}
		}
		s.b = s.n.bigInto(new(big.Int))
	}
	if !x.big {
		s.b.Add(s.b, x.w.bigInto(scratch))
		return
	}
	s.b.Add(s.b, x.n.BigIn(scratch))
}

// addMul adds x times m.
func (s *sum) addMul(x *scaled, m uint64, scratch *big.Int) {
	if !x.big {
		if v, over := x.w.mul(word(m)); !over {
			s.add(&scaled{w: v}, scratch)
			return
		}
	} else if v, ok := x.n.Uint64(); ok {
		if hi, lo := bits.Mul64(v, m); hi == 0 {
			s.add(&scaled{w: word(lo)}, scratch)
			return
		}
	}
	scratch.Mul(x.natural().BigIn(scratch), new(big.Int).SetUint64(m))
	if s.b == nil {
		s.b = s.n.bigInto(new(big.Int))
	}
	s.b.Add(s.b, scratch)
}

// value returns the sum, which is not to be added to afterwards.
func (s *sum) value() natural {
	if s.b == nil {
		return s.n.natural()
	}
	return whole.FromBig(s.b)
}
