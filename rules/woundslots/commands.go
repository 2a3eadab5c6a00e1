package woundslots

// Command is what a combatant or the GM decides; a sealed interface over
// the pointer types below.
type Command interface {
	// Kind names the command's type in JSON.
	Kind() string
	command()
}

// Surprise is the GM's ruling that a side is caught by surprise (R31).
type Surprise struct {
	Side string `json:"side"`
	// Contest has each of the side's creatures check for the others
	// hiding (R31), rather than all being surprised.
	Contest bool `json:"contest,omitempty"`
}

// Initiative is the GM's order to roll initiative and begin (R26).
type Initiative struct{}

// Attack is an attack: standard (R42), quick (R40), strong (R43) or
// nonlethal (R39). In a window, it is an interrupt (R29).
type Attack struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	// Style is "standard" ("" too), "quick", "strong", "nonlethal" or
	// "grapple" (R57).
	Style string `json:"style,omitempty"`
}

// Move walks to a cell, buying pool with AP as needed (R33, R34).
type Move struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Approach walks toward a creature until a weapon reaches it, or as far
// as the AP at hand allows.
type Approach struct {
	Target string `json:"target"`
}

// Defend is R45.
type Defend struct{}

// Seize is Seize Initiative, R62.
type Seize struct{}

// Posture is Change Posture, R49, hurried or not (R67).
type Posture struct {
	To    string `json:"to"`
	Hurry bool   `json:"hurry,omitempty"`
}

// Dash is R54.
type Dash struct{}

// Use uses an object (R66), as a long action when it costs more than
// the AP at hand (R25).
type Use struct {
	Object string `json:"object"`
	// Hurry asks to do it faster (R67).
	Hurry bool `json:"hurry,omitempty"`
}

// Continue pays the next part of a long action (R25).
type Continue struct{}

// EndTurn ends the turn (R23: Turn End AP).
type EndTurn struct{}

// Pass declines to interrupt or react in a window.
type Pass struct{}

// Harry is the Harry reaction, R46.
type Harry struct{}

// Guard is a defending target's choice of Defense (R45): plus (+2),
// power, agility, fortitude or willpower.
type Guard struct {
	Choice string `json:"choice"`
}

// Pick is the attacker's choice of a nonlethal hit's level (R39).
type Pick struct {
	Level string `json:"level"`
	// Helpless chooses a conscious but helpless target over an
	// unconscious one where the rules offer it.
	Helpless bool `json:"helpless,omitempty"`
}

// Stabilize is R63.
type Stabilize struct {
	Target string `json:"target"`
}

// Treat is Treat Wound, R65: the patient and the level of the wound.
type Treat struct {
	Target string `json:"target"`
	Level  string `json:"level"`
}

// Rest is the GM's short or long rest for everyone (R69, R70).
type Rest struct {
	Length string `json:"length"`
	// Tender tends every wounded patient of a long rest (R71).
	Tender string `json:"tender,omitempty"`
	// Interrupted is how many minutes a long rest ran before it was
	// broken off for good (R73); 0 for a whole rest.
	Interrupted int `json:"interrupted,omitempty"`
	// Slept is the hours the sleepers slept in the day before a long
	// rest's end (R68); 0 for enough.
	Slept int `json:"slept,omitempty"`
}

// Done ends the rests, and the fight.
type Done struct{}

// Kind returns "stabilize".
func (*Stabilize) Kind() string { return "stabilize" }

// Kind returns "treat".
func (*Treat) Kind() string { return "treat" }

// Kind returns "rest".
func (*Rest) Kind() string { return "rest" }

// Kind returns "done".
func (*Done) Kind() string { return "done" }

func (*Stabilize) command() {}
func (*Treat) command()     {}
func (*Rest) command()      {}
func (*Done) command()      {}

// Mount mounts an adjacent mount (R53), hurried or not (R67).
type Mount struct {
	Target string `json:"target"`
	Hurry  bool   `json:"hurry,omitempty"`
}

// Dismount gets off one's mount to a cell beside it (R53), hurried or not
// (R67).
type Dismount struct {
	X     int  `json:"x"`
	Y     int  `json:"y"`
	Hurry bool `json:"hurry,omitempty"`
}

// Calm tries to regain control of a bolting mount (R77).
type Calm struct{}

// Kind returns "mount".
func (*Mount) Kind() string { return "mount" }

// Kind returns "dismount".
func (*Dismount) Kind() string { return "dismount" }

// Kind returns "calm".
func (*Calm) Kind() string { return "calm" }

