package dice

import (
	"slices"
	"strconv"
	"strings"
)

// Roll rolls the expression once, drawing dice from src left to right (an
// exploding die's extra dice right after it), and returns the total. It
// allocates nothing, except when a group keeps and drops more than 64 dice
// each.
func (e *Expr) Roll(src Source) int {
	return e.eval(e.root, src, nil)
}

func (e *Expr) eval(i int32, src Source, t *trace) int {
	n := &e.nodes[i]
	switch n.kind {
	case kConst:
		return n.val
	case kDice:
		return n.g.roll(src, t)
	case kNeg:
		return -e.eval(n.l, src, t)
	case kAdd:
		l := e.eval(n.l, src, t)
		return l + e.eval(n.r, src, t)
	case kSub:
		l := e.eval(n.l, src, t)
		return l - e.eval(n.r, src, t)
	case kMul:
		l := e.eval(n.l, src, t)
		return l * e.eval(n.r, src, t)
	}
	return 0
}

// batch is how many plain dice a group draws per call to a batchSource.
const batch = 64

// roll rolls the group. When t is not nil it also records every die.
func (g *group) roll(src Source, t *trace) int {
	if t != nil {
		return g.rollTraced(src, t)
	}
	if g.keep != keepAll {
		return g.rollKeep(src)
	}
	bs, canBatch := src.(batchSource)
	if !canBatch || g.explode {
		total := 0
		for range g.count {
			total += g.score(g.die(src))
		}
		return total
	}
	var buf [batch]int
	total := 0
	for left := g.count; left > 0; left -= batch {
		chunk := buf[:min(left, batch)]
		bs.rollInto(g.sides, chunk)
		for _, raw := range chunk {
			total += g.score(g.face(raw))
		}
	}
	return total
}

// die draws one die of the group with its whole explosion chain and returns
// its value.
func (g *group) die(src Source) int {
	v := src.Roll(g.sides)
	if !g.explode {
		return g.face(v)
	}
	total := v
	limit := g.depth
	if limit == unboundedDepth {
		limit = maxChain
	}
	for n := 0; v == g.sides && n < limit; n++ {
		v = src.Roll(g.sides)
		total += v
	}
	return total
}

// face is the value of a single raw result (before any explosion).
func (g *group) face(raw int) int {
	if g.divisor != 0 {
		return divided[g.divisor][raw-1]
	}
	return raw
}

// score is what a die of the given value adds to the group: the value, or 1
// or 0 when the group counts successes.
func (g *group) score(v int) int {
	if g.cmp == cmpNone {
		return v
	}
	if g.cmp.holds(v, g.target) {
		return 1
	}
	return 0
}

// rollKeep rolls a group that keeps its highest or lowest dice. It tracks
// whichever set is smaller, the kept dice or the dropped ones, in a sorted
// buffer on the stack.
func (g *group) rollKeep(src Source) int {
	track, trackKept := g.keepN, true
	if drop := g.count - g.keepN; drop < track {
		track, trackKept = drop, false
	}
	// The tracked dice are the highest ones when keeping high dice, or when
	// tracking the dropped dice of a keep-low group.
	high := (g.keep == keepHigh) == trackKept
	var stack [batch]int
	var best []int
	if track <= batch {
		best = stack[:0:track]
	} else {
		best = make([]int, 0, track)
	}
	bs, canBatch := src.(batchSource)
	canBatch = canBatch && !g.explode

	sum := 0
	var raw [batch]int
	for left := g.count; left > 0; {
		chunk := raw[:min(left, batch)]
		if canBatch {
			bs.rollInto(g.sides, chunk)
			for j, r := range chunk {
				chunk[j] = g.face(r)
			}
		} else {
			for j := range chunk {
				chunk[j] = g.die(src)
			}
		}
		left -= len(chunk)
		for _, v := range chunk {
			sum += v
			best = insertBest(best, v, high)
		}
	}
	tracked := 0
	for _, v := range best {
		tracked += v
	}
	if trackKept {
		return tracked
	}
	return sum - tracked
}

