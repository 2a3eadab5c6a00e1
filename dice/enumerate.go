package dice

import (
	"errors"
	"fmt"
	"iter"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"

	"fray/internal/natural"
)

// Defaults for EnumerateOptions.
const (
	DefaultMaxPaths = 1000000
	DefaultMaxDraws = 64
)

// EnumerateOptions bound the work of Enumerate. The zero value asks for the
// defaults.
type EnumerateOptions struct {
	// MaxPaths is how many dice paths may be run before Enumerate gives up
	// with a *BudgetError. Zero means DefaultMaxPaths.
	MaxPaths int
	// MaxDraws is how many dice one path may draw. A path that needs more
	// is cut off there, and the probability of every path through it is
	// reported as Truncated rather than spread over outcomes. Zero means
	// DefaultMaxDraws.
	MaxDraws int
	// Partial makes Enumerate stop quietly when MaxPaths runs out: it
	// returns the outcomes of the paths it ran, and the Enumeration's
	// Unexplored says how much probability the paths it did not run carry.
	// Without it, running out is a *BudgetError.
	Partial bool
	// EveryValue follows every value of every die, ignoring the classes
	// the function draws dice by (RollClasses): the plain enumeration, for
	// checking that the classes are right. The results are the same; only
	// Paths and the time differ.
	EveryValue bool
	// Pools, when not nil, keeps the distributions of the pools drawn
	// whole (RollPool) for the enumerations given it, so that each is
	// worked out once; without it, each enumeration works out its own.
	Pools *PoolCache
}

// Enumeration is the exact distribution of a function's result over every
// way the dice can fall.
type Enumeration[T comparable] struct {
	// Outcomes lists each distinct result with its probability, in the
	// order the results were first met (the first path rolls all ones).
	Outcomes []Weighted[T]
	// Truncated is the probability of the paths cut off by MaxDraws.
	Truncated *big.Rat
	// Unexplored is the probability of the paths never run because
	// MaxPaths ran out (only with Partial; zero otherwise).
	Unexplored *big.Rat
	// Paths is how many dice paths were run, cut-off ones included. A
	// die drawn by classes (RollClasses) is one path per class, not per
	// value.
	Paths int
}

// Weighted is one result of an enumeration and its exact probability.
type Weighted[T comparable] struct {
	Value T
	P     *big.Rat
}

// P returns the probability of the result v (zero if it never happens).
func (e *Enumeration[T]) P(v T) *big.Rat {
	for _, o := range e.Outcomes {
		if o.Value == v {
			return o.P
		}
	}
	return new(big.Rat)
}

// BudgetError is returned by Enumerate when the function has more dice paths
// than the budget allows.
type BudgetError struct {
	MaxPaths int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("more than %d dice paths: too many to enumerate exactly", e.MaxPaths)
}

// NondeterministicError is returned by Enumerate when the function drew
// different dice for the same earlier results, so that its dice paths do
// not form a tree.
type NondeterministicError struct {
	Path []Draw // the results so far
	Msg  string
}

func (e *NondeterministicError) Error() string {
	return fmt.Sprintf("the function is not deterministic: after %v it %s", e.Path, e.Msg)
}

// errCut stops a path that draws more than MaxDraws dice.
var errCut = errors.New("dice: path cut at MaxDraws")

// Enumerate runs f once for every way the dice it draws can fall and returns
// the exact probability of each result. f must be deterministic: given the
// same die results it must draw the same dice and return the same result.
// It may draw different dice on different paths (a critical hit that rolls
// extra damage, an explosion), and it may draw none. A die f draws with
// RollClasses is followed once per class, with the class's probability,
// unless opts.EveryValue says otherwise.
//
// An error from f on any path ends the enumeration with that error, wrapped
// with the dice of the path. Enumerate stops a path by panicking through f,
// as a dry Script does; f may call Run (which turns the stop into an error)
// but must not otherwise recover panics it did not raise.
func Enumerate[T comparable](f func(Source) (T, error), opts EnumerateOptions) (*Enumeration[T], error) {
	opts = opts.withDefaults()
	t := newTally[T]()
	src := &enumSource{maxDraws: opts.MaxDraws, everyValue: opts.EveryValue, pools: opts.Pools}
	exhausted, err := walk(f, src, t, func() bool { return t.paths < opts.MaxPaths })
	if err != nil {
		return nil, err
	}
	if exhausted && !opts.Partial {
		return nil, &BudgetError{MaxPaths: opts.MaxPaths}
	}
	return t.enumeration(exhausted), nil
}

