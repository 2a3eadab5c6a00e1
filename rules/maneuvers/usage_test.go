package maneuvers_test

import (
	"strings"
	"testing"

	"fray/rules/maneuvers"
)

// TestImprovisedUsageNamesSkill checks that the usage a refusal of an
// improvised action or of the GM's ruling on one shows names what its
// "with" takes: a skill, not a weapon.
func TestImprovisedUsageNamesSkill(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"improvise", "improvise NAME [at TARGET] [with SKILL]"},
		{"harmless with", "harmless [with SKILL]"},
		{"harmful with", "harmful [melee] [mind] [with SKILL] [damage NdX+K] [type TYPE]"},
	} {
		_, err := maneuvers.Rules{}.ParseCommand(nil, "ann", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "WEAPON") {
			t.Errorf("ParseCommand(%q): %v, want a usage saying %q", tt.text, err, tt.want)
		}
	}
}
