package odds

import (
	"errors"
	"fmt"
	"fray/dice"
	"math/big"
	"slices"
	"strings"
	"time"

	"fray/engine"
)

// Calculator computes exact odds on the type-erased tables of one ruleset,
// for programs that serve whatever ruleset an encounter names.
type Calculator interface {
	// Ruleset returns the ruleset's id.
	Ruleset() string
	// Policies lists the names of the policies that may answer the prompts
	// met during a resolution, the default first.
	Policies() []string
	// Odds computes the exact odds of actor's command, given in the
	// ruleset's text vocabulary, in the table's current state.
	Odds(t engine.Table, actor, command string, opts Options) (*Report, error)
	// All computes the headline odds of every option the current prompt
	// offers actor, the most telling first (see Headline), each with its
	// own result: exact, partial, estimated or refused. The budget of opts
	// (paths, time, memory) is for all the options together; each option
	// may run its share of the dice paths left (what is left over an
	// even split among the options still to come), and an option that
	// cannot be had exactly within its share, or within the time or
	// memory left, is estimated (Options.Fallback). The error is for the
	// menu as a whole (not the actor's decision, the fight over); an
	// option that cannot be had at all is Refused with its reason.
	All(t engine.Table, actor string, opts Options) (*Menu, error)
}

// ParseError is returned when a command cannot be read: Err says what is
// wrong with it.
type ParseError struct {
	Command string
	Err     error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("cannot read the command %q: %v", e.Command, e.Err)
}

// Unwrap returns what is wrong with the command.
func (e *ParseError) Unwrap() error { return e.Err }

// Menu is the headline odds of every option of a prompt.
type Menu struct {
	Actor string
	// Question is the prompt's question and Policy the policy that answers
	// the prompts met while resolving each option.
	Question string
	Policy   string
	// Options lists each option with its odds, sorted: the likelier to
	// take the target down first, then the more expected damage, then the
	// likelier to hit, then in the prompt's order.
	Options []Headline
}

// Rank sorts m's options as Menu.Options says: the likelier to take the
// target down first, then the more expected damage, then the likelier to
// hit; options alike keep their order.
func (m *Menu) Rank() {
	slices.SortStableFunc(m.Options, func(a, b Headline) int {
		return compareTelling([3]*big.Rat{a.Down, a.ExpectedDamage, a.Hit}, [3]*big.Rat{b.Down, b.ExpectedDamage, b.Hit})
	})
}

// compareTelling orders two options by what tells most, each given as its
// target's chance to go down, its target's expected damage and its chance
// to hit: the greater first, in that order.
func compareTelling(a, b [3]*big.Rat) int {
	for i := range a {
		if d := b[i].Cmp(a[i]); d != 0 {
			return d
		}
	}
	return 0
}

// HeadlineOf is the headline of report rep, the odds of the option
// labelled label.
func HeadlineOf(label string, rep *Report) Headline {
	h := Headline{Command: rep.Command, Label: label, Status: rep.Status(), Hit: rep.TagP("hit"), ExpectedDamage: new(big.Rat), Down: new(big.Rat), Report: rep}
	if tc := rep.Target(); tc != nil {
		h.Target, h.ExpectedDamage, h.Down = tc.Combatant, tc.MeanDamage, tc.Down
	}
	return h
}

// RefusedHeadline is the headline of an option whose odds were refused,
// and why.
func RefusedHeadline(command, label, why string) Headline {
	return Headline{Command: command, Label: label, Status: Refused, Refusal: why, Hit: new(big.Rat), ExpectedDamage: new(big.Rat), Down: new(big.Rat)}
}

// Headline is the odds of one option, in brief, with the full report.
type Headline struct {
	// Command is the option in the ruleset's text vocabulary, Label the
	// prompt's words for it.
	Command string
	Label   string
	// Status says how the odds were had (Report.Status), or Refused,
	// with the reason in Refusal; a refused option has no Report, and
	// its figures are zero.
	Status  Status
	Refusal string
	// Hit is the probability of the tag "hit".
	Hit *big.Rat
	// Target is whom the option does most to (see Report.Target); ""
	// when it affects nobody else. ExpectedDamage and Down are the
	// target's expected damage and probability of going down.
	Target         string
	ExpectedDamage *big.Rat
	Down           *big.Rat
	Report         *Report
}

