package woundslots

import (
	"slices"
	"strings"

	"fray/engine"
)

// Phase says what a fight is waiting for.
type Phase string

// The phases of a fight.
const (
	// Setup: the GM marks who is surprised, then rolls initiative (section
	// 7.1).
	Setup Phase = "setup"
	// Acting: the combatant whose turn it is chooses what to do.
	Acting Phase = "act"
	// Window: a declared action waits while those who may interrupt it
	// (R29) or react to it (Harry, R46) say whether they do, one by one.
	Window Phase = "window"
	// Guarding: the target of an attack, defending (R45), chooses the
	// Defense it meets the attack with.
	Guarding Phase = "guard"
	// Choosing: the attacker of a nonlethal hit (R39) picks the level.
	Choosing Phase = "choose"
	// Resting: out of combat, the GM rules on rests (section 7.8).
	Resting Phase = "rest"
	// Over: the fight has ended.
	Over Phase = "over"
)

// Postures (R49).
const (
	Standing  = "standing"
	Crouching = "crouching"
	Prone     = "prone"
)

// Statuses of a combatant.
const (
	Active      = "active"
	Unconscious = "unconscious"
	Dead        = "dead"
	// Away: a late joiner not yet arrived (A14).
	Away = "away"
)

// Attack kinds (R39-R43).
const (
	Standard  = "standard"
	Quick     = "quick"
	Strong    = "strong"
	Nonlethal = "nonlethal"
	Grapple   = "grapple"
)

// State is a fight in progress: plain data that round-trips through JSON.
type State struct {
	Title      string      `json:"title,omitempty"`
	Options    Options     `json:"options"`
	Round      int         `json:"round"`
	Phase      Phase       `json:"phase"`
	Turn       string      `json:"turn,omitempty"`
	Combatants []Combatant `json:"combatants"`
	Terrain    []Zone      `json:"terrain,omitempty"`
	Objects    []Object    `json:"objects,omitempty"`
	// Dropped lists the weapons lying on the ground (a disarm, R61), for
	// anyone beside them to pick up.
	Dropped []Dropped `json:"dropped,omitempty"`
	// Pending is the action declared and not yet resolved.
	Pending *Declared `json:"pending,omitempty"`
	// Queue lists who is still to be asked in the open window, first
	// first.
	Queue []string `json:"queue,omitempty"`
	// Moment is the moment of an open window with no declared action in
	// it: "start", "after" (an action) or "end" of the turn, when those
	// whose initiative is above the turn's owner's may act out of turn
	// (R29, R35).
	Moment string `json:"moment,omitempty"`
	// Off is an action or move being taken out of turn (R29, R35).
	Off *OffTurn `json:"off_turn,omitempty"`
	// Outer lists the actions out of turn that Off was taken inside of,
	// the innermost last: a reaction answering one (a readied action
	// taken in the window of a readied attack, R47, R30) leaves it
	// waiting, and it goes on once the one inside it is over.
	Outer []OffTurn `json:"outer_off_turns,omitempty"`
	// Ending says the turn's owner has ended its turn and its end-of-turn
	// window is over: the turn ends with the next settling.
	Ending bool `json:"ending,omitempty"`
	// AfterDue says the window open, or just closed, is of those an
	// action of the turn left flanked: the after-action window is still
	// to come (R12, R29).
	AfterDue bool `json:"after_due,omitempty"`
	// Winner is the side left standing when the fight is over; TimedOut
	// says it stopped at the round limit.
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`

	hot *hotMemory
}

// Options are the encounter's table options.
type Options struct {
	RoundLimit   int  `yaml:"round_limit" json:"round_limit" min:"0" max:"10000" doc:"rounds after which a fight still going ends as a timeout (default 100; 0 with no_round_limit)"`
	NoLimit      bool `yaml:"no_round_limit" json:"no_round_limit,omitempty" doc:"fight without a round limit"`
	FootingTN    *int `yaml:"footing_tn" json:"footing_tn,omitempty" min:"0" max:"100" doc:"the GM's TN for swimming and climbing checks (R75; default 5, A34)"`
	HurryTN      *int `yaml:"hurry_tn" json:"hurry_tn,omitempty" min:"0" max:"100" doc:"the GM's TN for hurrying an action (R67; default 5, A34)"`
	LandingTN    *int `yaml:"landing_tn" json:"landing_tn,omitempty" min:"0" max:"100" doc:"the GM's TN for landing a jump in difficult terrain or on a slippery surface (R38; default 5, A34)"`
	NoInterrupts bool `yaml:"no_interrupts" json:"no_interrupts,omitempty" doc:"never ask whether anyone acts or moves out of turn (R29, R35); reactions are still asked; faster tables"`
	// Interrupts says at which moments those whose initiative is higher
	// may act out of turn: "declared" (the default: right after a
	// declaration), "all" (at a turn's start and end and after each action
	// too, R29) or "none".
	Interrupts   string `yaml:"interrupts" json:"interrupts,omitempty" enum:"all,declared,none" doc:"when out-of-turn actions and moves are offered (R29, R35): declared (default: right after a declaration), all (at a turn's start and end and after each action too) or none"`
	HurryAllowed bool   `yaml:"hurry_allowed" json:"hurry_allowed,omitempty" doc:"the GM lets actions be hurried (R67); section 6's default is no"`
	HurryLoss    bool   `yaml:"hurry_loss" json:"hurry_loss,omitempty" doc:"a failed hurry loses AP (R67); section 6's default is no"`
}

// Zone is a rectangle of terrain whose kinds multiply the cost of each
// yard moved into it (R37).
type Zone struct {
	X1    int      `yaml:"x1" json:"x1" min:"-1000" max:"1000" doc:"west edge"`
	Y1    int      `yaml:"y1" json:"y1" min:"-1000" max:"1000" doc:"south edge"`
	X2    int      `yaml:"x2" json:"x2" min:"-1000" max:"1000" doc:"east edge"`
	Y2    int      `yaml:"y2" json:"y2" min:"-1000" max:"1000" doc:"north edge"`
	Kinds []string `yaml:"kinds" json:"kinds" required:"true" max:"8" doc:"steep_hill, knee_water, mud, undergrowth, swimming, waist_water, vertical_climb, underwater_walk"`
	Extra int      `yaml:"extra" json:"extra,omitempty" min:"0" max:"100" doc:"a further multiplier the GM sets (a harder climb), 0 for none"`
	// Slippery marks a surface a jumper lands on with a balance check
	// (R38).
	Slippery bool `yaml:"slippery" json:"slippery,omitempty" doc:"a slippery surface: landing on it from a jump takes a Dex [Acrobatics/Balance] check (R38)"`
	// Current is the water's drift in yards a round (R37).
	Current PositionSpec `yaml:"current" json:"current,omitzero" doc:"the water's current, yards a round east (x) and north (y): a swimmer here drifts with it at the end of its turn (R37)"`
}

// Object is something that can be used, with its AP cost (R66), or a
// number of rounds of all one's AP (R25).
type Object struct {
	Name   string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as use OBJECT names it"`
	AP     *int   `yaml:"ap" json:"ap,omitempty" min:"0" max:"100" doc:"AP to use it (default from the table, else 2); 0 for a negligible act, which is free (R22, R24)"`
	Rounds int    `yaml:"rounds" json:"rounds,omitempty" min:"0" max:"100" doc:"instead of AP: all one's AP for this many rounds (4 for a one-minute action)"`
	// Minutes is Rounds in minutes, 4 rounds each (R22).
	Minutes int `yaml:"minutes" json:"minutes,omitempty" min:"0" max:"60" doc:"instead of AP: all one's AP for this many minutes, 4 rounds each (R22, R25)"`
}

