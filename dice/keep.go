package dice

import (
	"math/big"
	"math/bits"
)

// keepOf returns the distribution of the sum of the k highest (or lowest) of
// n independent results of die, 1 <= k <= n. The die may be an exploding
// one followed to a finite depth: its weights then cover less than its
// total, and so do the result's, by exactly the rolls in which some die's
// chain went deeper.
//
// It walks the die's faces from the best (highest when keeping high) to the
// worst, never listing rolls. The state is how many dice a < k have been
// given a face so far and the sum s of their faces; all of them are kept.
// At face f with weight w, and B the weight of all the faces still to come:
//
//   - c more dice take f, with a+c < k: C(n-a, c)·w^c ways, to state
//     (a+c, s+c·f);
//   - c >= k-a more dice take f: then the kept sum is s+(k-a)·f whatever
//     the other dice show, as long as they show a worse face, and that
//     happens in T(a) = sum over c of C(n-a, c)·w^c·B^(n-a-c) ways, all
//     added to the result at once.
//
// So the work is about faces·k·(k·span)·k/6 multiply-adds, where the
// earlier program that carried every die to the end took faces·n²·k·span/2.
// When the total weight fits in 64 bits, so does every weight, and
// keepOf64 does it all in machine words. Otherwise weights are kept as
// fixed-width little-endian arrays of 64-bit words, wide enough for the
// total weight, and multiplied in place, so that the inner loops do not
// allocate.
func keepOf(die *Dist, n, k int, high bool) *Dist {
	if k >= 1 && k <= n {
		if d, ok := keepOf64(die, n, k, high); ok {
			return d
		}
	}
	return keepOfWide(die, n, k, high)
}

// keepOfWide is keepOf in arrays of words.
func keepOfWide(die *Dist, n, k int, high bool) *Dist {
	total := new(big.Int).Exp(die.total.BigRO(), big.NewInt(int64(n)), nil)
	if k <= 0 || k > n {
		// Not reached from a parsed expression; keeping none sums to 0.
		cov := new(big.Int).Exp(die.covered().BigRO(), big.NewInt(int64(n)), nil)
		return (&Dist{counts: []count{fromBig(cov)}, total: fromBig(total)}).trim()
	}
	span := len(die.counts) - 1
	faces := bestFirst(die, high)
	// rest[i] is the weight of the faces after faces[i] in that order.
	rest := make([]big.Int, len(faces))
	var w big.Int
	for i := len(faces) - 2; i >= 0; i-- {
		rest[i].Add(&rest[i+1], die.counts[faces[i+1]].BigIn(&w))
	}

	// Every number the program stores or forms is at most the total: each
	// counts distinct rolls, or distinct partial rolls that extend to
	// distinct rolls (the faces still to come have weight >= 1). One more
	// word is slack.
	wd := len(natOf(nil, total)) + 1
	dp := make([][]uint64, k) // dp[a][s*wd:(s+1)*wd] is the weight of (a, s)
	lo := make([]int, k)      // the states (a, s) of weight > 0 have s in lo[a]..hi[a]
	hi := make([]int, k)
	for a := range dp {
		dp[a] = make([]uint64, (a*span+1)*wd)
		lo[a], hi[a] = 1, 0
	}
	dp[0][0], lo[0], hi[0] = 1, 0, 0
	out := make([]uint64, (k*span+1)*wd)

	co := newKeepCoefs(n, k)
	for i, f := range faces {
		last := i == len(faces)-1
		co.face(die.counts[f].BigIn(&w), &rest[i], !last)
		// From the most placed dice down: dp[a] has fed its successors
		// before anything placed at this face is added to it.
		for a := k - 1; a >= 0; a-- {
			if lo[a] > hi[a] {
				continue
			}
			fin := co.fin[a]
			for s := lo[a]; s <= hi[a]; s++ {
				x := trimNat(dp[a][s*wd : (s+1)*wd])
				if len(x) == 0 {
					continue
				}
				at := (s + (k-a)*f) * wd
				mulAddNat(out[at:at+wd:at+wd], x, fin)
				if last {
					continue
				}
				for c := 1; a+c < k; c++ {
					at := (s + c*f) * wd
					mulAddNat(dp[a+c][at:at+wd:at+wd], x, co.in[a][c])
				}
			}
			if !last {
				for c := 1; a+c < k; c++ {
					l, h := lo[a]+c*f, hi[a]+c*f
					if lo[a+c] <= hi[a+c] {
						l, h = min(l, lo[a+c]), max(h, hi[a+c])
					}
					lo[a+c], hi[a+c] = l, h
				}
			}
		}
	}

	// The weights beyond 64 bits share one array of big.Ints and one of
	// words, so that the result costs a few allocations, not two a weight.
	counts := make([]count, k*span+1)
	wide, nw := 0, 0
	for s := range counts {
		if x := trimNat(out[s*wd : (s+1)*wd]); len(x) > 1 {
			wide++
			nw += len(x) * (64 / bits.UintSize)
		}
	}
	ints := make([]big.Int, wide)
	ws := make([]big.Word, 0, nw)
	for s := range counts {
		x := trimNat(out[s*wd : (s+1)*wd])
		switch len(x) {
		case 0:
		case 1:
			counts[s] = small(x[0])
		default:
			from := len(ws)
			ws = appendWords(ws, x)
			b := &ints[len(ints)-wide]
			wide--
			counts[s] = fromBig(b.SetBits(ws[from:len(ws):len(ws)]))
		}
	}
	d := &Dist{min: k * die.min, counts: counts, total: fromBig(total)}
	return d.trim()
}

