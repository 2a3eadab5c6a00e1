package maneuvers

import (
	"math"
	"slices"

	"fray/rules/parts"
)

// Phase says what a fight is waiting for, besides any pending combat
// roll, trigger or contest.
type Phase string

// The phases of a fight.
const (
	// Setup: the GM begins the fight: surprise, then initiative.
	Setup Phase = "setup"
	// Acting: the combatant whose turn it is acts.
	Acting Phase = "act"
	// RoundEnd: the round is over and the GM rules whether the fight goes
	// on.
	RoundEnd Phase = "round_end"
	// After: the fight is decided, and with the aftermath option the GM
	// may call a rest and train styles before closing it (R26, R33).
	After Phase = "after"
	// Over: the fight has ended.
	Over Phase = "over"
)

// Options are the rulings a table may choose differently (§6).
type Options struct {
	// TestTN is the total a test must reach to pass (A03).
	TestTN int `json:"test_tn"`
	// SuccessStep is how far over TestTN each further Success is (A03).
	SuccessStep int `json:"success_step"`
	// DelayPersists keeps a delayed turn's place in later rounds (A11).
	DelayPersists bool `json:"delay_persists,omitempty"`
	// FlankTolerance is how far from the line between two flankers their
	// target may stand, in metres (A22).
	FlankTolerance float64 `json:"flank_tolerance"`
	// ShieldVsOther is what a successful Block does against damage of the
	// Other group: "none" or "half" (A25).
	ShieldVsOther string `json:"shield_vs_other"`
	// DeathRule is "negative_max" (dead at -health_max) or "none" (A27).
	DeathRule string `json:"death_rule"`
	// RestHeal is what a rest restores: "full" or "none" (A28).
	RestHeal string `json:"rest_heal"`
	// RoundLimit stops a fight after this many rounds as a timeout; 0 for
	// none.
	RoundLimit int `json:"round_limit"`
	// Aftermath: a decided fight waits for the GM's rests and training
	// before it ends (R26, R33).
	Aftermath bool `json:"aftermath,omitempty"`
}

// DefaultOptions are the spec's choices.
func DefaultOptions() Options {
	return Options{TestTN: 10, SuccessStep: 5, FlankTolerance: 0.5, ShieldVsOther: "none",
		DeathRule: "negative_max", RestHeal: "full", RoundLimit: parts.DefaultRoundLimit}
}

// State is a fight in progress, plain data that round-trips through JSON.
type State struct {
	Options    Options     `json:"options"`
	Combatants []Combatant `json:"combatants"`
	// Dropped lists the items lying on the ground.
	Dropped []Dropped `json:"dropped,omitempty"`
	// Gone lists the items picked up by one hidden from some foes (R36):
	// no longer on the ground, but still there in the view of those foes
	// (each one's Unseen), who did not see them taken.
	Gone []Dropped `json:"gone,omitempty"`
	// Order is the initiative order, highest first.
	Order []string `json:"order,omitempty"`
	// Turns is this round's order of turns, with delays (R09).
	Turns []string `json:"turns,omitempty"`
	// Turn is the index in Turns of the turn under way, or of the next
	// one when TurnOpen is false.
	Turn int `json:"turn"`
	// TurnOpen says the turn at Turn has begun.
	TurnOpen bool  `json:"turn_open,omitempty"`
	Round    int   `json:"round"`
	Phase    Phase `json:"phase"`
	// Roll is the combat roll under way.
	Roll *Roll `json:"roll,omitempty"`
	// Trigger is the move, spell or standing up waiting on opportunity
	// attacks (R22).
	Trigger *Trigger `json:"trigger,omitempty"`
	// Contest is the grapple waiting on its resister's choice of skill.
	Contest *Contest `json:"contest,omitempty"`
	// Improv is the improvised action waiting for the GM's ruling (§6.7).
	Improv *Improv `json:"improv,omitempty"`
	// Window is the reaction window open after an action: those who may
	// use a reaction spell now, asked in order (A12).
	Window *Window `json:"window,omitempty"`
	// Winner is the side that won, once the fight is over.
	Winner string `json:"winner,omitempty"`
	// TimedOut says the fight stopped at the round limit.
	TimedOut bool `json:"timed_out,omitempty"`

	// hot is the memory the hot path reuses (see hotMemory); no part of
	// the fight.
	hot *hotMemory
}

