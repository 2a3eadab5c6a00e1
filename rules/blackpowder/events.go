package blackpowder

// Event is a fact of a blackpowder fight. Every die drawn is in an event.
type Event interface {
	// Kind names the event's type in JSON (see engine.Kinded).
	Kind() string
	// apply changes s as the event says. It never fails and draws no dice. h is the state's
	// hot memory on Step's path, nil on the table's (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript; s is the state
	// before it.
	describe(s *State) string
}

// InitiativeRolled: a group's Speed check (R03).
type InitiativeRolled struct {
	Group  string `json:"group"`
	Roller string `json:"roller"`
	Die    int    `json:"die"`
	Total  int    `json:"total"`
}

// RoundStarted: a new round; actions refresh (R05), delayed actions lapse
// (A14). Order is set on the first round.
type RoundStarted struct {
	Round int   `json:"round"`
	Order []int `json:"order,omitempty"`
}

// TurnStarted: the group at position Turn of the order begins its turn.
type TurnStarted struct {
	Turn  int    `json:"turn"`
	Group string `json:"group"`
}

// Passed: a combatant ends its part of the group turn, keeping any unused
// action for a dodge.
type Passed struct {
	Combatant string `json:"combatant"`
}

// Delayed: a combatant holds its action for later in the round (R07).
type Delayed struct {
	Combatant string `json:"combatant"`
}

// WeaponDrawn: a combatant takes another weapon in hand (R06: an immediate
// action the first time in a turn, else an action).
type WeaponDrawn struct {
	Combatant string `json:"combatant"`
	Weapon    int    `json:"weapon"`
	Immediate bool   `json:"immediate"`
}

// ReloadStep: one reload action (or the immediate reload) on a gun (R20).
type ReloadStep struct {
	Combatant string `json:"combatant"`
	Weapon    int    `json:"weapon"`
	// Done is set when the gun is loaded.
	Done      bool `json:"done"`
	Immediate bool `json:"immediate,omitempty"`
}

// AttackRolled: an attack check (R09). Nat is the die as rolled; a natural
// 10 always hits.
type AttackRolled struct {
	Attacker   string `json:"attacker"`
	Target     string `json:"target"`
	Weapon     int    `json:"weapon"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Hit        bool   `json:"hit"`
	// Spent is how the attack was paid for: "action" or "delayed".
	Spent string `json:"spent"`
}

// ShotFired: a gun spends a load, hit or miss (R18, A10).
type ShotFired struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
}

// MistFizzle: regular powder in mist; the bullet rolls out (R21).
type MistFizzle struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
	// Spent is what paid for the shot: "action", "delayed" or "free".
	Spent string `json:"spent"`
}

// AwaitingDecision: an attack stops for a dodge or a critical decision.
type AwaitingDecision struct {
	Pending Pending `json:"pending"`
}

// DodgeRolled: a Dodge (or parry) check against the attack (R23, R24).
type DodgeRolled struct {
	Target     string `json:"target"`
	Parry      bool   `json:"parry,omitempty"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
	// ActionSpent is set when the dodge used up the target's action.
	ActionSpent bool `json:"action_spent"`
}

// DodgeDeclined: the target takes the hit without dodging.
type DodgeDeclined struct {
	Target string `json:"target"`
}

// DamageRolled: the weapon damage dice (R12). Dice are the raw d10s; Value
// is the weapon damage they give (kept die, divided).
type DamageRolled struct {
	Attacker string `json:"attacker"`
	Dice     []int  `json:"dice"`
	Value    int    `json:"value"`
}

// Jammed: a gun's damage dice came up doubles and the jam table was read
// (R19). Result is the table entry; Stands is set when the shot's damage
// stands (a 10).
type Jammed struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
	Die      int    `json:"die"`
	Stands   bool   `json:"stands"`
	// State and Loaded are the gun's state and load afterwards.
	State  string `json:"state"`
	Loaded int    `json:"loaded"`
}

