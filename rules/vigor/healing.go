package vigor

import "fray/engine"

// Aid is emergency aid on an adjacent ally (R18): 2 actions, Medicine
// against 20, a d10 of Durability back.
type Aid struct {
	Target string `json:"target"`
	// VS is the GM's Victory Sum (§6), 20 unless given.
	VS int `json:"vs,omitempty"`
	Mods
}

// The kinds of healing.go's commands.
var (
	aidKind       = engine.Add[Aid](commands, "aid")
	stabilizeKind = engine.Add[Stabilize](commands, "stabilize")
)

func (*Aid) command() {}

// aid is emergency aid (R18): 2 actions, across turns if need be.
func (d *decider) aid(c *Aid) error {
	me, err := d.acting("give aid", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	s := d.s
	t := s.Combatant(c.Target)
	switch {
	case t == nil:
		return s.unknown(c.Target)
	case t.Object || t.Dead || t.Escaped:
		return refuse("%s cannot aid %s: %s is %s", me.ID, t.ID, t.ID, conditionOf(t))
	case !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to aid %s", me.ID, AdjacentFt, t.ID)
	case t.Durability >= t.DurabilityMax:
		return refuse("%s has all its Durability (%d)", t.ID, t.Durability)
	}
	if !d.spend(me, "aid", t.ID, AidActions) {
		return nil
	}
	e := d.skillRoll(me, "medicine", "aid", t, orVS(c.VS, AidVS), c.Mods)
	if e.Success {
		e.Heal = d.src.Roll(AidHealDie)
		e.Durability = min(t.DurabilityMax, t.Durability+e.Heal)
	}
	d.emit(e)
	return nil
}

// Stabilize stops an adjacent creature's Shock timer (R36).
type Stabilize struct {
	Target string `json:"target"`
	// VS is the GM's Victory Sum (§6), 20 unless given.
	VS int `json:"vs,omitempty"`
	Mods
}

func (*Stabilize) command() {}

// stabilize stops a Shock timer (R36, A34); with 2 actions, across turns
// if need be (R10).
func (d *decider) stabilize(c *Stabilize) error {
	s := d.s
	me, err := d.acting("stabilize", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	t := s.Combatant(c.Target)
	switch {
	case t == nil:
		return s.unknown(c.Target)
	case !t.Shock || t.Dead:
		return refuse("%s is not in Shock", t.ID)
	case t.Stabilized:
		return refuse("%s is stabilized already", t.ID)
	case !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to stabilize %s", me.ID, AdjacentFt, t.ID)
	}
	skill := "medicine"
	if s.skillDice(me, "medical_science") > s.skillDice(me, "medicine") {
		skill = "medical_science"
	}
	if !d.spend(me, "stabilize", t.ID, s.Options.StabilizeActions) {
		return nil
	}
	d.emit(d.skillRoll(me, skill, "stabilize", t, orVS(c.VS, StabilizeVS), c.Mods))
	return nil
}

// heal looks at a creature that got Durability or Health back (restored;
// else only at its Shock): Wounded ends once it has Durability again, or
// with the wounded_ends option at full_health once its Health is full as
// well (A08); Shock ends once Health is 1 or more (R36, A41).
func (s *State) heal(c *Combatant, restored bool) {
	if restored && c.Wounded && c.Durability > 0 && (!s.Options.WoundedEndsAtFullHealth || c.Health >= c.HealthMax) {
		c.Wounded = false
	}
	if c.Shock && c.Health > 0 {
		c.Shock, c.ShockLeft, c.Stabilized = false, 0, false
	}
}
