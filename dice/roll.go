package dice

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Roll rolls the expression once, drawing dice from src left to right (an
// exploding die's extra dice right after it), and returns the total. It
// allocates nothing, except when a group keeps and drops more than 64 dice
// each, or keeps among more than 64 results of x explosions.
func (e *Expr) Roll(src Source) int {
	if n := &e.nodes[e.root]; n.kind == kDice {
		return n.g.roll(src, nil) // the common case of a single group
	}
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
	case kDiv:
		l := e.eval(n.l, src, t)
		return n.round.quotient(l, e.eval(n.r, src, t))
	}
	return 0
}

// chunk is how many dice a group draws at a time into a buffer on the stack.
const chunk = 8

// roll rolls the group. When t is not nil it also records every die.
func (g *group) roll(src Source, t *trace) int {
	if t != nil {
		return g.rollTraced(src, t)
	}
	pcg, _ := src.(*PCG)
	if g.keep != keepAll {
		if g.adds != addNone {
			return g.rollPoolKeep(src, pcg)
		}
		return g.rollKeep(src, pcg)
	}
	sum, _ := g.rollDice(src, pcg, 0, nil)
	return sum
}

// direct returns pcg when the group's dice are plain results of it (no
// division, no explosion), so that rollDice can fill its buffer straight
// from the generator; otherwise nil.
func (g *group) direct(pcg *PCG) *PCG {
	if g.explode || g.divisor != 0 || g.gen {
		return nil
	}
	return pcg
}

// fill draws len(out) dice of the group, each with its whole explosion
// chain, and stores their values. pcg, when not nil, is src itself: it is
// called directly rather than through the Source interface so that its
// generator inlines into the loop.
func (g *group) fill(src Source, pcg *PCG, out []int) {
	switch {
	case g.gen:
		for i := range out {
			out[i] = g.rollGeneral(src, pcg, nil)
		}
		return
	case g.explode:
		for i := range out {
			out[i] = g.chain(src, pcg)
		}
		return
	case pcg != nil:
		pcg.fill(g.sides, out)
	default:
		for i := range out {
			out[i] = src.Roll(g.sides)
		}
	}
	if g.divisor != 0 {
		for i, raw := range out {
			out[i] = divided[g.divisor][raw-1]
		}
	}
}

// draw draws one raw result; pcg, when not nil, is src itself.
func (g *group) draw(src Source, pcg *PCG) int {
	if pcg != nil {
		return pcg.Roll(g.sides)
	}
	return src.Roll(g.sides)
}

// chain draws an exploding die: it rolls again while it shows its maximum,
// up to the group's depth, and returns the sum.
func (g *group) chain(src Source, pcg *PCG) int {
	v := g.draw(src, pcg)
	total := v
	limit := g.depth
	if limit == unboundedDepth {
		limit = maxChain
	}
	for n := 0; v == g.sides && n < limit; n++ {
		v = g.draw(src, pcg)
		total += v
	}
	return total
}

// score is what a die of the given value adds to the group: the value, or 1
// or 0 when the group counts successes. A die of a group whose explosions
// add dice of their own (x, xo) is scored by rollGeneral, result by result,
// and adds what it says.
func (g *group) score(v int) int {
	if g.cmp == cmpNone || g.adds != addNone {
		return v
	}
	return g.scoreOne(v)
}

// scoreOne is the score of one result: 1 or 0 when the group counts
// successes, otherwise the result itself.
func (g *group) scoreOne(v int) int {
	if g.cmp == cmpNone {
		return v
	}
	if g.cmp.holds(v, g.target) {
		return 1
	}
	return 0
}

