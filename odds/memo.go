package odds

import (
	"encoding/binary"
	"slices"

	"fray/dice"
)

// Shared subtrees. The results of a decision depend only on the state it
// is made from, the one who makes it and the command: not on the outcome
// so far, which is merged into them afterwards. The same situation is met
// again and again with different outcomes so far (an attack roll that
// burst and one that did not leave the target the same prompt), and the
// options of one menu meet the same situations (an attack and the same
// attack with an off-hand one after it). A memo keeps each decision's
// results, relative to the decision, and files them again from any other
// node that makes it, without running a die: the work and the paths are
// spent once per situation, for a whole menu.

// memo is the results of the decisions resolved, by the key of the
// acting combatant, the one deciding, the command and the state.
type memo[S any] struct {
	done map[string]*memoEntry[S]
	// waiting are the decisions split by their dice (split.go) whose
	// parts are not all resolved yet, by the key of each part they wait
	// for.
	waiting map[string][]*splitting[S]
	// names name the parts of the keys of the states of every
	// computation that shares the memo, whose keys it holds.
	names *keyNames
}

func newMemo[S any]() *memo[S] {
	return &memo[S]{done: map[string]*memoEntry[S]{}, waiting: map[string][]*splitting[S]{}, names: &keyNames{}}
}

// splitting is a decision split by its dice, waiting for its parts to be
// resolved. Once they all are, its results are the paths it ran and each
// part's, weighted by the part's probability given the decision: one
// memo entry, as if it had been enumerated whole, so that another option
// meeting the decision files it again rather than split it again.
type splitting[S any] struct {
	key   string
	ran   *memoEntry[S] // the paths run before the budget ran out
	parts []splitPart
	left  int // the parts not resolved yet
}

// splitPart is one part of a decision split by its dice: its memo key
// and its probability given the decision.
type splitPart struct {
	key string
	p   prob
}

// memoEntry is one decision's results, each with its probability given
// the decision, and the probability of the paths cut off at MaxDraws.
type memoEntry[S any] struct {
	leaves    []memoLeaf[S]
	truncated prob
	// rulings are the rulings folded into its paths, with their
	// probabilities given the decision (see fold).
	rulings []ruledP
	// folds is the most rulings folded into one of its paths (see fold):
	// a node whose resolution may answer fewer prompts before
	// Options.MaxSteps cannot take these results as they are.
	folds int
}

// memoLeaf is one result of a decision.
type memoLeaf[S any] struct {
	p    prob
	said []string
	took []int
	tail string // the conditions, or the state, as the key ends
	// final is the outcome's conditions (its acc unused), or nil; next is
	// the situation's state (read only), otherwise.
	final *final
	next  *S
	// rest is the leaf's rest (see leaf), key its state's key (see node).
	rest any
	key  string
	// folds is how many rulings were folded into its path.
	folds int
}

// kind is the letter a leaf's key starts with, as the leaf key of a run
// writes it: 'F' for a final outcome, 'P' for a situation with a rest to
// resolve, 'C' for one that carries on.
func (ml *memoLeaf[S]) kind() byte {
	switch {
	case ml.final != nil:
		return 'F'
	case ml.rest != nil:
		return 'P'
	}
	return 'C'
}

// keep files the results of a whole enumeration under key.
func (m *memo[S]) keep(key string, en *dice.Enumeration[*leaf[S]]) {
	m.put(key, entryOf(en, prob{}))
}

// put files e under key, and the decisions split whose last part that
// was.
func (m *memo[S]) put(key string, e *memoEntry[S]) {
	m.done[key] = e
	waiting := m.waiting[key]
	if waiting == nil {
		return
	}
	delete(m.waiting, key)
	for _, s := range waiting {
		if s.left--; s.left == 0 {
			m.put(s.key, m.join(s))
		}
	}
}

// split files the paths run of a decision split by its dice, under key
// once its parts are all resolved (see splitting). cut is the probability
// (given the decision) of the chains of a pool its parts do not follow.
func (m *memo[S]) split(key string, en *dice.Enumeration[*leaf[S]], cut prob, parts []splitPart) {
	s := &splitting[S]{key: key, ran: entryOf(en, cut), parts: parts}
	for _, pt := range parts {
		if _, ok := m.done[pt.key]; !ok {
			s.left++
			m.waiting[pt.key] = append(m.waiting[pt.key], s)
		}
	}
	if s.left == 0 {
		m.put(key, m.join(s))
	}
}

