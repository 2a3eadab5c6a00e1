package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Condition is a lasting effect on a creature that Treat Condition can
// treat (R64): bleeding, burning, hobbled or poisoned, with a level (as a
// wound's, 1 light to 5 fatal) and the TN of treating it. Fray gives
// conditions no effect of their own yet: the rules' effects are the
// scene's (A07's hook).
type Condition struct {
	Name  string `yaml:"name" json:"name" required:"true" enum:"bleeding,burning,hobbled,poisoned" doc:"bleeding, burning, hobbled or poisoned"`
	Level int    `yaml:"level" json:"level,omitempty" min:"0" max:"5" doc:"its level, 1 (light) to 5 (fatal), for bleeding, burning and poison"`
	TN    *int   `yaml:"tn" json:"tn,omitempty" min:"0" max:"100" doc:"the TN of treating it (default 5, A34)"`
	// Rounds and Since are how long it lasts, from which round (R32).
	Rounds int `yaml:"rounds" json:"rounds,omitempty" min:"0" max:"10000" doc:"rounds it lasts (R32: the round it began counts as the first), 0 until treated"`
	Since  int `yaml:"since" json:"since,omitempty" min:"0" max:"10000" doc:"the round it began (default: the fight's first)"`
	// APCost, APZero and Checks are what it does to its sufferer while it
	// lasts (R24, R04): see mods.
	APCost int  `yaml:"ap_cost" json:"ap_cost,omitempty" min:"-20" max:"20" doc:"added to the AP cost of every action and reaction of its sufferer while it lasts, at least 1 (R24)"`
	APZero bool `yaml:"ap_zero" json:"ap_zero,omitempty" doc:"its AP-cost change may bring a cost down to 0 (R24)"`
	Checks int  `yaml:"checks" json:"checks,omitempty" min:"-20" max:"20" doc:"added to every check and attack of its sufferer while it lasts"`
}

// treatCondition is R64 (8 AP): Lor [Healing/the condition's name, else
// Wounds] (-5 without a kit) against its TN. Success: hobbled ends;
// poison drops a level [ours: "per its text"]; bleeding and burning drop
// 1 + margin/2 levels; a condition below light is gone.
func (r *run) treatCondition(target, name string) error {
	a, t, i, err := r.treatConditionCheck(target, name)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["treat"], "treat condition")
	c := t.Conditions[i]
	ck := r.standard(healBonusFor(a, name), gmTN(c.TN))
	e := ConditionTreated{Healer: a.ID, Patient: t.ID, Condition: name, TNRoll: ck, Level: c.Level}
	if margin := ck.margin(); margin >= 0 {
		e.Success = true
		switch name {
		case "hobbled":
			e.Level = 0
		case "poisoned":
			e.Level = max(0, c.Level-1)
		default:
			e.Level = max(0, c.Level-(1+margin/2))
		}
	}
	r.emit(engine.New(r.h.arena(), conditionTreatedKind, e))
	return nil
}

// treatConditionCheck is treatCondition's checks: it returns the healer,
// the patient and the index of its condition.
func (r *run) treatConditionCheck(target, name string) (a, t *Combatant, i int, err error) {
	a, t, err = r.healerAnd(target, "treat ", target, "'s ", name)
	if err != nil {
		return nil, nil, 0, err
	}
	i = slices.IndexFunc(t.Conditions, func(c Condition) bool { return c.Name == name })
	if i < 0 {
		return nil, nil, 0, refuse(engine.NotAllowedNow, "%s is not %s", t.ID, name)
	}
	return a, t, i, need(a, actionCosts["treat"], "treating a condition")
}

// TreatCondition is Treat Condition, R64.
type TreatCondition struct {
	Target    string `json:"target"`
	Condition string `json:"condition"`
}

func (*TreatCondition) command() {}

// ConditionTreated: a Treat Condition (R64): Level is the condition's level after (0: gone).
type ConditionTreated struct {
	Healer    string `json:"healer"`
	Patient   string `json:"patient"`
	Condition string `json:"condition"`
	TNRoll
	Success bool `json:"success"`
	Level   int  `json:"level"`
}

// The kinds of condition.go's command and event.
var (
	treatConditionKind   = engine.Add[TreatCondition](commands, "treat_condition")
	conditionTreatedKind = engine.Add[ConditionTreated](events, "condition_treated")
)

func (e *ConditionTreated) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil {
		// A new slice: states may share their conditions (ScratchInto).
		kept := make([]Condition, 0, len(c.Conditions))
		for _, x := range c.Conditions {
			if x.Name == e.Condition {
				if e.Level <= 0 {
					continue
				}
				x.Level = e.Level
			}
			kept = append(kept, x)
		}
		c.Conditions = kept
	}
}

func (e *ConditionTreated) describe(s *State) string {
	out := "fails"
	switch {
	case e.Success && e.Level <= 0:
		out = "it is gone"
	case e.Success:
		out = fmt.Sprintf("now %s", LevelName(e.Level))
	}
	return fmt.Sprintf("%s treats %s's %s: %s: %s", e.Healer, e.Patient, e.Condition, e.rolled(), out)
}
