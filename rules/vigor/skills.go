package vigor

import (
	"fmt"

	"fray/engine"
)

// Check is any other use of a skill (R18): its dice and its linked
// ability's against a Victory Sum (A38).
type Check struct {
	Skill string `json:"skill"`
	VS    int    `json:"vs,omitempty"`
	Mods
}

// The kinds of skills.go's commands and event.
var (
	_               = engine.Add[Check](commands, "check")
	_               = engine.Add[Resist](commands, "resist")
	skillRolledKind = engine.Add[SkillRolled](events, "skill_rolled")
)

func (*Check) command() {}

// check is any other skill check (R18, A38).
func (d *decider) check(c *Check) error {
	me, err := d.acting("use a skill", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	d.acted(me, "check", 1)
	d.emit(d.skillRoll(me, c.Skill, "check", nil, orVS(c.VS, DefaultVS), c.Mods))
	return nil
}

// Resist is a resistance check the GM calls for (R40): the creature
// rolls d20 + the named ability's dice + its Resistance dice against VS
// (default 15). It takes no action.
type Resist struct {
	Combatant string `json:"combatant"`
	Ability   string `json:"ability"`
	VS        int    `json:"vs,omitempty"`
	Mods
}

func (*Resist) command() {}

// resist is a resistance check the GM calls for (R40): d20 + the
// ability's dice + the creature's Resistance dice against the effect's VS
// (15 unless the GM names one). It takes no action and may be called at
// any creature's turn.
func (d *decider) resist(c *Resist) error {
	if d.actor != engine.GM {
		return engine.Errorf(engine.NotYourTurn, "only the GM calls for a resistance check (R40)")
	}
	if err := d.want(Acting, "call for a resistance check"); err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	s := d.s
	me := s.Combatant(c.Combatant)
	switch {
	case me == nil:
		return s.unknown(c.Combatant)
	case me.Object || me.Dead || me.Escaped:
		return refuse("%s is %s and resists nothing", me.ID, conditionOf(me))
	case !isAbility(c.Ability):
		return invalid("%q is not an ability (%s)", c.Ability, abilityList)
	}
	d.emit(d.rolled(me, s.dice(me.Score(c.Ability))+me.ResistDice+c.Dice, c.Ability, "resist", orVS(c.VS, DefaultVS), c.Mods))
	return nil
}

// skillRoll rolls a skill check: d20 + skill dice + linked ability dice
// (A38) at the creature's rank, against vs.
func (d *decider) skillRoll(me *Combatant, skill, purpose string, t *Combatant, vs int, m Mods) *SkillRolled {
	e := d.rolled(me, d.s.skillDice(me, skill)+m.Dice, skill, purpose, vs, m)
	if t != nil {
		e.Target = t.ID
		e.Durability = t.Durability
	}
	return e
}

// rolled rolls a check of d20 + n bonus dice at the creature's rank
// against vs (R18, R40).
func (d *decider) rolled(me *Combatant, n int, skill, purpose string, vs int, m Mods) *SkillRolled {
	r := Rank(me.BaseRank(), m.Charges, m.Challenges, me.Wounded)
	roll := checkRoll(d.src, n, r, d.s.need(vs), d.s.need(vs), d.ints())
	return engine.New(d.h.arena(), skillRolledKind, SkillRolled{Combatant: me.ID, Skill: skill, Purpose: purpose, Roll: roll, VS: vs, Success: d.s.beats(roll.Total, vs)})
}

// skillDice is the bonus dice a skill gives its checks: its own and its
// linked ability's (A38).
func (s *State) skillDice(me *Combatant, skill string) int {
	n := me.Skills[skill]
	if ab := me.Links[skill]; ab != "" {
		n += s.dice(me.Score(ab))
	}
	return n
}

// orVS is the Victory Sum the GM named, or the rules' default for none
// (§6).
func orVS(named, def int) int {
	if named != 0 {
		return named
	}
	return def
}

// SkillRolled: a skill check (R18, R36, A38), with what it did.
type SkillRolled struct {
	Combatant string `json:"combatant"`
	Skill     string `json:"skill"`
	// Purpose is "aid", "stabilize" or "check".
	Purpose string `json:"purpose"`
	Target  string `json:"target,omitempty"`
	Roll    Roll   `json:"roll"`
	VS      int    `json:"vs"`
	Success bool   `json:"success"`
	// Heal is the aid's d10, Durability the target's after it.
	Heal       int `json:"heal,omitempty"`
	Durability int `json:"durability,omitempty"`
}

// apply gives what a successful aid or stabilization does.
func (e *SkillRolled) apply(s *State, _ *hotMemory) {
	t := s.Combatant(e.Target)
	if t == nil || !e.Success {
		return
	}
	switch e.Purpose {
	case "aid":
		t.Durability = e.Durability
		s.heal(t, true) // a Shock goes on (A33)
	case "stabilize":
		t.Stabilized = true
	}
}

func (e *SkillRolled) describe(*State) string {
	result := "failure"
	if e.Success {
		result = "success"
	}
	line := fmt.Sprintf("%s rolls %s", e.Combatant, e.Skill)
	if e.Purpose == "resist" {
		line += " to resist"
	}
	if e.Target != "" {
		line += " to " + e.Purpose + " " + e.Target
	}
	line += fmt.Sprintf(": %s against VS %d: %s", e.Roll, e.VS, result)
	switch {
	case e.Success && e.Purpose == "aid":
		line += fmt.Sprintf(", d10=%d Durability back: %d", e.Heal, e.Durability)
	case e.Success && e.Purpose == "stabilize":
		line += ", the Shock timer stops"
	}
	return line
}
