package dice

import (
	"fmt"
	"math/big"
	"sync"

	"fray/internal/natural"
)

// A Pool is a roll whose rules read only two things of it: its total and
// whether any of its bursting dice burst. Plain dice are drawn first (an
// action roll's d20, a weapon's dice), then each bursting die followed
// right away by its chain: a die at its maximum adds another of the same
// size, and so on.
//
// At the table and in a simulation (RollPool from any Source that is not
// a PoolRoller) every die is drawn from the Source one by one, in that
// order, and every face is kept: the same draws, the same record as
// rolling the dice by hand. Exact odds (Enumerate) instead draw the pool
// whole: one branch per outcome class (a total the rules tell apart and
// whether the roll burst), weighted by its exact probability, convolved
// over the dice, with a representative set of faces for the class.
type Pool struct {
	// Plain dice of PlainSides sides never burst.
	Plain, PlainSides int
	// Burst dice of BurstSides sides burst on their maximum; BurstSides
	// must be at least 2.
	Burst, BurstSides int
	// Floor, when positive, makes every total below it alike (a miss);
	// Cap, when positive, every total from it up (a hit nothing can
	// answer, damage past what the target has left).
	Floor, Cap int
	// Depth is how many bursts in a row exact odds follow on one die when
	// there is no Cap: a chain that bursts once more is not covered (its
	// probability is reported as truncated). With a Cap every chain is
	// followed, exactly, as far as it matters.
	Depth int
}

// PoolRoller is a Source that draws a Pool whole: Enumerate's sources are.
type PoolRoller interface {
	Source
	// RollPool appends the faces of a roll of p to out, plain dice first
	// and each bursting die's chain after it, and returns out.
	RollPool(p Pool, out []int) []int
}

// RollPool rolls p from src, appending its faces to out (plain dice first,
// then each bursting die with its chain, in draw order), and returns out
// and the roll's total, the sum of the faces appended. From a Source that
// rolls dice it draws each die with src.Roll, exactly as a loop over the
// dice would; from a PoolRoller (exact odds) it may return any faces of
// the outcome class drawn, standing for all of them. So the rules that use
// it must read nothing of the faces but the total as the Floor and Cap say
// and whether a bursting die burst, save for recording them.
func RollPool(src Source, p Pool, out []int) ([]int, int) {
	start := len(out)
	if pr, ok := src.(PoolRoller); ok {
		out = pr.RollPool(p, out)
	} else {
		out = rollEach(src, p, out, nil)
	}
	total := 0
	for _, v := range out[start:] {
		total += v
	}
	return out, total
}

// rollEach draws the dice of p one by one. cut, when not nil, is called
// before a die past p.Depth bursts in a row when p has no Cap, to end an
// exact enumeration's path there; past a Cap, a chain's later dice are
// drawn by classes as one (whatever they show, the total is past the Cap),
// and a chain's first die with its maximum apart.
func rollEach(src Source, p Pool, out []int, cut func()) []int {
	for range p.Plain {
		out = append(out, src.Roll(p.PlainSides))
	}
	s := checkBurst(p.BurstSides, p.Burst)
	total := 0
	for _, v := range out {
		total += v
	}
	for range p.Burst {
		for depth := 0; ; depth++ {
			if cut != nil && p.Cap <= 0 && depth > p.Depth {
				cut()
			}
			var v int
			switch {
			case cut == nil || p.Cap <= 0 || total < p.Cap:
				v = src.Roll(s)
			case depth == 0:
				v = RollClasses(src, s, Cuts(s))
			default:
				v = RollClasses(src, s, 0)
			}
			out = append(out, v)
			total += v
			if v != s {
				break
			}
		}
	}
	return out
}

func checkBurst(sides, n int) int {
	if n > 0 && sides < 2 {
		panic(fmt.Sprintf("dice: a pool of bursting d%d: a bursting die needs at least 2 sides", sides))
	}
	return sides
}

