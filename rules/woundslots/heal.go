package woundslots

import (
	"fray/engine"
)

// healBonus is a healer's Lor [Healing/Wounds] bonus, -5 without a kit
// (R63, R65, R71), -2 exhausted (A26).
func healBonus(c *Combatant) int {
	b := c.Attributes.Lor + c.skill("healing") + c.spec("healing", "wounds") - c.tired()
	if !c.Kit {
		b -= NoKitPenalty
	}
	return b
}

// wakeTN is A09's TN: the Recovery TN of the highest wound.
func wakeTN(c *Combatant) int {
	if sev := c.Wounds.Severity(); sev > NoWound {
		return recoveryTN[sev-1]
	}
	return recoveryTN[0]
}

// wakeCheck is A09: a standard Vit check less fatigue (and exhaustion,
// A26) against the Recovery TN of the highest wound; success wakes the
// creature.
func (r *run) wakeCheck(c *Combatant) {
	die := r.src.Roll(20)
	bonus := c.Attributes.Vit - c.Fatigue - c.tired()
	tn := wakeTN(c)
	r.emit(ev(r.h, (*hotMemory).evWakeChecked, WakeChecked{Combatant: c.ID, Die: die, Bonus: bonus, TN: tn, Woke: die+bonus >= tn}))
}

// patient checks that t may be healed by a: itself, or an adjacent ally,
// or an adjacent helpless creature (R63-R65).
func patient(s *State, a *Combatant, target string) (*Combatant, error) {
	t := s.Combatant(target)
	switch {
	case t == nil:
		return nil, refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	case t.gone():
		return nil, refuse(engine.NotAllowedNow, "%s is %s", t.ID, t.Status)
	case t.ID != a.ID && Gap(a, t) > 0:
		return nil, refuse(engine.NotAllowedNow, "%s must be beside %s to tend it", a.ID, t.ID)
	case t.ID != a.ID && t.Side != a.Side && !t.helpless():
		return nil, refuse(engine.NotAllowedNow, "%s is neither willing nor helpless", t.ID)
	}
	return t, nil
}

// mayTend reports without an error what patient checks.
func mayTend(a, t *Combatant) bool {
	return !t.gone() && (t.ID == a.ID || Gap(a, t) <= 0 && (t.Side == a.Side || t.helpless()))
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
	die, bonus, tn := r.src.Roll(20), healBonus(a), t.Wounds.Total()
	ok := die+bonus >= tn
	r.emit(ev(r.h, (*hotMemory).evStabilized, Stabilized{Healer: a.ID, Patient: t.ID, Die: die, Bonus: bonus, TN: tn, Success: ok}))
	if ok {
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
	a = r.s.actor()
	t, err = patient(r.s, a, target)
	if err != nil {
		return nil, nil, err
	}
	if !t.IsDying {
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not dying", t.ID)
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
		e.Die, e.Bonus = r.src.Roll(20), healBonus(a)
		if margin := e.Die + e.Bonus - e.TN; margin >= 0 {
			e.Success = true
			e.To = treatTarget(t, l, 1+margin/2)
		}
	}
	after := t.Wounds
	if e.To != l {
		*after.At(l)--
		if e.To > NoWound {
			*after.At(e.To)++
		}
	}
	e.Fatigue = t.Fatigue + after.Severity()
	r.emit(ev(r.h, (*hotMemory).evWoundTreated, e))
	if e.To != l && t.Status == Unconscious {
		r.wakeCheck(t)
	}
	return nil
}

// treatCheck is treat's checks: it returns the healer, the patient and
// the level of the wound treated.
func (r *run) treatCheck(target, level string) (a, t *Combatant, l int, err error) {
	if err := r.wantPhase(Acting, "treat ", target); err != nil {
		return nil, nil, 0, err
	}
	a = r.s.actor()
	t, err = patient(r.s, a, target)
	if err != nil {
		return nil, nil, 0, err
	}
	l, ok := levelOf(level)
	switch {
	case !ok || l == NoWound:
		return nil, nil, 0, refuse(engine.Invalid, "%q is not a wound level: light, moderate, severe, critical or fatal", level)
	case *t.Wounds.At(l) == 0:
		return nil, nil, 0, refuse(engine.NotAllowedNow, "%s has no %s wound", t.ID, level)
	}
	return a, t, l, need(a, actionCosts["treat"], "treating a wound")
}
