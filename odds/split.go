package odds

import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"fray/dice"
)

// A decision too big for the budget, split by its dice. A single decision
// can be bigger than the whole of an option's share (a tempo contest read
// in full, some thousands of dice paths). Enumerated whole, it fitted or
// was thrown away when the budget ran out in its middle. In a computation
// on one worker that falls back (Options.Fallback, as every option of
// Calculator.All), the paths it ran are kept instead: they are exact, and
// run in order (odometer fashion), so that what was not run is a few
// subtrees, each given by the classes of its first dice. Where the last
// path ran stood at the class c of a die, the later classes of that die
// (after the dice before it, as the path had them) were not run, and so
// for every die of the path. Each of those becomes a choice of its own,
// the same command with its first dice fixed (fixedDraw) and their
// probability: the decision split by its dice, as dice.EnumerateParallel
// splits it among workers by its first die. They are resolved like any
// other choice while the budget lasts, the likelier first, a part too big
// split again the same way, and what the budget does not reach is left to
// the frontier with its dice fixed and estimated from there (frontier.go).
// So the part of a decision that fits is exact, and only the rest is
// estimated. The parts' probabilities must add up to what the enumeration
// reports unexplored, exactly; when they do not (or a pool was drawn die
// by die, its dice unseen), the paths run are thrown away, as on several
// workers, where the order the paths run in is not fixed.
//
// A decision probed far past the budget (tooBig) is not begun: it is left
// to the frontier whole, and the other decisions are resolved without it
// (proceed).

// fixedDraw is one class of a die, or of a pool drawn whole, that a
// split choice's dice paths take as given rather than draw.
type fixedDraw struct {
	// sides and classes are the die as the rules drew it, lo to hi the
	// class; or pool, spec and i the pool drawn whole and its class.
	sides   int
	classes dice.Classes
	lo, hi  int
	pool    *dice.PoolDist
	spec    dice.Pool
	i       int
}

// errSplit tells the caller of resolve that the budget ran out in the
// middle of the decision: the paths run are filed, and the rest is
// k.splits's choices, to put in its place.
var errSplit = errors.New("odds: the decision is split by its first dice")

// errDrewOther stops a path of a split decision that drew other dice
// than the split found: a ruleset that is not deterministic.
var errDrewOther = errors.New("odds: the decision drew other dice than when it was split by them")

// fixedSource is the source of a split choice's paths: its first dice
// are the choice's fixed classes, the rest drawn from src.
type fixedSource struct {
	src   dice.Source
	first []fixedDraw
	pos   int
	every bool
	// wrong is set when a die drawn is not the one fixed.
	wrong bool
}

// on makes f the source of a path of the choice with fixed dice first,
// drawing the rest from src.
func (f *fixedSource) on(src dice.Source, first []fixedDraw) *fixedSource {
	f.src, f.first, f.pos, f.wrong = src, first, 0, false
	return f
}

// Roll draws a die read in full.
func (f *fixedSource) Roll(sides int) int { return f.RollClasses(sides, dice.EveryValue) }

// RollClasses gives the next fixed die's class (its first value), or
// draws from src once they are all given.
func (f *fixedSource) RollClasses(sides int, c dice.Classes) int {
	if f.pos < len(f.first) {
		d := &f.first[f.pos]
		f.pos++
		if f.every {
			c = dice.EveryValue
		}
		if d.pool != nil || d.sides != sides || d.classes != c {
			f.wrong = true
			return 1
		}
		return d.lo
	}
	return dice.RollClasses(f.src, sides, c)
}

// RollPool gives the next fixed pool's class (its faces), or draws from
// src once the fixed dice are all given.
func (f *fixedSource) RollPool(p dice.Pool, out []int) []int {
	if f.pos < len(f.first) {
		d := &f.first[f.pos]
		f.pos++
		if d.pool == nil || d.spec != p {
			f.wrong = true
			out, _ = dice.RollPool(f.src, p, out)
			return out
		}
		return append(out, d.pool.Faces(d.i)...)
	}
	out, _ = dice.RollPool(f.src, p, out)
	return out
}

// appendFixed writes a choice's fixed dice into a key.
func appendFixed(b []byte, first []fixedDraw) []byte {
	for _, d := range first {
		b = append(b, '#')
		if d.pool != nil {
			b = append(b, 'p')
			b = strconv.AppendInt(b, int64(d.i), 10)
			continue
		}
		b = strconv.AppendInt(b, int64(d.sides), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(d.lo), 10)
	}
	return b
}

// drewOther is the error of a path of choice ch whose dice were not those
// fixed.
func (k *calc[S, C, E]) drewOther(ch choice[C]) error {
	return fmt.Errorf("%s's %q: %w", ch.who, k.g.FormatCommand(ch.cmd), errDrewOther)
}

// trail records the dice a path draws from the enumeration's source:
// after an enumeration that ran out of its budget, those of the last
// path run, which say where it stopped.
type trail struct {
	src   dice.Source
	draws []trailDraw
	faces []int // the faces of the pools drawn whole, in order
	every bool
	pools *dice.PoolCache
	// opaque is set when a pool was drawn die by die: its dice are not
	// seen here.
	opaque bool
}

