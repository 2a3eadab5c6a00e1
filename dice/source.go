package dice

import (
	crand "crypto/rand"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// A Source produces die results. Roll returns a uniformly chosen integer in
// [1, sides]; sides must be at least 1.
//
// Sources are not safe for concurrent use; give each goroutine its own.
type Source interface {
	Roll(sides int) int
}

// PCG is a seeded pseudo-random Source: the same seed always gives the same
// rolls, on every platform. It is the permuted congruential generator of
// math/rand/v2 (128-bit state, DXSM output), so its raw stream equals
// rand.NewPCG's for the same seed. Its state is two integers (see State), so
// a simulation can be paused, saved as JSON and resumed.
type PCG struct {
	hi, lo uint64
}

// PCGState is the complete state of a PCG, suitable for saving.
type PCGState struct {
	Hi uint64 `json:"hi"`
	Lo uint64 `json:"lo"`
}

// NewPCG returns a PCG seeded with the two seed words.
func NewPCG(seed1, seed2 uint64) *PCG {
	return &PCG{hi: seed1, lo: seed2}
}

// Seeded returns a PCG for a single seed, as used by "--seed N" on the
// command line. Different seeds give unrelated streams.
func Seeded(seed uint64) *PCG {
	return NewPCG(seed, Mix(seed, 0x9e3779b97f4a7c15))
}

// Mix combines a seed with an index into a new, well-scrambled seed. Use it to
// derive independent per-fight or per-worker seeds from one run seed, so that
// results do not depend on how work is split.
func Mix(seed, index uint64) uint64 {
	// SplitMix64 finaliser over the sum; adequate to decorrelate PCG seeds.
	z := seed + (index+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// State returns the generator's state; Restore(State()) continues the stream
// exactly where it was.
func (p *PCG) State() PCGState { return PCGState{Hi: p.hi, Lo: p.lo} }

// Restore sets the generator's state to one previously returned by State.
func (p *PCG) Restore(s PCGState) { p.hi, p.lo = s.Hi, s.Lo }

// Uint64 returns the next raw 64-bit output of the generator.
func (p *PCG) Uint64() uint64 {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	// state = state*mul + inc (mod 2^128)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.lo, p.hi = lo, hi

	// DXSM output permutation.
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// Roll returns a uniform die result in [1, sides], by Lemire's
// multiply-and-reject method (the rare rejection out of line, the
// generator's step inlined, so that a die costs one call). It panics if
// sides < 1.
func (p *PCG) Roll(sides int) int {
	n := uint64(checkSides(sides))
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		return p.dieSlow(n, hi, lo)
	}
	return int(hi) + 1
}

// fill stores len(out) dice of the given size, exactly as len(out) calls of
// Roll would.
func (p *PCG) fill(sides int, out []int) {
	n := uint64(sides)
	for i := range out {
		hi, lo := bits.Mul64(p.Uint64(), n)
		if lo < n {
			out[i] = p.dieSlow(n, hi, lo)
			continue
		}
		out[i] = int(hi) + 1
	}
}

func (p *PCG) dieSlow(n, hi, lo uint64) int {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(p.Uint64(), n)
	}
	return int(hi) + 1
}

func checkSides(sides int) int {
	if sides < 1 {
		panic(fmt.Sprintf("dice: Roll(%d): a die needs at least 1 side", sides))
	}
	return sides
}

// Counted is a PCG that counts the dice drawn from it, for a tool that
// reports how many dice its work drew (fray sim's dice a fight). Its
// stream is the PCG's: Roll, and RollClasses given a *Counted, draw
// exactly as PCG.Roll does, and RollClasses calls it directly rather than
// through the Source interface.
type Counted struct {
	// PCG is the generator the dice are drawn from.
	PCG PCG
	// Drawn is how many dice have been drawn.
	Drawn int64
}

// Roll draws a die from the PCG and counts it. It panics if sides < 1.
func (c *Counted) Roll(sides int) int {
	c.Drawn++
	return c.PCG.Roll(sides)
}

// Crypto is an unpredictable Source for live tables: a ChaCha8 stream keyed
// from the operating system's secure random generator.
type Crypto struct {
	r *rand.Rand
}

// NewCrypto returns a Source seeded from crypto/rand.
func NewCrypto() *Crypto {
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // crypto/rand.Read never fails (it aborts the program instead).
	return &Crypto{r: rand.New(rand.NewChaCha8(seed))}
}

// Roll returns a uniform die result in [1, sides]. It panics if sides < 1.
func (c *Crypto) Roll(sides int) int {
	return c.r.IntN(checkSides(sides)) + 1
}

// A Draw is one die drawn from a Source: its size and the result, and
// whether a person rolled it at the table and entered it.
type Draw struct {
	Sides int `json:"sides"`
	Value int `json:"value"`
	// Hand is set for a die rolled by hand and typed in (drawn from a
	// Source made with ByHand), and unset for one the program drew.
	Hand bool `json:"hand,omitempty"`
}

// String formats a draw as "d10=7".
func (d Draw) String() string { return fmt.Sprintf("d%d=%d", d.Sides, d.Value) }

// Recorder wraps a Source and keeps every die drawn through it, in order, so
// that the dice behind a result can be shown or stored.
type Recorder struct {
	Source Source
	Draws  []Draw
}

// Roll draws from the wrapped Source and records the draw.
func (r *Recorder) Roll(sides int) int {
	v := r.Source.Roll(sides)
	r.Draws = append(r.Draws, Draw{Sides: sides, Value: v})
	return v
}

// Reset forgets the recorded draws, keeping the buffer for reuse.
func (r *Recorder) Reset() { r.Draws = r.Draws[:0] }

// Hand is a Source of dice that people roll at the table and type in,
// such as a Script of the results they entered: it draws from the Source
// it wraps, and says, through IsByHand, that its dice were rolled by hand,
// so that the record of a decision can tell them from dice the program
// drew.
type Hand struct {
	Source Source
}

// ByHand returns src as a Source of dice rolled by hand.
func ByHand(src Source) Hand { return Hand{Source: src} }

// Roll draws from the wrapped Source.
func (h Hand) Roll(sides int) int { return h.Source.Roll(sides) }

// IsByHand reports whether src gives dice rolled by hand (a Hand).
func IsByHand(src Source) bool {
	_, ok := src.(Hand)
	return ok
}
