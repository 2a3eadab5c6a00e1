package vigor

import "slices"

// The tables of the rules, as data: the rank ladder, sizes, visibility,
// cover, damage types and attack categories. The rules look numbers up
// here and never spell them out in chains of ifs.

// ladder is the rank ladder shared by bonus dice, weapon and armour
// quality and superior Durability (R02, R29, R32): index 0 is a d4, 5 a
// d20.
var ladder = [...]struct {
	Sides int
	Name  string
}{
	{4, "feeble"},
	{6, "lesser"},
	{8, "ordinary"},
	{10, "heroic"},
	{12, "epic"},
	{20, "legendary"},
}

// BaseRank is the bonus-die rank with no Charges, Challenges or Wounded:
// a d10 (A39).
const BaseRank = 3

// RankSides returns the sides of the die at rank r of the ladder (0 a
// d4, 5 a d20), clamped to the ladder.
func RankSides(r int) int {
	return ladder[min(max(r, 0), len(ladder)-1)].Sides
}

// rankOf returns the ladder index of a quality name, or -1.
func rankOf(name string) int {
	for i, r := range ladder {
		if r.Name == name {
			return i
		}
	}
	return -1
}

// rankOfSides returns the ladder index of a die size ("d10" → 3), or -1.
func rankOfSides(die string) int {
	sides, ok := dieSides(die)
	if !ok {
		return -1
	}
	for i, r := range ladder {
		if r.Sides == sides {
			return i
		}
	}
	return -1
}

