package vigor

import (
	"fmt"

	"fray/engine"
)

// Acted: a creature spent actions on an act.
type Acted struct {
	Combatant string `json:"combatant"`
	Act       string `json:"act"`
	Actions   int    `json:"actions"`
	Target    string `json:"target,omitempty"`
	// Owed is what the act still needs on later turns (R10).
	Owed int `json:"owed,omitempty"`
}

// The kinds of costs.go's events.
var (
	actedKind      = engine.Add[Acted](events, "acted")
	vigorSpentKind = engine.Add[VigorSpent](events, "vigor_spent")
	manaSpentKind  = engine.Add[ManaSpent](events, "mana_spent")
)

// apply spends the actions, and keeps what the act still owes (R10).
func (e *Acted) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Left = max(0, c.Left-e.Actions)
	if e.Act != "end_turn" {
		s.Actions++
	}
	if e.Owed > 0 {
		c.Carry = Carry{Act: e.Act, Target: e.Target, Owed: e.Owed}
	} else {
		c.Carry = Carry{}
	}
}

func (e *Acted) describe(*State) string {
	if e.Act == "end_turn" {
		return fmt.Sprintf("%s ends the turn", e.Combatant)
	}
	if e.Owed > 0 {
		return fmt.Sprintf("%s spends %d action(s) on %s %s, %d more owed on a later turn", e.Combatant, e.Actions, e.Act, e.Target, e.Owed)
	}
	return fmt.Sprintf("%s spends %d action(s) to %s", e.Combatant, e.Actions, e.Act)
}

// acted spends n of me's actions on act (R10).
func (d *decider) acted(me *Combatant, act string, n int) {
	d.emit(engine.New(d.h.arena(), actedKind, Acted{Combatant: me.ID, Act: act, Actions: n}))
}

// spend spends the actions of an act that takes need of them (R10):
// those left now, and the rest on later turns if they are too few, the
// act going on where it stopped when it is given again on the same
// target. It reports whether the act is done now.
func (d *decider) spend(me *Combatant, act, target string, need int) bool {
	if me.Carry.Act == act && me.Carry.Target == target {
		need = me.Carry.Owed
	}
	if me.Left < need {
		d.emit(engine.New(d.h.arena(), actedKind, Acted{Combatant: me.ID, Act: act, Actions: me.Left, Owed: need - me.Left, Target: target}))
		return false
	}
	d.emit(engine.New(d.h.arena(), actedKind, Acted{Combatant: me.ID, Act: act, Actions: need, Target: target}))
	return true
}

// VigorSpent: a creature paid Vigor (R12, R20, R21), perhaps becoming
// Winded (R38).
type VigorSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	For       string `json:"for"`
	Vigor     int    `json:"vigor"`
	Winded    bool   `json:"winded,omitempty"`
}

// apply pays the Vigor; a creature Winded on its own turn loses the rest
// of it (R38).
func (e *VigorSpent) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Vigor = max(0, e.Vigor)
	if e.Winded || c.Vigor == 0 {
		c.Winded = true
		if s.turnOf(c) {
			c.Left = 0 // the rest of the turn is lost (R38)
		}
	}
}

func (e *VigorSpent) describe(*State) string {
	line := fmt.Sprintf("%s pays %d Vigor for %s: %d left", e.Combatant, e.Amount, e.For, e.Vigor)
	if e.Winded {
		line += ", winded"
	}
	return line
}

// pay spends Vigor (R20, A21).
func (d *decider) pay(c *Combatant, n int, what string) {
	left := c.Vigor - n
	d.emit(engine.New(d.h.arena(), vigorSpentKind, VigorSpent{Combatant: c.ID, Amount: n, For: what, Vigor: left, Winded: left <= 0 && !c.Winded}))
}

// ManaSpent: a creature paid Mana for an ability (R17).
type ManaSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	For       string `json:"for"`
	Mana      int    `json:"mana"`
}

// apply pays the Mana.
func (e *ManaSpent) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Mana = max(0, e.Mana)
	}
}

func (e *ManaSpent) describe(*State) string {
	return fmt.Sprintf("%s pays %d Mana for %s: %d left", e.Combatant, e.Amount, e.For, e.Mana)
}