// Combatant is a stat block as encounter files give it (yaml) and as the
// fight holds it (json); what the fight changes is yaml:"-".
type Combatant struct {
	ID         string         `yaml:"id" json:"id" required:"true" doc:"a unique lowercase word, as commands name the combatant"`
	Name       string         `yaml:"name" json:"name,omitempty" doc:"the name shown (default: the id)"`
	Side       string         `yaml:"side" json:"side" required:"true" doc:"the side (team) the combatant fights on"`
	PC         bool           `yaml:"pc" json:"pc,omitempty" doc:"a player character: initiative is 1d6 + initiative rather than 1d6 + PER (R05)"`
	Size       string         `yaml:"size" json:"size,omitempty" enum:"tiny,small,medium,large,huge,gargantuan" doc:"size category (default medium; A30)"`
	Str        int            `yaml:"str" json:"str" min:"-5" max:"10" doc:"Strength"`
	Agi        int            `yaml:"agi" json:"agi" min:"-5" max:"10" doc:"Agility"`
	Per        int            `yaml:"per" json:"per" min:"-5" max:"10" doc:"Perception"`
	Int        int            `yaml:"int" json:"int" min:"-5" max:"10" doc:"Intellect (A06)"`
	Wil        int            `yaml:"wil" json:"wil" min:"-5" max:"10" doc:"Willpower (A06)"`
	Cha        int            `yaml:"cha" json:"cha" min:"-5" max:"10" doc:"Charisma (A06)"`
	Initiative *int           `yaml:"initiative" json:"initiative,omitempty" min:"-5" max:"20" doc:"a PC's initiative modifier (default PER; A10); an NPC has none, it rolls 1d6 + PER (R05)"`
	Skills     map[string]int `yaml:"skills" json:"skills,omitempty" max:"20" eachmin:"0" eachmax:"20" doc:"skill ranks by name: athletics, acrobatics, dodge, sleight-of-hand, stealth, observation, deception, focus, sorcery"`
	Styles     []Style        `yaml:"styles" json:"styles,omitempty" max:"10" doc:"fighting styles, each with its rank and trained gear (R26)"`
	Speed      float64        `yaml:"speed" json:"speed" min:"0" max:"100" doc:"free movement a turn, in metres (default 6)"`
	Health     int            `yaml:"health" json:"health_max" required:"true" min:"1" max:"10000" doc:"the Health Pool's maximum (A27)"`
	XP         *int           `yaml:"xp" json:"xp,omitempty" min:"0" max:"100000" doc:"experience to pay for style gear beyond the free items; checked when given (R26)"`
	X          float64        `yaml:"x" json:"x" min:"-10000" max:"10000" doc:"position east, metres"`
	Y          float64        `yaml:"y" json:"y" min:"-10000" max:"10000" doc:"position north, metres"`
	Weapons    []Weapon       `yaml:"weapons" json:"weapons,omitempty" max:"20" doc:"weapons and shields carried"`
	Wield      []string       `yaml:"wield" json:"wield,omitempty" max:"2" doc:"names of the carried items in hand, at most two hands (default: the first that fit)"`
	Armor      []Armor        `yaml:"armor" json:"armor,omitempty" max:"10" doc:"armour worn"`
	Resist     map[string]int `yaml:"resist" json:"resist,omitempty" max:"20" eachmin:"-100" eachmax:"100" doc:"resistances by damage type or group (physical, magical): damage taken off (R28)"`
	Vulnerable map[string]int `yaml:"vulnerable" json:"vulnerable,omitempty" max:"20" eachmin:"-100" eachmax:"100" doc:"vulnerabilities by damage type or group: damage added (R28)"`
	Spells     []Spell        `yaml:"spells" json:"spells,omitempty" max:"20" doc:"spells and abilities (R37)"`
	Sneaking   bool           `yaml:"sneaking" json:"sneaking,omitempty" doc:"sneaks up on the other sides before the fight: surprise is rolled (R07)"`
	Cover      string         `yaml:"cover" json:"cover,omitempty" enum:"none,low,high,full" doc:"the cover the map gives against ranged attacks (R23)"`

	// HP is the Health Pool now; it may go below 0 (A27).
	HP int `yaml:"-" json:"hp"`
	// AP left this round (R06).
	AP int `yaml:"-" json:"ap"`
	// Attacks made this round (R11).
	Attacks int `yaml:"-" json:"attacks,omitempty"`
	// FreeUsed says the round's free action is spent (R10).
	FreeUsed bool `yaml:"-" json:"free_used,omitempty"`
	// Moved is how far the combatant has moved this turn, and Budget how
	// far it may (speed, plus speed for each Dash).
	Moved  float64 `yaml:"-" json:"moved,omitempty"`
	Budget float64 `yaml:"-" json:"budget,omitempty"`
	// Disengaged: no opportunity attacks for the rest of the turn.
	Disengaged bool `yaml:"-" json:"disengaged,omitempty"`
	// Acted: the combatant's turn has come this round.
	Acted bool `yaml:"-" json:"acted,omitempty"`
	// Fresh: the turn under way has seen no action or movement yet (R09).
	Fresh bool `yaml:"-" json:"fresh,omitempty"`
	// Init is the initiative total.
	Init int `yaml:"-" json:"init,omitempty"`
	// Conditions (R34).
	Prone bool `yaml:"-" json:"prone,omitempty"`
	// Dazed lasts until the end of a turn; IsDazed says it is on (A19).
	Dazed   parts.Duration `yaml:"-" json:"dazed_until,omitzero"`
	IsDazed bool           `yaml:"-" json:"dazed,omitempty"`
	// Unconscious: health at 0 or below, alive (R32).
	Unconscious bool `yaml:"-" json:"unconscious,omitempty"`
	// WokeUnseen names the foes it was hidden from when healing woke it,
	// who did not see that (R36): in their views it lies unconscious
	// still, until its turn comes, an attack's damage shows whether it
	// is conscious, or it is hidden from them no more.
	WokeUnseen []string `yaml:"-" json:"woke_unseen,omitempty"`
	GrappledBy string   `yaml:"-" json:"grappled_by,omitempty"`
	Grappling  string   `yaml:"-" json:"grappling,omitempty"`
	HiddenFrom []string `yaml:"-" json:"hidden_from,omitempty"`
	// HidAt holds, in the place of each one HiddenFrom names, where the
	// combatant was when it hid from that one: where that one last saw it
	// (its view shows it there).
	HidAt     []Point `yaml:"-" json:"hid_at,omitempty"`
	Braced    bool    `yaml:"-" json:"braced,omitempty"`
	Feinting  string  `yaml:"-" json:"feinting,omitempty"`
	Surprised bool    `yaml:"-" json:"surprised,omitempty"`
	Dead      bool    `yaml:"-" json:"dead,omitempty"`
	// StyleXP is what the styles' gear beyond the free items costs (R26).
	StyleXP int `yaml:"-" json:"style_xp,omitempty"`
	// Unseen is set only in the view of a foe the combatant is hidden
	// from (see Rules.ViewInto): its health, AP, attacks, movement, Prone,
	// grapple, weapons and feint are not shown there: it stands at full
	// health with a whole round's AP, unless that foe saw it fall, and
	// the rest is blank. The fight itself never sets it.
	Unseen bool `yaml:"-" json:"unseen,omitempty"`
}

