package tempo

import (
	"fmt"
	"slices"
	"unsafe"

	"fray/rules/parts"
)

// State is a tempo fight: plain data that round-trips through JSON.
type State struct {
	Options Options `json:"options"`
	// Started is set once initiative has been rolled.
	Started bool `json:"started,omitempty"`
	// Round counts the completed rounds (R02).
	Round int `json:"round"`
	// Order is the initiative order, combatant ids, fixed for the fight
	// (R04).
	Order []string `json:"order,omitempty"`
	// Turn is the position in Order of the combatant whose turn it is.
	Turn int `json:"turn"`
	// InTurn is set between a turn's start and its end.
	InTurn bool `json:"in_turn,omitempty"`
	// Stalled is set when a starting state opens a turn that cannot go on
	// (no legal action its actor can afford, or no opponent standing). In
	// play such a turn ends by itself at once, with Recover Stamina (R02);
	// from a starting state, which draws no dice, it waits for the GM's
	// ruling that lets it end so, taken by default.
	Stalled    bool        `json:"stalled,omitempty"`
	Combatants []Combatant `json:"combatants"`
	// Dropped lists weapons lying on the ground (R17).
	Dropped []Dropped `json:"dropped,omitempty"`
	// Exchange is the action being declared, reacted to or resolved.
	Exchange *Exchange `json:"exchange,omitempty"`
	// Ended is set when the fight is over; Winner names the winning side
	// ("" for a draw).
	Ended  bool   `json:"ended,omitempty"`
	Winner string `json:"winner,omitempty"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`

	// hot is the memory the hot path reuses (see hotMemory); no part of
	// the fight.
	hot *hotMemory
}

// Options are the rulings a table may choose differently.
type Options struct {
	// AimPersists keeps an Aim for every consecutive attack with the aimed
	// weapon in the turn, not only the next action (A15; default false).
	AimPersists bool `json:"aim_persists,omitempty"`
	// RoundLimit ends the fight as a draw once this many rounds have been
	// completed; 0 for no limit.
	RoundLimit int `json:"round_limit,omitempty"`
}

// DefaultOptions are the spec's rulings.
func DefaultOptions() Options { return Options{RoundLimit: parts.DefaultRoundLimit} }

// Status is a combatant's disposition, which decides the actions it has
// (R08).
type Status string

// The five statuses.
const (
	OffGuard Status = "off-guard"
	OnGuard  Status = "on-guard"
	Bound    Status = "bound"
	Grappled Status = "grappled"
	Pinned   Status = "pinned"
)

// Square is a grid square; distances are Chebyshev (R40).
type Square = parts.Cell

// Dist is the number of steps between two squares, diagonals included.
func Dist(a, b Square) int { return parts.Steps(a, b) }

// FullAP is the most action points a combatant has: at the start of the
// fight, as Recover Stamina's cap (R05, R32), and after it (R39).
const FullAP = 12

// Combatant is one fighter with its stat block and its place in the fight.
type Combatant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Side string `json:"side"`
	// Skills are 0 (untrained) to 6 (master).
	Melee     int `json:"melee"`
	Ranged    int `json:"ranged"`
	Brawl     int `json:"brawl"`
	Athletics int `json:"athletics"`
	Endurance int `json:"endurance"`
	Might     int `json:"might"`
	Toughness int `json:"toughness"`
	MaxHealth int `json:"max_health"`
	Health    int `json:"health"`
	AP        int `json:"ap"`
	// BCM is the base combat movement in squares.
	BCM    int    `json:"bcm"`
	Status Status `json:"status"`
	Down   bool   `json:"down,omitempty"`
	Dead   bool   `json:"dead,omitempty"`
	// BoundWith is the bind partner and BoundWeapon the weapon held in the
	// bind (R34: one partner at most).
	BoundWith   string `json:"bound_with,omitempty"`
	BoundWeapon string `json:"bound_weapon,omitempty"`
	// GrappledWith lists the grapple partners; PinnedBy the one pinning.
	GrappledWith []string `json:"grappled_with,omitempty"`
	PinnedBy     string   `json:"pinned_by,omitempty"`
	// Aimed names the weapon an Aim succeeded with (R14), "" for none.
	Aimed   string   `json:"aimed,omitempty"`
	At      Square   `json:"at"`
	Weapons []Weapon `json:"weapons,omitempty"`
	Armour  Armour   `json:"armour"`
	// CDModifier is the GM's modifier to Combat Defence: cover, darkness
	// (G4).
	CDModifier int `json:"cd_modifier,omitempty"`
	// Joins is the number of completed rounds after which a late joiner
	// enters the fight (G8); Present is set once it has.
	Joins   int  `json:"joins,omitempty"`
	Present bool `json:"present"`
	// Initiative is the total rolled at the start (R04).
	Initiative int `json:"initiative,omitempty"`
}

