package dice

import (
	"math"
	"strconv"
	"strings"
)

// Expr is a parsed dice expression. Parse it once and roll it many times; an
// Expr is immutable and safe for concurrent use (each goroutine with its own
// Source).
type Expr struct {
	text  string // as the user wrote it
	nodes []node
	root  int32
}

type nodeKind uint8

const (
	kConst nodeKind = iota
	kDice
	kAdd
	kSub
	kMul
	kNeg
)

type node struct {
	kind   nodeKind
	val    int     // kConst
	l, r   int32   // children of kAdd, kSub, kMul (l only for kNeg)
	g      group   // kDice
	lo, hi float64 // the range of the node's results; infinite when unbounded
}

type keepMode uint8

const (
	keepAll keepMode = iota
	keepHigh
	keepLow
)

type cmpOp uint8

const (
	cmpNone cmpOp = iota
	cmpGE
	cmpGT
	cmpLE
	cmpLT
	cmpEQ
)

var cmpText = [...]string{cmpNone: "", cmpGE: ">=", cmpGT: ">", cmpLE: "<=", cmpLT: "<", cmpEQ: "="}

func (c cmpOp) holds(v, target int) bool {
	switch c {
	case cmpGE:
		return v >= target
	case cmpGT:
		return v > target
	case cmpLE:
		return v <= target
	case cmpLT:
		return v < target
	case cmpEQ:
		return v == target
	}
	return false
}

// unboundedDepth marks a die that explodes for as long as it shows its
// maximum (written "!" with no depth).
const unboundedDepth = -1

// maxChain bounds how often one die may explode when rolled: a die that shows
// its maximum this often in a row is a broken Source, not luck (a fair d2
// would do it with probability 2^-1000).
const maxChain = 1000

// group is one dice term: count dice of one size with their modifiers.
type group struct {
	count     int
	sides     int // after stepping
	baseSides int // as written, before stepping
	step      int // ladder steps as written (0 for none)
	percent   bool
	divisor   int // 0, or 2, 3, 4 for the divided d10s
	explode   bool
	depth     int // extra dice allowed per die; unboundedDepth for "!" alone
	keep      keepMode
	keepN     int    // dice kept when keep != keepAll
	keepText  string // "kh", "kl", "dh", "dl" or "k", as written
	keepArg   int    // the number as written
	keepBare  bool   // the number was omitted
	cmp       cmpOp
	target    int
}

func (g *group) String() string {
	var b strings.Builder
	if g.count != 1 {
		b.WriteString(strconv.Itoa(g.count))
	}
	b.WriteByte('d')
	if g.percent {
		b.WriteByte('%')
	} else {
		b.WriteString(strconv.Itoa(g.baseSides))
	}
	if g.step != 0 {
		b.WriteByte('^')
		if g.step > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(g.step))
	}
	if g.divisor != 0 {
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(g.divisor))
	}
	if g.explode {
		b.WriteByte('!')
		if g.depth != unboundedDepth {
			b.WriteString(strconv.Itoa(g.depth))
		}
	}
	if g.keepText != "" {
		b.WriteString(g.keepText)
		if !g.keepBare {
			b.WriteString(strconv.Itoa(g.keepArg))
		}
	}
	if g.cmp != cmpNone {
		b.WriteString(cmpText[g.cmp])
		b.WriteString(strconv.Itoa(g.target))
	}
	return b.String()
}

// Text returns the expression as it was written.
func (e *Expr) Text() string { return e.text }

// String returns the expression in canonical form: lower case, no spaces,
// the minimum of parentheses. Parsing it gives an equal expression.
func (e *Expr) String() string {
	var b strings.Builder
	e.format(&b, e.root, 0, nil)
	return b.String()
}

var opChar = [...]byte{kAdd: '+', kSub: '-', kMul: '*'}

// precedence: 1 for + and -, 2 for *, 3 for unary minus and atoms.
func (e *Expr) prec(i int32) int {
	switch e.nodes[i].kind {
	case kAdd, kSub:
		return 1
	case kMul:
		return 2
	}
	return 3
}