// touches reports whether item d on the ground is within touch of c, as
// a Manipulate wants (R13).
func (d *Dropped) touches(c *Combatant) bool {
	return dist(Point{d.X, d.Y}, c.pos()) <= ManipulateReach+1e-9
}

// Style is a fighting style (R26).
type Style struct {
	Name string   `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the style"`
	Rank int      `yaml:"rank" json:"rank" min:"0" max:"10" doc:"added to the style's tests"`
	Gear []string `yaml:"gear" json:"gear,omitempty" max:"10" doc:"training keys: weapon keys, partial armor, full armor, shield, unarmed fighting (at most 10)"`
}

// DiceText is a damage or healing expression as a file writes it: NdX+K,
// NdX-K, dX, or a bare number, quoted or not (damage: 10). Spec.State
// reads it into Dice.
type DiceText string

// UnmarshalText takes the expression's text, or a number's.
func (t *DiceText) UnmarshalText(b []byte) error {
	*t = DiceText(b)
	return nil
}

// JSONSchema says that the expression is text or a whole number.
func (DiceText) JSONSchema() map[string]any {
	return map[string]any{"type": []string{"string", "integer"}, "examples": []any{"1d8+1", "2d6", 10}}
}

// Dice is a damage or healing expression NdX+K.
type Dice struct {
	N     int `json:"n"`
	Sides int `json:"sides"`
	Bonus int `json:"bonus,omitempty"`
}