// Weapon is a weapon profile (A03). Unarmed is implicit and never listed.
type Weapon struct {
	Name string `json:"name"`
	// Kind is "melee", "ranged" or "unarmed".
	Kind          string `json:"kind"`
	AP            int    `json:"ap"`
	Accuracy      int    `json:"accuracy"`
	AimedAccuracy int    `json:"aimed_accuracy"`
	Damage        Damage `json:"damage"`
	AddMight      bool   `json:"add_might,omitempty"`
	Reach         int    `json:"reach,omitempty"`
	Range         int    `json:"range,omitempty"`
	AttackSpeed   int    `json:"attack_speed,omitempty"`
	Hands         int    `json:"hands,omitempty"`
	CanParry      bool   `json:"can_parry,omitempty"`
	// Defence is a shield's Combat Defence (0 for other weapons).
	Defence int `json:"defence,omitempty"`
}

// Damage is NdM+K.
type Damage struct {
	Dice  int `json:"dice"`
	Sides int `json:"sides"`
	Flat  int `json:"flat,omitempty"`
}

func (d Damage) String() string {
	s := fmt.Sprintf("%dd%d", d.Dice, d.Sides)
	switch {
	case d.Flat > 0:
		s += fmt.Sprintf("+%d", d.Flat)
	case d.Flat < 0:
		s += fmt.Sprint(d.Flat)
	}
	return s
}

// UnarmedName is the name commands give the implicit unarmed profile.
const UnarmedName = "unarmed"

// Unarmed is the profile every combatant has (the default content table).
func Unarmed() Weapon {
	return Weapon{Name: UnarmedName, Kind: "unarmed", AP: 3, Damage: Damage{Dice: 1, Sides: 3}, AddMight: true, Reach: 1}
}

// Armour is worn armour (A04).
type Armour struct {
	Name        string `json:"name,omitempty"`
	AV          int    `json:"av"`
	Coverage    int    `json:"coverage"`
	Encumbrance int    `json:"encumbrance"`
}

// Dropped is a weapon lying on a square.
type Dropped struct {
	Weapon Weapon `json:"weapon"`
	At     Square `json:"at"`
}

// Exchange is one action from declaration to the end of its resolution
// (R03).
type Exchange struct {
	Actor string `json:"actor"`
	// Act is the declaration. Its action is Feint for a feint, which only
	// the actor and the GM see until it is revealed (R19); View shows
	// everyone else a Melee Attack.
	Act Declared `json:"declared"`
	// Asked is how many of Candidates have answered; Candidates are the
	// opponents who may react, in the order they are asked (R26).
	Candidates []string   `json:"candidates,omitempty"`
	Asked      int        `json:"asked"`
	Reactions  []Reaction `json:"reactions,omitempty"`
	// CounterTempo is set once the actor has answered the counter-tempo
	// prompt; Replacement is its replacement action, if any.
	CounterTempo bool         `json:"counter_tempo,omitempty"`
	Replacement  *Replacement `json:"replacement,omitempty"`
	// Resolved is set once the checks and damage are done; Choices are the
	// destination choices still to make (R16, R29).
	Resolved bool     `json:"resolved,omitempty"`
	Choices  []Choice `json:"choices,omitempty"`
	// Hits lists who hit whom in the exchange, for a failed Move (R15).
	Hits []Hit `json:"hits,omitempty"`
}

// Reaction is an opponent's answer to the declared action.
type Reaction struct {
	Reactor string `json:"reactor"`
	Action  Action `json:"action"`
	Weapon  string `json:"weapon,omitempty"`
	Paid    int    `json:"paid"`
	Mod     int    `json:"mod,omitempty"`
}

// Replacement is the counter-tempo action that replaces the declared one
// (R06, R31), or the Counter-Attack a feint becomes (R19).
type Replacement struct {
	Action Action `json:"action"`
	Weapon string `json:"weapon"`
	Paid   int    `json:"paid"`
	Bonus  int    `json:"bonus,omitempty"`
	Mod    int    `json:"mod,omitempty"`
}

