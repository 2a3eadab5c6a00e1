package maneuvers

// Command is what a combatant or the GM decides. The interface is sealed
// by its unexported method.
type Command interface {
	// Kind names the command's type in JSON.
	Kind() string
	command()
}

// Begin is the GM's start of the fight: surprise (R07), then initiative
// (R05). Sneaking names a side whose every member sneaks, besides those
// the encounter says sneak (§6.2).
type Begin struct {
	Sneaking string `json:"sneaking,omitempty"`
}

// Delay saves the turn until after another's (R09).
type Delay struct {
	After string `json:"after"`
}

// Move moves in a straight line, with free movement (R08).
type Move struct {
	To Point `json:"to"`
}

// Dash gives speed more movement this turn (R12).
type Dash struct{}

// Disengage stops moves provoking for the rest of the turn (R12).
type Disengage struct{}

// Strike attacks with a weapon (R14), or as an opportunity attack.
type Strike struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	Style  string `json:"style,omitempty"`
	Attr   string `json:"attr,omitempty"`
}

// Cast uses a spell or ability (R37).
type Cast struct {
	Spell  string `json:"spell"`
	Target string `json:"target,omitempty"`
}

// Grapple tries to grapple a foe within 1 m (R35).
type Grapple struct {
	Target string `json:"target"`
}

// Escape tries to break a grapple (R35), with athletics or acrobatics.
type Escape struct {
	Skill string `json:"skill,omitempty"`
}

// Release ends one's grapple, or lets go of a held item (A01, A21).
type Release struct {
	Item string `json:"item,omitempty"`
}

// Stand ends Prone (A20).
type Stand struct{}

// Search looks for hidden creatures (R36).
type Search struct{}

// Sneak moves up to speed, if To is given, then tries to hide from every
// foe (R36).
type Sneak struct {
	To *Point `json:"to,omitempty"`
}

// PickUp picks up an item within 1 m: a Manipulate (R13).
type PickUp struct {
	Item string `json:"item"`
}

// Manipulate interacts with an object within touch that the rules do not
// model, such as a lever: a Manipulate (R13) of 1 AP whose effect the GM
// says.
type Manipulate struct {
	Object string `json:"object"`
}

// EndTurn ends the turn.
type EndTurn struct{}

// Situation is the GM's ruling on a combat roll: cover, modifiers and
// boons or banes for either test, and whether the target is aware
// (§6.3-6.5).
type Situation struct {
	// Cover is none, low, high or full; "" takes the map's (the target's
	// cover, against ranged attacks).
	Cover string `json:"cover,omitempty"`
	Mod   int    `json:"mod,omitempty"`
	// Edge is boons (+) or banes (-) for the attacker.
	Edge int `json:"edge,omitempty"`
	// Awareness is "aware" or "unaware"; "" takes the default: unaware
	// when the attacker is hidden from the target.
	Awareness string `json:"awareness,omitempty"`
	// DefMod and DefEdge are the environment's modifier and boons (+) or
	// banes (-) for the defender's test (§6.5).
	DefMod  int `json:"def_mod,omitempty"`
	DefEdge int `json:"def_edge,omitempty"`
}

// Defend chooses a defence (R15): block, dodge, parry, withstand or none.
type Defend struct {
	Defence string `json:"defence"`
	Attr    string `json:"attr,omitempty"`
}

// Opportunity makes an opportunity attack (R22).
type Opportunity struct {
	Weapon string `json:"weapon,omitempty"`
}

// Pass lets an opportunity go.
type Pass struct{}

// Maneuver chooses the maneuver of a critical win (R19), or none when Name
// is "".
type Maneuver struct {
	Name     string `json:"name,omitempty"`
	Location string `json:"location,omitempty"`
	Item     string `json:"item,omitempty"`
}

// Resist chooses the skill a test is made with (Disarm, Grapple).
type Resist struct {
	Skill string `json:"skill"`
}

// PushWay is the GM's ruling whether an obstacle blocks a Push (§6.8).
type PushWay struct {
	Blocked bool `json:"blocked,omitempty"`
}

// Draw takes a carried item in hand, and Stow puts a held one away: a
// Manipulate (R13).
type Draw struct {
	Item string `json:"item"`
}

// Stow puts a held item away: a Manipulate (R13).
type Stow struct {
	Item string `json:"item"`
}

// Continue is the GM's ruling that the fight goes on.
type Continue struct{}

// EndFight is the GM's declaration that the fight is over (R38): a draw,
// or won by Winner, a side, when the others have fled (§6.10).
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// Kind returns "begin".
func (*Begin) Kind() string { return "begin" }

// Kind returns "delay".
func (*Delay) Kind() string { return "delay" }

