package odds

import (
	"math/big"
	"math/bits"

	whole "fray/internal/natural"
)

// prob is an exact probability: num/den in lowest terms, in two machine
// words each while both fit in 128 bits, and as a big.Rat beyond. The
// probability of a dice path is a product of die sizes over a product of
// die sizes, and the sums of a few of them nearly always fit in 64 bits
// (those of pools drawn whole, vigor's, in 96): words spare the GCD of big
// numbers and new memory at every step of the enumeration, and the rare
// value that does not fit is still exact. The arithmetic goes on one
// word while both operands fit in one.
//
// The zero value is 0. A prob is a value: the big.Rat it may hold is never
// modified, and a value that fits in words is always held in words, so a
// prob has one form.
type prob struct {
	num, den u128     // den is 0 only for the zero value
	big      *big.Rat // not nil when num/den does not fit in words
}

// certain is the probability 1.
func certain() prob { return prob{num: word(1), den: word(1)} }

// probOf returns the value of r, which it does not keep.
func probOf(r *big.Rat) prob {
	if p, ok := fits(r); ok {
		return p
	}
	return prob{big: new(big.Rat).Set(r)}
}

// own returns the value of r, which it keeps: the caller must not modify r
// afterwards.
func own(r *big.Rat) prob {
	if p, ok := fits(r); ok {
		return p
	}
	return prob{big: r}
}

// fits returns r in words, or false when it is negative or does not fit.
func fits(r *big.Rat) (prob, bool) {
	switch r.Sign() {
	case 0:
		return prob{}, true
	case -1:
		return prob{}, false
	}
	num, ok := u128Of(r.Num())
	if !ok {
		return prob{}, false
	}
	if r.IsInt() {
		// Denom would allocate for a Rat never normalised.
		return prob{num: num, den: word(1)}, true
	}
	den, ok := u128Of(r.Denom())
	if !ok {
		return prob{}, false
	}
	return prob{num: num, den: den}, true
}

// isZero reports whether p is 0.
func (p prob) isZero() bool { return p.big == nil && p.num.isZero() }

// float returns p as the nearest float64.
func (p prob) float() float64 {
	if p.big != nil {
		f, _ := p.big.Float64()
		return f
	}
	if p.num.isZero() {
		return 0
	}
	if p.num.hi == 0 && p.den.hi == 0 && p.num.lo < 1<<53 && p.den.lo < 1<<53 {
		// Both exact as floats, and a division of floats is rounded to
		// the nearest: the same float as big.Rat's, without its memory.
		return float64(p.num.lo) / float64(p.den.lo)
	}
	if f, ok := p.num.over(p.den); ok {
		return f
	}
	f, _ := p.rat().Float64()
	return f
}

// rat returns p as a new big.Rat, the caller's own.
func (p prob) rat() *big.Rat { return p.into(new(big.Rat)) }

// into sets z, a new big.Rat (a zero value), to p and returns it.
func (p prob) into(z *big.Rat) *big.Rat {
	switch {
	case p.big != nil:
		return z.Set(p.big)
	case p.num.isZero():
		return z
	case p.num.hi == 0 && p.den.hi == 0:
		return setRatio(z, p.num.lo, p.den.lo)
	}
	// As setRatio: in lowest terms already, without their GCD.
	z.SetInt(p.den.bigInto(new(big.Int)))
	z.Inv(z)
	p.num.bigInto(z.Num())
	return z
}

// ro returns p as a big.Rat the caller must not modify.
func (p prob) ro() *big.Rat {
	if p.big != nil {
		return p.big
	}
	return p.rat()
}

// mul returns p times q.
func (p prob) mul(q prob) prob {
	switch {
	case p.isZero() || q.isZero():
		return prob{}
	case p.big == nil && q.big == nil:
		// Cancelling crosswise first keeps the product in lowest terms:
		// p and q are.
		if p.num.hi|p.den.hi|q.num.hi|q.den.hi == 0 {
			g1, g2 := gcd(p.num.lo, q.den.lo), gcd(q.num.lo, p.den.lo)
			hi1, num := bits.Mul64(p.num.lo/g1, q.num.lo/g2)
			hi2, den := bits.Mul64(p.den.lo/g2, q.den.lo/g1)
			return prob{num: u128{hi1, num}, den: u128{hi2, den}}
		}
		g1, g2 := gcd128(p.num, q.den), gcd128(q.num, p.den)
		num, over1 := p.num.quo(g1).mul(q.num.quo(g2))
		den, over2 := p.den.quo(g2).mul(q.den.quo(g1))
		if !over1 && !over2 {
			return prob{num: num, den: den}
		}
	}
	return own(new(big.Rat).Mul(p.ro(), q.ro()))
}

