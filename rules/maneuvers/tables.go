package maneuvers

// The tables of the rules, as data: the rules read them, never a chain of
// ifs.

// Sizes lists the size categories in order, smallest first; a size's index
// is its step (A30).
var Sizes = []string{"tiny", "small", "medium", "large", "huge", "gargantuan"}

// sizeStep returns the step of size name, medium for "".
func sizeStep(name string) int {
	for i, s := range Sizes {
		if s == name {
			return i
		}
	}
	return 2
}

// sizeEffect is what R21 does to the loser's test of a sized maneuver, by
// the loser's size minus the winner's, clamped to -2..2.
type sizeEffect struct {
	autoPass, autoFail bool
	edge               int // boons (+) or banes (-)
}

// sizeMatters is the table of R21, indexed by the size difference + 2.
var sizeMatters = [5]sizeEffect{
	{autoFail: true}, // two or more smaller
	{edge: -1},       // one smaller
	{},               // same size
	{edge: 1},        // one larger
	{autoPass: true}, // two or more larger
}

// sizeEffectOf returns R21's effect for a loser of size loser against a
// winner of size winner.
func sizeEffectOf(loser, winner string) sizeEffect {
	d := max(-2, min(2, sizeStep(loser)-sizeStep(winner)))
	return sizeMatters[d+2]
}

// Cover levels (R23).
const (
	CoverNone = "none"
	CoverLow  = "low"
	CoverHigh = "high"
	CoverFull = "full"
)

// coverRow is one row of R23's table: the attack's modifier and the
// target's Dodge modifier against it; full cover fails the attack.
type coverRow struct {
	attack, dodge int
	full          bool
}

// coverTable is R23, against ranged attacks only (A23).
var coverTable = map[string]coverRow{
	CoverNone: {},
	CoverLow:  {attack: -2, dodge: 2},
	CoverHigh: {attack: -5, dodge: 5},
	CoverFull: {full: true},
}

// Attributes.
const (
	STR = "str"
	AGI = "agi"
	PER = "per"
	INT = "int"
	WIL = "wil"
	CHA = "cha"
)

// Skills the rules name.
const (
	Athletics   = "athletics"
	Acrobatics  = "acrobatics"
	Dodge       = "dodge"
	Sleight     = "sleight-of-hand"
	Stealth     = "stealth"
	Observation = "observation"
	Deception   = "deception"
	Focus       = "focus"
	Sorcery     = "sorcery"
)

// skillAttribute is the governing attribute of each skill (A06).
var skillAttribute = map[string]string{
	Athletics:   STR,
	Acrobatics:  AGI,
	Dodge:       AGI,
	Sleight:     AGI,
	Stealth:     AGI,
	Observation: PER,
	Deception:   CHA,
	Focus:       WIL,
	Sorcery:     INT,
}

// Damage groups (R28).
const (
	Physical = "physical"
	Magical  = "magical"
	Other    = "other"
)

// damageGroup maps each damage type to its group (the rules' table).
var damageGroup = map[string]string{
	"crushing": Physical, "piercing": Physical, "slashing": Physical,
	"fire": Magical, "frost": Magical, "shock": Magical,
	"acid": Other, "force": Other, "necrotic": Other, "radiant": Other, "poison": Other, "psychic": Other,
}

// Defences (R15).
const (
	Block     = "block"
	DodgeDef  = "dodge"
	Parry     = "parry"
	Withstand = "withstand"
	NoDefence = "none"
)

// defenceRow is one defence of R15's table: what it needs and when it
// is legal. Its test is defenceCheck's.
type defenceRow struct {
	name string
	// shield: only while wielding a shield.
	shield bool
	// parry: not against ranged attacks; needs a wielded melee weapon or
	// unarmed training (A13).
	parry bool
	// mind: only against spells, Mind ones (withstand).
	mind bool
}

// defenceTable is R15, in the order prompts list the defences, none last.
// Against a spell the defences its data lists are allowed (and none), so
// that a spell may allow a parry or a withstand; a spell's data allows by
// default block and dodge, and withstand too for a Mind spell.
var defenceTable = []defenceRow{
	{name: Block, shield: true},
	{name: DodgeDef},
	{name: Parry, parry: true},
	{name: Withstand, mind: true},
	{name: NoDefence},
}

// Maneuvers (R20).
const (
	Bash      = "bash"
	Brace     = "brace"
	Disarm    = "disarm"
	Feint     = "feint"
	Precision = "precision"
	Push      = "push"
	Trip      = "trip"
)

// maneuverRow is one maneuver of R20's table.
type maneuverRow struct {
	name string
	// reach: the loser must be within the winner's melee reach (R19).
	reach bool
	// sized: R21 applies to the loser's test.
	sized bool
	// skills the loser may test with, its choice when several; none for a
	// maneuver without a loser's test.
	skills []string
	// attackerOnly: only the attacker of a Strike may choose it.
	attackerOnly bool
	// shieldOrHeavy: the winner must wield a shield or a Heavy weapon.
	shieldOrHeavy bool
	// effect says what a failed test does, for people.
	effect string
}

// maneuverTable is R20, in the order prompts list the maneuvers.
var maneuverTable = []maneuverRow{
	{name: Bash, reach: true, sized: true, skills: []string{Athletics}, shieldOrHeavy: true, effect: "dazed"},
	{name: Brace, effect: "braced"},
	{name: Disarm, reach: true, sized: true, skills: []string{Athletics, Sleight}, effect: "disarmed"},
	{name: Feint, effect: "feinting"},
	{name: Precision, attackerOnly: true, effect: "maximum damage"},
	{name: Push, reach: true, sized: true, skills: []string{Athletics}, effect: "pushed 1 m"},
	{name: Trip, reach: true, sized: true, skills: []string{Acrobatics}, effect: "prone"},
}

// maneuverOf returns the row of maneuver name, or nil.
func maneuverOf(name string) *maneuverRow {
	for i := range maneuverTable {
		if maneuverTable[i].name == name {
			return &maneuverTable[i]
		}
	}
	return nil
}

// Training keys the rules name (R26).
const (
	KeyPartialArmor = "partial armor"
	KeyFullArmor    = "full armor"
	KeyShield       = "shield"
	KeyUnarmed      = "unarmed fighting"
)

// The numbers of the rules.
const (
	// APPerRound is the AP a combatant has each round (R06).
	APPerRound = 3
	// AttacksPerRound is the most Attack-trait actions a round (R11).
	AttacksPerRound = 2
	// FreeStyleItems is how many gear items a style gives free (R26).
	FreeStyleItems = 5
	// MaxStyleItems is the most gear items a style may list (R26).
	MaxStyleItems = 10
	// StyleItemXP is the XP each item beyond the free ones costs (R26).
	StyleItemXP = 25
	// FlankBonus is added to a melee attack's test against a flanked
	// target (R24).
	FlankBonus = 2
	// UntrainedPenalty is taken from Fighting Style tests while wielding
	// untrained gear (R27).
	UntrainedPenalty = 2
	// UnarmedReach is the reach of bare hands, in metres (R19).
	UnarmedReach = 1.0
	// GrappleReach is how close a grapple's target must be (R35).
	GrappleReach = 1.0
	// PushDistance is how far a Push moves its target (R20).
	PushDistance = 1.0
	// SearchRange is how far a Search finds hidden creatures (§6.9).
	SearchRange = 10.0
	// ManipulateReach is how close an object must be to Manipulate (R13).
	ManipulateReach = 1.0
)
