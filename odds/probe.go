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
// decision is given up only when it is several times the budget. An
// option's paths go on past its command, through the whole resolution
// (probeOption), so that an option whose prompts on the way make it far
// bigger than its budget is estimated at once too.

// The probe's sizes.
const (
	// probes is how many random paths are followed.
	probes = 15
	// probeMargin is how many times the budget the mean must be to give
	// an option's command, or a decision met on the way, up before
	// enumerating it.
	probeMargin = 4
	// menuMargin is probeMargin for a decision met on the way by an
	// option of a menu (Calculator.All). It is lower: what the option
	// does not spend goes to the options after it, while a decision that
	// does not fit is split where the budget runs out and mostly
	// estimated anyway, after spending the option's share on a corner of
	// it (a blackpowder interrupt after a strike, which fifteen random
	// paths probe at 7,500 to 45,000 dice paths and a hundred at 12,000
	// to 70,000, against shares of 2,500 to 3,600). On its own (Of) an
	// option's budget is its own, and the paths a split decision ran are
	// better kept.
	menuMargin = 2
	// wholeMargin is how many times an option's budget the probe of its
	// whole resolution (probeOption) must be to give the option up before
	// enumerating it. That probe counts the dice paths of a tree in which
	// no two situations are merged, while the enumeration merges alike
	// situations of a level and files a decision met before from the
	// memo: over the benchmark's fights an option enumerated exactly ran
	// up to some 1,400 times fewer dice paths than its whole resolution
	// probed (a vigor attack and off-hand attack, whose damage results
	// meet again and again), a blackpowder or tempo option up to some 170
	// times fewer. At 1,024 or 2,048 times its share the probe gave up
	// options the benchmark has exact; at 4,096, none.
	wholeMargin = 4096
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
	margin := float64(probeMargin)
	if k.opts.share > 0 {
		margin = menuMargin
	}
	return k.probeSize(&n.state, ch.who, ch.cmd, h.Sum64()^0xb16) > margin*float64(budget)
}

// probeOption returns two of Knuth's estimates for actor's command c
// from state s, the means over the same random paths: command, the dice
// paths enumerating the command alone would run (as probeSize, whose
// figure it is, the command's dice drawn from a source seeded alike), and
// whole, the dice paths the whole resolution would run if no situation
// were merged with another. A path follows the command and then every
// prompt met on the way, each answered as the enumeration answers it (a
// ruling by its default, anything else by the policy, whose dice are
// drawn like the rules'), until the fight waits for a turn decision or is
// over, a class of each die chosen with equal chance; the dice after the
// command's come from a source seeded by rest. Its whole is the sum over
// the decisions it met of the product of the numbers of classes met up to
// that decision's end (a ruling answered by its default counted with the
// decision before it, as fold does), and for each answer the product
// before it: in a tree, that many dice paths are run for its decisions
// and answers, on average.
func (k *calc[S, C, E]) probeOption(s *S, actor string, c C, seed, rest uint64) (command, whole float64) {
	first, later := dice.Seeded(seed), dice.Seeded(rest)
	src := &probeSource{max: k.opts.MaxDraws, every: k.opts.EveryValue, pools: k.opts.pools}
	p := probePath[S, C, E]{k: k, src: src}
	p.secrets, _ = k.g.(engine.Secrets[S, C, E])
	for range probes {
		src.pcg, src.size = first, 1
		cmd, work := p.follow(s, actor, c, later)
		command += cmd
		whole += work
	}
	return command / probes, whole / probes
}

// probePath follows the random paths of probeOption, in scratch memory
// kept from one to the next.
type probePath[S, C, E any] struct {
	k       *calc[S, C, E]
	src     *probeSource
	secrets engine.Secrets[S, C, E]
	st      S
	view    S
	events  []E
	moves   engine.Prompt[C]
	viewed  engine.Prompt[C]
}

// follow follows one path from actor's command c in state s, the dice
// after the command's drawn from later, and returns the product of the
// command's classes and the path's estimate of the whole.
func (p *probePath[S, C, E]) follow(s *S, actor string, c C, later *dice.PCG) (command, work float64) {
	k, src := p.k, p.src
	command = -1
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(probeCut); !ok {
				panic(r)
			}
			// Cut at the most dice a decision may draw: what it met.
			work += src.size
			if command < 0 {
				command = src.size
			}
		}
	}()
	k.scratchInto(&p.st, s)
	who, cmd := actor, c
	for range k.opts.MaxSteps + 1 {
		src.draws = 0
		var err error
		if k.speed != nil {
			p.events, err = k.speed.Step(&p.st, who, cmd, src, p.events[:0])
		} else {
			p.events, err = engine.Step(k.g, &p.st, who, cmd, src, p.events[:0])
		}
		if command < 0 {
			command = src.size
			src.pcg = later
		}
		if err != nil {
			return command, work + src.size
		}
		if kind := k.nextKind(&p.st); kind == engine.Act || kind == engine.End {
			return command, work + src.size
		}
		k.moves(&p.st, &p.moves)
		m := &p.moves
		if m.Kind == engine.Ruling && m.Default >= 0 && m.Default < len(m.Options) {
			// Folded into the decision before it.
			who, cmd = m.Actor, m.Options[m.Default].Command
			continue
		}
		work += 2 * src.size // the decision's paths, and then the answer's
		viewer := engine.Viewer{Combatant: m.Actor}
		if m.Actor == engine.GM {
			viewer = engine.Everyone
		}
		src.draws = 0
		if p.secrets != nil {
			p.secrets.ViewInto(&p.view, &p.st, viewer)
			p.viewed = p.secrets.ViewPrompt(&p.st, *m, viewer)
			cmd = k.policy.Choose(&p.view, &p.viewed, src)
		} else {
			k.scratchInto(&p.view, &p.st)
			cmd = k.policy.Choose(&p.view, m, src)
		}
		if any(cmd) == nil {
			return command, work
		}
		who = m.Actor
	}
	return command, work
}