// Weapon is a weapon or shield.
type Weapon struct {
	Name   string   `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the item"`
	Key    string   `yaml:"key" json:"key,omitempty" doc:"the training key styles list (default the name)"`
	Kind   string   `yaml:"kind" json:"kind" required:"true" enum:"melee,ranged,thrown,shield" doc:"how it is used"`
	Hands  int      `yaml:"hands" json:"hands" min:"0" max:"2" doc:"hands it takes (default 1)"`
	Reach  float64  `yaml:"reach" json:"reach,omitempty" min:"0" max:"10" doc:"melee reach in metres (default 1)"`
	Range  float64  `yaml:"range" json:"range,omitempty" min:"0" max:"1000" doc:"range of a ranged or thrown weapon, metres"`
	Damage DiceText `yaml:"damage" json:"damage,omitempty" doc:"damage as NdX+K, or a number"`
	Type   string   `yaml:"type" json:"type,omitempty" doc:"damage type: crushing, piercing, slashing, fire, frost, shock, acid, force, necrotic, radiant, poison, psychic"`
	Heavy  bool     `yaml:"heavy" json:"heavy,omitempty" doc:"the Heavy trait (Bash)"`
	BR     int      `yaml:"br" json:"br,omitempty" min:"0" max:"50" doc:"a shield's block rating (R30)"`

	// Dice is Damage read.
	Dice Dice `yaml:"-" json:"dice"`
}

// Armor is a piece of armour (R29).
type Armor struct {
	Name      string `yaml:"name" json:"name" required:"true" doc:"what it is called"`
	Level     string `yaml:"level" json:"level" required:"true" enum:"partial,full" doc:"partial or full: the training keys partial armor and full armor"`
	Material  string `yaml:"material" json:"material,omitempty" doc:"what it is made of"`
	AR        int    `yaml:"ar" json:"ar" min:"0" max:"50" doc:"armour rating against physical damage"`
	ARMagical int    `yaml:"ar_magical" json:"ar_magical,omitempty" min:"0" max:"50" doc:"armour rating against magical damage"`
}

// Spell is a spell or ability (R37).
type Spell struct {
	Name     string   `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as commands name the spell"`
	AP       int      `yaml:"ap" json:"ap" min:"0" max:"3" doc:"its AP cost (default 1)"`
	Free     bool     `yaml:"free" json:"free,omitempty" doc:"a free action: 0 AP, at most one free action a round (R10)"`
	Reaction bool     `yaml:"reaction" json:"reaction,omitempty" doc:"usable as a reaction, in the window after anyone's action (R13, A12); not for attacks"`
	Traits   []string `yaml:"traits" json:"traits,omitempty" max:"10" doc:"attack, melee-attack, mind"`
	Range    float64  `yaml:"range" json:"range" min:"0" max:"1000" doc:"range in metres (default 1)"`
	Damage   DiceText `yaml:"damage" json:"damage,omitempty" doc:"damage NdX+K of an attack spell, or a number"`
	Heal     DiceText `yaml:"heal" json:"heal,omitempty" doc:"healing NdX+K, or a number"`
	Type     string   `yaml:"type" json:"type,omitempty" doc:"damage type"`
	Defences []string `yaml:"defences" json:"defences,omitempty" max:"10" doc:"defences allowed against it (default block and dodge; withstand for mind spells)"`

	DamageDice Dice `yaml:"-" json:"damage_dice,omitzero"`
	HealDice   Dice `yaml:"-" json:"heal_dice,omitzero"`
}

