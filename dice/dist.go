package dice

import (
	"math"
	"math/big"
	"slices"
)

// Dist is an exact probability distribution over integers: every
// probability is a fraction, never a rounded float.
//
// A Dist may not cover all of the probability: when an exploding die is
// followed only to a certain depth, the chains that go deeper are left out
// and their total probability is reported by Truncated. The summary
// statistics (Mean, Variance, Percentile) describe the covered part,
// renormalised; the probabilities of single outcomes (P, AtLeast) are
// absolute.
type Dist struct {
	min    int
	counts []count // counts[i] is the weight of the outcome min+i
	total  count   // the weight of everything, covered or not
}

// Outcome is one possible result and its exact probability.
type Outcome struct {
	Value int
	P     *big.Rat
}

func constDist(v int) *Dist {
	return &Dist{min: v, counts: []count{small(1)}, total: small(1)}
}

func uniform(sides int) *Dist {
	d := &Dist{min: 1, counts: make([]count, sides), total: small(uint64(sides))}
	for i := range d.counts {
		d.counts[i] = small(1)
	}
	return d
}

// weighted builds a Dist from a weight per value; total must be at least the
// sum of the weights.
func weighted(w map[int]count, total count) *Dist {
	if len(w) == 0 {
		return &Dist{total: total}
	}
	keys := make([]int, 0, len(w))
	for v := range w {
		keys = append(keys, v)
	}
	slices.Sort(keys)
	d := &Dist{min: keys[0], counts: make([]count, keys[len(keys)-1]-keys[0]+1), total: total}
	for v, c := range w {
		d.counts[v-d.min] = d.counts[v-d.min].Add(c)
	}
	return d.trim()
}

// trim drops zero weights at both ends.
func (d *Dist) trim() *Dist {
	lo, hi := 0, len(d.counts)
	for lo < hi && d.counts[lo].IsZero() {
		lo++
	}
	for hi > lo && d.counts[hi-1].IsZero() {
		hi--
	}
	d.min += lo
	d.counts = d.counts[lo:hi]
	return d
}

// covered is the weight of all listed outcomes.
func (d *Dist) covered() count {
	s := small(0)
	for _, c := range d.counts {
		s = s.Add(c)
	}
	return s
}

func (d *Dist) rat(c count) *big.Rat {
	return new(big.Rat).SetFrac(c.Big(), d.total.Big())
}

// Min returns the smallest outcome with a non-zero probability.
func (d *Dist) Min() int { return d.min }

// Max returns the largest outcome with a non-zero probability.
func (d *Dist) Max() int { return d.min + len(d.counts) - 1 }

// Outcomes lists every outcome with a non-zero probability, in ascending
// order of value.
func (d *Dist) Outcomes() []Outcome {
	out := make([]Outcome, 0, len(d.counts))
	for i, c := range d.counts {
		if !c.IsZero() {
			out = append(out, Outcome{Value: d.min + i, P: d.rat(c)})
		}
	}
	return out
}

// P returns the probability of exactly v.
func (d *Dist) P(v int) *big.Rat {
	if v < d.min || v > d.Max() {
		return new(big.Rat)
	}
	return d.rat(d.counts[v-d.min])
}

// AtLeast returns the probability of a result of n or more (among the covered
// outcomes: a truncated tail is not counted).
func (d *Dist) AtLeast(n int) *big.Rat {
	s := small(0)
	for i, c := range d.counts {
		if d.min+i >= n {
			s = s.Add(c)
		}
	}
	return d.rat(s)
}

// AtMost returns the probability of a result of n or less.
func (d *Dist) AtMost(n int) *big.Rat {
	s := small(0)
	for i, c := range d.counts {
		if d.min+i <= n {
			s = s.Add(c)
		}
	}
	return d.rat(s)
}

// Truncated returns the probability not covered by the outcomes: zero unless
// an exploding die was followed only to a limited depth.
func (d *Dist) Truncated() *big.Rat {
	return d.rat(d.total.Sub(d.covered()))
}

