package dice

import "math/bits"

// Classes divides the faces of a die into runs of consecutive values that
// the rules read alike: "d10 against 7" has two classes, 1-6 and 7-10. Bit v
// set (2 <= v <= 63) means a class starts at v; the first class always
// starts at 1. Bits beyond the die's sides are ignored, so one Classes
// value serves dice of any size. The zero value is one class: the rules
// never look at the die.
//
// Classes let exact odds follow a die only as far as the rules tell its
// values apart: Enumerate runs one path per class, weighted by the class's
// size, instead of one per value. See RollClasses.
type Classes uint64

// EveryValue makes every face a class of its own: the die is read in full.
const EveryValue Classes = ^Classes(0)

// maxClassSides is the largest die Classes can divide; larger dice are
// always read in full.
const maxClassSides = 63

// Cuts returns the classes that start at each of the values given: Cuts(7)
// is "below 7" and "7 or more", Cuts(4, 10) is 1-3, 4-9 and 10. Values
// below 2 or above 63 start nothing (1 always starts a class).
func Cuts(values ...int) Classes {
	var c Classes
	for _, v := range values {
		c = c.Cut(v)
	}
	return c
}

// Cut returns c with a class starting at v as well; v below 2 or above 63
// adds nothing.
func (c Classes) Cut(v int) Classes {
	if uint(v-2) > maxClassSides-2 {
		return c
	}
	return c | 1<<uint(v)
}

// Each returns c with every value from lo to hi a class of its own: the
// rules read those values one by one (a damage die, a total they keep).
func (c Classes) Each(lo, hi int) Classes {
	// The cuts at lo to hi+1 that Cut keeps: 2 to 63.
	lo, hi = max(lo, 2), min(hi, maxClassSides-1)+1
	if lo > hi {
		return c
	}
	return c | (2<<uint(hi)-1)&^(1<<uint(lo)-1)
}

// of returns the classes of a die of the given sides in a canonical form:
// only the bits of values 2..sides, and every value apart for dice too big
// to divide.
func (c Classes) of(sides int) Classes {
	if sides > maxClassSides {
		return EveryValue
	}
	return c & (Classes(1)<<uint(sides+1) - 1) &^ 3
}

// span returns the class of a die of the given sides that starts at lo: its
// last value.
func (c Classes) span(sides, lo int) (hi int) {
	if sides > maxClassSides {
		return lo
	}
	rest := c.of(sides) >> uint(lo+1) // the cuts after lo
	if rest == 0 {
		return sides
	}
	return lo + bits.TrailingZeros64(uint64(rest))
}

// Count returns how many classes a die of the given sides has.
func (c Classes) Count(sides int) int {
	if sides > maxClassSides {
		return sides
	}
	return 1 + bits.OnesCount64(uint64(c.of(sides)))
}

// ClassRoller is a Source that can follow a die by its classes. Enumerate's
// sources are: they return the lowest value of a class and run the rest of
// the path once for the whole class, with the class's probability. Sources
// that roll dice for a table are not, and need not be.
type ClassRoller interface {
	Source
	// RollClasses draws a die of the given sides read only through the
	// class of c it falls in, and returns a value of that class.
	RollClasses(sides int, c Classes) int
}

// RollClasses draws a die of the given sides from src, for rules that read
// it only through which class of c it falls in. From a Source that rolls
// dice (PCG, Crypto, a Script, a Recorder) it is exactly src.Roll(sides):
// the same value, the same draw from the stream. From a ClassRoller, the
// enumerating source of exact odds, it may return any value of the class,
// standing for all of them.
//
// So the rules that use it must do the same whatever value of a class they
// are given, save for recording the value itself (in an event or the
// state, for the table to see), which nothing may then read beyond its
// class: the same further dice, the same events otherwise, the same state,
// the same outcome. A class that hides a difference makes exact
// odds wrong; a finer class than needed only costs time. Cuts at the
// thresholds a check compares the die against, and Each for the values a
// total carries forward, are the usual ways to say it.
//
// The sources that roll dice for simulations (*PCG, *Counted) are told
// apart first, by their concrete types, and drawn from without an
// interface call.
func RollClasses(src Source, sides int, c Classes) int {
	switch s := src.(type) {
	case *Counted:
		s.Drawn++
		return s.PCG.Roll(sides)
	case *PCG:
		return s.Roll(sides)
	case ClassRoller:
		return s.RollClasses(sides, c)
	}
	return src.Roll(sides)
}
