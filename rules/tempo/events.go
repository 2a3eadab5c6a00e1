package tempo

// Event is a fact of a tempo fight. Every die drawn is in an event.
type Event interface {
	Kind() string
	isEvent()
}

// InitiativeRolled: a combatant's initiative die (R04); RollOff marks a
// die that breaks a tie.
type InitiativeRolled struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Total     int    `json:"total"`
	RollOff   bool   `json:"roll_off,omitempty"`
}

// OrderSet: the initiative order, fixed for the fight (R04).
type OrderSet struct {
	Order []string `json:"order"`
}

// Joined: a late joiner rolls initiative and takes its place in the order
// (R04, G8).
type Joined struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Total     int    `json:"total"`
	Position  int    `json:"position"`
}

// TurnStarted: a combatant's turn begins.
type TurnStarted struct {
	Combatant string `json:"combatant"`
	Turn      int    `json:"turn"`
}

// ActionDeclared: the actor declares an action and pays for it; the
// candidates are the opponents who may react, in order (R03, R26). Action
// is a secret when it is a feint.
type ActionDeclared struct {
	Actor      string   `json:"actor"`
	Declared   Declared `json:"declared"`
	Candidates []string `json:"candidates,omitempty"`
}

// Reacted: an opponent reacts and pays (R03 step 2).
type Reacted struct {
	Reaction Reaction `json:"reaction"`
}

// DidNotReact: an opponent lets the action go.
type DidNotReact struct {
	Reactor string `json:"reactor"`
}

// Replaced: the actor replaces its action and pays the difference (R06).
type Replaced struct {
	Actor       string      `json:"actor"`
	Replacement Replacement `json:"replacement"`
}

// Kept: the actor keeps its action.
type Kept struct {
	Actor string `json:"actor"`
}

// Checked: one action check and where its net falls on the ladder (R10,
// R11). Die is 0 for actions without a check (R13). Void is set when an
// opponent's outcome made the action fail without effect (R12).
type Checked struct {
	Combatant string  `json:"combatant"`
	Action    Action  `json:"action"`
	Die       int     `json:"die,omitempty"`
	Total     int     `json:"total"`
	Net       int     `json:"net"`
	Outcome   Outcome `json:"outcome"`
	Void      bool    `json:"void,omitempty"`
}

// Damaged: damage rolled and taken (R37).
type Damaged struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon"`
	Dice     []int  `json:"dice"`
	Damage   int    `json:"damage"`
	Critical bool   `json:"critical,omitempty"`
	Armour   int    `json:"armour"`
	Taken    int    `json:"taken"`
}

// Fell: a combatant goes Down, or dies (R38).
type Fell struct {
	Combatant string `json:"combatant"`
	Dead      bool   `json:"dead,omitempty"`
}

// Moved: a combatant moves along the path to its last square.
type Moved struct {
	Combatant string   `json:"combatant"`
	Path      []Square `json:"path"`
}

// AimTaken: an Aim succeeded with the weapon (R14).
type AimTaken struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
}

// Disposed: a combatant's status and relations change (R34).
type Disposed struct {
	Combatant    string   `json:"combatant"`
	Status       Status   `json:"status"`
	BoundWith    string   `json:"bound_with,omitempty"`
	BoundWeapon  string   `json:"bound_weapon,omitempty"`
	GrappledWith []string `json:"grappled_with,omitempty"`
	PinnedBy     string   `json:"pinned_by,omitempty"`
}

// Disarmed: a weapon drops to the ground (R17, G7).
type Disarmed struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
	At        Square `json:"at"`
}

// PickedUp: a combatant picks a weapon up from its square (R41).
type PickedUp struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
}

// Chose: a destination chosen after resolution (R16, R29); To is nil for
// staying put.
type Chose struct {
	Combatant string   `json:"combatant"`
	To        *Square  `json:"to,omitempty"`
	Path      []Square `json:"path,omitempty"`
}

// DestinationsPending: after resolution, these combatants choose where
// they move, in order (R16, R29).
type DestinationsPending struct {
	Choices []Choice `json:"choices"`
}

// FeintRevealed: the sealed feint is shown to everyone (R19).
type FeintRevealed struct {
	Actor string `json:"actor"`
}

// ExchangeEnded: the action is fully resolved.
type ExchangeEnded struct{}

// TurnEnded: a turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

// StaminaRecovered: the Recover Stamina check at the end of a turn (R32).
type StaminaRecovered struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	// Mod is the GM's modifier, included in Result.
	Mod      int `json:"mod,omitempty"`
	Result   int `json:"result"`
	Regained int `json:"regained"`
	AP       int `json:"ap"`
}

