package sim

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
)

// Simulator simulates the encounters of one ruleset behind the type-erased
// engine.Table that loading an encounter file gives, so that a program can
// hold one per ruleset without knowing their types.
type Simulator interface {
	// Ruleset is the id of the ruleset it simulates.
	Ruleset() string
	// Policies lists the names of the policies it offers, sorted.
	Policies() []string
	// Sides lists the sides of the table's encounter, in the order the
	// encounter gives them.
	Sides(t engine.Table) []string
	// Simulate runs fights of the encounter from the table's current
	// state; see Run.
	Simulate(t engine.Table, opts Options) (*Report, error)
	// SimulatePartial is Simulate giving the totals of the fights rather
	// than their report; see RunPartial.
	SimulatePartial(t engine.Table, opts Options) (*Partial, error)
	// Choose returns what the named policy decides at the table's current
	// prompt, as a command in the ruleset's text vocabulary, deciding from
	// what the prompt's actor may see (the GM's view for a ruling).
	Choose(t engine.Table, policy string, src dice.Source) (string, error)
}

// For returns the Simulator of game g, with the policies it offers (see
// engine.PoliciesOf).
func For[S, C, E any](g engine.Game[S, C, E]) Simulator {
	return &simulator[S, C, E]{g: g, policies: engine.PoliciesOf(g)}
}

type simulator[S, C, E any] struct {
	g        engine.Game[S, C, E]
	policies map[string]engine.Policy[S, C]
}

func (s *simulator[S, C, E]) Ruleset() string { return s.g.ID() }

func (s *simulator[S, C, E]) Policies() []string { return slices.Sorted(maps.Keys(s.policies)) }

// unwrap returns the typed encounter behind t.
func (s *simulator[S, C, E]) unwrap(t engine.Table) (*engine.Encounter[S, C, E], error) {
	_, enc, ok := engine.Unwrap[S, C, E](t)
	if !ok {
		return nil, fmt.Errorf("the encounter is a %s fight, not %s", t.Ruleset(), s.g.ID())
	}
	return enc, nil
}

func (s *simulator[S, C, E]) Sides(t engine.Table) []string {
	enc, err := s.unwrap(t)
	if err != nil {
		return nil
	}
	return sidesOf(s.g, enc.State())
}

func (s *simulator[S, C, E]) Simulate(t engine.Table, opts Options) (*Report, error) {
	enc, err := s.unwrap(t)
	if err != nil {
		return nil, err
	}
	return Run(s.g, enc.State(), s.policies, opts)
}

func (s *simulator[S, C, E]) SimulatePartial(t engine.Table, opts Options) (*Partial, error) {
	enc, err := s.unwrap(t)
	if err != nil {
		return nil, err
	}
	return RunPartial(s.g, enc.State(), s.policies, opts)
}

func (s *simulator[S, C, E]) Choose(t engine.Table, policy string, src dice.Source) (string, error) {
	enc, err := s.unwrap(t)
	if err != nil {
		return "", err
	}
	pol, ok := s.policies[policy]
	if !ok {
		return "", fmt.Errorf("no policy %q (%s policies: %s)", policy, s.g.ID(), strings.Join(s.Policies(), ", "))
	}
	st := enc.State()
	p := s.g.Next(st)
	if p.Kind == engine.End {
		return "", fmt.Errorf("the fight is over: nothing to decide")
	}
	v := engine.Everyone
	if p.Actor != engine.GM {
		v = engine.Viewer{Combatant: p.Actor}
	}
	view, vp := engine.View(s.g, st, v), engine.ViewPrompt(s.g, st, v)
	return s.g.FormatCommand(pol.Choose(&view, &vp, src)), nil
}
