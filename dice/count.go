package dice

import (
	"math/big"

	"fray/internal/natural"
)

// count is an exact non-negative integer of any size: machine arithmetic
// while the value fits, so exact distributions of small expressions cost
// little and large ones still come out exact.
type count = natural.Number

func small(n uint64) count { return natural.Of(n) }

func fromBig(b *big.Int) count { return natural.FromBig(b) }

// binomials returns the row n of Pascal's triangle: C(n, 0) ... C(n, n).
func binomials(n int) []count {
	row := make([]count, n+1)
	row[0] = small(1)
	for k := 1; k <= n; k++ {
		// C(n, k) = C(n, k-1) * (n-k+1) / k, exact at every step.
		prev := row[k-1].Big()
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
		p[i] = p[i-1].Mul(w)
	}
	return p
}
