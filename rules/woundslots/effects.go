package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/rules/parts"
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
	// holds (R24, R04): see mods.
	APCost int  `yaml:"ap_cost" json:"ap_cost,omitempty" min:"-20" max:"20" doc:"added to the AP cost of every action and reaction of its creature while it holds, at least 1 (R24)"`
	APZero bool `yaml:"ap_zero" json:"ap_zero,omitempty" doc:"its AP-cost change may bring a cost down to 0 (R24: the effect says so)"`
	Checks int  `yaml:"checks" json:"checks,omitempty" min:"-20" max:"20" doc:"added to every check and attack of its creature while it holds"`
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
	r.emit(engine.New(r.h.arena(), effectEndedKind, EffectEnded{Combatant: a.ID, Effect: name, Mana: a.Effects[i].Mana, Why: "ended"}))
	return nil
}

// endEffectCheck is endEffect's checks: it returns the actor and the
// index of its effect.
func (r *run) endEffectCheck(name string) (a *Combatant, i int, err error) {
	if a, err = r.acting("end ", name); err != nil {
		return nil, 0, err
	}
	i = slices.IndexFunc(a.Effects, func(e Effect) bool { return e.Name == name })
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
				if e := &c.Effects[j]; parts.RoundsRunOut(e.Since, e.Rounds, s.Round) && (who == nil || e.Since < bestSince) {
					who, best, bestSince, cond = c, j, e.Since, -1
				}
			}
			for j := range c.Conditions {
				if e := &c.Conditions[j]; parts.RoundsRunOut(e.Since, e.Rounds, s.Round) && (who == nil || e.Since < bestSince) {
					who, best, bestSince, cond = c, -1, e.Since, j
				}
			}
		}
		switch {
		case who == nil:
			return
		case cond >= 0:
			r.emit(engine.New(r.h.arena(), effectEndedKind, EffectEnded{Combatant: who.ID, Effect: who.Conditions[cond].Name, Condition: true, Why: "expired"}))
		default:
			e := who.Effects[best]
			r.emit(engine.New(r.h.arena(), effectEndedKind, EffectEnded{Combatant: who.ID, Effect: e.Name, Mana: e.Mana, Why: "expired"}))
		}
	}
}

// EffectBegun: a spell leaves an effect on its caster (R21, R44), with
// Mana invested in it for Rounds rounds (0: until it is ended).
type EffectBegun struct {
	Combatant string `json:"combatant"`
	Effect    string `json:"effect"`
	Mana      int    `json:"mana,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
	// APCost, APZero and Checks are what the effect does while it holds
	// (R24): see Effect.
	APCost int  `json:"ap_cost,omitempty"`
	APZero bool `json:"ap_zero,omitempty"`
	Checks int  `json:"checks,omitempty"`
}

func (e *EffectBegun) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		// A new slice: states may share their effects (ScratchInto).
		x := Effect{Name: e.Effect, Mana: e.Mana, Rounds: e.Rounds, APCost: e.APCost, APZero: e.APZero, Checks: e.Checks}
		if e.Rounds > 0 {
			x.Since = s.Round
		}
		c.Effects = append(slices.Clone(c.Effects), x)
		c.Mana = max(0, c.Mana-e.Mana)
	}
}

func (e *EffectBegun) describe(s *State) string {
	until := "until ended"
	if e.Rounds > 0 {
		until = fmt.Sprintf("for %d rounds", e.Rounds)
	}
	return fmt.Sprintf("%s's %s holds %s: %d mana invested", e.Combatant, e.Effect, until, e.Mana) + modText(e.APCost, e.Checks)
}

// EffectEnded: an effect, or with Condition a condition, ends (R32, R60):
// Why is "ended" (R60), "expired" (R32) or "rest"; Mana is the invested
// mana that comes back (R21).
type EffectEnded struct {
	Combatant string `json:"combatant"`
	Effect    string `json:"effect"`
	Condition bool   `json:"condition,omitempty"`
	Mana      int    `json:"mana,omitempty"`
	Why       string `json:"why"`
}

func (e *EffectEnded) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if e.Condition {
		c.Conditions = slices.DeleteFunc(slices.Clone(c.Conditions), func(x Condition) bool { return x.Name == e.Effect })
		return
	}
	c.Effects = slices.DeleteFunc(slices.Clone(c.Effects), func(x Effect) bool { return x.Name == e.Effect })
	c.Mana = min(c.maxMana(), c.Mana+e.Mana)
}

func (e *EffectEnded) describe(s *State) string {
	back := ""
	if !e.Condition {
		back = fmt.Sprintf(": %d mana back", e.Mana)
	}
	switch e.Why {
	case "ended":
		return fmt.Sprintf("%s ends its %s%s", e.Combatant, e.Effect, back)
	case "rest":
		return fmt.Sprintf("%s's %s ends with the long rest%s", e.Combatant, e.Effect, back)
	}
	return fmt.Sprintf("%s's %s runs out%s", e.Combatant, e.Effect, back)
}

// EndEffect ends a magical effect one controls (R60).
type EndEffect struct {
	Effect string `json:"effect"`
}

// The kinds of effects.go's command and events.
var (
	endEffectKind   = engine.Add[EndEffect](commands, "end_effect")
	effectBegunKind = engine.Add[EffectBegun](events, "effect_begun")
	effectEndedKind = engine.Add[EffectEnded](events, "effect_ended")
)

func (*EndEffect) command() {}