// maxPoolWork bounds the work of a pool's distribution (the totals it
// tells apart times the outcomes of a die, summed over its dice): past
// it, exact odds draw the pool's dice one by one instead.
const maxPoolWork = 1 << 17

// PoolDist is the exact distribution of a Pool over its outcome classes,
// in a fixed order: by total, then without a burst before with one, the
// class of the chains not followed (if any) last.
type PoolDist struct {
	pool Pool
	// num[i]/den[i] is the probability of class i, in lowest terms.
	num, den []count
	// faces[i] are the representative faces of class i (nil for the cut).
	faces [][]int
	// cut says the last class is the chains not followed.
	cut bool
}

// Len returns how many classes the distribution has, the cut included.
func (d *PoolDist) Len() int { return len(d.num) }

// P returns the probability of class i.
func (d *PoolDist) P(i int) *big.Rat {
	return new(big.Rat).SetFrac(d.num[i].Big(), d.den[i].Big())
}

// Faces returns the representative faces of class i, in draw order; nil
// for the class of chains not followed (see Cut). The caller must not
// modify them.
func (d *PoolDist) Faces(i int) []int { return d.faces[i] }

// Cut reports whether class i is the chains not followed.
func (d *PoolDist) Cut(i int) bool { return d.cut && i == len(d.num)-1 }

// maxPoolsCached is how many distributions a PoolCache keeps at most.
const maxPoolsCached = 1024

// PoolCache keeps the distributions of the pools met, so that an
// enumeration that meets the same pool on many paths, or many
// enumerations of one odds computation, work each out once. It is safe for
// concurrent use. The zero value is ready; a nil *PoolCache keeps nothing.
type PoolCache struct {
	mu sync.Mutex
	m  map[Pool]*PoolDist
}

// Dist returns the distribution of p, or nil when it is too costly to
// work out (then the pool's dice are to be drawn one by one).
func (c *PoolCache) Dist(p Pool) *PoolDist {
	if c == nil {
		return newPoolDist(p)
	}
	c.mu.Lock()
	d, ok := c.m[p]
	c.mu.Unlock()
	if ok {
		return d
	}
	d = newPoolDist(p)
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxPoolsCached {
		c.m = map[Pool]*PoolDist{} // a long-lived cache starts again rather than grow
	}
	c.m[p] = d
	c.mu.Unlock()
	return d
}

// poolState is one state of the convolution: the weight of reaching a
// total (clamped at the cap) with or without a burst, and the faces of the
// first way found.
type poolState struct {
	w     count
	faces []int
}

// chainOutcome is one way a die's chain can end: its value (clamped at
// the cap), whether it burst, its weight and its faces.
type chainOutcome struct {
	v     int
	burst bool
	w     count
	faces []int
}

