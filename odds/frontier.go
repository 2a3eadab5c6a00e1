package odds

import (
	"sort"
)

// Estimates from where the exact part stopped. When an option's exact
// enumeration runs out of its path budget, what it has done is exact: the
// outcomes reached, the probability left out, the prompts answered. What
// is left is a frontier of starts, each a situation with its exact
// probability and what goes on from it (a command still to resolve, or a
// prompt still to answer): the decisions of the level not yet resolved,
// the situations of the next level met so far. The estimate then resolves
// only from there, each sample from a start drawn in proportion to its
// probability, and a probability of the report is the exact part plus
// the frontier's mass times the frequency over the samples. Its error is
// the frontier's mass times the frequency's: a frontier of a fifth of the
// probability needs a twenty-fifth of the samples for the same interval.

// start is where a sampled resolution begins: node n, going on with ch,
// or with the answer to n's prompt when ch is nil.
type start[S, C any] struct {
	n  *node[S]
	ch *choice[C]
}

// weight returns the probability of the start.
func (s start[S, C]) weight() prob {
	if s.ch == nil {
		return s.n.p
	}
	return s.n.p.mul(s.ch.p)
}

// frontier returns what is left to resolve when run stopped on an error,
// as k.at says: the answers of the node being resolved not resolved yet,
// the answers gathered and not resolved yet, the nodes of the level whose
// prompts are not answered yet, and the situations of the next level met
// so far.
func (k *calc[S, C, E]) frontier() []start[S, C] {
	at := &k.at
	var f []start[S, C]
	if !at.resolving && at.i < len(at.level) && at.choices != nil {
		n := at.level[at.i]
		for _, ch := range at.choices[at.j:] {
			f = append(f, start[S, C]{n: n, ch: &ch})
		}
	}
	for _, g := range k.gathered[at.g:] {
		ch := g.ch
		f = append(f, start[S, C]{n: g.n, ch: &ch})
	}
	waiting := func(n *node[S]) start[S, C] {
		if rest, ok := n.rest.(*choice[C]); ok {
			return start[S, C]{n: n, ch: rest}
		}
		if at.depth == 0 {
			return start[S, C]{n: n, ch: &at.root}
		}
		return start[S, C]{n: n}
	}
	if !at.resolving {
		from := at.i
		if at.choices != nil {
			from++
		}
		for _, n := range at.level[min(from, len(at.level)):] {
			if n.steps <= k.opts.MaxSteps {
				f = append(f, waiting(n))
			} else {
				k.leaveOut(k.reasons.steps, n.p)
			}
		}
	}
	for _, key := range k.nextOrder {
		f = append(f, start[S, C]{n: k.next[key]})
		if rest, ok := k.next[key].rest.(*choice[C]); ok {
			f[len(f)-1].ch = rest
		}
	}
	for _, b := range k.big {
		f = append(f, start[S, C]{n: b.n, ch: &b.ch})
	}
	return append(f, k.deferred()...)
}

// picker finds the start of a frontier at a position drawn in [0, 1),
// each start holding a stretch of it as long as its share of the
// frontier's probability.
type picker struct {
	cum []float64 // the starts' probabilities added up, over the whole
}

// newPicker returns the picker of starts of probabilities ws, which add up
// to total.
func newPicker(ws []prob, total prob) *picker {
	t := total.float()
	p := &picker{cum: make([]float64, len(ws))}
	sum := 0.0
	for i, w := range ws {
		sum += w.float()
		p.cum[i] = sum / t
	}
	return p
}

// at returns the index of the start at position u, where u is within
// its stretch, from 0 to 1 (given the start, a position of its own as
// evenly spread as u, for its first dice: stratSource), and the width of
// the stretch.
func (p *picker) at(u float64) (int, float64, float64) {
	i := 0
	if len(p.cum) > 1 {
		i = min(sort.Search(len(p.cum), func(i int) bool { return p.cum[i] > u }), len(p.cum)-1)
	}
	lo, hi := 0.0, p.cum[i]
	if i > 0 {
		lo = p.cum[i-1]
	}
	if hi <= lo {
		return i, 0, 0
	}
	return i, min(max((u-lo)/(hi-lo), 0), belowOne), hi - lo
}
