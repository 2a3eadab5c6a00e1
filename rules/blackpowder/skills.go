package blackpowder

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
		i := skillIndex(name)
		if i < 0 || v != int(int32(v)) {
			c.skills = skillTable{}
			return
		}
		c.skills.value[i] = int32(v)
	}
	c.skills.filled = true
}

// skillIndex is the place of the skill named name, or -1.
func skillIndex(name string) int {
	for i, k := range knownSkills {
		if k == name {
			return i
		}
	}
	return -1
}

// skill returns the combatant's value in skill k (0 if untrained).
func (c *Combatant) skill(k skill) int {
	if c.skills.filled {
		return int(c.skills.value[k])
	}
	return c.Skills[knownSkills[k]]
}
