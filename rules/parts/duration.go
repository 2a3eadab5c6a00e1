package parts

import (
	"fmt"

	"fray/engine"
)

// Boundary is a moment of a fight at which effects run out: the start or
// end of a turn or of a round.
type Boundary uint8

// The boundaries.
const (
	TurnStart Boundary = iota + 1
	TurnEnd
	RoundStart
	RoundEnd
)

var boundaryNames = [...]string{TurnStart: "turn_start", TurnEnd: "turn_end", RoundStart: "round_start", RoundEnd: "round_end"}

// String names the boundary as JSON writes it.
func (b Boundary) String() string {
	if int(b) < len(boundaryNames) && boundaryNames[b] != "" {
		return boundaryNames[b]
	}
	return fmt.Sprintf("Boundary(%d)", b)
}

// MarshalText writes the boundary's name.
func (b Boundary) MarshalText() ([]byte, error) {
	if int(b) >= len(boundaryNames) || boundaryNames[b] == "" {
		return nil, fmt.Errorf("no boundary %d", b)
	}
	return []byte(boundaryNames[b]), nil
}

// UnmarshalText reads a boundary's name.
func (b *Boundary) UnmarshalText(text []byte) error {
	for i, name := range boundaryNames {
		if name != "" && name == string(text) {
			*b = Boundary(i)
			return nil
		}
	}
	return fmt.Errorf("unknown boundary %s (known: turn_start, turn_end, round_start, round_end)", engine.Quote(string(text)))
}

// Duration is how long an effect lasts: until the Count-th boundary of
// kind Until still to come, counting for a turn boundary only the turns of
// Whose. The zero Duration has run out, and a Duration that runs out
// becomes the zero Duration, so that an effect's state is its Duration.
type Duration struct {
	Until Boundary `json:"until"`
	Whose string   `json:"whose,omitempty"`
	Count int      `json:"count"`
}

// Until returns the duration that runs out at the n-th boundary b to come
// (of whose turn, for a turn boundary; "" for a round boundary).
func Until(b Boundary, whose string, n int) Duration {
	return Duration{Until: b, Whose: whose, Count: n}
}

// Pass records that boundary b has come, in whose turn for a turn
// boundary, and reports whether the duration has run out at it. A
// boundary of another kind, or another's turn, changes nothing.
func (d *Duration) Pass(b Boundary, whose string) (ranOut bool) {
	if d.Count <= 0 {
		return false // it ran out before
	}
	if b != d.Until || (b == TurnStart || b == TurnEnd) && whose != d.Whose {
		return false
	}
	d.Count--
	if d.Count > 0 {
		return false
	}
	*d = Duration{}
	return true
}

// Over reports whether the duration has run out.
func (d Duration) Over() bool { return d.Count <= 0 }

// String says how long is left, as in "until the end of ann's turn" or
// "until the start of the round after next".
func (d Duration) String() string {
	if d.Over() {
		return "over"
	}
	edge, unit := "start", "round"
	if d.Until == TurnEnd || d.Until == RoundEnd {
		edge = "end"
	}
	if d.Until == TurnStart || d.Until == TurnEnd {
		unit = d.Whose + "'s turn"
		if d.Count == 1 {
			return "until the " + edge + " of " + unit
		}
		return fmt.Sprintf("until the %s of %s %d times", edge, unit, d.Count)
	}
	switch d.Count {
	case 1:
		return "until the " + edge + " of the round"
	case 2:
		return "until the " + edge + " of the round after next"
	}
	return fmt.Sprintf("until the %s of the %d-th round to come", edge, d.Count)
}

// RoundsRunOut reports whether something lasting rounds whole rounds from
// round since, that round counting as the first, has run out by the end
// of round; 0 rounds lasts until something ends it.
func RoundsRunOut(since, rounds, round int) bool {
	return rounds > 0 && since+rounds-1 <= round
}