func (o EnumerateOptions) withDefaults() EnumerateOptions {
	if o.MaxPaths <= 0 {
		o.MaxPaths = DefaultMaxPaths
	}
	if o.MaxDraws <= 0 {
		o.MaxDraws = DefaultMaxDraws
	}
	if o.Pools == nil {
		o.Pools = &PoolCache{}
	}
	return o
}

// EnumerateParallel is Enumerate run on up to workers goroutines at once,
// with the same result. The dice tree is split by the first die drawn (by
// its classes, when it is drawn by classes); each
// worker runs its share with a function of its own, from newF, so that the
// functions may keep scratch space without locking. The functions must not
// share anything mutable. A panic in one of them is raised again in the
// caller.
//
// Which paths a budget that runs out leaves unexplored depends on the order
// they are run in; so when MaxPaths runs out, EnumerateParallel runs the
// enumeration again on the caller's goroutine, as Enumerate would.
func EnumerateParallel[T comparable](newF func() func(Source) (T, error), workers int, opts EnumerateOptions) (*Enumeration[T], error) {
	opts = opts.withDefaults()
	f := newF()
	if workers <= 1 {
		return Enumerate(f, opts)
	}
	// The first path shows the first die drawn, if any.
	probe := &enumSource{maxDraws: opts.MaxDraws, everyValue: opts.EveryValue, pools: opts.Pools}
	_ = Run(func() error { _, err := f(probe); return err })
	if len(probe.path) == 0 {
		return Enumerate(f, opts)
	}
	first := probe.path[0]
	var starts []int // the first value of each class of the first die
	for lo := 1; lo <= first.sides; lo = first.span(lo) + 1 {
		starts = append(starts, lo)
	}
	if len(starts) == 1 {
		return Enumerate(f, opts)
	}
	type share struct {
		t         *tally[T]
		exhausted bool
		err       error
		panicked  any
	}
	shares := make([]share, len(starts))
	jobs := make(chan int, len(starts))
	for i := range starts {
		jobs <- i
	}
	close(jobs)
	var spent atomic.Int64
	budget := func() bool { return spent.Add(1) <= int64(opts.MaxPaths) }
	var wg sync.WaitGroup
	for w := range min(workers, len(starts)) {
		g := f
		if w > 0 {
			g = newF()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range jobs {
				sh := &shares[v]
				func() {
					defer func() { sh.panicked = recover() }()
					sh.t = newTally[T]()
					d := first
					d.lo = starts[v]
					d.hi = d.span(d.lo)
					src := &enumSource{maxDraws: opts.MaxDraws, everyValue: opts.EveryValue, pools: opts.Pools, fixed: 1, path: []draw{d}}
					sh.exhausted, sh.err = walk(g, src, sh.t, budget)
				}()
			}
		}()
	}
	wg.Wait()
	exhausted := false
	for _, sh := range shares {
		switch {
		case sh.panicked != nil:
			panic(sh.panicked)
		case sh.err != nil:
			return nil, sh.err
		}
		exhausted = exhausted || sh.exhausted
	}
	if exhausted {
		return Enumerate(newF(), opts)
	}
	t := newTally[T]()
	for _, sh := range shares {
		t.merge(sh.t)
	}
	return t.enumeration(false), nil
}

// tally gathers the results of dice paths, in the order first met.
type tally[T comparable] struct {
	index  map[T]int
	values []T
	accs   []weightAcc
	cut    weightAcc
	paths  int
}

func newTally[T comparable]() *tally[T] { return &tally[T]{index: map[T]int{}} }

