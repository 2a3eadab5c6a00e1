package woundslots

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// MaxExertion is the most stamina or fatigue one GM command may cost.
const MaxExertion = 100

// Exert is the GM's ruling, at any time, that a creature pays stamina or
// gains fatigue for what the rules do not model: an ability costing
// Stamina stamina (R19: past what it has left, the rest becomes fatigue),
// or Fatigue fatigue gained outright (R20). One of the two is given.
type Exert struct {
	Target  string `json:"target"`
	Stamina int    `json:"stamina,omitempty"`
	Fatigue int    `json:"fatigue,omitempty"`
}

func (*Exert) command() {}

// Exerted: a creature pays Cost stamina (R19) or gains Gained fatigue
// (R20) by the GM's ruling; Stamina and Fatigue are its own after.
type Exerted struct {
	Combatant string `json:"combatant"`
	Cost      int    `json:"cost,omitempty"`
	Gained    int    `json:"gained,omitempty"`
	Stamina   int    `json:"stamina"`
	Fatigue   int    `json:"fatigue"`
}

// The kinds of exert.go's command and event.
var (
	_           = engine.Add[Exert](commands, "exert")
	exertedKind = engine.Add[Exerted](events, "exerted")
)

// exert is the GM's Exert: a stamina cost paid as R19 says, or fatigue
// gained, with what R20 makes of it (the max stamina lowered, exhaustion
// and staggering).
func (r *run) exert(actor string, c *Exert) error {
	s := r.s
	t := s.Combatant(c.Target)
	switch {
	case actor != engine.GM:
		return refuse(engine.NotYourTurn, "only the GM makes a creature pay stamina or gain fatigue")
	case t == nil:
		return s.noCombatant(c.Target)
	case (c.Stamina > 0) == (c.Fatigue > 0) || c.Stamina < 0 || c.Fatigue < 0:
		return refuse(engine.Invalid, "give a stamina cost or fatigue gained, one of them, above 0: exert %s 5, or fatigue %s 2", t.ID, t.ID)
	case c.Stamina > MaxExertion || c.Fatigue > MaxExertion:
		return refuse(engine.Invalid, "%d is more than one ruling may cost (at most %d)", max(c.Stamina, c.Fatigue), MaxExertion)
	case t.Status == Dead:
		return refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	}
	e := engine.New(r.h.arena(), exertedKind, Exerted{Combatant: t.ID, Cost: c.Stamina, Gained: c.Fatigue})
	if c.Stamina > 0 {
		e.Stamina, e.Fatigue = payStamina(t, c.Stamina)
	} else {
		e.Fatigue = t.Fatigue + c.Fatigue
		e.Stamina = min(t.Stamina, max(0, t.NormalMaxStamina()-e.Fatigue))
	}
	r.emit(e)
	return nil
}

func (e *Exerted) describe(*State) string {
	if e.Cost > 0 {
		return fmt.Sprintf("the GM rules %s pays %d stamina: %d stamina, %d fatigue", e.Combatant, e.Cost, e.Stamina, e.Fatigue)
	}
	return fmt.Sprintf("the GM rules %s gains %d fatigue: %d stamina, %d fatigue", e.Combatant, e.Gained, e.Stamina, e.Fatigue)
}

func (e *Exerted) apply(s *State, _ *hotMemory) { tire(s, e.Combatant, e.Stamina, e.Fatigue) }

// tire sets the stamina and fatigue of the combatant id, if there is
// one, to what a payment of stamina left (R19, R20).
func tire(s *State, id string, stamina, fatigue int) {
	if c := s.Combatant(id); c != nil {
		c.Stamina = stamina
		setFatigue(c, fatigue)
	}
}

// payStamina is R19 and R20: the stamina and fatigue after paying cost.
func payStamina(c *Combatant, cost int) (stamina, fatigue int) {
	stamina, short := parts.Overdraw(c.Stamina, cost)
	fatigue = c.Fatigue + short
	return min(stamina, max(0, c.NormalMaxStamina()-fatigue)), fatigue
}