// Dropped is an item on the ground.
type Dropped struct {
	Item Weapon  `json:"item"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	// Unseen names the foes who did not see the item's last change (R36):
	// on the ground, those who did not see it let go of by one hidden
	// from them; in State.Gone, those who did not see it picked up.
	Unseen []string `json:"unseen,omitempty"`
	// By names, with Unseen, the one hidden from them who let the item go
	// or picked it up: once it is hidden from one of them no more, that
	// one sees the ground as it is (State.groundSeen).
	By string `json:"by,omitempty"`
}

// Stages of a combat roll.
const (
	StageSituation = "situation" // the GM rules cover, modifiers, awareness
	StageDefence   = "defence"   // the target chooses a defence
	StageManeuver  = "maneuver"  // the winner of a critical win chooses
	StageResist    = "resist"    // the maneuver resolves; Disarm's loser chooses a skill
	stageDice      = "dice"      // the tests are rolled
	stageDamage    = "damage"    // the damage is rolled
)

// Roll is a combat roll under way (R14-R20).
type Roll struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon,omitempty"`
	Spell    string `json:"spell,omitempty"`
	// Improv names a harmful improvised action (§6.7); Attr is then the
	// skill or attribute tested, and Mind its trait.
	Improv string `json:"improv,omitempty"`
	Mind   bool   `json:"mind,omitempty"`
	Style  string `json:"style,omitempty"`
	Attr   string `json:"attr,omitempty"`
	// Ranged and Melee say what kind of attack it is (cover, flanking).
	Ranged bool `json:"ranged,omitempty"`
	Melee  bool `json:"melee,omitempty"`
	// OA marks an opportunity attack.
	OA bool `json:"oa,omitempty"`
	// Dice and Type are the damage of the weapon or spell, as declared
	// (a thrown weapon has left the hand by the time it lands).
	Dice Dice   `json:"dice"`
	Type string `json:"type,omitempty"`
	// Untrained: the attacker wielded untrained gear as it struck (R27),
	// a thrown weapon included, which has left the hand by the roll.
	Untrained bool `json:"untrained,omitempty"`
	// Feinted: the attacker's feint against this target gives a boon.
	Feinted bool `json:"feinted,omitempty"`
	// Hidden: the attacker was hidden from the target when it attacked.
	Hidden bool `json:"hidden,omitempty"`
	// Braced: the defender used a Brace for a boon.
	Braced bool   `json:"braced,omitempty"`
	Stage  string `json:"stage"`
	// The GM's situation (§7.5b).
	Ruling
	// The defence chosen, and a parry's attribute.
	Defence string `json:"defence,omitempty"`
	DefAttr string `json:"def_attr,omitempty"`
	// Result: miss, hit, blocked, critical or negated.
	Result string `json:"result,omitempty"`
	// Winner and Loser of a critical win.
	Winner   string `json:"winner,omitempty"`
	Loser    string `json:"loser,omitempty"`
	Maneuver string `json:"maneuver,omitempty"`
	Location string `json:"location,omitempty"`
	Item     string `json:"item,omitempty"`
	// PushRuled: the GM has ruled whether a Push's way is blocked
	// (PushBlocked).
	PushRuled   bool `json:"push_ruled,omitempty"`
	PushBlocked bool `json:"push_blocked,omitempty"`
}

// Point is a position in metres.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Provoked is one reactor an action provokes, and where the provoker is
// when its opportunity attack resolves.
type Provoked struct {
	ID string `json:"id"`
	At Point  `json:"at"`
}

// Trigger kinds.
const (
	TriggerMove  = "move"
	TriggerCast  = "cast"
	TriggerStand = "stand"
)

