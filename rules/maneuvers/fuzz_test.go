package maneuvers

import (
	"reflect"
	"testing"
)

// FuzzParseCommand checks that any text either is refused or reads as a
// command that writes back to text reading as the same command.
func FuzzParseCommand(f *testing.F) {
	for _, seed := range []string{"strike bob with sword style fencer using agi", "move 1.5,-2", "sneak 3,4",
		"situation unaware cover low mod -2 edge 1", "parry using str", "disarm sword", "precision head", "begin a",
		"cast bolt at bob", "resist athletics", "way-blocked", "draw dagger", "move 1e400,2", "strike"} {
		f.Add(seed)
	}
	r := Rules{}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := r.ParseCommand(nil, "ann", text)
		if err != nil {
			return
		}
		again, err := r.ParseCommand(nil, "ann", r.FormatCommand(c))
		if err != nil {
			t.Fatalf("%q reads as %#v, written %q, which is refused: %v", text, c, r.FormatCommand(c), err)
		}
		if !reflect.DeepEqual(c, again) {
			t.Fatalf("%q reads as %#v, written %q, read back as %#v", text, c, r.FormatCommand(c), again)
		}
	})
}

// FuzzParseDice checks that damage expressions are read or refused
// without panicking, within their bounds.
func FuzzParseDice(f *testing.F) {
	for _, seed := range []string{"2d6+1", "d8", "10", "1d4-1", "0d6", "3d", "x", "-5"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		d, err := parseDice(text)
		if err == nil && (d.N < 0 || d.N > 50 || d.N > 0 && (d.Sides < 1 || d.Sides > 1000)) {
			t.Fatalf("%q read as %+v", text, d)
		}
	})
}
