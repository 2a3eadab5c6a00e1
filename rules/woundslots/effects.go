package woundslots

import (
	"slices"

	"fray/engine"
)

// Effect is a lasting effect a creature controls (R21, R32, R60): a
// spell's, or an item's. Mana is what is invested in it, held until it
// ends; Rounds how long it lasts from round Since (0: until ended).
// What an effect does is the scene's: the rules give the bookkeeping,
// not the effects (A07's hook).
type Effect struct {
	Name   string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as end EFFECT names it"`
	Item   string `yaml:"item" json:"item,omitempty" doc:"the item it is an effect of, if any (R60)"`
	Mana   int    `yaml:"mana" json:"mana,omitempty" min:"0" max:"1000" doc:"mana invested in it, returned when it ends (R21)"`
	Rounds int    `yaml:"rounds" json:"rounds,omitempty" min:"0" max:"10000" doc:"rounds it lasts (R32), 0 until it is ended"`
	Since  int    `yaml:"since" json:"since,omitempty" min:"0" max:"10000" doc:"the round it began (default: the fight's first)"`
	// APCost, APZero and Checks are what it does to its creature while it
	// holds (R24, R04): see apCost and checkMod.
	APCost int  `yaml:"ap_cost" json:"ap_cost,omitempty" min:"-20" max:"20" doc:"added to the AP cost of every action and reaction of its creature while it holds, at least 1 (R24)"`
	APZero bool `yaml:"ap_zero" json:"ap_zero,omitempty" doc:"its AP-cost change may bring a cost down to 0 (R24: the effect says so)"`
	Checks int  `yaml:"checks" json:"checks,omitempty" min:"-20" max:"20" doc:"added to every check and attack of its creature while it holds"`
}

// expires reports whether something lasting rounds from round since ends
// at the end of round (R32: the round it begins counts as the first).
func expires(since, rounds, round int) bool {
	return rounds > 0 && since+rounds-1 <= round
}

// invested is the mana c has invested in its effects (R21).
func (c *Combatant) invested() int {
	n := 0
	for i := range c.Effects {
		n += c.Effects[i].Mana
	}
	return n
}

// endEffect is R60 (2 AP): the actor ends an effect it controls, and
// what mana was invested in it comes back (R21).
func (r *run) endEffect(name string) error {
	a, i, err := r.endEffectCheck(name)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["end"], "end "+name)
	r.emit(ev(r.h, (*hotMemory).evEffectEnded, EffectEnded{Combatant: a.ID, Effect: name, Mana: a.Effects[i].Mana, Why: "ended"}))
	return nil
}

// endEffectCheck is endEffect's checks: it returns the actor and the
// index of its effect.
func (r *run) endEffectCheck(name string) (*Combatant, int, error) {
	if err := r.wantPhase(Acting, "end ", name); err != nil {
		return nil, 0, err
	}
	a := r.s.actor()
	i := slices.IndexFunc(a.Effects, func(e Effect) bool { return e.Name == name })
	if i < 0 {
		return nil, 0, refuse(engine.NotAllowedNow, "%s controls no effect called %q", a.ID, name)
	}
	return a, i, need(a, actionCosts["end"], "ending an effect")
}

// expire ends, at the round's end, the effects and conditions whose
// duration is over, the oldest first (R32).
func (r *run) expire() {
	s := r.s
	for {
		best, bestSince, cond := -1, 0, -1
		var who *Combatant
		for i := range s.Combatants {
			c := &s.Combatants[i]
			for j := range c.Effects {
				if e := &c.Effects[j]; expires(e.Since, e.Rounds, s.Round) && (who == nil || e.Since < bestSince) {
					who, best, bestSince, cond = c, j, e.Since, -1
				}
			}
			for j := range c.Conditions {
				if e := &c.Conditions[j]; expires(e.Since, e.Rounds, s.Round) && (who == nil || e.Since < bestSince) {
					who, best, bestSince, cond = c, -1, e.Since, j
				}
			}
		}
		switch {
		case who == nil:
			return
		case cond >= 0:
			r.emit(ev(r.h, (*hotMemory).evEffectEnded, EffectEnded{Combatant: who.ID, Effect: who.Conditions[cond].Name, Condition: true, Why: "expired"}))
		default:
			e := who.Effects[best]
			r.emit(ev(r.h, (*hotMemory).evEffectEnded, EffectEnded{Combatant: who.ID, Effect: e.Name, Mana: e.Mana, Why: "expired"}))
		}
	}
}
