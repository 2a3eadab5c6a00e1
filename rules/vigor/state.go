package vigor

import (
	"math"
	"slices"
	"strings"
	"unsafe"

	"fray/rules/parts"
)

// Phase says what a fight is waiting for.
type Phase string

// The phases of a fight.
const (
	// Initiative: the GM rolls initiative (R08), the first decision.
	Initiative Phase = "initiative"
	// Acting: the combatant whose turn it is chooses an action.
	Acting Phase = "act"
	// Defending: the target of an attack that beat its Victory Sum
	// chooses a Defense or takes the hit (R21).
	Defending Phase = "defense"
	// Offering: a combatant may take an opening or fire a readied action
	// (R16, R20); State.Window says whose and what.
	Offering Phase = "window"
	// Knockdown: the GM rules whether a hit knocked its target down (R39).
	Knockdown Phase = "knockdown"
	// Kill: the GM rules whether a hit on an incapacitated target killed
	// it outright (R37).
	Kill Phase = "kill"
	// Modifiers: the GM gives the situational modifiers of a declared
	// attack before it is rolled (R24 step 2, §6), with the gm_prompts
	// option.
	Modifiers Phase = "modifiers"
	// EscapeRuling: the GM rules whether a creature that moved out of
	// every enemy's reach has escaped (A19).
	EscapeRuling Phase = "escape"
	// EndRuling: with the gm_prompts option, the GM rules after each
	// Recovery Phase whether the fight is over (§7.10).
	EndRuling Phase = "end_ruling"
	// Aftermath: with the aftermath option, the fight is decided and the
	// GM rules on rests (R42) before it ends.
	Aftermath Phase = "aftermath"
	// Over: the fight has ended.
	Over Phase = "over"
)

// State is a fight in progress: plain data that round-trips through JSON.
type State struct {
	// Combatants in roster order, as the encounter lists them.
	Combatants []Combatant `json:"combatants"`
	// Order is the initiative order, highest first (R08), once rolled.
	Order []string `json:"order,omitempty"`
	// Round counts rounds from 1.
	Round int `json:"round"`
	// Turn is the index in Order of the combatant whose turn it is.
	Turn int `json:"turn"`
	// Phase says what the fight waits for.
	Phase Phase `json:"phase"`
	// Declared is the attack declared and waiting for the GM's modifiers
	// (with the gm_prompts option), if any.
	Declared *Declared `json:"declared,omitempty"`
	// Strike is the attack being resolved, if any.
	Strike *Strike `json:"strike,omitempty"`
	// OpenAfter names the creature whose ability gives an opening once its
	// attack is resolved (R20).
	OpenAfter string `json:"open_after,omitempty"`
	// OffHand is the off-hand attack declared with the attack being
	// resolved, to follow it (R12).
	OffHand *FollowUp `json:"off_hand,omitempty"`
	// Window is the opening or readied trigger being offered, if any.
	Window *Window `json:"window,omitempty"`
	// Counter names the creature that answered a hit with its readied
	// attack on the attacker (§7.6.3): the attack fires once the hit is
	// resolved.
	Counter string `json:"counter,omitempty"`
	// Actions counts the actions declared in the fight, so that a readied
	// trigger is offered once per action.
	Actions int `json:"actions,omitempty"`
	// ReadyChecked is the value of Actions whose readied triggers have
	// been offered.
	ReadyChecked int `json:"ready_checked,omitempty"`
	// Scene is where the fight happens; Options the table's choices.
	Scene   Scene   `json:"scene"`
	Options Options `json:"options"`
	// Winner is the side that won, once Over; TimedOut says the round
	// limit ended the fight.
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	// Reason says why the fight was decided, in the aftermath.
	Reason string `json:"reason,omitempty"`

	// hot is the memory the hot path reuses (see hotMemory); no part of
	// the fight.
	hot *hotMemory
	// shared: the roster is one that clones share (see Rules.Clone),
	// never written; own gives the state one of its own first.
	shared bool
}

// Scene is where a fight happens.
type Scene struct {
	// Visibility is a row of the visibility table (R45): normal, reduced,
	// low or zero.
	Visibility string `yaml:"visibility" json:"visibility,omitempty" enum:"normal,reduced,low,zero" doc:"how far people see: normal (default), reduced, low or zero; ranged attacks only (R45)"`
	// Approach is the vector the fight starts from, for Over Watch (R09).
	Approach string `yaml:"approach" json:"approach,omitempty" doc:"the direction the fight comes from (a word, as overwatch roles name it); a watcher of another direction counts as ambushed (R09)"`
	// Walls block sight and paths (R24 step 1, R43).
	Walls []Wall `yaml:"walls" json:"walls,omitempty" max:"1000" doc:"walls and other obstacles, each a straight line from x1,y1 to x2,y2 in feet: nothing sees, reaches, shoots or moves across one (R24 step 1, R43), and creatures on either side of one are not adjacent"`
}

