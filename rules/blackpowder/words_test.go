package blackpowder

import "testing"

// TestWords checks the table of the command text: no mistake in it,
// every command kind written by a row, and every command read from its
// text, written back and read again as the same command.
func TestWords(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if err := words.RoundTrip(nil,
		"initiative", "attack thug", "Attack Thug with Pistol part 3 mod -2", "aim thug with musket part 5 mod 1",
		"dodge", "parry", "take", "critical", "no-critical", "pass", "delay", "draw fists", "reload", "fix",
		"revive markus with medicine", "move 1.5 -2", "run 3 4", "withdraw 0 0", "move 1e3 0.25",
		"opportunity-attack", "decline", "interrupt attack thug", "after reload",
		"interrupt with beatrix attack thug with club", "interrupt after move 1 2", "fire-early",
		"hold thug", "release", "hide", "search", "stun thug with club", "stun thug", "assist beatrix",
		"escape", "stand", "done", "end-fight", "end-fight thugs", "ruling safe", "ruling unsafe",
		"ruling mod -3", "ruling mod 0", "check body athletics vs 7", "check wits", "do blow the horn",
		"use salve on markus", "use salve", "repair markus", "rest long", "rest short markus beatrix",
		"heal markus beatrix", "throw thug with club", "strike thug part 3", "interrupt strike thug",
	); err != nil {
		t.Error(err)
	}
}

// TestWordsWrite checks the text of commands no words read: an interrupt
// that names no action and a ruling that rules nothing.
func TestWordsWrite(t *testing.T) {
	zero := 0
	for _, tt := range []struct {
		c    Command
		want string
	}{
		{&Interrupt{}, "interrupt ?"},
		{&Interrupt{After: true}, "after ?"},
		{&Interrupt{With: "beatrix"}, "interrupt with beatrix ?"},
		{&Ruling{}, "ruling"},
		{&Ruling{Modifier: &zero}, "ruling mod 0"},
		{&Move{X: -0.5, Y: 1e6}, "move -0.5 1000000"},
		{nil, ""},
	} {
		if got := words.Format(tt.c); got != tt.want {
			t.Errorf("%#v is written %q, want %q", tt.c, got, tt.want)
		}
	}
}