// Attributes are a creature's attributes (typically -5..5), Speed
// (-10..10) and Size.
type Attributes struct {
	Str   int `yaml:"str" json:"str" min:"-20" max:"20"`
	Dex   int `yaml:"dex" json:"dex" min:"-20" max:"20"`
	Vit   int `yaml:"vit" json:"vit" min:"-20" max:"20"`
	Prc   int `yaml:"prc" json:"prc" min:"-20" max:"20"`
	Rsn   int `yaml:"rsn" json:"rsn" min:"-20" max:"20"`
	Lor   int `yaml:"lor" json:"lor" min:"-20" max:"20"`
	Prs   int `yaml:"prs" json:"prs" min:"-20" max:"20"`
	Speed int `yaml:"speed" json:"speed" min:"-20" max:"20"`
	Size  int `yaml:"size" json:"size" min:"-20" max:"20"`
}

// Weapon is a weapon (section 2). The rules never change one.
type Weapon struct {
	Name          string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name it"`
	Group         string `yaml:"group" json:"group" doc:"its weapon group, for the Melee/Aim specialization"`
	Kind          string `yaml:"kind" json:"kind" required:"true" enum:"melee,ranged" doc:"melee or ranged"`
	Accuracy      int    `yaml:"accuracy" json:"accuracy,omitempty" min:"-100" max:"100" doc:"added to attack rolls"`
	Damage        int    `yaml:"damage" json:"damage,omitempty" min:"-100" max:"100" doc:"added to a hit's final value (R06)"`
	Reach         int    `yaml:"reach" json:"reach,omitempty" min:"0" max:"100" doc:"the largest gap it reaches across; 0 adjacent"`
	OptimalReach  int    `yaml:"optimal_reach" json:"optimal_reach,omitempty" min:"0" max:"100" doc:"coming closer than this gap may be rebuffed (R41)"`
	Block         int    `yaml:"block" json:"block,omitempty" min:"-100" max:"100" doc:"added to melee Defense (and ranged when defensive)"`
	Defensive     bool   `yaml:"defensive" json:"defensive,omitempty" doc:"its block counts against ranged attacks too"`
	Increment     int    `yaml:"increment" json:"increment,omitempty" min:"0" max:"1000" doc:"ranged: the range increment in yards"`
	Penetrating   bool   `yaml:"penetrating" json:"penetrating,omitempty" doc:"Str and damage count toward the hit (R08)"`
	ArmorPiercing bool   `yaml:"armor_piercing" json:"armor_piercing,omitempty" doc:"the target's armour does not count (R07, A25)"`
	Concussive    bool   `yaml:"concussive" json:"concussive,omitempty" doc:"a hook with no default effect (A25)"`
	Aquatic       bool   `yaml:"aquatic" json:"aquatic,omitempty" doc:"keeps its full damage underwater (R74)"`
	Slicing       bool   `yaml:"slicing" json:"slicing,omitempty" doc:"a hook with no default effect (A25)"`
	Hands         int    `yaml:"hands" json:"hands,omitempty" min:"0" max:"2" doc:"hands it takes (default 1)"`
	Stowed        string `yaml:"stowed" json:"stowed,omitempty" enum:"scabbard,pocket,pouch,concealed,sack,backpack" doc:"where it is carried when not in hand: retrieving it costs 1 (scabbard, pocket), 3 (pouch, concealed pocket) or 6 AP (sack, backpack) (R48)"`
	Container     string `yaml:"container" json:"container,omitempty" enum:"scabbard,pocket,pouch,concealed,sack,backpack" doc:"where stowing it puts it (R48; default scabbard)"`
}