// rollGeneral rolls one die of a group with rerolls, x or xo explosions,
// min or max, or Fudge faces, and returns what it adds to the group: its
// value (a ! chain's total, limited by min and max), or, when its
// explosions add dice of their own, the sum of their values or scores. The
// rerolls and the extra dice are drawn right after the die. With tr not nil
// it also appends the dice it shows to *tr; pcg, when not nil, is src
// itself.
func (g *group) rollGeneral(src Source, pcg *PCG, tr *[]RolledDie) int {
	f := g.face(g.draw(src, pcg))
	var rerolled []int
	if g.reroll != rerollNone {
		limit := 1
		if g.reroll == rerollUntil {
			limit = maxChain
		}
		for n := 0; n < limit && g.rerollIf.op.holds(f, g.rerollIf.target); n++ {
			if tr != nil {
				rerolled = append(rerolled, f)
			}
			f = g.face(g.draw(src, pcg))
		}
	}
	if g.adds != addNone {
		limit := 1
		if g.adds == addAll {
			limit = maxChain
		}
		total := 0
		for n := 0; ; n++ {
			v := g.clamp(g.value(f))
			s := g.scoreOne(v)
			total += s
			more := n < limit && g.addsIf.op.holds(f, g.addsIf.target)
			if tr != nil {
				d := RolledDie{Rolls: []int{f}, Value: v, Exploded: more, Success: g.cmp != cmpNone && s == 1}
				if n == 0 {
					d.Rerolled = rerolled
				}
				*tr = append(*tr, d)
			}
			if !more {
				return total
			}
			f = g.face(g.draw(src, pcg))
		}
	}
	v := g.value(f)
	var rolls []int
	if tr != nil {
		rolls = append(rolls, f)
	}
	if g.explode { // never a divided or Fudge die, so faces are values
		limit := g.depth
		if limit == unboundedDepth {
			limit = maxChain
		}
		for n := 0; f == g.sides && n < limit; n++ {
			f = g.draw(src, pcg)
			v += f
			if tr != nil {
				rolls = append(rolls, f)
			}
		}
	}
	v = g.clamp(v)
	if tr != nil {
		*tr = append(*tr, RolledDie{Rerolled: rerolled, Rolls: rolls, Value: v})
	}
	return v
}

// rollKeep rolls a group that keeps its highest or lowest dice. It tracks
// whichever set is smaller, the kept dice or the dropped ones, in a sorted
// buffer on the stack.
func (g *group) rollKeep(src Source, pcg *PCG) int {
	track, trackKept := g.keepN, true
	if drop := g.count - g.keepN; drop < track {
		track, trackKept = drop, false
	}
	// The tracked dice are the highest ones when keeping high dice, or when
	// tracking the dropped dice of a keep-low group. Tracking the lowest is
	// tracking the highest of the negated values.
	sign := 1
	if (g.keep == keepHigh) != trackKept {
		sign = -1
	}
	var sum, tracked int
	switch {
	case track <= 1:
		sum, tracked = g.rollDice(src, pcg, sign, nil)
		if track == 0 { // keeps every die
			return sum
		}
	case track <= 8:
		var best [8]int
		sum, tracked = g.rollDice(src, pcg, sign, best[:0:track])
	case track <= 64:
		sum, tracked = g.rollWide(src, pcg, sign, track)
	default:
		sum, tracked = g.rollSorted(src, pcg, sign, track)
	}
	if trackKept {
		return tracked
	}
	return sum - tracked
}

// rollPoolKeep rolls a group that keeps among the results of x
// explosions, each extra die a result of its own. It allocates nothing
// unless there are more than 64 results.
func (g *group) rollPoolKeep(src Source, pcg *PCG) int {
	var buf [64]int
	pool := g.rollPool(src, pcg, buf[:0])
	slices.Sort(pool)
	if g.keep == keepHigh {
		pool = pool[len(pool)-g.keepN:]
	} else {
		pool = pool[:g.keepN]
	}
	sum := 0
	for _, v := range pool {
		sum += v
	}
	return sum
}

