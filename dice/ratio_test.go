package dice

import (
	"math"
	"math/big"
	"testing"
)

// ratio gives the Rat SetFrac would: the same value, numerator and
// denominator and text, the caller's own to change.
func TestRatioIsSetFrac(t *testing.T) {
	words := []uint64{0, 1, 2, 3, 7, 10, 100, 1000, 125000000, 3628800, 1 << 32, 1<<32 + 1,
		4294967291, 1 << 63, math.MaxUint64 - 1, math.MaxUint64, 18446744073709551557}
	for _, num := range words {
		for _, den := range words[1:] {
			want := new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).SetUint64(den))
			got := ratio(new(big.Rat), num, den)
			if got.Cmp(want) != 0 || got.String() != want.String() || got.Num().Cmp(want.Num()) != 0 || got.Denom().Cmp(want.Denom()) != 0 {
				t.Fatalf("ratio(%d, %d) = %s, want %s", num, den, got, want)
			}
			got.Add(got, big.NewRat(1, 3))
			if want.Add(want, big.NewRat(1, 3)); got.Cmp(want) != 0 {
				t.Fatalf("ratio(%d, %d) plus 1/3 = %s, want %s", num, den, got, want)
			}
		}
	}
}
