package vigor

import "fray/rules/parts"

// Command is what a combatant or the GM decides. The interface is sealed
// by its unexported method, so that a type switch over it is complete.
type Command interface {
	// Kind names the command's type in JSON (see engine.Kinded).
	Kind() string
	command()
}

// Mods are the situational modifiers of a roll the GM or a player states
// with it (§6 "any roll"): extra bonus dice, Charges and Challenges.
type Mods struct {
	Dice       int `json:"dice,omitempty"`
	Charges    int `json:"charges,omitempty"`
	Challenges int `json:"challenges,omitempty"`
}

// RollInitiative is the GM rolling initiative for everyone (R08), with
// the situational dice the GM gives some of them (§6, default none).
type RollInitiative struct {
	Extra []ExtraDice `json:"extra,omitempty"`
}

// ExtraDice are situational bonus dice for one creature's roll.
type ExtraDice struct {
	Combatant string `json:"combatant"`
	Dice      int    `json:"dice"`
}

// Attack attacks a target (R11), optionally with an off-hand attack for 8
// Vigor (R12) on OffTarget.
type Attack struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	// OffTarget, when set, declares the off-hand attack (R12, A35).
	OffTarget string `json:"off_target,omitempty"`
	Mods
}

// Defend makes Defense cheaper until the next turn (R13).
type Defend struct{}

// Move moves up to Speed feet (R15).
type Move struct {
	To parts.Cell `json:"to"`
}

// Escape flees to a square, or with Away straight away from the nearest
// enemy as far as one Move goes: openings first, then the move (R14,
// A19).
type Escape struct {
	To   parts.Cell `json:"to"`
	Away bool       `json:"away,omitempty"`
}

// Ready readies an attack on Target for when Target next finishes an
// action (R16).
type Ready struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// Aid is emergency aid on an adjacent ally (R18): 2 actions, Medicine
// against 20, a d10 of Durability back.
type Aid struct {
	Target string `json:"target"`
	// VS is the GM's Victory Sum (§6), 20 unless given.
	VS int `json:"vs,omitempty"`
	Mods
}

// Stabilize stops an adjacent creature's Shock timer (R36).
type Stabilize struct {
	Target string `json:"target"`
	// VS is the GM's Victory Sum (§6), 20 unless given.
	VS int `json:"vs,omitempty"`
	Mods
}

