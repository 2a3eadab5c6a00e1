package odds

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	whole "fray/internal/natural"
)

// edges are numbers at which word arithmetic overflows or a GCD is
// degenerate.
var edges = []uint64{
	1, 2, 3, 6, 10, 100, 1 << 31, 1<<32 - 1, 1 << 32, 1<<32 + 1,
	1<<53 + 1, 1<<62 - 57, 1 << 63, 1<<63 + 1, math.MaxUint64 - 1, math.MaxUint64,
	4294967291,                              // the largest prime below 2^32
	18446744073709551557,                    // the largest prime below 2^64
	125000000, 3628800, 2432902008176640000, // 5^9*2^6, 10!, 20!
}

// someWords returns n numbers: edges, then die-like products of small
// numbers, then numbers of every size.
func someWords(r *rand.Rand, n int) []uint64 {
	out := append([]uint64(nil), edges...)
	for len(out) < n {
		switch len(out) % 3 {
		case 0:
			x := uint64(1)
			for range r.IntN(12) {
				x *= uint64(2 + r.IntN(19))
			}
			out = append(out, x)
		case 1:
			out = append(out, r.Uint64()>>r.IntN(64))
		default:
			out = append(out, uint64(1+r.IntN(1000)))
		}
	}
	return out
}

// someProbs returns probabilities to compute with and their values: zero,
// fractions held in words (with die-like denominators, and near 2^64), and
// fractions too big for words.
func someProbs(t *testing.T, r *rand.Rand, n int) ([]prob, []*big.Rat) {
	t.Helper()
	words := someWords(r, n)
	var ps []prob
	var rs []*big.Rat
	add := func(x *big.Rat) {
		ps = append(ps, probOf(x))
		rs = append(rs, new(big.Rat).Set(x))
	}
	add(new(big.Rat))
	for i, d := range words {
		if d == 0 {
			continue
		}
		num := words[(i*7+3)%len(words)]
		if i%2 == 0 {
			num %= d + 1 // a probability, at most 1
		}
		add(new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).SetUint64(d)))
	}
	for _, bits := range []uint{70, 127, 140} {
		// Past one word, then past two.
		huge := new(big.Int).Lsh(big.NewInt(1), bits)
		add(new(big.Rat).SetFrac(big.NewInt(1), huge))                                              // the denominator big
		add(new(big.Rat).SetFrac(new(big.Int).Add(huge, big.NewInt(1)), new(big.Int).Lsh(huge, 1))) // both
		add(new(big.Rat).SetFrac(new(big.Int).Lsh(huge, 2), big.NewInt(3)))                         // the numerator
		add(new(big.Rat).SetFrac(big.NewInt(7), new(big.Int).Mul(huge, big.NewInt(10460353203))))   // 3^21
	}
	return ps, rs
}

// wantProb fails unless p is the value want, in its one form: in lowest
// terms, and in words if and only if it fits.
func wantProb(t *testing.T, what string, p prob, want *big.Rat) {
	t.Helper()
	if got := p.ro(); got.Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", what, got.RatString(), want.RatString())
	}
	fitsWords := want.Sign() >= 0 && want.Num().BitLen() <= 128 && want.Denom().BitLen() <= 128
	switch {
	case fitsWords && p.big != nil:
		t.Fatalf("%s = %s is held as a big.Rat; it fits in words", what, want.RatString())
	case !fitsWords && p.big == nil:
		t.Fatalf("%s = %v/%v is held in words; it is %s", what, p.num, p.den, want.RatString())
	case p.big == nil && p.num.isZero() && !p.den.isZero():
		t.Fatalf("%s: zero is 0/%v, not the zero value", what, p.den)
	case p.big == nil && !p.num.isZero() && gcd128(p.num, p.den) != word(1):
		t.Fatalf("%s = %v/%v is not in lowest terms", what, p.num, p.den)
	}
}

