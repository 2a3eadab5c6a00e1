package sim

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"fray/dice"
	"fray/engine"
)

// DefaultMaxDecisions is how many decisions a fight may take, unless Options
// say otherwise, before it is stopped and counted as a timeout. A fight the
// ruleset stops at its own limit (engine.TimeLimit) counts as one too.
const DefaultMaxDecisions = 10_000

// Options say how to run a simulation.
type Options struct {
	// Name names the encounter in the report.
	Name string
	// Fights is how many fights to play; it must be at least 1.
	Fights int
	// First is the number of the first fight played: the run plays fights
	// First to First+Fights-1 of the experiment its seed names, so that
	// runs of adjacent spans add up to one run of them all (see Shard). 0
	// for a whole run.
	First int
	// Seed is the run's seed; fight i draws its dice from
	// dice.Seeded(FightSeed(Seed, i)).
	Seed uint64
	// Workers is how many fights are played at once; 0 means
	// runtime.GOMAXPROCS(0). The report does not depend on it.
	Workers int
	// Policies names the policy that decides for each side, by side; sides
	// not named get the ruleset's tactical policy (or, without one, the
	// random policy).
	Policies map[string]string
	// MaxDecisions stops a fight that has taken this many decisions and
	// counts it as a timeout; 0 means DefaultMaxDecisions.
	MaxDecisions int
	// Progress, if set, is called as fights finish with how many have just
	// finished. It is called from the workers' goroutines, so it must be
	// safe for concurrent use.
	Progress func(fights int)
	// Stop, if set, ends the run early once it is closed: no fight starts
	// after it (the workers look at it between chunks of fights), those
	// under way finish, and the report covers the fights played, with
	// Interrupted set.
	Stop <-chan struct{}
}

// stopped reports whether the run's Stop channel is closed.
func (o *Options) stopped() bool {
	select {
	case <-o.Stop:
		return true
	default:
		return false
	}
}

// FightSeed is the seed of fight i of a run with the given seed: the fight
// draws its dice from dice.Seeded(FightSeed(seed, i)). Playing the
// encounter with that seed and the same deterministic policies (fray play
// --auto --seed) plays the same fight.
func FightSeed(seed uint64, i int) uint64 { return dice.Mix(seed, uint64(i)) }

// PolicySeed is the seed of the stream the policies of the fight with the
// given dice seed draw their random choices from: dice.Seeded(PolicySeed(s)).
// It is apart from the dice, so that a policy that draws does not shift
// the dice of the fight.
func PolicySeed(fightSeed uint64) uint64 { return dice.Mix(fightSeed, 1) }

// chunk is how many fights a worker takes at a time.
const chunk = 64

// Run plays opts.Fights fights of the encounter that starts from initial,
// each side decided by a policy from policies (by name), and reports the
// results. It drives g's Decide and Evolve directly on a fresh copy of
// initial per fight. The report is the same for the same seed whatever
// the number of workers.
//
// A command a policy chooses that g refuses, or a panic in g or a policy,
// stops the run with an error naming the fight, its seed and the decision.
func Run[S, C, E any](g engine.Game[S, C, E], initial *S, policies map[string]engine.Policy[S, C], opts Options) (*Report, error) {
	p, err := RunPartial(g, initial, policies, opts)
	if err != nil {
		return nil, err
	}
	return p.Report(), nil
}

// RunPartial is Run giving the run's totals rather than its report: the
// counts and sums the report is computed from, which add up exactly with
// those of other spans of fights of the same experiment (MergePartials).
func RunPartial[S, C, E any](g engine.Game[S, C, E], initial *S, policies map[string]engine.Policy[S, C], opts Options) (*Partial, error) {
	sim, err := newSimulation(g, initial, policies, opts)
	if err != nil {
		return nil, err
	}
	return sim.run()
}