// add files result v of a path of probability num/den.
func (t *tally[T]) add(v T, num, den count) {
	i, ok := t.index[v]
	if !ok {
		i = len(t.accs)
		t.index[v] = i
		t.accs = append(t.accs, weightAcc{})
		t.values = append(t.values, v)
	}
	t.accs[i].add(num, den)
}

// merge adds the results of u, met after t's.
func (t *tally[T]) merge(u *tally[T]) {
	for j, v := range u.values {
		i, ok := t.index[v]
		if !ok {
			i = len(t.accs)
			t.index[v] = i
			t.accs = append(t.accs, weightAcc{})
			t.values = append(t.values, v)
		}
		t.accs[i].merge(&u.accs[j])
	}
	t.cut.merge(&u.cut)
	t.paths += u.paths
}

// enumeration returns the results as an Enumeration; exhausted says the
// budget ran out, so that what was not run is unexplored.
func (t *tally[T]) enumeration(exhausted bool) *Enumeration[T] {
	out := &Enumeration[T]{Outcomes: make([]Weighted[T], len(t.values)), Truncated: t.cut.rat(new(big.Rat)), Unexplored: new(big.Rat), Paths: t.paths}
	ps := make([]big.Rat, len(t.values)) // the outcomes' fractions, in one allocation
	for i, v := range t.values {
		out.Outcomes[i] = Weighted[T]{Value: v, P: t.accs[i].rat(&ps[i])}
	}
	if exhausted {
		// What was not run is what the paths run do not cover.
		covered := new(big.Rat).Set(out.Truncated)
		for _, o := range out.Outcomes {
			covered.Add(covered, o.P)
		}
		out.Unexplored.Sub(big.NewRat(1, 1), covered)
	}
	return out
}

// walk runs f once for every path of the tree src starts at (src.fixed
// leading dice stay as they are), filing the results in t, for as long as
// more reports that another path may be run. It reports whether it stopped
// for that reason.
func walk[T comparable](f func(Source) (T, error), src *enumSource, t *tally[T], more func() bool) (exhausted bool, err error) {
	for {
		if !more() {
			return true, nil
		}
		t.paths++
		src.pos, src.stopped = 0, nil
		var v T
		err := Run(func() error {
			var err error
			v, err = f(src)
			return err
		})
		// The source knows why it stopped the path, even if f ran it
		// through a dice.Run of its own and returned something else.
		if src.stopped != nil {
			err = src.stopped
		}
		switch {
		case err == errCut:
			num, den := src.weight()
			t.cut.add(num, den)
		case err != nil && errors.As(err, new(*NondeterministicError)):
			return false, err
		case err != nil:
			return false, fmt.Errorf("dice path %v: %w", src.draws(), err)
		case src.pos < len(src.path):
			return false, &NondeterministicError{Path: src.draws(), Msg: "stopped drawing where it drew more before"}
		default:
			num, den := src.weight()
			t.add(v, num, den)
		}
		if !src.advance() {
			return false, nil
		}
	}
}

// EnumerateDist is Enumerate for integer results, returning a Dist.
func EnumerateDist(f func(Source) (int, error), opts EnumerateOptions) (*Dist, error) {
	en, err := Enumerate(f, opts)
	if err != nil {
		return nil, err
	}
	// A common denominator for every probability, the cut-off part included.
	den := new(big.Int).Set(en.Truncated.Denom())
	for _, o := range en.Outcomes {
		den = lcm(den, o.P.Denom())
	}
	w := make(map[int]count, len(en.Outcomes))
	for _, o := range en.Outcomes {
		c := new(big.Int).Quo(den, o.P.Denom())
		w[o.Value] = fromBig(c.Mul(c, o.P.Num()))
	}
	return weighted(w, fromBig(den)), nil
}

func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	l := new(big.Int).Quo(a, g)
	return l.Mul(l, b)
}

// enumSource replays the current path and extends it with the first class
// of each new die.
type enumSource struct {
	path     []draw
	pos      int
	maxDraws int
	stopped  error // why the current path was stopped, if it was
	// fixed is how many leading dice of the path never change: the share
	// of the tree a worker of EnumerateParallel runs.
	fixed int
	// everyValue ignores the classes dice are drawn by, and draws pools
	// die by die.
	everyValue bool
	// pools keeps the distributions of the pools drawn whole.
	pools *PoolCache
}

