package tempo

import "testing"

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