// InHand reports whether the weapon is held, not stowed (R48): only a
// weapon in hand attacks, blocks or threatens.
func (w *Weapon) InHand() bool { return w.Stowed == "" }

// inHand counts the weapons c holds.
func (c *Combatant) inHand() int {
	n := 0
	for i := range c.Weapons {
		if c.Weapons[i].InHand() {
			n++
		}
	}
	return n
}

// freeHands is how many of its two hands [ours] c has empty: less each
// weapon held (its hands, 1 by default) and a healer's kit in hand.
func (c *Combatant) freeHands() int {
	n := 2
	for i := range c.Weapons {
		if w := &c.Weapons[i]; w.InHand() {
			n -= max(1, w.Hands)
		}
	}
	if c.Kit {
		n--
	}
	return max(0, n)
}

// Armor is worn armour.
type Armor struct {
	Name      string `yaml:"name" json:"name" doc:"what it is called"`
	Toughness int    `yaml:"toughness" json:"toughness" min:"0" max:"100" doc:"added to Toughness"`
}

// Wounds counts filled slots, or slots, per level.
type Wounds struct {
	Light    int `json:"light"`
	Moderate int `json:"moderate"`
	Severe   int `json:"severe"`
	Critical int `json:"critical"`
	Fatal    int `json:"fatal"`
}

// At returns the count of level l (1..5); nil for another.
func (w *Wounds) At(l int) *int {
	switch l {
	case Light:
		return &w.Light
	case Moderate:
		return &w.Moderate
	case Severe:
		return &w.Severe
	case Critical:
		return &w.Critical
	case Fatal:
		return &w.Fatal
	}
	return nil
}

// Severity is the highest level with a filled slot, 0 for none.
func (w *Wounds) Severity() int {
	for l := Fatal; l >= Light; l-- {
		if *w.At(l) > 0 {
			return l
		}
	}
	return NoWound
}

// Total counts the wounds.
func (w *Wounds) Total() int { return w.Light + w.Moderate + w.Severe + w.Critical + w.Fatal }

