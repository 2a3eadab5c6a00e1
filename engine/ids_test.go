package engine_test

import (
	"errors"
	"strings"
	"testing"

	"fray/engine"
)

func TestCheckID(t *testing.T) {
	for _, id := range []string{"bob", "thug1", "man_at_arms", "bone-shield", "7", "a", strings.Repeat("x", engine.MaxIDLength), "alley_fight-3f9c01ab"} {
		if err := engine.CheckID(id); err != nil {
			t.Errorf("CheckID(%q) = %v, want nil", id, err)
		}
	}
	for id, want := range map[string]string{
		"":            `an empty id`,
		"Bob":         `the id "Bob" has upper-case letters; commands read ids in lower case, so write "bob"`,
		"GM":          `the id "GM" has upper-case letters; an id is lower-case letters`,
		"gm":          `the id "gm" is the game master's; choose another`,
		"with":        `the id "with" is a word of the command text; choose another`,
		"defense-mod": `the id "defense-mod" is a word of the command text`,
		"bob\x1b[2J":  `the id "bob\x1b[2J" has the control character '\x1b', which ids may not hold`,
		"bob\x00":     `the id "bob\x00" has the control character '\x00'`,
		"bob smith":   `the id "bob smith" has a space or line break ' '`,
		"a,b":         `the id "a,b" has the character ','`,
		"../etc":      `the id "../etc" has the character '.'`,
		"-x":          `the id "-x" starts with '-'`,
		"café":        `the id "café" has the character '\u00e9'`,
		"bob\xff":     `the id "bob\xff" has a byte that is not UTF-8`,
		strings.Repeat("x", engine.MaxIDLength+1): `the id "` + strings.Repeat("x", engine.MaxExcerpt) + `…" (65 bytes) is too long: at most 64 bytes`,
	} {
		err := engine.CheckID(id)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckID(%q) = %v, want an error with %q", id, err, want)
		}
	}
	if err := engine.CheckID("parry", "parry"); err == nil {
		t.Error("CheckID with an extra reserved word accepts it")
	}
	long := strings.Repeat("\x1b", 100_000)
	if err := engine.CheckID(long); err == nil || len(err.Error()) > 300 {
		t.Errorf("CheckID of 100 KB: an error of %d bytes, want a short one", len(err.Error()))
	}
}

func TestQuoteIsAnExcerpt(t *testing.T) {
	for in, want := range map[string]string{
		"bob":                        `"bob"`,
		"a\x1b[31mred":               `"a\x1b[31mred"`,
		strings.Repeat("é", 1000):    `"` + strings.Repeat("é", engine.MaxExcerpt/2) + `…" (2000 bytes)`,
		strings.Repeat("x", 500_000): `"` + strings.Repeat("x", engine.MaxExcerpt) + `…" (500000 bytes)`,
	} {
		if got := engine.Quote(in); got != want {
			t.Errorf("Quote(%.20q) = %s, want %s", in, got, want)
		}
	}
}

func TestClipBoundsAMessage(t *testing.T) {
	if got := engine.Clip("plain\nmessage"); got != "plain\nmessage" {
		t.Errorf("Clip changed a plain message: %q", got)
	}
	if got, want := engine.Clip("a\x1b[2Jb\x07"), `a\x1b[2Jb\a`; got != want {
		t.Errorf("Clip = %q, want %q", got, want)
	}
	long := strings.Repeat("y", 500_000)
	if got, want := engine.Clip(`unknown group "`+long+`"; groups: "a", "b"`), `unknown group "`+strings.Repeat("y", engine.MaxExcerpt)+`…" (500000 bytes); groups: "a", "b"`; got != want {
		t.Errorf("Clip of a long quoted string = %.200q, want %q", got, want)
	}
	// An excerpt Quote made is kept as it is, not cut again with a second
	// length after the first.
	quoted := "unknown field " + engine.Quote(long) + " here"
	if got := engine.Clip(quoted); got != quoted {
		t.Errorf("Clip of a message quoting an excerpt = %q, want it unchanged, %q", got, quoted)
	}
	multi := "in " + engine.Quote(strings.Repeat("é", 100)) + " and " + engine.Quote(strings.Repeat("z", 49))
	if got := engine.Clip(multi); got != multi {
		t.Errorf("Clip of a message quoting excerpts = %q, want it unchanged, %q", got, multi)
	}
	got := engine.Clip(strings.Repeat("x", 500_000))
	if want := strings.Repeat("x", engine.MaxMessage) + "… (498000 bytes more)"; got != want {
		t.Errorf("Clip of 500 KB = %.40q... (%d bytes), want %d bytes", got, len(got), len(want))
	}
}

// TestCheckRoster checks the ids of a started fight: the reference
// ruleset refuses "gm" itself, but not upper case or control characters,
// which the engine's check catches for it.
func TestCheckRoster(t *testing.T) {
	s := bundled(t, "reference_melee")
	if err := engine.CheckRoster(newTable(s)); err != nil {
		t.Fatalf("a bundled encounter: %v", err)
	}
	s.Combatants[0].ID = "Ann"
	s.Combatants[1].ID = "b\x1bb"
	s.Combatants[1].Side = "gm"
	err := engine.CheckRoster(newTable(s))
	ids := strings.Split(err.Error(), "\n")
	want := []string{
		`combatant "Ann": the id "Ann" has upper-case letters; commands read ids in lower case, so write "ann"`,
		`combatant "b\x1bb": the id "b\x1bb" has the control character '\x1b', which ids may not hold: an id is lower-case letters, digits, '-' and '_'`,
		`side "gm": the id "gm" is the game master's; choose another`,
	}
	if strings.Join(ids, "\n") != strings.Join(want, "\n") {
		t.Errorf("CheckRoster:\n%s\nwant:\n%s", strings.Join(ids, "\n"), strings.Join(want, "\n"))
	}
	var ie *engine.IDError
	if !errors.As(err, &ie) || ie.ID != "Ann" || ie.Of != "combatant" {
		t.Errorf("CheckRoster's first error is %#v, want an *IDError for Ann", ie)
	}
}
