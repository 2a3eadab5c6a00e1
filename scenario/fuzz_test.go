package scenario_test

import (
	"errors"
	"os"
	"testing"

	"fray/scenario"
)

// FuzzParseEncounter checks that any input gives a table or problems, and
// never a panic.
func FuzzParseEncounter(f *testing.F) {
	for _, name := range []string{"testdata/duel.yaml", "testdata/inline.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("ruleset: reference\nuse: reference_skirmish\ncombatants: [{use: markus, weapons: [{use: laser}]}, {use: loop}]\n"))
	f.Add([]byte("ruleset: reference\ntitle: &t x\nsides: [{id: a, <<: {name: x}}, {id: *t}]\n"))
	reg := registry(&testing.T{})
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := scenario.ParseEncounter(reg, "f.yaml", data)
		if (tb == nil) == (err == nil) {
			t.Fatalf("table %v with error %v", tb, err)
		}
		if err != nil {
			for _, e := range leaves(err) {
				if _, ok := errors.AsType[*scenario.Problem](e); !ok {
					t.Fatalf("%v is a %T, not a *scenario.Problem", e, e)
				}
			}
		}
	})
}

// leaves flattens joined errors.
func leaves(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leaves(e)...)
		}
		return out
	}
	return []error{err}
}
