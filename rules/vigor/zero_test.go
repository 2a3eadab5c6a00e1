package vigor_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/vigor"
	"fray/scenario"
)

// TestExplicitZeroRefused: a count whose default stands in for 0 (actions
// a turn, reach, damage value, the farthest range, an ability's or item's
// actions, an item's uses) is refused when given as 0, rather than read
// as its default.
func TestExplicitZeroRefused(t *testing.T) {
	reg, err := engine.NewRegistry(vigor.Info())
	if err != nil {
		t.Fatal(err)
	}
	_, err = scenario.ParseEncounter(reg, "zero.yaml", []byte(`ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {id: ann, side: a, vigor: 5, durability: 5, health: 5, actions: 0, reach_ft: 0, abilities: [{name: cut, actions: 0}], items: [{name: salve, health: 1d4, uses: 0, actions: 0}]}
  - {id: bob, side: b, vigor: 5, durability: 5, health: 5, weapons: [{name: axe, damage: 0, reach_ft: 0}, {name: bow, category: bow, range_ft: 30, max_range_ft: 0}]}
`))
	for _, want := range []string{
		"combatants[0].actions: 0 is fewer than the minimum 1",
		"combatants[0].reach_ft: 0 is fewer than the minimum 1",
		"combatants[0].abilities[0].actions: 0 is fewer than the minimum 1",
		"combatants[0].items[0].uses: 0 is fewer than the minimum 1",
		"combatants[0].items[0].actions: 0 is fewer than the minimum 1",
		"combatants[1].weapons[0].damage: 0 is fewer than the minimum 1",
		"combatants[1].weapons[0].reach_ft: 0 is fewer than the minimum 1",
		"combatants[1].weapons[1].max_range_ft: 0 is fewer than the minimum 1",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v; want it to say %q", err, want)
		}
	}
}