// CriticalRolled: the critical re-roll of the attack (R15) and, if it hit,
// the extra damage instance.
type CriticalRolled struct {
	Attacker string `json:"attacker"`
	Die      int    `json:"die"`
	Total    int    `json:"total"`
	Hit      bool   `json:"hit"`
	Dice     []int  `json:"dice,omitempty"`
	Value    int    `json:"value,omitempty"`
}

// CriticalDeclined: the attacker passes up the critical re-roll.
type CriticalDeclined struct {
	Attacker string `json:"attacker"`
}

// DamageDealt: damage reaches a combatant (R13, R14). Raw is before
// Toughness; Effective is what LP loses. For a hit, Weapon is the weapon's
// damage (with a critical's extra) and Bonus what is added to it (the
// attribute, the weapon's modifier, the attacker's bonus), so that
// Weapon + Bonus is Raw, or twice it for fists against armour (R16); both
// are 0 for other damage, and in fights recorded before they were kept.
type DamageDealt struct {
	Target    string `json:"target"`
	Source    string `json:"source"`
	Raw       int    `json:"raw"`
	Toughness int    `json:"toughness"`
	Effective int    `json:"effective"`
	Weapon    int    `json:"weapon_damage,omitempty"`
	Bonus     int    `json:"bonus,omitempty"`
}

// ConsciousnessRolled: the check when LP drops below 0 (R25). Die is 0 when
// the check could not succeed and no die was drawn (A37).
type ConsciousnessRolled struct {
	Target     string `json:"target"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
	// Stun is set for the check after a stun attack: success costs Loss
	// LP (floor 0), failure knocks out with LP unchanged (R43, A36).
	Stun bool `json:"stun,omitempty"`
	Loss int  `json:"loss,omitempty"`
}

// Died: damage while unconscious reached LP max (R26).
type Died struct {
	Target string `json:"target"`
}

// Revived: an ally's revive check (R28).
type Revived struct {
	Healer     string `json:"healer"`
	Target     string `json:"target"`
	Skill      string `json:"skill"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
	// LP is the target's LP after a success.
	LP int `json:"lp,omitempty"`
}

// GunFixed: a Craft (Gunsmith) check to clear a jam (R19: needs_fix,
// major_jam). State and Loaded are the gun's afterwards.
type GunFixed struct {
	// AfterFight marks a repair after the fight, which costs no action.
	AfterFight bool   `json:"after_fight,omitempty"`
	Combatant  string `json:"combatant"`
	Weapon     int    `json:"weapon"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
	State      string `json:"state"`
	Loaded     int    `json:"loaded"`
}

// ActionUsed: a combatant's action is spent on something that has no event
// of its own (a hazeblast shot that jams before the attack).
type ActionUsed struct {
	Combatant string `json:"combatant"`
	// Spent is what paid: "action", "delayed" or "free".
	Spent string `json:"spent"`
}

// Moved: a combatant moves: alongside its action (Mode "move"), running or
// withdrawing (both the action).
type Moved struct {
	Combatant string  `json:"combatant"`
	Mode      string  `json:"mode"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Distance  float64 `json:"distance"`
}

// ActionDeclared: an action others may answer before it resolves (R08,
// R34).
type ActionDeclared struct {
	Declaration Declaration `json:"declaration"`
}

// ReactionDone: the first in the declaration's queue answered it (Taken:
// with an opportunity attack, or, if it was asked about its aimed attack,
// by firing it early) or let it go.
type ReactionDone struct {
	Who   string `json:"who"`
	Taken bool   `json:"taken"`
}

// SpeedContest: an interrupter's Speed check against the declaring actor's
// (R02, R08). Every interrupter's die is drawn, in the order they
// answered, before the actor's one die (§7); one event each, in that
// order. ActorDie is set on the first only. Beats: this interrupter's
// total beats the actor's. With names the first member of the combined
// action it is part of, if any (that member's own included). Won: it goes first, having beaten the
// actor, and so has everyone it combines with (A16).
type SpeedContest struct {
	Interrupter string `json:"interrupter"`
	Actor       string `json:"actor"`
	Die         int    `json:"die"`
	Total       int    `json:"total"`
	ActorDie    int    `json:"actor_die,omitempty"`
	ActorTotal  int    `json:"actor_total"`
	Beats       bool   `json:"beats,omitempty"`
	With        string `json:"with,omitempty"`
	Won         bool   `json:"won"`
	Action      Nested `json:"action"`
}

