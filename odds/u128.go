package odds

import (
	"math"
	"math/big"
	"math/bits"

	whole "fray/internal/natural"
)

// u128 is a whole number of two machine words, hi and lo: what a prob
// holds its numerator and denominator in.
type u128 struct{ hi, lo uint64 }

// word returns x as a u128.
func word(x uint64) u128 { return u128{lo: x} }

func (a u128) isZero() bool { return a.hi|a.lo == 0 }

// cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a u128) cmp(b u128) int {
	switch {
	case a.hi < b.hi || a.hi == b.hi && a.lo < b.lo:
		return -1
	case a == b:
		return 0
	}
	return 1
}

// add returns a+b, and whether it carried past 128 bits.
func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c != 0
}

// sub returns a-b; b must not exceed a.
func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// mul returns a*b, and whether it overflowed 128 bits.
func (a u128) mul(b u128) (u128, bool) {
	if a.hi != 0 && b.hi != 0 {
		return u128{}, true
	}
	hi, lo := bits.Mul64(a.lo, b.lo)
	h1, c1 := bits.Mul64(a.hi, b.lo)
	h2, c2 := bits.Mul64(a.lo, b.hi)
	hi, k1 := bits.Add64(hi, c1, 0)
	hi, k2 := bits.Add64(hi, c2, 0)
	return u128{hi, lo}, h1|h2|k1|k2 != 0
}

// shr returns a shifted right by n bits, n < 128.
func (a u128) shr(n uint) u128 {
	if n >= 64 {
		return u128{0, a.hi >> (n - 64)}
	}
	return u128{a.hi >> n, a.lo>>n | a.hi<<(64-n)}
}

// shl returns a shifted left by n bits, n < 128.
func (a u128) shl(n uint) u128 {
	if n >= 64 {
		return u128{a.lo << (n - 64), 0}
	}
	return u128{a.hi<<n | a.lo>>(64-n), a.lo << n}
}

// trailingZeros returns the number of trailing zero bits of a, not 0.
func (a u128) trailingZeros() uint {
	if a.lo != 0 {
		return uint(bits.TrailingZeros64(a.lo))
	}
	return 64 + uint(bits.TrailingZeros64(a.hi))
}

// quo returns a/b; b must not be 0.
func (a u128) quo(b u128) u128 {
	if b.hi == 0 {
		if a.hi < b.lo {
			q, _ := bits.Div64(a.hi, a.lo, b.lo)
			return word(q)
		}
		hi, r := a.hi/b.lo, a.hi%b.lo
		lo, _ := bits.Div64(r, a.lo, b.lo)
		return u128{hi, lo}
	}
	// The quotient fits in a word: estimated from the top words of a/2
	// and of b normalised, it is right or one too many (Hacker's Delight,
	// 9-5), then corrected from the remainder.
	n := uint(bits.LeadingZeros64(b.hi))
	v := b.shl(n).hi
	u := a.shr(1)
	q, _ := bits.Div64(u.hi, u.lo, v)
	q >>= 63 - n
	if q != 0 {
		q--
	}
	qb, _ := word(q).mul(b)
	if a.sub(qb).cmp(b) >= 0 {
		q++
	}
	return word(q)
}

// gcd128 returns the greatest common divisor of a and b (the other when
// one is zero), by Stein's binary algorithm while both take two words;
// once one fits in a word, the other's remainder by it brings both to one
// word at once, and the rest is on one word.
func gcd128(a, b u128) u128 {
	switch {
	case a.hi|b.hi == 0:
		return word(gcd(a.lo, b.lo))
	case a.isZero():
		return b
	case b.isZero():
		return a
	case a.hi == 0:
		return word(gcd(a.lo, b.rem(a.lo)))
	case b.hi == 0:
		return word(gcd(b.lo, a.rem(b.lo)))
	}
	shift := u128{a.hi | b.hi, a.lo | b.lo}.trailingZeros()
	a = a.shr(a.trailingZeros())
	for {
		b = b.shr(b.trailingZeros())
		if a.cmp(b) > 0 {
			a, b = b, a
		}
		if a.hi == 0 {
			// a is odd: so is the GCD, that of a and b's remainder by
			// it.
			return word(gcd(a.lo, b.rem(a.lo))).shl(shift)
		}
		b = b.sub(a)
		if b.isZero() {
			return a.shl(shift)
		}
	}
}

// divBy returns a/b and true when b, not 0, divides a.
func (a u128) divBy(b u128) (u128, bool) {
	q := a.quo(b)
	qb, over := q.mul(b)
	return q, !over && qb == a
}

// rem returns a modulo d, d not 0.
func (a u128) rem(d uint64) uint64 {
	_, r := bits.Div64(a.hi%d, a.lo, d)
	return r
}

// u128Of returns x as a u128, or false when it is negative or does not
// fit.
func u128Of(x *big.Int) (u128, bool) {
	if x.Sign() < 0 || x.BitLen() > 128 {
		return u128{}, false
	}
	if x.IsUint64() {
		return word(x.Uint64()), true
	}
	var a u128
	for i, w := range x.Bits() {
		// 64 is a whole number of words: none straddles the two halves.
		if at := i * bits.UintSize; at < 64 {
			a.lo |= uint64(w) << at
		} else {
			a.hi |= uint64(w) << (at - 64)
		}
	}
	return a, true
}

// bigInto sets z to a and returns it.
func (a u128) bigInto(z *big.Int) *big.Int {
	z.SetUint64(a.hi)
	z.Lsh(z, 64)
	var lo big.Int
	return z.Or(z, lo.SetUint64(a.lo))
}

// natural returns a as a natural.
func (a u128) natural() natural {
	if a.hi == 0 {
		return whole.Of(a.lo)
	}
	return whole.FromBig(a.bigInto(new(big.Int)))
}

// bitLen returns the number of bits of a, 0 for 0.
func (a u128) bitLen() int {
	if a.hi != 0 {
		return 128 - bits.LeadingZeros64(a.hi)
	}
	return 64 - bits.LeadingZeros64(a.lo)
}

// over returns a/b, less than 1, as the nearest float64, and false when it
// cannot be had in words: a not less than b, or b of 128 bits. The
// quotient's bits are worked out by long division, as many at a time as
// the remainder leaves room for, until 64 of them are significant; then
// those 64 bits, the last set if anything is left over (below the
// rounding bit, so that a tie is told from more than half), are rounded
// once, by the conversion to a float.
func (a u128) over(b u128) (float64, bool) {
	step := uint(128 - b.bitLen())
	if step == 0 || a.cmp(b) >= 0 {
		return 0, false
	}
	var q u128           // the quotient's bits so far, worked out to ...
	shift := 0           // ... this many bits after the point
	r := a               // and what is left of a, less than b
	step = min(step, 64) // q, of fewer than 64 bits, stays in 128
	for q.bitLen() < 64 && !r.isZero() {
		r = r.shl(step)
		d := r.quo(b)
		db, _ := d.mul(b)
		r = r.sub(db)
		q = q.shl(step)
		q.lo |= d.lo // d < 2^step: q's low step bits are free
		q.hi |= d.hi
		shift += int(step)
	}
	sticky := !r.isZero()
	if n := q.bitLen() - 64; n > 0 {
		if !q.shl(uint(128 - n)).isZero() {
			sticky = true
		}
		q = q.shr(uint(n))
		shift -= n
	}
	m := q.lo
	if sticky {
		m |= 1
	}
	return math.Ldexp(float64(m), -shift), true
}