func TestGCDIsBigGCD(t *testing.T) {
	words := someWords(rand.New(rand.NewPCG(1, 2)), 300)
	words = append(words, 0)
	for _, a := range words {
		for _, b := range words {
			want := new(big.Int).GCD(nil, nil, new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
			if a == 0 || b == 0 {
				want.SetUint64(a | b) // big.Int's GCD of 0 and b is b too
			}
			if got := gcd(a, b); got != want.Uint64() {
				t.Fatalf("gcd(%d, %d) = %d, want %s", a, b, got, want)
			}
		}
	}
}

func TestProbArithmeticIsBigRat(t *testing.T) {
	ps, rs := someProbs(t, rand.New(rand.NewPCG(3, 4)), 150)
	for i := range ps {
		wantProb(t, "probOf("+rs[i].RatString()+")", ps[i], rs[i])
		for j := range ps {
			what := rs[i].RatString() + " and " + rs[j].RatString()
			wantProb(t, "the product of "+what, ps[i].mul(ps[j]), new(big.Rat).Mul(rs[i], rs[j]))
			wantProb(t, "the sum of "+what, ps[i].add(ps[j]), new(big.Rat).Add(rs[i], rs[j]))
		}
		// Neither leaves a mark on its operands.
		wantProb(t, "an operand", ps[i], rs[i])
	}
}

// A sum or product that does not fit in words on the way, but does once
// reduced, comes back to words; one that does not stays exact.
func TestProbOverflowFallsBackAndReturns(t *testing.T) {
	p, q := ratio(1, 3<<61), ratio(1, 5<<61)
	// Over their least common denominator, 15*2^61, past 2^64: 8/(15*2^61).
	wantProb(t, "1/(3*2^61) plus 1/(5*2^61)", p.add(q), big.NewRat(1, 15<<58))
	most := ratio(math.MaxUint64, 2)
	// The numerators' sum carries: (2^64-1)/1.
	wantProb(t, "(2^64-1)/2 twice", most.add(most), new(big.Rat).SetUint64(math.MaxUint64))
	p, q = ratio(1, 18446744073709551557), ratio(1, 4294967291) // prime denominators
	pq := p.mul(q)
	wantProb(t, "1/p times 1/q", pq, new(big.Rat).Mul(p.ro(), q.ro())) // past one word
	pqpq := pq.mul(pq)                                                 // past two
	wantProb(t, "(1/pq)^2", pqpq, new(big.Rat).Mul(pq.ro(), pq.ro()))
	pqWhole := ratio(18446744073709551557, 1).mul(ratio(4294967291, 1)) // p times q
	wantProb(t, "(1/pq)^2 times pq", pqpq.mul(pqWhole), pq.ro())        // back in words
	wantProb(t, "(1/pq)^2 plus 1/pq", pqpq.add(pq), new(big.Rat).Add(pqpq.ro(), pq.ro()))
	wantProb(t, "1/p times 1/q times q", pq.mul(ratio(4294967291, 1)), p.ro())
	wantProb(t, "1/p plus 1/q", p.add(q), new(big.Rat).Add(p.ro(), q.ro()))
	wantProb(t, "1/pq plus 1/pq", pq.add(pq), new(big.Rat).Add(pq.ro(), pq.ro()))
}

// ratio returns num/den, which need not be in lowest terms.
func ratio(num, den uint64) prob {
	return probOf(new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).SetUint64(den)))
}

func TestProbOfAnyRat(t *testing.T) {
	var zero big.Rat // never normalised: its Denom would be a new Int
	wantProb(t, "the zero Rat", probOf(&zero), new(big.Rat))
	wantProb(t, "an integer", probOf(big.NewRat(7, 1)), big.NewRat(7, 1))
	neg := big.NewRat(-1, 2)
	p := probOf(neg)
	if p.big == nil || p.ro().Cmp(neg) != 0 {
		t.Fatalf("probOf(-1/2) = %+v, want it held as a big.Rat", p)
	}
	r := big.NewRat(1, 3)
	p = probOf(r)
	r.SetInt64(5)
	wantProb(t, "probOf(1/3), its Rat changed since", p, big.NewRat(1, 3))
}

// rat and newRat give the Rat SetFrac would: the same value, the same
// numerator and denominator, the same text.
func TestRatIsSetFrac(t *testing.T) {
	ps, rs := someProbs(t, rand.New(rand.NewPCG(5, 6)), 200)
	for i, p := range ps {
		got := p.rat()
		if got.Cmp(rs[i]) != 0 || got.String() != rs[i].String() || got.Num().Cmp(rs[i].Num()) != 0 || got.Denom().Cmp(rs[i].Denom()) != 0 {
			t.Fatalf("rat of %s = %s", rs[i].String(), got.String())
		}
		if p.big != nil && got == p.big {
			t.Fatalf("rat of %s returned the prob's own Rat", rs[i].String())
		}
		// The caller's own: changing it changes nothing else.
		got.Add(got, big.NewRat(1, 7))
		wantProb(t, "a prob whose Rat was changed", p, rs[i])
	}
}

