package dice

import (
	"errors"
	"fmt"
)

// Forced is one result in a Script. Sides, when not zero, is the die size the
// result is meant for; drawing a different size is then an error, which
// catches scripts that have fallen out of step with the rules.
type Forced struct {
	Sides int `json:"sides,omitempty"`
	Value int `json:"value"`
}

// String formats a forced result as "d10=7", or "7" when any size will do.
func (f Forced) String() string {
	if f.Sides == 0 {
		return fmt.Sprint(f.Value)
	}
	return fmt.Sprintf("d%d=%d", f.Sides, f.Value)
}

// Script is a Source that returns forced results in draw order: the dice of a
// scenario file, or the physical dice a table rolled and typed in.
//
// A Script that runs dry, or whose next result does not fit the die drawn,
// stops the computation drawing from it. Call such computations through Run,
// which turns the stop into a *NeedError or *ScriptError.
type Script struct {
	forced []Forced
	next   int
}

// NewScript returns a Script of plain results that fit any die size.
func NewScript(values ...int) *Script {
	s := &Script{}
	s.Add(values...)
	return s
}

// NewScriptOf returns a Script of the given forced results.
func NewScriptOf(forced ...Forced) *Script {
	return &Script{forced: append([]Forced(nil), forced...)}
}

// Add appends plain results to the end of the script, for dice rolled after a
// NeedError.
func (s *Script) Add(values ...int) {
	for _, v := range values {
		s.forced = append(s.forced, Forced{Value: v})
	}
}

// Roll returns the next forced result.
func (s *Script) Roll(sides int) int {
	checkSides(sides)
	if s.next >= len(s.forced) {
		panic(stop{&NeedError{Sides: sides, Drawn: s.next}})
	}
	f := s.forced[s.next]
	if (f.Sides != 0 && f.Sides != sides) || f.Value < 1 || f.Value > sides {
		panic(stop{&ScriptError{Index: s.next, Forced: f, Sides: sides}})
	}
	s.next++
	return f.Value
}

// Drawn reports how many results have been used.
func (s *Script) Drawn() int { return s.next }

// Unused returns the results not drawn yet, in order.
func (s *Script) Unused() []Forced { return append([]Forced(nil), s.forced[s.next:]...) }

// Rewind makes the script start again from its first result; a computation
// that failed with a NeedError can be retried after Add.
func (s *Script) Rewind() { s.next = 0 }

// NeedError reports that a Script ran out: the computation needs another die
// of the given size before it can go on.
type NeedError struct {
	Sides int // size of the die needed next
	Drawn int // results already used from the script
}

func (e *NeedError) Error() string {
	return fmt.Sprintf("need 1d%d (the forced dice ran out after %d)", e.Sides, e.Drawn)
}

// ScriptError reports a forced result that does not fit the die drawn.
type ScriptError struct {
	Index  int    // position of the result in the script, from 0
	Forced Forced // the result
	Sides  int    // size of the die actually drawn
}

func (e *ScriptError) Error() string {
	if e.Forced.Sides != 0 && e.Forced.Sides != e.Sides {
		return fmt.Sprintf("forced die %d is %s but a d%d was drawn", e.Index+1, e.Forced, e.Sides)
	}
	return fmt.Sprintf("forced die %d is %d, which a d%d cannot show", e.Index+1, e.Forced.Value, e.Sides)
}

// stop carries an error out of a computation that is drawing dice, from the
// Source that cannot go on to the Run or Enumerate that called it.
type stop struct{ err error }

func (s stop) Error() string {
	return "dice: a Source stopped outside dice.Run: " + s.err.Error()
}

func (s stop) Unwrap() error { return s.err }

// Run calls f and returns its error. If a Source used by f cannot go on (a
// Script that ran dry or does not fit), Run returns that Source's error
// instead: a *NeedError or *ScriptError, which errors.As finds. Any state f
// built before the stop should be discarded.
func Run(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stop)
			if !ok {
				panic(r)
			}
			err = s.err
		}
	}()
	return f()
}

// IsNeed reports whether err says more dice are needed, and which.
func IsNeed(err error) (*NeedError, bool) {
	var n *NeedError
	ok := errors.As(err, &n)
	return n, ok
}
