package woundslots

import (
	"fmt"

	"fray/engine"
)

// healBonus is a healer's Lor [Healing/Wounds] bonus, -5 without a kit
// (R63, R65, R71), -2 exhausted (A26).
func healBonus(c *Combatant) int { return healBonusFor(c, "wounds") }

// healBonusFor is healBonus for treating what: its Healing specialization
// counts, or Wounds' when that is higher (R64).
func healBonusFor(c *Combatant, what string) int {
	b := c.Attributes.Lor + c.skill("healing") + max(c.spec("healing", what), c.spec("healing", "wounds")) - c.tired()
	if !c.Kit {
		b -= NoKitPenalty
	}
	return b
}

// wakeTN is A09's TN: the Recovery TN of the highest wound.
func wakeTN(c *Combatant) int { return recoveryTN[max(Light, c.Wounds.Severity())-1] }

// wakeCheck is A09: a standard Vit check less fatigue (and exhaustion,
// A26) against the Recovery TN of the highest wound; success wakes the
// creature.
func (r *run) wakeCheck(c *Combatant) {
	ck := r.standard(c.Attributes.Vit-c.Fatigue-c.tired(), wakeTN(c))
	r.emit(engine.New(r.h.arena(), wakeCheckedKind, WakeChecked{Combatant: c.ID, TNRoll: ck, Woke: ck.succeeds()}))
}

// healerAnd is the checks every treatment begins with: the acting
// creature, in the acting phase (what says what it tried), and a patient
// it may heal.
func (r *run) healerAnd(target string, what ...string) (a, t *Combatant, err error) {
	if a, err = r.acting(what...); err != nil {
		return nil, nil, err
	}
	t, err = patient(r.s, a, target)
	return a, t, err
}

// mayTend reports whether a may tend t: itself, or an adjacent ally, or an
// adjacent helpless creature (R63-R65).
func mayTend(a, t *Combatant) bool {
	return !t.gone() && (t.ID == a.ID || Gap(a, t) <= 0 && (t.Side == a.Side || t.helpless()))
}

// patient returns the creature called target when a may tend it, else
// says why not (mayTend).
func patient(s *State, a *Combatant, target string) (*Combatant, error) {
	t := s.Combatant(target)
	switch {
	case t == nil:
		return nil, s.noCombatant(target)
	case mayTend(a, t):
		return t, nil
	case t.gone():
		return nil, refuse(engine.NotAllowedNow, "%s is %s", t.ID, t.Status)
	case Gap(a, t) > 0:
		return nil, refuse(engine.NotAllowedNow, "%s must be beside %s to tend it", a.ID, t.ID)
	}
	return nil, refuse(engine.NotAllowedNow, "%s is neither willing nor helpless", t.ID)
}

// stabilize is R63 with A09 and A32: Lor [Healing/Wounds] against the
// patient's filled slots; success stops its dying and it makes a wake
// check at once.
func (r *run) stabilize(target string) error {
	a, t, err := r.stabilizeCheck(target)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["stabilize"], "stabilize")
	ck := r.standard(healBonus(a), t.Wounds.Total())
	r.emit(engine.New(r.h.arena(), stabilizedKind, Stabilized{Healer: a.ID, Patient: t.ID, TNRoll: ck, Success: ck.succeeds()}))
	if ck.succeeds() {
		r.wakeCheck(t)
	}
	return nil
}

// stabilizeCheck is stabilize's checks: it returns the healer and the
// patient.
func (r *run) stabilizeCheck(target string) (a, t *Combatant, err error) {
	if err := r.wantPhase(Acting, "stabilize ", target); err != nil {
		return nil, nil, err
	}
	if t := r.s.Combatant(target); t != nil && !t.gone() && !t.IsDying {
		// R63 stabilizes only the dying: say so before asking whether
		// it would be tended.
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not dying", t.ID)
	}
	if a, t, err = r.healerAnd(target, "stabilize ", target); err != nil {
		return nil, nil, err
	}
	return a, t, need(a, actionCosts["stabilize"], "stabilizing")
}

// treatTarget is A10: where a level-l wound goes when reduced by steps:
// the lowest level within reach with an open slot (0: healed), or l when
// none has one.
func treatTarget(c *Combatant, l, steps int) int {
	for lv := max(0, l-steps); lv < l; lv++ {
		if lv == NoWound || *c.Wounds.At(lv) < *c.Slots.At(lv) {
			return lv
		}
	}
	return l
}

// treat is R65 with A10 and A39: Lor [Healing/Wounds] against the Treat
// TN of the level chosen; success moves that wound down 1 + margin/2
// steps; either way the patient gains fatigue equal to its highest
// remaining wound's level. A patient whose fatigue reaches its normal max
// stamina fails without a die.
func (r *run) treat(target, level string) error {
	a, t, l, err := r.treatCheck(target, level)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["treat"], "treat wound")
	e := WoundTreated{Healer: a.ID, Patient: t.ID, Level: l, To: l, TN: treatTN[l-1]}
	if t.Fatigue >= t.NormalMaxStamina() {
		e.Auto = true
	} else {
		ck := r.standard(healBonus(a), e.TN)
		e.Die, e.Bonus = ck.Die, ck.Bonus
		if margin := ck.margin(); margin >= 0 {
			e.Success = true
			e.To = treatTarget(t, l, 1+margin/2)
		}
	}
	after := t.Wounds
	after.move(l, e.To)
	e.Fatigue = t.Fatigue + after.Severity()
	r.emit(engine.New(r.h.arena(), woundTreatedKind, e))
	if e.To != l && t.Status == Unconscious {
		r.wakeCheck(t)
	}
	return nil
}