// Choice is a destination someone still has to choose after resolution.
type Choice struct {
	Combatant string `json:"combatant"`
	// Kind is "combat-move-critical", "retreat" or "retreat-critical".
	Kind string `json:"kind"`
	// Opponent is whom the movement is measured against.
	Opponent string `json:"opponent"`
}

// Hit records that Hitter's reaction hit the mover; Threat is the reach or
// range it threatens.
type Hit struct {
	Hitter string `json:"hitter"`
	Threat int    `json:"threat"`
}

// combatant returns the combatant with the given id, or nil.
func (s *State) combatant(id string) *Combatant {
	// The ids the rules look up are nearly always the combatants' own
	// strings, shared by every copy of them: first the search that only
	// compares where the strings lie, which is enough to find those, then
	// the one that compares them. Ids are unique in a fight (the
	// encounter's check), so both find the same combatant.
	p := unsafe.StringData(id)
	for i := range s.Combatants {
		if c := &s.Combatants[i]; unsafe.StringData(c.ID) == p && len(c.ID) == len(id) {
			return c
		}
	}
	for i := range s.Combatants {
		if s.Combatants[i].ID == id {
			return &s.Combatants[i]
		}
	}
	return nil
}

// index is the place of c, one of s's combatants, in s.Combatants (its
// roster position), or -1 when c is not one of them.
func (s *State) index(c *Combatant) int {
	for i := range s.Combatants {
		if &s.Combatants[i] == c {
			return i
		}
	}
	return -1
}

// Combatant returns the combatant with the given id, or nil.
func (s *State) Combatant(id string) *Combatant { return s.combatant(id) }

// active returns the combatant whose turn it is, or nil between turns.
func (s *State) active() *Combatant {
	if !s.InTurn || s.Turn >= len(s.Order) {
		return nil
	}
	return s.combatant(s.Order[s.Turn])
}

// standing reports whether c is in the fight and can act.
func (c *Combatant) standing() bool { return c.Present && !c.Down && !c.Dead }

// unarmedProfile and noWeapon are what weaponRef finds for the unarmed
// profile and for a weapon not found: shared, and never written.
var unarmedProfile, noWeapon = Unarmed(), Weapon{}

// weaponRef is weapon without the copy, to read: the named weapon the
// combatant wields, in place, unarmedProfile, or noWeapon when it wields
// none of the name. Nothing may write through it; and nothing writes into
// a combatant's weapons (see without), so it reads the same while a
// resolution changes the state.
func (c *Combatant) weaponRef(name string) *Weapon {
	if name == UnarmedName {
		return &unarmedProfile
	}
	for i := range c.Weapons {
		if c.Weapons[i].Name == name {
			return &c.Weapons[i]
		}
	}
	return &noWeapon
}

// weapon returns the named weapon the combatant wields, unarmed included.
func (c *Combatant) weapon(name string) (Weapon, bool) {
	w := c.weaponRef(name)
	return *w, w != &noWeapon
}

// cd is the Combat Defence: the shield's defence plus the GM's modifier
// (R36). A combatant with two shields has the better one's defence: the
// rule reads one shield, so a second adds none [ours].
func (c *Combatant) cd() int {
	shield := 0
	for i := range c.Weapons {
		shield = max(shield, c.Weapons[i].Defence)
	}
	return shield + c.CDModifier
}

// cda is the armoured Combat Defence (R36).
func (c *Combatant) cda() int { return c.cd() + c.Armour.Coverage }

// gd is the Grapple Defence (R36).
func (c *Combatant) gd() int { return c.Might }

// clone returns a deep copy of the state, without its hot memory.
func (s *State) clone() State {
	out := *s
	out.hot = nil
	out.Order = slices.Clone(s.Order)
	out.Dropped = slices.Clone(s.Dropped)
	out.Combatants = make([]Combatant, len(s.Combatants))
	for i, c := range s.Combatants {
		c.GrappledWith = slices.Clone(c.GrappledWith)
		c.Weapons = slices.Clone(c.Weapons)
		out.Combatants[i] = c
	}
	if s.Exchange != nil {
		x := *s.Exchange
		x.Act = x.Act.clone()
		x.Candidates = slices.Clone(x.Candidates)
		x.Reactions = slices.Clone(x.Reactions)
		x.Choices = slices.Clone(x.Choices)
		x.Hits = slices.Clone(x.Hits)
		if x.Replacement != nil {
			r := *x.Replacement
			x.Replacement = &r
		}
		out.Exchange = &x
	}
	return out
}

// opponents reports whether a and b fight on different sides.
func opponents(a, b *Combatant) bool { return a.Side != b.Side }
