package vigor

import "fray/dice"

// Rolling dice (R01, R04, R06). Every die comes from the dice.Source in
// the order the rules document: the d20 first, then each bonus die with
// its burst chain right after it. Damage draws the weapon's dice, then the
// bonus dice.
//
// A roll is told how far its total matters: "cap" is the total from
// which every greater total has the same effect (an attack roll nobody
// can defend against only needs to beat the Victory Sum; damage beyond
// what the target has left changes nothing). Exact odds then follow each
// die by the classes of values that lead to different results
// (dice.RollClasses), always keeping a die's maximum apart, since it
// bursts. cap 0 reads every value. At the table every die is rolled in
// full either way.

// draw draws one die of the given sides for a running total t, reading it
// only as finely as cap needs; burst keeps the maximum a class of its own.
func draw(src dice.Source, sides, t, cap int, burst bool) int {
	if cap <= 0 {
		return src.Roll(sides)
	}
	var c dice.Classes
	if burst {
		c = dice.Cuts(sides)
	}
	if room := cap - t; room > 1 {
		c = c.Each(1, min(room-1, sides))
	}
	return dice.RollClasses(src, sides, c)
}

// bonusDice rolls n bonus dice of the given sides after a running total
// t, each burst chain drawn right after its die (R04, A03), appending the
// faces to buf. It returns the faces and the dice's sum.
func bonusDice(src dice.Source, n, sides, t, cap int, buf *[]int) ([]int, int) {
	return bonusDiceTo(src, n, sides, t, cap, 0, buf)
}

// bonusDiceTo is bonusDice for a roll whose totals below floor are all
// alike (a miss, a failure): the last die, whose value carries nothing
// forward once it does not burst, is read only by where it leaves the
// total (see lastClasses). floor 0 reads it as the others.
func bonusDiceTo(src dice.Source, n, sides, t, cap, floor int, buf *[]int) ([]int, int) {
	start := len(*buf)
	sum := 0
	for i := range n {
		for depth := 0; ; depth++ {
			first := depth == 0
			if cap <= 0 && depth > FullBurstDepth {
				cutPath(src)
			}
			var v int
			switch {
			case !first && cap > 0 && t+sum >= cap:
				// A die that only carries on a burst once the total is
				// past what matters changes nothing, not even whether
				// the roll burst: exact odds read it as one class, and
				// follow the chain no further.
				v = dice.RollClasses(src, sides, 0)
			case floor > 0 && i == n-1:
				v = dice.RollClasses(src, sides, lastClasses(sides, floor-t-sum, span(cap, t+sum), true))
			default:
				v = draw(src, sides, t+sum, cap, true)
			}
			*buf = append(*buf, v)
			sum += v
			if v != sides {
				break
			}
		}
	}
	if len(*buf) == start {
		return nil, sum
	}
	return (*buf)[start:len(*buf):len(*buf)], sum
}

// span is how much of a die's value counts after a running total t: up to
// cap − t (at least 1, everything alike past the cap), or all of it (0)
// when there is no cap.
func span(cap, t int) int {
	if cap <= 0 {
		return 0
	}
	return max(cap-t, 1)
}

// lastClasses are the classes of the last die of a roll read by where it
// leaves the total: values below lo alike (a miss), each value from lo up
// to hi−1 apart, values from hi up alike (hi 0: no such bound), and with
// burst the maximum apart.
func lastClasses(sides, lo, hi int, burst bool) dice.Classes {
	var c dice.Classes
	if burst {
		c = dice.Cuts(sides)
	}
	if lo > 1 {
		c = c.Cut(lo)
	}
	from, to := max(lo, 1), sides
	if hi > 0 {
		to = min(hi-1, sides)
	}
	if to >= from {
		c = c.Each(from, to)
	}
	return c
}

// FullBurstDepth is how many bursts in a row exact odds follow on a die
// whose every value counts (cap 0: an attack the target may answer with
// a Defense that has bonus dice of its own, an initiative roll): deeper
// chains, a chance of 1 in sides^4 a die, are left out and reported as
// not covered. Rolling for a table or a simulation is never cut.
const FullBurstDepth = 3

// cutPath ends the current dice path of exact odds, whose enumerating
// source (a dice.ClassRoller) stops any path drawing more dice than its
// limit and reports the path's probability as not covered: it draws dice
// read as one class, each certain, until that happens. Any other source
// is left alone.
func cutPath(src dice.Source) {
	cr, ok := src.(dice.ClassRoller)
	if !ok {
		return
	}
	for range 1 << 16 {
		cr.RollClasses(2, 0)
	}
}

// actionRoll is a roll of the action d20 and n bonus dice of rank r (R01).
func actionRoll(src dice.Source, n, r, cap int, buf *[]int) Roll {
	return checkRoll(src, n, r, cap, 0, buf)
}

// checkRoll is actionRoll for a roll whose totals below floor are all
// alike (see bonusDiceTo); floor = cap reads it as a check, reaching cap
// or not.
func checkRoll(src dice.Source, n, r, cap, floor int, buf *[]int) Roll {
	sides := Ladder[r].Sides
	roll := Roll{Count: n, Sides: sides}
	if floor > 0 && n == 0 {
		roll.D20 = dice.RollClasses(src, 20, lastClasses(20, floor, span(cap, 0), false))
	} else {
		roll.D20 = draw(src, 20, 0, cap, false)
	}
	var sum int
	roll.Dice, sum = bonusDiceTo(src, n, sides, roll.D20, cap, floor, buf)
	roll.Total = roll.D20 + sum
	return roll
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