// Margin returns the widest half-width of the 95% intervals of h's
// chance to hit and its target's chance to go down (Report.Interval):
// how far the figures shown may be off. Zero for exact odds and for a
// refused option.
func (h *Headline) Margin() float64 {
	if h.Report == nil || h.Report.Estimate == nil {
		return 0
	}
	lo, hi := h.Report.Interval(h.Hit)
	m := (hi - lo) / 2
	if h.Target != "" {
		lo, hi = h.Report.Interval(h.Down)
		m = max(m, (hi-lo)/2)
	}
	return m
}

// For returns a Calculator for game g, offering the policies g offers (see
// engine.PoliciesOf). Without an engine.TacticalPolicy among them,
// DefaultPolicy is offered as DefaultPolicyName and is the default. g must
// have the engine.Odds capability; without it the error is an
// *engine.MissingError.
func For[S, C, E any](g engine.Game[S, C, E]) (Calculator, error) {
	if _, err := engine.RequireOdds(g); err != nil {
		return nil, err
	}
	c := &calculator[S, C, E]{g: g, policies: engine.PoliciesOf(g), plans: newPlanner(), pools: &dice.PoolCache{}}
	c.def = engine.TacticalPolicy
	if _, ok := c.policies[engine.TacticalPolicy]; !ok {
		c.def = DefaultPolicyName
		c.policies[DefaultPolicyName] = DefaultPolicy[S, C]{}
	}
	return c, nil
}

// calculator is the Calculator of one game.
type calculator[S, C, E any] struct {
	g        engine.Game[S, C, E]
	policies map[string]engine.Policy[S, C]
	def      string
	// plans are the plans of the states' keys, worked out once for every
	// computation of the calculator (they depend on the state's type
	// only, and may be shared by goroutines).
	plans *planner
	// pools are the distributions of the dice pools drawn whole, worked
	// out once for every computation of the calculator.
	pools *dice.PoolCache
}

func (c *calculator[S, C, E]) Ruleset() string { return c.g.ID() }

