package blackpowder

// Command is a decision in a blackpowder fight.
type Command interface {
	Kind() string
	isCommand()
}

// RollInitiative: the group's roller makes the Speed check (R03).
type RollInitiative struct{}

// Attack: attack a target with the weapon in hand, or with a named carried
// weapon drawn as the immediate action (R06, R09).
type Attack struct {
	Target string `json:"target"`
	// Weapon names a carried weapon (or "fists"); empty means the one in
	// hand.
	Weapon string `json:"weapon,omitempty"`
	// Part is the body-part difficulty, 3 or 5 (R11); 0 for none.
	Part int `json:"part,omitempty"`
	// Modifier is any other situational difficulty the GM rules (R10:
	// terrain, cover, weather...), added to the target's Evade.
	Modifier int `json:"modifier,omitempty"`
}

// Dodge: the target of a hit rolls a Dodge check (R23).
type Dodge struct{}

// Parry: the target of a melee hit parries with its melee weapon (R24,
// A12).
type Parry struct{}

// Take: the target of a hit takes it without dodging.
type Take struct{}

// Critical: the attacker takes (or declines) the critical re-roll (R15).
type Critical struct {
	Take bool `json:"take"`
}

// Pass: the combatant ends its part of the group turn; an unused action
// stays available for a dodge.
type Pass struct{}

// Delay: hold the action for later in the round (R07). A held action can
// still pay for a dodge.
type Delay struct{}

// Draw: take another carried weapon in hand ("fists" for none). The first
// in a turn is the immediate action (R06).
type Draw struct {
	Weapon string `json:"weapon"`
}

// Reload: one reload step on the gun in hand (R20).
type Reload struct{}

// Move: move to a point, up to 5 m in a turn, alongside the action (R33,
// A21).
type Move struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Run: the action; move up to 20 m (R33). It provokes opportunity attacks
// and makes ranged attacks against the runner harder until its next turn.
type Run struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Withdraw: the action; move up to 5 m cautiously, provoking nothing (R35,
// A23).
type Withdraw struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// OpportunityAttack: answer a declared action with a free melee attack on
// the one who declared it (R34).
type OpportunityAttack struct{}

// Decline: let a declared action go by without an opportunity attack or an
// interrupt.
type Decline struct{}

// Interrupt: act with the held delayed action now, trying to go before the
// declared action: a Speed contest decides who goes first (R08). The
// action is a command in its own right.
type Interrupt struct {
	Action Nested `json:"action"`
	// After: act right after the declared action instead, with no contest
	// (R08: a delayed action need not be faster).
	After bool `json:"after,omitempty"`
	// With joins the interrupt of an ally who answered the same
	// declaration before, as a combined action: all of its members must
	// win the Speed contest, or none goes first (R08, A16).
	With string `json:"with,omitempty"`
}

// FireEarly: fire a pending aimed attack now, before a declared action, as
// a delayed action would act (R22, A17).
type FireEarly struct{}

// Hold: the action; a melee attack roll to seize the target, then a
// contest of Athletics or Brawl (R39).
type Hold struct {
	Target string `json:"target"`
}

// Release: let go of the one held; free (R39).
type Release struct{}

// Hide: a hider's Stealth check before an ambush (R36).
type Hide struct{}

// Search: an ambushed combatant's Perception check (R37).
type Search struct{}

// Stun: an attack meant to knock out an unaware target (R43).
type Stun struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// AimAt: the action; an attack that resolves just before the aimer's
// group's next turn, at +3 to hit (R22).
type AimAt struct {
	Target   string `json:"target"`
	Weapon   string `json:"weapon,omitempty"`
	Part     int    `json:"part,omitempty"`
	Modifier int    `json:"modifier,omitempty"`
}

// Assist: the action; +2 to an ally's next check this round (R44, A38).
type Assist struct {
	Ally string `json:"ally"`
}

// Escape: the action; an Athletics check against the trap's difficulty
// (R41, A35).
type Escape struct{}

// Ruling: the GM's answer to a ruling prompt: "safe" or "unsafe" for a
// revive, or a situational modifier for an attack.
type Ruling struct {
	Safe     *bool `json:"safe,omitempty"`
	Modifier *int  `json:"modifier,omitempty"`
}

// Rest: after the fight, everyone standing rests, or only those named in
// Who: "short" (about half an hour, once each), "long" (about two hours)
// or "sleep" (a night) (R29).
type Rest struct {
	Length string   `json:"length"`
	Who    []string `json:"who,omitempty"`
}

// Heal: after the fight, a Medicine check against 10 by the healer for the
// patient (R30).
type Heal struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
}

