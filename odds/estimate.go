package odds

import (
	"errors"
	"hash/fnv"
	"math"
	"math/big"
	"slices"
	"time"

	"fray/dice"
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
	// partSamples is how often an estimate of a part of the probability
	// (an exact enumeration's frontier) looks at its intervals, from as
	// many resolutions: they are narrower by the part's share, so that
	// a small part is known within Precision from a few resolutions.
	partSamples = 50
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

// waiting is errOverShare from an option of All's first round that ran
// past its share: resume is its computation, to go on from where it
// stopped in the second round (Options.resume).
type waiting struct{ resume any }

func (w *waiting) Error() string { return errOverShare.Error() }

// Unwrap returns errOverShare.
func (w *waiting) Unwrap() error { return errOverShare }

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
	// Exact is the share of the probability had exactly before the
	// estimate took over: the outcomes the enumeration reached, and what
	// it left out. Only the rest, 1 - Exact, is estimated, each
	// resolution resolving from where the enumeration stopped, so that a
	// probability's interval is the exact part plus the rest's interval
	// scaled by the rest's share. Zero when the whole is estimated.
	Exact float64
	// Effective gives, for the figures the resolutions know better than
	// as many independent ones would, how many independent resolutions
	// their intervals are worth: a tag's probability ("tag " and the
	// tag) and a combatant's chance to go down ("down " and its id). The
	// resolutions are drawn stratified (see strata), and where the
	// figure depends on where a resolution begins and on its first dice,
	// its frequency varies less than over independent draws. A figure
	// not named here is worth Samples (never less: stratified draws vary
	// no more than independent ones).
	Effective map[string]float64 `json:",omitempty"`
}

// Interval returns the 95% interval of a probability p of the report: for
// an estimate, the Wilson score interval of p over the samples (of the
// part estimated, scaled by its share, beside the exact part: see
// Estimate.Exact); for an enumeration, from p to p plus what is not
// covered (the most the left-out part could add), a point when everything
// is covered. p is one of the report's figures (Tags, Combatants,
// Outcomes, Answered, Limits), or zero; of any other probability the
// exact part is not known, and the interval is as wide as any the samples
// could give.
func (r *Report) Interval(p *big.Rat) (lo, hi float64) {
	f, _ := p.Float64()
	e := r.Estimate
	if e == nil {
		u, _ := r.Uncovered.Float64()
		return f, math.Min(1, f+u)
	}
	n := float64(e.Samples)
	m := r.effectiveOf(p)
	if r.exact == nil {
		return wilson(f, m)
	}
	part := 1 - e.Exact
	exact, known := r.exactOf(p)
	if !known {
		// Every Wilson interval over n samples is within this of its
		// frequency.
		half := part * (z95/(2*math.Sqrt(n)) + z95*z95/n)
		return math.Max(0, f-half), math.Min(1, f+half)
	}
	g := min(max((f-exact)/part, 0), 1)
	lo, hi = wilson(g, m)
	// The figure itself is inside, whatever the rounding of the parts.
	return math.Max(0, math.Min(f, exact+part*lo)), math.Min(1, math.Max(f, exact+part*hi))
}

// effectiveOf returns how many independent resolutions the estimate of
// probability p, one of r's figures, is worth (Estimate.Effective): its
// Samples unless p is a headline figure worth more.
func (r *Report) effectiveOf(p *big.Rat) float64 {
	e := r.Estimate
	n := float64(e.Samples)
	if len(e.Effective) == 0 || p.Sign() == 0 {
		return n
	}
	worth := func(name string) float64 {
		if m, ok := e.Effective[name]; ok && m > n {
			return m
		}
		return n
	}
	for _, t := range r.Tags {
		if t.P == p {
			return worth("tag " + t.Tag)
		}
	}
	for i := range r.Combatants {
		if c := &r.Combatants[i]; c.Down == p {
			return worth("down " + c.Combatant)
		}
	}
	return n
}