// Trigger is an action that provokes opportunity attacks, waiting on them
// (R22).
type Trigger struct {
	Kind string `json:"kind"`
	Who  string `json:"who"`
	// To is a move's destination; Crawl says the mover set out prone.
	To    Point `json:"to,omitzero"`
	Crawl bool  `json:"crawl,omitempty"`
	// Sneak: the move is a Sneak's; its stealth is tested on arrival.
	Sneak bool `json:"sneak,omitempty"`
	// Pushed: a Push has put the mover off its path, from PushedFrom on
	// it; the move ends there (R22).
	Pushed     bool  `json:"pushed,omitempty"`
	PushedFrom Point `json:"pushed_from,omitzero"`
	// Spell and Target of a cast.
	Spell  string `json:"spell,omitempty"`
	Target string `json:"target,omitempty"`
	// Reactors lists who may make an opportunity attack, in order; Next is
	// the one asked now.
	Reactors []Provoked `json:"reactors,omitempty"`
	Next     int        `json:"next"`
}

// Window is a reaction window (A12): the combatants who may use a
// reaction spell, in initiative order, and the one asked now.
type Window struct {
	Reactors []string `json:"reactors"`
	Next     int      `json:"next"`
}

// Contest is a grapple whose resister must choose its skill (R35).
type Contest struct {
	Initiator string   `json:"initiator"`
	Resister  string   `json:"resister"`
	Test      TestRoll `json:"test"`
}

// TestRoll is one test (R01, R02): the dice drawn (none for an automatic
// result), the modifier, the net boons and what it came to.
type TestRoll struct {
	// Die is the kept d20 (0 for none); Other is the second d20 of a boon
	// or bane (0 for none).
	Die   int `json:"die,omitempty"`
	Other int `json:"other,omitempty"`
	Mod   int `json:"mod"`
	// Edge is boons minus banes.
	Edge      int  `json:"edge,omitempty"`
	Total     int  `json:"total"`
	Pass      bool `json:"pass"`
	Successes int  `json:"successes"`
	// Auto says the result was automatic: "pass" or "fail".
	Auto string `json:"auto,omitempty"`
}

// Combatant returns the combatant with id, or nil.
func (s *State) Combatant(id string) *Combatant {
	if i := s.index(id); i >= 0 {
		return &s.Combatants[i]
	}
	return nil
}

// index returns the roster index of id, or -1.
func (s *State) index(id string) int {
	for i := range s.Combatants {
		if s.Combatants[i].ID == id {
			return i
		}
	}
	return -1
}

// current returns the combatant whose turn it is, or nil.
func (s *State) current() *Combatant {
	if s.Phase != Acting || s.Turn < 0 || s.Turn >= len(s.Turns) {
		return nil
	}
	return s.Combatant(s.Turns[s.Turn])
}

// Conscious reports whether the combatant can act: health above 0 and
// alive (R32).
func (c *Combatant) Conscious() bool { return c.HP > 0 && !c.Dead }

// strOrAgi is the attribute a melee strike or a parry uses when none is
// named: str, or agi when it is higher (R14, R15).
func (c *Combatant) strOrAgi() string {
	if c.Agi > c.Str {
		return AGI
	}
	return STR
}

// attr returns the value of attribute a.
func (c *Combatant) attr(a string) int {
	switch a {
	case STR:
		return c.Str
	case AGI:
		return c.Agi
	case PER:
		return c.Per
	case INT:
		return c.Int
	case WIL:
		return c.Wil
	case CHA:
		return c.Cha
	}
	return 0
}

// skill returns the skill's rank plus its governing attribute.
func (c *Combatant) skill(name string) int { return c.Skills[name] + c.attr(skillAttribute[name]) }

// item returns the carried item called name, or nil.
func (c *Combatant) item(name string) *Weapon {
	for i := range c.Weapons {
		if c.Weapons[i].Name == name {
			return &c.Weapons[i]
		}
	}
	return nil
}

// wields reports whether the item called name is in hand.
func (c *Combatant) wields(name string) bool { return slices.Contains(c.Wield, name) }

// handsUsed counts the hands the wielded items take.
func (c *Combatant) handsUsed() int {
	n := 0
	for _, name := range c.Wield {
		if w := c.item(name); w != nil {
			n += max(w.Hands, 1)
		}
	}
	return n
}

