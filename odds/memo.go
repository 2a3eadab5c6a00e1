package odds

import (
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
}

func newMemo[S any]() *memo[S] { return &memo[S]{done: map[string]*memoEntry[S]{}} }

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

// keep files the results of a whole enumeration under key.
func (m *memo[S]) keep(key string, en *dice.Enumeration[*leaf[S]]) {
	e := &memoEntry[S]{truncated: probOf(en.Truncated), leaves: make([]memoLeaf[S], len(en.Outcomes))}
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
	m.done[key] = e
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
		kind := byte('C')
		switch {
		case ml.final != nil:
			kind = 'F'
		case ml.rest != nil:
			kind = 'P'
		}
		full = appendJoined(full[:0], kind, merged, n.acc.tags, ml.said, damage, ml.tail)
		if ml.final != nil {
			if have, ok := k.finals[string(full)]; ok {
				have.p = have.p.add(p)
				continue
			}
		} else if have, ok := k.next[string(full)]; ok {
			have.p = have.p.add(p)
			continue
		}
		var acc partial
		for _, x := range merged {
			acc.tags = append(acc.tags, tagAt(x, n.acc.tags, ml.said))
		}
		if slices.ContainsFunc(damage, func(d int) bool { return d != 0 }) {
			acc.damage = slices.Clone(damage)
		}
		key := string(full)
		k.sp.mem.Add(int64(2*len(key) + 256))
		if ml.final != nil {
			k.finals[key] = &final{acc: acc, conds: ml.final.conds, downs: ml.final.downs, p: p}
			continue
		}
		k.next[key] = &node[S]{state: *ml.next, acc: acc, p: p, steps: n.steps + 1 + ml.folds, rest: ml.rest, key: ml.key}
		k.nextOrder = append(k.nextOrder, key)
	}
}
