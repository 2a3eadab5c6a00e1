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
	kDiv // l divided by r, rounded as round says
)

// rounding is how a division's quotient becomes a whole number, and how it
// was written.
type rounding uint8

const (
	roundBare  rounding = iota // a/b: rounded down (toward minus infinity)
	roundFloor                 // floor(a/b): the same, said out loud
	roundCeil                  // ceil(a/b): rounded up
	roundHalf                  // round(a/b): to the nearest, halves up
)

var roundText = [...]string{roundFloor: "floor", roundCeil: "ceil", roundHalf: "round"}

// quotient returns a/b rounded; b is never 0.
func (r rounding) quotient(a, b int) int {
	if b < 0 {
		a, b = -a, -b
	}
	switch r {
	case roundCeil:
		return -floorDiv(-a, b)
	case roundHalf:
		return floorDiv(2*a+b, 2*b)
	}
	return floorDiv(a, b)
}

// floorDiv is a/b rounded toward minus infinity, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

type node struct {
	kind   nodeKind
	val    int      // kConst
	l, r   int32    // children of kAdd, kSub, kMul, kDiv (l only for kNeg)
	round  rounding // kDiv
	g      group    // kDice
	lo, hi float64  // the range of the node's results; infinite when unbounded
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

// condSpelling is how a modifier's condition was written, so that the
// canonical form says it the same way.
type condSpelling uint8

const (
	condBare   condSpelling = iota // nothing: the modifier's default face
	condNumber                     // a bare number, meaning "="
	condOp                         // an operator and a number
)

// cond is the condition of a reroll, an explosion or a count: which faces
// it applies to.
type cond struct {
	op     cmpOp
	target int
	spell  condSpelling
}

func (c cond) String() string {
	switch c.spell {
	case condNumber:
		return strconv.Itoa(c.target)
	case condOp:
		return cmpText[c.op] + strconv.Itoa(c.target)
	}
	return ""
}

// rerollMode says whether and how often a die is rolled again.
type rerollMode uint8

const (
	rerollNone  rerollMode = iota
	rerollOnce             // r, ro: once, keeping the new result
	rerollUntil            // rr: until the condition no longer holds
)

// addMode says whether a group's explosions add dice of their own (x, xo).
type addMode uint8

const (
	addNone addMode = iota
	addAll          // x: each result that meets the condition adds a die, which may add another
	addOnce         // xo: each die adds at most one die
)

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

	// The forms below route the group through rollGeneral; gen says
	// whether any of them is present.
	gen        bool
	fudge      bool       // dF: faces -1, 0, +1, drawn as a d3
	compound   bool       // explode was written "!!" (the same meaning as "!")
	reroll     rerollMode // r, ro, rr
	rerollText string     // "r", "ro" or "rr", as written
	rerollIf   cond       // the faces rerolled
	adds       addMode    // x, xo
	addsIf     cond       // the faces that add a die
	hasMin     bool       // minN: a result below N counts as N
	minV       int
	hasMax     bool // maxN: a result above N counts as N
	maxV       int
	countText  string       // "cs" or "cf" when the count was written so
	countSpell condSpelling // how the count's condition was written
}

// lowFace and highFace are the smallest and largest faces of the group's
// die, as shown (a Fudge die's are -1 and +1), before division.
func (g *group) lowFace() int {
	if g.fudge {
		return -1
	}
	return 1
}

func (g *group) highFace() int {
	if g.fudge {
		return 1
	}
	return g.sides
}

// face is the face shown by a raw draw of 1..sides.
func (g *group) face(raw int) int {
	if g.fudge {
		return raw - 2
	}
	return raw
}

// value is what a shown face is worth before explosions add to it: the
// divided-die table's reading, or the face itself.
func (g *group) value(face int) int {
	if g.divisor != 0 {
		return divided[g.divisor][face-1]
	}
	return face
}

// clamp applies min and max to a result.
func (g *group) clamp(v int) int {
	if g.hasMin && v < g.minV {
		v = g.minV
	}
	if g.hasMax && v > g.maxV {
		v = g.maxV
	}
	return v
}

