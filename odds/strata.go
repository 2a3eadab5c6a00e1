package odds

import (
	"fray/dice"
)

// Stratified resolutions. An estimate's resolutions are not drawn
// independently: each block of stratumBlock of them takes one position
// from each of stratumBlock equal stretches of [0, 1), in a seeded
// random order, and the position picks the start of the resolution
// (picker.at) and then its first dice (stratSource). Every position is
// still uniform over [0, 1), so the frequencies are as unbiased as with
// independent draws; but a block meets the starts and the first dice in
// their proportions, give or take one, so that a figure decided mostly
// there (a hit, by a frontier's situations or by the attack roll) varies
// far less from block to block. Its variance is estimated from pairs of
// neighbouring stretches (the collapsed strata estimator, which can only
// overstate it), and the interval of the figure is the Wilson interval
// over as many independent resolutions as that variance is worth
// (effective), never fewer than were played and never more than
// maxGain times as many.
const (
	// stratumBlock is how many resolutions share out [0, 1) between
	// them: an even number, and a divisor of the resolutions after which
	// an estimate looks at its intervals (partSamples, 200), so that
	// every look sees whole blocks.
	stratumBlock = 50
	// stratifiedDice is how many of a resolution's first dice are drawn
	// from its position rather than from the seeded stream.
	stratifiedDice = 3
	// maxGain bounds how many independent resolutions one stratified
	// resolution may count for: the variance is itself estimated, from
	// few pairs when the block is young.
	maxGain = 8
)

// belowOne is the largest float64 below 1 (math.Nextafter(1, 0)), the
// most a position in [0, 1) may be.
const belowOne = 1 - 0x1p-53

// dealer deals the positions of one block's resolutions: one from each
// stretch of [0, 1), in an order drawn from its own seeded stream, so that
// every block is dealt alike whichever goroutine plays it.
type dealer struct {
	src   *dice.PCG
	order [stratumBlock]int
	i     int
}

// newDealer returns the dealer of a block whose order and positions are
// drawn from src.
func newDealer(src *dice.PCG) *dealer {
	d := &dealer{src: src}
	for j := range d.order {
		d.order[j] = j
	}
	for j := stratumBlock - 1; j > 0; j-- {
		k := src.Roll(j+1) - 1
		d.order[j], d.order[k] = d.order[k], d.order[j]
	}
	return d
}

// next returns the stretch of the block's next resolution and its
// position in [0, 1).
func (d *dealer) next() (int, float64) {
	at := d.order[d.i]
	d.i++
	u := (float64(at) + float64(d.src.Uint64()>>11)/(1<<53)) / stratumBlock
	return at, min(u, belowOne)
}

// strata keeps what the variances of the headline figures are estimated
// from, block by block, as the resolutions are filed in order.
type strata struct {
	// figures is how many figures are followed (the chance to hit, and
	// each combatant's to go down); seen[s*figures+f] is figure f of the
	// resolution of stretch s of the current block, and done[s] whether
	// it has been played.
	figures int
	seen    []bool
	done    [stratumBlock]bool
	// pairs is how many pairs of neighbouring stretches (2j, 2j+1) have
	// both been played; apart[f] how many of them differ in figure f.
	pairs int
	apart []int
	// stretches is the stretch of every resolution filed, in order, and
	// starts where each block begins among them (a block cut short by
	// the clock holds fewer than stratumBlock).
	stretches []uint8
	starts    []int
}

// newStrata returns the strata of an estimate following figures
// headline figures.
func newStrata(figures int) *strata {
	return &strata{figures: figures, seen: make([]bool, stratumBlock*figures), apart: make([]int, figures)}
}

// block begins a new block of resolutions.
func (s *strata) block() {
	clear(s.done[:])
	s.starts = append(s.starts, len(s.stretches))
}

// record files the headline figures of the next resolution of the
// current block, of stretch at: whether it hit, and whether each
// combatant went down (downs, nil when none did: a resolution left out).
func (s *strata) record(at int, hit bool, downs []bool) {
	s.stretches = append(s.stretches, uint8(at))
	row := s.seen[at*s.figures : (at+1)*s.figures]
	row[0] = hit
	if downs == nil {
		clear(row[1:])
	} else {
		copy(row[1:], downs)
	}
	s.done[at] = true
	other := at ^ 1
	if !s.done[other] {
		return
	}
	s.pairs++
	mate := s.seen[other*s.figures : (other+1)*s.figures]
	for f := range row {
		if row[f] != mate[f] {
			s.apart[f]++
		}
	}
}