func (*Mount) command()    {}
func (*Dismount) command() {}
func (*Calm) command()     {}

// Hinder is R61: disarm, distract, shove or trip a creature in reach.
type Hinder struct {
	Hindrance string `json:"hindrance"`
	Target    string `json:"target"`
}

// Pin is R59.
type Pin struct {
	Target string `json:"target"`
}

// Escape is R52.
type Escape struct{}

// Kind returns "hinder".
func (*Hinder) Kind() string { return "hinder" }

// Kind returns "pin".
func (*Pin) Kind() string { return "pin" }

// Kind returns "escape".
func (*Escape) Kind() string { return "escape" }

func (*Hinder) command() {}
func (*Pin) command()    {}
func (*Escape) command() {}

// Rebuff is the Rebuff reaction, R41.
type Rebuff struct{}

// Cling is the Cling reaction, R55.
type Cling struct{}

// Split spends a cling's points: yards moved with the mover and yards
// cut from its move (R55).
type Split struct {
	With int `json:"with"`
	Cut  int `json:"cut"`
}

// Go is a rebuffed mover's choice to go on (A18).
type Go struct{}

// Stop is a rebuffed mover's choice to stop (A18).
type Stop struct{}

// Kind returns "rebuff".
func (*Rebuff) Kind() string { return "rebuff" }

// Kind returns "cling".
func (*Cling) Kind() string { return "cling" }

// Kind returns "split".
func (*Split) Kind() string { return "split" }

// Kind returns "go".
func (*Go) Kind() string { return "go" }

// Kind returns "stop".
func (*Stop) Kind() string { return "stop" }

func (*Rebuff) command() {}
func (*Cling) command()  {}
func (*Split) command()  {}
func (*Go) command()     {}
func (*Stop) command()   {}

// Ignore starts (or with Stop, ends) ignoring an enemy (R12).
type Ignore struct {
	Target string `json:"target"`
	Stop   bool   `json:"stop,omitempty"`
}

// Jump is a long jump toward a cell, or a high jump where one stands,
// tucked or not (R38).
type Jump struct {
	X    int  `json:"x"`
	Y    int  `json:"y"`
	High bool `json:"high,omitempty"`
	Tuck bool `json:"tuck,omitempty"`
}

// Kind returns "ignore".
func (*Ignore) Kind() string { return "ignore" }

// Kind returns "jump".
func (*Jump) Kind() string { return "jump" }

func (*Ignore) command() {}
func (*Jump) command()   {}

// Cast casts a spell at a creature (R44).
type Cast struct {
	Spell  string `json:"spell"`
	Target string `json:"target"`
}

// Kind returns "cast".
func (*Cast) Kind() string { return "cast" }

func (*Cast) command() {}

// Ready readies an action (R47): Action is the action, none for a
// standard attack on whoever is in reach when it is taken.
type Ready struct {
	Action Nested `json:"action,omitzero"`
}

// Fire takes a readied attack as a reaction (R47).
type Fire struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// Kind returns "ready".
func (*Ready) Kind() string { return "ready" }

// Kind returns "fire".
func (*Fire) Kind() string { return "fire" }

func (*Ready) command() {}
func (*Fire) command()  {}

// Interpose is the Interpose reaction, R58: a grappled creature made the
// attack's target.
type Interpose struct {
	Shield string `json:"shield"`
}

// Opening is Create an Opening, R50.
type Opening struct {
	Target string `json:"target"`
}

// Kind returns "interpose".
func (*Interpose) Kind() string { return "interpose" }

// Kind returns "opening".
func (*Opening) Kind() string { return "opening" }

func (*Interpose) command() {}
func (*Opening) command()   {}

// Drag drags the whole grapple to a cell (R56).
type Drag struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Kind returns "drag".
func (*Drag) Kind() string { return "drag" }

func (*Drag) command() {}

// Enter enters an adjacent creature's space (R51).
type Enter struct {
	Target string `json:"target"`
}

// Kind returns "enter".
func (*Enter) Kind() string { return "enter" }

func (*Enter) command() {}

// TreatCondition is Treat Condition, R64.
type TreatCondition struct {
	Target    string `json:"target"`
	Condition string `json:"condition"`
}

// Kind returns "treat_condition".
func (*TreatCondition) Kind() string { return "treat_condition" }

func (*TreatCondition) command() {}

// Kind returns "surprise".
func (*Surprise) Kind() string { return "surprise" }

// Kind returns "initiative".
func (*Initiative) Kind() string { return "initiative" }