// bestFirst lists the indices of die's faces of weight > 0, the best first:
// the highest when keeping high.
func bestFirst(die *Dist, high bool) []int {
	faces := make([]int, 0, len(die.counts))
	for i, c := range die.counts {
		if !c.IsZero() {
			faces = append(faces, i)
		}
	}
	if high {
		for i, j := 0, len(faces)-1; i < j; i, j = i+1, j-1 {
			faces[i], faces[j] = faces[j], faces[i]
		}
	}
	return faces
}

// pascal holds C(m, j) for m < 64, all of which fit in 64 bits.
var pascal = func() (t [64][64]uint64) {
	for m := range t {
		t[m][0] = 1
		for j := 1; j <= m; j++ {
			t[m][j] = t[m-1][j-1] + t[m-1][j]
		}
	}
	return t
}()

// keepOf64 is keepOf in 64-bit words, for n < 64 dice whose total weight
// fits in 64 bits. Then every weight it forms fits too, as each counts
// distinct rolls; it still checks every step, and reports false, having
// given up, should one overflow.
func keepOf64(die *Dist, n, k int, high bool) (*Dist, bool) {
	dieTotal, fits := die.total.Uint64()
	if n >= 64 || !fits {
		return nil, false
	}
	total := uint64(1)
	for range n {
		hi, lo := bits.Mul64(total, dieTotal)
		if hi != 0 {
			return nil, false
		}
		total = lo
	}
	for _, c := range die.counts {
		if _, fits := c.Uint64(); !fits {
			return nil, false
		}
	}
	// word is face f's count, which fits: checked above.
	word := func(f int) uint64 { w, _ := die.counts[f].Uint64(); return w }
	span := len(die.counts) - 1
	faces := bestFirst(die, high)
	var rest uint64 // the weight of the faces after the current one
	for _, f := range faces[1:] {
		rest += word(f)
	}
	dp := make([][]uint64, k)
	lo := make([]int, k)
	hi := make([]int, k)
	for a := range dp {
		dp[a] = make([]uint64, a*span+1)
		lo[a], hi[a] = 1, 0
	}
	dp[0][0], lo[0], hi[0] = 1, 0, 0
	out := make([]uint64, k*span+1)
	var pw, pb [64]uint64
	fin := make([]uint64, k)
	in := make([]uint64, k*k) // in[a*k+c]
	var over uint64           // the high words and carries of every step: zero unless one overflowed
	for i, f := range faces {
		w := word(f)
		if i > 0 {
			rest -= w
		}
		last := i == len(faces)-1
		pw[0], pb[0] = 1, 1
		for e := 1; e <= n; e++ {
			var h1, h2 uint64
			h1, pw[e] = bits.Mul64(pw[e-1], w)
			h2, pb[e] = bits.Mul64(pb[e-1], rest)
			over |= h1 | h2
		}
		for a := range k {
			m := n - a
			var sum uint64
			for c := k - a; c <= m; c++ {
				h1, t := bits.Mul64(pascal[m][c], pw[c])
				h2, t := bits.Mul64(t, pb[m-c])
				var carry uint64
				sum, carry = bits.Add64(sum, t, 0)
				over |= h1 | h2 | carry
			}
			fin[a] = sum
			if !last {
				for c := 1; a+c < k; c++ {
					var h uint64
					h, in[a*k+c] = bits.Mul64(pascal[m][c], pw[c])
					over |= h
				}
			}
		}
		if over != 0 {
			return nil, false
		}
		for a := k - 1; a >= 0; a-- {
			if lo[a] > hi[a] {
				continue
			}
			for s := lo[a]; s <= hi[a]; s++ {
				x := dp[a][s]
				if x == 0 {
					continue
				}
				h, t := bits.Mul64(x, fin[a])
				var carry uint64
				out[s+(k-a)*f], carry = bits.Add64(out[s+(k-a)*f], t, 0)
				over |= h | carry
				if last {
					continue
				}
				for c := 1; a+c < k; c++ {
					h, t := bits.Mul64(x, in[a*k+c])
					cell := &dp[a+c][s+c*f]
					*cell, carry = bits.Add64(*cell, t, 0)
					over |= h | carry
				}
			}
			if !last {
				for c := 1; a+c < k; c++ {
					l, h := lo[a]+c*f, hi[a]+c*f
					if lo[a+c] <= hi[a+c] {
						l, h = min(l, lo[a+c]), max(h, hi[a+c])
					}
					lo[a+c], hi[a+c] = l, h
				}
			}
		}
		if over != 0 {
			return nil, false
		}
	}
	counts := make([]count, len(out))
	for s, v := range out {
		counts[s] = small(v)
	}
	return (&Dist{min: k * die.min, counts: counts, total: small(total)}).trim(), true
}

