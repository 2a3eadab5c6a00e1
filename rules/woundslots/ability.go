package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// mods is what c's effects and conditions do to it, summed: the change
// to the AP cost of its actions and reactions and whether one of them
// lets a cost drop to 0 (R24), and what they add to every check and
// attack it makes.
func (c *Combatant) mods() (change int, zero bool, checks int) {
	for i := range c.Effects {
		e := &c.Effects[i]
		change, zero, checks = change+e.APCost, zero || e.APZero, checks+e.Checks
	}
	for i := range c.Conditions {
		e := &c.Conditions[i]
		change, zero, checks = change+e.APCost, zero || e.APZero, checks+e.Checks
	}
	return change, zero, checks
}

// apCost is what an action or reaction whose cost is base costs c (R24):
// base changed by c's effects and conditions, at least 1, or at least 0
// when one of them says so. A free action (base 0) stays free.
func (c *Combatant) apCost(base int) int {
	if base <= 0 {
		return base
	}
	change, zero, _ := c.mods()
	if change == 0 {
		return base
	}
	floor := 1
	if zero {
		floor = 0
	}
	return max(floor, base+change)
}

// affords reports whether c has the AP for an action whose cost is base.
func (c *Combatant) affords(base int) bool { return c.AP >= c.apCost(base) }

// StaminaPaid: a spell or ability's stamina cost is paid as it takes
// effect (R19): past the stamina left, the rest becomes fatigue (R20).
// Stamina and Fatigue are the creature's own after.
type StaminaPaid struct {
	Combatant string `json:"combatant"`
	For       string `json:"for"`
	Cost      int    `json:"cost"`
	Stamina   int    `json:"stamina"`
	Fatigue   int    `json:"fatigue"`
}

// ConditionGained: a spell or ability that hit leaves a condition on its
// target from this round (R32, R64).
type ConditionGained struct {
	Combatant string    `json:"combatant"`
	From      string    `json:"from"`
	Condition Condition `json:"condition"`
}

// The kinds of ability.go's events.
var (
	staminaPaidKind     = engine.Add[StaminaPaid](events, "stamina_paid")
	conditionGainedKind = engine.Add[ConditionGained](events, "condition_gained")
)

// payStaminaFor pays sp's stamina cost, if it has one, as it takes effect.
func (r *run) payStaminaFor(a *Combatant, sp *Spell) {
	if sp.Stamina <= 0 {
		return
	}
	e := engine.New(r.h.arena(), staminaPaidKind, StaminaPaid{Combatant: a.ID, For: sp.Name, Cost: sp.Stamina})
	e.Stamina, e.Fatigue = payStamina(a, sp.Stamina)
	r.emit(e)
}

// inflict gives t the condition sp leaves on a creature it hits.
func (r *run) inflict(a, t *Combatant, sp *Spell) {
	if sp.Condition == nil || t.gone() {
		return
	}
	r.emit(engine.New(r.h.arena(), conditionGainedKind, ConditionGained{Combatant: t.ID, From: a.ID, Condition: *sp.Condition}))
}

func (e *StaminaPaid) describe(*State) string {
	return fmt.Sprintf("%s pays %d stamina for %s: %d stamina, %d fatigue", e.Combatant, e.Cost, e.For, e.Stamina, e.Fatigue)
}

func (e *ConditionGained) describe(*State) string {
	c := e.Condition
	s := fmt.Sprintf("%s is %s by %s's hit", e.Combatant, c.Name, e.From)
	if c.Level > 0 {
		s += fmt.Sprintf(", level %d", c.Level)
	}
	if c.Rounds > 0 {
		s += fmt.Sprintf(", for %d rounds", c.Rounds)
	}
	return s + modText(c.APCost, c.Checks)
}

// modText says what an effect or condition changes, for a transcript.
func modText(apCost, checks int) string {
	s := ""
	if apCost != 0 {
		s += fmt.Sprintf("; actions %+d AP", apCost)
	}
	if checks != 0 {
		s += fmt.Sprintf("; checks %+d", checks)
	}
	return s
}

func (e *ConditionGained) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		// A new slice: states may share their conditions (ScratchInto).
		// The same condition gained again starts afresh.
		x := e.Condition
		x.Since = s.Round
		kept := slices.DeleteFunc(slices.Clone(c.Conditions), func(o Condition) bool { return o.Name == x.Name })
		c.Conditions = append(kept, x)
	}
}

func (e *StaminaPaid) apply(s *State, _ *hotMemory) { tire(s, e.Combatant, e.Stamina, e.Fatigue) }