func (g *group) String() string {
	var b strings.Builder
	if g.count != 1 {
		b.WriteString(strconv.Itoa(g.count))
	}
	b.WriteByte('d')
	switch {
	case g.percent:
		b.WriteByte('%')
	case g.fudge:
		b.WriteByte('F')
	default:
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
	if g.reroll != rerollNone {
		b.WriteString(g.rerollText)
		b.WriteString(g.rerollIf.String())
	}
	if g.explode {
		b.WriteByte('!')
		if g.compound {
			b.WriteByte('!')
		}
		if g.depth != unboundedDepth {
			b.WriteString(strconv.Itoa(g.depth))
		}
	}
	switch g.adds {
	case addAll:
		b.WriteString("x" + g.addsIf.String())
	case addOnce:
		b.WriteString("xo" + g.addsIf.String())
	}
	if g.hasMin {
		b.WriteString("min" + strconv.Itoa(g.minV))
	}
	if g.hasMax {
		b.WriteString("max" + strconv.Itoa(g.maxV))
	}
	if g.keepText != "" {
		b.WriteString(g.keepText)
		if !g.keepBare {
			b.WriteString(strconv.Itoa(g.keepArg))
		}
	}
	if g.cmp != cmpNone {
		b.WriteString(g.countText)
		b.WriteString(cond{op: g.cmp, target: g.target, spell: g.countSpell}.String())
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

var opChar = [...]byte{kAdd: '+', kSub: '-', kMul: '*', kDiv: '/'}

// precedence: 1 for + and -, 2 for * and /, 3 for unary minus, atoms and
// rounding functions.
func (e *Expr) prec(i int32) int {
	switch n := &e.nodes[i]; n.kind {
	case kAdd, kSub:
		return 1
	case kMul:
		return 2
	case kDiv:
		if n.round == roundBare {
			return 2
		}
	}
	return 3
}

// rightOuter is the precedence the right operand of +, - or * (node i) is
// printed at: a-(b+c) is not a-b+c, and a*(b/c) is not a*b/c.
func (e *Expr) rightOuter(i int32) int {
	n := &e.nodes[i]
	p := e.prec(i)
	if n.kind == kSub || n.kind == kMul && e.prec(n.r) == 2 && e.nodes[n.r].kind == kDiv {
		return p + 1
	}
	return p
}

// endsAbsorbing reports whether node i, printed at precedence outer, ends
// with a dice group that would take a "/" after it for the divided-d10
// table.
func (e *Expr) endsAbsorbing(i int32, outer int) bool {
	if e.prec(i) < outer {
		return false // it ends with a parenthesis
	}
	n := &e.nodes[i]
	switch n.kind {
	case kDice:
		return e.absorbsSlash(i)
	case kNeg:
		return e.endsAbsorbing(n.l, 3)
	case kAdd, kSub, kMul:
		return e.endsAbsorbing(n.r, e.rightOuter(i))
	case kDiv:
		return n.round == roundBare && e.endsAbsorbing(n.r, 3)
	}
	return false
}

// absorbsSlash reports whether node i is a dice group that would read a
// "/" written right after it as the divided-d10 table: a d10 with nothing
// after its sides or step.
func (e *Expr) absorbsSlash(i int32) bool {
	n := &e.nodes[i]
	if n.kind != kDice {
		return false
	}
	g := &n.g
	return g.sides == 10 && !g.percent && g.divisor == 0 && !g.explode && !g.gen && g.keepText == "" && g.cmp == cmpNone
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
	case kDiv:
		if n.round != roundBare {
			b.WriteString(roundText[n.round] + "(")
			defer b.WriteByte(')')
		}
		if e.endsAbsorbing(n.l, 2) {
			// (d10)/2 halves a d10; d10/2 would be the table.
			b.WriteByte('(')
			e.format(b, n.l, 0, rolled)
			b.WriteByte(')')
		} else {
			e.format(b, n.l, 2, rolled)
		}
		if rolled != nil {
			b.WriteString(" / ")
		} else {
			b.WriteByte('/')
		}
		e.format(b, n.r, 3, rolled)
	case kAdd, kSub, kMul:
		e.format(b, n.l, p, rolled)
		if rolled != nil {
			b.WriteString(" " + string(opChar[n.kind]) + " ")
		} else {
			b.WriteByte(opChar[n.kind])
		}
		// The right operand of - needs parentheses at equal precedence:
		// a-(b+c) is not a-b+c.
		e.format(b, n.r, e.rightOuter(i), rolled)
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
	case kDiv:
		a, b := &e.nodes[n.l], &e.nodes[n.r]
		return quotientRange(a.lo, a.hi, b.lo, b.hi, n.round)
	}
	return 0, 0
}

// quotientRange bounds x/y, rounded, for x in [alo, ahi] and y in [blo,
// bhi], a range without 0. The rounded quotient is monotonic in each of x
// and y there, so its extremes are at the corners, computed exactly in
// integers. A corner with an infinite end is taken as infinite, or as 0
// for a finite number over an infinite one: a range at least as wide as the
// truth.
func quotientRange(alo, ahi, blo, bhi float64, r rounding) (lo, hi float64) {
	div := func(x, y float64) float64 {
		switch {
		case math.IsInf(x, 0) && math.IsInf(y, 0):
			return math.Inf(int(math.Copysign(1, x) * math.Copysign(1, y)))
		case math.IsInf(x, 0):
			return math.Inf(int(math.Copysign(1, x) * math.Copysign(1, y)))
		case math.IsInf(y, 0):
			return 0
		}
		return float64(r.quotient(int(x), int(y)))
	}
	c := [4]float64{div(alo, blo), div(alo, bhi), div(ahi, blo), div(ahi, bhi)}
	lo, hi = c[0], c[0]
	for _, v := range c[1:] {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// bounds is the range of the group's result when an explosion without a
// stated depth is followed depth extra dice (unboundedDepth: forever).
func (g *group) bounds(depth int) (lo, hi float64) {
	if g.cmp != cmpNone && g.adds == addNone {
		return 0, float64(g.count)
	}
	kept := float64(g.count)
	if g.keep != keepAll {
		kept = float64(g.keepN)
	}
	if g.adds != addNone && g.keep != keepAll {
		// Kept results of x explosions are single dice.
		vlo, vhi := g.valueRange()
		return kept * float64(g.clamp(vlo)), kept * float64(g.clamp(vhi))
	}
	dieLo, dieHi := g.dieBounds(depth)
	lo, hi = kept*dieLo, kept*dieHi
	if dieHi == 0 {
		hi = 0
	}
	return lo, hi
}

// valueRange is the range of a single die's value before explosions: its
// faces, or the divided-die table's readings.
func (g *group) valueRange() (lo, hi int) {
	if g.divisor != 0 {
		return divided[g.divisor][0], divided[g.divisor][9]
	}
	return g.lowFace(), g.highFace()
}

// dieBounds is the range of what one die adds to the group: its value
// (an explosion chain's total) before any success counting, or, for a
// group whose explosions add dice of their own (x, xo), the sum of its
// results' values or scores.
func (g *group) dieBounds(depth int) (lo, hi float64) {
	vlo, vhi := g.valueRange()
	if g.adds != addNone {
		rlo, rhi := float64(g.clamp(vlo)), float64(g.clamp(vhi))
		if g.cmp != cmpNone {
			rlo, rhi = 0, 1
		}
		results := math.Inf(1) // how many results one die can have
		switch {
		case g.adds == addOnce:
			results = 2
		case depth != unboundedDepth:
			results = float64(depth + 1)
		}
		if rhi == 0 {
			return rlo, 0
		}
		return rlo, results * rhi
	}
	lo, hi = float64(vlo), float64(vhi)
	switch {
	case !g.explode:
	case g.depth != unboundedDepth:
		hi = float64(g.sides * (g.depth + 1))
	case depth == unboundedDepth:
		hi = math.Inf(1)
	default:
		hi = float64(g.sides * (depth + 1))
	}
	if g.hasMin {
		lo, hi = math.Max(lo, float64(g.minV)), math.Max(hi, float64(g.minV))
	}
	if g.hasMax {
		lo, hi = math.Min(lo, float64(g.maxV)), math.Min(hi, float64(g.maxV))
	}
	return lo, hi
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
