package woundslots

import (
	"fmt"

	"fray/engine"
)

// Defended: a combatant defends (R45).
type Defended struct {
	Combatant string `json:"combatant"`
}

func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = true
	}
}

func (e *Defended) describe(s *State) string {
	return fmt.Sprintf("%s defends until its next turn", e.Combatant)
}

// Seized: Seize Initiative (R62): the d6 and the score after.
type Seized struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Initiative int    `json:"initiative"`
}

func (e *Seized) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *Seized) describe(s *State) string {
	return fmt.Sprintf("%s seizes the initiative: d6=%d, initiative %d", e.Combatant, e.Die, e.Initiative)
}

// Defend is R45.
type Defend struct{}

func (*Defend) command() {}

// Seize is Seize Initiative, R62.
type Seize struct{}

// The kinds of defend.go's commands and events.
var (
	_            = engine.Add[Defend](commands, "defend")
	_            = engine.Add[Seize](commands, "seize")
	defendedKind = engine.Add[Defended](events, "defended")
	seizedKind   = engine.Add[Seized](events, "seized")
)

func (*Seize) command() {}

// defend is R45.
func (r *run) defend() error {
	a, err := r.defendCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["defend"], "defend")
	r.emit(engine.New(r.h.arena(), defendedKind, Defended{Combatant: a.ID}))
	return nil
}

// defendCheck is defend's checks: it returns the actor.
func (r *run) defendCheck() (*Combatant, error) {
	if err := r.wantPhase(Acting, "defend"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	if a.Defending {
		return nil, refuse(engine.NotAllowedNow, "%s is defending already", a.ID)
	}
	return a, need(a, actionCosts["defend"], "defend")
}

// seize is R62: +1d6 initiative.
func (r *run) seize() error {
	a, err := r.seizeCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["seize"], "seize")
	die := r.src.Roll(6)
	r.emit(engine.New(r.h.arena(), seizedKind, Seized{Combatant: a.ID, Die: die, Initiative: a.Initiative + die}))
	return nil
}

// seizeCheck is seize's checks: it returns the actor.
func (r *run) seizeCheck() (*Combatant, error) {
	if err := r.wantPhase(Acting, "seize the initiative"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	return a, need(a, actionCosts["seize"], "seize")
}