// join returns the results of split decision s, its parts all resolved:
// the paths it ran and each part's results, weighted by the part's
// probability, alike results together.
func (m *memo[S]) join(s *splitting[S]) *memoEntry[S] {
	e := &memoEntry[S]{truncated: s.ran.truncated, rulings: slices.Clone(s.ran.rulings), folds: s.ran.folds}
	at := map[string]int{}
	var id []byte
	add := func(ml memoLeaf[S]) {
		kind := ml.kind()
		id = binary.AppendUvarint(append(id[:0], kind), uint64(ml.folds))
		id = binary.AppendUvarint(id, uint64(len(ml.said)))
		for _, t := range ml.said {
			id = append(id, t...)
			id = append(id, '\x1f')
		}
		for _, d := range ml.took {
			id = binary.AppendVarint(id, int64(d))
		}
		id = append(id, ml.tail...)
		if i, ok := at[string(id)]; ok {
			e.leaves[i].p = e.leaves[i].p.add(ml.p)
			return
		}
		at[string(id)] = len(e.leaves)
		e.leaves = append(e.leaves, ml)
	}
	for _, ml := range s.ran.leaves {
		add(ml)
	}
	for _, pt := range s.parts {
		pe := m.done[pt.key]
		e.truncated = e.truncated.add(pt.p.mul(pe.truncated))
		e.folds = max(e.folds, pe.folds)
		for _, r := range pe.rulings {
			e.rulings = addRuled(e.rulings, r.r, pt.p.mul(r.p))
		}
		for _, ml := range pe.leaves {
			ml.p = pt.p.mul(ml.p)
			add(ml)
		}
	}
	return e
}

// entryOf returns the results of an enumeration as a memo entry, with
// probability cut more cut off.
func entryOf[S any](en *dice.Enumeration[*leaf[S]], cut prob) *memoEntry[S] {
	e := &memoEntry[S]{truncated: probOf(en.Truncated).add(cut), leaves: make([]memoLeaf[S], len(en.Outcomes))}
	for i, o := range en.Outcomes {
		l := o.Value
		ml := memoLeaf[S]{p: probOf(o.P), said: l.said, took: l.took, tail: l.tail, final: l.final, rest: l.rest, folds: len(l.rulings)}
		if l.next != nil {
			ml.next, ml.key = &l.next.state, l.next.key
		}
		e.folds = max(e.folds, len(l.rulings))
		if len(l.rulings) > 0 {
			e.rulings = addRulings(e.rulings, l.rulings, ml.p)
		}
		e.leaves[i] = ml
	}
	return e
}

// replay files the results of memo entry m for node n, weighted by w, as
// resolve files those it enumerates.
func (k *calc[S, C, E]) replay(n *node[S], w prob, m *memoEntry[S]) {
	k.leaveOut(k.reasons.draws, w.mul(m.truncated))
	var order, merged, damage []int
	var full []byte
	for _, r := range m.rulings {
		k.ruled(r.r, w.mul(r.p))
	}
	for _, ml := range m.leaves {
		p := w.mul(ml.p)
		order = tagOrder(order[:0], ml.said)
		merged = mergeTags(merged[:0], n.acc.tags, ml.said, order)
		damage = append(damage[:0], ml.took...)
		for i, d := range n.acc.damage {
			damage[i] += d
		}
		kind := ml.kind()
		full = appendJoined(full[:0], kind, merged, n.acc.tags, ml.said, damage, ml.tail)
		if ml.final != nil {
			if have, ok := k.finals[string(full)]; ok {
				have.p.add(p)
				continue
			}
		} else if have, ok := k.next[string(full)]; ok {
			have.p = have.p.add(p)
			continue
		}
		// A new result: what it keeps comes from chunks, as file's do.
		c := &k.chunks
		var acc partial
		if len(merged) > 0 {
			acc.tags = grow(&c.strings, len(merged))
			for i, x := range merged {
				acc.tags[i] = tagAt(x, n.acc.tags, ml.said)
			}
		}
		if slices.ContainsFunc(damage, func(d int) bool { return d != 0 }) {
			acc.damage = grow(&c.ints, len(damage))
			copy(acc.damage, damage)
		}
		key := c.text(full)
		k.sp.mem.Add(int64(2*len(key) + 256))
		if ml.final != nil {
			f := one(&c.finals)
			*f = final{acc: acc, conds: ml.final.conds, downs: ml.final.downs, p: tallyOf(p)}
			k.finals[key] = f
			continue
		}
		nd := one(&c.nodes)
		*nd = node[S]{state: *ml.next, acc: acc, p: p, steps: n.steps + 1 + ml.folds, rest: ml.rest, key: ml.key}
		k.next[key] = nd
		k.nextOrder = append(k.nextOrder, key)
	}
}
