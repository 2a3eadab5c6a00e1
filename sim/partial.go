package sim

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Totals are the integer sums a report is computed from: what the fights of
// a run, or of a span of its fights, came to. Every figure is a count or a
// sum of whole numbers, so totals add up exactly, in any order, and the
// report of added totals is the report of one run of all their fights.
type Totals struct {
	// Fights is how many fights were played; Draws and Timeouts how many
	// ended so, and Wins how many each side won.
	Fights   int64            `json:"fights"`
	Draws    int64            `json:"draws"`
	Timeouts int64            `json:"timeouts"`
	Wins     map[string]int64 `json:"wins"`
	// Rounds[r] is how many fights ended in round r; empty when the
	// ruleset does not count rounds.
	Rounds []int64 `json:"rounds,omitempty"`
	// Decisions and Dice are the decisions made and dice drawn in all the
	// fights.
	Decisions int64 `json:"decisions"`
	Dice      int64 `json:"dice"`
	// Dealt and Taken are the damage each combatant dealt and took, Down
	// and Dead how many fights it went down and died in; by roster index
	// (Partial.Combatants).
	Dealt []int64 `json:"damage_dealt"`
	Taken []int64 `json:"damage_taken"`
	Down  []int64 `json:"down"`
	Dead  []int64 `json:"dead"`
}

// newTotals returns empty totals for a roster of n combatants.
func newTotals(n int) *Totals {
	return &Totals{
		Wins:  map[string]int64{},
		Dealt: make([]int64, n), Taken: make([]int64, n),
		Down: make([]int64, n), Dead: make([]int64, n),
	}
}

// round counts a fight that ended in round r.
func (a *Totals) round(r int) {
	r = max(r, 0)
	for len(a.Rounds) <= r {
		a.Rounds = append(a.Rounds, 0)
	}
	a.Rounds[r]++
}

// add adds b's totals to a's; both are of the same roster.
func (a *Totals) add(b *Totals) {
	a.Fights += b.Fights
	a.Draws += b.Draws
	a.Timeouts += b.Timeouts
	a.Decisions += b.Decisions
	a.Dice += b.Dice
	for side, n := range b.Wins {
		a.Wins[side] += n
	}
	for r, n := range b.Rounds {
		for len(a.Rounds) <= r {
			a.Rounds = append(a.Rounds, 0)
		}
		a.Rounds[r] += n
	}
	for i := range a.Dealt {
		a.Dealt[i] += b.Dealt[i]
		a.Taken[i] += b.Taken[i]
		a.Down[i] += b.Down[i]
		a.Dead[i] += b.Dead[i]
	}
}

// Combatant is one combatant of a partial's roster.
type Combatant struct {
	ID   string `json:"id"`
	Side string `json:"side,omitempty"`
}

// Partial is the outcome of a span of a run's fights, From to To-1: their
// totals and what the report is built with (the sides, the policies, the
// roster). The partials of adjacent spans of the same experiment merge
// (MergePartials) into the partial of all their fights, whose Report is
// exactly the report of one run of them all.
type Partial struct {
	// Encounter and Ruleset name what was simulated, and Seed the run.
	Encounter string `json:"encounter,omitempty"`
	Ruleset   string `json:"ruleset"`
	Seed      uint64 `json:"seed"`
	// From and To bound the fights asked for: From to To-1.
	From int64 `json:"from"`
	To   int64 `json:"to"`
	// Sides are the encounter's sides in roster order; Policies names the
	// policy of each side the run was told of, and Fallback that of any
	// other.
	Sides    []string          `json:"sides"`
	Policies map[string]string `json:"policies"`
	Fallback string            `json:"fallback_policy"`
	// Combatants is the roster; Tallied says whether the ruleset reports
	// on each combatant (engine.Simulation).
	Combatants []Combatant `json:"combatants"`
	Tallied    bool        `json:"tallied"`
	Totals     *Totals     `json:"totals"`
}

// partial wraps a run's totals with what its report is built with.
func (sim *simulation[S, C, E]) partial(a *Totals) *Partial {
	p := &Partial{
		Encounter: sim.opts.Name, Ruleset: sim.g.ID(), Seed: sim.opts.Seed,
		From: int64(sim.opts.First), To: int64(sim.opts.First) + int64(sim.opts.Fights),
		Sides: slices.Clone(sim.sides), Policies: maps.Clone(sim.names), Fallback: sim.fallback,
		Tallied: sim.tallier != nil, Totals: a,
	}
	for i, id := range sim.roster {
		p.Combatants = append(p.Combatants, Combatant{ID: id, Side: sim.sideOf[i]})
	}
	return p
}

// Interrupted reports whether fewer fights were played than asked for:
// the run was stopped (Options.Stop).
func (p *Partial) Interrupted() bool { return p.Totals.Fights < p.To-p.From }