// Combatant is a creature in the fight: its stat block as encounter files
// give it (yaml keys) and what the fight changes (json only).
type Combatant struct {
	ID          string         `yaml:"id" json:"id" required:"true" doc:"a unique lowercase word, as commands name it"`
	Name        string         `yaml:"name" json:"name,omitempty" doc:"the name shown"`
	Side        string         `yaml:"side" json:"side" required:"true" doc:"the id of its side"`
	PC          bool           `yaml:"pc" json:"pc,omitempty" doc:"a player character: a fatal wound leaves it dying, not dead (R18)"`
	Tier        string         `yaml:"tier" json:"tier,omitempty" enum:"minion,standard,elite,special" doc:"an NPC's tier: minion, standard (default) or elite have 1/2/3 slots per level (R17); special ones are counted like PCs"`
	Attributes  Attributes     `yaml:"attributes" json:"attributes"`
	Skills      map[string]int `yaml:"skills" json:"skills,omitempty" max:"20" eachmin:"0" eachmax:"20" doc:"skill ranks by name: melee, aim, reflex, athletics, resistance, healing, nature, deception, acrobatics, stealth, arcana"`
	Specs       map[string]int `yaml:"specializations" json:"specializations,omitempty" max:"50" eachmin:"0" eachmax:"20" doc:"specialization ranks by skill/name: melee/blades, reflex/initiative, athletics/power"`
	Weapons     []Weapon       `yaml:"weapons" json:"weapons,omitempty" max:"10" doc:"weapons carried and ready; the first is used unless a command names another"`
	Conditions  []Condition    `yaml:"conditions" json:"conditions,omitempty" max:"20" doc:"lasting conditions it suffers (R64)"`
	Effects     []Effect       `yaml:"effects" json:"effects,omitempty" max:"20" doc:"lasting magical effects it controls, with the mana invested in them (R21, R60)"`
	Spells      []Spell        `yaml:"spells" json:"spells,omitempty" max:"20" doc:"spells it knows (R44)"`
	Armor       Armor          `yaml:"armor" json:"armor,omitzero" doc:"armour worn"`
	Kit         bool           `yaml:"kit" json:"kit,omitempty" doc:"a healer's kit in hand: without one, Stabilize and Treat Wound take -5 (R63, R65)"`
	RaceStamina int            `yaml:"race_stamina" json:"race_stamina,omitempty" min:"-100" max:"100" doc:"the race's stamina; max stamina is this + Vit"`
	RaceMana    int            `yaml:"race_mana" json:"race_mana,omitempty" min:"-100" max:"100" doc:"the race's mana; max mana is this + Lor"`
	Cover       string         `yaml:"cover" json:"cover,omitempty" enum:"quarter,half,three,slit" doc:"the cover it stands behind, as the GM rules it (R10): quarter, half, three (quarters) or slit (nine tenths)"`
	MoveMode    string         `yaml:"move_mode" json:"move_mode,omitempty" doc:"its primary move mode, for the Athletics specialization of a second dash (R54; default running)"`
	Mount       bool           `yaml:"mount" json:"mount,omitempty" doc:"can be ridden (R53, R76)"`
	Trained     bool           `yaml:"trained" json:"trained,omitempty" doc:"a trained mount: no control checks (R77)"`
	OwnTurn     bool           `yaml:"own_turn" json:"own_turn,omitempty" doc:"a sentient mount that keeps its own initiative and turn, and is not ordered (R76)"`
	ControlTN   *int           `yaml:"control_tn" json:"control_tn,omitempty" min:"0" max:"100" doc:"the TN of controlling this untrained mount (R77; default 5, A34)"`
	Riding      string         `yaml:"riding" json:"riding,omitempty" doc:"the id of the mount it rides at the start"`
	SleepHours  *int           `yaml:"sleep_hours" json:"sleep_hours,omitempty" min:"0" max:"24" doc:"hours of sleep a long rest needs (R68; default 8 less half an hour per point of Vitality; 0 for one that needs none)"`
	Joins       int            `yaml:"joins" json:"joins,omitempty" min:"0" max:"100" doc:"rounds before it arrives: it joins as round joins+1 begins, rolls its initiative and gains its Round Start AP then (A14)"`
	Space       int            `yaml:"space" json:"space,omitempty" min:"1" max:"20" doc:"yards a side of the square it fills, its lowest corner at x,y (section 6: default 1)"`
	Height      int            `yaml:"height" json:"height,omitempty" min:"0" max:"1000" doc:"its height in inches, for the obstacle a tucked high jump clears (R38)"`
	X           int            `yaml:"x" json:"x" min:"-1000" max:"1000" doc:"column, in yards"`
	Y           int            `yaml:"y" json:"y" min:"-1000" max:"1000" doc:"row, in yards"`

	Status     string `yaml:"-" json:"status"`
	Posture    string `yaml:"-" json:"posture"`
	Initiative int    `yaml:"-" json:"initiative"`
	AP         int    `yaml:"-" json:"ap"`
	Stamina    int    `yaml:"-" json:"stamina"`
	Fatigue    int    `yaml:"-" json:"fatigue,omitempty"`
	// IsExhausted and IsStaggered are A26's conditions: set when fatigue
	// gained reaches their threshold, cleared when it drops below.
	IsExhausted bool `yaml:"-" json:"exhausted,omitempty"`
	IsStaggered bool `yaml:"-" json:"staggered,omitempty"`
	Mana        int  `yaml:"-" json:"mana"`
	// Wounds are the filled slots; Slots how many each level has.
	Wounds Wounds `yaml:"-" json:"wounds"`
	Slots  Wounds `yaml:"-" json:"slots"`
	// Severity is the highest level with a filled slot (section 2).
	Severity int `yaml:"-" json:"severity"`
	// Dying counts the rounds a dying PC has been dying; 0 when not.
	Dying     int  `yaml:"-" json:"dying,omitempty"`
	IsDying   bool `yaml:"-" json:"is_dying,omitempty"`
	Acted     bool `yaml:"-" json:"acted,omitempty"`
	Surprised bool `yaml:"-" json:"surprised,omitempty"`
	// TieBreak is this round's tie-break die (A15), 0 when none.
	TieBreak int `yaml:"-" json:"tie_break,omitempty"`
	// PoolQuarters and PoolUsed are this round's movement pool (A17).
	PoolQuarters int  `yaml:"-" json:"pool_quarters,omitempty"`
	PoolUsed     int  `yaml:"-" json:"pool_used,omitempty"`
	Defending    bool `yaml:"-" json:"defending,omitempty"`
	Dashing      bool `yaml:"-" json:"dashing,omitempty"`
	// Harried is the penalty on ranged attacks this round (R46).
	Harried int `yaml:"-" json:"harried,omitempty"`
	// HarriedBy lists who harried it this round (once each, R46).
	HarriedBy []string `yaml:"-" json:"harried_by,omitempty"`
	// Helpless counts rounds a nonlethal hit leaves it helpless (R39).
	Helpless int `yaml:"-" json:"helpless,omitempty"`
	// Rider is who rides this mount; RidingSize the Size of the mount a
	// rider rides (R76).
	Rider      string `yaml:"-" json:"rider,omitempty"`
	RidingSize int    `yaml:"-" json:"riding_size,omitempty"`
	// LeftMount is the mount a rider dismounted in its own turn, which
	// shared that turn and gains its Turn End AP as it ends (R76, R23).
	LeftMount string `yaml:"-" json:"left_mount,omitempty"`
	// Bolting says this untrained mount has bolted (R77); Calming counts
	// a rider's consecutive attempts to regain control.
	Bolting bool `yaml:"-" json:"bolting,omitempty"`
	Calming int  `yaml:"-" json:"calming,omitempty"`
	// Ignoring lists the enemies it ignores (R12); DashBonus is what a
	// second dash added to its rate this round (R54).
	Ignoring  []string `yaml:"-" json:"ignoring,omitempty"`
	DashBonus int      `yaml:"-" json:"dash_bonus,omitempty"`
	Dashes    int      `yaml:"-" json:"dashes,omitempty"`
	// OutRounds counts the rounds a creature lies unconscious and not
	// dying, for its wake check every 10 minutes (A09).
	OutRounds int `yaml:"-" json:"out_rounds,omitempty"`
	// OpeningOn and OpeningTotal are an opening made this turn (R50): the
	// creature whose rebuffs meet the total instead of a Defense lower than it.
	OpeningOn    string `yaml:"-" json:"opening_on,omitempty"`
	OpeningTotal int    `yaml:"-" json:"opening_total,omitempty"`
	// SharingWith names the creature it shares a space with (R51).
	SharingWith string `yaml:"-" json:"sharing_with,omitempty"`
	// Readied says it holds a readied action (R47): ReadyAction is the
	// action, none for a standard attack.
	Readied     bool   `yaml:"-" json:"readied,omitempty"`
	ReadyAction Nested `yaml:"-" json:"ready_action,omitzero"`
	// Grappling lists who it grapples, each grappling it too (R57, A23);
	// PinnedBy names who pins it (R59).
	Grappling []string `yaml:"-" json:"grappling,omitempty"`
	PinnedBy  string   `yaml:"-" json:"pinned_by,omitempty"`
	// Distracted: -2 on attacks and every Defense to the round's end
	// (R61, A33).
	Distracted bool `yaml:"-" json:"distracted,omitempty"`
	// RecoveryBonus is added to recovery checks after failed ones (R72).
	RecoveryBonus int `yaml:"-" json:"recovery_bonus,omitempty"`
	// RecoverUpTo is the worst level a recovery check just rolled
	// reaches, while its creature chooses the wound (section 7.8).
	RecoverUpTo int `yaml:"-" json:"recover_up_to,omitempty"`
	// LongRests counts the long rests with benefits today (R68).
	LongRests int `yaml:"-" json:"long_rests,omitempty"`
	// Long is an action longer than the AP at hand, being paid (R25).
	Long *Long `yaml:"-" json:"long,omitempty"`
	// Submerged says it stands under water (R74): the immobile Defense
	// replaces its melee, ranged and Agility Defense (R14).
	Submerged bool `yaml:"-" json:"underwater,omitempty"`
	// Sunk says a swimmer sank below the surface, Fell that a climber
	// fell to the foot of its climb (R75).
	Sunk bool `yaml:"-" json:"sunk,omitempty"`
	Fell bool `yaml:"-" json:"fallen,omitempty"`
}

