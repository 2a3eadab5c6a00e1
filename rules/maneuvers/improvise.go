package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Improvised actions (§6.7): a combatant tries something no rule names
// ("throw sand in his eyes"), a primary action of 1 AP, and the GM rules
// what it is: harmless (the default), a test at most, whose effect the GM
// says; or harmful, an attack (R11: it harms its target directly), with its
// Melee Attack and Mind traits (R15, R23) and its damage,
// resolved as a combat roll of the actor's test against the target's
// defence.

// Improv is an improvised action waiting for the GM's ruling.
type Improv struct {
	Who    string `json:"who"`
	Name   string `json:"name"`
	Target string `json:"target,omitempty"`
	// Skill is the skill or attribute the actor tests with ("" for the
	// d20 alone).
	Skill string `json:"skill,omitempty"`
	// What the GM ruled of a harmful one, for its combat roll.
	Melee bool   `json:"melee,omitempty"`
	Mind  bool   `json:"mind,omitempty"`
	Dice  Dice   `json:"dice,omitzero"`
	Type  string `json:"type,omitempty"`
}

// Improvise is an improvised action: Name, at Target, tested with Skill.
type Improvise struct {
	Name   string `json:"name"`
	Target string `json:"target,omitempty"`
	Skill  string `json:"skill,omitempty"`
}

// RuleImprov is the GM's ruling on an improvised action: harmful (an
// attack) with its traits and damage, or harmless; Skill, if given,
// replaces the actor's.
type RuleImprov struct {
	Harmful bool   `json:"harmful,omitempty"`
	Melee   bool   `json:"melee,omitempty"`
	Mind    bool   `json:"mind,omitempty"`
	Damage  string `json:"damage,omitempty"`
	Type    string `json:"type,omitempty"`
	Skill   string `json:"skill,omitempty"`
}

// The kinds of improvise.go's commands and events.
var (
	_               = engine.Add[Improvise](commands, "improvise")
	ruleImprovKind  = engine.Add[RuleImprov](commands, "rule_improv")
	improvisedKind  = engine.Add[Improvised](events, "improvised")
	improvRuledKind = engine.Add[ImprovRuled](events, "improv_ruled")
)

func (*Improvise) command()  {}
func (*RuleImprov) command() {}

// Improvised: a combatant starts an improvised action and pays its AP.
type Improvised struct {
	Combatant string `json:"combatant"`
	Name      string `json:"name"`
	Target    string `json:"target,omitempty"`
	Skill     string `json:"skill,omitempty"`
	AP        int    `json:"ap"`
}

// ImprovRuled: the GM's ruling on an improvised action; a harmless one's
// test, if any. A harmful one's combat roll follows.
type ImprovRuled struct {
	Combatant string    `json:"combatant"`
	Name      string    `json:"name"`
	Harmful   bool      `json:"harmful,omitempty"`
	Melee     bool      `json:"melee,omitempty"`
	Mind      bool      `json:"mind,omitempty"`
	Dice      Dice      `json:"dice,omitzero"`
	Type      string    `json:"type,omitempty"`
	Skill     string    `json:"skill,omitempty"`
	Test      *TestRoll `json:"test,omitempty"`
}

// attributes lists the attributes a test may name alone.
var attributes = []string{STR, AGI, PER, INT, WIL, CHA}

// testWith checks the skill or attribute a test names: "" or one of them.
func testWith(skill string) error {
	if skill == "" || slices.Contains(attributes, skill) || skillAttribute[skill] != "" {
		return nil
	}
	return fmt.Errorf("test with a skill (athletics, acrobatics, dodge, sleight-of-hand, stealth, observation, deception, focus, sorcery) or an attribute (str, agi, per, int, wil, cha), not %q", skill)
}

// improvCheck is the check of an improvised test with a skill, an
// attribute alone, or nothing (the d20 alone).
func improvCheck(c *Combatant, skill string) check {
	if skillAttribute[skill] != "" {
		return skillCheck(c, skill)
	}
	return baseCheck(c, c.attr(skill))
}

// improvise starts an improvised action (§6.7).
func (d *decider) improvise(me *Combatant, c *Improvise) error {
	s := d.s
	switch {
	case !parts.Word(c.Name) || len(c.Name) > MaxObject:
		return refuse(engine.Invalid, "improvise NAME [at TARGET] [with SKILL]: the name is one lowercase word, such as throw-sand")
	case c.Target != "" && s.Combatant(c.Target) == nil:
		return unknown(c.Target)
	case me.AP < 1:
		return refuse(engine.NotAllowedNow, "%s has no AP left to improvise", me.ID)
	}
	if err := testWith(c.Skill); err != nil {
		return refuse(engine.Invalid, "%v", err)
	}
	d.emit(engine.New(d.h.arena(), improvisedKind, Improvised{Combatant: me.ID, Name: c.Name, Target: c.Target, Skill: c.Skill, AP: 1}))
	return nil
}