// keepCoefs computes, face by face, the weights keepOf multiplies by.
type keepCoefs struct {
	n, k int
	// binom[a][j] is C(n-a, j) for j < k: only those are needed, below.
	binom [][]big.Int
	// fin[a] is T(a), the ways for the n-a dice left to put at least k-a
	// on the face and the rest below it; in[a][c] is C(n-a, c)·w^c, for
	// a+c < k. As natural numbers, reused from face to face.
	fin [][]uint64
	in  [][][]uint64
	// scratch
	pw, pb, pa   powers1
	sum, t, sum2 big.Int
	wb           big.Int
}

func newKeepCoefs(n, k int) *keepCoefs {
	co := &keepCoefs{n: n, k: k, binom: make([][]big.Int, k), fin: make([][]uint64, k), in: make([][][]uint64, k)}
	for a := range k {
		m := n - a
		row := make([]big.Int, min(k, m+1))
		row[0].SetInt64(1)
		for j := 1; j < len(row); j++ {
			row[j].Mul(&row[j-1], big.NewInt(int64(m-j+1)))
			row[j].Quo(&row[j], big.NewInt(int64(j)))
		}
		co.binom[a] = row
		co.in[a] = make([][]uint64, k-a)
	}
	return co
}

// direct reports whether T(a) is best summed term by term, over the n-k+1
// ways to put c >= k-a dice on the face, rather than as (w+B)^(n-a) less
// the k-a ways to put fewer there. Either way the binomials needed are
// C(n-a, j) for j < k-a.
func (co *keepCoefs) direct(a int) bool { return co.n-co.k+1 <= co.k-a }

