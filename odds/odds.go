package odds

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"fray/dice"
	"fray/engine"
)

// DefaultMaxSteps is how many prompts one resolution may answer, unless
// Options say otherwise.
const DefaultMaxSteps = 100

// lentCores is the most goroutines one decision's dice paths run on with
// the processors Options.Cores lends.
const lentCores = 8

// The budget of an odds computation, beside MaxPaths.
const (
	// MaxPathsCeiling is the largest MaxPaths a computation may be given:
	// at a microsecond or two a path, about half a minute of work.
	MaxPathsCeiling = 20000000
	// DefaultTimeout is how long a computation may run, unless Options
	// say otherwise.
	DefaultTimeout = time.Minute
	// DefaultMaxMemory is how many bytes of situations and outcomes a
	// computation may keep, unless Options say otherwise.
	DefaultMaxMemory = 1 << 30
	// MenuPaths is the path budget of one prompt's menu (Calculator.All)
	// for a table waiting on the answer, as the server asks: enough for
	// nearly every option's exact odds, small enough that a prompt is
	// answered in tens of milliseconds, the rest estimated.
	MenuPaths = 20000
)

// Options bound an odds computation and name its policy. The zero value
// asks for the defaults.
type Options struct {
	// Policy names the policy that answers the prompts met during the
	// resolution: the report quotes it, and the calculators of For choose
	// their policy by it ("" for engine.TacticalPolicy, or DefaultPolicyName
	// when the ruleset has none).
	Policy string
	// MaxPaths is how many dice paths the whole computation may run; what
	// is left when it runs out is reported as uncovered. Zero means
	// dice.DefaultMaxPaths.
	MaxPaths int
	// MaxDraws is how many dice one decision may draw on one path; longer
	// paths are cut off and reported as uncovered. Zero means
	// dice.DefaultMaxDraws.
	MaxDraws int
	// MaxSteps is how many prompts one resolution may answer before the
	// rest of it is reported as uncovered. Zero means DefaultMaxSteps.
	MaxSteps int
	// Workers is how many goroutines run dice paths at once; zero means
	// one per processor (runtime.GOMAXPROCS). The odds are the same
	// whatever it is.
	Workers int
	// Cores, when set, lends the processors other computations of the
	// caller's leave idle (see Cores) to an estimate's resolutions and an
	// exact decision's dice paths, in place of Workers' goroutines: the
	// figures are the same either way.
	Cores *Cores
	// EveryValue follows every value of every die apart, ignoring the
	// classes the rules draw dice by (dice.RollClasses): the plain
	// enumeration, slower, for checking that a ruleset's classes are
	// right. The odds are the same; only Paths differs.
	EveryValue bool
	// Timeout bounds the computation's wall-clock time, and MaxMemory the
	// bytes it keeps of the situations and outcomes met (estimated from
	// the size of their keys, which hold the states in brief). Past
	// either the computation stops with a *BudgetError instead of running
	// away. They bound Calculator.All as a whole, as MaxPaths does. Zero
	// means DefaultTimeout and DefaultMaxMemory.
	Timeout   time.Duration
	MaxMemory int64
	// Progress, when set, is told how the computation is getting on about
	// once a second while it runs (not at all when it is quick), from one
	// goroutine at a time.
	Progress func(Progress)
	// Fallback makes a computation that cannot finish exactly within its
	// path, time or memory budget answer with an estimate instead of a
	// partial answer or a *BudgetError: the command resolved again and
	// again with seeded dice (see Estimate). Calculator.All always falls
	// back. Samples is the most resolutions an estimate plays; zero means
	// DefaultSamples.
	Fallback bool
	Samples  int
	// Ready, when set, is given each option of Calculator.All as soon as
	// its odds are final, before All returns, with its place among the
	// prompt's options: a caller may show some while the others are
	// computed. It is called from the goroutine that called All.
	Ready func(i int, h Headline)
	// Stop, when set, stops Calculator.All once it is closed: no other
	// option is started, and All returns ErrStopped (the option being
	// computed finishes first, within its budget).
	Stop <-chan struct{}
	// OptionTimeout, when not zero, bounds the wall-clock time of each
	// option of Calculator.All, as Timeout bounds them all: an option
	// past it is estimated (or refused) as one past Timeout is.
	OptionTimeout time.Duration

	// spend is the budget spent so far, shared by the options of All.
	spend *spend
	// share, when not zero, is how many dice paths this computation may
	// run of what is left of MaxPaths: an option's share in All.
	share int
	// plans are the plans of the key writers, shared by the computations
	// of a Calculator: working them out is a few percent of a pistol
	// shot's odds. Nil for a computation of its own.
	plans *planner
	// pools are the distributions of the dice pools drawn whole, shared
	// like plans; nil for a computation of its own.
	pools *dice.PoolCache
	// memo is the *memo[S] of the decisions resolved, shared by the
	// options of Calculator.All; nil for a computation of its own.
	memo any
	// reseed, when not zero, is mixed into the seed of an estimate, and
	// whole makes an estimate ignore the exact part: for tests that run
	// one estimate under many seeds, and against the whole estimated.
	reseed uint64
	whole  bool
	// unfolded leaves every ruling a situation of its own (see fold),
	// for tests that compare the odds both ways.
	unfolded bool
	// resume, when not nil, is the *calc of an option of All's first
	// round that waited, to go on with in the second.
	resume any
	// wait makes a computation past its share of the paths stop with
	// errOverShare rather than estimate: All's first round, whose options
	// past their shares try again with what the others left.
	wait bool
}

// ErrStopped is returned by Calculator.All when Options.Stop was closed
// before every option was computed.
var ErrStopped = errors.New("odds: stopped before every option was computed")

// Progress is how far an odds computation has got.
type Progress struct {
	// Paths is how many dice paths have been run, Elapsed for how long.
	Paths   int64
	Elapsed time.Duration
	// Option is the option being computed (from 1) of Options, and
	// Command its command, for Calculator.All; zero otherwise.
	Option, Options int
	Command         string
}

// BudgetError is returned when an odds computation goes past its time or
// memory budget (Options.Timeout, Options.MaxMemory). It says how far it
// got.
type BudgetError struct {
	// Budget names the budget: "time" or "memory"; Limit is its size.
	Budget string
	Limit  string
	// Paths is how many dice paths were run, Situations from how many
	// distinct situations, and Elapsed for how long.
	Paths      int64
	Situations int
	Elapsed    time.Duration
	// Command is the command (or option) being computed.
	Command string
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("odds of %q: past the %s budget of %s after %d dice paths from %d situations (%s): the question is too big to answer exactly; narrow it: one command rather than every option, a later decision with fewer prompts on the way, or a smaller path budget for a partial answer",
		e.Command, e.Budget, e.Limit, e.Paths, e.Situations, e.Elapsed.Round(time.Millisecond))
}

