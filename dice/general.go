package dice

import "math"

// This file holds the exact distribution of one die of a group with the
// forms that go through rollGeneral: rerolls, x and xo explosions, min and
// max, and Fudge dice. The die is followed as rollGeneral rolls it, level by
// level, with every weight counted against a common total: the first die
// and its rerolls, then each die an explosion adds.

// generalDie returns the distribution of what one die adds to its group
// (see rollGeneral): a value, limited by min and max, or, for a group whose
// explosions add dice of their own, the sum of their values or scores.
// Rerolling until a condition fails (rr) and exploding with x are followed
// opts.ExplodeDepth dice deep; what would go deeper is left out and shows
// in Dist.Truncated.
func (g *group) generalDie(opts ExactOptions) *Dist {
	first, total := g.firstFace(opts)
	s := g.sides
	ps := small(uint64(s))
	acc := map[int]count{}

	switch {
	case g.adds != addNone:
		depth, capped := opts.ExplodeDepth, false
		if g.adds == addOnce {
			depth, capped = 1, true
		}
		pw := powers(ps, depth)
		worth := func(f int) int { return g.scoreOne(g.clamp(g.value(f))) }
		// How many faces of an added die stop the chain, and how many
		// go on, by what they are worth.
		stop, more := map[int]count{}, map[int]count{}
		carry := map[int]count{}
		for r := 1; r <= s; r++ {
			f := g.face(r)
			h := worth(f)
			if g.addsIf.op.holds(f, g.addsIf.target) {
				more[h] = more[h].Add(small(1))
				carry[h] = carry[h].Add(first[r-1])
			} else {
				stop[h] = stop[h].Add(small(1))
				acc[h] = acc[h].Add(first[r-1].Mul(pw[depth]))
			}
		}
		for j := 1; j <= depth && len(carry) > 0; j++ {
			next := map[int]count{}
			for sum, c := range carry {
				for h, n := range stop {
					acc[sum+h] = acc[sum+h].Add(c.Mul(n).Mul(pw[depth-j]))
				}
				for h, n := range more {
					switch {
					case j < depth:
						next[sum+h] = next[sum+h].Add(c.Mul(n))
					case capped:
						acc[sum+h] = acc[sum+h].Add(c.Mul(n))
					}
				}
			}
			carry = next
		}
		return weighted(acc, total.Mul(pw[depth]))

	case g.explode: // never a divided or Fudge die: faces are values
		depth, capped := g.depthFor(opts), g.depth != unboundedDepth
		pw := powers(ps, depth)
		for r := 1; r < s; r++ {
			acc[g.clamp(r)] = acc[g.clamp(r)].Add(first[r-1].Mul(pw[depth]))
		}
		// Only a maximum goes on, so one chain total is carried.
		carry := first[s-1]
		for j := 1; j <= depth; j++ {
			for r := 1; r < s; r++ {
				v := g.clamp(j*s + r)
				acc[v] = acc[v].Add(carry.Mul(pw[depth-j]))
			}
			if j == depth && capped {
				v := g.clamp((j + 1) * s)
				acc[v] = acc[v].Add(carry)
			}
		}
		return weighted(acc, total.Mul(pw[depth]))
	}
	for r := 1; r <= s; r++ {
		v := g.clamp(g.value(g.face(r)))
		acc[v] = acc[v].Add(first[r-1])
	}
	return weighted(acc, total)
}

// firstFace returns the weight of each raw result 1..sides of a group's
// first die once its rerolls are done, and the total they are counted
// against. Rerolling until the condition fails is followed
// opts.ExplodeDepth rerolls deep: the weights then cover less than the
// total by exactly the chance of a longer run.
func (g *group) firstFace(opts ExactOptions) ([]count, count) {
	s := g.sides
	w := make([]count, s)
	meets := make([]bool, s)
	m := 0
	for r := 1; r <= s; r++ {
		if g.reroll != rerollNone && g.rerollIf.op.holds(g.face(r), g.rerollIf.target) {
			meets[r-1] = true
			m++
		}
	}
	ps, pm := small(uint64(s)), small(uint64(m))
	switch g.reroll {
	case rerollOnce:
		// A face that is kept: s ways of s*s; any face: m ways more, one
		// of the m rerolled faces then this one.
		for r := range w {
			w[r] = pm
			if !meets[r] {
				w[r] = w[r].Add(ps)
			}
		}
		return w, ps.Mul(ps)
	case rerollUntil:
		// A kept face after j rerolls, j = 0..D: m^j ways of s^(j+1),
		// or m^j s^(D-j) of s^(D+1).
		d := opts.ExplodeDepth
		sp, mp := powers(ps, d+1), powers(pm, d)
		kept := small(0)
		for j := 0; j <= d; j++ {
			kept = kept.Add(mp[j].Mul(sp[d-j]))
		}
		for r := range w {
			if !meets[r] {
				w[r] = kept
			}
		}
		return w, sp[d+1]
	}
	for r := range w {
		w[r] = small(1)
	}
	return w, ps
}