// ruleImprov applies the GM's ruling on the pending improvised action.
func (d *decider) ruleImprov(c *RuleImprov) error {
	s := d.s
	im := s.Improv
	if im == nil {
		return refuse(engine.NotAllowedNow, "no improvised action waits for a ruling: %s", waiting(s))
	}
	me := s.Combatant(im.Who)
	skill := im.Skill
	if c.Skill != "" {
		if err := testWith(c.Skill); err != nil {
			return refuse(engine.Invalid, "%v", err)
		}
		skill = c.Skill
	}
	if !c.Harmful {
		if c.Melee || c.Mind || c.Damage != "" || c.Type != "" {
			return refuse(engine.Invalid, "only a harmful action has traits and damage")
		}
		e := engine.New(d.h.arena(), improvRuledKind, ImprovRuled{Combatant: me.ID, Name: im.Name, Skill: skill})
		if skill != "" {
			t := s.roll(d.src, improvCheck(me, skill))
			e.Test = &t
		}
		d.emit(e)
		return nil
	}
	t := s.Combatant(im.Target)
	switch {
	case t == nil:
		return refuse(engine.NotAllowedNow, "a harmful action needs a target: %s improvises %s at nobody", me.ID, im.Name)
	case !hostile(me, t):
		return refuse(engine.NotAllowedNow, "%s and %s are on the same side", me.ID, t.ID)
	case t.Dead:
		return refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	case me.Attacks >= AttacksPerRound:
		return refuse(engine.NotAllowedNow, "%s has made its %d attacks this round (R11): %s can only be harmless", me.ID, AttacksPerRound, im.Name)
	}
	dd, err := parseDice(c.Damage)
	if err != nil {
		return refuse(engine.Invalid, "damage: %v", err)
	}
	if _, ok := damageGroup[c.Type]; c.Damage != "" && !ok {
		return refuse(engine.Invalid, "damage needs its type: crushing, piercing, slashing, fire, frost, shock, acid, force, necrotic, radiant, poison, psychic")
	}
	d.emit(engine.New(d.h.arena(), improvRuledKind, ImprovRuled{Combatant: me.ID, Name: im.Name, Harmful: true, Melee: c.Melee, Mind: c.Mind, Dice: dd, Type: c.Type, Skill: skill}))
	d.attack(me, engine.New(d.h.arena(), strikeDeclaredKind, StrikeDeclared{Attacker: me.ID, Target: t.ID, Improv: im.Name, Attr: skill, Melee: c.Melee, Ranged: !c.Melee}))
	return nil
}

// formatDice writes dice as NdX+K.
func formatDice(d Dice) string {
	switch {
	case d.N == 0 || d.Sides == 0:
		return fmt.Sprint(d.Bonus)
	case d.Bonus == 0:
		return fmt.Sprintf("%dd%d", d.N, d.Sides)
	}
	return fmt.Sprintf("%dd%d%+d", d.N, d.Sides, d.Bonus)
}

// writeImprovPrompt writes the GM's prompt on an improvised action.
func writeImprovPrompt(s *State, b *prompter) {
	im := s.Improv
	b.P.Default = 0
	if b.People() {
		at := ""
		if im.Target != "" {
			at = " at " + im.Target
		}
		b.Askf("%s improvises %s%s: harmless, or harmful (an attack), and with what traits and damage?", im.Who, im.Name, at)
	}
	if b.opt(engine.New(b.Moves, ruleImprovKind, RuleImprov{})) {
		b.label("harmless: no attack; the GM says what it does")
	}
	me, t := s.Combatant(im.Who), s.Combatant(im.Target)
	if t == nil || !hostile(me, t) || t.Dead || me.Attacks >= AttacksPerRound {
		return
	}
	if b.opt(engine.New(b.Moves, ruleImprovKind, RuleImprov{Harmful: true})) {
		b.label("harmful: an attack on %s (give its damage: damage NdX+K type TYPE)", im.Target)
	}
	if b.opt(engine.New(b.Moves, ruleImprovKind, RuleImprov{Harmful: true, Melee: true})) {
		b.label("harmful: a melee attack on %s", im.Target)
	}
	if b.opt(engine.New(b.Moves, ruleImprovKind, RuleImprov{Harmful: true, Mind: true})) {
		b.label("harmful: an attack on %s's mind", im.Target)
	}
}

func (e *Improvised) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		acted(c, e.AP)
		s.Improv = &Improv{Who: e.Combatant, Name: e.Name, Target: e.Target, Skill: e.Skill}
	}
}

func (e *ImprovRuled) apply(s *State, _ *hotMemory) {
	if !e.Harmful || s.Improv == nil {
		s.Improv = nil
		return
	}
	im := *s.Improv
	im.Skill, im.Melee, im.Mind, im.Dice, im.Type = e.Skill, e.Melee, e.Mind, e.Dice, e.Type
	s.Improv = &im
	if c := s.Combatant(e.Combatant); c != nil {
		c.Attacks++
	}
}

func (e *Improvised) describe(s *State) string {
	line := fmt.Sprintf("%s improvises %s", e.Combatant, e.Name)
	if e.Target != "" {
		line += " at " + e.Target
	}
	return fmt.Sprintf("%s (%d AP): the GM rules what it is", line, e.AP)
}

func (e *ImprovRuled) describe(s *State) string {
	if e.Harmful {
		var traits []string
		if e.Melee {
			traits = append(traits, "melee")
		}
		if e.Mind {
			traits = append(traits, "mind")
		}
		line := fmt.Sprintf("the GM rules %s harmful: an attack", e.Name)
		if len(traits) > 0 {
			line += " (" + strings.Join(traits, ", ") + ")"
		}
		if e.Dice != (Dice{}) {
			line += fmt.Sprintf(" of %s %s damage", formatDice(e.Dice), e.Type)
		}
		return line
	}
	line := fmt.Sprintf("the GM rules %s harmless", e.Name)
	if e.Test != nil {
		line += fmt.Sprintf("; %s tests %s: %s", e.Combatant, e.Skill, describeTest(*e.Test))
	}
	return line
}