// trailDraw is a die drawn, or a pool drawn whole, and the class the path
// took: known is false when the enumeration stopped the path there.
type trailDraw struct {
	fixedDraw
	faces, nfaces int // where the pool's faces are in trail.faces
	known         bool
}

// on makes t the source of a new path drawing from src.
func (t *trail) on(src dice.Source) *trail {
	t.src, t.draws, t.faces, t.opaque = src, t.draws[:0], t.faces[:0], false
	return t
}

func (t *trail) Roll(sides int) int { return t.RollClasses(sides, dice.EveryValue) }

func (t *trail) RollClasses(sides int, c dice.Classes) int {
	if t.every {
		c = dice.EveryValue
	}
	t.draws = append(t.draws, trailDraw{fixedDraw: fixedDraw{sides: sides, classes: c}})
	v := dice.RollClasses(t.src, sides, c)
	d := &t.draws[len(t.draws)-1]
	d.lo, d.hi, d.known = v, classEnd(c, sides, v), true
	return v
}

func (t *trail) RollPool(p dice.Pool, out []int) []int {
	var dist *dice.PoolDist
	if !t.every {
		dist = t.pools.Dist(p)
	}
	if dist == nil {
		t.opaque = true
		out, _ = dice.RollPool(t.src, p, out)
		return out
	}
	t.draws = append(t.draws, trailDraw{fixedDraw: fixedDraw{pool: dist, spec: p}})
	start := len(out)
	out, _ = dice.RollPool(t.src, p, out)
	d := &t.draws[len(t.draws)-1]
	d.faces, d.nfaces, d.known = len(t.faces), len(out)-start, true
	t.faces = append(t.faces, out[start:]...)
	return out
}

// classEnd returns the last value of the class of c that value lo of a
// die of the given sides starts.
func classEnd(c dice.Classes, sides, lo int) int {
	hi := lo
	for hi < sides && !startsClass(c, sides, hi+1) {
		hi++
	}
	return hi
}

// startsClass reports whether value v (2 or more) of a die of the given
// sides starts a class of c (dice.Classes); every value does on a die
// too big to divide.
func startsClass(c dice.Classes, sides, v int) bool {
	return sides > 63 || c&(1<<uint(v)) != 0
}

// classP returns the probability of the class of fixed die d.
func classP(d fixedDraw) prob {
	if d.pool != nil {
		return own(d.pool.P(d.i))
	}
	return own(big.NewRat(int64(d.hi-d.lo+1), int64(d.sides)))
}

// rest returns the choices that the paths of ch not run make, when its
// enumeration ran out of its budget after the path t recorded, the
// likelier first, and the probability (given ch) of the chains of a pool
// not followed among them, which are cut as the enumeration cuts them;
// maxDraws is the most dice the enumeration let a path draw. False when
// they cannot be told: a pool drawn die by die, or parts whose
// probabilities do not add up to unexplored, the probability (given ch)
// the enumeration did not run.
func (k *calc[S, C, E]) rest(ch choice[C], t *trail, maxDraws int, unexplored *big.Rat) (parts []choice[C], cut prob, ok bool) {
	if t.opaque || len(t.draws) == 0 {
		return nil, prob{}, false
	}
	draws := t.draws
	if last := &draws[len(draws)-1]; !last.known {
		switch {
		case len(draws) > maxDraws || last.pool == nil:
			// Cut before it was drawn: not on the path.
			draws = draws[:len(draws)-1]
		default:
			// The chains a pool does not follow, its last class.
			last.i, last.known = last.pool.Len()-1, true
		}
	}
	path := make([]fixedDraw, len(draws))
	for j := range draws {
		d := &draws[j]
		if d.pool != nil && d.nfaces > 0 {
			faces := t.faces[d.faces : d.faces+d.nfaces]
			d.i = -1
			for i := range d.pool.Len() {
				if slices.Equal(d.pool.Faces(i), faces) {
					d.i = i
					break
				}
			}
			if d.i < 0 {
				return nil, prob{}, false
			}
		}
		path[j] = d.fixedDraw
	}
	var sum prob
	before := certain() // the probability of the path's dice before the j-th
	for j, d := range path {
		next := func(d fixedDraw) (fixedDraw, bool) {
			if d.pool != nil {
				d.i++
				return d, d.i < d.pool.Len()
			}
			if d.hi >= d.sides {
				return d, false
			}
			d.lo = d.hi + 1
			d.hi = classEnd(d.classes, d.sides, d.lo)
			return d, true
		}
		for c, ok := next(d); ok; c, ok = next(c) {
			p := before.mul(classP(c))
			sum = sum.add(p)
			if c.pool != nil && c.pool.Cut(c.i) {
				cut = cut.add(p)
				continue
			}
			first := make([]fixedDraw, 0, len(ch.first)+j+1)
			first = append(append(append(first, ch.first...), path[:j]...), c)
			parts = append(parts, choice[C]{who: ch.who, cmd: ch.cmd, p: ch.p.mul(p), first: first})
		}
		before = before.mul(classP(d))
	}
	if sum.rat().Cmp(unexplored) != 0 {
		return nil, prob{}, false
	}
	slices.SortStableFunc(parts, func(a, b choice[C]) int { return cmp.Compare(b.p.float(), a.p.float()) })
	return parts, cut, true
}