// simulation is one run: what every worker shares, read-only.
type simulation[S, C, E any] struct {
	g       engine.Game[S, C, E]
	initial S
	opts    Options

	speed   engine.Speed[S, C, E]      // nil without the capability
	tallier engine.Simulation[S, C, E] // nil without the capability
	steps   engine.StepTally[S]        // nil without the capability, or without Speed
	// tallyEach is set when the decision loop tallies each step's events
	// (Tally), rather than the steps themselves (steps).
	tallyEach bool
	limit     engine.TimeLimit[S, C, E] // nil without the capability
	secrets   engine.Secrets[S, C, E]   // nil when nothing is hidden

	roster   []string       // combatant ids
	index    map[string]int // roster index by id
	sides    []string       // known sides, in roster order
	sideOf   []string       // side by roster index
	policy   map[string]engine.Policy[S, C]
	policyAt []engine.Policy[S, C] // the policy of each roster index
	// only is the policy that decides for every side, when one does (the
	// usual run): the decision loop then looks nobody up. direct is only
	// when nothing is hidden either, for the loop to ask it itself.
	only     engine.Policy[S, C]
	direct   engine.Policy[S, C]
	names    map[string]string // policy name by side
	fallback string            // the policy of sides not named
	maxDec   int
}

func newSimulation[S, C, E any](g engine.Game[S, C, E], initial *S, policies map[string]engine.Policy[S, C], opts Options) (*simulation[S, C, E], error) {
	if opts.Fights < 1 {
		return nil, fmt.Errorf("the number of fights must be at least 1, not %d", opts.Fights)
	}
	if opts.First < 0 || opts.First > math.MaxInt-opts.Fights {
		return nil, fmt.Errorf("the first fight must be from 0 to %d, not %d", math.MaxInt-opts.Fights, opts.First)
	}
	if opts.Workers < 0 {
		return nil, fmt.Errorf("the number of workers must be 0 (one per CPU) or more, not %d", opts.Workers)
	}
	if opts.MaxDecisions < 0 {
		return nil, fmt.Errorf("the decision limit must be 0 (the default) or more, not %d", opts.MaxDecisions)
	}
	sim := &simulation[S, C, E]{g: g, initial: g.Clone(initial), opts: opts, maxDec: opts.MaxDecisions}
	if sim.maxDec == 0 {
		sim.maxDec = DefaultMaxDecisions
	}
	sim.speed, _ = g.(engine.Speed[S, C, E])
	sim.limit, _ = g.(engine.TimeLimit[S, C, E])
	sim.tallier, _ = engine.Simulated(g)
	if sim.tallier != nil && sim.speed != nil {
		sim.steps, _ = g.(engine.StepTally[S])
	}
	sim.tallyEach = sim.tallier != nil && sim.steps == nil
	sim.secrets, _ = g.(engine.Secrets[S, C, E])
	sim.roster = g.Roster(&sim.initial)
	sim.index = make(map[string]int, len(sim.roster))
	for i, id := range sim.roster {
		sim.index[id] = i
		sim.sideOf = append(sim.sideOf, g.SideOf(&sim.initial, id))
	}
	sim.sides = sidesOf(g, &sim.initial)
	if err := sim.choosePolicies(policies); err != nil {
		return nil, err
	}
	return sim, nil
}

// sidesOf lists the sides of the combatants of s in roster order.
func sidesOf[S, C, E any](g engine.Ruleset[S, C, E], s *S) []string {
	var sides []string
	for _, id := range g.Roster(s) {
		if side := g.SideOf(s, id); side != "" && !slices.Contains(sides, side) {
			sides = append(sides, side)
		}
	}
	return sides
}

