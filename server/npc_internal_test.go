package server

import (
	"encoding/json"
	"strings"
	"testing"

	"fray/engine"
)

// TestBand: a combatant's condition band from its sheet, in each way a
// ruleset's sheet says how hurt it is.
func TestBand(t *testing.T) {
	life := func(name string, v, max int, conds ...string) engine.Sheet {
		sh := engine.Sheet{Numbers: []engine.Number{{Name: "AP", Value: 0, Max: 12}, {Name: name, Value: v, Max: max}}}
		for _, c := range conds {
			sh.Suffers(c, "")
		}
		return sh
	}
	wounds := func(filled ...int) engine.Sheet {
		sh := engine.Sheet{}
		for i, l := range []string{"light", "moderate", "severe", "critical", "fatal"} {
			sh.Numbers = append(sh.Numbers, engine.Number{Name: l + " wounds", Value: filled[i], Max: 6 - i})
		}
		return sh
	}
	vigor := engine.Sheet{Numbers: []engine.Number{{Name: "Vigor", Value: 20, Max: 24}, {Name: "Durability", Value: 0, Max: 12}, {Name: "Health", Value: 4, Max: 10}}}
	for _, tc := range []struct {
		sheet engine.Sheet
		want  string
	}{
		{life("LP", 10, 10), "unhurt"},
		{life("LP", 5, 10), "hurt"},
		{life("LP", 4, 10), "badly hurt"},
		{life("HP", 0, 18), "down"},
		{life("health", 12, 12, "on-guard"), "unhurt"},
		{life("health", 3, 12, "down"), "down"},
		{life("health", -2, 12, "dead"), "dead"},
		{life("LP", 6, 10, "unconscious"), "down"},
		{vigor, "badly hurt"},
		{wounds(0, 0, 0, 0, 0), "unhurt"},
		{wounds(2, 1, 0, 0, 0), "hurt"},
		{wounds(6, 4, 1, 0, 0), "badly hurt"},
		{wounds(6, 4, 3, 2, 1), "down"},
	} {
		if got := band(tc.sheet); got != tc.want {
			t.Errorf("band of %+v: %q, want %q", tc.sheet, got, tc.want)
		}
	}
}

// TestCast: who is a player character, to a player and to the GM's list
// of seats, in a state that marks combatants pc, one that marks a group
// players, and one that marks nobody.
func TestCast(t *testing.T) {
	for _, tc := range []struct {
		name, state string
		// toAlice is who is a player character to Alice's player; toGM
		// as the GM lists the seats.
		toAlice, toGM string
	}{
		{"combatants marked pc",
			`{"combatants":[{"id":"alice","side":"a","pc":true},{"id":"bob","side":"a","pc":true},{"id":"orc","side":"b"},{"id":"hireling","side":"a"}]}`,
			"alice bob", "alice bob"},
		{"a players' group",
			`{"groups":[{"id":"heroes","players":true},{"id":"thugs"}],"combatants":[{"id":"thug","group":"thugs"},{"id":"alice","group":"heroes"},{"id":"bob","group":"heroes"}]}`,
			"alice bob", "alice bob"},
		{"no marks",
			`{"combatants":[{"id":"alice","side":"red"},{"id":"bob","side":"red"},{"id":"carol","side":"blue"}]}`,
			"alice bob", "alice bob carol"},
	} {
		c, err := castOf(json.RawMessage(tc.state))
		if err != nil {
			t.Fatal(err)
		}
		var toAlice, toGM []string
		for _, id := range c.ids {
			if c.playerCharacter(id, "alice") {
				toAlice = append(toAlice, id)
			}
			if c.anyonesCharacter(id) {
				toGM = append(toGM, id)
			}
		}
		if strings.Join(toAlice, " ") != tc.toAlice || strings.Join(toGM, " ") != tc.toGM {
			t.Errorf("%s: player characters to Alice %q (want %q), to the GM %q (want %q)", tc.name, toAlice, tc.toAlice, toGM, tc.toGM)
		}
	}
}
