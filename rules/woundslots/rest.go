package woundslots

import (
	"fmt"

	"fray/engine"
)

// rest is a short (R69) or long (R70) rest for everyone alive, or a long
// rest broken off after some minutes (R73, A30), in
// roster order, drawing a recovery d20 (R72) for each wounded long
// rester in that order.
func (r *run) rest(c *Rest) error {
	if err := r.wantPhase(Resting, "rest"); err != nil {
		return err
	}
	kind, tender := c.Length, c.Tender
	if kind != "short" && kind != "long" {
		return refuse(engine.Invalid, "%q is not a rest: short or long", kind)
	}
	broken, minutes := c.Interrupted != nil, valueOr(c.Interrupted, 0)
	if minutes < 0 || minutes >= 8*60 {
		return refuse(engine.Invalid, "an interrupted long rest ran from 0 to 479 minutes, not %d", minutes)
	}
	if broken && kind != "long" {
		return refuse(engine.Invalid, "only a long rest gives anything when interrupted (R73)")
	}
	slept := valueOr(c.Slept, -1) // -1: enough
	if c.Slept != nil && (kind != "long" || slept < 0 || slept > 24) {
		return refuse(engine.Invalid, "slept HOURS: the hours a long rest's sleepers slept in the last 24 (R68), 0 to 24")
	}
	s := r.s
	var tend *Combatant
	if tender != "" {
		tend = s.Combatant(tender)
		switch {
		case kind != "long":
			return refuse(engine.Invalid, "only a long rest is tended (R71)")
		case tend == nil:
			return s.noCombatant(tender)
		case tend.Status != Active:
			return refuse(engine.NotAllowedNow, "%s is in no state to tend anyone", tend.ID)
		}
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.gone() {
			continue
		}
		if kind == "short" {
			r.shortRest(c)
			continue
		}
		if broken {
			// R73, A30: a long rest broken off and not resumed gives the
			// short rest's benefit once per full 15 minutes, none before
			// the first 15.
			for range minutes / 15 {
				r.shortRest(c)
			}
			continue
		}
		if c.Wounds.Fatal > 0 || c.LongRests >= MaxLongRests {
			continue // R68, R70: no long rest while fatally wounded; twice a day at most
		}
		why := ""
		switch {
		case slept >= 0 && 2*slept < c.sleepNeed():
			why = "sleep" // R68: no long rest without a full night's sleep.
		case tend != nil && c.ID == tend.ID && r.tends(c):
			// R71: tending is strenuous, and strenuous activity breaks a
			// rest [ours: for the tender's whole long rest].
			why = "tending"
		default:
			r.longRest(c, tend)
			continue
		}
		r.emit(engine.New(r.h.arena(), restedKind, Rested{Combatant: c.ID, Rest: "long", Stamina: c.Stamina, Mana: c.Mana, Fatigue: c.Fatigue, Why: why}))
	}
	return nil
}

// sleepNeed is R68's hours of sleep a long rest needs, in half hours: 8
// hours less half an hour per point of Vitality, or the creature's own.
func (c *Combatant) sleepNeed() int {
	if c.SleepHours != nil {
		return 2 * *c.SleepHours
	}
	return 16 - c.Attributes.Vit
}

// tends reports whether tender has anyone to tend in a long rest: a
// wounded creature other than itself, resting with it.
func (r *run) tends(tender *Combatant) bool {
	for i := range r.s.Combatants {
		c := &r.s.Combatants[i]
		if c.ID != tender.ID && !c.gone() && c.Wounds.Total() > 0 && c.Wounds.Fatal == 0 && c.LongRests < MaxLongRests {
			return true
		}
	}
	return false
}