// spend is the budget an odds computation has spent, shared by the
// options of Calculator.All.
type spend struct {
	start, deadline time.Time
	maxMem          int64
	paths           int          // dice paths run, as counted at the end of each enumeration
	ran             atomic.Int64 // dice paths run, counted as they run
	mem             atomic.Int64 // bytes kept, estimated
	situations      atomic.Int64
	over            atomic.Pointer[BudgetError]

	progress        func(Progress)
	mu              sync.Mutex // guards what follows
	lastReport      time.Time
	option, options int
	command         string
}

func newSpend(o Options) *spend {
	now := time.Now()
	return &spend{start: now, deadline: now.Add(o.Timeout), maxMem: o.MaxMemory, progress: o.Progress, lastReport: now}
}

// check looks at the clock and the memory kept, every so often, and
// reports past a budget. n numbers the path about to run among all the
// paths of the computation, so that the clock is read every 256 paths
// however the paths are split into decisions and workers. It also yields
// the processor every 64 paths.
func (sp *spend) check(n int64) error {
	if e := sp.over.Load(); e != nil {
		return e
	}
	if sp.mem.Load() > sp.maxMem {
		return sp.exceeded("memory", fmt.Sprintf("%d MiB", sp.maxMem>>20))
	}
	if n%64 != 0 {
		return nil
	}
	// The enumeration never waits on anything, so the runtime's own
	// goroutines get a processor only when the scheduler takes it from it
	// (every 10ms). Among them is the GC's worker: while it waits, the GC
	// stays in its marking phase, where every pointer a path copies (the
	// scratch state) costs a write barrier. Yielding every hundred
	// microseconds or so lets it finish promptly: a fifth of the time of a
	// computation on one processor.
	runtime.Gosched()
	if n%256 != 0 {
		return nil
	}
	now := time.Now()
	if now.After(sp.deadline) {
		return sp.exceeded("time", sp.deadline.Sub(sp.start).String())
	}
	if sp.progress != nil {
		sp.mu.Lock()
		if now.Sub(sp.lastReport) >= time.Second {
			sp.lastReport = now
			sp.progress(Progress{Paths: sp.ran.Load(), Elapsed: now.Sub(sp.start), Option: sp.option, Options: sp.options, Command: sp.command})
		}
		sp.mu.Unlock()
	}
	return nil
}

// exceeded records that the budget named is spent.
func (sp *spend) exceeded(budget, limit string) error {
	sp.mu.Lock()
	command := sp.command
	sp.mu.Unlock()
	e := &BudgetError{Budget: budget, Limit: limit, Paths: sp.ran.Load(), Situations: int(sp.situations.Load()), Elapsed: time.Since(sp.start), Command: command}
	if sp.over.CompareAndSwap(nil, e) {
		return e
	}
	first := sp.over.Load()
	if first.Command == command {
		return first
	}
	// The budget was spent on an earlier option of All: this one's
	// refusal names it, not the option that spent it.
	again := *first
	again.Command = command
	return &again
}

// at tells the spend which option of All is being computed.
func (sp *spend) at(option, options int, command string) {
	sp.mu.Lock()
	sp.option, sp.options, sp.command = option, options, command
	sp.mu.Unlock()
}