// Long is an action paid across turns (R25): AP still owed, or rounds of
// all one's AP still to give.
type Long struct {
	// Object is what is being used, or with Action the command text of
	// the action being paid for.
	Object string `json:"object"`
	Action bool   `json:"action,omitempty"`
	// Command is the action with Action, read from Object's text as the
	// state is decoded.
	Command   Nested `json:"-"`
	Remaining int    `json:"remaining,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
	// PaidNow says a payment was made this turn; a turn that ends
	// without one gives the action up.
	PaidNow bool `json:"paid_now,omitempty"`
}

// Dropped is a weapon lying on the ground at a cell.
type Dropped struct {
	Weapon Weapon `json:"weapon"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
}

// OffTurn is an action or a move taken out of turn (R29, R35): by whom,
// at which moment ("declared", "start", "after", "end"), whether it
// cancels the declared action, who is still to be asked in the window it
// was taken in, and the declared action waiting meanwhile (a move out of
// turn cancels nothing, A16).
type OffTurn struct {
	Who     string    `json:"who"`
	Moment  string    `json:"moment"`
	Cancels bool      `json:"cancels,omitempty"`
	Rest    []string  `json:"rest,omitempty"`
	Held    *Declared `json:"held,omitempty"`
}

// detached returns a copy of o in memory of its own.
func (o *OffTurn) detached() *OffTurn {
	p := new(OffTurn)
	*p = *o
	p.Rest = slices.Clone(o.Rest)
	if o.Held != nil {
		p.Held = new(Declared)
		*p.Held = *o.Held
	}
	return p
}

