package parts_test

import (
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
		{"dance", `unknown command "dance" (known: attack, move, pass, heal, end, interrupt)`},
		{"attack", "attack needs more: attack TARGET [with WEAPON] [part N] [mod N]"},
		{"attack bob cy", `unknown attack option "cy": attack TARGET [with WEAPON] [part N] [mod N]`},
		{"interrupt", "interrupt what? interrupt COMMAND"},
		{"attack bob mod", `"mod" needs a value: attack TARGET`},
		{"attack bob mod two", `mod takes a number, not "two"`},
		{"pass now", `"pass" takes nothing after it`},
		{"heal ann bob cy", `too many words after heal, from "cy": heal HEALER PATIENT`},
		{"end 3", `unknown end option "3": end [mod N] (end the turn)`},
		{"end with axe", `unknown end option "with"`}, // end takes no "with": it is a word
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
		parts.Verb{Name: "hit", Keywords: []string{"with"}}, parts.Verb{Name: "hit"})
	err := bad.Err()
	for _, want := range []string{`keyword "mod" is empty or given twice`, `verb "hit" takes keyword "with", which is not given`, `verb "hit" is empty or given twice`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Err() = %v, want it to say %q", err, want)
		}
	}
	if got := testGrammar.Usage("nothing"); got != "" {
		t.Errorf("Usage of an unknown verb = %q", got)
	}
	if got := strings.Join(testGrammar.Verbs(), " "); got != "attack move pass heal end interrupt" {
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
