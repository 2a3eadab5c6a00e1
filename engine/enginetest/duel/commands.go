package duel

// Command is something a fighter or the GM decides: one of *Attack,
// *Feint, *Defend, *Dodge, *Take, *Continue and *Stop.
type Command interface {
	Kind() string
	command()
}

// Attack attacks a standing enemy.
type Attack struct {
	Target string `json:"target"`
}

// Feint pretends to attack a standing enemy; nobody but the feinter and the
// GM can tell it from an attack.
type Feint struct {
	Target string `json:"target"`
}

// Defend raises the fighter's defence until their next turn.
type Defend struct{}

// Dodge tries to avoid a hit (once a round).
type Dodge struct{}

// Take accepts a hit.
type Take struct{}

// Continue is the GM's ruling that the fight goes on for another round.
type Continue struct{}

// Stop is the GM's ruling that the fight ends in a draw.
type Stop struct{}

// Kind returns "attack".
func (*Attack) Kind() string { return "attack" }

// Kind returns "feint".
func (*Feint) Kind() string { return "feint" }

// Kind returns "defend".
func (*Defend) Kind() string { return "defend" }

// Kind returns "dodge".
func (*Dodge) Kind() string { return "dodge" }

// Kind returns "take".
func (*Take) Kind() string { return "take" }

// Kind returns "continue".
func (*Continue) Kind() string { return "continue" }

// Kind returns "stop".
func (*Stop) Kind() string { return "stop" }

func (*Attack) command()   {}
func (*Feint) command()    {}
func (*Defend) command()   {}
func (*Dodge) command()    {}
func (*Take) command()     {}
func (*Continue) command() {}
func (*Stop) command()     {}

// commandKinds returns the constructors DecodeCommand chooses from.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"attack":   func() Command { return &Attack{} },
		"feint":    func() Command { return &Feint{} },
		"defend":   func() Command { return &Defend{} },
		"dodge":    func() Command { return &Dodge{} },
		"take":     func() Command { return &Take{} },
		"continue": func() Command { return &Continue{} },
		"stop":     func() Command { return &Stop{} },
	}
}

// Event is something that happened: one of *Declared, *Rolled, *Defended,
// *Dodged, *Damaged, *Unbalanced, *RoundStarted and *Stopped. Events
// carry every die drawn.
type Event interface {
	Kind() string
	event()
}

// Declared: a fighter attacks (or, secretly, feints at) a target.
type Declared struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Feint is secret: only the attacker and the GM may see it.
	Feint bool `json:"feint,omitempty"`
}

// Rolled: the attack roll of the declared attack.
type Rolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Die      int    `json:"die"` // the d20
	Bonus    int    `json:"bonus"`
	Defence  int    `json:"defence"` // the target's defence at the time
	Hit      bool   `json:"hit"`
}

// Defended: a fighter raised their guard.
type Defended struct {
	Fighter string `json:"fighter"`
}

// Dodged: the target of a hit tried to dodge.
type Dodged struct {
	Fighter string `json:"fighter"`
	Die     int    `json:"die"` // the d6
	Avoided bool   `json:"avoided"`
}

// Damaged: a blow landed.
type Damaged struct {
	Fighter string `json:"fighter"`
	Dice    []int  `json:"dice"` // the d6s: one, or two on a critical
	Amount  int    `json:"amount"`
}

// Unbalanced: a feint landed and left its target off balance.
type Unbalanced struct {
	Fighter string `json:"fighter"`
}

// RoundStarted: the GM let the fight go on.
type RoundStarted struct {
	Round int `json:"round"`
}

// Stopped: the GM stopped the fight.
type Stopped struct{}

// Kind returns "declared".
func (*Declared) Kind() string { return "declared" }

// Kind returns "rolled".
func (*Rolled) Kind() string { return "rolled" }

// Kind returns "defended".
func (*Defended) Kind() string { return "defended" }

// Kind returns "dodged".
func (*Dodged) Kind() string { return "dodged" }

// Kind returns "damaged".
func (*Damaged) Kind() string { return "damaged" }

// Kind returns "unbalanced".
func (*Unbalanced) Kind() string { return "unbalanced" }

// Kind returns "round_started".
func (*RoundStarted) Kind() string { return "round_started" }

// Kind returns "stopped".
func (*Stopped) Kind() string { return "stopped" }

func (*Declared) event()     {}
func (*Rolled) event()       {}
func (*Defended) event()     {}
func (*Dodged) event()       {}
func (*Damaged) event()      {}
func (*Unbalanced) event()   {}
func (*RoundStarted) event() {}
func (*Stopped) event()      {}

// eventKinds returns the constructors DecodeEvent chooses from.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"declared":      func() Event { return &Declared{} },
		"rolled":        func() Event { return &Rolled{} },
		"defended":      func() Event { return &Defended{} },
		"dodged":        func() Event { return &Dodged{} },
		"damaged":       func() Event { return &Damaged{} },
		"unbalanced":    func() Event { return &Unbalanced{} },
		"round_started": func() Event { return &RoundStarted{} },
		"stopped":       func() Event { return &Stopped{} },
	}
}