// cloneOffs copies a list of actions out of turn into memory of its own.
func cloneOffs(offs []OffTurn) []OffTurn {
	if offs == nil {
		return nil
	}
	c := make([]OffTurn, len(offs))
	for i := range offs {
		c[i] = *offs[i].detached()
	}
	return c
}

// Declared is an action declared and not yet resolved.
type Declared struct {
	// Command is a declared action other than an attack; it is carried
	// out when the window closes.
	Command Nested `json:"command,omitzero"`
	Actor   string `json:"actor"`
	Action  string `json:"action"`
	Target  string `json:"target"`
	Weapon  string `json:"weapon,omitempty"`
	Cost    int    `json:"cost"`
	// Guard is the target's choice of Defense when defending (R45).
	Guard string `json:"guard,omitempty"`
	// Indicated is a nonlethal hit's level, for the attacker's choice.
	Indicated int `json:"indicated,omitempty"`
	Final     int `json:"final,omitempty"`
	// A declared move's destination; its rebuffs and the cling spent on
	// it (R41, R55).
	X int `json:"x,omitempty"`
	Y int `json:"y,omitempty"`
	// FromX, FromY are where a move declared on its way began (FromSet).
	FromX    int    `json:"from_x,omitempty"`
	FromY    int    `json:"from_y,omitempty"`
	FromSet  bool   `json:"from_set,omitempty"`
	Rebuffed bool   `json:"rebuffed,omitempty"`
	Decided  bool   `json:"decided,omitempty"`
	Clinger  string `json:"clinger,omitempty"`
	Points   int    `json:"points,omitempty"`
	Split    bool   `json:"split,omitempty"`
	With     int    `json:"with,omitempty"`
	Cut      int    `json:"cut,omitempty"`
	// A reaction's attack (a rebuff or a readied attack) waiting for its
	// defending target to choose its Defense (R45): who strikes whom with
	// which weapon, and which reaction it is.
	Striker      string `json:"striker,omitempty"`
	StrikeTarget string `json:"strike_target,omitempty"`
	StrikeWeapon string `json:"strike_weapon,omitempty"`
	StrikeKind   string `json:"strike_kind,omitempty"`
	// StrikeFrom is the phase the fight goes back to once the reaction's
	// target has chosen.
	StrikeFrom Phase `json:"strike_from,omitempty"`
	// StrikeAsk counts those at the head of the queue still to be asked
	// about the reaction's attack itself, in its own window, before it is
	// rolled: its target, which may interpose (R58), and those who may
	// harry a ranged one (R46). The rest of the queue is the window it
	// was taken in, which goes on after (R30).
	StrikeAsk int `json:"strike_ask,omitempty"`
	// Interposed says a creature grappled by the target was made the
	// attack's target (R58).
	Interposed bool `json:"interposed,omitempty"`
	// Held says a move broken by a window waits for those its first part
	// left flanked to choose whether to ignore (R12).
	Held bool `json:"held,omitempty"`
	// Clung is who clung to the move already, by place in the roster
	// (R55): they cling no more to it.
	Clung uint64 `json:"clung,omitempty"`
}

