package parts_test

import (
	"errors"
	"strings"
	"testing"

	"fray/rules/parts"
)

var testGrammar = parts.NewGrammar([]parts.Keyword{parts.With, parts.Mod, {Word: "part", Value: "N", Number: true}},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
	parts.Verb{Name: "move", Args: "X,Y [X,Y ...]", Min: 1, Many: true},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "heal", Args: "HEALER PATIENT", Min: 2},
	parts.Verb{Name: "end", Keywords: []string{"mod"}, Hint: "end the turn"},
	parts.Verb{Name: "interrupt", Args: "COMMAND", Rest: true},
	parts.Verb{Name: "skill", Keywords: []string{"with"}, Values: map[string]string{"with": "SKILL"}},
	parts.Verb{Name: "go", Args: "[to] X,Y"},
)

func TestGrammarParses(t *testing.T) {
	for _, tt := range []struct {
		text string
		want parts.Phrase
	}{
		{"attack bob", parts.Phrase{Verb: "attack", Args: []string{"bob"}}},
		{"  Attack  BOB with Axe mod -2 ", parts.Phrase{Verb: "attack", Args: []string{"bob"}, Options: [][2]string{{"with", "axe"}, {"mod", "-2"}}}},
		{"attack with axe bob part 3", parts.Phrase{Verb: "attack", Args: []string{"bob"}, Options: [][2]string{{"with", "axe"}, {"part", "3"}}}},
		{"move 1,2 3,4 5,6", parts.Phrase{Verb: "move", Args: []string{"1,2", "3,4", "5,6"}}},
		{"pass", parts.Phrase{Verb: "pass"}},
		{"interrupt attack bob with axe", parts.Phrase{Verb: "interrupt", Args: []string{"attack bob with axe"}}},
		{"interrupt attack bob mod 1 mod 2", parts.Phrase{Verb: "interrupt", Args: []string{"attack bob mod 1 mod 2"}}},
		{"attack\tbob\u00a0mod\t+2", parts.Phrase{Verb: "attack", Args: []string{"bob"}, Options: [][2]string{{"mod", "+2"}}}},
		{"go to 1,2", parts.Phrase{Verb: "go", Args: []string{"to", "1,2"}}},
	} {
		got, err := testGrammar.Parse(tt.text)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.text, err)
			continue
		}
		if got.String() != tt.want.String() || len(got.Args) != len(tt.want.Args) {
			t.Errorf("Parse(%q) = %q %v, want %q", tt.text, got.String(), got.Args, tt.want.String())
		}
	}
}

func TestGrammarRefuses(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"", "empty command"},
		{"dance", `unknown command "dance" (known: attack, move, pass, heal, end, interrupt, skill, go)`},
		{"attack", "attack needs more: attack TARGET [with WEAPON] [part N] [mod N]"},
		{"attack bob cy", `unknown attack option "cy": attack TARGET [with WEAPON] [part N] [mod N]`},
		{"interrupt", "interrupt what? interrupt COMMAND"},
		{"attack bob mod", `"mod" needs a value: attack TARGET`},
		{"attack bob mod two", `mod takes a number, not "two"`},
		{"pass now", `"pass" takes nothing after it`},
		{"heal ann bob cy", `too many words after heal, from "cy": heal HEALER PATIENT`},
		{"end 3", `unknown end option "3": end [mod N] (end the turn)`},
		{"end with axe", `end takes no "with": end [mod N] (end the turn)`},
		{"move 1,2 with axe", `move takes no "with": move X,Y [X,Y ...]`},
		{"attack bob mod 2 mod 3", `"mod" is given twice: attack TARGET [with WEAPON] [part N] [mod N]`},
		{"attack bob with axe mod 1 with club", `"with" is given twice`},
		{"attack bob with mod 2", `"with" needs a value: attack TARGET`},
		{"attack bob mod 1.5", `mod takes a number, not "1.5"`},
		{"attack bob mod 1000001", `mod 1000001 is out of range`},
		{"skill with", `"with" needs a value: skill [with SKILL]`},
	} {
		_, err := testGrammar.Parse(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want an error saying %q", tt.text, err, tt.want)
		}
	}
}

