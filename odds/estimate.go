package odds

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"slices"
	"time"

	"fray/dice"
	"fray/engine"
)

// The sizes of an estimate.
const (
	// DefaultSamples is the most resolutions an estimate plays, unless
	// Options say otherwise: enough for a 95% interval of at most ±1
	// percentage point on any probability.
	DefaultSamples = 10000
	// MinSamples is the fewest an estimate plays within its time budget
	// and the grace after it, so that an option past its exact odds still
	// gets figures.
	MinSamples = 400
	// FewestSamples is the fewest resolutions an estimate begun within
	// its time budget plays, however long they take: with fewer it would
	// say next to nothing.
	FewestSamples = 20
	// EstimateGrace is the least time estimates may run past a
	// computation's time budget (Options.Timeout) to reach MinSamples;
	// the grace is the budget itself when that is longer.
	EstimateGrace = time.Second
	// Precision is the half-width of the 95% interval an estimate aims
	// at for its headline figures, the chance to hit and every
	// combatant's chance to go down: it stops as soon as all are that
	// narrow.
	Precision = 0.01
	// z95 is the standard normal quantile of a two-sided 95% interval.
	z95 = 1.959963984540054
)

// errOverPaths stops an exact computation that would run past its path
// budget when it falls back to an estimate (Options.Fallback) rather
// than give a partial answer, or when a parallel enumeration would have to
// run its paths again to be partial.
var errOverPaths = errors.New("odds: past the path budget")

// errOverShare stops an option of All's first round past its share of
// the paths (Options.wait).
var errOverShare = errors.New("odds: past the option's share of the path budget")

// Estimate says how an estimated Report came about: the exact computation
// could not finish within its budget, so the command was resolved Samples
// times with seeded dice (the ruleset's own Step, the same policy) and the
// outcomes counted. Every probability of the report is then a frequency,
// within the report's Interval at 95%.
type Estimate struct {
	// Samples is how many resolutions were played, from a dice source
	// seeded with Seed.
	Samples int
	Seed    uint64
	// Reason says why the exact odds were not had.
	Reason string
}

// Interval returns the 95% interval of a probability p of the report: for
// an estimate, the Wilson score interval of p over the samples; for an
// enumeration, from p to p plus what is not covered (the most the left-out
// part could add), a point when everything is covered.
func (r *Report) Interval(p *big.Rat) (lo, hi float64) {
	f, _ := p.Float64()
	if r.Estimate == nil {
		u, _ := r.Uncovered.Float64()
		return f, math.Min(1, f+u)
	}
	return wilson(f, float64(r.Estimate.Samples))
}