// TestRatioInto checks the fractions of the report's numerators over its
// denominator against math/big, across the edge of a machine word.
func TestRatioInto(t *testing.T) {
	words := someWords(rand.New(rand.NewPCG(7, 8)), 120)
	huge, _ := new(big.Int).SetString("340282366920938463463374607431768211507", 10) // past 2^128
	nat := func(x *big.Int) natural { return whole.FromBig(new(big.Int).Set(x)) }
	var xs []*big.Int
	xs = append(xs, new(big.Int))
	for _, w := range words {
		xs = append(xs, new(big.Int).SetUint64(w))
	}
	xs = append(xs, huge, new(big.Int).Lsh(big.NewInt(3), 64))
	for _, x := range xs {
		for _, y := range xs {
			if y.Sign() == 0 {
				continue
			}
			if got, want := ratioInto(new(big.Rat), nat(x), nat(y)), new(big.Rat).SetFrac(x, y); got.Cmp(want) != 0 || got.String() != want.String() {
				t.Fatalf("%s over %s = %s, want %s", x, y, got, want)
			}
		}
	}
	if got := ratioInto(new(big.Rat), natural{}, whole.Of(5)); got.Sign() != 0 || got.String() != "0/1" {
		t.Fatalf("0 over 5 = %s", got)
	}
}

// A probability as a float is the nearest float64, as big.Rat gives it,
// whether it is worked out from words or from the big.Rat.
func TestProbFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := append(someWords(r, 300), 1<<53-1, 1<<53, 1<<53-3)
	for _, a := range words {
		for _, b := range words {
			num, den := min(a, b), max(a, b)
			g := gcd(num, den)
			p := prob{num: word(num / g), den: word(den / g)}
			want, _ := new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).SetUint64(den)).Float64()
			if got := p.float(); got != want {
				t.Fatalf("%d/%d: %v, want %v", num, den, got, want)
			}
			// Past one word, and past 2^64 below 1.
			for _, sh := range []uint{20, 33, 64, 90} {
				q := probOf(new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).Lsh(new(big.Int).SetUint64(den|1), sh)))
				want, _ := q.ro().Float64()
				if got := q.float(); got != want {
					t.Fatalf("%s: %v, want %v", q.ro().RatString(), got, want)
				}
			}
		}
	}
}

// A running sum, added to in place, is the sum big.Int gives, through
// words and past them, with products added too.
func TestSumInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	words := someWords(r, 200)
	var s sum
	var scratch big.Int
	want := new(big.Int)
	for i, w := range words {
		x := whole.Of(w)
		if i%7 == 3 {
			// A number past words.
			b := new(big.Int).Lsh(new(big.Int).SetUint64(w), 70)
			x = whole.FromBig(b)
		}
		m := uint64(1 + i%5)
		v := scaled{n: x, big: true}
		if i%3 == 0 && i%7 != 3 {
			v = scaled{w: word(w)}
		}
		if i%2 == 0 {
			s.addMul(&v, m, &scratch)
			want.Add(want, new(big.Int).Mul(x.Big(), new(big.Int).SetUint64(m)))
		} else {
			s.add(&v, &scratch)
			want.Add(want, x.Big())
		}
		var c sum
		c.add(&scaled{w: word(w)}, &scratch)
		if got := c.value().Big(); got.Cmp(new(big.Int).SetUint64(w)) != 0 {
			t.Fatalf("%d: %s", w, got)
		}
	}
	if got := s.value().Big(); got.Cmp(want) != 0 {
		t.Fatalf("sum %s, want %s", got, want)
	}
}