// newPoolDist works out the distribution of p, or returns nil when it is
// too costly (see maxPoolWork).
func newPoolDist(p Pool) *PoolDist {
	s := checkBurst(p.BurstSides, p.Burst)
	if p.Plain > 0 {
		checkSides(p.PlainSides)
	}
	// The chain of one bursting die: k maxima then a face below the
	// maximum, for k up to levels-1, weighing s^(levels-1-k) of
	// s^levels; then either the rest, at the cap (levels maxima in a
	// row: at least levels*s+1, past the cap) or cut (no cap).
	var chain []chainOutcome
	var chainDen count
	if p.Burst > 0 {
		levels := p.Depth + 1
		if p.Cap > 0 {
			levels = max(1, (p.Cap-1+s-1)/s) // levels*s+1 >= Cap
		}
		if p.Depth < 0 && p.Cap <= 0 {
			levels = 0
		}
		pw := powers(small(uint64(s)), levels)
		chainDen = pw[levels]
		for k := range levels {
			for r := 1; r < s; r++ {
				v := k*s + r
				if p.Cap > 0 {
					v = min(v, p.Cap)
				}
				chain = append(chain, chainOutcome{v: v, burst: k > 0, w: pw[levels-1-k], faces: burstFaces(s, k, r)})
			}
		}
		if p.Cap > 0 {
			chain = append(chain, chainOutcome{v: p.Cap, burst: true, w: small(1), faces: burstFaces(s, levels, 1)})
		}
	}
	chainMax := 0
	for _, o := range chain {
		chainMax = max(chainMax, o.v)
	}
	top := p.Plain*p.PlainSides + p.Burst*chainMax
	if p.Cap > 0 {
		top = min(top, p.Cap)
	}
	floor := p.Floor
	if p.Cap > 0 {
		floor = min(floor, p.Cap) // a floor past the cap is read as the cap
	}
	if work := (p.Plain*p.PlainSides + p.Burst*len(chain)) * 2 * (top + 1); work > maxPoolWork || top > 4096 {
		return nil
	}
	// The convolution, by total (clamped) and burst: index 2t+b.
	states := make([]poolState, 2*(top+1))
	states[0] = poolState{w: small(1), faces: []int{}}
	den := small(1)
	clamp := func(t int) int {
		if p.Cap > 0 {
			return min(t, p.Cap)
		}
		return t
	}
	step := func(outs []chainOutcome, outDen count) {
		next := make([]poolState, len(states))
		for i, st := range states {
			if st.w.IsZero() {
				continue
			}
			t, b := i/2, i%2 == 1
			for _, o := range outs {
				j := 2 * clamp(t+o.v)
				if b || o.burst {
					j++
				}
				if next[j].w.IsZero() {
					next[j].faces = append(append(make([]int, 0, len(st.faces)+len(o.faces)), st.faces...), o.faces...)
				}
				next[j].w = next[j].w.Add(st.w.Mul(o.w))
			}
		}
		states = next
		den = den.Mul(outDen)
	}
	if p.Plain > 0 {
		plain := make([]chainOutcome, p.PlainSides)
		for f := range plain {
			plain[f] = chainOutcome{v: f + 1, w: small(1), faces: []int{f + 1}}
		}
		for range p.Plain {
			step(plain, small(uint64(p.PlainSides)))
		}
	}
	for range p.Burst {
		step(chain, chainDen)
	}
	// The classes: totals below the floor merged (by burst), the rest as
	// they are, then what no chain covered.
	d := &PoolDist{pool: p}
	covered := small(0)
	add := func(w count, faces []int) {
		n, dn := reduce(w, den)
		d.num, d.den, d.faces = append(d.num, n), append(d.den, dn), append(d.faces, faces)
		covered = covered.Add(w)
	}
	for b := range 2 {
		var w count
		var faces []int
		for t := 0; t < min(floor, top+1); t++ {
			if st := states[2*t+b]; !st.w.IsZero() {
				if faces == nil {
					faces = st.faces
				}
				w = w.Add(st.w)
			}
		}
		if !w.IsZero() {
			add(w, faces)
		}
	}
	// Keep the order by total: the merged classes stand for totals below
	// every other.
	for t := max(floor, 0); t <= top; t++ {
		for b := range 2 {
			if st := states[2*t+b]; !st.w.IsZero() {
				add(st.w, st.faces)
			}
		}
	}
	if den.Cmp(covered) > 0 {
		n, dn := reduce(den.Sub(covered), den)
		d.num, d.den, d.faces = append(d.num, n), append(d.den, dn), append(d.faces, nil)
		d.cut = true
	}
	return d
}

// burstFaces are the faces of a chain of k maxima of s sides and then r.
func burstFaces(s, k, r int) []int {
	f := make([]int, k+1)
	for i := range k {
		f[i] = s
	}
	f[k] = r
	return f
}

// reduce returns num/den in lowest terms.
func reduce(num, den count) (count, count) {
	if n, ok := num.Uint64(); ok {
		if d, ok := den.Uint64(); ok {
			g := natural.GCD(n, d)
			return small(n / g), small(d / g)
		}
	}
	g := new(big.Int).GCD(nil, nil, num.Big(), den.Big())
	return fromBig(new(big.Int).Quo(num.Big(), g)), fromBig(new(big.Int).Quo(den.Big(), g))
}