// shortRest is R69: half the max stamina and mana back, and one light
// wound healed when the severity is light or moderate.
func (r *run) shortRest(c *Combatant) {
	e := Rested{Combatant: c.ID, Rest: "short", Fatigue: c.Fatigue,
		Stamina: min(c.MaxStamina(), c.Stamina+c.MaxStamina()/2),
		Mana:    min(c.maxMana(), c.Mana+c.maxMana()/2)}
	if sev := c.Wounds.Severity(); (sev == Light || sev == Moderate) && c.Wounds.Light > 0 {
		e.LightHealed = 1
	}
	r.emit(engine.New(r.h.arena(), restedKind, e))
}

// maxMana is R21's raceMana + Lor, less the mana invested.
func (c *Combatant) maxMana() int { return max(0, c.RaceMana+c.Attributes.Lor-c.invested()) }

// longRest is R70's five steps: an exhausted creature only clears its
// exhaustion and fills its stamina and mana; otherwise light wounds heal
// when the severity is light or moderate, fatigue drops by 5 + Vit -
// severity (at least 1 unwounded, 0 wounded), a wounded creature makes a
// recovery check, and stamina and mana fill.
func (r *run) longRest(c, tender *Combatant) {
	for len(c.Effects) > 0 {
		// R21: invested mana is retrieved at the end of a long rest [ours:
		// fray takes the option]; the effects end.
		r.emit(engine.New(r.h.arena(), effectEndedKind, EffectEnded{Combatant: c.ID, Effect: c.Effects[0].Name, Mana: c.Effects[0].Mana, Why: "rest"}))
	}
	e := Rested{Combatant: c.ID, Rest: "long", Fatigue: c.Fatigue, Mana: c.maxMana()}
	if c.IsExhausted {
		e.Cleared = true
		e.Stamina = max(0, c.NormalMaxStamina()-c.Fatigue)
		r.emit(engine.New(r.h.arena(), restedKind, e))
		return
	}
	w := c.Wounds
	if sev := w.Severity(); sev == Light || sev == Moderate {
		e.LightHealed = w.Light
		w.Light = 0
	}
	sev := w.Severity()
	if e.Fatigue > 0 {
		floor := 0
		if sev == NoWound {
			floor = 1
		}
		e.Fatigue = max(0, e.Fatigue-max(5+c.Attributes.Vit-sev, floor))
	}
	e.Stamina = max(0, c.NormalMaxStamina()-e.Fatigue)
	r.emit(engine.New(r.h.arena(), restedKind, e))
	if c.Wounds.Total() > 0 {
		r.recover(c, tender)
	}
}

// recover is R72, with R71's tending: a standard Vit check less fatigue plus the recovery
// bonus; the worst wound it can reach whose next level down has an open
// slot drops one level (a light one heals). Nothing healed: the bonus
// grows by 1; a wound healed, or none left: it is 0.
func (r *run) recover(c, tender *Combatant) {
	die := r.src.Roll(20)
	bonus := c.Attributes.Vit - c.Fatigue + c.RecoveryBonus - c.tired()
	e := RecoveryRolled{Combatant: c.ID, Die: die, Bonus: bonus, RecoveryBonus: c.RecoveryBonus + 1}
	if tender != nil && tender.ID != c.ID {
		// R71: the tender's Lor [Healing/Wounds] (-5 without a kit)
		// replaces the result when higher.
		e.Tender, e.TendDie, e.TendBonus = tender.ID, r.src.Roll(20), healBonus(tender)
		if e.TendDie+e.TendBonus > die+bonus {
			die, bonus = e.TendDie, e.TendBonus
		}
	}
	worst := recoveryTN.Rung(die + bonus)
	choices := 0
	for l := worst; l >= Light; l-- {
		if recoverable(c, l) {
			if choices == 0 {
				e.Level, e.To, e.RecoveryBonus = l, l-1, 0
			}
			choices++
		}
	}
	if choices > 1 {
		// Section 7.8: the creature picks which wound drops.
		e.Level, e.To, e.Reach = 0, 0, worst
	}
	r.emit(engine.New(r.h.arena(), recoveryRolledKind, e))
	if e.Level > NoWound && c.Status == Unconscious {
		r.wakeCheck(c) // A09: a wound reduced
	}
}