// add returns p plus q.
func (p prob) add(q prob) prob {
	switch {
	case p.isZero():
		return q
	case q.isZero():
		return p
	case p.big == nil && q.big == nil:
		if p.num.hi|p.den.hi|q.num.hi|q.den.hi == 0 {
			if r, ok := add64(p.num.lo, p.den.lo, q.num.lo, q.den.lo); ok {
				return r
			}
		}
		if p.den == q.den {
			// The usual case: paths of the same dice.
			if num, carry := p.num.add(q.num); !carry {
				g := gcd128(num, p.den)
				return prob{num: num.quo(g), den: p.den.quo(g)}
			}
			break
		}
		// Over the least common denominator, b/g*d.
		g := gcd128(p.den, q.den)
		pd, qd := p.den.quo(g), q.den.quo(g)
		den, over := pd.mul(q.den)
		n1, over1 := p.num.mul(qd)
		n2, over2 := q.num.mul(pd)
		num, carry := n1.add(n2)
		if over || over1 || over2 || carry {
			break
		}
		if g == word(1) {
			// Then num/den is in lowest terms already (Knuth, 4.5.1).
			return prob{num: num, den: den}
		}
		h := gcd128(num, den)
		return prob{num: num.quo(h), den: den.quo(h)}
	}
	return own(new(big.Rat).Add(p.ro(), q.ro()))
}

// add64 returns a/b plus c/d, all in one word each, when the sum fits in
// one word each too.
func add64(a, b, c, d uint64) (prob, bool) {
	if b == d {
		if num, carry := bits.Add64(a, c, 0); carry == 0 {
			g := gcd(num, b)
			return prob{num: word(num / g), den: word(b / g)}, true
		}
		return prob{}, false
	}
	g := gcd(b, d)
	bd, dd := b/g, d/g
	hi, den := bits.Mul64(bd, d)
	hi1, n1 := bits.Mul64(a, dd)
	hi2, n2 := bits.Mul64(c, bd)
	num, carry := bits.Add64(n1, n2, 0)
	if hi|hi1|hi2|carry != 0 {
		return prob{}, false
	}
	if g == 1 {
		return prob{num: word(num), den: word(den)}, true
	}
	h := gcd(num, den)
	return prob{num: word(num / h), den: word(den / h)}, true
}

// gcd is whole.GCD, for short.
func gcd(a, b uint64) uint64 { return whole.GCD(a, b) }

// setRatio sets z to num/den, which must be in lowest terms with num > 0,
// and returns it. It spares the GCD of big numbers SetFrac would compute,
// and its memory: z is set to den as a whole number, inverted in place,
// then num is written over the numerator 1.
func setRatio(z *big.Rat, num, den uint64) *big.Rat {
	z.SetUint64(den)
	z.Inv(z)
	z.Num().SetUint64(num)
	return z
}

// rats hands out new big.Rats a chunk at a time, for the many fractions of
// a report, and the words of their numerators and denominators too.
type rats struct {
	chunk []big.Rat
	words []big.Word
}

// of returns p as a new big.Rat. One in words takes its numerator's and
// denominator's words from a chunk rather than an allocation each.
func (m *rats) of(p prob) *big.Rat {
	z := m.next()
	if p.big != nil || p.num.isZero() || bits.UintSize != 64 {
		return p.into(z)
	}
	// As setRatio: z set to the denominator, inverted in place, then the
	// numerator written over the 1.
	z.Num().SetBits(m.wordsOf(p.den))
	z.Inv(z)
	z.Num().SetBits(m.wordsOf(p.num))
	return z
}

// wordsOf returns x, not zero, as the words of a big.Int, from the chunk:
// their capacity is their length, so that a big.Int set to them and
// changed afterwards never writes past them.
func (m *rats) wordsOf(x u128) []big.Word {
	n := 1
	if x.hi != 0 {
		n = 2
	}
	w := grow(&m.words, n)
	w[0] = big.Word(x.lo)
	if n == 2 {
		w[1] = big.Word(x.hi)
	}
	return w
}

// over returns x/d as a new big.Rat; d must be positive.
func (m *rats) over(x, d natural) *big.Rat { return ratioInto(m.next(), x, d) }

func (m *rats) next() *big.Rat {
	if len(m.chunk) == cap(m.chunk) {
		m.chunk = make([]big.Rat, 0, nextChunk(cap(m.chunk)))
	}
	m.chunk = m.chunk[:len(m.chunk)+1]
	return &m.chunk[len(m.chunk)-1]
}

// natural is an exact non-negative whole number: a probability times a
// common denominator.
type natural = whole.Number