// choosePolicies settles which policy decides for each side.
func (sim *simulation[S, C, E]) choosePolicies(policies map[string]engine.Policy[S, C]) error {
	known := slices.Sorted(maps.Keys(policies))
	if len(known) == 0 {
		return fmt.Errorf("ruleset %s offers no policies to simulate with", sim.g.ID())
	}
	sim.fallback = engine.TacticalPolicy
	if policies[sim.fallback] == nil {
		sim.fallback = engine.RandomPolicy
	}
	if policies[sim.fallback] == nil {
		sim.fallback = known[0]
	}
	sim.policy = map[string]engine.Policy[S, C]{}
	sim.names = map[string]string{}
	for _, side := range slices.Sorted(maps.Keys(sim.opts.Policies)) {
		name := sim.opts.Policies[side]
		if sim.sides != nil && !slices.Contains(sim.sides, side) {
			return fmt.Errorf("no side %q in %s (sides: %s)", side, sim.nameOr("the encounter"), strings.Join(sim.sides, ", "))
		}
		p, ok := policies[name]
		if !ok {
			return fmt.Errorf("no policy %q for the %s side (%s policies: %s)", name, side, sim.g.ID(), strings.Join(known, ", "))
		}
		sim.policy[side], sim.names[side] = p, name
	}
	for _, side := range sim.sides {
		if _, ok := sim.policy[side]; !ok {
			sim.policy[side], sim.names[side] = policies[sim.fallback], sim.fallback
		}
	}
	sim.policy[""] = policies[sim.fallback] // for sides the ruleset does not name
	sim.policyAt = make([]engine.Policy[S, C], len(sim.roster))
	for i, side := range sim.sideOf {
		if p, ok := sim.policy[side]; ok {
			sim.policyAt[i] = p
		} else {
			sim.policyAt[i] = sim.policy[""]
		}
	}
	if onePolicy(sim.names, sim.fallback) {
		sim.only = policies[sim.fallback]
		if sim.secrets == nil {
			sim.direct = sim.only
		}
	}
	return nil
}

// onePolicy reports whether the policy named fallback, which decides for
// sides nobody names, decides for every named side too.
func onePolicy(names map[string]string, fallback string) bool {
	for _, name := range names {
		if name != fallback {
			return false
		}
	}
	return true
}

func (sim *simulation[S, C, E]) nameOr(what string) string {
	if sim.opts.Name != "" {
		return sim.opts.Name
	}
	return what
}

// policyFor returns the policy that decides for actor in state s.
func (sim *simulation[S, C, E]) policyFor(s *S, actor string) engine.Policy[S, C] {
	if sim.only != nil {
		return sim.only
	}
	if i, ok := sim.rosterIndex(actor); ok {
		return sim.policyAt[i]
	}
	if p, ok := sim.policy[sim.g.SideOf(s, actor)]; ok {
		return p
	}
	return sim.policy[""]
}

// smallRoster is the most combatants whose ids rosterIndex compares one by
// one, rather than looking them up in a map: with short ids the comparisons
// cost less than the hashing.
const smallRoster = 16

// rosterIndex returns the roster index of combatant id.
func (sim *simulation[S, C, E]) rosterIndex(id string) (int, bool) {
	if len(sim.roster) <= smallRoster {
		for i, r := range sim.roster {
			if r == id {
				return i, true
			}
		}
		return 0, false
	}
	i, ok := sim.index[id]
	return i, ok
}

// run plays the fights on the workers and adds up their totals.
func (sim *simulation[S, C, E]) run() (*Partial, error) {
	workers := sim.opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, (sim.opts.Fights+chunk-1)/chunk)
	var (
		next   atomic.Int64 // the first fight of the next chunk
		failed atomic.Bool
		wg     sync.WaitGroup
		mu     sync.Mutex
		first  *FightError // the failure of the lowest-numbered fight
	)
	accs := make([]*Totals, workers)
	for w := range workers {
		accs[w] = newTotals(len(sim.roster))
		wg.Go(func() {
			wk := sim.newWorker(accs[w])
			for !failed.Load() && !sim.opts.stopped() {
				lo := int(next.Add(chunk)) - chunk
				if lo >= sim.opts.Fights {
					return
				}
				hi := min(lo+chunk, sim.opts.Fights)
				for i := sim.opts.First + lo; i < sim.opts.First+hi; i++ {
					if err := wk.fight(i); err != nil {
						mu.Lock()
						if first == nil || err.Fight < first.Fight {
							first = err
						}
						mu.Unlock()
						failed.Store(true)
						return
					}
				}
				wk.flush()
				if sim.opts.Progress != nil {
					sim.opts.Progress(hi - lo)
				}
			}
		})
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	total := newTotals(len(sim.roster))
	for _, a := range accs {
		total.add(a)
	}
	return sim.partial(total), nil
}

