package reference

import "testing"

// TestWords checks the table of the command text: no mistake in it,
// every command kind written by a row, and every command read from its
// text, written back and read again as the same command.
func TestWords(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if err := words.RoundTrip(nil, "attack bob", "Attack Bob with Javelin", "feint bob",
		"defend", "dodge", "take", "continue", "stop"); err != nil {
		t.Error(err)
	}
}