// wielded returns the first wielded item of kind, or nil.
func (c *Combatant) wielded(kind string) *Weapon {
	for _, name := range c.Wield {
		if w := c.item(name); w != nil && w.Kind == kind {
			return w
		}
	}
	return nil
}

// shield returns the wielded shield, meleeWeapon the first wielded melee
// weapon, or nil.
func (c *Combatant) shield() *Weapon      { return c.wielded("shield") }
func (c *Combatant) meleeWeapon() *Weapon { return c.wielded("melee") }

// reach is the combatant's melee reach: the longest wielded melee weapon,
// or bare hands (R19).
func (c *Combatant) reach() float64 {
	r := UnarmedReach
	for _, name := range c.Wield {
		if w := c.item(name); w != nil && w.Kind == "melee" {
			r = max(r, w.Reach)
		}
	}
	return r
}

// heavyOrShield reports whether the combatant wields a shield or a Heavy
// weapon (Bash).
func (c *Combatant) heavyOrShield() bool {
	for _, name := range c.Wield {
		if w := c.item(name); w != nil && (w.Kind == "shield" || w.Heavy) {
			return true
		}
	}
	return false
}

// trained reports whether training key is on any of the styles (A08, A32).
func (c *Combatant) trained(key string) bool {
	for _, st := range c.Styles {
		if slices.Contains(st.Gear, key) {
			return true
		}
	}
	return false
}

// style returns the style called name, or nil.
func (c *Combatant) style(name string) *Style {
	for i := range c.Styles {
		if c.Styles[i].Name == name {
			return &c.Styles[i]
		}
	}
	return nil
}

// bestStyle returns the style to test with for an item of training key
// key ("" for none): the highest-ranked that lists it, else the highest
// ranked; nil when the combatant has none.
func (c *Combatant) bestStyle(key string) *Style {
	var best *Style
	trained := false
	for i := range c.Styles {
		st := &c.Styles[i]
		has := key != "" && slices.Contains(st.Gear, key)
		if best == nil || has && !trained || has == trained && st.Rank > best.Rank {
			best, trained = st, has
		}
	}
	return best
}

// untrainedGear reports whether a wielded weapon or shield is on none of
// the styles (R27: -2 to Fighting Style tests, once).
func (c *Combatant) untrainedGear() bool {
	for _, name := range c.Wield {
		if w := c.item(name); w != nil && !c.trained(w.key()) {
			return true
		}
	}
	return false
}

// untrainedArmor reports whether worn armour is on none of the styles
// (R27, A08: a bane).
func (c *Combatant) untrainedArmor() bool {
	for _, a := range c.Armor {
		if !c.trained(a.key()) {
			return true
		}
	}
	return false
}

// key returns the item's training key.
func (w *Weapon) key() string {
	if w.Kind == "shield" {
		return KeyShield
	}
	if w.Key != "" {
		return w.Key
	}
	return w.Name
}

// key returns the armour's training key.
func (a *Armor) key() string {
	if a.Level == "full" {
		return KeyFullArmor
	}
	return KeyPartialArmor
}

// has reports whether the spell has trait t.
func (sp *Spell) has(t string) bool { return slices.Contains(sp.Traits, t) }

// attack reports whether the spell is an attack: the Attack or Melee
// Attack trait (R11, R37).
func (sp *Spell) attack() bool { return sp.has("attack") || sp.has("melee-attack") }

// spell returns the spell called name, or nil.
func (c *Combatant) spell(name string) *Spell {
	for i := range c.Spells {
		if c.Spells[i].Name == name {
			return &c.Spells[i]
		}
	}
	return nil
}

// pos returns the combatant's position.
func (c *Combatant) pos() Point { return Point{c.X, c.Y} }

// dist is the distance between two points (R25).
func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// hiddenFrom reports whether c is hidden from id.
func (c *Combatant) hiddenFrom(id string) bool { return slices.Contains(c.HiddenFrom, id) }

// hostile reports whether a and b fight on different sides.
func hostile(a, b *Combatant) bool { return a.Side != b.Side }

// without returns ids without id, as a new slice: the state's slices are
// never changed in place, so that copies may share them.
func without(ids []string, id string) []string {
	var out []string
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}
