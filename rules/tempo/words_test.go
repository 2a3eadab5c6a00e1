package tempo_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/tempo"
)

// TestWordsUsageOfWeaponlessActions checks that an action whose
// declaration names no weapon is refused "with" by its words, and that its
// usage in the refusal does not offer one.
func TestWordsUsageOfWeaponlessActions(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"move 1,0 with sword", `move takes no "with": move X,Y [X,Y ...] [mod N]`},
		{"escape with sword", `escape takes no "with": escape [mod N]`},
		{"combat-move bob 1,0 with sword", `combat-move takes no "with": combat-move OPPONENT X,Y [mod N]`},
		{"ready with sword", `ready takes no "with"`},
		{"withdraw with sword", `withdraw takes no "with"`},
		{"pin bob with sword", `pin takes no "with"`},
		{"move", "move needs more: move X,Y [X,Y ...] [mod N]"},
	} {
		_, err := tempo.Rules{}.ParseCommand(nil, "ann", tt.text)
		if engine.CodeOf(err) != engine.Invalid || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCommand(%q): %v, want a refusal saying %q", tt.text, err, tt.want)
		}
	}
	for _, text := range []string{"attack bob with sword mod 1", "aim with shortbow", "disarm with sword", "punch bob", "escape mod -1", "move 1,0 mod 2"} {
		if _, err := (tempo.Rules{}).ParseCommand(nil, "ann", text); err != nil {
			t.Errorf("ParseCommand(%q): %v", text, err)
		}
	}
}
