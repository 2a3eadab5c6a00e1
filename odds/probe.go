package odds

import (
	"hash/fnv"
	"math/bits"

	"fray/dice"
	"fray/engine"
)

// Probing the size of a decision's dice tree before enumerating it: a
// decision whose tree is far bigger than the budget would spend the whole
// budget and then be estimated anyway, so a computation that falls back
// (Options.Fallback) estimates it at once. The size is Knuth's estimate:
// follow one random path, a class of each die chosen with equal chance,
// and multiply the numbers of classes met; its mean over random paths is
// the number of paths. The mean of a few random paths is rough, so a
// decision is given up only when it is several times the budget.

// The probe's sizes.
const (
	// probes is how many random paths are followed.
	probes = 15
	// probeMargin is how many times the budget the median must be to give
	// the decision up before enumerating it.
	probeMargin = 4
)

// probeSource is a dice source that follows one random path through a
// decision's classes, counting their product.
type probeSource struct {
	pcg   *dice.PCG
	size  float64
	draws int
	max   int
	every bool
	pools *dice.PoolCache
}

// probeCut stops a probe that draws more dice than a path may.
type probeCut struct{}

func (p *probeSource) Roll(sides int) int { return p.RollClasses(sides, dice.EveryValue) }

// RollClasses picks one of the die's classes with equal chance and
// returns its first value.
func (p *probeSource) RollClasses(sides int, c dice.Classes) int {
	p.draws++
	if p.draws > p.max {
		panic(probeCut{})
	}
	if p.every || sides > 63 {
		c = dice.EveryValue
	}
	// The classes start at 1 and at every value v from 2 to sides whose
	// bit is set (dice.Classes), and at every value past 63.
	top := min(sides, 63)
	mask := c &^ 3 // the bits of the values from 2
	if top < 63 {
		mask &= 1<<uint(top+1) - 1
	}
	n := 1 + bits.OnesCount64(uint64(mask)) + max(0, sides-63)
	p.size *= float64(n)
	i := p.pcg.Roll(n) - 1
	switch {
	case i == 0:
		return 1
	case i <= bits.OnesCount64(uint64(mask)):
		for ; i > 1; i-- {
			mask &= mask - 1 // the lowest start dropped
		}
		return bits.TrailingZeros64(uint64(mask))
	}
	return 63 + i - bits.OnesCount64(uint64(mask))
}

// RollPool picks one of the classes of the pool's distribution with equal
// chance, as an enumeration drawing it whole branches on them, and
// appends its faces; a pool too costly to draw whole is drawn die by die.
func (p *probeSource) RollPool(pool dice.Pool, out []int) []int {
	var dist *dice.PoolDist
	if !p.every {
		dist = p.pools.Dist(pool)
	}
	if dist == nil {
		out, _ = dice.RollPool(dieByDie{p}, pool, out)
		return out
	}
	p.draws++
	if p.draws > p.max {
		panic(probeCut{})
	}
	p.size *= float64(dist.Len())
	i := p.pcg.Roll(dist.Len()) - 1
	if dist.Cut(i) {
		panic(probeCut{})
	}
	return append(out, dist.Faces(i)...)
}

// dieByDie draws through a probeSource die by die: a Source that is not a
// PoolRoller.
type dieByDie struct{ p *probeSource }

func (d dieByDie) Roll(sides int) int { return d.p.Roll(sides) }

// probeSize returns the mean of Knuth's estimates of how many dice
// paths enumerating actor's command c from state s would run, from
// random paths seeded by seed.
func (k *calc[S, C, E]) probeSize(s *S, actor string, c C, seed uint64) float64 {
	src := &probeSource{pcg: dice.Seeded(seed), max: k.opts.MaxDraws, every: k.opts.EveryValue, pools: k.opts.pools}
	var scratch S
	var events []E
	total := 0.0
	for range probes {
		src.size, src.draws = 1, 0
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(probeCut); !ok {
						panic(r)
					}
				}
			}()
			engine.ScratchInto(k.g, &scratch, s)
			if k.speed != nil {
				events, _ = k.speed.Step(&scratch, actor, c, src, events[:0])
			} else {
				events, _ = engine.Step(k.g, &scratch, actor, c, src, events[:0])
			}
		}()
		total += src.size
	}
	return total / probes
}

// probedWeight is the least probability of a decision that a computation
// that falls back probes before enumerating it (tooBig): a probe costs
// some fifteen steps, so only the few likely decisions are worth it.
const probedWeight = 1.0 / 32

// tooBig reports whether the decision ch from n, of probability weight,
// is probed at more than probeMargin times the budget left, in a
// computation that falls back (Options.Fallback; the command itself is
// probed by Of). It is then left to the frontier at once, and the other
// decisions resolved without it (proceed; in All's first round, the
// option then waits), rather than spending the budget on it first. A
// decision of less than probedWeight, and a part of one split by its
// dice (split.go), is not probed. The probe is seeded from the
// decision's memo key, so that the same decision is probed alike every
// time: head, the part before the state, then the state's key as the
// walk writes it, even for a state that writes its own (as an estimate's
// seed is, seedOf), so that a ruleset's keys do not change its probes.
func (k *calc[S, C, E]) tooBig(n *node[S], ch choice[C], weight prob, budget int, head string) bool {
	if !k.opts.Fallback || n.steps == 0 || ch.first != nil || weight.float() < probedWeight {
		return false
	}
	h := fnv.New64a()
	_, _ = h.Write(k.keys.appendWalked([]byte(head), &n.state, &k.unique))
	return k.probeSize(&n.state, ch.who, ch.cmd, h.Sum64()^0xb16) > probeMargin*float64(budget)
}