// Kind returns "attack".
func (*Attack) Kind() string { return "attack" }

// Kind returns "move".
func (*Move) Kind() string { return "move" }

// Kind returns "approach".
func (*Approach) Kind() string { return "approach" }

// Kind returns "defend".
func (*Defend) Kind() string { return "defend" }

// Kind returns "seize".
func (*Seize) Kind() string { return "seize" }

// Kind returns "posture".
func (*Posture) Kind() string { return "posture" }

// Kind returns "dash".
func (*Dash) Kind() string { return "dash" }

// Kind returns "use".
func (*Use) Kind() string { return "use" }

// Kind returns "continue".
func (*Continue) Kind() string { return "continue" }

// Kind returns "end_turn".
func (*EndTurn) Kind() string { return "end_turn" }

// Kind returns "pass".
func (*Pass) Kind() string { return "pass" }

// Kind returns "harry".
func (*Harry) Kind() string { return "harry" }

// Kind returns "guard".
func (*Guard) Kind() string { return "guard" }

// Kind returns "pick".
func (*Pick) Kind() string { return "pick" }

func (*Surprise) command()   {}
func (*Initiative) command() {}
func (*Attack) command()     {}
func (*Move) command()       {}
func (*Approach) command()   {}
func (*Defend) command()     {}
func (*Seize) command()      {}
func (*Posture) command()    {}
func (*Dash) command()       {}
func (*Use) command()        {}
func (*Continue) command()   {}
func (*EndTurn) command()    {}
func (*Pass) command()       {}
func (*Harry) command()      {}
func (*Guard) command()      {}
func (*Pick) command()       {}

// commandKinds is the append-only kinds table of the commands.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"surprise":        func() Command { return &Surprise{} },
		"initiative":      func() Command { return &Initiative{} },
		"attack":          func() Command { return &Attack{} },
		"move":            func() Command { return &Move{} },
		"approach":        func() Command { return &Approach{} },
		"defend":          func() Command { return &Defend{} },
		"seize":           func() Command { return &Seize{} },
		"posture":         func() Command { return &Posture{} },
		"dash":            func() Command { return &Dash{} },
		"use":             func() Command { return &Use{} },
		"continue":        func() Command { return &Continue{} },
		"end_turn":        func() Command { return &EndTurn{} },
		"pass":            func() Command { return &Pass{} },
		"harry":           func() Command { return &Harry{} },
		"guard":           func() Command { return &Guard{} },
		"pick":            func() Command { return &Pick{} },
		"stabilize":       func() Command { return &Stabilize{} },
		"treat":           func() Command { return &Treat{} },
		"rest":            func() Command { return &Rest{} },
		"done":            func() Command { return &Done{} },
		"mount":           func() Command { return &Mount{} },
		"dismount":        func() Command { return &Dismount{} },
		"calm":            func() Command { return &Calm{} },
		"hinder":          func() Command { return &Hinder{} },
		"pin":             func() Command { return &Pin{} },
		"escape":          func() Command { return &Escape{} },
		"rebuff":          func() Command { return &Rebuff{} },
		"ignore":          func() Command { return &Ignore{} },
		"jump":            func() Command { return &Jump{} },
		"cast":            func() Command { return &Cast{} },
		"ready":           func() Command { return &Ready{} },
		"fire":            func() Command { return &Fire{} },
		"interpose":       func() Command { return &Interpose{} },
		"opening":         func() Command { return &Opening{} },
		"drag":            func() Command { return &Drag{} },
		"enter":           func() Command { return &Enter{} },
		"treat_condition": func() Command { return &TreatCondition{} },
		"cling":           func() Command { return &Cling{} },
		"split":           func() Command { return &Split{} },
		"go":              func() Command { return &Go{} },
		"stop":            func() Command { return &Stop{} },
		"push":            func() Command { return &Push{} },
		"drop":            func() Command { return &Drop{} },
		"meet":            func() Command { return &Meet{} },
		"long":            func() Command { return &LongAction{} },
		"surface":         func() Command { return &Surface{} },
		"retrieve":        func() Command { return &Retrieve{} },
		"stow":            func() Command { return &Stow{} },
		"end_effect":      func() Command { return &EndEffect{} },
		"trigger":         func() Command { return &Trigger{} },
		"recover":         func() Command { return &Recover{} },
		"order":           func() Command { return &Order{} },
		"cover":           func() Command { return &Cover{} },
		"exert":           func() Command { return &Exert{} },
		"end_fight":       func() Command { return &EndFight{} },
	}
}