// Done: the GM closes the encounter after the fight.
type Done struct{}

// EndFight: the GM ends the fight at any time (R03: kept until combat
// ends; when it ends is the table's): a draw, or Winner's group wins (the
// others fled or gave up).
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// UseItem: the action; use an item on oneself or an ally within reach
// (R31). It provokes opportunity attacks (R34).
type UseItem struct {
	Item   string `json:"item"`
	Target string `json:"target,omitempty"`
}

// Repair: after the fight, a Craft (Gunsmith) check to mend a gun left
// inoperable for the fight (R19's 3), against its fix difficulty + 5.
type Repair struct {
	Owner string `json:"owner"`
}

// StandUp: the action; a prone combatant gets up (A39).
type StandUp struct{}

// Check: the action; a free-form check of an attribute and a skill the GM
// names against a difficulty (default 10) (R01, R05, §6).
type Check struct {
	Attribute  string `json:"attribute"`
	Skill      string `json:"skill,omitempty"`
	Difficulty int    `json:"difficulty,omitempty"`
}

// FreeForm: the action; something the rules do not list and the GM lets
// happen with no check, such as blowing a horn (R05). Action says what, in
// the player's words.
type FreeForm struct {
	Action string `json:"action"`
}

// Fix: a Craft (Gunsmith) check against the gun's fix difficulty to clear a
// jam that can be cleared in combat (needs_fix, major_jam) (R19).
type Fix struct{}

// Revive: try to bring an unconscious ally round (R28), with medicine
// (LP = total - difficulty) or survival (LP 0).
type Revive struct {
	Target string `json:"target"`
	Skill  string `json:"skill"`
}

func (RollInitiative) Kind() string    { return "initiative" }
func (Attack) Kind() string            { return "attack" }
func (Dodge) Kind() string             { return "dodge" }
func (Parry) Kind() string             { return "parry" }
func (Take) Kind() string              { return "take" }
func (Critical) Kind() string          { return "critical" }
func (Pass) Kind() string              { return "pass" }
func (Delay) Kind() string             { return "delay" }
func (Draw) Kind() string              { return "draw" }
func (Reload) Kind() string            { return "reload" }
func (Revive) Kind() string            { return "revive" }
func (Fix) Kind() string               { return "fix" }
func (Move) Kind() string              { return "move" }
func (Run) Kind() string               { return "run" }
func (Withdraw) Kind() string          { return "withdraw" }
func (OpportunityAttack) Kind() string { return "opportunity_attack" }
func (Decline) Kind() string           { return "decline" }
func (Interrupt) Kind() string         { return "interrupt" }
func (Hold) Kind() string              { return "hold" }
func (Release) Kind() string           { return "release" }
func (Hide) Kind() string              { return "hide" }
func (Search) Kind() string            { return "search" }
func (Stun) Kind() string              { return "stun" }
func (AimAt) Kind() string             { return "aim" }
func (Assist) Kind() string            { return "assist" }
func (Escape) Kind() string            { return "escape" }
func (Ruling) Kind() string            { return "ruling" }
func (Rest) Kind() string              { return "rest" }
func (Heal) Kind() string              { return "heal" }
func (Done) Kind() string              { return "done" }
func (EndFight) Kind() string          { return "end_fight" }
func (FireEarly) Kind() string         { return "fire_early" }
func (UseItem) Kind() string           { return "use" }
func (Repair) Kind() string            { return "repair" }
func (StandUp) Kind() string           { return "stand" }
func (Check) Kind() string             { return "check" }
func (FreeForm) Kind() string          { return "do" }