// Check is any other use of a skill (R18): its dice and its linked
// ability's against a Victory Sum (A38).
type Check struct {
	Skill string `json:"skill"`
	VS    int    `json:"vs,omitempty"`
	Mods
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

// UseAbility uses an ability on a target (R17), optionally with an
// off-hand attack for 8 Vigor on OffTarget when the ability is a
// technique with a light weapon (R12).
type UseAbility struct {
	Ability   string `json:"ability"`
	Target    string `json:"target"`
	OffTarget string `json:"off_target,omitempty"`
	Mods
}

// RollAttack is the GM's answer to a declared attack's modifiers (with
// the gm_prompts option): the situational dice, Charges and Challenges to
// add, and whether the target is unaware and attacked from behind (R23).
type RollAttack struct {
	Behind bool `json:"behind,omitempty"`
	// Lost: the GM rules that the target of a ranged attack, beyond the
	// range of vision, cannot be located: the attack is lost (A14).
	Lost bool `json:"lost,omitempty"`
	Mods
}

// Rest is the GM's rest after a decided fight (R42): its length
// (minute, hour or night) for those named, or everyone still there.
type Rest struct {
	Length string   `json:"length"`
	Who    []string `json:"who,omitempty"`
}

// Done closes a decided fight's aftermath: the fight ends.
type Done struct{}

// StandUp ends prone and gives enemies within reach an opening (R19).
type StandUp struct{}

// EndTurn gives up the actions left (R10).
type EndTurn struct{}

// Defense is a Defense reaction (R21): Style is "dodge", "deflect" or
// "block", which the rules treat alike.
type Defense struct {
	Style string `json:"style"`
}

// Take takes the hit without a reaction.
type Take struct{}

// TakeOpening takes the opening or fires the readied action offered,
// with Weapon if named (else the first melee weapon that reaches, or the
// readied one).
type TakeOpening struct {
	Weapon string `json:"weapon,omitempty"`
}

// Pass lets the opening or readied trigger go.
type Pass struct{}

// Rule is the GM's yes or no to a ruling: knocked down, killed outright,
// escaped.
type Rule struct {
	Yes bool `json:"yes"`
}

// Kind returns "initiative".
func (*RollInitiative) Kind() string { return "initiative" }

// Kind returns "attack".
func (*Attack) Kind() string { return "attack" }

// Kind returns "defend".
func (*Defend) Kind() string { return "defend" }

// Kind returns "move".
func (*Move) Kind() string { return "move" }

// Kind returns "escape".
func (*Escape) Kind() string { return "escape" }

// Kind returns "ready".
func (*Ready) Kind() string { return "ready" }

// Kind returns "aid".
func (*Aid) Kind() string { return "aid" }

// Kind returns "stabilize".
func (*Stabilize) Kind() string { return "stabilize" }

// Kind returns "check".
func (*Check) Kind() string { return "check" }

// Kind returns "resist".
func (*Resist) Kind() string { return "resist" }

// Kind returns "use".
func (*UseAbility) Kind() string { return "use" }

// Kind returns "roll".
func (*RollAttack) Kind() string { return "roll" }

// Kind returns "rest".
func (*Rest) Kind() string { return "rest" }

// Kind returns "done".
func (*Done) Kind() string { return "done" }

// Kind returns "stand".
func (*StandUp) Kind() string { return "stand" }

// Kind returns "end_turn".
func (*EndTurn) Kind() string { return "end_turn" }

// Kind returns "defense".
func (*Defense) Kind() string { return "defense" }

// Kind returns "take".
func (*Take) Kind() string { return "take" }

// Kind returns "take_opening".
func (*TakeOpening) Kind() string { return "take_opening" }

// Kind returns "pass".
func (*Pass) Kind() string { return "pass" }

// Kind returns "rule".
func (*Rule) Kind() string { return "rule" }

func (*RollInitiative) command() {}
func (*Attack) command()         {}
func (*Defend) command()         {}
func (*Move) command()           {}
func (*Escape) command()         {}
func (*Ready) command()          {}
func (*Aid) command()            {}
func (*Stabilize) command()      {}
func (*Check) command()          {}
func (*StandUp) command()        {}
func (*Rest) command()           {}
func (*Done) command()           {}
func (*Resist) command()         {}
func (*RollAttack) command()     {}
func (*UseAbility) command()     {}
func (*EndTurn) command()        {}
func (*Defense) command()        {}
func (*Take) command()           {}
func (*TakeOpening) command()    {}
func (*Pass) command()           {}
func (*Rule) command()           {}

// commandKinds is the kinds table of the commands, append-only.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"initiative":   func() Command { return &RollInitiative{} },
		"attack":       func() Command { return &Attack{} },
		"defend":       func() Command { return &Defend{} },
		"move":         func() Command { return &Move{} },
		"escape":       func() Command { return &Escape{} },
		"ready":        func() Command { return &Ready{} },
		"aid":          func() Command { return &Aid{} },
		"stabilize":    func() Command { return &Stabilize{} },
		"check":        func() Command { return &Check{} },
		"stand":        func() Command { return &StandUp{} },
		"end_turn":     func() Command { return &EndTurn{} },
		"defense":      func() Command { return &Defense{} },
		"take":         func() Command { return &Take{} },
		"take_opening": func() Command { return &TakeOpening{} },
		"pass":         func() Command { return &Pass{} },
		"rule":         func() Command { return &Rule{} },
		"resist":       func() Command { return &Resist{} },
		"roll":         func() Command { return &RollAttack{} },
		"use":          func() Command { return &UseAbility{} },
		"rest":         func() Command { return &Rest{} },
		"done":         func() Command { return &Done{} },
		"end_fight":    func() Command { return &EndFight{} },
	}
}
