package tempo

import (
	"strings"
	"testing"
)

// TestRuleSlots checks that every action of the master table has a slot
// of its own in ruleSlots, so that the checks never look a rule up in the
// map, and that rules finds each action's rule and none for an unknown one.
func TestRuleSlots(t *testing.T) {
	for a, r := range ruleTable {
		if got := ruleSlots[ruleSlot(a)]; got != r {
			t.Errorf("%s shares its slot %d: it is looked up in the map", a, ruleSlot(a))
		}
		if rules(a) != r {
			t.Errorf("rules(%q) is not the table's rule", a)
		}
	}
	for _, a := range []Action{"", "x", "no such action"} {
		if rules(a) != nil {
			t.Errorf("rules(%q) found a rule", a)
		}
	}
}

// TestCombatantByID checks that a combatant is found by its own id string
// and by an equal string stored elsewhere, and that an unknown id finds
// none.
func TestCombatantByID(t *testing.T) {
	s := State{Combatants: []Combatant{{ID: "ann"}, {ID: "bob"}, {ID: "cid"}}}
	for i := range s.Combatants {
		id := s.Combatants[i].ID
		if got := s.combatant(id); got != &s.Combatants[i] {
			t.Errorf("combatant(%q) by its own string found %v", id, got)
		}
		if got := s.combatant(strings.Clone(id)); got != &s.Combatants[i] {
			t.Errorf("combatant(%q) by a copy found %v", id, got)
		}
	}
	if got := s.combatant("dan"); got != nil {
		t.Errorf("combatant(dan) found %v", got)
	}
}