// DeclarationStep: the declared action (Who is its actor), or a delayed
// action answering it, starts to resolve: Early before the declared
// action, having won its Speed contest; Deferred after it.
type DeclarationStep struct {
	Who      string `json:"who"`
	Early    bool   `json:"early,omitempty"`
	Deferred bool   `json:"deferred,omitempty"`
}

// Lapsed: an action could not happen when its time came (its actor fell,
// its target is gone, its action was spent dodging) (A16, A22).
type Lapsed struct {
	Who    string `json:"who"`
	Reason string `json:"reason"`
}

// DeclarationClosed: everything about a declared action has resolved.
type DeclarationClosed struct{}

// HoldContest: captor against captive, Athletics or Brawl (R39, A35): to
// seize (Start) or, each round, to keep hold. Held says whether the hold
// stands afterwards.
type HoldContest struct {
	Captor       string `json:"captor"`
	Captive      string `json:"captive"`
	Start        bool   `json:"start,omitempty"`
	Die          int    `json:"die"`
	Total        int    `json:"total"`
	CaptiveDie   int    `json:"captive_die"`
	CaptiveTotal int    `json:"captive_total"`
	Held         bool   `json:"held"`
}

// Released: the captor lets go (R39).
type Released struct {
	Captor string `json:"captor"`
}

// StealthRolled: a hider's Stealth check (R36).
type StealthRolled struct {
	Who   string `json:"who"`
	Die   int    `json:"die"`
	Total int    `json:"total"`
}

// PerceptionRolled: an ambushed combatant searches (R37).
type PerceptionRolled struct {
	Who        string `json:"who"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Spotted    bool   `json:"spotted"`
}

// AmbushResolved: every hider has hidden (and every searcher searched):
// the ambush is spotted, or the ambushers get their free turn (R37, R38).
// Passive is the ambushed side's passive perception when nobody searched.
type AmbushResolved struct {
	Difficulty int  `json:"difficulty"`
	Passive    int  `json:"passive,omitempty"`
	Spotted    bool `json:"spotted"`
}

// AmbushOver: the ambushers' free turn is over; initiative follows (R38).
type AmbushOver struct{}

// Stunned: a stun attack's stun damage S (R43, A36); Loss is S - LP, what
// a passed Consciousness check costs, when S reaches LP.
type Stunned struct {
	Target  string `json:"target"`
	S       int    `json:"s"`
	Reaches bool   `json:"reaches"`
	Loss    int    `json:"loss,omitempty"`
}

// Aimed: an aimed attack is declared, spending the action (R22).
type Aimed struct {
	Combatant string `json:"combatant"`
	Aim       Aim    `json:"aim"`
}

// AimsDue: before the group's turn, its members' aimed attacks resolve
// (R22, §7 step 5).
type AimsDue struct {
	Turn TurnStarted `json:"turn"`
}

// AimResolving: one aimed attack resolves now (or lapses).
type AimResolving struct {
	Combatant string `json:"combatant"`
}

// Assisted: a helper spends the action to give an ally +2 (R44).
type Assisted struct {
	Helper string `json:"helper"`
	Ally   string `json:"ally"`
}

// Escaped: an Athletics check to get out of a trap (R41).
type Escaped struct {
	Who        string `json:"who"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
}

// Ruled: the GM answered a ruling prompt of a declared action. Command,
// when set, replaces the declared command (an attack with the ruled
// modifier).
type Ruled struct {
	// About is what was ruled: "safety" or "modifier".
	About    string `json:"about"`
	Safe     bool   `json:"safe,omitempty"`
	Modifier int    `json:"modifier,omitempty"`
	Command  Nested `json:"command,omitzero"`
}