func TestPhraseWritesWhatParseReads(t *testing.T) {
	p := parts.Say("attack", "bob", "").Opt("with", "axe").Opt("with", "").Num("part", 3).Num("mod", 0)
	if got := p.String(); got != "attack bob with axe part 3" {
		t.Fatalf("String() = %q", got)
	}
	back, err := testGrammar.Parse(p.String())
	if err != nil {
		t.Fatal(err)
	}
	if back.Arg(0) != "bob" || back.Arg(1) != "" || back.Word("with") != "axe" || back.Int("part") != 3 || back.Int("mod") != 0 || back.Has("mod") || !back.Has("part") {
		t.Errorf("read back as %+v", back)
	}
}

func TestGrammarTableMistakes(t *testing.T) {
	if err := testGrammar.Err(); err != nil {
		t.Fatalf("a good table: %v", err)
	}
	bad := parts.NewGrammar([]parts.Keyword{parts.Mod, parts.Mod},
		parts.Verb{Name: "hit", Keywords: []string{"with"}}, parts.Verb{Name: "hit"},
		parts.Verb{Name: "cast", Values: map[string]string{"mod": "SKILL"}})
	err := bad.Err()
	for _, want := range []string{`keyword "mod" is empty or given twice`, `verb "hit" takes keyword "with", which is not given`, `verb "hit" is empty or given twice`,
		`verb "cast" names the value of keyword "mod", which it does not take`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Err() = %v, want it to say %q", err, want)
		}
	}
	if got := testGrammar.Usage("nothing"); got != "" {
		t.Errorf("Usage of an unknown verb = %q", got)
	}
	if got := strings.Join(testGrammar.Verbs(), " "); got != "attack move pass heal end interrupt skill go" {
		t.Errorf("Verbs() = %q", got)
	}
}

// TestGrammarErrorsQuoteExcerpts checks that an error quotes at most an
// excerpt of what was typed, escaped.
func TestGrammarErrorsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("z", 100_000)
	for _, text := range []string{
		long,
		"attack bob mod " + long,
		"attack bob mod 1" + long,
		"attack bob " + long,
		"pass " + long,
		"heal a b " + long,
		"attack\x1b[2J",
	} {
		_, err := testGrammar.Parse(text)
		if err == nil || len(err.Error()) > 300 || strings.ContainsAny(err.Error(), "\x1b") {
			t.Errorf("Parse(%.30q...): %d bytes: %.300q", text, len(err.Error()), err)
		}
	}
	if _, err := parts.ParseCell(long); err == nil || len(err.Error()) > 200 {
		t.Errorf("ParseCell: %v", err)
	}
}

// TestGrammarErrorsSayWhere checks that a refusal says which word of the
// text it stopped at: the second of a keyword given twice, not the first.
func TestGrammarErrorsSayWhere(t *testing.T) {
	for _, tt := range []struct{ text, at string }{
		{"attack bob mod 2 mod 3", "attack bob mod 2 ^mod^ 3"},
		{"attack bob MOD 3  mod 3", "attack bob MOD 3  ^mod^ 3"},
		{"attack bob cy", "attack bob ^cy^"},
		{"attack bob mod two", "attack bob mod ^two^"},
		{"end with axe", "end ^with^ axe"},
		{"dance now", "^dance^ now"},
		{"attack", "^attack^"},
		{"\u00a0attack bob mod", "\u00a0attack bob ^mod^"},
	} {
		_, err := testGrammar.Parse(tt.text)
		se, ok := errors.AsType[*parts.SyntaxError](err)
		if !ok {
			t.Errorf("Parse(%q): %v, not a SyntaxError", tt.text, err)
			continue
		}
		if got := tt.text[:se.At] + "^" + tt.text[se.At:se.End] + "^" + tt.text[se.End:]; got != tt.at {
			t.Errorf("Parse(%q) stops at %q, want %q", tt.text, got, tt.at)
		}
	}
}