// rollPool rolls every die of a group that explodes with x and no
// rerolls, as rollGeneral does, and appends each result's value to pool.
func (g *group) rollPool(src Source, pcg *PCG, pool []int) []int {
	for range g.count {
		f := g.face(g.draw(src, pcg))
		for n := 0; ; n++ {
			pool = append(pool, g.clamp(g.value(f)))
			if n >= maxChain || !g.addsIf.op.holds(f, g.addsIf.target) {
				break
			}
			f = g.face(g.draw(src, pcg))
		}
	}
	return pool
}

// rollWide is rollDice with room to track 64 dice; the buffer lives in its
// own frame so that smaller keeps do not pay to clear it.
func (g *group) rollWide(src Source, pcg *PCG, sign, track int) (sum, tracked int) {
	var best [64]int
	return g.rollDice(src, pcg, sign, best[:0:track])
}

// rollSorted is rollDice for tracking more than 64 dice: it keeps every
// value and sorts them, which beats inserting into a long sorted buffer.
func (g *group) rollSorted(src Source, pcg *PCG, sign, track int) (sum, tracked int) {
	vals := make([]int, g.count)
	for i := 0; i < len(vals); i += chunk {
		g.fill(src, pcg, vals[i:min(i+chunk, len(vals))])
	}
	for i, v := range vals {
		sum += v
		vals[i] = sign * v
	}
	slices.Sort(vals)
	for _, v := range vals[len(vals)-track:] {
		tracked += v
	}
	return sum, sign * tracked
}

// rollDice rolls every die of the group, drawing them a chunk at a time into
// a buffer on the stack, and returns the sum of their scores. With a sign it
// also tracks the highest of sign*value: the cap(best) highest in best, or
// the single highest when best has no room. tracked is their sum, as values.
// pcg, when not nil, is src itself.
func (g *group) rollDice(src Source, pcg *PCG, sign int, best []int) (sum, tracked int) {
	direct := g.direct(pcg)
	var buf [chunk]int
	top := math.MinInt
	for left := g.count; left > 0; {
		vals := buf[:min(left, chunk)]
		left -= len(vals)
		if direct != nil {
			direct.fill(g.sides, vals)
		} else {
			g.fill(src, pcg, vals)
		}
		for _, v := range vals {
			sum += g.score(v)
			if cap(best) > 0 {
				best = insertBest(best, sign*v)
			} else {
				top = max(top, sign*v)
			}
		}
	}
	if cap(best) == 0 {
		return sum, sign * top
	}
	for _, v := range best {
		tracked += v
	}
	return sum, sign * tracked
}

// insertBest keeps best sorted from the highest down and no longer than its
// capacity, adding v if it belongs.
func insertBest(best []int, v int) []int {
	n := len(best)
	if n == cap(best) {
		if v <= best[n-1] {
			return best
		}
		n-- // the lowest falls off
	} else {
		best = best[:n+1]
	}
	i := n
	for i > 0 && v > best[i-1] {
		best[i] = best[i-1]
		i--
	}
	best[i] = v
	return best
}

// Rolled is a roll with every die shown, for people to read.
type Rolled struct {
	Total  int           `json:"total"`
	Groups []RolledGroup `json:"groups"` // in the order they were rolled
	// Text shows the whole roll in the shape of the expression, each group
	// followed by its dice: "d20 [17] + 2d10! [10!3 4] + 5 = 39".
	Text string `json:"text"`
}

// RolledGroup is the dice of one group of the expression.
type RolledGroup struct {
	Notation string      `json:"notation"` // the group as written in canonical form, e.g. "4d6kh3"
	Dice     []RolledDie `json:"dice"`
	Value    int         `json:"value"` // what the group added (its kept sum or success count)
	fudge    bool        // shows faces as + 0 -
}

