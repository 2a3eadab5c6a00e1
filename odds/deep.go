package odds

import "container/heap"

// Depth before breadth where an option will not fit. run goes level by
// level, and most outcomes are reached at the last levels, so that an
// option stopped at its share has often made a fifth of the probability
// or less exact, and the estimate of its frontier needs nearly as many
// resolutions as a whole one. Once an option is past its first share (All's
// second round), what it has left to do goes instead by probability: the
// likeliest start of the frontier first, the situations its decision leads
// to followed down before the unlikelier ones. The frontier left when the
// share runs out then holds little probability, and its estimate needs
// far fewer resolutions (a frontier of a tenth, a hundredth of those of a
// whole one). The fractions are the same either way: only the order of
// the work and what it merges change.

// deepItem is a start waiting in the order of probability: w its
// probability when it was queued, seq the order it was queued in (the
// tie-break, so that the order is the same every time), key the key under
// which it waits to be merged with alike starts, in k.next (from) or
// k.gatheredAt (gathered), "" when it merges with none.
type deepItem[S, C any] struct {
	s        start[S, C]
	w        float64
	seq      int
	key      string
	gathered bool
}

// deepQueue is the starts waiting, likeliest first.
type deepQueue[S, C any] struct {
	items []deepItem[S, C]
	seq   int
}

func (q *deepQueue[S, C]) Len() int { return len(q.items) }
func (q *deepQueue[S, C]) Less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	if a.w != b.w {
		return a.w > b.w
	}
	return a.seq < b.seq
}
func (q *deepQueue[S, C]) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *deepQueue[S, C]) Push(x any)   { q.items = append(q.items, x.(deepItem[S, C])) }
func (q *deepQueue[S, C]) Pop() any {
	n := len(q.items) - 1
	it := q.items[n]
	q.items[n] = deepItem[S, C]{}
	q.items = q.items[:n]
	return it
}

// queue adds start s, waiting under key (see deepItem).
func (k *calc[S, C, E]) queue(s start[S, C], key string, gathered bool) {
	q := k.deep
	q.seq++
	heap.Push(q, deepItem[S, C]{s: s, w: s.weight().float(), seq: q.seq, key: key, gathered: gathered})
}

// deepen turns what run has left to do, as k.at says, into starts
// queued by probability, from which proceedDeep goes on.
func (k *calc[S, C, E]) deepen() {
	f := k.frontier()
	k.deep = &deepQueue[S, C]{}
	k.next, k.nextOrder = map[string]*node[S]{}, nil
	k.gathered = k.gathered[:0]
	clear(k.gatheredAt)
	k.at = cursor[S, C]{}
	for _, s := range f {
		k.queue(s, "", false)
	}
}

// proceedDeep resolves the starts queued, likeliest first, to the end or
// an error; a start that stops on an error is queued again, for the
// frontier (deepFrontier).
func (k *calc[S, C, E]) proceedDeep() error {
	q := k.deep
	for q.Len() > 0 {
		it := heap.Pop(q).(deepItem[S, C])
		n := it.s.n
		if it.key != "" {
			// No longer waiting: what meets it from now on is a start
			// of its own.
			if it.gathered {
				if k.gatheredAt[it.key] == n {
					delete(k.gatheredAt, it.key)
				}
			} else if k.next[it.key] == n {
				delete(k.next, it.key)
			}
			it.key = ""
		}
		ch := it.s.ch
		if ch == nil || it.s.ch == n.rest {
			// A situation: counted, and its prompt answered.
			k.situations++
			k.sp.situations.Add(1)
			if n.steps > k.opts.MaxSteps {
				k.leaveOut(k.reasons.steps, n.p)
				continue
			}
		}
		if ch == nil {
			choices, err := k.answer(n)
			if err != nil {
				k.situations--
				k.sp.situations.Add(-1)
				heap.Push(q, it)
				return err
			}
			for _, c := range choices {
				if !k.forgets {
					k.queue(start[S, C]{n: n, ch: &c}, "", false)
					continue
				}
				key := k.gather(n, c)
				for _, g := range k.gathered {
					k.queue(start[S, C]{n: g.n, ch: &g.ch}, key, key != "")
				}
				k.gathered = k.gathered[:0]
			}
			continue
		}
		if err := k.resolve(n, *ch); err != nil {
			if ch == n.rest {
				k.situations--
				k.sp.situations.Add(-1)
			}
			heap.Push(q, it)
			return err
		}
		for _, key := range k.nextOrder {
			nd := k.next[key]
			s := start[S, C]{n: nd}
			if rest, ok := nd.rest.(*choice[C]); ok {
				s.ch = rest
			}
			k.queue(s, key, false)
		}
		k.nextOrder = k.nextOrder[:0]
	}
	return nil
}

// deepFrontier returns the starts still queued, for an estimate.
func (k *calc[S, C, E]) deepFrontier() []start[S, C] {
	f := make([]start[S, C], 0, k.deep.Len())
	for _, it := range k.deep.items {
		f = append(f, it.s)
	}
	return f
}
