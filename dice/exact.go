package dice

import (
	"fmt"
	"math"
)

// DefaultExplodeDepth is how many extra dice Exact follows for a die that
// explodes without a stated depth ("d6!"). The chains that go deeper are
// left out and reported by Dist.Truncated: for a single d6, 6^-11.
const DefaultExplodeDepth = 10

// DefaultMaxWork is the work Exact does before refusing; it is about a
// second of computation.
const DefaultMaxWork = 2e8

// ExactOptions tune Exact. The zero value asks for the defaults.
type ExactOptions struct {
	// ExplodeDepth is how many extra dice are followed per die that
	// explodes without a stated depth. Zero means DefaultExplodeDepth.
	ExplodeDepth int
	// MaxWork bounds the estimated work, in multiply-adds of 64-bit words.
	// Zero means DefaultMaxWork.
	MaxWork float64
}

func (o ExactOptions) withDefaults() ExactOptions {
	if o.ExplodeDepth <= 0 {
		o.ExplodeDepth = DefaultExplodeDepth
	}
	if o.MaxWork <= 0 {
		o.MaxWork = DefaultMaxWork
	}
	return o
}

// TooCostlyError is returned by Exact for an expression whose exact
// distribution would take too long to compute.
type TooCostlyError struct {
	Expr  string
	Work  float64 // estimated work
	Limit float64 // the limit in force
}

func (e *TooCostlyError) Error() string {
	return fmt.Sprintf("exact odds of %s would take about %.1g steps, over the limit of %.1g", e.Expr, e.Work, e.Limit)
}

// Dist returns the exact distribution of the expression with the default
// options.
func (e *Expr) Dist() (*Dist, error) { return e.Exact(ExactOptions{}) }

// Exact returns the exact distribution of the expression's result. It
// estimates the work first and returns a *TooCostlyError, at once, when it
// is over the limit.
func (e *Expr) Exact(opts ExactOptions) (*Dist, error) {
	opts = opts.withDefaults()
	if work := e.work(e.root, opts).ops; work > opts.MaxWork {
		return nil, &TooCostlyError{Expr: e.String(), Work: work, Limit: opts.MaxWork}
	}
	return e.exact(e.root, opts), nil
}

func (e *Expr) exact(i int32, opts ExactOptions) *Dist {
	n := &e.nodes[i]
	switch n.kind {
	case kConst:
		return constDist(n.val)
	case kDice:
		return n.g.exact(opts)
	case kNeg:
		return e.exact(n.l, opts).neg()
	case kAdd:
		return add(e.exact(n.l, opts), e.exact(n.r, opts))
	case kSub:
		return add(e.exact(n.l, opts), e.exact(n.r, opts).neg())
	case kMul:
		return times(e.exact(n.l, opts), e.exact(n.r, opts))
	case kDiv:
		return quotient(e.exact(n.l, opts), e.exact(n.r, opts), n.round)
	}
	panic("dice: unknown node kind")
}

// depthFor is the explosion depth Exact follows for the group.
func (g *group) depthFor(opts ExactOptions) int {
	if g.depth == unboundedDepth {
		return opts.ExplodeDepth
	}
	return g.depth
}

// dieDist is the distribution of one die of the group, explosion and all.
func (g *group) dieDist(opts ExactOptions) *Dist {
	switch {
	case g.gen:
		return g.generalDie(opts)
	case g.divisor != 0:
		w := map[int]count{}
		for _, v := range divided[g.divisor] {
			w[v] = w[v].Add(small(1))
		}
		return weighted(w, small(10))
	case g.explode:
		return explodeDist(g.sides, g.depthFor(opts), g.depth != unboundedDepth)
	}
	return uniform(g.sides)
}

// explodeDist is the distribution of a die of s sides that explodes up to
// depth times. When capped, a maximum on the last allowed die simply counts;
// otherwise the chains that would go on are left out (truncated).
func explodeDist(s, depth int, capped bool) *Dist {
	// Relative to a total of s^(depth+1), a chain that stops at level j
	// (after j maxima) on a face below the maximum weighs s^(depth-j).
	pw := powers(small(uint64(s)), depth+1)
	d := &Dist{min: 1, counts: make([]count, (depth+1)*s), total: pw[depth+1]}
	for j := 0; j <= depth; j++ {
		for r := 1; r < s; r++ {
			d.counts[j*s+r-1] = pw[depth-j]
		}
	}
	if capped {
		d.counts[(depth+1)*s-1] = small(1)
	}
	return d.trim()
}

func (g *group) exact(opts ExactOptions) *Dist {
	if g.adds != addNone && g.keep != keepAll {
		return g.poolKeepDist(opts)
	}
	die := g.dieDist(opts)
	if g.cmp != cmpNone && g.adds == addNone {
		w := map[int]count{}
		for _, o := range die.outcomesWeights() {
			w[g.score(o.value)] = w[g.score(o.value)].Add(o.weight)
		}
		die = weighted(w, die.total)
	}
	if g.keep != keepAll {
		return keepOf(die, g.count, g.keepN, g.keep == keepHigh)
	}
	return sumOf(die, g.count)
}

type valueWeight struct {
	value  int
	weight count
}

func (d *Dist) outcomesWeights() []valueWeight {
	out := make([]valueWeight, 0, len(d.counts))
	for i, c := range d.counts {
		if !c.IsZero() {
			out = append(out, valueWeight{d.min + i, c})
		}
	}
	return out
}

