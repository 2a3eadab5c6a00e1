package dice

import (
	"math/big"
	"math/bits"
)

// count is an exact non-negative integer of any size. It is a plain uint64
// while the value fits and a big.Int beyond, so exact distributions of small
// expressions cost machine arithmetic and large ones still come out exact.
// A count is a value: the big.Int it may hold is never modified.
type count struct {
	n uint64
	b *big.Int // not nil when the value does not fit in n
}

func small(n uint64) count { return count{n: n} }

func fromBig(b *big.Int) count {
	if b.IsUint64() {
		return count{n: b.Uint64()}
	}
	return count{b: b}
}

func (c count) isZero() bool { return c.b == nil && c.n == 0 }

// big returns the value as a new big.Int the caller may modify.
func (c count) big() *big.Int {
	if c.b != nil {
		return new(big.Int).Set(c.b)
	}
	return new(big.Int).SetUint64(c.n)
}

// bigRO returns the value as a big.Int the caller must not modify.
func (c count) bigRO() *big.Int {
	if c.b != nil {
		return c.b
	}
	return new(big.Int).SetUint64(c.n)
}

// bigIn returns the value as a big.Int the caller must not modify: c's own,
// or z set to it.
func (c count) bigIn(z *big.Int) *big.Int {
	if c.b != nil {
		return c.b
	}
	return z.SetUint64(c.n)
}

func (c count) add(d count) count {
	if c.b == nil && d.b == nil {
		if s, carry := bits.Add64(c.n, d.n, 0); carry == 0 {
			return count{n: s}
		}
	}
	return fromBig(new(big.Int).Add(c.bigRO(), d.bigRO()))
}

// sub returns c - d; d must not exceed c.
func (c count) sub(d count) count {
	if c.b == nil && d.b == nil {
		return count{n: c.n - d.n}
	}
	return fromBig(new(big.Int).Sub(c.bigRO(), d.bigRO()))
}

func (c count) mul(d count) count {
	if c.b == nil && d.b == nil {
		if hi, lo := bits.Mul64(c.n, d.n); hi == 0 {
			return count{n: lo}
		}
	}
	return fromBig(new(big.Int).Mul(c.bigRO(), d.bigRO()))
}

func (c count) cmp(d count) int {
	if c.b == nil && d.b == nil {
		switch {
		case c.n < d.n:
			return -1
		case c.n > d.n:
			return 1
		}
		return 0
	}
	return c.bigRO().Cmp(d.bigRO())
}

// binomials returns the row n of Pascal's triangle: C(n, 0) ... C(n, n).
func binomials(n int) []count {
	row := make([]count, n+1)
	row[0] = small(1)
	for k := 1; k <= n; k++ {
		// C(n, k) = C(n, k-1) * (n-k+1) / k, exact at every step.
		prev := row[k-1].big()
		prev.Mul(prev, big.NewInt(int64(n-k+1)))
		prev.Quo(prev, big.NewInt(int64(k)))
		row[k] = fromBig(prev)
	}
	return row
}

// powers returns w^0 ... w^n.
func powers(w count, n int) []count {
	p := make([]count, n+1)
	p[0] = small(1)
	for i := 1; i <= n; i++ {
		p[i] = p[i-1].mul(w)
	}
	return p
}
