package reference

// Command is what a combatant or the GM decides: one of *Attack, *Feint,
// *Defend, *Dodge, *Take, *Continue and *Stop. The interface is sealed by
// its unexported method, so that a type switch over it is complete.
type Command interface {
	// Kind names the command's type in JSON (see engine.Kinded).
	Kind() string
	command()
}

// Attack attacks a standing enemy.
type Attack struct {
	Target string `json:"target"`
	// Weapon names the weapon; "" for the first one (or unarmed).
	Weapon string `json:"weapon,omitempty"`
}

// Feint pretends to attack a standing enemy with the first weapon; nobody
// but the feinter and the GM can tell it from an attack.
type Feint struct {
	Target string `json:"target"`
}

// Defend raises the combatant's defence until their next turn.
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

// commandKinds is the kinds table of the commands: every kind ever written,
// with a constructor for DecodeCommand. It is append-only: a kind that was
// ever saved is never renamed or given to another type.
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

// Event is something that happened: one of *AttackDeclared,
// *AttackRolled, *Defended, *Dodged, *Damaged, *Unbalanced, *RoundStarted
// and *FightStopped. Events carry every die drawn and everything Evolve
// needs, so that Evolve never computes what the rules decided.
type Event interface {
	// Kind names the event's type in JSON (see engine.Kinded).
	Kind() string
	event()
}

// AttackDeclared: a combatant attacks (or, secretly, feints at) a target.
type AttackDeclared struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Weapon is the weapon used, "" unarmed.
	Weapon string `json:"weapon,omitempty"`
	// Feint is secret: only the attacker and the GM may see it.
	Feint bool `json:"feint,omitempty"`
}

// AttackRolled: the attack roll of the declared attack.
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Die is the d20.
	Die int `json:"die"`
	// Bonus is everything added to the die: skill, a thrown weapon's
	// bonus, less the light's penalty.
	Bonus int `json:"bonus"`
	// Defence is the target's defence at the time.
	Defence int  `json:"defence"`
	Hit     bool `json:"hit"`
}

// Defended: a combatant raised their guard.
type Defended struct {
	Combatant string `json:"combatant"`
}

// Dodged: the target of a hit tried to dodge.
type Dodged struct {
	Combatant string `json:"combatant"`
	// Die is the d6.
	Die     int  `json:"die"`
	Avoided bool `json:"avoided"`
}

// Damaged: a blow landed.
type Damaged struct {
	Combatant string `json:"combatant"`
	Attacker  string `json:"attacker"`
	// Dice are the d6s: one, or two on a critical.
	Dice []int `json:"dice"`
	// Bonus is the melee weapon's bonus.
	Bonus  int `json:"bonus,omitempty"`
	Amount int `json:"amount"`
	// LP is what the combatant has left.
	LP int `json:"lp"`
}

// Unbalanced: a feint landed and left its target off balance.
type Unbalanced struct {
	Combatant string `json:"combatant"`
}

// RoundStarted: the GM let the fight go on into a new round.
type RoundStarted struct {
	Round int `json:"round"`
}

// FightStopped: the GM stopped the fight, a draw.
type FightStopped struct{}

// Kind returns "attack_declared".
func (*AttackDeclared) Kind() string { return "attack_declared" }

// Kind returns "attack_rolled".
func (*AttackRolled) Kind() string { return "attack_rolled" }

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

// Kind returns "fight_stopped".
func (*FightStopped) Kind() string { return "fight_stopped" }

func (*AttackDeclared) event() {}
func (*AttackRolled) event()   {}
func (*Defended) event()       {}
func (*Dodged) event()         {}
func (*Damaged) event()        {}
func (*Unbalanced) event()     {}
func (*RoundStarted) event()   {}
func (*FightStopped) event()   {}

// eventKinds is the kinds table of the events, append-only like
// commandKinds.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"attack_declared": func() Event { return &AttackDeclared{} },
		"attack_rolled":   func() Event { return &AttackRolled{} },
		"defended":        func() Event { return &Defended{} },
		"dodged":          func() Event { return &Dodged{} },
		"damaged":         func() Event { return &Damaged{} },
		"unbalanced":      func() Event { return &Unbalanced{} },
		"round_started":   func() Event { return &RoundStarted{} },
		"fight_stopped":   func() Event { return &FightStopped{} },
	}
}