// face computes fin and, when inner, in for a face of weight w with the
// faces after it weighing b.
func (co *keepCoefs) face(w, b *big.Int, inner bool) {
	n, k := co.n, co.k
	// Powers of w, b and a = w+b, each over the exponents some T(a) or
	// in[a][c] uses: with any direct T, n < 2k and every power is cheap.
	if co.direct(0) {
		co.pw.fill(w, 0, n)
		co.pb.fill(b, 0, n)
	} else {
		co.pw.fill(w, 0, k-1)
		co.pb.fill(b, n-k+1, n)
	}
	if !co.direct(k - 1) {
		co.wb.Add(w, b)
		co.pa.fill(&co.wb, n-k+1, n)
	}
	for a := range k {
		m, t := n-a, k-a
		co.sum.SetInt64(0)
		r := &co.sum
		if co.direct(a) {
			for c := t; c <= m; c++ {
				// C(m, c) = C(m, m-c), and m-c <= n-k < t.
				co.t.Mul(&co.binom[a][m-c], co.pw.at(c))
				co.sum.Add(&co.sum, co.t.Mul(&co.t, co.pb.at(m-c)))
			}
		} else {
			for c := range t {
				co.t.Mul(&co.binom[a][c], co.pw.at(c))
				co.sum.Add(&co.sum, co.t.Mul(&co.t, co.pb.at(m-c)))
			}
			r = co.sum2.Sub(co.pa.at(m), &co.sum)
		}
		co.fin[a] = natOf(co.fin[a][:0], r)
		if !inner {
			continue
		}
		for c := 1; a+c < k; c++ {
			co.t.Mul(&co.binom[a][c], co.pw.at(c))
			co.in[a][c] = natOf(co.in[a][c][:0], &co.t)
		}
	}
}

// powers1 holds x^lo ... x^hi, reusing its big.Ints.
type powers1 struct {
	lo int
	p  []big.Int
}

func (p *powers1) fill(x *big.Int, lo, hi int) {
	p.lo = lo
	if cap(p.p) < hi-lo+1 {
		p.p = make([]big.Int, hi-lo+1)
	}
	p.p = p.p[:hi-lo+1]
	p.p[0].Exp(x, big.NewInt(int64(lo)), nil)
	for i := 1; i < len(p.p); i++ {
		p.p[i].Mul(&p.p[i-1], x)
	}
}

func (p *powers1) at(e int) *big.Int { return &p.p[e-p.lo] }

// natOf appends x's magnitude to dst as little-endian 64-bit words, with no
// leading zero word.
func natOf(dst []uint64, x *big.Int) []uint64 {
	ws := x.Bits()
	if bits.UintSize == 64 {
		for _, w := range ws {
			dst = append(dst, uint64(w))
		}
		return dst
	}
	for i := 0; i < len(ws); i += 2 {
		v := uint64(ws[i])
		if i+1 < len(ws) {
			v |= uint64(ws[i+1]) << 32
		}
		dst = append(dst, v)
	}
	return trimNat(dst)
}

// appendWords appends the natural number x to dst as big.Words, least
// significant first.
func appendWords(dst []big.Word, x []uint64) []big.Word {
	for _, v := range x {
		if bits.UintSize == 64 {
			dst = append(dst, big.Word(v))
		} else {
			dst = append(dst, big.Word(v&(1<<32-1)), big.Word(v>>32))
		}
	}
	return dst
}

// trimNat drops x's leading zero words.
func trimNat(x []uint64) []uint64 {
	n := len(x)
	for n > 0 && x[n-1] == 0 {
		n--
	}
	return x[:n]
}

// mulAddNat adds x·y to z. x and y have no leading zero word, and z must
// be long enough for the sum: keepOf sizes every z for the total weight,
// which no sum it forms exceeds.
func mulAddNat(z, x, y []uint64) {
	for i, yi := range y {
		if yi == 0 {
			continue
		}
		zi := z[i:]
		var carry uint64
		for j, xj := range x {
			h, l := bits.Mul64(xj, yi)
			var c uint64
			l, c = bits.Add64(l, carry, 0)
			h += c
			zi[j], c = bits.Add64(zi[j], l, 0)
			carry = h + c
		}
		for j := len(x); carry != 0; j++ {
			zi[j], carry = bits.Add64(zi[j], carry, 0)
		}
	}
}
