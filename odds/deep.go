package odds

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
	// probability wait in nodes, by key in at (merged with alike ones
	// met later), for a pass of their own.
	below float64
	nodes []*node[S]
	at    map[string]*node[S]
}

// deepen makes run go by probability from where k.at says: the
// situations waiting (the level's unanswered ones and the next level's
// met so far) become one level, the answers waiting to be resolved are
// resolved with it, and the situations below the first pass's threshold
// wait for the next.
func (k *calc[S, C, E]) deepen() {
	k.deep = &deferral[S]{at: map[string]*node[S]{}}
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
	if d.below == 0 {
		d.below = maxP(nodes) / passRatio
	}
	level := nodes[:0:0]
	for _, n := range nodes {
		if n.p.float() >= d.below {
			level = append(level, n)
			continue
		}
		d.nodes = append(d.nodes, n)
	}
	for len(level) == 0 && len(d.nodes) > 0 {
		d.below = maxP(d.nodes) / passRatio
		rest := d.nodes[:0]
		for _, n := range d.nodes {
			if n.p.float() >= d.below {
				level = append(level, n)
			} else {
				rest = append(rest, n)
			}
		}
		clear(d.nodes[len(rest):])
		d.nodes = rest
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
	if d.below == 0 {
		for _, key := range k.nextOrder {
			d.below = max(d.below, k.next[key].p.float()/passRatio)
		}
	}
	for _, key := range k.nextOrder {
		n := k.next[key]
		if have, ok := d.at[key]; ok {
			// Met before in this pass and left for a later one.
			have.p = have.p.add(n.p)
			continue
		}
		if n.p.float() < d.below {
			d.at[key] = n
			d.nodes = append(d.nodes, n)
			continue
		}
		level = append(level, n)
	}
	if len(level) == 0 {
		level = k.pass(level)
	}
	return level
}

// maxP returns the highest probability of nodes, as a float.
func maxP[S any](nodes []*node[S]) float64 {
	m := 0.0
	for _, n := range nodes {
		m = max(m, n.p.float())
	}
	return m
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