// Wall is a wall or obstacle: a straight line between two points, in
// feet, that blocks sight and paths.
type Wall struct {
	X1 int `yaml:"x1" json:"x1" min:"-10000" max:"10000"`
	Y1 int `yaml:"y1" json:"y1" min:"-10000" max:"10000"`
	X2 int `yaml:"x2" json:"x2" min:"-10000" max:"10000"`
	Y2 int `yaml:"y2" json:"y2" min:"-10000" max:"10000"`
}

// crosses reports whether the line from (ax, ay) to (bx, by) meets the
// wall, touching included.
func (w Wall) crosses(ax, ay, bx, by int) bool {
	return segmentsMeet(int64(ax), int64(ay), int64(bx), int64(by), int64(w.X1), int64(w.Y1), int64(w.X2), int64(w.Y2))
}

// segmentsMeet reports whether the closed segments pq and rs meet.
func segmentsMeet(px, py, qx, qy, rx, ry, sx, sy int64) bool {
	turn := func(ax, ay, bx, by, cx, cy int64) int64 {
		v := (bx-ax)*(cy-ay) - (by-ay)*(cx-ax)
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	on := func(ax, ay, bx, by, cx, cy int64) bool { // c on segment ab, given collinear
		return min(ax, bx) <= cx && cx <= max(ax, bx) && min(ay, by) <= cy && cy <= max(ay, by)
	}
	d1, d2 := turn(rx, ry, sx, sy, px, py), turn(rx, ry, sx, sy, qx, qy)
	d3, d4 := turn(px, py, qx, qy, rx, ry), turn(px, py, qx, qy, sx, sy)
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return d1 == 0 && on(rx, ry, sx, sy, px, py) || d2 == 0 && on(rx, ry, sx, sy, qx, qy) ||
		d3 == 0 && on(px, py, qx, qy, rx, ry) || d4 == 0 && on(px, py, qx, qy, sx, sy)
}

// Options are the table's choices where the rules could honestly differ;
// the defaults are the spec's rulings.
type Options struct {
	// RoundLimit ends the fight with no winner after this many rounds (0:
	// none).
	RoundLimit int `json:"round_limit,omitempty"`
	// VSTieSucceeds makes a total equal to the Victory Sum succeed (A02;
	// default false).
	VSTieSucceeds bool `json:"vs_tie_succeeds,omitempty"`
	// QualityGap is how many ranks apart armour is ignored or immune to
	// wear (A06; default 3).
	QualityGap int `json:"quality_gap"`
	// NoOverflow stops damage beyond Durability from reaching Health (A07
	// off).
	NoOverflow bool `json:"no_overflow,omitempty"`
	// WoundedEndsAtFullHealth: Wounded ends when Health is full rather
	// than when Durability is above 0 (A08's option).
	WoundedEndsAtFullHealth bool `json:"wounded_ends_at_full_health,omitempty"`
	// Euclidean measures distance as a straight line rather than
	// Chebyshev (A17's option).
	Euclidean bool `json:"euclidean,omitempty"`
	// StabilizeActions is the actions stabilizing takes (A34; default 1).
	StabilizeActions int `json:"stabilize_actions"`
	// GMPrompts asks the GM for each attack's situational modifiers and
	// whether the target is attacked from behind, before it is rolled
	// (R24 step 2, §6).
	GMPrompts bool `json:"gm_prompts,omitempty"`
	// UnawareCanReact lets an unaware target attacked from behind react
	// (A12's option; default false).
	UnawareCanReact bool `json:"unaware_can_react,omitempty"`
	// MoveProvokes: a Move out of an enemy's reach gives it an opening
	// (A18's option; default false).
	MoveProvokes bool `json:"move_provokes,omitempty"`
	// AbilityDice are the scores at which an ability gives its first,
	// second... bonus die (A01's table); none: a die per 5 points above
	// 10.
	AbilityDice []int `json:"ability_dice,omitempty"`
	// CoverTable replaces rows of the cover table (R46).
	CoverTable map[string]CoverRow `json:"cover_table,omitempty"`
	// Aftermath: a decided fight waits for the GM's rests (R42) before
	// it ends.
	Aftermath bool `json:"aftermath,omitempty"`
	// RestTable replaces rows of the rest table (R42, A32).
	RestTable map[string]RestRow `json:"rest_table,omitempty"`
}

// Combatant is a creature: its stat block, as encounter files give it
// (the yaml keys), and as the fight holds it (the json keys, with what the
// fight changes). Nothing changes its weapons, abilities, skills and
// links, or what its armour protects against, once the fight has started:
// a state's copies share them with it (Clone, ScratchInto).
type Combatant struct {
	ID     string `yaml:"id" json:"id" required:"true" doc:"a unique lowercase word, as commands name the creature"`
	Name   string `yaml:"name" json:"name,omitempty" doc:"the name shown (default: the id)"`
	Side   string `yaml:"side" json:"side" required:"true" doc:"the id of the side the creature fights on"`
	Size   string `yaml:"size" json:"size,omitempty" enum:"tiny,small,medium,large,huge,massive,colossal" doc:"size category (R25), set in data, never derived (A15); default medium"`
	Object bool   `yaml:"object" json:"object,omitempty" doc:"an object (R31): it has Durability and armour only, takes no wear, never acts, and is destroyed at 0 Durability"`
	Living *bool  `yaml:"living" json:"living,omitempty" doc:"a living thing (default: true for creatures, false for objects); toxic damage harms only the living (R28)"`
	X      int    `yaml:"x" json:"x" min:"-10000" max:"10000" doc:"position east, in feet"`
	Y      int    `yaml:"y" json:"y" min:"-10000" max:"10000" doc:"position north, in feet"`

	Strength int `yaml:"strength" json:"strength,omitempty" min:"0" max:"100" doc:"ability score; its dice (A01) add to melee, unarmed, bow and thrown damage"`
	Agility  int `yaml:"agility" json:"agility,omitempty" min:"0" max:"100" doc:"ability score; its dice add to weapon attacks"`
	Speed    int `yaml:"speed" json:"speed,omitempty" min:"0" max:"100" doc:"ability score: feet per Move action; its dice add to Defense and technique attacks"`
	Stamina  int `yaml:"stamina" json:"stamina,omitempty" min:"0" max:"100" doc:"ability score: Vigor regained per round is a fifth of it, rounds in Shock before death all of it"`
	Skill    int `yaml:"skill" json:"skill,omitempty" min:"0" max:"100" doc:"ability score (not a skill, A40); its dice add to crossbow, modern and magic projectile damage"`
	Reason   int `yaml:"reason" json:"reason,omitempty" min:"0" max:"100" doc:"ability score"`
	Resolve  int `yaml:"resolve" json:"resolve,omitempty" min:"0" max:"100" doc:"ability score"`
	Soul     int `yaml:"soul" json:"soul,omitempty" min:"0" max:"100" doc:"ability score; its dice add to aimed spells"`

	Skills map[string]int    `yaml:"skills" json:"skills,omitempty" max:"50" eachmin:"0" eachmax:"20" doc:"skill name to its bonus dice, e.g. {medicine: 1, swords: 1}; a weapon's skill adds its dice to the attack"`
	Links  map[string]string `yaml:"links" json:"links,omitempty" max:"50" doc:"skill name to the ability whose dice add to its checks (A38)"`

	VigorMax      int       `yaml:"vigor" json:"vigor_max" required:"true" min:"0" max:"1000" doc:"maximum Vigor, spent on reactions and off-hand attacks (A21)"`
	DurabilityMax int       `yaml:"durability" json:"durability_max" required:"true" min:"0" max:"1000" doc:"maximum Durability, which takes damage before Health (R33)"`
	HealthMax     int       `yaml:"health" json:"health_max" min:"0" max:"1000" doc:"maximum Health; at 0 the creature is in Shock (R35); required for creatures"`
	DurRank       string    `yaml:"durability_rank" json:"durability_rank,omitempty" enum:"normal,heroic,epic,legendary" doc:"superior Durability: no damage from attacks of a lower quality (R32); default normal"`
	BonusDie      string    `yaml:"bonus_die" json:"bonus_die,omitempty" enum:"d4,d6,d8,d10,d12,d20" doc:"the base rank of the creature's bonus dice (A39); default d10"`
	ReachFt       int       `yaml:"reach_ft" json:"reach_ft,omitempty" min:"1" max:"1000" doc:"unarmed reach in feet (A16); default 6"`
	ActionsBase   int       `yaml:"actions" json:"actions_base,omitempty" min:"1" max:"10" doc:"actions a turn (R10); default 2"`
	InitDice      int       `yaml:"initiative_dice" json:"initiative_dice,omitempty" min:"0" max:"20" doc:"initiative bonus dice from talents, skills and the situation (R08)"`
	ResistDice    int       `yaml:"resistance_dice" json:"resistance_dice,omitempty" min:"0" max:"20" doc:"general Resistance dice, added to every resistance check (R40)"`
	DefenseDice   int       `yaml:"defense_dice" json:"defense_dice,omitempty" min:"0" max:"20" doc:"bonus dice from defense talents, added to Defense rolls (R21)"`
	GuardBonus    int       `yaml:"guard_bonus" json:"guard_bonus,omitempty" min:"-100" max:"100" doc:"Guard from abilities, added to 15 and the armour's (R23)"`
	ManaMax       int       `yaml:"mana" json:"mana_max,omitempty" min:"0" max:"1000" doc:"maximum Mana, spent on abilities; only regen restores it in a fight (R41)"`
	Regen         Regen     `yaml:"regen" json:"regen,omitzero" doc:"what an ability or talent restores each Recovery Phase beside Vigor (R41): Durability (not while Wounded, R34), Mana and Health"`
	Abilities     []Ability `yaml:"abilities" json:"abilities,omitempty" max:"20" doc:"abilities and techniques (R17): special attacks with costs in actions, Vigor and Mana"`
	Items         []Item    `yaml:"items" json:"items,omitempty" max:"20" doc:"items carried, for the Use Item action (R17): potions and salves that restore Durability, Health, Vigor or Mana, or bombs and wands that attack"`
	Weapons       []Weapon  `yaml:"weapons" json:"weapons,omitempty" max:"10" doc:"weapons, the first used unless an attack names another; none: unarmed, 1 feeble kinetic impact (R26)"`
	OffHand       string    `yaml:"off_hand" json:"off_hand,omitempty" doc:"the weapon held in the off hand, for off-hand attacks (R12); default unarmed"`
	Armor         []Armor   `yaml:"armor" json:"armor,omitempty" max:"10" doc:"armour worn, natural armour included"`
	Joins         int       `yaml:"joins" json:"joins,omitempty" min:"0" max:"100" doc:"rounds before it arrives: it joins as round joins+1 begins and rolls its initiative then (R08)"`
	Role          string    `yaml:"role" json:"role,omitempty" enum:"ambusher,ambushed,overwatch" doc:"the creature's role as the fight opens (R09)"`
	Watch         string    `yaml:"watch" json:"watch,omitempty" doc:"the direction an overwatch role watches (R09)"`
	CoverName     string    `yaml:"cover" json:"cover,omitempty" enum:"none,light,partial,full" doc:"the cover the creature is behind, against ranged attacks (R46)"`
	Sturdy        bool      `yaml:"sturdy" json:"sturdy,omitempty" doc:"its full cover is sturdy: +10 Armor Rank from ranged attacks (R46)"`

	// What the fight changes.

	Vigor      int  `yaml:"-" json:"vigor"`
	Mana       int  `yaml:"-" json:"mana,omitempty"`
	Durability int  `yaml:"-" json:"durability"`
	Health     int  `yaml:"-" json:"health"`
	Wounded    bool `yaml:"wounded" json:"wounded" doc:"starts the fight Wounded (R34): its bonus dice a step down"`
	Winded     bool `yaml:"-" json:"winded"`
	Prone      bool `yaml:"prone" json:"prone" doc:"starts the fight knocked down (R39)"`
	Hidden     bool `yaml:"hidden" json:"hidden" doc:"hidden from its enemies: its attacks come from behind an unaware target (§6), who cannot react, and a ranged attack cannot find it beyond the scene's vision range (A14); its first attack reveals it"`
	Unaware    bool `yaml:"unaware" json:"unaware" doc:"starts the fight unaware: attacked from behind, its Guard is halved (R23, A12), and it cannot react; it becomes aware when attacked or when its turn comes"`
	Bound      bool `yaml:"incapacitated" json:"bound,omitempty" doc:"starts bound or pinned: incapacitated (R37)"`
	// Shock is set while in Shock (R35), with ShockLeft the Recovery
	// Phases left before death unless Stabilized.
	Shock      bool `yaml:"-" json:"shock"`
	ShockLeft  int  `yaml:"-" json:"shock_left,omitempty"`
	Stabilized bool `yaml:"-" json:"stabilized"`
	Dead       bool `yaml:"-" json:"dead"`
	Destroyed  bool `yaml:"-" json:"destroyed"`
	Escaped    bool `yaml:"-" json:"escaped"`
	// Away: a late joiner that has not arrived yet (R08).
	Away bool `yaml:"-" json:"away,omitempty"`
	// Defending: the creature took the Defend action, which lasts until
	// its next turn starts (R13).
	Defending bool `yaml:"-" json:"defending"`
	// Ready is the readied action, until the next turn starts (R16).
	Ready Readied `yaml:"-" json:"ready,omitzero"`
	// Left is the actions left this turn; Initiative the roll.
	Left       int `yaml:"-" json:"actions"`
	Initiative int `yaml:"-" json:"initiative,omitempty"`
	// Carry is an act spanning turns (R10): its name, target and the
	// actions still owed.
	Carry Carry `yaml:"-" json:"carry,omitzero"`
	// Unseen is set only in a player's view (see Rules.ViewInto): the
	// creature is hidden from the viewer, who does not know where it is,
	// so its x and y there are 0 and say nothing; it takes no opening
	// there. The fight itself never sets it.
	Unseen bool `yaml:"-" json:"unseen,omitempty"`
}

// Weapon is a weapon or attack. The rules never change one, so states may
// share a combatant's Weapons.
type Weapon struct {
	Name       string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the weapon"`
	Quality    string `yaml:"quality" json:"quality,omitempty" enum:"feeble,lesser,ordinary,heroic,epic,legendary" doc:"its quality: the damage die (R26) and against armour (R29); default ordinary"`
	Damage     int    `yaml:"damage" json:"damage,omitempty" min:"1" max:"100" doc:"damage value: how many dice of its quality (R26); default 1"`
	Type       string `yaml:"type" json:"type,omitempty" enum:"kinetic,thermal,cold,electrical,radiation,chemical,sonic,toxic,umbral,entropic,crystal,aetheric,lucent,physical,harmonic,necrotic" doc:"damage type (R28); default kinetic"`
	Subtype    string `yaml:"subtype" json:"subtype,omitempty" enum:"cutting,piercing,impact" doc:"kinetic subtype, for flavour"`
	Category   string `yaml:"category" json:"category,omitempty" enum:"unarmed,melee,pull_bow,thrown,crossbow,modern,magic_projectile,spell,technique,bow,natural" doc:"attack category: ranged or not, and the abilities of its attack and damage dice (R22, R27); default melee; bow is pull_bow and natural (claws, fangs) is unarmed"`
	ReachFt    int    `yaml:"reach_ft" json:"reach_ft,omitempty" min:"1" max:"1000" doc:"melee reach in feet (R44); default the wielder's"`
	RangeFt    int    `yaml:"range_ft" json:"range_ft,omitempty" min:"0" max:"100000" doc:"ranged: beyond this, 1 Challenge (A24)"`
	MaxRangeFt int    `yaml:"max_range_ft" json:"max_range_ft,omitempty" min:"1" max:"100000" doc:"ranged: the farthest it reaches (A24); default twice range_ft"`
	Light      bool   `yaml:"light" json:"light,omitempty" doc:"a light weapon"`
	Area       bool   `yaml:"area" json:"area,omitempty" doc:"an area attack: light cover does not count against it (A13)"`
	Skill      string `yaml:"skill" json:"skill,omitempty" doc:"the skill whose dice add to its attack rolls"`
	AttackWith string `yaml:"attack_ability" json:"attack_ability,omitempty" enum:"strength,agility,speed,stamina,skill,reason,resolve,soul" doc:"the ability whose dice add to its attack (default by category)"`
	DamageWith string `yaml:"damage_ability" json:"damage_ability,omitempty" enum:"strength,agility,speed,stamina,skill,reason,resolve,soul" doc:"the ability whose dice add to its damage (default by category)"`
}

// Regen is what a creature's abilities restore each Recovery Phase
// besides Vigor (R41); the zero value is nothing.
type Regen struct {
	Durability int `yaml:"durability" json:"durability,omitempty" min:"0" max:"1000" doc:"Durability a round, up to the maximum; none while Wounded (R34)"`
	Mana       int `yaml:"mana" json:"mana,omitempty" min:"0" max:"1000" doc:"Mana a round, up to the maximum"`
	Health     int `yaml:"health" json:"health,omitempty" min:"0" max:"1000" doc:"Health a round, up to the maximum; Health of 1 or more ends Shock (A41)"`
}

// Ability is an ability, spell or technique (R17): an attack with one of
// the creature's weapons (a spell is a weapon of category spell) that
// costs actions (perhaps across turns, R10), Vigor and Mana, may add bonus
// dice and Charges, and may knock its target down on a hit (R39) or give
// enemies within reach an opening (R20). The rules never change one.
type Ability struct {
	Name      string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the ability"`
	Weapon    string `yaml:"weapon" json:"weapon,omitempty" doc:"the weapon it attacks with (default the first; unarmed for none)"`
	Actions   int    `yaml:"actions" json:"actions,omitempty" min:"1" max:"10" doc:"actions it takes, across turns if need be (default 1)"`
	Vigor     int    `yaml:"vigor" json:"vigor,omitempty" min:"0" max:"1000" doc:"Vigor it costs, paid when it resolves"`
	Mana      int    `yaml:"mana" json:"mana,omitempty" min:"0" max:"1000" doc:"Mana it costs, paid when it resolves"`
	Dice      int    `yaml:"dice" json:"dice,omitempty" min:"0" max:"20" doc:"bonus dice it adds to the attack roll"`
	Charges   int    `yaml:"charges" json:"charges,omitempty" min:"0" max:"5" doc:"Charges it adds to the attack roll (and so to the damage, A04)"`
	Knockdown bool   `yaml:"knockdown" json:"knockdown,omitempty" doc:"a hit knocks the target down (R39)"`
	Opening   bool   `yaml:"opening" json:"opening,omitempty" doc:"using it gives enemies within reach an opening (R20)"`
}

// Item is something a creature carries and uses with the Use Item action
// (R17): a potion or salve that restores Durability, Health, Vigor or
// Mana by dice of its own (which never burst), used on the creature
// itself or an adjacent ally; or a bomb, a remote detonator or a wand that
// attacks with one of the creature's weapons. It has so many uses.
type Item struct {
	Name       string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the item"`
	Uses       int    `yaml:"uses" json:"uses,omitempty" min:"1" max:"100" doc:"how many times it can be used (default 1)"`
	Actions    int    `yaml:"actions" json:"actions,omitempty" min:"1" max:"10" doc:"actions using it takes (default 1, R17), across turns if need be"`
	Durability string `yaml:"durability" json:"durability,omitempty" doc:"the Durability it restores: a dice expression such as 1d10 or 2d4+2, or a number"`
	Health     string `yaml:"health" json:"health,omitempty" doc:"the Health it restores (Health of 1 or more ends Shock, A41)"`
	Vigor      string `yaml:"vigor" json:"vigor,omitempty" doc:"the Vigor it restores (5 or more ends Winded, R38)"`
	Mana       string `yaml:"mana" json:"mana,omitempty" doc:"the Mana it restores"`
	Weapon     string `yaml:"weapon" json:"weapon,omitempty" doc:"the weapon (one of the creature's) it attacks with; an item with a weapon restores nothing"`

	// Left is the uses left.
	Left int `yaml:"-" json:"left"`
}

// Item returns the creature's item called name, or nil.
func (c *Combatant) Item(name string) *Item {
	for i := range c.Items {
		if c.Items[i].Name == name {
			return &c.Items[i]
		}
	}
	return nil
}

// usable names the creature's abilities and items, for messages.
func (c *Combatant) usable() string {
	var names []string
	for _, a := range c.Abilities {
		names = append(names, a.Name)
	}
	for _, it := range c.Items {
		names = append(names, it.Name)
	}
	if len(names) == 0 {
		return "it has none"
	}
	return "it has " + strings.Join(names, ", ")
}

// Ability returns the creature's ability called name, or nil.
func (c *Combatant) Ability(name string) *Ability {
	for i := range c.Abilities {
		if c.Abilities[i].Name == name {
			return &c.Abilities[i]
		}
	}
	return nil
}

// Armor is a piece of armour, natural or worn.
type Armor struct {
	Name       string   `yaml:"name" json:"name" required:"true" doc:"a lowercase word"`
	Quality    string   `yaml:"quality" json:"quality,omitempty" enum:"feeble,lesser,ordinary,heroic,epic,legendary" doc:"its quality (R29); default ordinary"`
	AR         int      `yaml:"ar" json:"ar" min:"0" max:"1000" doc:"Armor Rank: taken from damage (R30)"`
	GuardBonus int      `yaml:"guard_bonus" json:"guard_bonus,omitempty" min:"-100" max:"100" doc:"added to the wearer's Guard (R23)"`
	DurMax     int      `yaml:"durability" json:"durability_max,omitempty" min:"0" max:"10000" doc:"its Durability; worn armour is destroyed at 0 (A36)"`
	Protects   []string `yaml:"protects" json:"protects,omitempty" max:"10" doc:"the damage types it protects against (default kinetic)"`
	Natural    bool     `yaml:"natural" json:"natural,omitempty" doc:"natural armour: it never wears (A36)"`

	Dur       int  `yaml:"-" json:"durability"`
	Destroyed bool `yaml:"-" json:"destroyed,omitempty"`
}

// Readied is a readied action (R16): an attack on Target when Target
// next finishes an action, before the readier's next turn; the zero value
// is none.
type Readied struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// Carry is an act that takes more actions than were left (R10); the zero
// value is none.
type Carry struct {
	Act    string `json:"act"`
	Target string `json:"target"`
	Owed   int    `json:"owed"`
}

// Strike is an attack being resolved (R24).
type Strike struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon,omitempty"`
	// OffHand marks the off-hand attack (R12).
	OffHand bool `json:"off_hand,omitempty"`
	// Via says why it happens: "" on the attacker's turn, "opening" or
	// "readied".
	Via string `json:"via,omitempty"`
	// Total is the attack roll's total, VS what it had to beat.
	Total int `json:"total"`
	VS    int `json:"vs"`
	// Charges carry to the damage roll (A04); Challenges there only for
	// the off-hand (R03).
	Charges    int  `json:"charges,omitempty"`
	Challenges int  `json:"challenges,omitempty"`
	Ranged     bool `json:"ranged,omitempty"`
	// Incapacitated: the target was incapacitated when hit (R37).
	Incapacitated bool `json:"incapacitated,omitempty"`
	// Knockdown: an ability's hit knocks the target down (R39).
	Knockdown bool `json:"knockdown,omitempty"`
	// Then is the off-hand attack declared with this one, to follow it.
	Then *FollowUp `json:"then,omitempty"`
}

