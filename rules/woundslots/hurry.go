package woundslots

import (
	"fmt"

	"fray/engine"
)

// hurryCheck refuses an action of cost AP, hurried or not, that a cannot
// take now (R67): not the AP for it, or a hurry the encounter does not
// allow (section 6). what names the action, in parts joined only for a
// refusal.
func (r *run) hurryCheck(a *Combatant, cost int, hurry bool, what ...string) error {
	if err := need(a, cost, what...); err != nil {
		return err
	}
	if hurry && !r.s.Options.HurryAllowed {
		return refuse(engine.NotAllowedNow, "the GM does not allow hurrying here (options: hurry_allowed)")
	}
	return nil
}

// hurried is R67 for an action of cost AP that hurryCheck passed: without
// hurry, cost. Hurried, a Dex [Acrobatics] check [ours] against the GM's
// TN: success saves 1 + margin/3 AP (at least 1 is paid) for 1 stamina;
// failure costs 1 + failure/3 AP more when the encounter says so
// (hurry_loss), else nothing.
func (r *run) hurried(a *Combatant, cost int, hurry bool) int {
	if !hurry {
		return cost
	}
	s := r.s
	ck := r.standard(a.Attributes.Dex+a.skill("acrobatics")-a.tired(), gmTN(s.Options.HurryTN))
	e := Hurried{Combatant: a.ID, TNRoll: ck, Cost: cost}
	if margin := ck.margin(); margin >= 0 {
		e.Success = true
		e.Cost = max(1, cost-(1+margin/3))
		e.Stamina, e.Fatigue = payStamina(a, 1)
	} else {
		e.Stamina, e.Fatigue = a.Stamina, a.Fatigue
		if s.Options.HurryLoss {
			// It loses no more than it has, its effects' changes to the
			// cost counted (R24): hurryCheck made sure of the cost itself.
			e.Cost = cost + 1 + (-margin)/3
			for e.Cost > cost && a.apCost(e.Cost) > a.AP {
				e.Cost--
			}
		}
	}
	r.emit(engine.New(r.h.arena(), hurriedKind, e))
	return e.Cost
}

// Hurried: a hurried action's check (R67): Cost is the AP it costs after, Stamina and Fatigue the actor's after its stamina.
type Hurried struct {
	Combatant string `json:"combatant"`
	TNRoll
	Success bool `json:"success"`
	Cost    int  `json:"cost"`
	Stamina int  `json:"stamina"`
	Fatigue int  `json:"fatigue"`
}

func (e *Hurried) apply(s *State, _ *hotMemory) { tire(s, e.Combatant, e.Stamina, e.Fatigue) }

func (e *Hurried) describe(s *State) string {
	if e.Success {
		return fmt.Sprintf("%s hurries: %s: it costs %d AP and 1 stamina", e.Combatant, e.rolled(), e.Cost)
	}
	return fmt.Sprintf("%s hurries: %s: fails, it costs %d AP", e.Combatant, e.rolled(), e.Cost)
}

// The kind of hurry.go's event.
var hurriedKind = engine.Add[Hurried](events, "hurried")