// treatCheck is treat's checks: it returns the healer, the patient and
// the level of the wound treated.
func (r *run) treatCheck(target, level string) (a, t *Combatant, l int, err error) {
	a, t, err = r.healerAnd(target, "treat ", target)
	if err != nil {
		return nil, nil, 0, err
	}
	l, err = levelOf(level)
	switch {
	case err != nil:
		return nil, nil, 0, err
	case *t.Wounds.At(l) == 0:
		return nil, nil, 0, refuse(engine.NotAllowedNow, "%s has no %s wound", t.ID, level)
	}
	return a, t, l, need(a, actionCosts["treat"], "treating a wound")
}

// Stabilized: a healer's Stabilize check (R63): Lor [Healing/Wounds] against the patient's filled slots (A32); success stops its dying.
type Stabilized struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	TNRoll
	Success bool `json:"success"`
}

func (e *Stabilized) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil && e.Success {
		c.IsDying, c.Dying = false, 0
	}
}

func (e *Stabilized) describe(s *State) string {
	return fmt.Sprintf("%s stabilizes %s: %s: %s", e.Healer, e.Patient, e.rolled(), map[bool]string{true: "no longer dying", false: "failed"}[e.Success])
}

// WakeChecked: a wake check (A09): Vit less fatigue against the Recovery TN of the highest wound; success wakes the creature.
type WakeChecked struct {
	Combatant string `json:"combatant"`
	TNRoll
	Woke bool `json:"woke"`
}

func (e *WakeChecked) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Woke && c.Status == Unconscious {
		c.Status, c.IsDying, c.Dying = Active, false, 0
	}
}

func (e *WakeChecked) describe(s *State) string {
	return fmt.Sprintf("%s's wake check: %s: %s", e.Combatant, e.rolled(), map[bool]string{true: "wakes", false: "stays unconscious"}[e.Woke])
}

// WoundTreated: a Treat Wound (R65): the wound of Level moves To a lower level (0: healed) on a success; Auto is the failure without a die of an overtired patient (A39); Fatigue is the patient's after.
type WoundTreated struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	Level   int    `json:"level"`
	To      int    `json:"to"`
	Die     int    `json:"die,omitempty"`
	Bonus   int    `json:"bonus,omitempty"`
	TN      int    `json:"tn"`
	Success bool   `json:"success"`
	Auto    bool   `json:"auto,omitempty"`
	Fatigue int    `json:"fatigue"`
}

func (e *WoundTreated) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil {
		moveWound(c, e.Level, e.To)
		setFatigue(c, e.Fatigue)
	}
}

func (e *WoundTreated) describe(s *State) string {
	head := fmt.Sprintf("%s treats %s's %s wound: ", e.Healer, e.Patient, LevelName(e.Level))
	if e.Auto {
		return fmt.Sprintf("%sfails, the patient is too tired; fatigue %d", head, e.Fatigue)
	}
	out := woundTo(e.To)
	switch {
	case !e.Success:
		out = "fails"
	case e.To == e.Level:
		out = "no open slot to move it to"
	}
	return fmt.Sprintf("%s%s against TN %d: %s; fatigue %d", head, d20(e.Die, e.Bonus), e.TN, out, e.Fatigue)
}

// Stabilize is R63.
type Stabilize struct {
	Target string `json:"target"`
}

func (*Stabilize) command() {}

// Treat is Treat Wound, R65: the patient and the level of the wound.
type Treat struct {
	Target string `json:"target"`
	Level  string `json:"level"`
}

// The kinds of heal.go's commands and events.
var (
	stabilizeKind    = engine.Add[Stabilize](commands, "stabilize")
	treatKind        = engine.Add[Treat](commands, "treat")
	stabilizedKind   = engine.Add[Stabilized](events, "stabilized")
	wakeCheckedKind  = engine.Add[WakeChecked](events, "wake_checked")
	woundTreatedKind = engine.Add[WoundTreated](events, "wound_treated")
)

func (*Treat) command() {}

// woundTo says, for the log, where a wound moved to: healed, or its
// level now.
func woundTo(to int) string {
	if to > NoWound {
		return "now " + LevelName(to)
	}
	return "healed"
}

// woundsHealed follows a change that healed or eased c's wounds: its
// severity is its worst wound's, and with no wound left its recovery
// bonus ends, however the last wound healed (R72: the bonus lasts until a
// check heals a wound or no wounds remain).
func woundsHealed(c *Combatant) {
	c.Severity = c.Wounds.Severity()
	if c.Wounds.Total() == 0 {
		c.RecoveryBonus = 0
	}
}

// moveWound moves one wound of level from down to level to (0: healed);
// reducing a fatal wound ends dying (A08).
func moveWound(c *Combatant, from, to int) {
	if !c.Wounds.move(from, to) {
		return
	}
	woundsHealed(c)
	if from == Fatal {
		c.IsDying, c.Dying = false, 0
	}
}

// move moves one wound of level from to level to (0: healed), and reports
// whether there was one to move.
func (w *Wounds) move(from, to int) bool {
	if from == to || from <= NoWound || *w.At(from) == 0 {
		return false
	}
	*w.At(from)--
	if to > NoWound {
		*w.At(to)++
	}
	return true
}