// effective returns how many independent resolutions the frequency
// count/n of figure f is worth. Over a pair of neighbouring stretches,
// (y1 - y2)^2 overstates on average the sum of the two resolutions'
// variances; a resolution not paired yet (a block cut short) is taken
// to vary as much as an independent one. The frequency's variance is
// their sum over n^2, and the resolutions it is worth the frequency's
// own variance over that.
func (s *strata) effective(f, count, n int) float64 {
	return worth(n, count, s.pairs, s.apart[f])
}

// worth returns how many independent resolutions a frequency count/n is
// worth, when pairs of its resolutions were paired and apart of them
// differ (see strata.effective).
func worth(n, count, pairs, apart int) float64 {
	nf := float64(n)
	p := float64(count) / nf
	iid := p * (1 - p)
	if iid <= 0 {
		return nf
	}
	sum := float64(apart) + float64(n-2*pairs)*iid
	if sum <= 0 {
		return maxGain * nf
	}
	return min(max(nf*nf*iid/sum, nf), maxGain*nf)
}

// worthAll returns how many independent resolutions the frequency of
// each of figures figures is worth (see strata.effective), over the
// resolutions played: finalOf[i] is the outcome resolution i reached
// (-1 for none), and has[o] the figures true of outcome o, in increasing
// order.
func (s *strata) worthAll(finalOf []int32, has [][]int32, figures int) []float64 {
	n := len(finalOf)
	count := make([]int, figures)
	apart := make([]int, figures)
	pairs := 0
	var none []int32
	of := func(o int32) []int32 {
		if o < 0 {
			return none
		}
		return has[o]
	}
	// How many resolutions reached each outcome, then each figure's
	// count from its outcomes': an outcome's figures are read once, not
	// once a resolution.
	reached := make([]int, len(has))
	for k, b := range s.starts {
		end := n
		if k+1 < len(s.starts) {
			end = s.starts[k+1]
		}
		var at [stratumBlock]int // 1 + the resolution of each stretch
		for i := b; i < end; i++ {
			at[s.stretches[i]] = i + 1
			if o := finalOf[i]; o >= 0 {
				reached[o]++
			}
		}
		for j := 0; j < stratumBlock; j += 2 {
			if at[j] == 0 || at[j+1] == 0 {
				continue
			}
			pairs++
			o1, o2 := finalOf[at[j]-1], finalOf[at[j+1]-1]
			if o1 == o2 {
				continue // the same outcome: no figure differs
			}
			// The figures true of one of the pair and not the other.
			x, y := of(o1), of(o2)
			for len(x) > 0 || len(y) > 0 {
				switch {
				case len(y) == 0 || len(x) > 0 && x[0] < y[0]:
					apart[x[0]]++
					x = x[1:]
				case len(x) == 0 || y[0] < x[0]:
					apart[y[0]]++
					y = y[1:]
				default:
					x, y = x[1:], y[1:]
				}
			}
		}
	}
	for o, r := range reached {
		for _, f := range has[o] {
			count[f] += r
		}
	}
	out := make([]float64, figures)
	for f := range out {
		out[f] = worth(n, count[f], pairs, apart[f])
	}
	return out
}

// stratSource is the dice source of a resolution: its first
// stratifiedDice dice are drawn from the resolution's position, each
// value of a die taking an equal stretch of it and what is left of the
// position within that stretch going to the next die; the rest come from
// the seeded stream.
type stratSource struct {
	src  dice.Source
	pos  float64
	left int
	// grain is how finely pos is known: a float64's precision over the
	// width of the stretch it was scaled up from, and times the sides of
	// every die drawn from it since.
	grain float64
}

// on makes s the source of a resolution at position pos in [0, 1), pos
// having been scaled up from a stretch of [0, 1) of the given width,
// drawing from src past its first dice.
func (s *stratSource) on(src dice.Source, pos, width float64) {
	s.src, s.pos, s.left = src, pos, stratifiedDice
	s.grain = 0x1p-52 / stratumBlock / max(width, 0x1p-1000)
}

// Roll draws a die, from the position while it has dice left to give
// and is known finely enough to give it evenly.
func (s *stratSource) Roll(sides int) int {
	if s.left == 0 || sides <= 1 || s.grain*float64(sides) > 1e-9 {
		return s.src.Roll(sides)
	}
	s.left--
	s.grain *= float64(sides)
	x := s.pos * float64(sides)
	d := min(int(x), sides-1)
	s.pos = min(max(x-float64(d), 0), belowOne)
	return d + 1
}
