package reference

import (
	"slices"
	"strings"

	"fray/rules/parts"
)

// Phase says what a fight is waiting for.
type Phase string

// The phases of a fight.
const (
	// Acting: the combatant whose turn it is chooses an action.
	Acting Phase = "act"
	// Reacting: the target of a hit chooses to dodge or take it.
	Reacting Phase = "react"
	// Ruling: the round is over and the GM rules whether it goes on.
	Ruling Phase = "ruling"
	// Over: the GM stopped the fight.
	Over Phase = "over"
)

// The numbers of the rules.
const (
	// DefendBonus is added to the defence of a combatant who defends.
	DefendBonus = 4
	// OffBalancePenalty is taken from the defence of a combatant caught by
	// a feint.
	OffBalancePenalty = 2
	// MaxThrownBonus is the largest bonus a thrown weapon may have.
	MaxThrownBonus = 3
)

// State is a fight in progress. It is plain data: it round-trips through
// JSON exactly, which the conformance suite checks.
type State struct {
	// Combatants in turn order.
	Combatants []Combatant `json:"combatants"`
	// Light is the scene's light: "day" (or ""), "dusk" or "night".
	Light string `json:"light,omitempty"`
	// Round counts rounds from 1.
	Round int `json:"round"`
	// Turn is the index in Combatants of the combatant whose turn it is.
	Turn int `json:"turn"`
	// Phase says what the fight waits for.
	Phase Phase `json:"phase"`
	// Pending is the attack (or feint) that hit and waits for its target.
	Pending *Blow `json:"pending,omitempty"`

	// hot is the memory the hot path reuses (see hotMemory); no part of
	// the fight.
	hot *hotMemory
}

// Combatant is a stat block, as encounter files give it (the yaml keys,
// with the doc, required, min, max and enum tags the schema and the loader
// read), and as the state holds it (the json keys, with what the fight
// changes; yaml:"-" keeps those out of files).
type Combatant struct {
	ID      string   `yaml:"id" json:"id" required:"true" doc:"a unique lowercase word, as commands name the combatant"`
	Name    string   `yaml:"name" json:"name,omitempty" doc:"the name shown (default: the id)"`
	Side    string   `yaml:"side" json:"side" required:"true" doc:"the id of the side the combatant fights on"`
	LP      int      `yaml:"lp" json:"lp" required:"true" min:"1" max:"1000" doc:"life points; at 0 the combatant is down"`
	Skill   int      `yaml:"skill" json:"skill" min:"0" max:"10" doc:"added to attack rolls"`
	Defence int      `yaml:"defence" json:"defence" required:"true" min:"1" max:"100" doc:"what an attack roll must reach to hit"`
	Weapons []Weapon `yaml:"weapons" json:"weapons,omitempty" max:"10" doc:"weapons, the first one used unless an attack names another; none: unarmed"`

	// Guard is how long a defend lasts: until the start of the
	// combatant's next turn (zero when not defending).
	Guard parts.Duration `yaml:"-" json:"guard,omitzero"`
	// OffBalance is how long a feint that landed keeps the combatant off
	// balance: until the round ends (zero when not off balance).
	OffBalance parts.Duration `yaml:"-" json:"off_balance,omitzero"`
	// Dodged says the combatant has dodged this round.
	Dodged bool `yaml:"-" json:"dodged,omitempty"`
}

// Weapon is a weapon a combatant carries. The rules never change a weapon,
// so states may share a combatant's Weapons (see Rules.ScratchInto).
type Weapon struct {
	Name  string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the weapon"`
	Kind  string `yaml:"kind" json:"kind" required:"true" enum:"melee,thrown" doc:"melee adds its bonus to damage, thrown to the attack roll"`
	Bonus int    `yaml:"bonus" json:"bonus" min:"0" max:"5" doc:"added to damage (melee) or to the attack roll (thrown, at most 3)"`
}

// Blow is an attack or a feint that hit and waits for its target.
type Blow struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Weapon is the attacker's weapon, "" unarmed.
	Weapon string `json:"weapon,omitempty"`
	// Feint is secret: only the attacker and the GM may see it.
	Feint bool `json:"feint,omitempty"`
	// Natural is the d20 of the attack roll; 20 is a critical.
	Natural int `json:"natural"`
}

// Up reports whether the combatant is still standing.
func (c *Combatant) Up() bool { return c.LP > 0 }

// EffectiveDefence is the combatant's defence with their guard and
// balance.
func (c *Combatant) EffectiveDefence() int {
	d := c.Defence
	if !c.Guard.Over() {
		d += DefendBonus
	}
	if !c.OffBalance.Over() {
		d -= OffBalancePenalty
	}
	return d
}

// Weapon returns the combatant's weapon called name, the first one for "",
// or nil: unarmed when name is "" and they carry none, unknown otherwise.
func (c *Combatant) Weapon(name string) *Weapon {
	if name == "" {
		if len(c.Weapons) == 0 {
			return nil
		}
		return &c.Weapons[0]
	}
	if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == name }); i >= 0 {
		return &c.Weapons[i]
	}
	return nil
}

// Combatant returns the combatant with the given id, or nil.
func (s *State) Combatant(id string) *Combatant {
	for i := range s.Combatants {
		if s.Combatants[i].ID == id {
			return &s.Combatants[i]
		}
	}
	return nil
}

// Standing returns the sides that still have a combatant up, in order of
// first appearance.
func (s *State) Standing() []string {
	var sides []string
	for _, c := range s.Combatants {
		if c.Up() && !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
	}
	return sides
}

// LightPenalty is what the scene's light takes from attack rolls.
func (s *State) LightPenalty() int {
	switch s.Light {
	case "dusk":
		return 1
	case "night":
		return 2
	}
	return 0
}

// ids lists the combatants' ids, for messages.
func (s *State) ids() string { return strings.Join(Rules{}.Roster(s), ", ") }