// FightError is a fight that could not be played to its end: a policy's
// choice the ruleset refused, or a panic. Playing the encounter with the
// fight's seed shows it happen.
type FightError struct {
	// Fight is the fight's index in the run and Seed its dice seed.
	Fight int
	Seed  uint64
	// Decision counts the decisions made before it went wrong.
	Decision int
	Err      error
}

// Error says which fight went wrong, where, and how.
func (e *FightError) Error() string {
	return fmt.Sprintf("fight %d (dice seed %d), decision %d: %v", e.Fight, e.Seed, e.Decision+1, e.Err)
}

// Unwrap returns the underlying error.
func (e *FightError) Unwrap() error { return e.Err }

// worker plays fights one after another, reusing its buffers.
type worker[S, C, E any] struct {
	sim    *simulation[S, C, E]
	acc    *Totals
	dice   dice.Counted // the fight's dice, counted
	choose dice.PCG
	state  S                // the fight's state, reused fight after fight
	prompt engine.Prompt[C] // the prompt for the policies, reused decision after decision
	view   S                // the state as a policy sees it, when the ruleset has secrets
	viewed engine.Prompt[C] // the prompt as a policy sees it, when the ruleset has secrets
	events []E              // the events of a step, reused decision after decision
	down   []bool           // per combatant: went down in this fight
	dead   []bool
	// tallies are acc's damage totals and down and dead, for the Steps
	// of a ruleset with StepTally to add to.
	tallies engine.Tallies
	// wins counts the fights each known side won (by index in sim.sides)
	// since the last flush into acc.Wins, sparing a map update a fight.
	wins []int64
}

func (sim *simulation[S, C, E]) newWorker(acc *Totals) *worker[S, C, E] {
	w := &worker[S, C, E]{sim: sim, acc: acc, down: make([]bool, len(sim.roster)), dead: make([]bool, len(sim.roster)),
		wins: make([]int64, len(sim.sides))}
	w.tallies = engine.Tallies{Taken: acc.Taken, Dealt: acc.Dealt, Down: w.down, Dead: w.dead}
	return w
}

// win counts a fight side won.
func (w *worker[S, C, E]) win(side string) {
	for i, s := range w.sim.sides {
		if s == side {
			w.wins[i]++
			return
		}
	}
	w.acc.Wins[side]++ // a side the roster does not name
}

// flush adds the wins counted since the last flush to the worker's totals.
func (w *worker[S, C, E]) flush() {
	for i, n := range w.wins {
		if n != 0 {
			w.acc.Wins[w.sim.sides[i]] += n
			w.wins[i] = 0
		}
	}
}

