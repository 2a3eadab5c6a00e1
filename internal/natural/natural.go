// Package natural is exact non-negative whole numbers of any size that
// cost machine arithmetic while they fit in 64 bits: the counts of exact
// dice distributions and the numerators of exact odds.
package natural

import (
	"math/big"
	"math/bits"
)

// Number is an exact non-negative whole number: a plain uint64 while the
// value fits, a big.Int beyond. A Number is a value: the big.Int it may
// hold is never modified. The zero value is 0.
type Number struct {
	n uint64
	b *big.Int // not nil when the value does not fit in n
}

// Of returns n as a Number.
func Of(n uint64) Number { return Number{n: n} }

// FromBig returns the value of b, keeping b, which the caller must not
// modify afterwards.
func FromBig(b *big.Int) Number {
	if b.IsUint64() {
		return Number{n: b.Uint64()}
	}
	return Number{b: b}
}

// Uint64 returns x and true when x fits in a uint64.
func (x Number) Uint64() (uint64, bool) { return x.n, x.b == nil }

// IsZero reports whether x is 0.
func (x Number) IsZero() bool { return x.b == nil && x.n == 0 }

// Big returns x as a new big.Int the caller may modify.
func (x Number) Big() *big.Int {
	if x.b != nil {
		return new(big.Int).Set(x.b)
	}
	return new(big.Int).SetUint64(x.n)
}

// BigRO returns x as a big.Int the caller must not modify.
func (x Number) BigRO() *big.Int {
	if x.b != nil {
		return x.b
	}
	return new(big.Int).SetUint64(x.n)
}

// BigIn returns x as a big.Int the caller must not modify: x's own, or z
// set to it.
func (x Number) BigIn(z *big.Int) *big.Int {
	if x.b != nil {
		return x.b
	}
	return z.SetUint64(x.n)
}

// Add returns x + y.
func (x Number) Add(y Number) Number {
	if x.b == nil && y.b == nil {
		if s, carry := bits.Add64(x.n, y.n, 0); carry == 0 {
			return Number{n: s}
		}
	}
	return FromBig(new(big.Int).Add(x.BigRO(), y.BigRO()))
}

// Sub returns x - y; y must not exceed x.
func (x Number) Sub(y Number) Number {
	if x.b == nil && y.b == nil {
		return Number{n: x.n - y.n}
	}
	return FromBig(new(big.Int).Sub(x.BigRO(), y.BigRO()))
}

// Mul returns x * y.
func (x Number) Mul(y Number) Number {
	if x.b == nil && y.b == nil {
		if hi, lo := bits.Mul64(x.n, y.n); hi == 0 {
			return Number{n: lo}
		}
	}
	return FromBig(new(big.Int).Mul(x.BigRO(), y.BigRO()))
}

// Quo returns x / y; y must divide x.
func (x Number) Quo(y Number) Number {
	if x.b == nil && y.b == nil {
		return Number{n: x.n / y.n}
	}
	return FromBig(new(big.Int).Quo(x.BigRO(), y.BigRO()))
}

// Cmp returns -1, 0 or +1 as x is less than, equal to or greater than y.
func (x Number) Cmp(y Number) int {
	if x.b == nil && y.b == nil {
		switch {
		case x.n < y.n:
			return -1
		case x.n > y.n:
			return 1
		}
		return 0
	}
	return x.BigRO().Cmp(y.BigRO())
}

// LCM returns the least common multiple of x and y, both positive.
func (x Number) LCM(y Number) Number {
	if x.b == nil && y.b == nil {
		if hi, lo := bits.Mul64(x.n/GCD(x.n, y.n), y.n); hi == 0 {
			return Number{n: lo}
		}
	}
	g := new(big.Int).GCD(nil, nil, x.BigRO(), y.BigRO())
	l := new(big.Int).Quo(x.BigRO(), g)
	return FromBig(l.Mul(l, y.BigRO()))
}

// GCD returns the greatest common divisor of a and b (the other when one
// is zero), by Stein's binary algorithm: shifts and subtractions rather
// than divisions.
func GCD(a, b uint64) uint64 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	shift := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
		if b == 0 {
			return a << shift
		}
	}
}
