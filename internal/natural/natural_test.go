package natural

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// values are numbers to compute with: zero, the edges of a machine word,
// products of die sizes, random words, and numbers past 64 and 128 bits.
func values() []*big.Int {
	r := rand.New(rand.NewPCG(7, 8))
	words := []uint64{0, 1, 2, 3, 6, 10, 1 << 32, 1<<32 - 1, 1 << 63, math.MaxUint64 - 1, math.MaxUint64}
	for len(words) < 120 {
		switch len(words) % 3 {
		case 0:
			x := uint64(1)
			for range r.IntN(12) {
				x *= uint64(2 + r.IntN(19))
			}
			words = append(words, x)
		case 1:
			words = append(words, r.Uint64()>>r.IntN(64))
		default:
			words = append(words, uint64(1+r.IntN(1000)))
		}
	}
	var out []*big.Int
	for _, w := range words {
		out = append(out, new(big.Int).SetUint64(w))
	}
	huge, _ := new(big.Int).SetString("340282366920938463463374607431768211507", 10) // past 2^128
	return append(out, huge, new(big.Int).Lsh(big.NewInt(3), 64))
}

// TestNumberIsBigInt checks every operation against math/big, across the
// edge of a machine word both ways: a result that fits is held in a word.
func TestNumberIsBigInt(t *testing.T) {
	xs := values()
	num := func(x *big.Int) Number { return FromBig(new(big.Int).Set(x)) }
	same := func(what string, got Number, want *big.Int) {
		t.Helper()
		if got.BigRO().Cmp(want) != 0 || got.Big().Cmp(want) != 0 || got.BigIn(new(big.Int)).Cmp(want) != 0 {
			t.Fatalf("%s = %s, want %s", what, got.BigRO(), want)
		}
		if _, fits := got.Uint64(); want.IsUint64() != fits {
			t.Fatalf("%s = %s: held in a word %v", what, want, fits)
		}
		if got.IsZero() != (want.Sign() == 0) {
			t.Fatalf("%s = %s: IsZero %v", what, want, got.IsZero())
		}
	}
	for _, x := range xs {
		for _, y := range xs {
			what := x.String() + " and " + y.String()
			same("the sum of "+what, num(x).Add(num(y)), new(big.Int).Add(x, y))
			prod := new(big.Int).Mul(x, y)
			same("the product of "+what, num(x).Mul(num(y)), prod)
			if c := num(x).Cmp(num(y)); c != x.Cmp(y) {
				t.Fatalf("cmp of %s = %d", what, c)
			}
			if x.Cmp(y) >= 0 {
				same("the difference of "+what, num(x).Sub(num(y)), new(big.Int).Sub(x, y))
			}
			if y.Sign() == 0 {
				continue
			}
			same("the product of "+what+" over the second", num(prod).Quo(num(y)), x)
			if x.Sign() == 0 {
				continue
			}
			g := new(big.Int).GCD(nil, nil, x, y)
			same("the lcm of "+what, num(x).LCM(num(y)), new(big.Int).Quo(prod, g))
			if x.IsUint64() && y.IsUint64() {
				if got := GCD(x.Uint64(), y.Uint64()); got != g.Uint64() {
					t.Fatalf("gcd of %s = %d, want %s", what, got, g)
				}
			}
		}
	}
	if got := GCD(0, 12); got != 12 {
		t.Errorf("gcd of 0 and 12 = %d", got)
	}
	if got := Of(7); !got.Add(Of(5)).Mul(Of(2)).Quo(Of(3)).Sub(Of(8)).IsZero() {
		t.Errorf("(7+5)·2/3 - 8 = %s, want 0", got.Add(Of(5)).Mul(Of(2)).Quo(Of(3)).Sub(Of(8)).BigRO())
	}
}