func (c *calculator[S, C, E]) Policies() []string {
	names := make([]string, 0, len(c.policies))
	for name := range c.policies {
		if name != c.def {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return append([]string{c.def}, names...)
}

// setup finds the typed encounter behind t and the policy opts name.
func (c *calculator[S, C, E]) setup(t engine.Table, opts *Options) (*engine.Encounter[S, C, E], engine.Policy[S, C], error) {
	_, enc, ok := engine.Unwrap[S, C, E](t)
	if !ok {
		return nil, nil, fmt.Errorf("odds: the table is a %s encounter, not %s", t.Ruleset(), c.g.ID())
	}
	if opts.Policy == "" {
		opts.Policy = c.def
	}
	p, ok := c.policies[opts.Policy]
	if !ok {
		return nil, nil, fmt.Errorf("odds: no %s policy %q (known: %s)", c.g.ID(), opts.Policy, strings.Join(c.Policies(), ", "))
	}
	return enc, p, nil
}

// viewerOf is the view of the one asking: a combatant, or the GM.
func viewerOf(actor string) engine.Viewer {
	if actor == engine.GM {
		return engine.Everyone
	}
	return engine.Viewer{Combatant: actor}
}

// seenBy is the state as actor may see it: the odds a player is told must
// not betray what its view hides (an opponent's secret feint).
func (c *calculator[S, C, E]) seenBy(enc *engine.Encounter[S, C, E], actor string) *S {
	view := engine.View(c.g, enc.State(), viewerOf(actor))
	return &view
}

func (c *calculator[S, C, E]) Odds(t engine.Table, actor, command string, opts Options) (*Report, error) {
	enc, policy, err := c.setup(t, &opts)
	if err != nil {
		return nil, err
	}
	opts.plans, opts.pools = c.plans, c.pools
	s := c.seenBy(enc, actor)
	cmd, err := c.g.ParseCommand(s, actor, command)
	if err != nil {
		return nil, &ParseError{Command: command, Err: err}
	}
	return Of(c.g, s, actor, cmd, policy, opts)
}

func (c *calculator[S, C, E]) All(t engine.Table, actor string, opts Options) (*Menu, error) {
	enc, policy, err := c.setup(t, &opts)
	if err != nil {
		return nil, err
	}
	s := c.seenBy(enc, actor)
	p := engine.ViewPrompt(c.g, s, viewerOf(actor))
	if err := check(p, c.g.Roster(s), actor, ""); err != nil {
		return nil, err
	}
	p.Options = engine.OptionsFor(c.g, s, actor)
	m := &Menu{Actor: actor, Question: p.Question, Policy: opts.Policy}
	opts = opts.withDefaults()
	if opts.MaxPaths > MaxPathsCeiling {
		return nil, fmt.Errorf("odds: a budget of %d dice paths is past the ceiling of %d", opts.MaxPaths, MaxPathsCeiling)
	}
	opts.spend = newSpend(opts)
	opts.plans, opts.pools = c.plans, c.pools
	// The options share the decisions they meet alike (see memo).
	opts.memo = newMemo[S]()
	opts.Fallback = true
	// Two rounds. In the first, each option may run an even share of what
	// is left, so that one hard option never takes every other's paths;
	// what an easy one leaves goes to those after it. An option past its
	// share waits for the second round, which shares what the first left
	// among the options that wait, in the same way, and estimates those
	// still past their shares. What an option waiting ran in the first
	// round is spent, and its second try goes on from where the first
	// stopped (or, when it was probed past its share, starts again, the
	// decisions it finished in the memo).
	m.Options = make([]Headline, len(p.Options))
	var later []int
	resume := map[int]any{}
	for i, o := range p.Options {
		if stopped(opts.Stop) {
			return nil, ErrStopped
		}
		opts.wait = true
		opts.share = max(1, (opts.MaxPaths-opts.spend.paths)/(len(p.Options)-i))
		if wait, k := c.option(m, i, len(p.Options), s, actor, o, policy, opts); wait {
			later = append(later, i)
			resume[i] = k
		} else if opts.Ready != nil {
			opts.Ready(i, m.Options[i])
		}
	}
	// The options given up in the first round for a decision probed far
	// past their share (the command itself, or one it leads to) go first
	// in the second: probed again against a share no larger than the
	// others', they are mostly given up again at once, for no paths, and
	// what they leave goes to the options that ran out of their share part
	// way, whose paths run so far count toward an exact answer.
	slices.SortStableFunc(later, func(a, b int) int {
		pa, pb := probedPast[S, C, E](resume[a]), probedPast[S, C, E](resume[b])
		switch {
		case pa == pb:
			return 0
		case pa:
			return -1
		}
		return 1
	})
	for j, i := range later {
		if stopped(opts.Stop) {
			return nil, ErrStopped
		}
		opts.wait = false
		opts.share = max(1, (opts.MaxPaths-opts.spend.paths)/(len(later)-j))
		opts.resume = resume[i]
		c.option(m, i, len(p.Options), s, actor, p.Options[i], policy, opts)
		if opts.Ready != nil {
			opts.Ready(i, m.Options[i])
		}
	}
	opts.resume = nil
	m.Rank()
	return m, nil
}

// probedPast reports whether an option waiting for All's second round,
// its computation resume (nil when it is to start again), stopped for a
// decision probed far past its share rather than for running out of it.
func probedPast[S, C, E any](resume any) bool {
	k, ok := resume.(*calc[S, C, E])
	return !ok || len(k.big) > 0
}

// stopped reports whether stop is closed (never, when nil).
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// option computes option o, the i-th of n of the menu m, into
// m.Options[i], and reports whether it is to wait for All's second round
// (Options.wait), with its computation to go on with then (nil when it
// is to start again).
func (c *calculator[S, C, E]) option(m *Menu, i, n int, s *S, actor string, o engine.Option[C], policy engine.Policy[S, C], opts Options) (bool, any) {
	text := c.g.FormatCommand(o.Command)
	opts.spend.at(i+1, n, text)
	if opts.OptionTimeout > 0 {
		// The option's own bound, within the menu's, and counted from the
		// option's start, as its estimate's grace past it is.
		start, deadline := opts.spend.start, opts.spend.deadline
		now := time.Now()
		opts.spend.start, opts.spend.deadline = now, deadline
		if own := now.Add(opts.OptionTimeout); own.Before(deadline) {
			opts.spend.deadline = own
		}
		defer func() { opts.spend.start, opts.spend.deadline = start, deadline }()
	}
	rep, err := Of(c.g, s, actor, o.Command, policy, opts)
	if w, ok := errors.AsType[*waiting](err); ok {
		return true, w.resume
	}
	switch {
	case errors.Is(err, errOverShare):
		return true, nil
	case err != nil:
		m.Options[i] = RefusedHeadline(text, o.Label, err.Error())
	default:
		m.Options[i] = HeadlineOf(o.Label, rep)
	}
	return false, nil
}
