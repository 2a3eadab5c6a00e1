package blackpowder

import "slices"

// skill is a skill's place in a combatant's skill table: the order of
// knownSkills.
type skill uint8

// The skills, in the order of knownSkills.
const (
	skillSpeed skill = iota
	skillDodge
	skillBrawl
	skillAthletics
	skillStealth
	skillPerception
	skillSurvival
	skillMedicine
	skillCraft
	skillPainResistance
	skillCount
)

// skillTable holds a combatant's skills by their place, read on the hot
// path instead of the Skills map, which it copies: filled is set once it
// holds every skill the map has. A combatant made from an encounter has
// one; one made any other way (decoded, typed) reads its map.
type skillTable struct {
	filled bool
	value  [skillCount]int32
}

// indexSkills fills c's skill table from its Skills map, when every skill
// there is a known one whose value fits; otherwise the table stays
// unfilled and the map is read.
func (c *Combatant) indexSkills() {
	c.skills = skillTable{}
	for name, v := range c.Skills {
		i := slices.Index(knownSkills, name)
		if i < 0 || v != int(int32(v)) {
			c.skills = skillTable{}
			return
		}
		c.skills.value[i] = int32(v)
	}
	c.skills.filled = true
}

// skill returns the combatant's value in skill k (0 if untrained).
func (c *Combatant) skill(k skill) int {
	if c.skills.filled {
		return int(c.skills.value[k])
	}
	return c.Skills[knownSkills[k]]
}

// speed is the combatant's Speed check with die drawn: Body plus the
// Speed skill (R03, R08).
func (c *Combatant) speed(die int) int { return die + c.Body + c.skill(skillSpeed) }

// outspeeds reports whether c, with Speed total, beats o with oTotal in a
// Speed contest: a higher total wins, and an equal one goes to the more
// Speed skill (R08, A17).
func (c *Combatant) outspeeds(total int, o *Combatant, oTotal int) bool {
	return total > oTotal || (total == oTotal && c.skill(skillSpeed) > o.skill(skillSpeed))
}