// Kind returns "move".
func (*Move) Kind() string { return "move" }

// Kind returns "dash".
func (*Dash) Kind() string { return "dash" }

// Kind returns "disengage".
func (*Disengage) Kind() string { return "disengage" }

// Kind returns "strike".
func (*Strike) Kind() string { return "strike" }

// Kind returns "cast".
func (*Cast) Kind() string { return "cast" }

// Kind returns "grapple".
func (*Grapple) Kind() string { return "grapple" }

// Kind returns "escape".
func (*Escape) Kind() string { return "escape" }

// Kind returns "release".
func (*Release) Kind() string { return "release" }

// Kind returns "stand".
func (*Stand) Kind() string { return "stand" }

// Kind returns "search".
func (*Search) Kind() string { return "search" }

// Kind returns "sneak".
func (*Sneak) Kind() string { return "sneak" }

// Kind returns "pick_up".
func (*PickUp) Kind() string { return "pick_up" }

// Kind returns "manipulate".
func (*Manipulate) Kind() string { return "manipulate" }

// Kind returns "end_turn".
func (*EndTurn) Kind() string { return "end_turn" }

// Kind returns "situation".
func (*Situation) Kind() string { return "situation" }

// Kind returns "defend".
func (*Defend) Kind() string { return "defend" }

// Kind returns "opportunity".
func (*Opportunity) Kind() string { return "opportunity" }

// Kind returns "pass".
func (*Pass) Kind() string { return "pass" }

// Kind returns "maneuver".
func (*Maneuver) Kind() string { return "maneuver" }

// Kind returns "resist".
func (*Resist) Kind() string { return "resist" }

// Kind returns "push_way".
func (*PushWay) Kind() string { return "push_way" }

// Kind returns "draw".
func (*Draw) Kind() string { return "draw" }

// Kind returns "stow".
func (*Stow) Kind() string { return "stow" }

// Kind returns "continue".
func (*Continue) Kind() string { return "continue" }

// Kind returns "end_fight".
func (*EndFight) Kind() string { return "end_fight" }

func (*Begin) command()       {}
func (*Delay) command()       {}
func (*Move) command()        {}
func (*Dash) command()        {}
func (*Disengage) command()   {}
func (*Strike) command()      {}
func (*Cast) command()        {}
func (*Grapple) command()     {}
func (*Escape) command()      {}
func (*Release) command()     {}
func (*Stand) command()       {}
func (*Search) command()      {}
func (*Sneak) command()       {}
func (*PickUp) command()      {}
func (*EndTurn) command()     {}
func (*Manipulate) command()  {}
func (*Situation) command()   {}
func (*Defend) command()      {}
func (*Opportunity) command() {}
func (*Pass) command()        {}
func (*Maneuver) command()    {}
func (*Resist) command()      {}
func (*PushWay) command()     {}
func (*Draw) command()        {}
func (*Stow) command()        {}
func (*Continue) command()    {}
func (*EndFight) command()    {}

// commandKinds is the append-only kinds table of the commands.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"begin":       func() Command { return &Begin{} },
		"delay":       func() Command { return &Delay{} },
		"move":        func() Command { return &Move{} },
		"dash":        func() Command { return &Dash{} },
		"disengage":   func() Command { return &Disengage{} },
		"strike":      func() Command { return &Strike{} },
		"cast":        func() Command { return &Cast{} },
		"grapple":     func() Command { return &Grapple{} },
		"escape":      func() Command { return &Escape{} },
		"release":     func() Command { return &Release{} },
		"stand":       func() Command { return &Stand{} },
		"search":      func() Command { return &Search{} },
		"sneak":       func() Command { return &Sneak{} },
		"pick_up":     func() Command { return &PickUp{} },
		"end_turn":    func() Command { return &EndTurn{} },
		"situation":   func() Command { return &Situation{} },
		"defend":      func() Command { return &Defend{} },
		"opportunity": func() Command { return &Opportunity{} },
		"pass":        func() Command { return &Pass{} },
		"maneuver":    func() Command { return &Maneuver{} },
		"resist":      func() Command { return &Resist{} },
		"push_way":    func() Command { return &PushWay{} },
		"draw":        func() Command { return &Draw{} },
		"stow":        func() Command { return &Stow{} },
		"continue":    func() Command { return &Continue{} },
		"end_fight":   func() Command { return &EndFight{} },
		"manipulate":  func() Command { return &Manipulate{} },
		"rest":        func() Command { return &Rest{} },
		"train":       func() Command { return &Train{} },
		"done":        func() Command { return &Done{} },
		"improvise":   func() Command { return &Improvise{} },
		"rule_improv": func() Command { return &RuleImprov{} },
	}
}