// RoundEnded: every combatant has had its turn; the counter goes up (R02).
type RoundEnded struct {
	Round int `json:"round"`
}

// FightEnded: the fight is over (R43, G9); Winner is "" for a draw.
type FightEnded struct {
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
}

func (InitiativeRolled) Kind() string    { return "initiative_rolled" }
func (OrderSet) Kind() string            { return "order_set" }
func (Joined) Kind() string              { return "joined" }
func (TurnStarted) Kind() string         { return "turn_started" }
func (ActionDeclared) Kind() string      { return "action_declared" }
func (Reacted) Kind() string             { return "reacted" }
func (DidNotReact) Kind() string         { return "did_not_react" }
func (Replaced) Kind() string            { return "replaced" }
func (Kept) Kind() string                { return "kept" }
func (Checked) Kind() string             { return "checked" }
func (Damaged) Kind() string             { return "damaged" }
func (Fell) Kind() string                { return "fell" }
func (Moved) Kind() string               { return "moved" }
func (AimTaken) Kind() string            { return "aim_taken" }
func (Disposed) Kind() string            { return "disposed" }
func (Disarmed) Kind() string            { return "disarmed" }
func (PickedUp) Kind() string            { return "picked_up" }
func (Chose) Kind() string               { return "chose" }
func (FeintRevealed) Kind() string       { return "feint_revealed" }
func (DestinationsPending) Kind() string { return "destinations_pending" }
func (ExchangeEnded) Kind() string       { return "exchange_ended" }
func (TurnEnded) Kind() string           { return "turn_ended" }
func (StaminaRecovered) Kind() string    { return "stamina_recovered" }
func (RoundEnded) Kind() string          { return "round_ended" }
func (FightEnded) Kind() string          { return "fight_ended" }

func (*InitiativeRolled) isEvent()    {}
func (*OrderSet) isEvent()            {}
func (*Joined) isEvent()              {}
func (*TurnStarted) isEvent()         {}
func (*ActionDeclared) isEvent()      {}
func (*Reacted) isEvent()             {}
func (*DidNotReact) isEvent()         {}
func (*Replaced) isEvent()            {}
func (*Kept) isEvent()                {}
func (*Checked) isEvent()             {}
func (*Damaged) isEvent()             {}
func (*Fell) isEvent()                {}
func (*Moved) isEvent()               {}
func (*AimTaken) isEvent()            {}
func (*Disposed) isEvent()            {}
func (*Disarmed) isEvent()            {}
func (*PickedUp) isEvent()            {}
func (*Chose) isEvent()               {}
func (*FeintRevealed) isEvent()       {}
func (*DestinationsPending) isEvent() {}
func (*ExchangeEnded) isEvent()       {}
func (*TurnEnded) isEvent()           {}
func (*StaminaRecovered) isEvent()    {}
func (*RoundEnded) isEvent()          {}
func (*FightEnded) isEvent()          {}

var eventKinds = map[string]func() Event{
	"initiative_rolled":    func() Event { return &InitiativeRolled{} },
	"order_set":            func() Event { return &OrderSet{} },
	"joined":               func() Event { return &Joined{} },
	"turn_started":         func() Event { return &TurnStarted{} },
	"action_declared":      func() Event { return &ActionDeclared{} },
	"reacted":              func() Event { return &Reacted{} },
	"did_not_react":        func() Event { return &DidNotReact{} },
	"replaced":             func() Event { return &Replaced{} },
	"kept":                 func() Event { return &Kept{} },
	"checked":              func() Event { return &Checked{} },
	"damaged":              func() Event { return &Damaged{} },
	"fell":                 func() Event { return &Fell{} },
	"moved":                func() Event { return &Moved{} },
	"aim_taken":            func() Event { return &AimTaken{} },
	"disposed":             func() Event { return &Disposed{} },
	"disarmed":             func() Event { return &Disarmed{} },
	"picked_up":            func() Event { return &PickedUp{} },
	"chose":                func() Event { return &Chose{} },
	"feint_revealed":       func() Event { return &FeintRevealed{} },
	"destinations_pending": func() Event { return &DestinationsPending{} },
	"exchange_ended":       func() Event { return &ExchangeEnded{} },
	"turn_ended":           func() Event { return &TurnEnded{} },
	"stamina_recovered":    func() Event { return &StaminaRecovered{} },
	"round_ended":          func() Event { return &RoundEnded{} },
	"fight_ended":          func() Event { return &FightEnded{} },
}
