package dice

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on what Parse accepts. They keep every roll cheap and every total
// far from integer overflow.
const (
	MaxDice     = 10000      // dice in one group
	MaxSides    = 1000000    // sides of one die
	MaxConstant = 1000000000 // size of a number in an expression
	MaxDepth    = 100        // explicit explosion depth, "d6!100"
	maxNodes    = 1000       // terms and operators in one expression
	maxNesting  = 100        // parentheses and unary signs inside one another
)

// SyntaxError reports a malformed dice expression and where the problem is.
type SyntaxError struct {
	Expr   string // the expression as written
	Column int    // 1-based column (in characters) of the problem
	Msg    string // what is wrong
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("dice expression %q, column %d: %s", e.Expr, e.Column, e.Msg)
}

// Caret returns the expression with a second line pointing at the column of
// the problem, for showing on a terminal.
func (e *SyntaxError) Caret() string {
	// Pad with the expression's own tabs so the caret lines up under them.
	var pad strings.Builder
	for i, c := range []rune(e.Expr) {
		if i >= e.Column-1 {
			break
		}
		if c == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return "  " + e.Expr + "\n  " + pad.String() + "^"
}

// MustParse is Parse for expressions known to be valid, such as constants in
// code; it panics on a malformed expression.
func MustParse(text string) *Expr {
	e, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return e
}

// Parse reads a dice expression. The grammar is documented in docs/dice.md;
// in short:
//
//	3d6  d20+5  4d6kh3  2d20kl1  4d6dl1  3d6!  d6!3  d10/2  2d10^+1!  6d6>=5  (d6+1)*2
//	2d6r1  d20rr<3  3d6!!  5d10x>=9  4dF  8d6cs>4  8d6cf  4d6min2  (2d6+3)/2  ceil(d20/3)
//
// Letters may be upper or lower case and spaces may stand between terms and
// operators. A malformed expression gives a *SyntaxError.
func Parse(text string) (*Expr, error) {
	if !utf8.ValidString(text) {
		return nil, &SyntaxError{Expr: strings.ToValidUTF8(text, "?"), Column: 1, Msg: "not valid UTF-8 text"}
	}
	p := &parser{text: text, src: []rune(strings.ToLower(text))}
	e := &Expr{text: text}
	p.e = e
	root, err := p.parseAll()
	if err != nil {
		return nil, err
	}
	e.root = root
	return e, nil
}

type parser struct {
	text  string
	src   []rune
	pos   int
	depth int // parentheses and unary signs open at pos
	e     *Expr
}

// enter notes one more level of nesting at the current position.
func (p *parser) enter() error {
	p.depth++
	if p.depth > maxNesting {
		return p.errAt(p.pos, "nested too deeply (at most %d levels)", maxNesting)
	}
	return nil
}

func (p *parser) errAt(pos int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Expr: p.text, Column: pos + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) peek() rune {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// add appends a node whose text starts at column pos, after checking that
// its results stay within maxTotal.
func (p *parser) add(n node, pos int) (int32, error) {
	if len(p.e.nodes) >= maxNodes {
		return 0, p.errAt(p.pos, "expression too long (at most %d terms and operators)", maxNodes)
	}
	n.lo, n.hi = p.e.bounds(&n)
	if n.lo < -maxTotal && !math.IsInf(n.lo, -1) || n.hi > maxTotal && !math.IsInf(n.hi, 1) {
		return 0, p.errAt(pos, "results could reach %s; the limit is %d either way", rangeText(n.lo, n.hi), int64(maxTotal))
	}
	p.e.nodes = append(p.e.nodes, n)
	return int32(len(p.e.nodes) - 1), nil
}

func (p *parser) parseAll() (int32, error) {
	p.skipSpace()
	if p.pos == len(p.src) {
		return 0, p.errAt(0, "empty expression; try 3d6 or d20+5")
	}
	root, err := p.parseSum()
	if err != nil {
		return 0, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return 0, p.unexpected("an operator (+, -, * or /) or the end")
	}
	return root, nil
}

// maxTotal bounds the results of every part of an expression, so that no
// roll can overflow.
const maxTotal = 1 << 52

func rangeText(lo, hi float64) string {
	end := func(v float64) string {
		if math.IsInf(v, 0) {
			return "any size"
		}
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	return end(lo) + ".." + end(hi)
}

// unexpected reports the character at the current position.
func (p *parser) unexpected(want string) error {
	if p.pos >= len(p.src) {
		return p.errAt(p.pos, "expected %s, found the end of the expression", want)
	}
	c := p.src[p.pos]
	switch c {
	case '/':
		return p.errAt(p.pos, "\"/\" divides one term by another, as in (2d6+3)/2")
	case '>', '<', '=':
		return p.errAt(p.pos, "success counting applies to one dice group, as in 6d6>=5")
	}
	return p.errAt(p.pos, "expected %s, found %q", want, c)
}

func (p *parser) parseSum() (int32, error) {
	left, err := p.parseProduct()
	if err != nil {
		return 0, err
	}
	for {
		p.skipSpace()
		c := p.peek()
		if c != '+' && c != '-' {
			return left, nil
		}
		op := p.pos
		p.pos++
		right, err := p.parseProduct()
		if err != nil {
			return 0, err
		}
		kind := kAdd
		if c == '-' {
			kind = kSub
		}
		if left, err = p.add(node{kind: kind, l: left, r: right}, op); err != nil {
			return 0, err
		}
	}
}

func (p *parser) parseProduct() (int32, error) {
	left, err := p.parseUnary()
	if err != nil {
		return 0, err
	}
	for {
		p.skipSpace()
		c := p.peek()
		if c != '*' && c != '/' {
			return left, nil
		}
		op := p.pos
		p.pos++
		right, err := p.parseUnary()
		if err != nil {
			return 0, err
		}
		kind := kMul
		if c == '/' {
			kind = kDiv
			if r := &p.e.nodes[right]; r.lo <= 0 && r.hi >= 0 {
				if r.lo == 0 && r.hi == 0 {
					return 0, p.errAt(op, "division by 0")
				}
				return 0, p.errAt(op, "the divisor could be 0 (its results range over %s)", rangeText(r.lo, r.hi))
			}
		}
		if left, err = p.add(node{kind: kind, l: left, r: right}, op); err != nil {
			return 0, err
		}
	}
}

// roundings are the functions that round a division: floor((2d6+3)/2).
var roundings = [...]struct {
	name  string
	round rounding
}{{"floor", roundFloor}, {"ceil", roundCeil}, {"round", roundHalf}}

// parseRounding reads floor(a/b), ceil(a/b) or round(a/b) if one starts at
// the current position, and reports whether it did.
func (p *parser) parseRounding() (int32, bool, error) {
	start := p.pos
	for _, r := range roundings {
		end := start + len(r.name)
		if end > len(p.src) || string(p.src[start:end]) != r.name {
			continue
		}
		p.pos = end
		p.skipSpace()
		if p.peek() != '(' {
			return 0, true, p.unexpected("\"(\" after " + r.name)
		}
		open := p.pos
		p.pos++
		inner, err := p.parseSum()
		if err != nil {
			return 0, true, err
		}
		p.skipSpace()
		if p.peek() != ')' {
			if p.pos >= len(p.src) {
				return 0, true, p.errAt(open, "this parenthesis is never closed")
			}
			return 0, true, p.unexpected("\")\"")
		}
		p.pos++
		n := &p.e.nodes[inner]
		if n.kind != kDiv || n.round != roundBare {
			return 0, true, p.errAt(start, "%s rounds one division, as in %s((2d6+3)/2)", r.name, r.name)
		}
		n.round = r.round
		n.lo, n.hi = p.e.bounds(n)
		return inner, true, nil
	}
	return 0, false, nil
}

func (p *parser) parseUnary() (int32, error) {
	p.skipSpace()
	if err := p.enter(); err != nil {
		return 0, err
	}
	defer func() { p.depth-- }()
	switch p.peek() {
	case '-':
		op := p.pos
		p.pos++
		inner, err := p.parseUnary()
		if err != nil {
			return 0, err
		}
		return p.add(node{kind: kNeg, l: inner}, op)
	case '+':
		p.pos++
		return p.parseUnary()
	}
	return p.parseAtom()
}

func (p *parser) parseAtom() (int32, error) {
	p.skipSpace()
	start := p.pos
	switch c := p.peek(); {
	case c == '(':
		p.pos++
		inner, err := p.parseSum()
		if err != nil {
			return 0, err
		}
		p.skipSpace()
		if p.peek() != ')' {
			if p.pos >= len(p.src) {
				return 0, p.errAt(start, "this parenthesis is never closed")
			}
			return 0, p.unexpected("\")\"")
		}
		p.pos++
		return inner, nil
	case c == 'd':
		return p.parseDice(start, 1)
	case c == 'f' || c == 'c' || c == 'r':
		if i, ok, err := p.parseRounding(); ok {
			return i, err
		}
	case isDigit(c):
		n, err := p.number("a number", MaxConstant)
		if err != nil {
			return 0, err
		}
		if p.peek() == 'd' {
			if n < 1 {
				return 0, p.errAt(start, "a dice group needs at least 1 die")
			}
			if n > MaxDice {
				return 0, p.errAt(start, "%d dice in one group; the limit is %d", n, MaxDice)
			}
			return p.parseDice(start, n)
		}
		return p.add(node{kind: kConst, val: n}, start)
	}
	return 0, p.unexpected("a number, a die such as d6, \"(\", or floor, ceil or round")
}

// number reads an unsigned decimal number no larger than limit.
func (p *parser) number(what string, limit int) (int, error) {
	start := p.pos
	n := 0
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		n = n*10 + int(p.src[p.pos]-'0')
		p.pos++
		if n > limit {
			for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
				p.pos++
			}
			return 0, p.errAt(start, "%s is too large (at most %d)", what, limit)
		}
	}
	if p.pos == start {
		return 0, p.unexpected(what)
	}
	return n, nil
}

func isDigit(c rune) bool { return c >= '0' && c <= '9' }

// parseDice reads a dice group from its "d"; count has been read already.
// The modifiers come in a fixed order: ^ / r ! x min max, then k or a count.
func (p *parser) parseDice(start, count int) (int32, error) {
	p.pos++ // the 'd'
	g := group{count: count, depth: unboundedDepth}
	sidesAt := p.pos
	switch p.peek() {
	case '%':
		p.pos++
		g.percent, g.baseSides = true, 100
	case 'f':
		p.pos++
		g.fudge, g.baseSides = true, 3
	default:
		sides, err := p.number("the number of sides after \"d\" (as in d6, d% or dF)", MaxSides)
		if err != nil {
			return 0, err
		}
		if sides < 1 {
			return 0, p.errAt(sidesAt, "a die needs at least 1 side")
		}
		g.baseSides = sides
	}
	g.sides = g.baseSides

	if p.peek() == '^' {
		if err := p.parseStep(&g, sidesAt); err != nil {
			return 0, err
		}
	}
	// A "/" right after a d10 is the divided-die table; after anything
	// else it divides the whole term, and is read by parseProduct.
	if p.peek() == '/' && g.sides == 10 && !g.fudge {
		at := p.pos
		p.pos++
		div, err := p.number("a divisor after \"/\" (2, 3 or 4)", MaxConstant)
		if err != nil {
			return 0, err
		}
		if div < 2 || div > 4 {
			return 0, p.errAt(at+1, "a d10 divides by 2, 3 or 4, not %d (to divide a d10 by %d, write (d10)/%d)", div, div, div)
		}
		g.divisor = div
	}
	if err := p.parseReroll(&g); err != nil {
		return 0, err
	}
	if p.peek() == '!' {
		at := p.pos
		p.pos++
		if p.peek() == '!' {
			p.pos++
			g.compound = true
		}
		if err := p.canExplode(&g, at); err != nil {
			return 0, err
		}
		if g.sides == 1 {
			return 0, p.errAt(at, "a d1 cannot explode: it would never stop")
		}
		g.explode = true
		if isDigit(p.peek()) {
			depthAt := p.pos
			d, err := p.number("an explosion depth", MaxDepth)
			if err != nil {
				return 0, err
			}
			if d < 1 {
				return 0, p.errAt(depthAt, "an explosion depth must be at least 1 (leave out \"!\" for none)")
			}
			g.depth = d
		}
	}
	if err := p.parseAdds(&g); err != nil {
		return 0, err
	}
	if err := p.parseLimits(&g); err != nil {
		return 0, err
	}
	if err := p.parseKeep(&g); err != nil {
		return 0, err
	}
	if err := p.parseSuccess(&g); err != nil {
		return 0, err
	}
	if c := p.peek(); c == 'd' || isDigit(c) || (c >= 'a' && c <= 'z') {
		return 0, p.errAt(p.pos, "unexpected %q after %s; modifiers go in the order ^ / r ! x min max, then k or a count (cs, cf, >=)", c, g.String())
	}
	g.gen = g.fudge || g.reroll != rerollNone || g.adds != addNone || g.hasMin || g.hasMax
	return p.add(node{kind: kDice, g: g}, start)
}

// canExplode refuses an explosion (at column at) of a die that cannot
// have one.
func (p *parser) canExplode(g *group, at int) error {
	switch {
	case g.divisor != 0:
		return p.errAt(at, "a divided die cannot explode")
	case g.fudge:
		return p.errAt(at, "a Fudge die (dF) cannot explode")
	case g.explode:
		return p.errAt(at, "explode with ! or with x, not both")
	}
	return nil
}

// parseCond reads the condition of a reroll, explosion or count: nothing,
// a number (meaning "="), or a comparison and a number.
func (p *parser) parseCond(after string) (cond, error) {
	at := p.pos
	var op cmpOp
	switch c := p.peek(); {
	case isDigit(c):
		n, err := p.number("a number after "+after, MaxConstant)
		return cond{op: cmpEQ, target: n, spell: condNumber}, err
	case c == '>':
		op = cmpGT
	case c == '<':
		op = cmpLT
	case c == '=':
		op = cmpEQ
	default:
		return cond{spell: condBare}, nil
	}
	p.pos++
	if op != cmpEQ && p.peek() == '=' {
		p.pos++
		op = map[cmpOp]cmpOp{cmpGT: cmpGE, cmpLT: cmpLE}[op]
	}
	n, err := p.number("a number after "+after+string(p.src[at:p.pos]), MaxConstant)
	return cond{op: op, target: n, spell: condOp}, err
}

// faceShare counts the faces of the group's die that meet c, and all of
// them.
func (g *group) faceShare(c cond) (meet, all int) {
	lo, hi := g.lowFace(), g.highFace()
	// The faces meeting c are the whole numbers in [from, to].
	from, to := lo, hi
	switch c.op {
	case cmpGE:
		from = max(lo, c.target)
	case cmpGT:
		from = max(lo, c.target+1)
	case cmpLE:
		to = min(hi, c.target)
	case cmpLT:
		to = min(hi, c.target-1)
	case cmpEQ:
		from, to = max(lo, c.target), min(hi, c.target)
	}
	return max(0, to-from+1), hi - lo + 1
}

// rarelyLong reports whether a chain that goes on from meet of a die's all
// faces stops soon enough: it goes on from at most 95% of them, so that
// the roller's cap of maxChain dice is reached with a chance of at most
// 0.95^1000, about 5e-23, as good as never.
func rarelyLong(meet, all int) bool { return meet*20 <= all*19 }

// parseReroll reads r, ro or rr and its condition; without one, the die's
// lowest face is rerolled.
func (p *parser) parseReroll(g *group) error {
	if p.peek() != 'r' {
		return nil
	}
	at := p.pos
	p.pos++
	g.reroll, g.rerollText = rerollOnce, "r"
	switch p.peek() {
	case 'r':
		p.pos++
		g.reroll, g.rerollText = rerollUntil, "rr"
	case 'o':
		p.pos++
		g.rerollText = "ro"
	}
	if g.divisor != 0 {
		return p.errAt(at, "a divided die cannot be rerolled")
	}
	c, err := p.parseCond(g.rerollText)
	if err != nil {
		return err
	}
	if c.spell == condBare {
		c.op, c.target = cmpEQ, g.lowFace()
	}
	g.rerollIf = c
	if g.reroll == rerollUntil {
		return p.endless(g, c, at, g.rerollText, "rerolls", "")
	}
	return nil
}

// endless refuses a chain that goes on while condition c holds (a
// reroll until, an explosion on every such face) when c holds on every
// face of g's die, or on so many that the chain would hardly ever stop.
// verb says what the chain does ("rerolls"), and hint ends the message.
func (p *parser) endless(g *group, c cond, at int, text, verb, hint string) error {
	meet, all := g.faceShare(c)
	switch {
	case meet == all:
		return p.errAt(at, "%s%s %s every face of a %s: it would never stop%s", text, c, verb, dieName(g), parenthesised(hint))
	case !rarelyLong(meet, all):
		return p.errAt(at, "%s%s %s %d of the %d faces of a %s: it would hardly ever stop (at most 95%% of the faces%s)", text, c, verb, meet, all, dieName(g), hint)
	}
	return nil
}

// parenthesised puts a hint that begins "; " in parentheses, and leaves
// an empty one empty.
func parenthesised(hint string) string {
	if hint == "" {
		return ""
	}
	return " (" + hint[2:] + ")"
}

// parseAdds reads x or xo and its condition; without one, the die's
// highest face explodes.
func (p *parser) parseAdds(g *group) error {
	if p.peek() != 'x' {
		return nil
	}
	at := p.pos
	p.pos++
	g.adds = addAll
	text := "x"
	if p.peek() == 'o' {
		p.pos++
		g.adds, text = addOnce, "xo"
	}
	if err := p.canExplode(g, at); err != nil {
		return err
	}
	c, err := p.parseCond(text)
	if err != nil {
		return err
	}
	if c.spell == condBare {
		c.op, c.target = cmpEQ, g.highFace()
	}
	g.addsIf = c
	if g.adds == addAll {
		if err := p.endless(g, c, at, text, "explodes on", "; xo explodes once"); err != nil {
			return err
		}
	}
	return nil
}

// dieName is the die as written without count or modifiers: d6, d%, dF.
func dieName(g *group) string {
	d := group{count: 1, sides: g.sides, baseSides: g.baseSides, step: g.step, percent: g.percent, fudge: g.fudge}
	return d.String()
}

// parseLimits reads minN and maxN.
func (p *parser) parseLimits(g *group) error {
	vlo, vhi := g.valueRange()
	for _, name := range []string{"min", "max"} {
		at := p.pos
		end := at + 3
		if end > len(p.src) || string(p.src[at:end]) != name {
			continue
		}
		p.pos = end
		n, err := p.number("a number after "+name, MaxConstant)
		if err != nil {
			return err
		}
		if name == "min" {
			if n > vhi {
				return p.errAt(at, "min%d is above every result of a %s", n, dieName(g))
			}
			g.hasMin, g.minV = true, n
			continue
		}
		if n < vlo {
			return p.errAt(at, "max%d is below every result of a %s", n, dieName(g))
		}
		if g.hasMin && n < g.minV {
			return p.errAt(at, "max%d is below min%d", n, g.minV)
		}
		g.hasMax, g.maxV = true, n
	}
	return nil
}

func (p *parser) parseStep(g *group, sidesAt int) error {
	at := p.pos
	p.pos++
	sign := 1
	switch p.peek() {
	case '+':
		p.pos++
	case '-':
		sign = -1
		p.pos++
	}
	n, err := p.number("a number of steps after \"^\" (as in d10^+1 or d10^-2)", len(ladder))
	if err != nil {
		return err
	}
	if g.percent || g.fudge {
		return p.errAt(at, "%s is not on the step ladder (d4, d6, d8, d10, d12, d20)", dieName(g))
	}
	stepped, ok := StepDie(g.baseSides, sign*n)
	if !ok {
		return p.errAt(sidesAt, "only dice on the step ladder (d4, d6, d8, d10, d12, d20) can step, not a d%d", g.baseSides)
	}
	g.step, g.sides = sign*n, stepped
	return nil
}

// canKeepPool refuses keeping (at column at) among the results of a group
// whose explosions add dice of their own, unless it is the case Exact
// computes: keep (not drop) after x, without rerolls, exploding on faces all
// above the faces that stop, so that the results an explosion adds are the
// highest of the pool.
func (p *parser) canKeepPool(g *group, at int, spelled string) error {
	if g.adds == addNone {
		return nil
	}
	stops := g.highFace() + 1 // the lowest face that explodes
	for f := g.lowFace(); f <= g.highFace(); f++ {
		if g.addsIf.op.holds(f, g.addsIf.target) {
			stops = f
			break
		}
	}
	switch {
	case spelled == "dh" || spelled == "dl":
		return p.errAt(at, "x makes the number of results vary, so drop cannot say how many to keep: keep with kh or kl")
	case g.adds == addOnce:
		return p.errAt(at, "keep after xo is not supported: keep after x, or explode with ! to keep each die's chain whole")
	case g.reroll != rerollNone:
		return p.errAt(at, "keep after a reroll and x is not supported: explode with ! to keep each die's chain whole")
	}
	for f := stops; f <= g.highFace(); f++ {
		if !g.addsIf.op.holds(f, g.addsIf.target) {
			return p.errAt(at, "keep after x%s is not supported: x must explode on the highest faces only (x, x>=N, x>N)", g.addsIf)
		}
	}
	return nil
}

func (p *parser) parseKeep(g *group) error {
	if p.peek() != 'k' && !(p.peek() == 'd' && p.pos+1 < len(p.src) && (p.src[p.pos+1] == 'h' || p.src[p.pos+1] == 'l')) {
		return nil
	}
	at := p.pos
	p.pos++
	spelled := string(p.src[at:p.pos])
	if c := p.peek(); c == 'h' || c == 'l' {
		p.pos++
		spelled = string(p.src[at:p.pos])
	}
	if err := p.canKeepPool(g, at, spelled); err != nil {
		return err
	}
	g.keepText = spelled
	n := 1
	if isDigit(p.peek()) {
		var err error
		if n, err = p.number("how many dice to keep or drop", MaxDice); err != nil {
			return err
		}
	} else {
		g.keepBare = true
	}
	g.keepArg = n
	keeps := spelled == "k" || spelled == "kh" || spelled == "kl"
	switch {
	case keeps && n < 1:
		return p.errAt(at, "keep at least 1 die")
	case keeps && n > g.count:
		return p.errAt(at, "cannot keep %d of %d dice", n, g.count)
	case !keeps && n < 1:
		return p.errAt(at, "drop at least 1 die (or leave out %q)", spelled)
	case !keeps && n >= g.count:
		return p.errAt(at, "cannot drop %d of %d dice: none would be left", n, g.count)
	}
	switch spelled {
	case "k", "kh":
		g.keep, g.keepN = keepHigh, n
	case "kl":
		g.keep, g.keepN = keepLow, n
	case "dh":
		g.keep, g.keepN = keepLow, g.count-n
	case "dl":
		g.keep, g.keepN = keepHigh, g.count-n
	}
	return nil
}

func (p *parser) parseSuccess(g *group) error {
	at := p.pos
	if p.peek() == 'c' && at+1 < len(p.src) && (p.src[at+1] == 's' || p.src[at+1] == 'f') {
		return p.parseCount(g)
	}
	var op cmpOp
	switch p.peek() {
	case '>':
		op = cmpGT
	case '<':
		op = cmpLT
	case '=':
		op = cmpEQ
	default:
		return nil
	}
	p.pos++
	if op != cmpEQ && p.peek() == '=' {
		p.pos++
		op = map[cmpOp]cmpOp{cmpGT: cmpGE, cmpLT: cmpLE}[op]
	}
	if g.keep != keepAll {
		return p.errAt(at, "count successes or keep dice, not both")
	}
	t, err := p.number("a target number after "+string(p.src[at:p.pos]), MaxConstant)
	if err != nil {
		return err
	}
	g.cmp, g.target, g.countSpell = op, t, condOp
	return nil
}

// parseCount reads cs or cf and its condition: without one, cs counts the
// dice showing their highest result and cf those showing their lowest.
func (p *parser) parseCount(g *group) error {
	at := p.pos
	text := string(p.src[at : at+2])
	p.pos += 2
	if g.keep != keepAll {
		return p.errAt(at, "count successes or keep dice, not both")
	}
	c, err := p.parseCond(text)
	if err != nil {
		return err
	}
	if c.spell == condBare {
		vlo, vhi := g.valueRange()
		c.op, c.target = cmpEQ, vhi
		if text == "cf" {
			c.target = vlo
		}
	}
	g.cmp, g.target, g.countText, g.countSpell = c.op, c.target, text, c.spell
	return nil
}