// draw is one die of a path: its size, the classes it is read by and the
// class the path follows, from lo to hi. A pool drawn whole (RollPool) is
// one draw too: its classes are those of its distribution, numbered from 1
// to sides, and lo = hi is the one the path follows.
type draw struct {
	sides   int
	classes Classes
	lo, hi  int
	pool    *PoolDist
}

// span returns the last value of the class that starts at lo.
func (d *draw) span(lo int) int {
	if d.pool != nil {
		return lo
	}
	return d.classes.span(d.sides, lo)
}

// draws returns the dice of the path so far, each as the value it gave.
func (s *enumSource) draws() []Draw {
	out := make([]Draw, s.pos)
	for i, d := range s.path[:s.pos] {
		out[i] = Draw{Sides: d.sides, Value: d.lo}
	}
	return out
}

// stop ends the current path.
func (s *enumSource) stop(err error) {
	s.stopped = err
	panic(stop{err})
}

func (s *enumSource) Roll(sides int) int { return s.RollClasses(sides, EveryValue) }

// RollClasses draws the die of the path at this point, or the first class
// of a new one.
func (s *enumSource) RollClasses(sides int, c Classes) int {
	checkSides(sides)
	if s.everyValue {
		c = EveryValue
	}
	c = c.of(sides)
	if s.pos < len(s.path) {
		d := s.path[s.pos]
		switch {
		case d.pool != nil:
			s.stop(&NondeterministicError{
				Path: s.draws(),
				Msg:  fmt.Sprintf("drew a d%d where it drew a pool whole before", sides),
			})
		case d.sides != sides:
			s.stop(&NondeterministicError{
				Path: s.draws(),
				Msg:  fmt.Sprintf("drew a d%d where it drew a d%d before", sides, d.sides),
			})
		case d.classes != c:
			s.stop(&NondeterministicError{
				Path: s.draws(),
				Msg:  fmt.Sprintf("read a d%d by other classes than before", sides),
			})
		}
		s.pos++
		return d.lo
	}
	if s.pos >= s.maxDraws {
		s.stop(errCut)
	}
	s.path = append(s.path, draw{sides: sides, classes: c, lo: 1, hi: c.span(sides, 1)})
	s.pos++
	return 1
}

// RollPool draws the pool p whole: the class of its distribution the path
// is at, or the first class of a new one, and appends the class's faces to
// out. A pool too costly to draw whole, or any pool with everyValue, is
// drawn die by die.
func (s *enumSource) RollPool(p Pool, out []int) []int {
	// A pool drawn die by die before is replayed die by die, its dice
	// checked as any others.
	var dist *PoolDist
	if s.pos < len(s.path) {
		dist = s.path[s.pos].pool
	} else if !s.everyValue {
		dist = s.pools.Dist(p)
	}
	if dist == nil {
		return rollEach(s, p, out, func() { s.stop(errCut) })
	}
	var i int
	if s.pos < len(s.path) {
		if dist.pool != p {
			s.stop(&NondeterministicError{Path: s.draws(), Msg: fmt.Sprintf("drew the pool %+v where it drew %+v before", p, dist.pool)})
		}
		i = s.path[s.pos].lo - 1
	} else {
		if s.pos >= s.maxDraws {
			s.stop(errCut)
		}
		s.path = append(s.path, draw{sides: dist.Len(), lo: 1, hi: 1, pool: dist})
	}
	s.pos++
	if dist.Cut(i) {
		s.stop(errCut)
	}
	return append(out, dist.faces[i]...)
}

// weight returns the probability of the path just run, num/den: den is the
// product of the sizes of its dice, num that of the sizes of its classes
// (and of a pool's class's probability).
func (s *enumSource) weight() (num, den count) {
	num, den = small(1), small(1)
	for _, d := range s.path[:s.pos] {
		if d.pool != nil {
			num = num.Mul(d.pool.num[d.lo-1])
			den = den.Mul(d.pool.den[d.lo-1])
			continue
		}
		den = den.Mul(small(uint64(d.sides)))
		if n := d.hi - d.lo + 1; n > 1 {
			num = num.Mul(small(uint64(n)))
		}
	}
	return num, den
}

