package blackpowder

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"fray/dice"
	"fray/engine"
)

// TestRawCommandsMatchEncodingJSON checks the fast command JSON against
// engine.MarshalKinded and Rules.DecodeCommand: the same bytes written, the
// same command read, for plain values and for ones that need escaping or
// exponents (which take the slow path).
func TestRawCommandsMatchEncodingJSON(t *testing.T) {
	cmds := []Command{
		&Attack{Target: "thug1"}, &Attack{Target: "x", Weapon: "knife", Part: 3, Modifier: -2},
		&Attack{Target: "a<b"}, &Attack{Target: "é"}, &Attack{Target: `q"uote`}, &Attack{},
		&Move{X: 1.5, Y: -0.25}, &Move{}, &Run{X: 1e-7, Y: 3e21}, &Withdraw{X: 12.34, Y: math.Copysign(0, -1)},
		&Reload{}, &Revive{Target: "markus", Skill: "medicine"}, &UseItem{Item: "salve"}, &UseItem{Item: "salve", Target: "b"},
		&Pass{}, &Dodge{}, &Draw{Weapon: "knife"},
	}
	src := dice.Seeded(3)
	for range 300 {
		v := float64(src.Roll(20001)-10001) / float64(src.Roll(1000))
		cmds = append(cmds, &Move{X: v, Y: v / 7}, &Attack{Target: "t", Part: src.Roll(5), Modifier: src.Roll(11) - 6})
	}
	for _, c := range cmds {
		want, err := engine.MarshalKinded(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := encodeCommand(c)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("encodeCommand(%#v) = %s, %v; want %s", c, got, err, want)
		}
		back, err := decodeCommand(want)
		slow, slowErr := Rules{}.DecodeCommand(want)
		if err != nil || slowErr != nil || !reflect.DeepEqual(back, slow) {
			t.Errorf("decodeCommand(%s) = %#v, %v; want %#v, %v", want, back, err, slow, slowErr)
		}
	}
	// What the fast reader does not take exactly falls to the slow one,
	// errors and all.
	for _, raw := range []string{
		`{"kind":"attack","target":"a","target":"b"}`, `{"kind":"attack","bogus":1}`, `{"kind":"move","x":1.50}`,
		`{"kind": "reload"}`, `{"kind":"attack","target":"a\u0041"}`, `{"kind":"nope"}`, `{"kind":"attack","part":1.5}`,
	} {
		fast, fastErr := decodeCommand([]byte(raw))
		slow, slowErr := Rules{}.DecodeCommand([]byte(raw))
		if !reflect.DeepEqual(fast, slow) || (fastErr == nil) != (slowErr == nil) {
			t.Errorf("decodeCommand(%s) = %#v, %v; Rules.DecodeCommand gives %#v, %v", raw, fast, fastErr, slow, slowErr)
		}
	}
}