// Declared is an attack waiting for the GM's modifiers before it is
// rolled (R24 step 2).
type Declared struct {
	Attacker string    `json:"attacker"`
	Target   string    `json:"target"`
	Weapon   string    `json:"weapon"`
	OffHand  bool      `json:"off_hand,omitempty"`
	Via      string    `json:"via,omitempty"`
	Mods     Mods      `json:"mods,omitzero"`
	Then     *FollowUp `json:"then,omitempty"`
	Ability  string    `json:"ability,omitempty"`
}

// FollowUp is an off-hand attack waiting for the main attack to resolve.
type FollowUp struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// Window is an opening or a readied trigger offered to the creatures that
// may take it, one at a time in initiative order.
type Window struct {
	// Kind is "opening" or "readied".
	Kind string `json:"kind"`
	// Opener created it: the creature escaping, standing up or acting.
	Opener string `json:"opener"`
	// Act is what the opener does: "escape" (which moves on to Dest once
	// the window closes), "stand" or "" for a readied trigger.
	Act  string     `json:"act,omitempty"`
	Dest parts.Cell `json:"dest,omitzero"`
	// Ask lists who is still to be asked, in initiative order.
	Ask []string `json:"ask,omitempty"`
	// Prone says the opener lay prone when the window opened: its move
	// then goes on as a crawl, where one knocked down by an opening
	// moves no further.
	Prone bool `json:"prone,omitempty"`
}

