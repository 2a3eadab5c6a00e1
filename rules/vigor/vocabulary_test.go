package vigor_test

import (
	"testing"

	"fray/engine/enginetest"
	"fray/rules/vigor"
)

// vocabularyState is the fixed state the documented vocabulary's examples
// are described in: ann and cy against bob, and a door.
func vocabularyState(t *testing.T) vigor.State {
	t.Helper()
	return load(t, "vocabulary.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a}
  - {use: brute, id: bob, side: b, x: 5}
  - {use: medic, id: cy, side: a, x: -5}
  - {id: door, side: b, object: true, vigor: 0, durability: 10, x: 0, y: -5}
`)
}

// TestVocabulary checks the transcript lines documented in
// docs/rules/vigor.md against the ruleset's own.
func TestVocabulary(t *testing.T) {
	s := vocabularyState(t)
	enginetest.Vocabulary(t, vigor.Rules{}, &s, "../../docs/rules/vigor.md")
}
