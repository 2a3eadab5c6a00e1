package odds

import (
	"math/big"
	"testing"

	whole "fray/internal/natural"
)

// TestSumAcrossItsWords adds numbers of one, two and more words, across
// the edges where a sum passes 64 and 128 bits, and checks every sum, and
// sums of numbers times a factor, against math/big, the numbers given
// in words and as naturals.
func TestSumAcrossItsWords(t *testing.T) {
	pow := func(n uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), n) }
	minus1 := func(x *big.Int) *big.Int { return new(big.Int).Sub(x, big.NewInt(1)) }
	values := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(12345),
		minus1(pow(64)), pow(64), new(big.Int).Add(pow(64), big.NewInt(7)),
		minus1(pow(96)), minus1(pow(127)), minus1(pow(128)), pow(128), pow(200),
	}
	for i, first := range values {
		var s, m sum
		var scratch big.Int
		want, wantMul := new(big.Int), new(big.Int)
		for j := range 12 {
			x := values[(i+j)%len(values)]
			// In words where it fits, every other time; as a natural
			// otherwise.
			v := scaled{n: whole.FromBig(new(big.Int).Set(x)), big: true}
			if w, ok := u128Of(x); ok && j%2 == 0 {
				v = scaled{w: w}
			}
			s.add(&v, &scratch)
			want.Add(want, x)
			factor := uint64(3 + j*1000003)
			m.addMul(&v, factor, &scratch)
			wantMul.Add(wantMul, new(big.Int).Mul(x, new(big.Int).SetUint64(factor)))
		}
		if got := s.value().BigRO(); got.Cmp(want) != 0 {
			t.Errorf("from %v: the sum is %v, want %v", first, got, want)
		}
		if got := m.value().BigRO(); got.Cmp(wantMul) != 0 {
			t.Errorf("from %v: the sum of multiples is %v, want %v", first, got, wantMul)
		}
	}
}
