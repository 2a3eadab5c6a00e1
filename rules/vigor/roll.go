package vigor

import (
	"strconv"
	"strings"

	"fray/dice"
)

// Rolling dice (R01, R04, R06). Every die comes from the dice.Source in
// the order the rules document: the d20 first, then each bonus die with
// its burst chain right after it. Damage draws the weapon's dice, then the
// bonus dice.
//
// The rules read a roll only through its total and whether a bonus die
// burst, so a roll is a dice.Pool: at the table and in a simulation every
// die is drawn and recorded as it falls; exact odds draw the roll whole,
// one path per total the rules tell apart, with its exact probability. A
// roll is told how far its total matters: "cap" is the total from which
// every greater total has the same effect (an attack roll nobody can
// defend against only needs to beat the Victory Sum; damage beyond what
// the target has left changes nothing), "floor" the total below which
// every total has (a miss, a failure). cap 0 reads every total.

// BurstDepth is how many bursts in a row exact odds follow on a bonus die
// of the given sides whose every value counts (a roll without a cap: an
// attack the target may answer with a Defense that has bonus dice of its
// own, an initiative roll): enough that a longer chain, left out and
// reported as not covered, has a chance of at most one in 10^7 a die
// (d4: 11 bursts, d6: 8, d8: 7, d10 and d12: 6, d20: 5). With a cap every
// chain is followed as far as it matters, exactly. Rolling for a table or
// a simulation is never cut.
func BurstDepth(sides int) int {
	depth, chance := 0, sides
	for chance < 10_000_000 {
		depth++
		chance *= sides
	}
	return depth
}

// roll rolls plain dice of plainSides, then n bonus dice of the given
// sides with their bursts, read up to cap from floor, appending the faces
// to buf. It returns the plain dice's faces, the bonus dice's and the
// total.
func roll(src dice.Source, plain, plainSides, n, sides, cap, floor int, buf *[]int) (faces, bonus []int, total int) {
	start := len(*buf)
	*buf, total = dice.RollPool(src, dice.Pool{Plain: plain, PlainSides: plainSides, Burst: n, BurstSides: sides, Floor: floor, Cap: cap, Depth: BurstDepth(sides)}, *buf)
	all := (*buf)[start:len(*buf):len(*buf)]
	if len(all) > plain {
		bonus = all[plain:]
	}
	return all[:plain:plain], bonus, total
}

// checkRoll is a roll of the action d20 and n bonus dice of rank r (R01),
// read up to cap, whose totals below floor are all alike: floor = cap
// reads it as a check, reaching cap or not.
func checkRoll(src dice.Source, n, r, cap, floor int, buf *[]int) Roll {
	sides := ladder[r].Sides
	d20, bonus, total := roll(src, 1, 20, n, sides, cap, floor, buf)
	return Roll{Count: n, Sides: sides, D20: d20[0], Dice: bonus, Total: total}
}

// beats is the success test of R01 and A02: the total must beat the
// Victory Sum, or equal it with the vs_tie_succeeds option.
func (s *State) beats(total, vs int) bool {
	if s.Options.VSTieSucceeds {
		return total >= vs
	}
	return total > vs
}

// need is the cap of a roll against vs: the least total that succeeds.
func (s *State) need(vs int) int {
	if s.Options.VSTieSucceeds {
		return max(vs, 1)
	}
	return max(vs+1, 1)
}

// Mods are the situational modifiers of a roll the GM or a player states
// with it (§6 "any roll"): extra bonus dice, Charges and Challenges.
type Mods struct {
	Dice       int `json:"dice,omitempty"`
	Charges    int `json:"charges,omitempty"`
	Challenges int `json:"challenges,omitempty"`
}

// Roll is one roll of the rules (R01): an action d20 (0 for a damage
// roll) and bonus dice of one size, each die's burst chain right after
// it (R04, R06).
type Roll struct {
	D20 int `json:"d20,omitempty"`
	// Count is how many bonus dice were rolled (bursts not counted), Sides
	// their size.
	Count int `json:"count,omitempty"`
	Sides int `json:"sides,omitempty"`
	// Dice are the bonus dice's faces in draw order, bursts included.
	Dice  []int `json:"dice,omitempty"`
	Total int   `json:"total"`
}

// Bursts counts the bonus dice that burst.
func (r *Roll) Bursts() int {
	n := 0
	for _, d := range r.Dice {
		if d == r.Sides {
			n++
		}
	}
	return n
}

// String writes a roll as the transcript shows it: "d20=12 + 2d8 [8! 1, 2]
// = 23", a burst marked with "!" and its chain joined with "+".
func (r Roll) String() string {
	var b strings.Builder
	if r.D20 > 0 {
		b.WriteString("d20=" + strconv.Itoa(r.D20))
	}
	if r.Count > 0 {
		if b.Len() > 0 {
			b.WriteString(" + ")
		}
		b.WriteString(r.dice())
	}
	b.WriteString(" = " + strconv.Itoa(r.Total))
	return b.String()
}

// dice writes the bonus dice: "2d8 [8!+1, 2]".
func (r Roll) dice() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.Count) + "d" + strconv.Itoa(r.Sides) + " [")
	chain := false
	for i, v := range r.Dice {
		switch {
		case i == 0:
		case chain:
			b.WriteString("+")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(v))
		chain = v == r.Sides
		if chain {
			b.WriteString("!")
		}
	}
	b.WriteString("]")
	return b.String()
}

// dice is A01: the bonus dice an ability score gives, by the table of
// the ability_dice option or else a die per 5 points above 10.
func (s *State) dice(score int) int {
	if t := s.Options.AbilityDice; len(t) > 0 {
		n := 0
		for n < len(t) && score >= t[n] {
			n++
		}
		return n
	}
	return DiceOfScore(score)
}