// recoverable reports whether a recovery check may drop one of c's level-l
// wounds: it has one, and the next level down has an open slot (a light
// one heals, R72).
func recoverable(c *Combatant, l int) bool {
	return *c.Wounds.At(l) > 0 && (l == Light || *c.Wounds.At(l - 1) < *c.Slots.At(l - 1))
}

// recoverChoice is a resting creature's choice of the wound its recovery
// check drops (R72, section 7.8).
func (r *run) recoverChoice(level string) error {
	s := r.s
	if s.Phase != Choosing || s.Pending != nil || len(s.Queue) == 0 {
		return refuse(engine.NotAllowedNow, "there is no recovery to choose a wound for")
	}
	c := s.Combatant(s.Queue[0])
	l, err := levelOf(level)
	switch {
	case err != nil:
		return err
	case l > c.RecoverUpTo || !recoverable(c, l):
		return refuse(engine.NotAllowedNow, "%s's recovery reaches %s wounds; a %s one cannot drop (it has none, or no slot below is open)", c.ID, LevelName(c.RecoverUpTo), level)
	}
	r.emit(engine.New(r.h.arena(), recoveryChosenKind, RecoveryChosen{Combatant: c.ID, Level: l, To: l - 1}))
	if c.Status == Unconscious {
		r.wakeCheck(c) // A09: a wound reduced
	}
	return nil
}

// doneResting ends the rests, and the fight.
func (r *run) doneResting() error {
	if err := r.wantPhase(Resting, "finish resting"); err != nil {
		return err
	}
	winner, _ := lastSide(r.s)
	r.emit(engine.New(r.h.arena(), fightEndedKind, FightEnded{Winner: winner}))
	return nil
}

// Rested: a short or long rest's outcome for one creature (R69, R70): what it has after.
type Rested struct {
	Combatant   string `json:"combatant"`
	Rest        string `json:"rest"`
	Stamina     int    `json:"stamina"`
	Mana        int    `json:"mana"`
	Fatigue     int    `json:"fatigue"`
	LightHealed int    `json:"light_healed,omitempty"`
	Cleared     bool   `json:"cleared,omitempty"`
	// Why says why a long rest gave nothing: "sleep" (not slept enough,
	// R68) or "tending" (its tending was strenuous, R71).
	Why string `json:"why,omitempty"`
}

func (e *Rested) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Wounds.Light -= e.LightHealed
		woundsHealed(c)
		if e.Cleared {
			c.IsExhausted = false
		}
		setFatigue(c, e.Fatigue)
		c.Stamina, c.Mana = e.Stamina, e.Mana
		if e.Rest == "long" && e.Why == "" {
			c.LongRests++
		}
	}
}

func (e *Rested) describe(s *State) string {
	switch e.Why {
	case "sleep":
		return fmt.Sprintf("%s takes no long rest: it has not slept enough (R68)", e.Combatant)
	case "tending":
		return fmt.Sprintf("%s takes no long rest: tending others is strenuous (R71)", e.Combatant)
	}
	line := fmt.Sprintf("%s takes a %s rest: stamina %d, mana %d, fatigue %d", e.Combatant, e.Rest, e.Stamina, e.Mana, e.Fatigue)
	if e.Cleared {
		line += ", no longer exhausted"
	}
	if e.LightHealed > 0 {
		line += fmt.Sprintf(", %d light wounds healed", e.LightHealed)
	}
	return line
}

// RecoveryRolled: a recovery check (R72): standard Vit less fatigue plus the recovery bonus; the wound of Level drops to To (0: healed), or with Level 0 nothing heals and the bonus grows.
type RecoveryRolled struct {
	Combatant string `json:"combatant"`
	// Tender tends the patient (R71): its d20 and bonus, whose result
	// counts when higher.
	Tender        string `json:"tender,omitempty"`
	TendDie       int    `json:"tend_die,omitempty"`
	TendBonus     int    `json:"tend_bonus,omitempty"`
	Die           int    `json:"die"`
	Bonus         int    `json:"bonus"`
	Level         int    `json:"level,omitempty"`
	To            int    `json:"to,omitempty"`
	RecoveryBonus int    `json:"recovery_bonus"`
	// Reach is the worst level the result reaches when several wounds
	// could drop: the creature then chooses which (section 7.8).
	Reach int `json:"reach,omitempty"`
}

