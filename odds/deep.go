package odds

import "slices"

// Likelier situations first where an option will not fit. run goes level
// by level, and most outcomes are reached at the last levels, so that an
// option stopped at its share has often made a fifth of the probability
// or less exact, and the estimate of its frontier needs nearly as many
// resolutions as a whole one. Once an option is past its first share
// (All's second round), run goes on in passes: each follows, level by
// level and to their ends, only the situations of at least a threshold of
// probability, and leaves those below it for a later pass, whose
// threshold is lower. The frontier left when the share runs out then
// holds little probability, and its estimate needs far fewer resolutions
// (a frontier of a tenth, a hundredth of those of a whole one). Within a
// pass alike situations of a level are merged as before; the fractions
// are the same either way, only the order of the work changes. A
// decision bigger than the whole share is split by its dice where the
// share runs out (split.go), and its parts, waiting like answers, are
// resolved the likelier first.

// passRatio is how far below the likeliest situation waiting a pass's
// threshold is.
const passRatio = 16

// deferral is what run leaves for a later pass once it goes by
// probability.
type deferral[S any] struct {
	// below is the threshold of the pass: situations of a lower
	// probability wait in nodes (merged with alike ones met later, by key
	// in at, their place in nodes), for a pass of their own.
	below float64
	nodes []*node[S]
	at    map[string]int
	// fs are the probabilities of nodes as floats, worked out once each
	// (a float of a probability of more than 53 bits is a long
	// division); -1 where a node's probability changed since.
	fs []float64
}

// float returns the probability of d.nodes[i] as a float.
func (d *deferral[S]) float(i int) float64 {
	if d.fs[i] < 0 {
		d.fs[i] = d.nodes[i].p.float()
	}
	return d.fs[i]
}

// leave leaves n, of probability f as a float, for a later pass, and
// returns its place in d.nodes.
func (d *deferral[S]) leave(n *node[S], f float64) int {
	d.nodes = append(d.nodes, n)
	d.fs = append(d.fs, f)
	return len(d.nodes) - 1
}

// deepen makes run go by probability from where k.at says: the
// situations waiting (the level's unanswered ones and the next level's
// met so far) become one level, the answers waiting to be resolved are
// resolved with it, and the situations below the first pass's threshold
// wait for the next.
func (k *calc[S, C, E]) deepen() {
	k.deep = &deferral[S]{at: map[string]int{}}
	if k.at.depth == 0 {
		// Nothing resolved yet but the command: it goes on as it is.
		return
	}
	var waiting []*node[S]
	var answers []gathered[S, C]
	for _, s := range k.frontier() {
		if s.ch == nil || s.ch == s.n.rest {
			waiting = append(waiting, s.n)
			continue
		}
		answers = append(answers, gathered[S, C]{n: s.n, ch: *s.ch})
	}
	// The decisions left as too big are probed again, against the new
	// budget.
	k.big = nil
	k.gathered = append(k.gathered[:0], answers...)
	clear(k.gatheredAt) // some may have been resolved
	k.next, k.nextOrder = map[string]*node[S]{}, nil
	k.at = cursor[S, C]{level: k.pass(waiting), depth: k.at.depth, root: k.at.root}
}

// pass returns the nodes of a level to resolve now, of nodes met, and
// leaves the others for a later pass. Once nothing is left to
// resolve now, it lowers the threshold to start the next pass.
func (k *calc[S, C, E]) pass(nodes []*node[S]) []*node[S] {
	d := k.deep
	fs := make([]float64, len(nodes))
	for i, n := range nodes {
		fs[i] = n.p.float()
	}
	if d.below == 0 {
		d.below = slices.Max(append(fs, 0)) / passRatio
	}
	level := nodes[:0:0]
	for i, n := range nodes {
		if fs[i] >= d.below {
			level = append(level, n)
			continue
		}
		d.leave(n, fs[i])
	}
	for len(level) == 0 && len(d.nodes) > 0 {
		m := 0.0
		for i := range d.nodes {
			m = max(m, d.float(i))
		}
		d.below = m / passRatio
		rest := 0
		for i, n := range d.nodes {
			if f := d.fs[i]; f >= d.below {
				level = append(level, n)
			} else {
				d.nodes[rest], d.fs[rest] = n, f
				rest++
			}
		}
		clear(d.nodes[rest:])
		d.nodes, d.fs = d.nodes[:rest], d.fs[:rest]
		clear(d.at)
	}
	return level
}

// nextLevel returns the level of situations the last one led to (k.next,
// in the order met), leaving those below the pass's threshold for a later
// pass once run goes by probability.
func (k *calc[S, C, E]) nextLevel() []*node[S] {
	level := make([]*node[S], 0, len(k.nextOrder))
	d := k.deep
	if d == nil {
		for _, key := range k.nextOrder {
			level = append(level, k.next[key])
		}
		return level
	}
	var fs []float64 // the floats of the level, when the threshold needs them all
	if d.below == 0 {
		fs = make([]float64, len(k.nextOrder))
		for i, key := range k.nextOrder {
			fs[i] = k.next[key].p.float()
			d.below = max(d.below, fs[i]/passRatio)
		}
	}
	for i, key := range k.nextOrder {
		n := k.next[key]
		if at, ok := d.at[key]; ok {
			// Met before in this pass and left for a later one.
			have := d.nodes[at]
			have.p = have.p.add(n.p)
			d.fs[at] = -1
			continue
		}
		var f float64
		if fs != nil {
			f = fs[i]
		} else {
			f = n.p.float()
		}
		if f < d.below {
			d.at[key] = d.leave(n, f)
			continue
		}
		level = append(level, n)
	}
	if len(level) == 0 {
		level = k.pass(level)
	}
	return level
}

// deferred returns the starts of the situations left for a later pass,
// for an estimate.
func (k *calc[S, C, E]) deferred() []start[S, C] {
	if k.deep == nil {
		return nil
	}
	f := make([]start[S, C], 0, len(k.deep.nodes))
	for _, n := range k.deep.nodes {
		s := start[S, C]{n: n}
		if rest, ok := n.rest.(*choice[C]); ok {
			s.ch = rest
		}
		f = append(f, s)
	}
	return f
}