// FollowOffered: the aimed attack about to be made is its maker's, who
// holds a delayed action: once the attack is over, it may act with it
// right away (R22).
type FollowOffered struct {
	Who string `json:"who"`
}

// FollowDone: the aimer answered the offer of FollowOffered: it acts with
// the delayed action now (Taken), keeps it, or, with Reason, can no longer
// act with it.
type FollowDone struct {
	Who    string `json:"who"`
	Taken  bool   `json:"taken,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// DelayedUsed: a held delayed action starts paying for an action other
// than an attack: it lends an action, which the action then spends (R08).
type DelayedUsed struct {
	Who string `json:"who"`
}

// DelayedSettled: the delayed action has paid; Done is whether the
// combatant had finished its own turn before (spending the lent action
// does not finish it).
type DelayedSettled struct {
	Who  string `json:"who"`
	Done bool   `json:"done"`
}

// Queued: a holder of a delayed action answers a declared action with it
// (R08): to act right after it, with no contest, or, with Interrupt, to
// go before it if a Speed contest is won; With names the first
// interrupter of the combined action it joins (A16).
type Queued struct {
	Who       string `json:"who"`
	Action    Nested `json:"action"`
	Interrupt bool   `json:"interrupt,omitempty"`
	With      string `json:"with,omitempty"`
}

// EarlyDodgeContest: before dodging an aimed attack fired early, the
// target's Speed check against the attacker's, attacker first (R22,
// A17). Won: the target may dodge.
type EarlyDodgeContest struct {
	Attacker      string `json:"attacker"`
	Target        string `json:"target"`
	AttackerDie   int    `json:"attacker_die"`
	AttackerTotal int    `json:"attacker_total"`
	Die           int    `json:"die"`
	Total         int    `json:"total"`
	Won           bool   `json:"won"`
}

// ItemUsed: an item's healing (R31): the dice of its expression, the
// total, and the LP gained (up to LP max).
type ItemUsed struct {
	User   string `json:"user"`
	Item   int    `json:"item"`
	Target string `json:"target"`
	Dice   []int  `json:"dice,omitempty"`
	Total  int    `json:"total"`
	Gain   int    `json:"gain"`
}

// GroupJoined: a group arrives at the start of a round, rolls initiative
// (its roller's Speed check) and is slotted into the order (R03).
type GroupJoined struct {
	Group  string `json:"group"`
	Roller string `json:"roller"`
	Die    int    `json:"die"`
	Total  int    `json:"total"`
	Order  []int  `json:"order"`
}

// StoodUp: a prone combatant gets up, spending the action (A39).
type StoodUp struct {
	Who string `json:"who"`
}

// FreeFormDone: a free-form action that needs no check is done, spending
// the action and drawing no die (R05).
type FreeFormDone struct {
	Who    string `json:"who"`
	Action string `json:"action"`
}

// Checked: a free-form check (R01). Die is 0 when it could not succeed
// and no die was drawn (A37).
type Checked struct {
	Who        string `json:"who"`
	Attribute  string `json:"attribute"`
	Skill      string `json:"skill,omitempty"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
}

// Woke: an unconscious player character wakes with 0 LP when the fight is
// over (R27).
type Woke struct {
	Who string `json:"who"`
}

// Decided: the fight is decided and, with the aftermath option, the time
// after it begins (R29-R31).
type Decided struct {
	Winner string `json:"winner"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
	// ByGM is set when the GM ended the fight (end-fight).
	ByGM bool `json:"by_gm,omitempty"`
}

// Rested: everyone standing rests (R29); Gains lists each one's die (0 for
// sleep, which needs none) and LP gained, at most up to LP max (A28).
type Rested struct {
	Length string `json:"length"`
	Gains  []Gain `json:"gains"`
}

// Gain is one combatant's healing.
type Gain struct {
	Who  string `json:"who"`
	Die  int    `json:"die,omitempty"`
	Gain int    `json:"gain"`
}

// Healed: a Medicine check against 10 after the fight; the patient gains
// the excess, at most up to LP max (R30, A28).
type Healed struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	Die     int    `json:"die"`
	Total   int    `json:"total"`
	Gain    int    `json:"gain"`
}

// Ended: at most one group still has fighters standing.
type Ended struct {
	Winner string `json:"winner"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
	// ByGM is set when the GM ended the fight (end-fight).
	ByGM bool `json:"by_gm,omitempty"`
}