func (e *RecoveryRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if e.Level > NoWound {
			moveWound(c, e.Level, e.To)
		}
		c.RecoveryBonus = e.RecoveryBonus
		if e.Reach > NoWound {
			c.RecoverUpTo = e.Reach
			s.Queue = append(s.Queue, c.ID)
			s.Phase = Choosing
		}
	}
}

func (e *RecoveryRolled) describe(s *State) string {
	if e.Tender != "" {
		tend := fmt.Sprintf(" (tended by %s: %s)", e.Tender, d20(e.TendDie, e.TendBonus))
		// The patient's own line (a wound dropped, a choice to make, or
		// nothing healed), then the tending.
		own := *e
		own.Tender, own.TendDie, own.TendBonus = "", 0, 0
		return own.describe(s) + tend
	}
	if e.Reach > NoWound {
		return fmt.Sprintf("%s's recovery check: %s: it reaches %s wounds and chooses which drops", e.Combatant, d20(e.Die, e.Bonus), LevelName(e.Reach))
	}
	if e.Level == NoWound {
		return fmt.Sprintf("%s's recovery check: %s: nothing heals, recovery bonus %d", e.Combatant, d20(e.Die, e.Bonus), e.RecoveryBonus)
	}
	return fmt.Sprintf("%s's recovery check: %s: a %s wound is %s", e.Combatant, d20(e.Die, e.Bonus), LevelName(e.Level), woundTo(e.To))
}

// RecoveryChosen: a resting creature picks the wound its recovery check
// drops, from Level to To (0: healed) (R72, section 7.8).
type RecoveryChosen struct {
	Combatant string `json:"combatant"`
	Level     int    `json:"level"`
	To        int    `json:"to"`
}

func (e *RecoveryChosen) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		moveWound(c, e.Level, e.To)
		c.RecoverUpTo, c.RecoveryBonus = 0, 0
	}
	popQueue(s)
	if len(s.Queue) == 0 && s.Phase == Choosing && s.Pending == nil {
		s.Phase = Resting
	}
}

func (e *RecoveryChosen) describe(s *State) string {
	return fmt.Sprintf("%s chooses its %s wound: %s", e.Combatant, LevelName(e.Level), woundTo(e.To))
}

// Rest is the GM's short or long rest for everyone (R69, R70).
type Rest struct {
	Length string `json:"length"`
	// Tender tends every wounded patient of a long rest (R71).
	Tender string `json:"tender,omitempty"`
	// Interrupted is how many minutes a long rest ran before it was
	// broken off for good (R73); nil for a whole rest.
	Interrupted *int `json:"interrupted,omitempty"`
	// Slept is the hours the sleepers slept in the day before a long
	// rest's end (R68); nil for enough.
	Slept *int `json:"slept,omitempty"`
}

func (*Rest) command() {}

// Done ends the rests, and the fight.
type Done struct{}

func (*Done) command() {}

// Recover picks the wound a recovery check drops (R72).
type Recover struct {
	Level string `json:"level"`
}

// The kinds of rest.go's commands and events.
var (
	restKind           = engine.Add[Rest](commands, "rest")
	_                  = engine.Add[Done](commands, "done")
	recoverKind        = engine.Add[Recover](commands, "recover")
	restedKind         = engine.Add[Rested](events, "rested")
	recoveryRolledKind = engine.Add[RecoveryRolled](events, "recovery_rolled")
	recoveryChosenKind = engine.Add[RecoveryChosen](events, "recovery_chosen")
)

func (*Recover) command() {}