// generalWork estimates the shape of one die of a general group for
// Exact's work estimate: how many outcomes it has, the bits of its total
// weight, and the work of building its distribution.
func (g *group) generalWork(opts ExactOptions) (faces, dieBits, build float64) {
	s := float64(g.sides)
	bits := math.Log2(s)
	switch g.reroll {
	case rerollOnce:
		dieBits = 2 * bits
	case rerollUntil:
		dieBits = float64(opts.ExplodeDepth+1) * bits
	default:
		dieBits = bits
	}
	lo, hi := g.dieBounds(g.depthFor(opts))
	faces = hi - lo + 1
	build = s * 20 * words(dieBits)
	switch {
	case g.adds != addNone:
		depth := float64(opts.ExplodeDepth)
		if g.adds == addOnce {
			depth = 1
		}
		dieBits += depth * bits
		// Each level spreads every carried sum over the distinct worths
		// of a face.
		worths := math.Min(s, faces)
		build += depth * faces * worths * 2 * 20 * words(dieBits)
	case g.explode:
		depth := float64(g.depthFor(opts))
		dieBits += depth * bits
		build += depth * s * 20 * words(dieBits)
	}
	return faces, dieBits, build
}

// poolKeepDist is the distribution of a group that keeps its highest or
// lowest results after x explosions, each added die a result of its own;
// the parser lets x explode only on faces above every face that stops
// (and no rerolls). A die that goes on j times shows j faces that explode,
// each equally likely among them, and one that stops, equally likely among
// those: so given J explosions in all, the pool is J dice of the exploding
// faces and count dice of the stopping ones, the former never below the
// latter. Keeping the highest k takes the best k of the J (all of them and
// the best k-J stopping dice when J < k); keeping the lowest k takes the
// lowest k stopping dice. Each die is followed opts.ExplodeDepth extra
// dice deep; the rest is left out and shows in Dist.Truncated.
func (g *group) poolKeepDist(opts ExactOptions) *Dist {
	s, n, k, depth := g.sides, g.count, g.keepN, opts.ExplodeDepth
	burst, stop := map[int]count{}, map[int]count{}
	var p, q uint64
	for r := 1; r <= s; r++ {
		f := g.face(r)
		v := g.clamp(g.value(f))
		if g.addsIf.op.holds(f, g.addsIf.target) {
			burst[v] = burst[v].Add(small(1))
			p++
		} else {
			stop[v] = stop[v].Add(small(1))
			q++
		}
	}
	stopDist := weighted(stop, small(q))
	ps := small(uint64(s))
	// ways[J]: how many ways n dice share J explosions, at most depth each.
	ways := []count{small(1)}
	for range n {
		next := make([]count, len(ways)+depth)
		for j, w := range ways {
			for e := 0; e <= depth; e++ {
				next[j+e] = next[j+e].Add(w)
			}
		}
		ways = next
	}
	if p == 0 {
		ways = ways[:1] // nothing explodes
	}
	// Every roll is counted against s^(n(depth+1)): a roll with J
	// explosions drew J+n dice and stands for s^(n(depth+1)-J-n) of them.
	pw := powers(ps, n*(depth+1))
	acc := map[int]count{}
	addScaled := func(d *Dist, scale count) {
		for i, c := range d.counts {
			if !c.IsZero() {
				acc[d.min+i] = acc[d.min+i].Add(c.Mul(scale))
			}
		}
	}
	if g.keep == keepLow {
		// The lowest k are stopping dice whatever explodes: J dice of
		// the p exploding faces each, in p^J ways.
		lowest := keepOf(stopDist, n, k, false)
		pp := powers(small(p), len(ways)-1)
		scale := small(0)
		for j, w := range ways {
			scale = scale.Add(w.Mul(pp[j]).Mul(pw[n*(depth+1)-j-n]))
		}
		addScaled(lowest, scale)
		return weighted(acc, pw[n*(depth+1)])
	}
	burstDist := weighted(burst, small(p))
	qn := powers(small(q), n)[n]
	for j, w := range ways {
		var part *Dist
		scale := w.Mul(pw[n*(depth+1)-j-n])
		switch {
		case j >= k:
			part = keepOf(burstDist, j, k, true)
			scale = scale.Mul(qn) // the stopping dice, all dropped
		case j == 0:
			part = keepOf(stopDist, n, k, true)
		default:
			part = add(sumOf(burstDist, j), keepOf(stopDist, n, k-j, true))
		}
		addScaled(part, scale)
	}
	return weighted(acc, pw[n*(depth+1)])
}