func (InitiativeRolled) Kind() string    { return "initiative_rolled" }
func (RoundStarted) Kind() string        { return "round_started" }
func (TurnStarted) Kind() string         { return "turn_started" }
func (Passed) Kind() string              { return "passed" }
func (Delayed) Kind() string             { return "delayed" }
func (WeaponDrawn) Kind() string         { return "weapon_drawn" }
func (ReloadStep) Kind() string          { return "reload_step" }
func (AttackRolled) Kind() string        { return "attack_rolled" }
func (ShotFired) Kind() string           { return "shot_fired" }
func (MistFizzle) Kind() string          { return "mist_fizzle" }
func (AwaitingDecision) Kind() string    { return "awaiting_decision" }
func (DodgeRolled) Kind() string         { return "dodge_rolled" }
func (DodgeDeclined) Kind() string       { return "dodge_declined" }
func (DamageRolled) Kind() string        { return "damage_rolled" }
func (Jammed) Kind() string              { return "jammed" }
func (CriticalRolled) Kind() string      { return "critical_rolled" }
func (CriticalDeclined) Kind() string    { return "critical_declined" }
func (DamageDealt) Kind() string         { return "damage_dealt" }
func (ConsciousnessRolled) Kind() string { return "consciousness_rolled" }
func (Died) Kind() string                { return "died" }
func (Revived) Kind() string             { return "revived" }
func (Ended) Kind() string               { return "ended" }
func (GunFixed) Kind() string            { return "gun_fixed" }
func (ActionUsed) Kind() string          { return "action_used" }
func (Moved) Kind() string               { return "moved" }
func (ActionDeclared) Kind() string      { return "action_declared" }
func (ReactionDone) Kind() string        { return "reaction_done" }
func (SpeedContest) Kind() string        { return "speed_contest" }
func (DeclarationStep) Kind() string     { return "declaration_step" }
func (Lapsed) Kind() string              { return "lapsed" }
func (DeclarationClosed) Kind() string   { return "declaration_closed" }
func (HoldContest) Kind() string         { return "hold_contest" }
func (Released) Kind() string            { return "released" }
func (StealthRolled) Kind() string       { return "stealth_rolled" }
func (PerceptionRolled) Kind() string    { return "perception_rolled" }
func (AmbushResolved) Kind() string      { return "ambush_resolved" }
func (AmbushOver) Kind() string          { return "ambush_over" }
func (Stunned) Kind() string             { return "stunned" }
func (Aimed) Kind() string               { return "aimed" }
func (AimsDue) Kind() string             { return "aims_due" }
func (AimResolving) Kind() string        { return "aim_resolving" }
func (Assisted) Kind() string            { return "assisted" }
func (Escaped) Kind() string             { return "escaped" }
func (Woke) Kind() string                { return "woke" }
func (Ruled) Kind() string               { return "ruled" }
func (Decided) Kind() string             { return "decided" }
func (Rested) Kind() string              { return "rested" }
func (Healed) Kind() string              { return "healed" }
func (DelayedUsed) Kind() string         { return "delayed_used" }
func (DelayedSettled) Kind() string      { return "delayed_settled" }
func (Queued) Kind() string              { return "queued" }
func (EarlyDodgeContest) Kind() string   { return "early_dodge_contest" }
func (ItemUsed) Kind() string            { return "item_used" }
func (GroupJoined) Kind() string         { return "group_joined" }
func (StoodUp) Kind() string             { return "stood_up" }
func (Checked) Kind() string             { return "checked" }
func (FreeFormDone) Kind() string        { return "free_form_done" }
func (FollowOffered) Kind() string       { return "follow_offered" }
func (FollowDone) Kind() string          { return "follow_done" }

