package vigor

import "testing"

// TestWords checks the table of the command text: no mistake in it,
// every command kind written by a row, and every command read from its
// text, written back and read again as the same command.
func TestWords(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if err := words.RoundTrip(nil, "initiative", "initiative ann+2 bob+0", "roll initiative bob+1",
		"attack bob", "attack bob with axe offhand cy dice 1 charges 2 challenges 1", "defend", "move 10,0", "move to (10, 5)",
		"escape", "escape to 5 5", "ready bob", "ready bob with bow", "aid bob vs 15", "stabilize bob dice 1", "stabilise bob",
		"check athletics vs 12 challenges 1", "resist bob might vs 10", "roll", "roll from behind dice 2", "roll lost",
		"use cleave on bob offhand cy charges 1", "use potion", "stand", "stand up", "end", "end turn", "dodge", "deflect", "block",
		"defense", "take", "take the hit", "take the opening", "take with sword", "strike", "strike with sword", "pass", "decline",
		"rest night", "rest hour ann bob", "done", "end-fight", "end-fight red", "yes", "no"); err != nil {
		t.Error(err)
	}
}