// advance moves to the next path, odometer fashion: the last die that can
// still go to a next class does, and the dice after it are forgotten. It
// reports false when every path has been run.
func (s *enumSource) advance() bool {
	s.path = s.path[:s.pos]
	for len(s.path) > s.fixed && s.path[len(s.path)-1].hi == s.path[len(s.path)-1].sides {
		s.path = s.path[:len(s.path)-1]
	}
	if len(s.path) <= s.fixed {
		return false
	}
	d := &s.path[len(s.path)-1]
	d.lo = d.hi + 1
	d.hi = d.span(d.lo)
	return true
}

// weightAcc sums probabilities of the form num/den, grouped by den so that
// most paths cost an integer addition. Most sums meet one denominator, kept
// in first so that filing a result allocates nothing.
type weightAcc struct {
	first weightTerm // den zero: no term yet
	more  []weightTerm
}

// weightTerm is the sum of the probabilities over one denominator.
type weightTerm struct{ num, den count }

func (a *weightAcc) add(num, den count) {
	switch {
	case a.first.den.IsZero():
		a.first = weightTerm{num, den}
		return
	case a.first.den.Cmp(den) == 0:
		a.first.num = a.first.num.Add(num)
		return
	}
	for i := range a.more {
		if a.more[i].den.Cmp(den) == 0 {
			a.more[i].num = a.more[i].num.Add(num)
			return
		}
	}
	a.more = append(a.more, weightTerm{num, den})
}

// terms yields each denominator's sum as numerator and denominator.
func (a *weightAcc) terms() iter.Seq2[count, count] {
	return func(yield func(num, den count) bool) {
		if a.first.den.IsZero() || !yield(a.first.num, a.first.den) {
			return
		}
		for _, t := range a.more {
			if !yield(t.num, t.den) {
				return
			}
		}
	}
}

// small returns the sum over a common denominator in machine words, or
// false when a number does not fit: most paths' weights are small, and
// adding them as fractions would cost a GCD and new memory each.
func (a *weightAcc) small() (num, den uint64, ok bool) {
	den = 1
	for _, dn := range a.terms() {
		d, fits := dn.Uint64()
		if !fits || d == 0 {
			return 0, 0, false
		}
		hi, lo := bits.Mul64(den/natural.GCD(den, d), d)
		if hi != 0 {
			return 0, 0, false
		}
		den = lo
	}
	for nn, dn := range a.terms() {
		n, fits := nn.Uint64()
		if !fits {
			return 0, 0, false
		}
		d, _ := dn.Uint64() // fits: checked above
		hi, term := bits.Mul64(n, den/d)
		if hi != 0 {
			return 0, 0, false
		}
		var carry uint64
		if num, carry = bits.Add64(num, term, 0); carry != 0 {
			return 0, 0, false
		}
	}
	return num, den, true
}

// ratio sets z, a new big.Rat (a zero value), to num/den, reduced in
// machine words, and returns it: SetFrac would compute the GCD of big
// numbers, in new memory. den must not be zero.
func ratio(z *big.Rat, num, den uint64) *big.Rat {
	if num == 0 {
		return z
	}
	g := natural.GCD(num, den)
	num, den = num/g, den/g
	// den as a whole number, inverted in place, then num written over the
	// numerator 1: num/den, in lowest terms.
	z.SetUint64(den)
	z.Inv(z)
	z.Num().SetUint64(num)
	return z
}

// merge adds b's sums to a's.
func (a *weightAcc) merge(b *weightAcc) {
	for num, den := range b.terms() {
		a.add(num, den)
	}
}

// rat sets z, a new big.Rat (a zero value), to the sum and returns it.
func (a *weightAcc) rat(z *big.Rat) *big.Rat {
	if num, den, ok := a.small(); ok {
		return ratio(z, num, den)
	}
	for num, den := range a.terms() {
		z.Add(z, new(big.Rat).SetFrac(num.Big(), den.Big()))
	}
	return z
}