// format writes node i. With rolled not nil it writes a roll instead: each
// group followed by its dice (taken from *rolled in order) and spaced
// operators, as in "d20 [17] + 2d10! [10!3 4] + 5".
func (e *Expr) format(b *strings.Builder, i int32, outer int, rolled *[]RolledGroup) {
	n := &e.nodes[i]
	p := e.prec(i)
	if p < outer {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	switch n.kind {
	case kConst:
		b.WriteString(strconv.Itoa(n.val))
	case kDice:
		b.WriteString(n.g.String())
		if rolled != nil && len(*rolled) > 0 {
			b.WriteByte(' ')
			b.WriteString((*rolled)[0].DiceString())
			*rolled = (*rolled)[1:]
		}
	case kNeg:
		b.WriteByte('-')
		e.format(b, n.l, 3, rolled)
	case kAdd, kSub, kMul:
		e.format(b, n.l, p, rolled)
		if rolled != nil {
			b.WriteString(" " + string(opChar[n.kind]) + " ")
		} else {
			b.WriteByte(opChar[n.kind])
		}
		// The right operand of - needs parentheses at equal precedence:
		// a-(b+c) is not a-b+c.
		right := p
		if n.kind != kAdd && n.kind != kMul {
			right = p + 1
		}
		e.format(b, n.r, right, rolled)
	}
}

// Min returns the smallest result the expression can give, and false if it
// has none (a negated die that explodes without limit).
func (e *Expr) Min() (int, bool) {
	lo := e.nodes[e.root].lo
	return int(lo), !math.IsInf(lo, 0)
}

// Max returns the largest result the expression can give, and false if it
// has none (a die that explodes without limit).
func (e *Expr) Max() (int, bool) {
	hi := e.nodes[e.root].hi
	return int(hi), !math.IsInf(hi, 0)
}

// bounds computes the range of a new node from its children's, with
// infinities for what explodes without limit. Every value an accepted
// expression can reach is below 2^53, so the float64s are exact.
func (e *Expr) bounds(n *node) (lo, hi float64) {
	switch n.kind {
	case kConst:
		return float64(n.val), float64(n.val)
	case kDice:
		return n.g.bounds(unboundedDepth)
	case kNeg:
		c := &e.nodes[n.l]
		return -c.hi, -c.lo
	case kAdd:
		a, b := &e.nodes[n.l], &e.nodes[n.r]
		return a.lo + b.lo, a.hi + b.hi
	case kSub:
		a, b := &e.nodes[n.l], &e.nodes[n.r]
		return a.lo - b.hi, a.hi - b.lo
	case kMul:
		a, b := &e.nodes[n.l], &e.nodes[n.r]
		return productRange(a.lo, a.hi, b.lo, b.hi)
	}
	return 0, 0
}

// productRange is the range of x*y for x in [alo, ahi] and y in [blo, bhi],
// where an infinite end times zero is zero.
func productRange(alo, ahi, blo, bhi float64) (lo, hi float64) {
	mul := func(x, y float64) float64 {
		if x == 0 || y == 0 {
			return 0
		}
		return x * y
	}
	c := [4]float64{mul(alo, blo), mul(alo, bhi), mul(ahi, blo), mul(ahi, bhi)}
	lo, hi = c[0], c[0]
	for _, v := range c[1:] {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// bounds is the range of the group's result when an explosion without a
// stated depth is followed depth extra dice (unboundedDepth: forever).
func (g *group) bounds(depth int) (lo, hi float64) {
	if g.cmp != cmpNone {
		return 0, float64(g.count)
	}
	kept := g.count
	if g.keep != keepAll {
		kept = g.keepN
	}
	dieLo, dieHi := 1.0, float64(g.sides)
	switch {
	case g.divisor != 0:
		dieLo, dieHi = float64(divided[g.divisor][0]), float64(divided[g.divisor][9])
	case g.explode && g.depth != unboundedDepth:
		dieHi = float64(g.sides * (g.depth + 1))
	case g.explode && depth == unboundedDepth:
		dieHi = math.Inf(1)
	case g.explode:
		dieHi = float64(g.sides * (depth + 1))
	}
	return float64(kept) * dieLo, float64(kept) * dieHi
}

// divided maps a d10 result (index raw-1) to the divided dice d10/2, d10/3
// and d10/4. These are a table, not a formula: d10/2 reads 9 as 4.
var divided = [5][10]int{
	2: {1, 1, 2, 2, 3, 3, 4, 4, 4, 5},
	3: {1, 1, 1, 2, 2, 2, 3, 3, 3, 4},
	4: {1, 1, 1, 1, 2, 2, 2, 2, 3, 3},
}

// DivideD10 reads a d10 result through the divided-dice table: d10/2, d10/3
// or d10/4. It reports false for a divisor other than 2, 3 or 4 or a result
// outside 1..10.
func DivideD10(raw, divisor int) (int, bool) {
	if divisor < 2 || divisor > 4 || raw < 1 || raw > 10 {
		return 0, false
	}
	return divided[divisor][raw-1], true
}

// ladder is the step-dice ladder, smallest first.
var ladder = [...]int{4, 6, 8, 10, 12, 20}

// StepDie moves a die along the ladder d4, d6, d8, d10, d12, d20 by steps
// (positive is larger), stopping at either end. It reports false if sides is
// not on the ladder.
func StepDie(sides, steps int) (int, bool) {
	for i, s := range ladder {
		if s == sides {
			return ladder[max(0, min(len(ladder)-1, i+steps))], true
		}
	}
	return 0, false
}

// LadderDie returns the die at a rank of the ladder (0 = d4 ... 5 = d20),
// clamping ranks outside it.
func LadderDie(rank int) int {
	return ladder[max(0, min(len(ladder)-1, rank))]
}