func (o Options) withDefaults() Options {
	if o.MaxPaths <= 0 {
		o.MaxPaths = dice.DefaultMaxPaths
	}
	if o.MaxDraws <= 0 {
		o.MaxDraws = dice.DefaultMaxDraws
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxMemory <= 0 {
		o.MaxMemory = DefaultMaxMemory
	}
	if o.Samples <= 0 {
		o.Samples = DefaultSamples
	}
	return o
}

// RefusedError is returned when the command cannot be resolved in the
// state given: the actor is unknown, it is not the actor's decision, or the
// rules refuse the command. Err is the refusal, with its code; Command is
// "" when no command was named (Calculator.All).
type RefusedError struct {
	Actor   string
	Command string
	Err     *engine.Error
}

func (e *RefusedError) Error() string {
	if e.Command == "" {
		return fmt.Sprintf("no odds for %s (%s): %s", e.Actor, e.Err.Code, e.Err.Msg)
	}
	return fmt.Sprintf("%q from %s is refused (%s): %s", e.Command, e.Actor, e.Err.Code, e.Err.Msg)
}

// Unwrap returns the refusal, so that engine.CodeOf gives its code.
func (e *RefusedError) Unwrap() error { return e.Err }

// Of computes the exact odds of actor's command c in state s, which it does
// not modify. The command is resolved for every way the dice can fall; each
// prompt the resolution then stops at, other than a new turn decision or the
// end of the fight, is answered by policy (a GM ruling by its default) and
// resolved in turn, and so on until the fight waits for a turn decision
// again. opts.Policy names policy in the report.
//
// g must have the engine.Odds capability. A command that cannot be
// resolved gives a *RefusedError.
func Of[S, C, E any](g engine.Game[S, C, E], s *S, actor string, c C, policy engine.Policy[S, C], opts Options) (rep *Report, err error) {
	sum, err := engine.RequireOdds(g)
	if err != nil {
		return nil, fmt.Errorf("odds: %w", err)
	}
	if policy == nil {
		return nil, fmt.Errorf("odds: no policy to answer the prompts of the resolution")
	}
	if any(c) == nil {
		return nil, fmt.Errorf("odds: no command from %s", actor)
	}
	var text string
	defer func() {
		// A ruleset or policy bug must not bring the caller down.
		if r := recover(); r != nil {
			rep, err = nil, fmt.Errorf("odds: %s panicked while resolving %q from %s: %v", g.ID(), text, actor, r)
		}
	}()
	text = g.FormatCommand(c)
	p := g.Next(s)
	ids := g.Roster(s)
	if err := check(p, ids, actor, text); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	if opts.MaxPaths > MaxPathsCeiling {
		return nil, fmt.Errorf("odds: a budget of %d dice paths is past the ceiling of %d", opts.MaxPaths, MaxPathsCeiling)
	}
	sp := opts.spend
	if sp == nil {
		sp = newSpend(opts)
		sp.at(0, 0, text)
	}
	acting := actor
	if acting == engine.GM {
		acting = p.Actor
	}
	k, resumed := opts.resume.(*calc[S, C, E])
	if resumed {
		// All's second round: the first's computation goes on from
		// where it stopped, with this round's share.
		k.opts.share, k.opts.wait = opts.share, opts.wait
	} else {
		k = newCalc(g, sum, policy, opts, acting, ids, sp, s)
	}
	given := k.budget()
	allowed := k.paths + given // with those of All's first round
	var why string
	if !resumed && opts.Fallback && given > 0 {
		// A command whose own dice are far past the budget is estimated
		// at once, rather than after spending the budget on it.
		if size := k.probeSize(s, actor, c, k.seedOf(s, actor, text)^0x5eed); size > probeMargin*float64(given) {
			why = fmt.Sprintf("about %.3g dice paths for the command alone (probed), more than %d times the %d of its budget", size, probeMargin, given)
			err = errOverPaths
		}
	}
	switch {
	case why != "":
	case resumed:
		// Past its first share: what is left goes by probability.
		if k.deep == nil {
			k.deepen()
		}
		err = k.proceed()
	default:
		err = k.run(s, actor, c)
	}
	sp.paths += k.paths - k.spent
	k.spent = k.paths
	if opts.wait && (why != "" || errors.Is(err, errOverPaths)) {
		if why == "" {
			return nil, &waiting{resume: k}
		}
		return nil, errOverShare
	}
	if err != nil && opts.Fallback {
		// Past a budget: an estimate instead, from the same state.
		if why != "" {
			// Given up before it began.
		} else if over, ok := errors.AsType[*BudgetError](err); ok {
			why = fmt.Sprintf("past the %s budget of %s after %d dice paths in all", over.Budget, over.Limit, over.Paths)
		} else if errors.Is(err, errOverPaths) {
			why = fmt.Sprintf("more dice paths than the %d of its budget", allowed)
		}
		if why != "" {
			paths, situations := k.paths, k.situations
			var starts []start[S, C]
			if errors.Is(err, errOverPaths) && !opts.whole {
				starts = k.frontier()
			}
			if len(starts) == 0 {
				// Given up before the enumeration began, or past the
				// time or memory budget, where it stopped depends on the
				// clock: the whole is estimated, from the state.
				k.reset()
				root := choice[C]{who: actor, cmd: c, p: certain()}
				starts = []start[S, C]{{n: &node[S]{state: k.g.Clone(s), p: certain()}, ch: &root}}
			}
			if err = k.estimate(s, actor, text, why, starts); err == nil {
				k.paths, k.situations = paths, situations
			}
		}
	}
	if err != nil {
		if over, ok := errors.AsType[*BudgetError](err); ok {
			return nil, over
		}
		var refusal *engine.Error
		if errors.As(err, &refusal) && k.situations == 1 {
			return nil, &RefusedError{Actor: actor, Command: text, Err: refusal}
		}
		return nil, fmt.Errorf("odds of %q from %s: %w", text, actor, err)
	}
	rep = k.report()
	rep.Estimate, rep.exact = k.estimated, k.exactPart
	rep.Ruleset, rep.Actor, rep.Command, rep.Question, rep.Acting = g.ID(), actor, text, p.Question, acting
	return rep, nil
}

// newCalc returns a new computation of the odds of a command of acting in
// state s.
func newCalc[S, C, E any](g engine.Game[S, C, E], sum engine.Odds[S, C, E], policy engine.Policy[S, C], opts Options, acting string, ids []string, sp *spend, s *S) *calc[S, C, E] {
	k := &calc[S, C, E]{
		g: g, sum: sum, policy: policy, opts: opts, actor: acting, ids: ids, sp: sp,
		index:   map[string]int{},
		finals:  map[string]*final{},
		answers: map[answerKey]*answer{},
		reasons: reasonsFor(opts),
	}
	_, k.forgets = g.(engine.Forgetting[S, C])
	k.speed, _ = g.(engine.Speed[S, C, E])
	// One plan of the state's type for every key writer of the computation.
	plans := opts.plans
	if plans == nil {
		plans = newPlanner()
	}
	k.keys.plan = plans.planFor(reflect.TypeFor[*S]())
	if k.opts.pools == nil {
		k.opts.pools = &dice.PoolCache{}
	}
	if k.memo, _ = opts.memo.(*memo[S]); k.memo == nil {
		k.memo = newMemo[S]()
	}
	// Every key of the computation names its parts alike (see keyNames).
	k.keys.names = k.memo.names
	k.gatheredAt = map[string]*node[S]{}
	for i, id := range ids {
		k.index[id] = i
		cond, down := sum.Condition(s, id)
		k.before = append(k.before, cond)
		k.beforeDown = append(k.beforeDown, down)
	}
	return k
}

// check refuses a command from actor at prompt p when the fight is over,
// actor is neither a combatant (ids) nor the GM, or the decision is not
// actor's.
func check[C any](p engine.Prompt[C], ids []string, actor, command string) error {
	refuse := func(code engine.Code, format string, args ...any) error {
		return &RefusedError{Actor: actor, Command: command, Err: engine.Errorf(code, format, args...)}
	}
	switch {
	case p.Kind == engine.End:
		return refuse(engine.NotAllowedNow, "the fight is over")
	case actor != engine.GM && !slices.Contains(ids, actor):
		return refuse(engine.Invalid, "there is no combatant %q (the combatants are %s)", actor, strings.Join(ids, ", "))
	case !p.Accepts(actor):
		return refuse(engine.NotYourTurn, "it is %s's decision now, not %s's: %s", p.Actor, actor, p.Question)
	}
	return nil
}

// calc is one odds computation in progress.
type calc[S, C, E any] struct {
	g      engine.Game[S, C, E]
	sum    engine.Odds[S, C, E]
	policy engine.Policy[S, C]
	opts   Options
	// actor is the combatant whose command it is (the prompt's actor when
	// the GM gave it).
	actor string
	// ids are the combatants in roster order, index their positions and
	// before their conditions before the command.
	ids        []string
	index      map[string]int
	before     []string
	beforeDown []bool

	// finals are the outcomes reached, by key.
	finals map[string]*final
	// next are the situations the current level of decisions leads to, by
	// key, in the order first met.
	next      map[string]*node[S]
	nextOrder []string

	// speed is the ruleset's engine.Speed, nil when it has none. It is
	// asserted once here rather than by engine.Step, engine.ScratchInto
	// and engine.NextKind on every dice path: an interface assertion to a
	// generic interface looks its method table up in the runtime's table
	// each time, a few percent of a pistol shot.
	speed engine.Speed[S, C, E]

	// forgets is set when the ruleset has engine.Forgetting: the answers
	// of a level are then gathered, merged and resolved after it.
	forgets    bool
	gathered   []gathered[S, C]
	gatheredAt map[string]*node[S]
	forgot     S // the scratch of gather
	view       S // the scratch of answer

	answers     map[answerKey]*answer
	answerOrder []answerKey
	// limits are the probabilities left out, by reason, in the order first
	// met; reasons are the reasons, written once.
	limits  []limit
	reasons reasons
	// keys writes the keys of gather, buf holds the last.
	keys keyWriter
	buf  []byte
	// spare is the scratch of the workers of earlier decisions.
	spare []*leaves[S, C, E]
	// memo holds the results of the decisions resolved, by situation.
	memo *memo[S]
	// chunks hold what the results filed from the memo keep (replay).
	chunks chunks[S]

	paths      int
	situations int
	unique     atomic.Int64 // states that could not be keyed so far
	// estimated says how the outcomes were estimated; nil when they
	// were enumerated.
	estimated *Estimate
	// exactPart is the report of the exact part of an estimate of a
	// part (Estimate.Exact), for its intervals; frontier is what the
	// enumeration left to resolve when it stopped (see frontier.go).
	exactPart *Report
	// at is where run has got to; spent is how many of paths the spend
	// counts already (those of All's first round, when it goes on).
	at    cursor[S, C]
	spent int
	// deep, once set, holds the situations left for a later pass once
	// run goes by probability (see deep.go).
	deep *deferral[S]
	// splits are the choices the rest of a decision split by its dice
	// becomes, for the caller of resolve to put in its place (see
	// split.go).
	splits []choice[C]
	// big are the decisions probed far past the budget, left to the
	// frontier while the rest is resolved (proceed).
	big []gathered[S, C]
	sp  *spend // the budget, shared by the options of All
}

// node is a situation the resolution reaches with some probability: the
// state, waiting for a prompt to be answered, and the outcome so far.
type node[S any] struct {
	state S
	acc   partial
	p     prob
	steps int
	// rest, when not nil, is the *choice[C] that goes on from the state:
	// the rest of a decision paused at a merge point (see pause.go),
	// rather than the answer to a prompt.
	rest any
	// key is the state's key as keyWriter.appendState writes it, kept
	// from the leaf that made the node; "" when not written yet.
	key string
}

// final is an outcome reached, with its probability.
type final struct {
	acc   partial
	conds []string
	downs []bool
	p     tally
}

// partial is an outcome so far: the tags met and the damage taken.
type partial struct {
	tags   []string // sorted, without repeats
	damage []int    // by combatant index; nil while nobody is hurt
}

// answerKey groups alike answers to prompts.
type answerKey struct {
	actor, kind, command, by string
}

// answer is an Answer being gathered: its probability so far is p.
type answer struct {
	Answer
	p tally
}

// limit is probability left out, and why.
type limit struct {
	reason string
	p      prob
}

// reasons are the reasons probability may be left out, written once for
// the budget of a computation.
type reasons struct {
	budget, steps, policyDraws, draws string
}

func reasonsFor(o Options) reasons {
	return reasons{
		budget:      fmt.Sprintf("dice paths beyond the budget of %d", o.MaxPaths),
		steps:       fmt.Sprintf("resolutions that answer more than %d prompts", o.MaxSteps),
		policyDraws: fmt.Sprintf("policy choices drawing more than %d dice", o.MaxDraws),
		draws:       fmt.Sprintf("dice paths drawing more than %d dice in one decision", o.MaxDraws),
	}
}

// choice is a command that answers a prompt, with its probability.
type choice[C any] struct {
	who string
	cmd C
	p   prob
	// first, when not nil, are the classes of the first dice the
	// command's paths take as given: one part of a decision split by its
	// dice (see split.go), p including their probability.
	first []fixedDraw
}

// gather files answer ch of node n to be resolved once the level's
// prompts are all answered, together with every other situation answered
// alike that is the same once the ruleset forgets what the answer does not
// read (engine.Forgetting): one resolution for all of them, weighted by
// their probabilities added up. It returns the key under which the answer
// waits in k.gatheredAt, "" when it waits under none.
func (k *calc[S, C, E]) gather(n *node[S], ch choice[C]) string {
	w := n.p.mul(ch.p)
	if !engine.Forgets(k.g, &n.state, ch.who, ch.cmd) {
		// Nothing forgotten, nothing to merge with: n is the only
		// situation of its level with its state and outcome so far. It
		// waits with the others, as it is.
		g := &node[S]{state: n.state, acc: n.acc, p: w, steps: n.steps, key: n.key}
		k.gathered = append(k.gathered, gathered[S, C]{n: g, ch: choice[C]{who: ch.who, cmd: ch.cmd, p: certain()}})
		return ""
	}
	// The state forgotten in scratch memory, cloned only when new: most
	// answers forgotten meet one gathered before.
	forgot := &k.forgot
	engine.ScratchInto(k.g, forgot, &n.state)
	engine.Forget(k.g, forgot, ch.who, ch.cmd)
	b := append(k.buf[:0], ch.who...)
	b = append(b, '\x1f')
	b = append(b, k.g.FormatCommand(ch.cmd)...)
	b = append(b, '\x1f')
	b = appendPartial(b, n.acc.tags, n.acc.damage)
	at := len(b)
	b = k.keys.appendState(b, forgot, &k.unique)
	k.buf = b
	if have, ok := k.gatheredAt[string(b)]; ok {
		have.p = have.p.add(w)
		return string(b)
	}
	key := string(b)
	g := &node[S]{state: k.g.Clone(forgot), acc: n.acc, p: w, steps: n.steps, key: key[at:]}
	k.gatheredAt[key] = g
	k.gathered = append(k.gathered, gathered[S, C]{n: g, ch: choice[C]{who: ch.who, cmd: ch.cmd, p: certain()}})
	return key
}

// reset forgets the outcomes, answers and limits met so far, for an
// estimate to take the place of an enumeration that could not finish.
func (k *calc[S, C, E]) reset() {
	k.finals = map[string]*final{}
	k.next, k.nextOrder = nil, nil
	k.answers, k.answerOrder = map[answerKey]*answer{}, nil
	k.limits = nil
	k.deep = nil
	k.big = nil
	k.gathered = k.gathered[:0]
	clear(k.gatheredAt)
}

// gathered is an answer waiting to be resolved, with the situations
// gather merged into n.
type gathered[S, C any] struct {
	n  *node[S]
	ch choice[C]
}

// leaveOut records probability p as uncovered, for the reason given.
func (k *calc[S, C, E]) leaveOut(reason string, p prob) {
	if p.isZero() {
		return
	}
	for i := range k.limits {
		if k.limits[i].reason == reason {
			k.limits[i].p = k.limits[i].p.add(p)
			return
		}
	}
	k.limits = append(k.limits, limit{reason: reason, p: p})
}

// budget returns how many dice paths are left to run, of the budget of the
// whole computation.
func (k *calc[S, C, E]) budget() int {
	ran := k.paths - k.spent // not counted by the spend yet
	left := k.opts.MaxPaths - k.sp.paths - ran
	if k.opts.share > 0 {
		left = min(left, k.opts.share-ran)
	}
	return left
}

// answer decides the prompt node n waits for: a GM ruling by its default,
// anything else by the policy, given the view and prompt of the one who
// decides. The policy may draw dice; every way they fall is a choice.
func (k *calc[S, C, E]) answer(n *node[S]) ([]choice[C], error) {
	p := k.g.Next(&n.state)
	if p.Kind == engine.Ruling && p.Default >= 0 && p.Default < len(p.Options) {
		cmd := p.Options[p.Default].Command
		k.answered(n, p, k.g.FormatCommand(cmd), "ruling default", n.p)
		return []choice[C]{{who: p.Actor, cmd: cmd, p: certain()}}, nil
	}
	viewer := engine.Viewer{Combatant: p.Actor}
	if p.Actor == engine.GM {
		viewer = engine.Everyone
	}
	// The prompt as the one deciding sees it, from the prompt in full
	// (engine.ViewPrompt would ask for it again).
	secrets, _ := k.g.(engine.Secrets[S, C, E])
	vp := p
	if secrets != nil && !viewer.GM {
		q := p
		q.Options = slices.Clone(p.Options)
		vp = secrets.ViewPrompt(&n.state, q, viewer)
	}
	if k.budget() <= 0 {
		if k.opts.Fallback {
			return nil, errOverPaths
		}
		k.leaveOut(k.reasons.budget, n.p)
		return nil, nil
	}
	cmds := map[string]C{}
	var nothing bool
	en, err := dice.Enumerate(func(src dice.Source) (string, error) {
		if err := k.sp.check(k.sp.ran.Add(1)); err != nil {
			return "", err
		}
		// A fresh view each time: nothing a policy does to it carries
		// over. ViewInto writes it all again, in the memory of the last.
		view := &k.view
		if secrets != nil {
			secrets.ViewInto(view, &n.state, viewer)
		} else {
			*view = k.g.Clone(&n.state)
		}
		cmd := k.policy.Choose(view, &vp, src)
		if any(cmd) == nil {
			nothing = true
			return "", nil
		}
		text := k.g.FormatCommand(cmd)
		if _, ok := cmds[text]; !ok {
			cmds[text] = cmd
		}
		return text, nil
	}, dice.EnumerateOptions{MaxPaths: k.budget(), MaxDraws: k.opts.MaxDraws, Partial: true, EveryValue: k.opts.EveryValue, Pools: k.opts.pools})
	if err != nil {
		if errors.Is(err, errOverPaths) {
			return nil, err
		}
		return nil, fmt.Errorf("odds: the %s policy answering %s's prompt %q: %w", k.opts.Policy, p.Actor, p.Question, err)
	}
	if nothing {
		return nil, fmt.Errorf("odds: the %s policy gave no answer to %s's prompt %q", k.opts.Policy, p.Actor, p.Question)
	}
	k.paths += en.Paths
	if k.opts.Fallback && en.Unexplored.Sign() > 0 {
		return nil, errOverPaths
	}
	k.leaveOut(k.reasons.budget, n.p.mul(probOf(en.Unexplored)))
	k.leaveOut(k.reasons.policyDraws, n.p.mul(probOf(en.Truncated)))
	out := make([]choice[C], 0, len(en.Outcomes))
	by := strings.TrimSpace("policy " + k.opts.Policy)
	for _, o := range en.Outcomes {
		op := probOf(o.P)
		k.answered(n, p, o.Value, by, n.p.mul(op))
		out = append(out, choice[C]{who: p.Actor, cmd: cmds[o.Value], p: op})
	}
	return out, nil
}

// answered records that prompt p of node n was answered with command, by
// whom, with probability w.
func (k *calc[S, C, E]) answered(n *node[S], p engine.Prompt[C], command, by string, w prob) {
	key := answerKey{actor: p.Actor, kind: string(p.Kind), command: command, by: by}
	a, ok := k.answers[key]
	if !ok {
		a = &answer{Answer: Answer{Actor: p.Actor, Kind: string(p.Kind), Question: p.Question, Command: command, By: by}}
		for _, o := range p.Options {
			if k.g.FormatCommand(o.Command) == command {
				a.Label = o.Label
				break
			}
		}
		k.answers[key] = a
		k.answerOrder = append(k.answerOrder, key)
	}
	a.p.add(w)
}

// resolve enumerates the dice of one decision from node n and files every
// result: an outcome when the fight then waits for a turn decision or is
// over, a situation of the next level otherwise.
func (k *calc[S, C, E]) resolve(n *node[S], ch choice[C]) error {
	weight := n.p.mul(ch.p)
	// A decision met before, from the same state (whatever the outcome
	// so far), gives the same results: they are filed again rather than
	// enumerated again.
	b := append(k.buf[:0], k.actor...)
	b = append(b, '\x1f')
	b = append(b, ch.who...)
	b = append(b, '\x1f')
	b = append(b, k.g.FormatCommand(ch.cmd)...)
	head := len(b)
	b = appendFixed(b, ch.first)
	fixedEnd := len(b)
	b = append(b, '\x1f')
	if n.key != "" {
		b = append(b, n.key...)
	} else {
		b = k.keys.appendState(b, &n.state, &k.unique)
	}
	k.buf = b
	if m, ok := k.memo.done[string(b)]; ok && m.folds <= k.opts.MaxSteps-n.steps {
		k.replay(n, weight, m)
		return nil
	}
	memoKey := string(b)
	budget := k.budget()
	if budget <= 0 {
		if k.opts.Fallback {
			return errOverPaths
		}
		k.leaveOut(k.reasons.budget, weight)
		return nil
	}
	if k.tooBig(n, ch, weight, budget, memoKey[:fixedEnd+1]) {
		// Left to the frontier, and the rest resolved (proceed).
		k.big = append(k.big, gathered[S, C]{n: n, ch: ch})
		return nil
	}
	// Which paths a budget that runs out leaves out depends on the order
	// they run in. On one worker they run in order, and a partial answer
	// covers the first of them; split among several, the paths run are
	// counted here, and a decision that does not fit in what is left of
	// the budget stops when it is spent, rather than be run again in
	// order: it is then left out whole, or estimated (Fallback).
	//
	// On one worker, a computation that falls back keeps the paths run
	// and splits what is left by its dice (split.go), the trail of the
	// last path run saying where it stopped.
	//
	// Cores lent (Options.Cores) run a decision's paths on several
	// goroutines as well, with the result of one worker's: the decision is
	// split by its first die, its parts merged in the order one worker
	// runs them, and a decision that runs the budget out is run again in
	// order (dice.EnumerateParallel), so that the budget covers the same
	// paths and the trail says the same.
	splits := k.opts.Fallback && k.opts.Workers <= 1
	counted := k.opts.Fallback && !splits || k.opts.Workers > 1
	workers := k.opts.Workers
	if workers <= 1 && k.opts.Cores != nil {
		for workers < lentCores && k.opts.Cores.take() {
			workers++
		}
		defer func(lent int) {
			for range lent {
				k.opts.Cores.Give()
			}
		}(workers - 1)
	}
	var tr *trail
	var ran atomic.Int64
	maxPaths := budget
	if counted {
		maxPaths = budget + 1 // never reached: the count stops first
	}
	var mu sync.Mutex
	var all []*leaves[S, C, E]
	defer func() {
		// The scratch of the workers serves the next decision's.
		for _, l := range all {
			clear(l.index)
			clear(l.known)
		}
		k.spare = append(k.spare, all...)
	}()
	// A path's result is its leaf: the enumeration tells them apart by
	// pointer rather than by their long keys. Workers that meet the same
	// result each have a leaf of their own for it, merged below by key.
	en, err := dice.EnumerateParallel(func() func(dice.Source) (*leaf[S], error) {
		mu.Lock()
		var l *leaves[S, C, E]
		if n := len(k.spare); n > 0 {
			l, k.spare = k.spare[n-1], k.spare[:n-1]
		} else {
			l = &leaves[S, C, E]{index: map[string]*leaf[S]{}, keys: keyWriter{plan: k.keys.plan, names: k.keys.names}}
		}
		all = append(all, l)
		mu.Unlock()
		// With Forgetting, a decision may stop at a merge point the
		// ruleset offers, the rest left to the next level (pause.go).
		var ps *pausing[C]
		if k.forgets {
			ps = &pausing[C]{}
		}
		var fixed *fixedSource
		if ch.first != nil {
			fixed = &fixedSource{every: k.opts.EveryValue}
		}
		// Each worker keeps a trail of its own; the last made is that of
		// the run in order, the one a decision run out of budget ends with.
		var own *trail
		if splits {
			own = &trail{every: k.opts.EveryValue, pools: k.opts.pools}
			tr = own
		}
		return func(src dice.Source) (*leaf[S], error) {
			if own != nil {
				src = own.on(src)
			}
			if fixed != nil {
				src = fixed.on(src, ch.first)
			}
			if ps != nil {
				src = ps.on(src)
			}
			if counted && ran.Add(1) > int64(budget) {
				return nil, errOverPaths
			}
			if err := k.sp.check(k.sp.ran.Add(1)); err != nil {
				return nil, err
			}
			var events []E
			var err error
			if k.speed != nil {
				k.speed.ScratchInto(&l.after, &n.state)
				events, err = k.speed.Step(&l.after, ch.who, ch.cmd, src, l.events[:0])
			} else {
				engine.ScratchInto(k.g, &l.after, &n.state)
				events, err = engine.Step(k.g, &l.after, ch.who, ch.cmd, src, l.events[:0])
			}
			keep(&l.events, events)
			if err != nil {
				return nil, err
			}
			keep(&l.took, append(l.took[:0], make([]int, len(k.ids))...))
			said := k.sum.Outcome(&n.state, k.actor, events, &l.after, l.said[:0], l.took)
			said, err = k.fold(l, n, src, ps, said)
			keep(&l.said, said)
			if err != nil {
				return nil, err
			}
			if fixed != nil && (fixed.wrong || fixed.pos < len(ch.first)) {
				return nil, k.drewOther(ch)
			}
			var rest *choice[C]
			if ps != nil && ps.paused {
				rest = &ps.rest
				engine.Forget(k.g, &l.after, rest.who, rest.cmd)
			}
			return k.file(l, n, &l.after, said, rest), nil
		}
	}, workers, dice.EnumerateOptions{MaxPaths: maxPaths, MaxDraws: k.opts.MaxDraws - len(ch.first), Partial: true, EveryValue: k.opts.EveryValue, Pools: k.opts.pools})
	if errors.Is(err, errOverPaths) {
		// The decision's count ran the whole budget out.
		k.paths += budget
		if k.opts.Fallback {
			return errOverPaths
		}
		k.leaveOut(k.reasons.budget, weight)
		return nil
	}
	if err != nil {
		if n.steps == 0 {
			return err
		}
		return fmt.Errorf("%s's answer %q to a prompt met on the way: %w", ch.who, k.g.FormatCommand(ch.cmd), err)
	}
	k.paths += en.Paths
	split := false
	if splits && en.Unexplored.Sign() > 0 {
		// Out of the budget in the middle of the decision: what it ran is
		// kept, and the rest split by its dice.
		parts, cut, ok := k.rest(ch, tr, k.opts.MaxDraws-len(ch.first), en.Unexplored)
		if !ok {
			return errOverPaths
		}
		k.splits, split = parts, true
		k.leaveOut(k.reasons.draws, weight.mul(cut))
		// Once its parts are all resolved, the decision is in the memo
		// whole.
		sp := make([]splitPart, len(parts))
		for i, pt := range parts {
			key := appendFixed(append([]byte(nil), memoKey[:head]...), pt.first)
			sp[i] = splitPart{key: string(append(key, memoKey[fixedEnd:]...)), p: certain()}
			for _, d := range pt.first[len(ch.first):] {
				sp[i].p = sp[i].p.mul(classP(d))
			}
		}
		k.memo.split(memoKey, en, cut, sp)
	} else {
		k.leaveOut(k.reasons.budget, weight.mul(probOf(en.Unexplored)))
	}
	k.leaveOut(k.reasons.draws, weight.mul(probOf(en.Truncated)))
	if en.Unexplored.Sign() == 0 {
		k.memo.keep(memoKey, en)
	}
	var rulings []ruledP
	for _, o := range en.Outcomes {
		if len(o.Value.rulings) > 0 {
			rulings = addRulings(rulings, o.Value.rulings, probOf(o.P))
		}
	}
	for _, r := range rulings {
		k.ruled(r.r, weight.mul(r.p))
	}
	for _, o := range en.Outcomes {
		w := weight.mul(probOf(o.P))
		e := o.Value
		if e.final != nil {
			if have, ok := k.finals[e.key]; ok {
				have.p.add(w)
				continue
			}
			e.final.p = tallyOf(w)
			k.finals[e.key] = e.final
			continue
		}
		if have, ok := k.next[e.key]; ok {
			have.p = have.p.add(w)
			continue
		}
		e.next.p = w
		k.next[e.key] = e.next
		k.nextOrder = append(k.nextOrder, e.key)
	}
	if split {
		return errSplit
	}
	return nil
}

// leaves files the results of the dice paths one worker runs for one
// decision, a leaf for each distinct key; the enumerated function returns
// the leaf. Its scratch state, slices and buffers spare allocations per
// path, and are kept from one decision to the next (calc.spare).
type leaves[S, C, E any] struct {
	index  map[string]*leaf[S]
	after  S        // the state a path leads to, reused path after path
	events []E      // the events of the path's decision, when the ruleset steps
	said   []string // the tags of the path's decision
	took   []int    // the damage of the path's decision, by combatant
	keys   keyWriter
	buf    []byte // the key of the path's leaf
	full   []byte // the full key of a new leaf
	order  []int  // the decision's tags in order, as indices
	merged []int  // the outcome's tags, as indices (see mergeTags)
	damage []int
	// moves, ruled, rulings and known are the scratch of fold: the
	// prompt of a ruling, the state after it, the rulings of the path and
	// those met in the decision so far.
	moves   engine.Prompt[C]
	ruled   S
	rulings []*ruling
	known   map[string]*ruling
	// chunks hold what the distinct results keep.
	chunks chunks[S]
}

// leaf is one distinct result: an outcome (final), or a situation to go on
// from (next).
type leaf[S any] struct {
	key   string
	final *final
	next  *node[S]
	// said and took are the decision's own tags and damage, and tail the
	// end of key that is the conditions or the state: what a memo keeps
	// to file the result again from another outcome so far.
	said []string
	took []int
	tail string
	// rest is the *choice[C] that goes on from next after a merge point
	// (see pause.go); nil otherwise.
	rest any
	// rulings are the GM's rulings the path answered by default after its
	// decision (see fold).
	rulings []*ruling
}

// chunks hand out the memory of what distinct results keep, a chunk at a
// time rather than an allocation each. What they hand out is never reused.
type chunks[S any] struct {
	bytes   []byte // the keys' text
	leaves  []leaf[S]
	finals  []final
	strings []string
	ints    []int
	bools   []bool
	nodes   []node[S] // the situations a memo's results are filed as (replay)
}

// nextChunk is the length of the chunk after one of length n: they start
// small, for the computations that keep little, and grow a little.
func nextChunk(n int) int { return min(max(2*n, 16), 64) }

// one returns a new zero value from the chunk *chunk, starting a new chunk
// when it has no room.
func one[T any](chunk *[]T) *T {
	if len(*chunk) == cap(*chunk) {
		*chunk = make([]T, 0, nextChunk(cap(*chunk)))
	}
	*chunk = (*chunk)[:len(*chunk)+1]
	return &(*chunk)[len(*chunk)-1]
}

// keep keeps the memory of buffer b in *dst for the next path, which
// appends to (*dst)[:0]; it stores b only when that memory changed, to
// spare a path the write barriers of storing a slice while the GC marks.
func keep[T any](dst *[]T, b []T) {
	if cap(b) != cap(*dst) {
		*dst = b
	}
}

// text returns b as a string whose bytes are in the chunk c.bytes, rather
// than in an allocation of its own. Strings never change, and nothing is
// ever written over what a chunk has handed out, so the string stays as it
// is; it keeps its chunk alive, as the leaves keep theirs.
func (c *chunks[S]) text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(c.bytes)-len(c.bytes) < len(b) {
		c.bytes = make([]byte, 0, max(64*nextChunk(cap(c.bytes)/64), len(b)))
	}
	i := len(c.bytes)
	c.bytes = append(c.bytes, b...)
	return unsafe.String(&c.bytes[i], len(b))
}