// Report computes the report of the partial's fights.
func (p *Partial) Report() *Report {
	a := p.Totals
	n := a.Fights
	r := &Report{
		Encounter:   p.Encounter,
		Ruleset:     p.Ruleset,
		Fights:      n,
		Seed:        p.Seed,
		Draws:       NewRate(a.Draws, n),
		Timeouts:    NewRate(a.Timeouts, n),
		Rounds:      newRounds(a.Rounds),
		Interrupted: p.Interrupted(),
	}
	if n > 0 {
		r.Decisions = float64(a.Decisions) / float64(n)
		r.Dice = float64(a.Dice) / float64(n)
	}
	sides := slices.Clone(p.Sides)
	for _, side := range slices.Sorted(maps.Keys(a.Wins)) {
		if !slices.Contains(sides, side) {
			sides = append(sides, side) // a winner the roster did not show
		}
	}
	for _, side := range sides {
		name, ok := p.Policies[side]
		if !ok {
			name = p.Fallback
		}
		r.Sides = append(r.Sides, SideResult{Side: side, Policy: name, Wins: NewRate(a.Wins[side], n)})
	}
	if !p.Tallied {
		return r // nothing is known of what happened to whom
	}
	for i, c := range p.Combatants {
		cr := CombatantResult{ID: c.ID, Side: c.Side, Down: NewRate(a.Down[i], n), Dead: NewRate(a.Dead[i], n)}
		if n > 0 {
			cr.DamageDealt = float64(a.Dealt[i]) / float64(n)
			cr.DamageTaken = float64(a.Taken[i]) / float64(n)
		}
		r.Combatants = append(r.Combatants, cr)
	}
	return r
}

// check reports what is wrong with a partial read from a file: totals that
// do not fit its roster or its span, or a span not played to its end.
func (p *Partial) check() error {
	a := p.Totals
	switch {
	case a == nil:
		return fmt.Errorf("no totals")
	case p.From < 0 || p.To <= p.From:
		return fmt.Errorf("fights %d to %d is no span of fights", p.From, p.To-1)
	case a.Fights != p.To-p.From:
		return fmt.Errorf("fights %d to %d are %d fights, but the totals count %d: a span not played to its end", p.From, p.To-1, p.To-p.From, a.Fights)
	}
	n := len(p.Combatants)
	if len(a.Dealt) != n || len(a.Taken) != n || len(a.Down) != n || len(a.Dead) != n {
		return fmt.Errorf("the totals per combatant do not have one entry for each of the %d combatants", n)
	}
	var outcomes int64
	for side, w := range a.Wins {
		if w < 0 {
			return fmt.Errorf("%d wins for %s", w, side)
		}
		outcomes += w
	}
	if a.Draws < 0 || a.Timeouts < 0 || outcomes+a.Draws+a.Timeouts != a.Fights {
		return fmt.Errorf("wins, draws and timeouts add up to %d, not the %d fights", outcomes+a.Draws+a.Timeouts, a.Fights)
	}
	return nil
}

// frame is what a partial says of its experiment, apart from its span and
// totals: partials merge only when their frames agree.
func (p *Partial) frame() Partial {
	f := *p
	f.From, f.To, f.Totals = 0, 0, nil
	return f
}

// differs names what differs between the frames of two partials, or "".
func (p *Partial) differs(q *Partial) string {
	a, b := p.frame(), q.frame()
	var diffs []string
	if a.Encounter != b.Encounter {
		diffs = append(diffs, fmt.Sprintf("encounter %q and %q", a.Encounter, b.Encounter))
	}
	if a.Ruleset != b.Ruleset {
		diffs = append(diffs, fmt.Sprintf("ruleset %s and %s", a.Ruleset, b.Ruleset))
	}
	if a.Seed != b.Seed {
		diffs = append(diffs, fmt.Sprintf("seed %d and %d", a.Seed, b.Seed))
	}
	if !slices.Equal(a.Sides, b.Sides) || a.Fallback != b.Fallback || !maps.Equal(a.Policies, b.Policies) {
		diffs = append(diffs, "the sides or their policies")
	}
	if !slices.Equal(a.Combatants, b.Combatants) || a.Tallied != b.Tallied {
		diffs = append(diffs, "the combatants")
	}
	return strings.Join(diffs, ", ")
}

// MergePartials adds up partials of the same experiment whose spans of
// fights follow on from one another without a gap or an overlap, in any
// order, into the partial of all their fights. It refuses partials that
// differ in anything but their span and totals, spans that leave a gap or
// overlap, and a partial whose span was not played to its end.
func MergePartials(parts ...*Partial) (*Partial, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no partial results to merge")
	}
	for _, p := range parts {
		if err := p.check(); err != nil {
			return nil, fmt.Errorf("fights %d to %d: %w", p.From, p.To-1, err)
		}
	}
	sorted := slices.SortedFunc(slices.Values(parts), func(a, b *Partial) int { return cmp.Compare(a.From, b.From) })
	first := sorted[0]
	out := first.frame()
	out.From, out.To = first.From, first.From
	out.Totals = newTotals(len(first.Combatants))
	for _, p := range sorted {
		if d := first.differs(p); d != "" {
			return nil, fmt.Errorf("fights %d to %d and fights %d to %d are of different experiments: %s", first.From, first.To-1, p.From, p.To-1, d)
		}
		switch {
		case p.From > out.To:
			return nil, fmt.Errorf("no partial result has fights %d to %d", out.To, p.From-1)
		case p.From < out.To:
			return nil, fmt.Errorf("fights %d to %d are counted twice", p.From, min(out.To, p.To)-1)
		}
		out.Totals.add(p.Totals)
		out.To = p.To
	}
	return &out, nil
}