// ratioInto sets z, a new big.Rat (a zero value), to x/d and returns it;
// d must be positive.
func ratioInto(z *big.Rat, x, d natural) *big.Rat {
	xn, xok := x.Uint64()
	dn, dok := d.Uint64()
	if xok && dok {
		if xn == 0 {
			return z
		}
		g := gcd(xn, dn)
		return setRatio(z, xn/g, dn/g)
	}
	return z.SetFrac(x.BigRO(), d.BigRO())
}

// numDen returns p's numerator and denominator.
func (p prob) numDen() (num, den natural) {
	switch {
	case p.big != nil:
		return whole.FromBig(p.big.Num()), whole.FromBig(p.big.Denom())
	case p.num.isZero():
		return natural{}, whole.Of(1)
	}
	return p.num.natural(), p.den.natural()
}

// tally is a sum of probabilities being added up, read once it is
// whole: the sums of the outcomes and of the answers met. Its terms are
// added over a common multiple of their denominators, and the sum is put
// in lowest terms only when it is read: keeping it in lowest terms at
// every addition would take a GCD each time, most of the cost of adding.
// The sum is in two words while the common multiple fits in them, and in
// big.Ints of its own beyond. The zero value is 0.
type tally struct {
	num, den u128 // the sum is num/den, not in lowest terms; den is 0 while it is 0
	// lowest says num/den is in lowest terms: the one term added so far,
	// as most outcomes have.
	lowest bool
	big    *bigSum // not nil once the common multiple does not fit in words
}

// bigSum is a tally past two words: num/den, not in lowest terms, and the
// scratch of adding to it.
type bigSum struct {
	num, den, f, r, x, qn, qd big.Int
}

// tallyOf returns a tally of p.
func tallyOf(p prob) tally {
	var t tally
	t.add(p)
	return t
}

// add adds q.
func (t *tally) add(q prob) {
	switch {
	case q.isZero():
		return
	case t.big != nil:
		t.big.add(q)
		return
	case t.den.isZero() && q.big == nil:
		t.num, t.den, t.lowest = q.num, q.den, true
		return
	case q.big == nil && t.addWords(q):
		t.lowest = false
		return
	}
	b := &bigSum{}
	if t.den.isZero() {
		b.den.SetUint64(1)
	} else {
		t.num.bigInto(&b.num)
		t.den.bigInto(&b.den)
	}
	t.big, t.lowest = b, false
	b.add(q)
}

// addWords adds q, in words, to a sum in words, not 0, and reports
// whether the sum still fits in words; when it does not, t is as it was.
func (t *tally) addWords(q prob) bool {
	if q.den == t.den {
		num, carry := t.num.add(q.num)
		if !carry {
			t.num = num
		}
		return !carry
	}
	if f, ok := t.den.divBy(q.den); ok {
		// The usual case: q's dice are among the sum's.
		x, over := q.num.mul(f)
		num, carry := t.num.add(x)
		if over || carry {
			return false
		}
		t.num = num
		return true
	}
	// Over the least common multiple of the two denominators.
	g := gcd128(t.den, q.den)
	tf, qf := q.den.quo(g), t.den.quo(g)
	den, over := t.den.mul(tf)
	n1, over1 := t.num.mul(tf)
	n2, over2 := q.num.mul(qf)
	num, carry := n1.add(n2)
	if over || over1 || over2 || carry {
		return false
	}
	t.num, t.den = num, den
	return true
}

// add adds q, not 0, over a multiple of its denominator and the sum's.
func (b *bigSum) add(q prob) {
	qn, qd := &b.qn, &b.qd
	if q.big != nil {
		qn, qd = q.big.Num(), q.big.Denom()
	} else {
		q.num.bigInto(qn)
		q.den.bigInto(qd)
	}
	b.f.QuoRem(&b.den, qd, &b.r)
	if b.r.Sign() == 0 {
		b.num.Add(&b.num, b.x.Mul(qn, &b.f))
		return
	}
	g := b.r.GCD(nil, nil, &b.den, qd)
	b.f.Quo(qd, g)     // what the sum's terms are multiplied by
	b.x.Quo(&b.den, g) // and q's
	b.x.Mul(&b.x, qn)
	b.num.Mul(&b.num, &b.f)
	b.num.Add(&b.num, &b.x)
	b.den.Mul(&b.den, &b.f)
}

// value returns the sum.
func (t *tally) value() prob {
	switch {
	case t.big != nil:
		return own(new(big.Rat).SetFrac(&t.big.num, &t.big.den))
	case t.den.isZero():
		return prob{}
	case t.lowest:
		return prob{num: t.num, den: t.den}
	}
	g := gcd128(t.num, t.den)
	if g == word(1) {
		return prob{num: t.num, den: t.den}
	}
	return prob{num: t.num.quo(g), den: t.den.quo(g)}
}
