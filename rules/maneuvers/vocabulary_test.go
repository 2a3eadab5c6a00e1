package maneuvers_test

import (
	"testing"

	"fray/engine/enginetest"
)

// TestVocabulary checks the transcript lines documented in
// docs/rules/maneuvers.md against the ruleset's own, in a fixed state: the
// bundled skirmish.
func TestVocabulary(t *testing.T) {
	s := bundled(t, "maneuvers_skirmish")
	enginetest.Vocabulary(t, maneuversRules, &s, "../../docs/rules/maneuvers.md")
}