// moment returns the exact k-th raw moment of the covered outcomes,
// renormalised to them.
func (d *Dist) moment(k int) *big.Rat {
	sum := new(big.Int)
	term := new(big.Int)
	for i, c := range d.counts {
		if c.IsZero() {
			continue
		}
		v := big.NewInt(int64(d.min + i))
		term.Exp(v, big.NewInt(int64(k)), nil)
		term.Mul(term, c.BigRO())
		sum.Add(sum, term)
	}
	cov := d.covered()
	if cov.IsZero() {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(sum, cov.Big())
}

// Mean returns the exact expected value.
func (d *Dist) Mean() *big.Rat { return d.moment(1) }

// Variance returns the exact variance.
func (d *Dist) Variance() *big.Rat {
	m := d.moment(1)
	v := d.moment(2)
	return v.Sub(v, m.Mul(m, m))
}

// StdDev returns the standard deviation.
func (d *Dist) StdDev() float64 {
	v, _ := d.Variance().Float64()
	return math.Sqrt(v)
}

// Percentile returns the smallest outcome v with P(result <= v) >= q, for q
// in (0, 1]; Percentile(0.5) is the median.
func (d *Dist) Percentile(q float64) int {
	cov := d.covered().Big()
	target := new(big.Rat).SetFloat64(min(max(q, 0), 1))
	if target == nil {
		target = new(big.Rat)
	}
	target.Mul(target, new(big.Rat).SetInt(cov))
	cum := new(big.Int)
	for i, c := range d.counts {
		if c.IsZero() {
			continue
		}
		cum.Add(cum, c.BigRO())
		if new(big.Rat).SetInt(cum).Cmp(target) >= 0 {
			return d.min + i
		}
	}
	return d.Max()
}

// Median returns the 50th percentile.
func (d *Dist) Median() int { return d.Percentile(0.5) }

// add returns the distribution of the sum of independent results of a and b.
func add(a, b *Dist) *Dist {
	out := &Dist{min: a.min + b.min, counts: make([]count, len(a.counts)+len(b.counts)-1), total: a.total.Mul(b.total)}
	if _, fits := out.total.Uint64(); !fits {
		addBig(out, a, b)
		return out
	}
	for i, ca := range a.counts {
		if ca.IsZero() {
			continue
		}
		row := out.counts[i : i+len(b.counts)]
		for j, cb := range b.counts {
			row[j] = row[j].Add(ca.Mul(cb))
		}
	}
	return out
}

// addBig is the convolution of add for weights beyond 64 bits: it
// accumulates into big integers in place instead of allocating one per
// step.
func addBig(out, a, b *Dist) {
	acc := make([]big.Int, len(out.counts))
	bs := make([]*big.Int, len(b.counts))
	for j, cb := range b.counts {
		bs[j] = cb.BigRO()
	}
	var prod big.Int
	for i, ca := range a.counts {
		if ca.IsZero() {
			continue
		}
		x := ca.BigRO()
		for j, y := range bs {
			if y.Sign() != 0 {
				acc[i+j].Add(&acc[i+j], prod.Mul(x, y))
			}
		}
	}
	for i := range acc {
		out.counts[i] = fromBig(&acc[i])
	}
}

// neg returns the distribution of -X.
func (d *Dist) neg() *Dist {
	out := &Dist{min: -d.Max(), counts: slices.Clone(d.counts), total: d.total}
	slices.Reverse(out.counts)
	return out
}

// times returns the distribution of the product of independent results of
// a and b.
func times(a, b *Dist) *Dist {
	w := make(map[int]count, len(a.counts)*len(b.counts))
	for i, ca := range a.counts {
		if ca.IsZero() {
			continue
		}
		for j, cb := range b.counts {
			if !cb.IsZero() {
				v := (a.min + i) * (b.min + j)
				w[v] = w[v].Add(ca.Mul(cb))
			}
		}
	}
	return weighted(w, a.total.Mul(b.total))
}

// sumOf returns the distribution of the sum of n independent results of d.
func sumOf(d *Dist, n int) *Dist {
	out := d
	for range n - 1 {
		out = add(out, d)
	}
	return out
}

// quotient returns the distribution of a/b, rounded as r says, for
// independent results of a and b; b has no outcome 0.
func quotient(a, b *Dist, r rounding) *Dist {
	w := make(map[int]count, len(a.counts)+len(b.counts))
	for i, ca := range a.counts {
		if ca.IsZero() {
			continue
		}
		for j, cb := range b.counts {
			if !cb.IsZero() {
				v := r.quotient(a.min+i, b.min+j)
				w[v] = w[v].Add(ca.Mul(cb))
			}
		}
	}
	return weighted(w, a.total.Mul(b.total))
}