// Up reports whether the combatant can act: active and not helpless.
func (c *Combatant) Up() bool { return c.Status == Active }

// gone reports whether the combatant is not there: dead, or not yet
// arrived (A14).
func (c *Combatant) gone() bool { return c.Status == Dead || c.Status == Away }

// npc reports whether the combatant is counted as an NPC (R17): not a PC
// and not special.
func (c *Combatant) npc() bool { return !c.PC && c.Tier != "special" }

// skill returns a skill's rank.
func (c *Combatant) skill(name string) int { return c.Skills[name] }

// spec returns a specialization's rank ("melee/blades").
func (c *Combatant) spec(skill, name string) int {
	if name == "" {
		return 0
	}
	return c.Specs[skill+"/"+name]
}

// Toughness is Vit + Size + armour (section 2); base leaves the armour
// out (R07).
func (c *Combatant) Toughness(base bool) int {
	t := c.Attributes.Vit + c.Attributes.Size
	if !base {
		t += c.Armor.Toughness
	}
	return t
}

// baseDefense is R13's 10 - Size + max(Speed + Rsn, -5).
func (c *Combatant) baseDefense() int {
	return 10 - c.Attributes.Size + max(c.Attributes.Speed+c.Attributes.Rsn, -5)
}

// MeleeDefense is R13 with every weapon's block; RangedDefense with only
// defensive ones'. R14 puts the immobile Defense in their place.
func (c *Combatant) MeleeDefense() int { return c.weaponDefense(false) }

// RangedDefense is R13's ranged Defense.
func (c *Combatant) RangedDefense() int { return c.weaponDefense(true) }

// weaponDefense is R13's melee Defense, or its ranged one, which only
// defensive weapons' blocks add to. The immobile Defense takes the
// melee and ranged Defense's place and so their shared-space -2 (R14,
// R51).
func (c *Combatant) weaponDefense(ranged bool) int {
	if c.immobile() {
		return c.ImmobileDefense() - c.sharing()
	}
	d := c.baseDefense() - c.distraction() - c.sharing()
	for i := range c.Weapons {
		if w := &c.Weapons[i]; w.InHand() && (w.Defensive || !ranged) {
			d += w.Block
		}
	}
	return d
}

// ImmobileDefense is R13's 5 - Size.
func (c *Combatant) ImmobileDefense() int { return 5 - c.Attributes.Size - c.distraction() }

// immobile reports R14: helpless (unconscious, pinned, or a nonlethal
// hit's helplessness) or under water.
func (c *Combatant) immobile() bool { return c.helpless() || c.Submerged }

// helpless reports A07's helplessness: unconscious, pinned or left
// helpless by a nonlethal hit.
func (c *Combatant) helpless() bool {
	return c.Status != Active || c.Helpless > 0 || c.PinnedBy != ""
}

// distraction is A33's -2 of a distracted creature.
func (c *Combatant) distraction() int {
	if c.Distracted {
		return 2
	}
	return 0
}

// PowerDefense and the others are R13's skill Defenses: 10 and the
// check's attribute, skill and specialization (checkBase).
func (c *Combatant) PowerDefense() int { return 10 + c.checkBase("power") - c.distraction() }

// AgilityDefense is R13's Agility Defense (R14: immobile when helpless).
func (c *Combatant) AgilityDefense() int {
	if c.immobile() {
		return c.ImmobileDefense()
	}
	return 10 + c.checkBase("agility") - c.distraction()
}

// FortitudeDefense is R13's Fortitude Defense.
func (c *Combatant) FortitudeDefense() int { return 10 + c.checkBase("fortitude") - c.distraction() }

// WillpowerDefense is R13's Willpower Defense.
func (c *Combatant) WillpowerDefense() int { return 10 + c.checkBase("willpower") - c.distraction() }