// RolledDie is one die of a group.
type RolledDie struct {
	Rerolled []int `json:"rerolled,omitempty"` // results set aside by rerolls (r, ro, rr), in order
	Rolls    []int `json:"rolls"`              // the results it shows (a Fudge die's -1, 0 or +1): more than one when it exploded with !
	Value    int   `json:"value"`              // the die's value: divided, the explosion chain's sum, limited by min and max
	Dropped  bool  `json:"dropped,omitempty"`  // dropped by keep-highest/lowest
	Success  bool  `json:"success,omitempty"`  // met the target, in a counting group (cs, cf, >=)
	Exploded bool  `json:"exploded,omitempty"` // exploded with x or xo: the next die of the group is the one it added
}

// String shows the group as "4d6kh3 [6 5 (1) 3] = 14".
func (r RolledGroup) String() string {
	return r.Notation + " " + r.DiceString() + " = " + strconv.Itoa(r.Value)
}

// DiceString shows the group's dice as "[6 5 (1) 3]": dropped dice in
// parentheses, explosions as 6!4 (or 6! 4 when the 4 is a die of its own,
// with x), rerolls as 1r4, divided d10s and limited results as 9→4, Fudge
// faces as + 0 -, and dice that count marked with *.
func (r RolledGroup) DiceString() string {
	var b strings.Builder
	b.WriteByte('[')
	face := strconv.Itoa
	if r.fudge {
		face = func(v int) string { return fudgeFaces[v+1] }
	}
	for i, d := range r.Dice {
		if i > 0 {
			b.WriteByte(' ')
		}
		if d.Dropped {
			b.WriteByte('(')
		}
		for _, v := range d.Rerolled {
			b.WriteString(face(v) + "r")
		}
		sum := 0
		for j, v := range d.Rolls {
			if j > 0 {
				b.WriteByte('!')
			}
			b.WriteString(face(v))
			sum += v
		}
		if d.Value != sum {
			b.WriteString("→" + face(d.Value))
		}
		if d.Exploded {
			b.WriteByte('!')
		}
		if d.Success {
			b.WriteByte('*')
		}
		if d.Dropped {
			b.WriteByte(')')
		}
	}
	b.WriteByte(']')
	return b.String()
}

// fudgeFaces shows the faces -1, 0 and +1 of a Fudge die.
var fudgeFaces = [3]string{"-", "0", "+"}

type trace struct {
	groups []RolledGroup
}

// RollDetailed rolls the expression like Roll, drawing the same dice in the
// same order, and returns every die with the total.
func (e *Expr) RollDetailed(src Source) Rolled {
	t := &trace{}
	total := e.eval(e.root, src, t)
	var b strings.Builder
	cursor := t.groups
	e.format(&b, e.root, 0, &cursor)
	b.WriteString(" = " + strconv.Itoa(total))
	return Rolled{Total: total, Groups: t.groups, Text: b.String()}
}

func (g *group) rollTraced(src Source, t *trace) int {
	rg := RolledGroup{Notation: g.String(), fudge: g.fudge}
	if g.gen {
		rg.Dice = make([]RolledDie, 0, g.count)
		for range g.count {
			g.rollGeneral(src, nil, &rg.Dice)
		}
	} else {
		rg.Dice = make([]RolledDie, g.count)
		rec := &Recorder{Source: src}
		for i := range rg.Dice {
			rec.Reset()
			var v [1]int
			g.fill(rec, nil, v[:])
			rolls := make([]int, len(rec.Draws))
			for j, d := range rec.Draws {
				rolls[j] = d.Value
			}
			rg.Dice[i] = RolledDie{Rolls: rolls, Value: v[0]}
		}
	}
	if g.keep != keepAll {
		// Drop the lowest (keep-high) or highest (keep-low) values; among
		// equal values the later die is dropped.
		order := make([]int, len(rg.Dice)) // more than count with x
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
		s := g.scoreOne(d.Value)
		if g.cmp != cmpNone {
			d.Success = s == 1
		}
		rg.Value += s
	}
	t.groups = append(t.groups, rg)
	return rg.Value
}