// eventKinds constructs each event type by kind, for decoding.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"initiative_rolled":    func() Event { return &InitiativeRolled{} },
		"round_started":        func() Event { return &RoundStarted{} },
		"turn_started":         func() Event { return &TurnStarted{} },
		"passed":               func() Event { return &Passed{} },
		"delayed":              func() Event { return &Delayed{} },
		"weapon_drawn":         func() Event { return &WeaponDrawn{} },
		"reload_step":          func() Event { return &ReloadStep{} },
		"attack_rolled":        func() Event { return &AttackRolled{} },
		"shot_fired":           func() Event { return &ShotFired{} },
		"mist_fizzle":          func() Event { return &MistFizzle{} },
		"awaiting_decision":    func() Event { return &AwaitingDecision{} },
		"dodge_rolled":         func() Event { return &DodgeRolled{} },
		"dodge_declined":       func() Event { return &DodgeDeclined{} },
		"damage_rolled":        func() Event { return &DamageRolled{} },
		"jammed":               func() Event { return &Jammed{} },
		"critical_rolled":      func() Event { return &CriticalRolled{} },
		"critical_declined":    func() Event { return &CriticalDeclined{} },
		"damage_dealt":         func() Event { return &DamageDealt{} },
		"consciousness_rolled": func() Event { return &ConsciousnessRolled{} },
		"died":                 func() Event { return &Died{} },
		"revived":              func() Event { return &Revived{} },
		"ended":                func() Event { return &Ended{} },
		"gun_fixed":            func() Event { return &GunFixed{} },
		"action_used":          func() Event { return &ActionUsed{} },
		"moved":                func() Event { return &Moved{} },
		"action_declared":      func() Event { return &ActionDeclared{} },
		"reaction_done":        func() Event { return &ReactionDone{} },
		"speed_contest":        func() Event { return &SpeedContest{} },
		"declaration_step":     func() Event { return &DeclarationStep{} },
		"lapsed":               func() Event { return &Lapsed{} },
		"declaration_closed":   func() Event { return &DeclarationClosed{} },
		"hold_contest":         func() Event { return &HoldContest{} },
		"released":             func() Event { return &Released{} },
		"stealth_rolled":       func() Event { return &StealthRolled{} },
		"perception_rolled":    func() Event { return &PerceptionRolled{} },
		"ambush_resolved":      func() Event { return &AmbushResolved{} },
		"ambush_over":          func() Event { return &AmbushOver{} },
		"stunned":              func() Event { return &Stunned{} },
		"aimed":                func() Event { return &Aimed{} },
		"aims_due":             func() Event { return &AimsDue{} },
		"aim_resolving":        func() Event { return &AimResolving{} },
		"assisted":             func() Event { return &Assisted{} },
		"escaped":              func() Event { return &Escaped{} },
		"woke":                 func() Event { return &Woke{} },
		"ruled":                func() Event { return &Ruled{} },
		"decided":              func() Event { return &Decided{} },
		"rested":               func() Event { return &Rested{} },
		"healed":               func() Event { return &Healed{} },
		"delayed_used":         func() Event { return &DelayedUsed{} },
		"delayed_settled":      func() Event { return &DelayedSettled{} },
		"queued":               func() Event { return &Queued{} },
		"early_dodge_contest":  func() Event { return &EarlyDodgeContest{} },
		"item_used":            func() Event { return &ItemUsed{} },
		"group_joined":         func() Event { return &GroupJoined{} },
		"stood_up":             func() Event { return &StoodUp{} },
		"checked":              func() Event { return &Checked{} },
		"free_form_done":       func() Event { return &FreeFormDone{} },
		"follow_offered":       func() Event { return &FollowOffered{} },
		"follow_done":          func() Event { return &FollowDone{} },
	}
}