// exactOf returns the exact part of probability p, one of r's figures, in
// the report of the exact part; false when p is not one of them.
func (r *Report) exactOf(p *big.Rat) (float64, bool) {
	x := r.exact
	float := func(q *big.Rat) (float64, bool) {
		if q == nil {
			return 0, true
		}
		f, _ := q.Float64()
		return f, true
	}
	if p.Sign() == 0 {
		return 0, true
	}
	for _, t := range r.Tags {
		if t.P == p {
			return float(x.TagP(t.Tag))
		}
	}
	for i := range r.Combatants {
		c := &r.Combatants[i]
		xc := x.Combatant(c.Combatant)
		if xc == nil {
			xc = &CombatantOdds{}
		}
		if c.Down == p {
			return float(xc.Down)
		}
		for _, d := range c.Damage {
			if d.P == p {
				for _, xd := range xc.Damage {
					if xd.Value == d.Value {
						return float(xd.P)
					}
				}
				return 0, true
			}
		}
		for _, d := range c.Conditions {
			if d.P == p {
				for _, xd := range xc.Conditions {
					if xd.Condition == d.Condition && xd.Down == d.Down {
						return float(xd.P)
					}
				}
				return 0, true
			}
		}
	}
	for i := range r.Outcomes {
		if r.Outcomes[i].P == p {
			key := r.Outcomes[i].Key()
			for j := range x.Outcomes {
				if x.Outcomes[j].Key() == key {
					return float(x.Outcomes[j].P)
				}
			}
			return 0, true
		}
	}
	for _, a := range r.Answered {
		if a.P == p {
			for _, xa := range x.Answered {
				if xa.Actor == a.Actor && xa.Kind == a.Kind && xa.Command == a.Command && xa.By == a.By {
					return float(xa.P)
				}
			}
			return 0, true
		}
	}
	for _, l := range r.Limits {
		if l.P == p {
			for _, xl := range x.Limits {
				if xl.Reason == l.Reason {
					return float(xl.P)
				}
			}
			return 0, true
		}
	}
	return 0, false
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
// for an estimate, the mean plus or minus its standard error times 1.96
// (of the part estimated, scaled by its share, when the rest is exact);
// for an enumeration, the mean itself (over the covered part).
func (r *Report) MeanInterval(c *CombatantOdds) (lo, hi float64) {
	mean, _ := c.MeanDamage.Float64()
	if r.Estimate == nil || r.Estimate.Samples < 2 {
		return mean, mean
	}
	moments := func(c *CombatantOdds) (m1, m2 float64) {
		if c == nil {
			return 0, 0
		}
		for _, d := range c.Damage {
			p, _ := d.P.Float64()
			m1 += p * float64(d.Value)
			m2 += p * float64(d.Value) * float64(d.Value)
		}
		return m1, m2
	}
	n := float64(r.Estimate.Samples)
	if r.exact == nil {
		_, sq := moments(c)
		variance := math.Max(0, sq-mean*mean) * n / (n - 1)
		half := z95 * math.Sqrt(variance/n)
		return mean - half, mean + half
	}
	// The part estimated: its damage's moments given that part, from
	// the whole's less the exact part's. The mean is over the covered
	// part, as MeanDamage is.
	part := 1 - r.Estimate.Exact
	m1, m2 := moments(c)
	x1, x2 := moments(r.exact.Combatant(c.Combatant))
	g1, g2 := (m1-x1)/part, (m2-x2)/part
	variance := math.Max(0, g2-g1*g1) * n / (n - 1)
	covered, _ := r.Covered().Float64()
	if covered <= 0 {
		return mean, mean
	}
	half := z95 * part * math.Sqrt(variance/n) / covered
	return mean - half, mean + half
}

// seedOf returns the seed of the estimate of actor's command in state s:
// a hash of the state's key and the command, so that the same question
// asked of the same state (the same view) is estimated the same, and
// nothing else (the time, the whole state behind a view) goes in. The
// state's key is the walk's, even for a state that writes its own, so that
// a ruleset's keys do not change its estimates.
func (k *calc[S, C, E]) seedOf(s *S, actor, command string) uint64 {
	h := fnv.New64a()
	b := k.keys.appendWalked(nil, s, &k.unique)
	b = append(b, 0)
	b = append(b, actor...)
	b = append(b, 0)
	b = append(b, command...)
	_, _ = h.Write(b)
	return h.Sum64()
}

// estimate resolves from the starts again and again with seeded dice, as
// the table would, and files each resolution's outcome with the frequency
// it is met times the starts' probability (see frontier.go): at most
// opts.Samples resolutions, fewer when the chance to hit and every
// combatant's chance to go down are known within Precision at 95%, or
// when the time budget is spent (but never fewer than MinSamples). Each
// resolution begins from a start drawn in proportion to its probability.
// Prompts met on the way are answered as the exact computation answers
// them. text is actor's command, for the seed, and why says why the exact
// odds were not had. Whatever the enumeration did before is kept: it is
// the exact part, and the starts are what it left.
func (k *calc[S, C, E]) estimate(s *S, actor, text, why string, starts []start[S, C]) error {
	seed := k.seedOf(s, actor, text)
	if k.opts.reseed != 0 {
		seed = dice.Mix(seed, k.opts.reseed)
	}
	ws := make([]prob, len(starts))
	// The starts' probability, the part estimated: added over a common
	// multiple of their denominators, and put in lowest terms once.
	var sum tally
	for i, st := range starts {
		ws[i] = st.weight()
		sum.add(ws[i])
	}
	u := sum.value()
	pick := newPicker(ws, u)
	strata := newStrata(1 + len(k.ids))
	uf := u.float()
	whole := u == certain()
	if !whole {
		k.exactPart = k.report()
	}
	maxN := k.opts.Samples
	type tally struct {
		f     *final
		key   string
		count int
		at    int32 // its index in order
	}
	// finalOf is the outcome of every resolution filed, an index of
	// order, or -1 for one left out.
	finalOf := make([]int32, 0, min(maxN, 1<<12))
	found := map[string]*tally{}
	var order []*tally
	answers := map[answerKey]*answerTally[C]{}
	var answerOrder []answerKey
	hits := 0
	downCount := make([]int, len(k.ids))
	left := map[string]int{}
	var leftOrder []string
	deadline := k.sp.deadline
	sm := &sampling[C]{
		seed: seed, maxN: maxN, blocks: (maxN + stratumBlock - 1) / stratumBlock,
		deadline: deadline, hard: deadline.Add(max(deadline.Sub(k.sp.start), EstimateGrace)),
	}
	sm.runs = make([]*blockRun[C], sm.blocks)
	// file adds a block's resolutions to the estimate, in their order,
	// and says whether its figures are now precise enough to stop: a
	// whole estimate looks at its intervals every 200 resolutions from
	// MinSamples; one of a part, whose intervals are narrower by its
	// share, from fewer.
	sm.file = func(run *blockRun[C]) bool {
		strata.block()
		for i, o := range run.reached {
			at := int(run.stretch[i])
			if o.reason != "" {
				if left[o.reason]++; left[o.reason] == 1 {
					leftOrder = append(leftOrder, o.reason)
				}
				strata.record(at, false, nil)
				finalOf = append(finalOf, -1)
				continue
			}
			if o.hit {
				hits++
			}
			for c, down := range o.f.downs {
				if down {
					downCount[c]++
				}
			}
			strata.record(at, o.hit, o.f.downs)
			if o.global < 0 {
				// Met first by this resolver: the estimate's outcome of
				// that key, if another resolver's block reached it.
				t, ok := found[o.key]
				if !ok {
					t = &tally{f: o.f, key: o.key, at: int32(len(order))}
					found[t.key] = t
					order = append(order, t)
				}
				o.global = t.at
			}
			order[o.global].count++
			finalOf = append(finalOf, o.global)
		}
		for _, c := range run.answers {
			if have, ok := answers[c.a.key]; ok {
				have.count += c.count
				continue
			}
			answers[c.a.key] = &answerTally[C]{key: c.a.key, p: c.a.p, command: c.a.command, by: c.a.by, count: c.count}
			answerOrder = append(answerOrder, c.a.key)
		}
		n := len(finalOf)
		return (whole && n >= MinSamples && n%200 == 0 || !whole && n >= partSamples && n%partSamples == 0) &&
			k.precise(n, hits, downCount, uf, strata)
	}
	sample(sm, &k.opts, func() *resolver[S, C, E] { return newResolver(k, starts, pick) })
	if sm.err != nil {
		return sm.err
	}
	n := len(finalOf)
	// The frequencies met, each worked out once: most outcomes are met
	// once or twice.
	ofCount := map[int]prob{}
	of := func(count int) prob {
		p, ok := ofCount[count]
		if !ok {
			p = u.mul(probOf(big.NewRat(int64(count), int64(n))))
			ofCount[count] = p
		}
		return p
	}
	for _, t := range order {
		if have, ok := k.finals[t.key]; ok {
			have.p.add(of(t.count))
			continue
		}
		t.f.p = tallyOf(of(t.count))
		k.finals[t.key] = t.f
	}
	for _, key := range answerOrder {
		a := answers[key]
		k.answered(nil, a.p, a.command, a.by, of(a.count))
	}
	for _, reason := range leftOrder {
		k.leaveOut(reason, of(left[reason]))
	}
	k.estimated = &Estimate{Samples: n, Seed: seed, Reason: why, Exact: 1 - uf}
	// What every tag's and every combatant's chance to go down are
	// worth, from the outcomes of the resolutions: the figures are the
	// combatants' downs, then the tags as met.
	figure := map[string]int32{}
	var names []string
	for _, id := range k.ids {
		names = append(names, "down "+id)
	}
	has := make([][]int32, len(order))
	for o, t := range order {
		f := t.f
		for c, down := range f.downs {
			if down {
				has[o] = append(has[o], int32(c))
			}
		}
		for _, tag := range f.acc.tags {
			i, ok := figure[tag]
			if !ok {
				i = int32(len(names))
				figure[tag] = i
				names = append(names, "tag "+tag)
			}
			has[o] = append(has[o], i)
		}
		slices.Sort(has[o])
	}
	e := map[string]float64{}
	for i, g := range strata.worthAll(finalOf, has, len(names)) {
		if g > float64(n) {
			e[names[i]] = g
		}
	}
	if len(e) > 0 {
		k.estimated.Effective = e
	}
	return nil
}

// precise reports whether n samples put the headline figures, the
// chance to hit and every combatant's chance to go down, within Precision
// at 95%, when they are frequencies over a part u of the probability.
// Each interval is over the samples the stratified draws are worth
// (strata.effective).
func (k *calc[S, C, E]) precise(n int, hits int, downs []int, u float64, st *strata) bool {
	ok := func(f, count int) bool {
		lo, hi := wilson(float64(count)/float64(n), st.effective(f, count, n))
		return u*(hi-lo)/2 <= Precision
	}
	if !ok(0, hits) {
		return false
	}
	for i, c := range downs {
		if !ok(1+i, c) {
			return false
		}
	}
	return true
}

// searchTag returns where tag t is or would go in tags, sorted, and
// whether it is there: slices.BinarySearch, one comparison of strings a
// step rather than cmp.Compare's two.
func searchTag(tags []string, t string) (int, bool) {
	lo, hi := 0, len(tags)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if tags[m] < t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(tags) && tags[lo] == t
}

// insertTag adds tag t to tags, sorted and each once, unless it is there.
func insertTag(tags []string, t string) []string {
	i, found := searchTag(tags, t)
	if found {
		return tags
	}
	tags = append(tags, t)
	// Shifted one by one: there are few, and copy would call the
	// runtime's copy with write barriers.
	for j := len(tags) - 1; j > i; j-- {
		tags[j] = tags[j-1]
	}
	tags[i] = t
	return tags
}
