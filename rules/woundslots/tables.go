package woundslots

import "fray/rules/parts"

// The tables of the rules, as data. Each is indexed so that reading it is
// one lookup; the rules never branch over their rows.

// Wound levels, by index (the spec's level index).
const (
	NoWound  = 0
	Light    = 1
	Moderate = 2
	Severe   = 3
	Critical = 4
	Fatal    = 5
)

// levelNames names the wound levels by index.
var levelNames = [...]string{"none", "light", "moderate", "severe", "critical", "fatal"}

// LevelName names wound level l ("none" through "fatal").
func LevelName(l int) string {
	if l < 0 || l >= len(levelNames) {
		return "none"
	}
	return levelNames[l]
}

// woundThresholds is R06: the least final value of each level from light
// up (index 0 is light).
var woundThresholds = parts.Ladder{0, 2, 4, 6, 8}

// WoundLevel is R06: the wound level a final value gives, none below 0.
func WoundLevel(final int) int { return woundThresholds.Rung(final) }

// slotsByVit is R15: the moderate, severe and critical slots of a PC or
// special NPC by Vitality from -5 to 5.
var slotsByVit = [11][3]int{
	{1, 1, 0}, {1, 1, 1}, {2, 1, 1}, {2, 2, 1}, {3, 2, 1}, {3, 2, 2},
	{3, 3, 2}, {4, 3, 2}, {4, 3, 3}, {4, 4, 3}, {5, 4, 3},
}

// npcSlots is R17: the moderate, severe and critical slots each of an NPC
// of a tier that is not special.
var npcSlots = map[string]int{"minion": 1, "standard": 2, "elite": 3}

// apTable is R23 by Speed from -10 to 10: AP gained at round start, at the
// end of one's own turn, and the most one may hold.
var apTable = [21]struct{ RoundStart, TurnEnd, Max int }{
	{2, 1, 5}, {2, 1, 5}, {2, 2, 6}, {3, 2, 7}, {3, 2, 8}, {3, 3, 9}, {4, 3, 10},
	{4, 4, 12}, {5, 4, 14}, {5, 5, 16}, {6, 6, 18}, {7, 7, 21}, {8, 8, 24},
	{9, 9, 27}, {11, 10, 31}, {12, 12, 36}, {14, 14, 41}, {16, 16, 48},
	{18, 18, 55}, {21, 21, 63}, {24, 24, 72},
}

// apRow returns the R23 row of a Speed, clamped to the table (A13).
func apRow(speed int) struct{ RoundStart, TurnEnd, Max int } {
	return apTable[clamp(speed, -10, 10)+10]
}

// MoveRate is R33: the movement rate for S = Str + Size + Athletics; n AP
// of movement give floor(n*rate/4) yards. Rows of four values of S from
// -29 up step the rate by one; past 70 the formula goes on (A13).
func MoveRate(s int) int {
	switch {
	case s <= -30:
		return 0
	case s > 70:
		return 8 + floorDiv(s+1, 4)
	}
	return 1 + floorDiv(s+29, 4)
}

// terrainCosts is R37: what each yard costs in a kind of terrain; the
// costs of several kinds in one place multiply.
var terrainCosts = map[string]int{
	"steep_hill":      2,
	"knee_water":      2,
	"mud":             2,
	"undergrowth":     3,
	"swimming":        3,
	"waist_water":     4,
	"vertical_climb":  4,
	"underwater_walk": 10,
}

// terrainAliases are other names of R37's kinds of terrain, as its table
// words them.
var terrainAliases = map[string]string{
	"hill": "steep_hill", "steep": "steep_hill", "climbing_a_steep_hill": "steep_hill",
	"knee_high_water": "knee_water", "knee-high_water": "knee_water", "wading_knee_high": "knee_water",
	"waist_high_water": "waist_water", "waist-high_water": "waist_water", "wading_waist_high": "waist_water",
	"thick_undergrowth": "undergrowth", "swim": "swimming", "water": "swimming",
	"climb": "vertical_climb", "vertical": "vertical_climb", "wall": "vertical_climb",
	"underwater": "underwater_walk", "walking_underwater": "underwater_walk",
}

// postureMods is R10 for a target's posture: melee and ranged modifiers.
var postureMods = map[string][2]int{
	Standing:  {0, 0},
	Crouching: {2, -2},
	Prone:     {3, -3},
}

// coverMods is R10 for a target's cover: melee and ranged modifiers.
var coverMods = map[string][2]int{
	"":        {0, 0},
	"quarter": {0, -1},
	"half":    {-2, -2},
	"three":   {-3, -3},
	"slit":    {-5, -5},
}

// FlankBonus is R10/R11: added to every attack on a flanked target.
const FlankBonus = 2

// RearBonus is R12: added to attacks by a creature the target ignores,
// double the flanking bonus and in its place (the seed: rear attacks
// "gain double the normal flanking bonus").
const RearBonus = 4

// actionCosts is A05: the AP each action costs by default.
var actionCosts = map[string]int{
	Standard:    4,
	Quick:       3,
	Strong:      6,
	Nonlethal:   4,
	"defend":    2,
	"seize":     4,
	"posture":   2,
	"dash":      2,
	"harry":     2,
	"rebuff":    4,
	"stabilize": 4,
	"treat":     8,
	"mount":     4,
	"calm":      8,
	"hinder":    4,
	"pin":       4,
	"escape":    4,
	"cling":     2,
	"ready":     1,
	"interpose": 2,
	"opening":   4,
	"drag":      4,
	"enter":     2,
	"surface":   4,
	"end":       2,
	Grapple:     4,
}

// objectCosts is R66: the AP of using an object; others cost their own or
// the GM's (default 2, section 6).
var objectCosts = map[string]int{
	"door":   2,
	"torch":  2,
	"potion": 4,
	"bell":   6,
	"fire":   8,
}

// WakeRounds is A09's 10 minutes between wake checks, in rounds (R22).
const WakeRounds = 40

// DefaultObjectCost is section 6's default for an object no table lists.
const DefaultObjectCost = 2

// treatTN is R65 and recoveryTN R72, by wound level from light (index 0).
var (
	treatTN    = [...]int{-3, 0, 3, 6, 9}
	recoveryTN = parts.Ladder{-8, -5, -1, 4, 10}
)

// NoKitPenalty is what healing without a kit in hand takes (R63-R65, R71).
const NoKitPenalty = 5

// MaxLongRests is how many long rests a day give their benefits (R68).
const MaxLongRests = 2

// MaxIncrements is A24: a ranged weapon reaches at most this many range
// increments, each beyond the first taking RangePenalty from the roll.
const (
	MaxIncrements = 5
	RangePenalty  = 2
)

// clamp bounds v to lo..hi.
func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

// floorDiv divides rounding toward minus infinity, as the rules do.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
