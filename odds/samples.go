package odds

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"fray/dice"
	"fray/engine"
)

// An estimate's resolutions are played in blocks of stratumBlock, each
// block from seeded streams of its own (its positions and its dice), so
// that a block is played alike on any goroutine and the blocks of one
// estimate can be played side by side. They are filed in block order,
// and the estimate stops at the same block whatever played them: its
// figures do not depend on how many goroutines did the work, unless the
// clock stops it.

// Cores lends an estimate processors no computation is using. A caller
// that runs several computations at once gives it the processors they do
// not hold and gives each back (Give) as a computation ends: an estimate
// begun while others ran may then finish on every processor. It is safe
// for use by several goroutines at once.
type Cores struct {
	free atomic.Int64
}

// NewCores returns the processors a caller lends, free of them free now.
func NewCores(free int) *Cores {
	c := &Cores{}
	c.free.Store(int64(free))
	return c
}

// Give lends one more processor.
func (c *Cores) Give() { c.free.Add(1) }

// take borrows a processor, reporting whether one was free.
func (c *Cores) take() bool {
	for {
		n := c.free.Load()
		if n <= 0 {
			return false
		}
		if c.free.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// sampled is an outcome a resolver's resolutions reached: its key (as
// the enumeration writes it) and whether it hit; or, with a reason, where
// resolutions were left out. A resolver makes each once, whichever block
// meets it.
type sampled struct {
	f      *final
	key    string
	hit    bool
	reason string
	// global is its index among the estimate's outcomes once a block
	// that reached it is filed, -1 before: written only while filing.
	global int32
}

// answerTally counts how often an answer was given to a prompt met on
// the way; p is the prompt in full, for its question and labels.
type answerTally[C any] struct {
	key     answerKey
	p       engine.Prompt[C]
	command string
	by      string
	count   int
	// block and at say where a resolver's answer was last counted: the
	// block (1 + its number) and its place in the block's answers.
	block, at int
}

// answerCount is an answer given in a block, and how often.
type answerCount[C any] struct {
	a     *answerTally[C]
	count int
}

// blockRun is what one block of resolutions met, in the order met.
type blockRun[C any] struct {
	// stretch and reached are each resolution's: its stretch of [0, 1),
	// and its outcome (or why it was left out).
	stretch []uint8
	reached []*sampled
	// answers are the answers given, in the order first given.
	answers []answerCount[C]
	// complete is false for a block the clock cut short.
	complete bool
}

// sampling is the run of an estimate's blocks: which is played next,
// those played and not yet filed, and when to stop. Its blocks are filed
// in order (the merge), by whichever goroutine finishes the one awaited.
type sampling[C any] struct {
	seed           uint64
	maxN, blocks   int
	deadline, hard time.Time
	// played counts the resolutions played by every goroutine, for the
	// clock's rules (at least MinSamples).
	played atomic.Int64
	stop   atomic.Bool

	mu      sync.Mutex // guards what follows
	next    int        // the next block to hand out
	filed   int        // blocks filed
	runs    []*blockRun[C]
	precise bool // stopped by the precision reached
	err     error
	file    func(*blockRun[C]) bool
}

// take hands out the next block to play, false when there is none.
func (sm *sampling[C]) take() (int, bool) {
	sm.mu.Lock()
	defer sm.mu.Unlock()
	if sm.stop.Load() || sm.next >= sm.blocks {
		return 0, false
	}
	sm.next++
	return sm.next - 1, true
}

// size returns how many resolutions block j holds.
func (sm *sampling[C]) size(j int) int { return min(stratumBlock, sm.maxN-j*stratumBlock) }

// done takes block j's run (or the error that ended it), and files every
// complete block now next in order, stopping the estimate when file says
// its figures are precise enough.
func (sm *sampling[C]) done(j int, run *blockRun[C], err error) {
	sm.mu.Lock()
	defer sm.mu.Unlock()
	if err != nil {
		if sm.err == nil {
			sm.err = err
		}
		sm.stop.Store(true)
		return
	}
	sm.runs[j] = run
	for sm.filed < sm.blocks && !sm.precise {
		r := sm.runs[sm.filed]
		if r == nil || !r.complete {
			return
		}
		sm.runs[sm.filed] = nil
		sm.filed++
		if sm.file(r) {
			sm.precise = true
			sm.stop.Store(true)
		}
	}
}

// finish files what the clock cut short: every block played after the
// last one filed, in order, unless the estimate stopped as precise.
func (sm *sampling[C]) finish() {
	if sm.precise {
		return
	}
	for _, r := range sm.runs[sm.filed:] {
		if r != nil {
			sm.file(r)
		}
	}
}

// resolver plays resolutions of an estimate, with memory of its own: one
// a goroutine.
type resolver[S, C, E any] struct {
	k       *calc[S, C, E]
	starts  []start[S, C]
	pick    *picker
	secrets engine.Secrets[S, C, E]
	by      string

	// A resolution steps from cur into next, cur first the start's own
	// state (read, not written) and then whichever of a and b the last
	// step wrote: one copy of the state a step. The copy is made before
	// the prompt it waits for is answered, and the answer read from it, so
	// that the step is taken on the very state the prompt was listed in,
	// as a simulation takes it: a ruleset with Speed may then take what
	// its Moves worked out for the option rather than check it again.
	a, b, view    S
	cur, next     *S
	fixed         fixedSource
	rolls         stratSource
	moves, viewed engine.Prompt[C]
	events        []E
	said          []string
	took, damage  []int
	tags          []string
	conds         []string
	downs         []bool
	key           []byte
	run           *blockRun[C]
	// runs counts the blocks played; outcomes and answers are those met
	// in any of them.
	runs     int
	outcomes map[string]*sampled
	left     map[string]*sampled // by the reason they were left out
	answers  map[answerKey]*answerTally[C]
}

// newResolver returns a resolver of k's estimate from starts.
func newResolver[S, C, E any](k *calc[S, C, E], starts []start[S, C], pick *picker) *resolver[S, C, E] {
	r := &resolver[S, C, E]{k: k, starts: starts, pick: pick, by: "policy " + k.opts.Policy}
	r.secrets, _ = k.g.(engine.Secrets[S, C, E])
	r.fixed.every = k.opts.EveryValue
	n := len(k.ids)
	r.took, r.damage, r.conds, r.downs = make([]int, n), make([]int, n), make([]string, n), make([]bool, n)
	r.outcomes, r.left, r.answers = map[string]*sampled{}, map[string]*sampled{}, map[answerKey]*answerTally[C]{}
	return r
}

// answer answers the prompt s waits for as the exact computation does,
// from the prompt as a policy reads it (engine.Moves: cheaper than Next
// where the ruleset has Speed), and files the answer in the block. s is
// the copy the next step is taken on.
func (r *resolver[S, C, E]) answer(s *S, rolls dice.Source) (string, C, error) {
	k := r.k
	k.moves(s, &r.moves)
	p := &r.moves
	var how string
	var cmd C
	if p.Kind == engine.Ruling && p.Default >= 0 && p.Default < len(p.Options) {
		cmd = p.Options[p.Default].Command
		how = "ruling default"
	} else {
		viewer := engine.Viewer{Combatant: p.Actor}
		if p.Actor == engine.GM {
			viewer = engine.Everyone
		}
		if r.secrets != nil {
			r.secrets.ViewInto(&r.view, s, viewer)
			r.viewed = r.secrets.ViewPrompt(s, *p, viewer)
			cmd = k.policy.Choose(&r.view, &r.viewed, rolls)
		} else {
			cmd = k.policy.Choose(s, p, rolls)
		}
		if any(cmd) == nil {
			return "", cmd, fmt.Errorf("odds: the %s policy gave no answer to %s's prompt %q", k.opts.Policy, p.Actor, p.Question)
		}
		how = r.by
	}
	command := k.g.FormatCommand(cmd)
	key := answerKey{actor: p.Actor, kind: string(p.Kind), command: command, by: how}
	a, ok := r.answers[key]
	if !ok {
		// The prompt in full, for its question and labels.
		a = &answerTally[C]{key: key, p: k.g.Next(s), command: command, by: how}
		r.answers[key] = a
	}
	run := r.run
	if a.block != r.runs {
		a.block, a.at = r.runs, len(run.answers)
		run.answers = append(run.answers, answerCount[C]{a: a})
	}
	run.answers[a.at].count++
	return p.Actor, cmd, nil
}

// resolve plays one resolution from st, to an outcome (true) or to where
// it is left out (false, filed in the block).
func (r *resolver[S, C, E]) resolve(st *start[S, C], at int) (bool, error) {
	k := r.k
	r.cur = &st.n.state
	r.tags = append(r.tags[:0], st.n.acc.tags...)
	clear(r.damage)
	copy(r.damage, st.n.acc.damage)
	var who string
	var cmd C
	var first []fixedDraw
	if st.ch == nil && st.n.steps > k.opts.MaxSteps {
		r.leave(at, k.reasons.steps)
		return false, nil
	}
	r.next = &r.a
	k.scratchInto(r.next, r.cur)
	if st.ch != nil {
		who, cmd, first = st.ch.who, st.ch.cmd, st.ch.first
	} else {
		var err error
		if who, cmd, err = r.answer(r.next, &r.rolls); err != nil {
			return false, err
		}
	}
	var err error
	// A part of a decision split by its dice (split.go) starts with
	// them, drawn by its command and the rulings folded after it.
	var from dice.Source = &r.rolls
	if first != nil {
		from = r.fixed.on(&r.rolls, first)
	}
	for steps := st.n.steps; ; steps++ {
		if steps > k.opts.MaxSteps {
			r.leave(at, k.reasons.steps)
			return false, nil
		}
		if k.speed != nil {
			r.events, err = k.speed.Step(r.next, who, cmd, from, r.events[:0])
		} else {
			r.events, err = engine.Step(k.g, r.next, who, cmd, from, r.events[:0])
		}
		if err == nil && first != nil && r.fixed.wrong {
			err = k.drewOther(choice[C]{who: who, cmd: cmd})
		}
		if err != nil {
			if steps == 0 {
				return false, err
			}
			return false, fmt.Errorf("%s's answer %q to a prompt met on the way: %w", who, k.g.FormatCommand(cmd), err)
		}
		clear(r.took)
		r.said = k.sum.Outcome(r.cur, k.actor, r.events, r.next, r.said[:0], r.took)
		for _, t := range r.said {
			r.tags = insertTag(r.tags, t)
		}
		for i, d := range r.took {
			r.damage[i] += d
		}
		r.cur = r.next
		kind := k.nextKind(r.cur)
		if kind == engine.Act || kind == engine.End {
			break
		}
		r.next = &r.a
		if r.cur == &r.a {
			r.next = &r.b
		}
		k.scratchInto(r.next, r.cur)
		if who, cmd, err = r.answer(r.next, &r.rolls); err != nil {
			return false, err
		}
	}
	if first != nil && r.fixed.pos < len(first) {
		return false, k.drewOther(*st.ch)
	}
	return true, nil
}

// block plays block j of sm: its resolutions, each from a start drawn in
// proportion to its probability and then its dice, until the block is
// complete, the estimate stops, or the clock's rules end it.
func (r *resolver[S, C, E]) block(sm *sampling[C], j int) (*blockRun[C], error) {
	deal := newDealer(dice.Seeded(dice.Mix(sm.seed, 2*uint64(j)+2)))
	src := dice.Seeded(dice.Mix(sm.seed, 2*uint64(j)+3))
	n := sm.size(j)
	run := &blockRun[C]{stretch: make([]uint8, 0, n), reached: make([]*sampled, 0, n)}
	r.run = run
	r.runs++
	for range n {
		if sm.stop.Load() {
			return run, nil
		}
		// The clock is read before every resolution, since one can be
		// long (a crowded fight). Past the time budget an estimate stops
		// once it has MinSamples; past the grace after it (the budget
		// again, or EstimateGrace if longer), once it has FewestSamples;
		// and one not begun by then gives up, so that a computation ends
		// within its budget, its grace and a few resolutions.
		if now := time.Now(); now.After(sm.deadline) {
			late := now.After(sm.hard)
			played := sm.played.Load()
			if late && played == 0 {
				return nil, r.k.sp.exceeded("time", sm.deadline.Sub(r.k.sp.start).String())
			}
			if played >= MinSamples || late && played >= FewestSamples {
				sm.stop.Store(true)
				return run, nil
			}
		}
		at, pos := deal.next()
		i, rest, width := r.pick.at(pos)
		r.rolls.on(src, rest, width)
		over, err := r.resolve(&r.starts[i], at)
		if err != nil {
			return nil, err
		}
		sm.played.Add(1)
		if over {
			r.file(at)
		}
	}
	run.complete = true
	return run, nil
}

// file files the outcome the resolution of stretch at reached in the
// block.
func (r *resolver[S, C, E]) file(at int) {
	k := r.k
	// The outcome's key as the enumeration writes it (appendJoined), so
	// that a sampled outcome meets the same one reached exactly.
	r.key = appendPartial(append(r.key[:0], 'F'), r.tags, r.damage)
	for i, id := range k.ids {
		r.conds[i], r.downs[i] = k.sum.Condition(r.cur, id)
		r.key = append(r.key, r.conds[i]...)
		r.key = append(r.key, ';')
	}
	o, ok := r.outcomes[string(r.key)]
	if !ok {
		acc := partial{tags: slices.Clone(r.tags)}
		if slices.ContainsFunc(r.damage, func(d int) bool { return d != 0 }) {
			acc.damage = slices.Clone(r.damage)
		}
		_, hit := searchTag(r.tags, "hit")
		o = &sampled{f: &final{acc: acc, conds: slices.Clone(r.conds), downs: slices.Clone(r.downs)}, key: string(r.key), hit: hit, global: -1}
		r.outcomes[o.key] = o
	}
	r.run.stretch = append(r.run.stretch, uint8(at))
	r.run.reached = append(r.run.reached, o)
}

// leave files a resolution of stretch at left out for reason.
func (r *resolver[S, C, E]) leave(at int, reason string) {
	o, ok := r.left[reason]
	if !ok {
		o = &sampled{reason: reason, global: -1}
		r.left[reason] = o
	}
	r.run.stretch = append(r.run.stretch, uint8(at))
	r.run.reached = append(r.run.reached, o)
}

// sample plays sm's blocks until it stops: on the calling goroutine, and
// on as many more as the options allow (Options.Workers, or what
// Options.Cores lends while it runs), each with a resolver of its own
// made by fresh.
func sample[S, C, E any](sm *sampling[C], opts *Options, fresh func() *resolver[S, C, E]) {
	var wg sync.WaitGroup
	play := func(r *resolver[S, C, E]) {
		for {
			j, ok := sm.take()
			if !ok {
				return
			}
			run, err := r.block(sm, j)
			sm.done(j, run, err)
		}
	}
	helpers, most := 0, min(opts.Workers, sm.blocks)-1
	if opts.Cores != nil {
		most = min(runtime.GOMAXPROCS(0), sm.blocks) - 1
	}
	own := fresh()
	for {
		for helpers < most && (opts.Cores == nil || opts.Cores.take()) {
			helpers++
			wg.Go(func() {
				if opts.Cores != nil {
					defer opts.Cores.Give()
				}
				play(fresh())
			})
		}
		j, ok := sm.take()
		if !ok {
			break
		}
		run, err := own.block(sm, j)
		sm.done(j, run, err)
	}
	wg.Wait()
	sm.finish()
}