func (*RollInitiative) isCommand()    {}
func (*Attack) isCommand()            {}
func (*Dodge) isCommand()             {}
func (*Parry) isCommand()             {}
func (*Take) isCommand()              {}
func (*Critical) isCommand()          {}
func (*Pass) isCommand()              {}
func (*Delay) isCommand()             {}
func (*Draw) isCommand()              {}
func (*Reload) isCommand()            {}
func (*Revive) isCommand()            {}
func (*Fix) isCommand()               {}
func (*Move) isCommand()              {}
func (*Run) isCommand()               {}
func (*Withdraw) isCommand()          {}
func (*OpportunityAttack) isCommand() {}
func (*Decline) isCommand()           {}
func (*Interrupt) isCommand()         {}
func (*Hold) isCommand()              {}
func (*Release) isCommand()           {}
func (*Hide) isCommand()              {}
func (*Search) isCommand()            {}
func (*Stun) isCommand()              {}
func (*AimAt) isCommand()             {}
func (*Assist) isCommand()            {}
func (*Escape) isCommand()            {}
func (*Ruling) isCommand()            {}
func (*Rest) isCommand()              {}
func (*Heal) isCommand()              {}
func (*Done) isCommand()              {}
func (*EndFight) isCommand()          {}
func (*FireEarly) isCommand()         {}
func (*UseItem) isCommand()           {}
func (*Repair) isCommand()            {}
func (*StandUp) isCommand()           {}
func (*Check) isCommand()             {}
func (*FreeForm) isCommand()          {}

// commandKinds constructs each command type by kind, for decoding.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"initiative":         func() Command { return &RollInitiative{} },
		"attack":             func() Command { return &Attack{} },
		"dodge":              func() Command { return &Dodge{} },
		"parry":              func() Command { return &Parry{} },
		"take":               func() Command { return &Take{} },
		"critical":           func() Command { return &Critical{} },
		"pass":               func() Command { return &Pass{} },
		"delay":              func() Command { return &Delay{} },
		"draw":               func() Command { return &Draw{} },
		"reload":             func() Command { return &Reload{} },
		"revive":             func() Command { return &Revive{} },
		"fix":                func() Command { return &Fix{} },
		"move":               func() Command { return &Move{} },
		"run":                func() Command { return &Run{} },
		"withdraw":           func() Command { return &Withdraw{} },
		"do":                 func() Command { return &FreeForm{} },
		"decline":            func() Command { return &Decline{} },
		"interrupt":          func() Command { return &Interrupt{} },
		"hold":               func() Command { return &Hold{} },
		"release":            func() Command { return &Release{} },
		"hide":               func() Command { return &Hide{} },
		"search":             func() Command { return &Search{} },
		"stun":               func() Command { return &Stun{} },
		"aim":                func() Command { return &AimAt{} },
		"assist":             func() Command { return &Assist{} },
		"escape":             func() Command { return &Escape{} },
		"ruling":             func() Command { return &Ruling{} },
		"rest":               func() Command { return &Rest{} },
		"heal":               func() Command { return &Heal{} },
		"done":               func() Command { return &Done{} },
		"end_fight":          func() Command { return &EndFight{} },
		"fire_early":         func() Command { return &FireEarly{} },
		"use":                func() Command { return &UseItem{} },
		"repair":             func() Command { return &Repair{} },
		"stand":              func() Command { return &StandUp{} },
		"check":              func() Command { return &Check{} },
		"opportunity_attack": func() Command { return &OpportunityAttack{} },
	}
}