// fight plays fight i and adds it to the worker's totals.
func (w *worker[S, C, E]) fight(i int) (ferr *FightError) {
	sim := w.sim
	g := sim.g
	seed := FightSeed(sim.opts.Seed, i)
	w.dice = dice.Counted{PCG: *dice.Seeded(seed)}
	w.choose = *dice.Seeded(PolicySeed(seed))
	clear(w.down)
	clear(w.dead)
	decisions := 0
	defer func() {
		if r := recover(); r != nil {
			ferr = &FightError{Fight: i, Seed: seed, Decision: decisions, Err: fmt.Errorf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	s := &w.state
	if sim.speed != nil {
		sim.speed.ScratchInto(s, &sim.initial)
	} else {
		*s = g.Clone(&sim.initial)
	}
	if sim.steps != nil {
		sim.steps.TallySteps(s, &w.tallies) // each Step tallies itself
	}
	var (
		winner   string
		timedOut bool
	)
	for {
		if sim.speed != nil {
			sim.speed.Moves(s, &w.prompt)
		} else {
			w.prompt = g.Next(s)
		}
		p := &w.prompt
		if p.Kind == engine.End {
			winner = p.Winner
			break
		}
		if decisions >= sim.maxDec {
			timedOut = true
			break
		}
		var (
			c   C
			err error
		)
		if sim.direct != nil && p.Actor != engine.GM {
			c = sim.direct.Choose(s, p, &w.choose)
		} else if c, err = w.decide(s, p); err != nil {
			return &FightError{Fight: i, Seed: seed, Decision: decisions, Err: err}
		}
		var events []E
		if sim.speed != nil {
			events, err = sim.speed.Step(s, p.Actor, c, &w.dice, w.events[:0])
			w.events = events
			if err == nil && sim.tallyEach {
				w.tallyAll(s, events)
			}
		} else {
			events, err = g.Decide(s, p.Actor, c, &w.dice)
			for _, e := range events {
				if sim.tallier != nil {
					w.tally(s, e)
				}
				g.Evolve(s, e)
			}
		}
		if err != nil {
			return &FightError{Fight: i, Seed: seed, Decision: decisions,
				Err: fmt.Errorf("%s's choice %q was refused: %w", p.Actor, g.FormatCommand(c), err)}
		}
		decisions++
	}
	a := w.acc
	a.Fights++
	a.Decisions += int64(decisions)
	a.Dice += w.dice.Drawn
	switch {
	case timedOut:
		a.Timeouts++
	case winner == "" && sim.limit != nil && sim.limit.TimedOut(s):
		a.Timeouts++ // stopped by the ruleset's round limit
	case winner == "":
		a.Draws++
	default:
		w.win(winner)
	}
	if !timedOut && sim.tallier != nil {
		a.round(sim.tallier.Round(s))
	}
	for j := range w.down {
		if w.down[j] {
			a.Down[j]++
		}
		if w.dead[j] {
			a.Dead[j]++
		}
	}
	return nil
}

// decide asks the policy whose decision prompt p is for its command. A GM
// ruling takes the prompt's default.
func (w *worker[S, C, E]) decide(s *S, p *engine.Prompt[C]) (C, error) {
	var zero C
	if p.Actor == engine.GM {
		if len(p.Options) == 0 {
			return zero, errors.New("a GM ruling without options")
		}
		return p.Options[max(p.Default, 0)].Command, nil
	}
	sim := w.sim
	pol := sim.only
	if pol == nil {
		pol = sim.policyFor(s, p.Actor)
	}
	if sim.secrets == nil {
		return pol.Choose(s, p, &w.choose), nil
	}
	v := engine.Viewer{Combatant: p.Actor}
	sim.secrets.ViewInto(&w.view, s, v)
	w.viewed = sim.secrets.ViewPrompt(s, *p, v)
	return pol.Choose(&w.view, &w.viewed, &w.choose), nil
}

// tallyAll adds what a step's events do to the fight's totals, reading
// them in state s after the step, one Tally an event.
func (w *worker[S, C, E]) tallyAll(s *S, events []E) {
	tallier := w.sim.tallier
	for _, e := range events {
		if target, source, damage, down, dead := tallier.Tally(s, e); target != "" {
			w.count(target, source, damage, down, dead)
		}
	}
}

// tally adds what an event does to the fight's totals.
func (w *worker[S, C, E]) tally(s *S, e E) {
	if target, source, damage, down, dead := w.sim.tallier.Tally(s, e); target != "" {
		w.count(target, source, damage, down, dead)
	}
}

// count adds to the fight's totals what Tally says an event does to
// target.
func (w *worker[S, C, E]) count(target, source string, damage int, down, dead bool) {
	t, ok := w.sim.rosterIndex(target)
	if !ok {
		return
	}
	if damage != 0 {
		w.acc.Taken[t] += int64(damage)
		if src, ok := w.sim.rosterIndex(source); ok {
			w.acc.Dealt[src] += int64(damage)
		}
	}
	w.down[t] = w.down[t] || down || dead
	w.dead[t] = w.dead[t] || dead
}