// insertBest keeps best sorted, best first (largest first when high), and no
// longer than its capacity, adding v if it belongs.
func insertBest(best []int, v int, high bool) []int {
	better := func(a, b int) bool {
		if high {
			return a > b
		}
		return a < b
	}
	n := len(best)
	if n == cap(best) {
		if n == 0 || !better(v, best[n-1]) {
			return best
		}
		n-- // the worst falls off
	} else {
		best = best[:n+1]
	}
	i := n
	for i > 0 && better(v, best[i-1]) {
		best[i] = best[i-1]
		i--
	}
	best[i] = v
	return best
}

// Rolled is a roll with every die shown, for people to read.
type Rolled struct {
	Total  int           `json:"total"`
	Groups []RolledGroup `json:"groups"`
}

// RolledGroup is the dice of one group of the expression.
type RolledGroup struct {
	Notation string      `json:"notation"` // the group as written in canonical form, e.g. "4d6kh3"
	Dice     []RolledDie `json:"dice"`
	Value    int         `json:"value"` // what the group added (its kept sum or success count)
}

// RolledDie is one die of a group.
type RolledDie struct {
	Rolls   []int `json:"rolls"`             // raw results: more than one when the die exploded
	Value   int   `json:"value"`             // the die's value: divided, or the explosion chain's sum
	Dropped bool  `json:"dropped,omitempty"` // dropped by keep-highest/lowest
	Success bool  `json:"success,omitempty"` // met the target, in a success-counting group
}

// String shows the group as "4d6kh3 [6 5 (1) 3] = 14": dropped dice in
// parentheses, explosions as 6!4, successes marked with *.
func (r RolledGroup) String() string {
	var b strings.Builder
	b.WriteString(r.Notation)
	b.WriteString(" [")
	for i, d := range r.Dice {
		if i > 0 {
			b.WriteByte(' ')
		}
		if d.Dropped {
			b.WriteByte('(')
		}
		for j, v := range d.Rolls {
			if j > 0 {
				b.WriteByte('!')
			}
			b.WriteString(strconv.Itoa(v))
		}
		if len(d.Rolls) == 1 && d.Value != d.Rolls[0] {
			b.WriteString("→" + strconv.Itoa(d.Value))
		}
		if d.Success {
			b.WriteByte('*')
		}
		if d.Dropped {
			b.WriteByte(')')
		}
	}
	b.WriteString("] = ")
	b.WriteString(strconv.Itoa(r.Value))
	return b.String()
}

type trace struct {
	groups []RolledGroup
}

// RollDetailed rolls the expression like Roll, drawing the same dice in the
// same order, and returns every die with the total.
func (e *Expr) RollDetailed(src Source) Rolled {
	t := &trace{}
	total := e.eval(e.root, src, t)
	return Rolled{Total: total, Groups: t.groups}
}

func (g *group) rollTraced(src Source, t *trace) int {
	rg := RolledGroup{Notation: g.String(), Dice: make([]RolledDie, g.count)}
	rec := &Recorder{Source: src}
	for i := range rg.Dice {
		rec.Reset()
		v := g.die(rec)
		rolls := make([]int, len(rec.Draws))
		for j, d := range rec.Draws {
			rolls[j] = d.Value
		}
		rg.Dice[i] = RolledDie{Rolls: rolls, Value: v}
	}
	if g.keep != keepAll {
		// Drop the lowest (keep-high) or highest (keep-low) values; among
		// equal values the later die is dropped.
		order := make([]int, g.count)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			va, vb := rg.Dice[a].Value, rg.Dice[b].Value
			if g.keep == keepHigh {
				return vb - va
			}
			return va - vb
		})
		for _, i := range order[g.keepN:] {
			rg.Dice[i].Dropped = true
		}
	}
	for i := range rg.Dice {
		d := &rg.Dice[i]
		if d.Dropped {
			continue
		}
		if g.cmp != cmpNone {
			d.Success = g.score(d.Value) == 1
		}
		rg.Value += g.score(d.Value)
	}
	t.groups = append(t.groups, rg)
	return rg.Value
}