// shape describes a distribution Exact would compute, for estimating work:
// the range of its outcomes and how many bits its weights need.
type shape struct {
	lo, hi float64 // range of outcomes, explosions followed to the depth Exact uses
	bits   float64 // bits of the total weight
	ops    float64 // estimated work to compute it, children included
}

func (s shape) span() float64 { return s.hi - s.lo }

// words is the cost factor of multiplying weights of the given bits.
func words(bits float64) float64 { return 1 + bits/64 }

func (e *Expr) work(i int32, opts ExactOptions) shape {
	n := &e.nodes[i]
	switch n.kind {
	case kConst:
		return shape{lo: float64(n.val), hi: float64(n.val)}
	case kDice:
		return n.g.work(opts)
	case kNeg:
		a := e.work(n.l, opts)
		a.lo, a.hi = -a.hi, -a.lo
		return a
	case kAdd, kSub:
		a, b := e.work(n.l, opts), e.work(n.r, opts)
		out := shape{lo: a.lo + b.lo, hi: a.hi + b.hi, bits: a.bits + b.bits}
		if n.kind == kSub {
			out.lo, out.hi = a.lo-b.hi, a.hi-b.lo
		}
		out.ops = a.ops + b.ops + (a.span()+1)*(b.span()+1)*words(out.bits)
		return out
	case kMul, kDiv:
		a, b := e.work(n.l, opts), e.work(n.r, opts)
		out := shape{bits: a.bits + b.bits}
		if n.kind == kMul {
			out.lo, out.hi = productRange(a.lo, a.hi, b.lo, b.hi)
		} else {
			out.lo, out.hi = quotientRange(a.lo, a.hi, b.lo, b.hi, n.round)
		}
		// Pairs go through a map; the result is stored densely over its
		// whole range, which a large factor can make mostly empty.
		out.ops = a.ops + b.ops + (a.span()+1)*(b.span()+1)*words(out.bits)*20 + out.span()*50
		return out
	}
	return shape{}
}

func (g *group) work(opts ExactOptions) shape {
	var faces, dieBits, build float64
	switch {
	case g.gen:
		faces, dieBits, build = g.generalWork(opts)
	case g.divisor != 0:
		faces, dieBits = 5, math.Log2(10)
	case g.explode:
		d := float64(g.depthFor(opts))
		faces, dieBits = float64(g.sides)*(d+1), (d+1)*math.Log2(float64(g.sides))
	default:
		faces, dieBits = float64(g.sides), math.Log2(float64(g.sides))
	}
	if !g.gen {
		// Building the single die's distribution, before any success
		// mapping.
		build = faces * words(dieBits)
	}
	out := shape{bits: float64(g.count) * dieBits}
	out.lo, out.hi = g.bounds(g.depthFor(opts))
	span := (out.hi - out.lo) / float64(max(1, g.count)) // of one die, less one
	if g.cmp != cmpNone && g.adds == addNone {
		faces, span = 2, 1
	}
	n := float64(g.count)
	w := words(out.bits)
	if g.keep != keepAll && g.adds != addNone {
		// One keep for each number J of explosions, up to n*depth: of
		// the best k of J dice of the p exploding faces, or of the q
		// stopping faces of n dice.
		k, d := float64(g.keepN), float64(opts.ExplodeDepth)
		meet, all := g.faceShare(g.addsIf)
		p, q := float64(meet), float64(all-meet)
		out.bits = n * (d + 1) * math.Log2(float64(g.sides))
		span := (out.hi - out.lo) / k
		// Each keep's outcomes go into a map, and the weights of the
		// faces into maps first.
		maps := (n*d+1)*(out.hi-out.lo+1)*20 + float64(g.sides)*40
		out.ops = (n*d+1)*(keepWork(p, n*d, k, span, out.bits)+keepWork(q, n, k, span, out.bits)) + n*n*d*(d+1)*words(out.bits) + maps
		return out
	}
	if g.keep != keepAll {
		k := float64(g.keepN)
		out.ops = build + keepWork(faces, n, k, (out.hi-out.lo)/k, out.bits)
		return out
	}
	// n-1 convolutions with the die, the i-th over i*span+1 outcomes.
	out.ops = build + (n*n/2*span+n)*(span+1)*w
	return out
}

// keepWork estimates the work of keepOf for k of n dice whose die has the
// given number of faces, span (its largest value less its smallest) and
// n dice's total weight of the given bits.
func keepWork(faces, n, k, span, bits float64) float64 {
	w := words(bits)
	// One multiply-add of two stored weights, in the unit of this
	// estimate (about 5 ns): most weights are far shorter than the total,
	// measured over 4d6kh3 ... 200d100kh100.
	mul := 1 + w/8
	// Per face, each state (a, s) with a < k closes out once and moves on
	// to the k-1-a states above it: sum over a of (a*span+1)*(k-a).
	states := span*(k*k*k-k)/6 + k*(k+1)/2
	// Per face, the coefficients in big integers: about k^2 products of a
	// power and a binomial, and two powers by squaring.
	coefs := (k*k+3*k)*w + w*w/8 + math.Log2(n+1)
	// The states and the result, cleared and read back word by word.
	memory := (k*k*span/2 + k*span + k) * w
	return faces*(states*mul+coefs) + memory
}