// Combatant returns the combatant with the given id, or nil.
func (s *State) Combatant(id string) *Combatant {
	cs := s.Combatants // held, not read again after each comparison's call
	for i := range cs {
		if c := &cs[i]; sameID(c.ID, id) {
			return c
		}
	}
	return nil
}

// sameID reports whether two ids are the same: most ids of a roster
// that are as long differ in their first byte, which is compared before
// the call that compares them all, and an id found is most often the
// roster's own string, told by where its bytes are without that call.
func sameID(a, b string) bool {
	return len(a) == len(b) && (a == "" || a[0] == b[0] && (unsafe.StringData(a) == unsafe.StringData(b) || a == b))
}

// Current returns the combatant whose turn it is, or nil before
// initiative and once the fight is over.
func (s *State) Current() *Combatant {
	if s.Turn < 0 || s.Turn >= len(s.Order) || s.Phase == Initiative || s.Phase == Over {
		return nil
	}
	return s.Combatant(s.Order[s.Turn])
}

// turnOf reports whether it is c's turn.
func (s *State) turnOf(c *Combatant) bool {
	cur := s.Current()
	return cur != nil && cur.ID == c.ID
}

// ids lists the combatants' ids, for messages.
func (s *State) ids() string {
	ids := make([]string, len(s.Combatants))
	for i, c := range s.Combatants {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

// unknown refuses id, which names no combatant.
func (s *State) unknown(id string) error {
	return invalid("there is no combatant called %q (combatants: %s)", id, s.ids())
}

// Incapacitated reports R37: in Shock, bound, dead or destroyed.
func (c *Combatant) Incapacitated() bool {
	return c.Shock || c.Bound || c.Dead || c.Destroyed
}

// living reports whether the creature is alive, as toxic damage asks
// (R28): creatures are unless their stat block says otherwise, objects
// are not.
func (c *Combatant) living() bool {
	if c.Living != nil {
		return *c.Living
	}
	return !c.Object
}

// rests reports whether the creature is there to rest after the fight:
// not dead, escaped, away or an object.
func (c *Combatant) rests() bool { return !c.Object && !c.Dead && !c.Escaped && !c.Away }

// adjacent reports whether two creatures are adjacent (R43): within 6 ft
// with a clear path between them.
func (s *State) adjacent(a, b *Combatant) bool {
	return s.distance(a, b) <= AdjacentFt && s.clear(a.X, a.Y, b.X, b.Y)
}

// clear reports whether the straight line from (ax, ay) to (bx, by)
// touches none of the scene's walls (R24 step 1, R43).
func (s *State) clear(ax, ay, bx, by int) bool {
	for _, w := range s.Scene.Walls {
		if w.crosses(ax, ay, bx, by) {
			return false
		}
	}
	return true
}

// In reports whether the creature is still in the fight: conscious, not
// incapacitated, not escaped, not an object.
func (c *Combatant) In() bool {
	return !c.Object && !c.Incapacitated() && !c.Escaped && !c.Away
}

// Targetable reports whether the creature or object can still be
// attacked: not dead, destroyed or escaped.
func (c *Combatant) Targetable() bool { return !c.Dead && !c.Destroyed && !c.Escaped && !c.Away }

// Score returns an ability score by name.
func (c *Combatant) Score(ability string) int {
	switch ability {
	case "strength":
		return c.Strength
	case "agility":
		return c.Agility
	case "speed":
		return c.Speed
	case "stamina":
		return c.Stamina
	case "skill":
		return c.Skill
	case "reason":
		return c.Reason
	case "resolve":
		return c.Resolve
	case "soul":
		return c.Soul
	}
	return 0
}

// BaseRank is the creature's bonus-die base rank (A39).
func (c *Combatant) BaseRank() int {
	if r := rankOfSides(c.BonusDie); r >= 0 {
		return r
	}
	return BaseRank
}

// Reach is the creature's reach with a weapon (R44, A16).
func (c *Combatant) Reach(w *Weapon) int {
	if w != nil && w.ReachFt > 0 {
		return w.ReachFt
	}
	if c.ReachFt > 0 {
		return c.ReachFt
	}
	return DefaultReachFt
}

// MoveFt is how far one Move takes the creature (R15): its Speed, a
// quarter of it while prone.
func (c *Combatant) MoveFt() int {
	if c.Prone {
		return c.Speed / 4
	}
	return c.Speed
}

// Guard is G0 (R23): 15 plus the armour's and abilities' Guard.
func (c *Combatant) Guard() int {
	g := BaseGuard + c.GuardBonus
	for _, a := range c.Armor {
		if !a.Destroyed {
			g += a.GuardBonus
		}
	}
	return g
}

// VigorRegen is the Vigor regained each Recovery Phase (R41).
func (c *Combatant) VigorRegen() int { return c.Stamina / 5 }

// unarmed is the attack of a creature without a weapon (R26, E11).
var unarmed = Weapon{Name: "unarmed", Quality: "feeble", Damage: 1, Type: "kinetic", Subtype: "impact", Category: "unarmed"}

// Weapon returns the creature's weapon called name, the first one for "",
// or unarmed; nil for an unknown name.
func (c *Combatant) Weapon(name string) *Weapon {
	if name == "" {
		if len(c.Weapons) == 0 {
			return &unarmed
		}
		return &c.Weapons[0]
	}
	for i := range c.Weapons { // by place: a weapon is not copied to be compared
		if c.Weapons[i].Name == name {
			return &c.Weapons[i]
		}
	}
	if slices.Contains(unarmedWords, name) {
		return &unarmed
	}
	return nil
}

// OffHandWeapon returns the off-hand weapon (R12): the one the stat block
// names, else unarmed.
func (c *Combatant) OffHandWeapon() *Weapon {
	if c.OffHand != "" {
		if w := c.Weapon(c.OffHand); w != nil {
			return w
		}
	}
	return &unarmed
}

// category returns the weapon's category, melee for "".
func (w *Weapon) category() Category { return categoryOf(w.Category) }

// rank returns the weapon's quality rank, ordinary for "".
func (w *Weapon) rank() int { return qualityRank(w.Quality) }

// maxRange returns the farthest the ranged weapon reaches (A24).
func (w *Weapon) maxRange() int {
	if w.MaxRangeFt > 0 {
		return w.MaxRangeFt
	}
	return 2 * w.RangeFt
}

// dice returns the damage value, 1 for 0.
func (w *Weapon) dice() int { return max(w.Damage, 1) }

// rank returns the armour's quality rank, ordinary for "".
func (a *Armor) rank() int { return qualityRank(a.Quality) }

// qualityRank returns the ladder index of a quality, ordinary for "".
func qualityRank(q string) int {
	if r := rankOf(q); r >= 0 {
		return r
	}
	return 2
}

// protects reports whether the armour protects against a damage type.
func (a *Armor) protects(t string) bool {
	if len(a.Protects) == 0 {
		return t == "kinetic"
	}
	for _, p := range a.Protects {
		if damageType(p) == t {
			return true
		}
	}
	return false
}

// distance is the distance in feet between two creatures (A17). A
// straight line is rounded up to whole feet, so that "within 6 ft" and
// every other bound in whole feet holds of the line itself (R43, R44).
func (s *State) distance(a, b *Combatant) int {
	if s.Options.Euclidean {
		return straightFt(a.X, a.Y, b.X, b.Y)
	}
	return parts.Steps(a.cell(), b.cell())
}

// straightFt is the straight-line distance between two points in whole
// feet, rounded up: a line of 6.4 ft is not within 6 ft.
func straightFt(ax, ay, bx, by int) int {
	return int(math.Ceil(parts.Metres(float64(ax), float64(ay), float64(bx), float64(by))))
}

// pointBlank reports whether b is within point blank of a: under 3 m,
// measured exactly rather than in distance's whole feet (A14).
func (s *State) pointBlank(a, b *Combatant) bool {
	if s.Options.Euclidean {
		return parts.Metres(float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)) < PointBlankFt
	}
	return float64(s.distance(a, b)) < PointBlankFt
}

// distanceTo is the distance in feet from a creature to a cell.
func (s *State) distanceTo(a *Combatant, c parts.Cell) int {
	if s.Options.Euclidean {
		return straightFt(a.X, a.Y, c.X, c.Y)
	}
	return parts.Steps(a.cell(), c)
}

// cell is where the creature stands.
func (c *Combatant) cell() parts.Cell { return parts.Cell{X: c.X, Y: c.Y} }

// conditionOf names a creature's condition.
func conditionOf(c *Combatant) string {
	switch {
	case c.Destroyed:
		return "destroyed"
	case c.Dead:
		return "dead"
	case c.Escaped:
		return "escaped"
	case c.Shock && c.Stabilized:
		return "in Shock, stabilized"
	case c.Shock:
		return "in Shock"
	case c.Bound:
		return "incapacitated"
	case c.Winded:
		return "winded"
	case c.Wounded:
		return "wounded"
	case c.Prone:
		return "prone"
	}
	return "active"
}
