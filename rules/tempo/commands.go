package tempo

import "slices"

// Command is a decision in a tempo fight.
type Command interface {
	Kind() string
	isCommand()
}

// Begin: the GM rolls initiative and the fight begins (R04).
type Begin struct{}

// Declare: the actor declares a proactive action (R03 step 1).
type Declare struct {
	Action Action `json:"action"`
	// Target is the attacked combatant, or the opponent a Combat Move is
	// measured against; empty where the action has none or it is implied
	// (the bind partner).
	Target string `json:"target,omitempty"`
	// Weapon names the weapon used; empty takes the obvious one.
	Weapon string `json:"weapon,omitempty"`
	// Path is a Move's squares after the start, or just its destination
	// (the shortest path is then found); a Combat Move's destination.
	Path []Square `json:"path,omitempty"`
	// AP is an off-list action's cost as the GM sets it; nil for the
	// default, 3 (R41). A cost of 0 is the GM's to give.
	AP *int `json:"ap,omitempty"`
	// Mod is the GM's situational modifier to the check (G3).
	Mod int `json:"mod,omitempty"`
}

// React: an opponent answers the declared action (R03 step 2).
type React struct {
	Action Action `json:"action"`
	Weapon string `json:"weapon,omitempty"`
	Mod    int    `json:"mod,omitempty"`
}

// NoReaction: an opponent lets the action go unanswered.
type NoReaction struct{}

// Replace: the actor replaces its action with a counter-tempo action, or a
// feint with a Counter-Attack (R03 step 3, R19, R31).
type Replace struct {
	Action Action `json:"action"`
	Weapon string `json:"weapon,omitempty"`
	Mod    int    `json:"mod,omitempty"`
}

// Keep: the actor keeps its action.
type Keep struct{}

// Destination: where a Combat Move critical or a Retreat takes its
// combatant (R16, R29); nil To stays put.
type Destination struct {
	To *Square `json:"to,omitempty"`
}

// EndTurn: the actor ends its turn and recovers stamina (R02, R32).
type EndTurn struct {
	// Mod is the GM's modifier to the Recover Stamina check (R32).
	Mod int `json:"mod,omitempty"`
}

// EndFight: the GM ends the fight (G9): Winner's side wins (the others
// fled or gave up), or without it the side left standing, if only one
// is.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

func (Begin) Kind() string       { return "begin" }
func (Declare) Kind() string     { return "declare" }
func (React) Kind() string       { return "react" }
func (NoReaction) Kind() string  { return "no_reaction" }
func (Replace) Kind() string     { return "replace" }
func (Keep) Kind() string        { return "keep" }
func (Destination) Kind() string { return "destination" }
func (EndTurn) Kind() string     { return "end_turn" }
func (EndFight) Kind() string    { return "end_fight" }

func (*Begin) isCommand()       {}
func (*Declare) isCommand()     {}
func (*React) isCommand()       {}
func (*NoReaction) isCommand()  {}
func (*Replace) isCommand()     {}
func (*Keep) isCommand()        {}
func (*Destination) isCommand() {}
func (*EndTurn) isCommand()     {}
func (*EndFight) isCommand()    {}

var commandKinds = map[string]func() Command{
	"begin":       func() Command { return &Begin{} },
	"declare":     func() Command { return &Declare{} },
	"react":       func() Command { return &React{} },
	"no_reaction": func() Command { return &NoReaction{} },
	"replace":     func() Command { return &Replace{} },
	"keep":        func() Command { return &Keep{} },
	"destination": func() Command { return &Destination{} },
	"end_turn":    func() Command { return &EndTurn{} },
	"end_fight":   func() Command { return &EndFight{} },
}

// Declared is the public form of a declaration, as the exchange keeps it.
type Declared struct {
	Action Action   `json:"action"`
	Target string   `json:"target,omitempty"`
	Weapon string   `json:"weapon,omitempty"`
	Path   []Square `json:"path,omitempty"`
	Mod    int      `json:"mod,omitempty"`
	Paid   int      `json:"paid"`
	// Aimed is set when the attack uses the aimed accuracy (R14).
	Aimed bool `json:"aimed,omitempty"`
}

func (d Declared) clone() Declared {
	d.Path = slices.Clone(d.Path)
	return d
}

// public is the action as opponents see it: a feint is a Melee Attack
// (R19).
func public(a Action) Action {
	if a == Feint {
		return MeleeAttack
	}
	return a
}