// The arithmetic of two words is big.Int's, at the edges of one word and
// of two.
func TestU128IsBigInt(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	words := someWords(r, 40)
	var xs []u128
	for i, hi := range words {
		xs = append(xs, word(hi), u128{hi, words[(i*5+1)%len(words)]}, u128{hi >> 40, words[(i*3+2)%len(words)]})
	}
	xs = append(xs, u128{}, u128{math.MaxUint64, math.MaxUint64}, u128{1, 0}, u128{1 << 63, 0})
	// Products of die sizes, as the denominators of dice are, with large
	// common factors.
	for _, die := range []uint64{6, 10, 12, 20} {
		x := word(1)
		for range 80 {
			next, over := x.mul(word(die))
			if over {
				break
			}
			x = next
			if x.hi != 0 {
				xs = append(xs, x, x.shr(3), u128{x.hi, x.lo | 1})
			}
		}
	}
	big128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, a := range xs {
		ab := a.bigInto(new(big.Int))
		if back, ok := u128Of(ab); !ok || back != a {
			t.Fatalf("u128Of(%s) = %v, %v", ab, back, ok)
		}
		if a.natural().Big().Cmp(ab) != 0 {
			t.Fatalf("%v as a natural: %s", a, a.natural().Big())
		}
		for _, b := range xs {
			bb := b.bigInto(new(big.Int))
			what := ab.String() + " and " + bb.String()
			sum, carry := a.add(b)
			want := new(big.Int).Add(ab, bb)
			if carry != (want.Cmp(big128) >= 0) || !carry && sum.bigInto(new(big.Int)).Cmp(want) != 0 {
				t.Fatalf("the sum of %s: %v, %v", what, sum, carry)
			}
			prod, over := a.mul(b)
			want.Mul(ab, bb)
			if over != (want.Cmp(big128) >= 0) || !over && prod.bigInto(new(big.Int)).Cmp(want) != 0 {
				t.Fatalf("the product of %s: %v, %v", what, prod, over)
			}
			if a.cmp(b) != ab.Cmp(bb) {
				t.Fatalf("cmp %s", what)
			}
			if a.cmp(b) >= 0 && a.sub(b).bigInto(new(big.Int)).Cmp(want.Sub(ab, bb)) != 0 {
				t.Fatalf("the difference of %s", what)
			}
			if !b.isZero() && a.quo(b).bigInto(new(big.Int)).Cmp(want.Quo(ab, bb)) != 0 {
				t.Fatalf("the quotient of %s: %v", what, a.quo(b))
			}
			if f, ok := a.over(b); ok != (a.cmp(b) < 0 && b.bitLen() < 128) {
				t.Fatalf("%s over %s: %v", ab, bb, ok)
			} else if ok {
				if want, _ := new(big.Rat).SetFrac(ab, bb).Float64(); f != want {
					t.Fatalf("%s over %s: %v, want %v", ab, bb, f, want)
				}
			}
			g := new(big.Int).GCD(nil, nil, ab, bb)
			if a.isZero() || b.isZero() {
				g.Or(ab, bb)
			}
			if gcd128(a, b).bigInto(new(big.Int)).Cmp(g) != 0 {
				t.Fatalf("the GCD of %s: %v, want %s", what, gcd128(a, b), g)
			}
			if b.hi == 0 && b.lo != 0 {
				if r := a.rem(b.lo); new(big.Int).SetUint64(r).Cmp(want.Rem(ab, bb)) != 0 {
					t.Fatalf("the remainder of %s: %d", what, r)
				}
			}
		}
	}
}

// A tally is the sum of its terms, in its one form, however they are
// mixed: of the same dice, of dice among others', past words and back.
func TestTallyIsTheSum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ps, rs := someProbs(t, r, 150)
	// Terms of dice, some of whose denominators divide others'.
	for _, die := range []int64{6, 10, 20} {
		d := big.NewInt(1)
		for k := range 30 {
			d.Mul(d, big.NewInt(die))
			q := new(big.Rat).SetFrac(big.NewInt(int64(1+k%5)), d)
			ps, rs = append(ps, probOf(q)), append(rs, q)
		}
	}
	for start := range 40 {
		var s tally
		want := new(big.Rat)
		for n := range 60 + start {
			i := (start*31 + n*n*7) % len(ps)
			s.add(ps[i])
			want.Add(want, rs[i])
			wantProb(t, fmt.Sprintf("the tally from %d after %d terms", start, n+1), s.value(), want)
		}
	}
}