// wilson is the Wilson score interval at 95% of a frequency f over n
// trials.
func wilson(f, n float64) (lo, hi float64) {
	z2 := z95 * z95
	mid := (f + z2/(2*n)) / (1 + z2/n)
	half := z95 / (1 + z2/n) * math.Sqrt(f*(1-f)/n+z2/(4*n*n))
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// MeanInterval returns the 95% interval of combatant c's expected damage:
// for an estimate, the mean plus or minus its standard error times 1.96;
// for an enumeration, the mean itself (over the covered part).
func (r *Report) MeanInterval(c *CombatantOdds) (lo, hi float64) {
	mean, _ := c.MeanDamage.Float64()
	if r.Estimate == nil || r.Estimate.Samples < 2 {
		return mean, mean
	}
	var sq float64
	for _, d := range c.Damage {
		p, _ := d.P.Float64()
		sq += p * float64(d.Value) * float64(d.Value)
	}
	n := float64(r.Estimate.Samples)
	variance := math.Max(0, sq-mean*mean) * n / (n - 1)
	half := z95 * math.Sqrt(variance/n)
	return mean - half, mean + half
}

// seedOf returns the seed of the estimate of actor's command in state s:
// a hash of the state's key and the command, so that the same question
// asked of the same state (the same view) is estimated the same, and
// nothing else (the time, the whole state behind a view) goes in.
func (k *calc[S, C, E]) seedOf(s *S, actor, command string) uint64 {
	h := fnv.New64a()
	b := k.keys.appendState(nil, s, &k.unique)
	b = append(b, 0)
	b = append(b, actor...)
	b = append(b, 0)
	b = append(b, command...)
	_, _ = h.Write(b)
	return h.Sum64()
}

// estimate resolves actor's command c from state s again and again with
// seeded dice, as the table would, and files each resolution's outcome
// with the frequency it is met: at most opts.Samples resolutions, fewer
// when the chance to hit and every combatant's chance to go down are
// known within Precision at 95%, or when the time budget is spent (but
// never fewer than MinSamples). Prompts met on the way are answered as
// the exact computation answers them. why says why the exact odds were
// not had.
func (k *calc[S, C, E]) estimate(s *S, actor string, c C, text, why string) error {
	seed := k.seedOf(s, actor, text)
	src := dice.Seeded(seed)
	maxN := k.opts.Samples
	type tally struct {
		f     *final
		count int
	}
	found := map[string]*tally{}
	var order []string
	type answerTally struct {
		p       engine.Prompt[C]
		command string
		by      string
		count   int
	}
	answers := map[answerKey]*answerTally{}
	var answerOrder []answerKey
	hits := 0
	downCount := make([]int, len(k.ids))
	left := map[string]int{}
	var leftOrder []string
	var cur, next, view S
	var moves engine.Prompt[C]
	secrets, _ := k.g.(engine.Secrets[S, C, E])
	var events []E
	var said []string
	took := make([]int, len(k.ids))
	damage := make([]int, len(k.ids))
	var tags []string
	conds := make([]string, len(k.ids))
	downs := make([]bool, len(k.ids))
	var b []byte
	by := "policy " + k.opts.Policy
	n := 0
	deadline := k.sp.deadline
	hard := deadline.Add(max(deadline.Sub(k.sp.start), EstimateGrace))
	for n < maxN {
		if n >= MinSamples && n%200 == 0 && k.precise(n, hits, downCount) {
			break
		}
		// The clock is read before every resolution, since one can be
		// long (a crowded fight). Past the time budget an estimate stops
		// once it has MinSamples; past the grace after it (the budget
		// again, or EstimateGrace if longer), once it has FewestSamples;
		// and one not begun by then gives up, so that a computation ends
		// within its budget, its grace and a few resolutions.
		if now := time.Now(); now.After(deadline) {
			late := now.After(hard)
			if late && n == 0 {
				return k.sp.exceeded("time", deadline.Sub(k.sp.start).String())
			}
			if n >= MinSamples || late && n >= FewestSamples {
				break
			}
		}
		n++
		engine.ScratchInto(k.g, &cur, s)
		tags = tags[:0]
		clear(damage)
		who, cmd := actor, c
		var err error
		over := false
		for steps := 0; ; steps++ {
			if steps > k.opts.MaxSteps {
				left[k.reasons.steps]++
				if left[k.reasons.steps] == 1 {
					leftOrder = append(leftOrder, k.reasons.steps)
				}
				break
			}
			engine.ScratchInto(k.g, &next, &cur)
			if k.speed != nil {
				events, err = k.speed.Step(&next, who, cmd, src, events[:0])
			} else {
				events, err = engine.Step(k.g, &next, who, cmd, src, events[:0])
			}
			if err != nil {
				if steps == 0 {
					return err
				}
				return fmt.Errorf("%s's answer %q to a prompt met on the way: %w", who, k.g.FormatCommand(cmd), err)
			}
			clear(took)
			said = k.sum.Outcome(&cur, k.actor, events, &next, said[:0], took)
			for _, t := range said {
				if i, found := slices.BinarySearch(tags, t); !found {
					tags = slices.Insert(tags, i, t)
				}
			}
			for i, d := range took {
				damage[i] += d
			}
			cur, next = next, cur
			kind := engine.NextKind(k.g, &cur)
			if kind == engine.Act || kind == engine.End {
				over = true
				break
			}
			// Answer the prompt as the exact computation does, from
			// the prompt as a policy reads it (engine.Moves: cheaper
			// than Next where the ruleset has Speed).
			engine.Moves(k.g, &cur, &moves)
			p := &moves
			var how string
			if p.Kind == engine.Ruling && p.Default >= 0 && p.Default < len(p.Options) {
				cmd = p.Options[p.Default].Command
				how = "ruling default"
			} else {
				viewer := engine.Viewer{Combatant: p.Actor}
				if p.Actor == engine.GM {
					viewer = engine.Everyone
				}
				if secrets != nil {
					secrets.ViewInto(&view, &cur, viewer)
					cmd = k.policy.Choose(&view, secrets.ViewPrompt(&cur, *p, viewer), src)
				} else {
					cmd = k.policy.Choose(&cur, *p, src)
				}
				if any(cmd) == nil {
					return fmt.Errorf("odds: the %s policy gave no answer to %s's prompt %q", k.opts.Policy, p.Actor, p.Question)
				}
				how = by
			}
			who = p.Actor
			command := k.g.FormatCommand(cmd)
			key := answerKey{actor: p.Actor, kind: string(p.Kind), command: command, by: how}
			a, ok := answers[key]
			if !ok {
				// The prompt in full, for its question and labels.
				a = &answerTally{p: k.g.Next(&cur), command: command, by: how}
				answers[key] = a
				answerOrder = append(answerOrder, key)
			}
			a.count++
		}
		if !over {
			continue
		}
		if _, hit := slices.BinarySearch(tags, "hit"); hit {
			hits++
		}
		for i, id := range k.ids {
			conds[i], downs[i] = k.sum.Condition(&cur, id)
			if downs[i] {
				downCount[i]++
			}
		}
		b = appendPartial(b[:0], tags, damage)
		for _, cond := range conds {
			b = append(b, cond...)
			b = append(b, ';')
		}
		t, ok := found[string(b)]
		if !ok {
			acc := partial{tags: slices.Clone(tags)}
			if slices.ContainsFunc(damage, func(d int) bool { return d != 0 }) {
				acc.damage = slices.Clone(damage)
			}
			t = &tally{f: &final{acc: acc, conds: slices.Clone(conds), downs: slices.Clone(downs)}}
			found[string(b)] = t
			order = append(order, string(b))
		}
		t.count++
	}
	of := func(count int) prob { return probOf(big.NewRat(int64(count), int64(n))) }
	for _, key := range order {
		t := found[key]
		t.f.p = of(t.count)
		k.finals[key] = t.f
	}
	for _, key := range answerOrder {
		a := answers[key]
		k.answered(nil, a.p, a.command, a.by, of(a.count))
	}
	for _, reason := range leftOrder {
		k.leaveOut(reason, of(left[reason]))
	}
	k.estimated = &Estimate{Samples: n, Seed: seed, Reason: why}
	return nil
}

// precise reports whether n samples put the headline figures, the
// chance to hit and every combatant's chance to go down, within Precision
// at 95%.
func (k *calc[S, C, E]) precise(n int, hits int, downs []int) bool {
	ok := func(count int) bool {
		lo, hi := wilson(float64(count)/float64(n), float64(n))
		return (hi-lo)/2 <= Precision
	}
	if !ok(hits) {
		return false
	}
	for _, c := range downs {
		if !ok(c) {
			return false
		}
	}
	return true
}
