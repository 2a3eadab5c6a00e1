package woundslots

import (
	"cmp"
	"fmt"

	"fray/engine"
)

// PostureChanged: a combatant changes posture (R49).
type PostureChanged struct {
	Combatant string `json:"combatant"`
	To        string `json:"to"`
}

func (e *PostureChanged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Posture = e.To
	}
}

func (e *PostureChanged) describe(*State) string {
	return fmt.Sprintf("%s is now %s", e.Combatant, e.To)
}

// Dashed: a combatant dashes (R54): movement rate doubled to the round's end; Stamina and Fatigue after paying 1 stamina (R19).
type Dashed struct {
	Combatant string `json:"combatant"`
	Stamina   int    `json:"stamina"`
	Fatigue   int    `json:"fatigue"`
	// A second dash's check (R54): the d20, its bonus and what it adds to
	// the rate.
	Die       int `json:"die,omitempty"`
	Bonus     int `json:"bonus,omitempty"`
	RateBonus int `json:"rate_bonus,omitempty"`
}

func (e *Dashed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Dashing, c.Stamina = true, e.Stamina
		c.Dashes++
		c.DashBonus += e.RateBonus
		setFatigue(c, e.Fatigue)
	}
}

func (e *Dashed) describe(s *State) string {
	if e.Die > 0 {
		return fmt.Sprintf("%s dashes again: %s, rate +%d; stamina %d, fatigue %d", e.Combatant, d20(e.Die, e.Bonus), e.RateBonus, e.Stamina, e.Fatigue)
	}
	return fmt.Sprintf("%s dashes: stamina %d, fatigue %d", e.Combatant, e.Stamina, e.Fatigue)
}

// Posture is Change Posture, R49, hurried or not (R67).
type Posture struct {
	To    string `json:"to"`
	Hurry bool   `json:"hurry,omitempty"`
}

func (*Posture) command() {}

// Dash is R54.
type Dash struct{}

// The kinds of posture.go's commands and events.
var (
	postureKind        = engine.Add[Posture](commands, "posture")
	_                  = engine.Add[Dash](commands, "dash")
	postureChangedKind = engine.Add[PostureChanged](events, "posture_changed")
	dashedKind         = engine.Add[Dashed](events, "dashed")
)

func (*Dash) command() {}

// posture is R49, hurried or not (R67).
func (r *run) posture(to string, hurry bool) error {
	a, err := r.postureCheck(to, hurry)
	if err != nil {
		return err
	}
	r.spend(a, r.hurried(a, actionCosts["posture"], hurry), "posture")
	r.emit(engine.New(r.h.arena(), postureChangedKind, PostureChanged{Combatant: a.ID, To: to}))
	return nil
}

// postureCheck is posture's checks: it returns the actor.
func (r *run) postureCheck(to string, hurry bool) (a *Combatant, err error) {
	if a, err = r.acting("change posture"); err != nil {
		return nil, err
	}
	switch {
	case to != Standing && to != Crouching && to != Prone:
		return nil, refuse(engine.Invalid, "%q is not a posture: standing, crouching or prone", to)
	case to == a.Posture:
		return nil, refuse(engine.NotAllowedNow, "%s is %s already", a.ID, to)
	case a.Posture == Prone && to == Standing:
		return nil, refuse(engine.NotAllowedNow, "%s is prone and must crouch before standing (R49)", a.ID)
	}
	return a, r.hurryCheck(a, actionCosts["posture"], hurry, "changing posture")
}

// dash is R54: the movement rate doubled until the round ends, for 1
// stamina (R19: a cost above the stamina left becomes fatigue).
func (r *run) dash() error {
	a, err := r.dashCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["dash"], "dash")
	stamina, fatigue := payStamina(a, 1)
	e := Dashed{Combatant: a.ID, Stamina: stamina, Fatigue: fatigue}
	if a.Dashing {
		// R54: a second dash is a Str [Athletics/move mode] check, adding a
		// third of its result to the rate.
		e.Die = r.src.Roll(20)
		e.Bonus = a.Attributes.Str + a.rank("athletics", cmp.Or(a.MoveMode, "running")) - a.tired()
		e.RateBonus = max(0, floorDiv(e.Die+e.Bonus, 3))
	}
	r.emit(engine.New(r.h.arena(), dashedKind, e))
	return nil
}

// dashCheck is dash's checks: it returns the actor.
func (r *run) dashCheck() (a *Combatant, err error) {
	if a, err = r.acting("dash"); err != nil {
		return nil, err
	}
	if a.Dashes >= 2 {
		return nil, refuse(engine.NotAllowedNow, "%s has dashed twice this round already (R54)", a.ID)
	}
	return a, need(a, actionCosts["dash"], "dash")
}