// NormalMaxStamina is raceStamina + Vit; MaxStamina less fatigue.
func (c *Combatant) NormalMaxStamina() int { return c.RaceStamina + c.Attributes.Vit }

// MaxStamina is R20's max(0, normal - fatigue).
func (c *Combatant) MaxStamina() int { return max(0, c.NormalMaxStamina()-c.Fatigue) }

// ExhaustedPenalty is A26's penalty on every check and attack of an
// exhausted creature.
const ExhaustedPenalty = 2

// tired is what exhaustion takes from c's checks and attacks (A26): every
// one of them, standard or wild, attack or healing or recovery; less what
// its effects and conditions add to them (mods).
func (c *Combatant) tired() int {
	_, _, checks := c.mods()
	if c.IsExhausted {
		return ExhaustedPenalty - checks
	}
	return -checks
}

// Staggered is A26: no Turn End AP (NPCs are immune, R17).
func (c *Combatant) Staggered() bool { return c.IsStaggered && !c.npc() }

// setFatigue is R20 and A26: the new fatigue, exhaustion (twice the
// fatigue at least the normal max stamina) and staggering (the fatigue at
// least it) set when fatigue is gained and cleared when it drops below,
// and the stamina clamped to the new max.
func setFatigue(c *Combatant, f int) {
	f = max(f, 0)
	gained, n := f > c.Fatigue, c.NormalMaxStamina()
	c.Fatigue = f
	switch {
	case gained && f > 0 && 2*f >= n:
		c.IsExhausted = true
	case 2*f < n:
		c.IsExhausted = false
	}
	switch {
	case gained && f > 0 && f >= n:
		c.IsStaggered = true
	case f < n:
		c.IsStaggered = false
	}
	c.Stamina = min(c.Stamina, c.MaxStamina())
}

// Rate is the movement rate (R33), doubled while dashing (R54).
func (c *Combatant) Rate() int {
	r := MoveRate(c.Attributes.Str + c.Attributes.Size + c.skill("athletics"))
	if c.Dashing {
		r = 2*r + c.DashBonus
	}
	return r
}

// PoolYards is what is left of this round's movement pool (A17).
func (c *Combatant) PoolYards() int { return c.PoolQuarters/4 - c.PoolUsed }

// Weapon returns the weapon called name, in hand or stowed, or for ""
// the first in hand; nil for none.
func (c *Combatant) Weapon(name string) *Weapon {
	if name == "" {
		for i := range c.Weapons {
			if c.Weapons[i].InHand() {
				return &c.Weapons[i]
			}
		}
		return nil
	}
	if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == name }); i >= 0 {
		return &c.Weapons[i]
	}
	return nil
}

// Combatant returns the combatant with id, or nil.
func (s *State) Combatant(id string) *Combatant {
	for i := range s.Combatants {
		if s.Combatants[i].ID == id {
			return &s.Combatants[i]
		}
	}
	return nil
}

// noCombatant refuses a name that is no combatant's, listing those there
// are.
func (s *State) noCombatant(name string) error {
	return refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", name, s.ids())
}

// ids lists the combatants' ids, for messages.
func (s *State) ids() string { return strings.Join(Rules{}.Roster(s), ", ") }

// limit is the round limit in force, 0 for none.
func (s *State) limit() int {
	switch {
	case s.Options.NoLimit:
		return 0
	case s.Options.RoundLimit == 0:
		return defaultRoundLimit
	}
	return s.Options.RoundLimit
}

// actor is the combatant acting now: one acting out of turn, else the
// one whose turn it is; nil for nobody.
func (s *State) actor() *Combatant {
	if s.Off != nil {
		return s.Combatant(s.Off.Who)
	}
	return s.owner()
}

// acting is the id of the combatant acting now (see actor).
func (s *State) acting() string {
	if s.Off != nil {
		return s.Off.Who
	}
	return s.Turn
}

// decider is who must decide now.
func (s *State) decider() string {
	switch s.Phase {
	case Acting:
		return s.acting()
	case Window:
		if len(s.Queue) > 0 {
			return s.Queue[0]
		}
	case Guarding:
		if s.Pending != nil {
			if s.Pending.Striker != "" {
				return s.Pending.StrikeTarget
			}
			return s.Pending.Target
		}
	case Choosing:
		if s.Pending == nil && len(s.Queue) > 0 {
			return s.Queue[0]
		}
		if p := s.Pending; p != nil {
			if p.Clinger != "" && !p.Split {
				return p.Clinger
			}
			return p.Actor
		}
	}
	return engine.GM
}
