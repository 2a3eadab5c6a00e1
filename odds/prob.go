package odds

import (
	"math/big"
	"math/bits"

	whole "fray/internal/natural"
)

// prob is an exact probability: num/den in lowest terms, in machine words
// while both fit, and as a big.Rat beyond. The probability of a dice path
// is a product of die sizes over a product of die sizes, and the sums of a
// few of them nearly always fit in 64 bits: words spare the GCD of big
// numbers and new memory at every step of the enumeration, and the rare
// value that does not fit is still exact.
//
// The zero value is 0. A prob is a value: the big.Rat it may hold is never
// modified, and a value that fits in words is always held in words, so a
// prob has one form.
type prob struct {
	num, den uint64   // den is 0 only for the zero value
	big      *big.Rat // not nil when num/den does not fit in words
}

// certain is the probability 1.
func certain() prob { return prob{num: 1, den: 1} }

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
	if !r.Num().IsUint64() {
		return prob{}, false
	}
	if r.IsInt() {
		// Denom would allocate for a Rat never normalised.
		return prob{num: r.Num().Uint64(), den: 1}, true
	}
	if !r.Denom().IsUint64() {
		return prob{}, false
	}
	return prob{num: r.Num().Uint64(), den: r.Denom().Uint64()}, true
}

// isZero reports whether p is 0.
func (p prob) isZero() bool { return p.big == nil && p.num == 0 }

// float returns p as the nearest float64.
func (p prob) float() float64 {
	if p.big != nil {
		f, _ := p.big.Float64()
		return f
	}
	if p.num == 0 {
		return 0
	}
	if p.num < 1<<53 && p.den < 1<<53 {
		// Both exact as floats, and a division of floats is rounded to
		// the nearest: the same float as big.Rat's, without its memory.
		return float64(p.num) / float64(p.den)
	}
	f, _ := new(big.Rat).SetFrac(new(big.Int).SetUint64(p.num), new(big.Int).SetUint64(p.den)).Float64()
	return f
}

// rat returns p as a new big.Rat, the caller's own.
func (p prob) rat() *big.Rat { return p.into(new(big.Rat)) }

// into sets z, a new big.Rat (a zero value), to p and returns it.
func (p prob) into(z *big.Rat) *big.Rat {
	switch {
	case p.big != nil:
		return z.Set(p.big)
	case p.num == 0:
		return z
	}
	return setRatio(z, p.num, p.den)
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
		g1, g2 := gcd(p.num, q.den), gcd(q.num, p.den)
		hi1, num := bits.Mul64(p.num/g1, q.num/g2)
		hi2, den := bits.Mul64(p.den/g2, q.den/g1)
		if hi1|hi2 == 0 {
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
		if p.den == q.den {
			// The usual case: paths of the same dice.
			if num, carry := bits.Add64(p.num, q.num, 0); carry == 0 {
				g := gcd(num, p.den)
				return prob{num: num / g, den: p.den / g}
			}
			break
		}
		// Over the least common denominator, b/g*d.
		g := gcd(p.den, q.den)
		pd, qd := p.den/g, q.den/g
		hi, den := bits.Mul64(pd, q.den)
		hi1, n1 := bits.Mul64(p.num, qd)
		hi2, n2 := bits.Mul64(q.num, pd)
		num, carry := bits.Add64(n1, n2, 0)
		if hi|hi1|hi2|carry != 0 {
			break
		}
		if g == 1 {
			// Then num/den is in lowest terms already (Knuth, 4.5.1).
			return prob{num: num, den: den}
		}
		h := gcd(num, den)
		return prob{num: num / h, den: den / h}
	}
	return own(new(big.Rat).Add(p.ro(), q.ro()))
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
// a report.
type rats struct{ chunk []big.Rat }

// of returns p as a new big.Rat.
func (m *rats) of(p prob) *big.Rat { return p.into(m.next()) }

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
	case p.num == 0:
		return natural{}, whole.Of(1)
	}
	return whole.Of(p.num), whole.Of(p.den)
}