// grow returns n new zero values from the chunk *chunk, starting a new
// chunk when it has no room. Their capacity is their length, so that
// appending to them never writes into the chunk.
func grow[T any](chunk *[]T, n int) []T {
	if cap(*chunk)-len(*chunk) < n {
		*chunk = make([]T, 0, max(nextChunk(cap(*chunk)), n))
	}
	i := len(*chunk)
	*chunk = (*chunk)[:i+n]
	return (*chunk)[i : i+n : i+n]
}

// tagOrder appends to order the indices of tags in the order of the tags.
func tagOrder(order []int, tags []string) []int {
	for i := range tags {
		order = append(order, i)
	}
	// By insertion: a decision says a few.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && tags[order[j]] < tags[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// mergeTags appends to merged the tags of have (sorted, without repeats)
// and said (in the order given) together, sorted, without repeats, each as
// its index for tagAt.
func mergeTags(merged []int, have, said []string, order []int) []int {
	var last string
	for i, j := 0, 0; i < len(have) || j < len(order); {
		var x int
		var t string
		if j == len(order) || i < len(have) && have[i] <= said[order[j]] {
			x, t = i, have[i]
			i++
		} else {
			x, t = len(have)+order[j], said[order[j]]
			j++
		}
		if len(merged) > 0 && t == last {
			continue
		}
		merged, last = append(merged, x), t
	}
	return merged
}

// tagAt returns the tag of index x of mergeTags.
func tagAt(x int, have, said []string) string {
	if x < len(have) {
		return have[x]
	}
	return said[x-len(have)]
}

// file returns the leaf of the result of one dice path from node n, found
// or made by its key: the outcome so far plus the decision's tags and
// damage (l.said and l.took), and then everyone's condition if the
// resolution is over, or the state it goes on from.
//
// Every path of a decision starts from the same node, so a path looks its
// leaf up by a shorter key that leaves n out: the decision's tags as it
// said them, its damage, and the conditions or the state. Only a new leaf
// works out its full key (n's tags and the decision's merged, sorted,
// without repeats, and the damage added up), by which resolve merges the
// leaves of other workers and other decisions, and those of this one that
// said the same tags in another order or a tag n already had.
//
// rest, when not nil, is the rest of a decision paused at a merge point:
// the result is then a situation that goes on with it, rather than with
// the answer to a prompt.
func (k *calc[S, C, E]) file(l *leaves[S, C, E], n *node[S], after *S, said []string, rest *choice[C]) *leaf[S] {
	// The conditions, or the state (and the rest of a decision paused),
	// as the full key ends; then how many tags, each ended as in the full
	// key, everyone's damage in binary (every path of the decision has as
	// many numbers) and the rulings. The end the full key shares comes
	// first, so that a new leaf keeps it once for both keys.
	var kind engine.PromptKind
	if k.speed != nil {
		kind = k.speed.NextKind(after)
	} else {
		kind = engine.NextKind(k.g, after)
	}
	over := rest == nil && (kind == engine.Act || kind == engine.End)
	b := l.buf[:0]
	stateAt := 0 // where the state's key starts in b, if it is there
	kindOf := byte('F')
	if over {
		for _, id := range k.ids {
			cond, _ := k.sum.Condition(after, id)
			b = append(b, cond...)
			b = append(b, ';')
		}
	} else {
		kindOf = 'C'
		if rest != nil {
			kindOf = 'P'
			b = appendRest(b, rest.who, k.g.FormatCommand(rest.cmd))
		}
		stateAt = len(b)
		b = l.keys.appendState(b, after, &k.unique)
	}
	tail := len(b) // the end of the shared part
	b = binary.AppendUvarint(append(b, kindOf), uint64(len(said)))
	for _, t := range said {
		b = append(b, t...)
		b = append(b, '\x1f')
	}
	for _, d := range l.took {
		b = binary.AppendVarint(b, int64(d))
	}
	for _, r := range l.rulings {
		b = append(b, '\x1e')
		b = append(b, r.actor...)
		b = append(b, '\x1f')
		b = append(b, r.command...)
	}
	keep(&l.buf, b)
	if e, ok := l.index[string(b)]; ok {
		return e
	}

	// A new leaf. It writes no strings but into chunks (each would cost a
	// write barrier while the GC marks): its tags are n's and the
	// decision's merged by their indices, and everyone's condition is
	// asked again for a new outcome.
	order := tagOrder(l.order[:0], said)
	keep(&l.order, order)
	merged := mergeTags(l.merged[:0], n.acc.tags, said, order)
	keep(&l.merged, merged)
	damage := append(l.damage[:0], l.took...)
	keep(&l.damage, damage)
	if n.acc.damage != nil {
		for i, d := range n.acc.damage {
			damage[i] += d
		}
	}
	// The full key, then the rest of the short one after the shared end:
	// kept once, the two keys are parts of it.
	full := appendJoined(l.full[:0], kindOf, merged, n.acc.tags, said, damage, b[:tail])
	fullLen := len(full)
	full = append(full, b[tail:]...)
	keep(&l.full, full)
	c := &l.chunks
	var acc partial
	if len(merged) > 0 {
		acc.tags = grow(&c.strings, len(merged))
		for i, x := range merged {
			acc.tags[i] = tagAt(x, n.acc.tags, said)
		}
	}
	if slices.ContainsFunc(damage, func(d int) bool { return d != 0 }) {
		acc.damage = grow(&c.ints, len(damage))
		copy(acc.damage, damage)
	}
	e := one(&c.leaves)
	both := c.text(full)
	e.key = both[:fullLen]
	e.tail = both[fullLen-tail : fullLen]
	if len(said) > 0 {
		e.said = grow(&c.strings, len(said))
		copy(e.said, said)
	}
	e.took = grow(&c.ints, len(l.took))
	copy(e.took, l.took)
	if len(l.rulings) > 0 {
		e.rulings = slices.Clone(l.rulings)
	}
	if over {
		f := final{acc: acc, conds: grow(&c.strings, len(k.ids)), downs: grow(&c.bools, len(k.ids))}
		for i, id := range k.ids {
			f.conds[i], f.downs[i] = k.sum.Condition(after, id)
		}
		e.final = one(&c.finals)
		*e.final = f
	} else {
		e.next = one(&c.nodes)
		*e.next = node[S]{state: k.g.Clone(after), acc: acc, steps: n.steps + 1 + len(l.rulings), key: e.tail[stateAt:]}
		if rest != nil {
			r := *rest
			e.next.rest, e.rest = &r, &r
		}
	}
	l.index[both[fullLen-tail:]] = e
	// What a leaf keeps, for the memory budget: its keys, what it says of
	// the outcome again, the state (about the size of its JSON, some three
	// times its part of the key) and some change.
	state := 0
	if !over {
		state = tail
	}
	k.sp.mem.Add(int64(len(e.key) + len(b) + 2*state + 256))
	return e
}

// scratchInto copies src into dst as engine.ScratchInto does, through the
// ruleset's engine.Speed when it has it, asserted once (calc.speed).
func (k *calc[S, C, E]) scratchInto(dst, src *S) {
	if k.speed != nil {
		k.speed.ScratchInto(dst, src)
		return
	}
	engine.ScratchInto(k.g, dst, src)
}

// nextKind returns the kind of the prompt state s waits for, as
// engine.NextKind does, through calc.speed when the ruleset has it.
func (k *calc[S, C, E]) nextKind(s *S) engine.PromptKind {
	if k.speed != nil {
		return k.speed.NextKind(s)
	}
	return engine.NextKind(k.g, s)
}

// moves sets *p to the prompt s waits for as a policy reads it, as
// engine.Moves does, through calc.speed when the ruleset has it.
func (k *calc[S, C, E]) moves(s *S, p *engine.Prompt[C]) {
	if k.speed != nil {
		k.speed.Moves(s, p)
		return
	}
	*p = k.g.Next(s)
}

// appendJoined writes the full key of a result: its kind ('F' an outcome,
// 'C' a situation, 'P' one paused at a merge point), the tags merged (mergeTags) from have and said, the
// damage, and tail, the conditions or the state.
func appendJoined[T string | []byte](b []byte, kind byte, merged []int, have, said []string, damage []int, tail T) []byte {
	b = append(b, kind)
	for _, x := range merged {
		b = append(b, tagAt(x, have, said)...)
		b = append(b, '\x1f')
	}
	b = appendDamage(b, damage)
	return append(b, tail...)
}

// appendRest writes who goes on with which command after a merge point,
// before the state of a situation paused there.
func appendRest(b []byte, who, command string) []byte {
	b = append(b, '>')
	b = append(b, who...)
	b = append(b, '\x1f')
	b = append(b, command...)
	return append(b, '\x1f')
}

// appendPartial writes an outcome so far: its tags and who took how much
// damage.
func appendPartial(b []byte, tags []string, damage []int) []byte {
	for _, t := range tags {
		b = append(b, t...)
		b = append(b, '\x1f')
	}
	return appendDamage(b, damage)
}

// appendDamage writes who took how much damage, after the tags.
func appendDamage(b []byte, damage []int) []byte {
	b = append(b, '|')
	for i, d := range damage {
		if d != 0 {
			b = strconv.AppendInt(b, int64(i), 10)
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(d), 10)
			b = append(b, ';')
		}
	}
	return append(b, '|')
}