// dieSides reads the sides of a die written "d" and a number ("d10" →
// 10): decimal digits with no sign and no leading zero. It reads without
// building strings, for the hot path.
func dieSides(die string) (int, bool) {
	if len(die) < 2 || len(die) > 6 || die[0] != 'd' || die[1] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range []byte(die[1:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// Rank is R02: the shared rank of a roll's bonus dice, from the base,
// Charges, Challenges and Wounded, netted first and then clamped to the
// ladder (A04).
func Rank(base, charges, challenges int, wounded bool) int {
	r := base + charges - challenges
	if wounded {
		r--
	}
	return min(max(r, 0), len(ladder)-1)
}

// sizes are the size categories, smallest first (R25). Their index is
// what the size modifier compares.
var sizes = []string{"tiny", "small", "medium", "large", "huge", "massive", "colossal"}

// SizeGuardPerStep is the Guard a smaller target gains per size category
// the attacker is larger by (R25).
const SizeGuardPerStep = 5

// sizeIndex returns the index of a size, medium for "".
func sizeIndex(size string) int {
	if i := slices.Index(sizes, size); i >= 0 {
		return i
	}
	return 2
}

// VisibilityRow is one row of the visibility table (R45): what it does to
// ranged attacks.
type VisibilityRow struct {
	// VisionFt is how far one sees (the lower bound of the rules' range):
	// a hidden target beyond it cannot be found (A14).
	VisionFt int
	// MaxRangeFt bounds ranged attacks (0: no bound).
	MaxRangeFt int
	// VS is added to the Victory Sum of ranged attacks.
	VS int
	// PointBlankFree: the VS penalty does not apply within point blank
	// (A14).
	PointBlankFree bool
}

// visibilityTable is the visibility table (R45), by the scene's visibility.
var visibilityTable = map[string]VisibilityRow{
	"normal":  {VisionFt: 800},
	"reduced": {VisionFt: 70, MaxRangeFt: 300, VS: 5},
	"low":     {VisionFt: 30, MaxRangeFt: 150, VS: 10},
	"zero":    {VisionFt: 5, MaxRangeFt: 30, VS: 15, PointBlankFree: true},
}

// PointBlankFt is the distance in feet below which an attack is point
// blank: 3 m, about 9.84 ft, so at most 9 ft on the grid (A14).
const PointBlankFt = 3 / 0.3048

// CoverRow is one row of the cover table (R46): what cover gives against
// ranged attacks.
type CoverRow struct {
	// Guard is added to the Guard.
	Guard int `yaml:"guard" json:"guard,omitempty" min:"-100" max:"100" doc:"added to the Guard against ranged attacks"`
	// AR is added to the Armor Rank; only for sturdy cover when
	// SturdyOnly.
	AR         int  `yaml:"ar" json:"ar,omitempty" min:"0" max:"1000" doc:"added to the Armor Rank against ranged attacks"`
	SturdyOnly bool `yaml:"sturdy_only" json:"sturdy_only,omitempty" doc:"the Armor Rank only for cover marked sturdy"`
	// VsArea: the cover also counts against area attacks (A13).
	VsArea bool `yaml:"vs_area" json:"vs_area,omitempty" doc:"it counts against area attacks too"`
}

// coverTable is the cover table (R46), transcribed as the rules give it (light
// cover's Guard is the highest: spec §4 item 3).
var coverTable = map[string]CoverRow{
	"none":    {},
	"light":   {Guard: 10},
	"partial": {Guard: 3, AR: 5, VsArea: true},
	"full":    {Guard: 5, AR: 10, SturdyOnly: true, VsArea: true},
}

// RestRow is one row of the rest table (R42, ours; A32: the rules give
// no rates): what a rest of that length gives everyone who takes it.
type RestRow struct {
	// Rounds is how long it lasts, in rounds of 15 seconds: the Shock
	// timers of those not stabilized run meanwhile (A09).
	Rounds int `yaml:"rounds" json:"rounds" min:"0" max:"100000" doc:"how long it lasts, in rounds of 15 seconds: a Shock timer that is not stopped runs out in it"`
	// Vigor and Mana: to the maximum.
	Vigor bool `yaml:"vigor" json:"vigor,omitempty" doc:"Vigor back to its maximum"`
	Mana  bool `yaml:"mana" json:"mana,omitempty" doc:"Mana back to its maximum"`
	// Durability: to the maximum, unless Wounded.
	Durability bool `yaml:"durability" json:"durability,omitempty" doc:"Durability back to its maximum, unless Wounded"`
	// Health: a fifth of Stamina (at least HealthMin); once Health is
	// full, Durability to the maximum too, which ends Wounded.
	Health    bool `yaml:"health" json:"health,omitempty" doc:"Health gains a fifth of Stamina, at least 1; once Health is full, Durability is back to its maximum too, which ends Wounded"`
	HealthMin int  `yaml:"health_min" json:"health_min,omitempty" min:"0" max:"1000" doc:"the least Health gained (default 1)"`
}

// restTable is the rest table (R42): a minute's rest restores Vigor; an
// hour's, Durability too unless Wounded; a night's (8 hours), Health by
// a fifth of Stamina (at least 1), Mana, and Durability even when Wounded
// once Health is full.
var restTable = map[string]RestRow{
	"minute": {Rounds: 4, Vigor: true},
	"hour":   {Rounds: 240, Vigor: true, Durability: true},
	"night":  {Rounds: 1920, Vigor: true, Durability: true, Health: true, HealthMin: 1, Mana: true},
}

// restWords are the other words for the rests' lengths.
var restWords = map[string]string{"1m": "minute", "1min": "minute", "short": "minute", "1h": "hour", "8h": "night", "long": "night", "sleep": "night"}

// TypeRow is what a damage type does beyond what armour protects against
// (R28).
type TypeRow struct {
	// LivingOnly: it harms only living creatures.
	LivingOnly bool
	// NoWear: armour that stops it takes no wear.
	NoWear bool
}

// typeRow is the row of a canonical damage type (see damageType): only
// toxic damage does more than others (R28), harming only the living and
// wearing no armour. A switch rather than a map: every hit asks.
func typeRow(t string) TypeRow {
	if t == "toxic" {
		return TypeRow{LivingOnly: true, NoWear: true}
	}
	return TypeRow{}
}

// damageTypeNames are the thirteen damage types of R28 (kinetic the
// default), then the rules' other words for some of them, as an enum.
const damageTypeNames = "kinetic,thermal,cold,electrical,radiation,chemical,sonic,toxic,umbral,entropic,crystal,aetheric,lucent,physical,harmonic,necrotic"

// damageType returns the canonical damage type of a name, kinetic for "",
// the rules' other words for damage types read as the types they name
// (spec §4 item 4, A25, A26). A switch rather than a map: every hit asks.
func damageType(name string) string {
	switch name {
	case "", "physical":
		return "kinetic"
	case "harmonic":
		return "crystal"
	case "necrotic":
		return "umbral"
	}
	return name
}

// Category is what kind of attack a weapon makes: whether it is ranged
// and which abilities give its attack and damage bonus dice (R22, R27).
type Category struct {
	Ranged        bool
	AttackAbility string
	DamageAbility string
}

// categoryOf is the attack-category table (R22, R27, A23): the kind of
// attack a weapon of the named category makes. Unarmed and natural attacks
// are melee's kind, as is a weapon that names none.
func categoryOf(name string) Category {
	switch name {
	case "pull_bow", "bow", "thrown":
		return Category{Ranged: true, AttackAbility: "agility", DamageAbility: "strength"}
	case "crossbow", "modern", "magic_projectile":
		return Category{Ranged: true, AttackAbility: "agility", DamageAbility: "skill"}
	case "spell":
		return Category{Ranged: true, AttackAbility: "soul"}
	case "technique":
		return Category{AttackAbility: "speed"}
	}
	return Category{AttackAbility: "agility", DamageAbility: "strength"} // unarmed, melee, natural
}

// abilityList names the ability scores, for messages.
const abilityList = "strength, agility, speed, stamina, skill, reason, resolve, soul"

// isAbility reports whether name is an ability score.
func isAbility(name string) bool {
	switch name {
	case "strength", "agility", "speed", "stamina", "skill", "reason", "resolve", "soul":
		return true
	}
	return false
}

// DiceOfScore is A01: an ability score's bonus dice,
// max(0, floor((score-10)/5)).
func DiceOfScore(score int) int {
	if score <= 10 {
		return 0
	}
	return (score - 10) / 5
}

// The costs and numbers of the rules.
const (
	// DefenseCost is the Vigor a Defense costs (R21), DefendingCost while
	// Defending (R13).
	DefenseCost   = 5
	DefendingCost = 3
	// OpeningCost is the Vigor of Take Opening (R20) and of a readied
	// action (A20).
	OpeningCost = 5
	// OffHandCost is the Vigor of an off-hand attack (R12), which takes
	// OffHandChallenges on its attack and damage dice.
	OffHandCost       = 8
	OffHandChallenges = 2
	// WindedUntil is the Vigor at which Winded ends (R38).
	WindedUntil = 5
	// BaseGuard is G0 without armour or abilities (R23).
	BaseGuard = 15
	// AidVS and StabilizeVS are the Victory Sums of emergency aid and
	// stabilizing (R18, R36); DefaultVS that of other checks (A38).
	AidVS       = 20
	StabilizeVS = 20
	DefaultVS   = 15
	// AidActions is how many actions emergency aid takes (R18); the heal
	// is a d10 (not a bonus die).
	AidActions = 2
	AidHealDie = 10
	// DefaultReachFt is the reach of every size unless data says otherwise
	// (A16), AdjacentFt the distance of adjacency (R43).
	DefaultReachFt = 6
	AdjacentFt     = 6
	// SpaceFt is the least distance between two creatures standing
	// (R43; ours): the rules count at most eight creatures adjacent to
	// one, within AdjacentFt, and 5 ft is the least spacing in whole feet
	// that keeps it so, measured either way (A17): 4 ft apart on the
	// Chebyshev grid, a dozen fit around one.
	SpaceFt = 5
)
