package parts_test

import (
	"errors"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/parts"
)

type cmd interface{ isCmd() }

type hit struct{ Target, Weapon string }
type wait struct{}
type twice struct{ Inner cmd }

func (*hit) isCmd()   {}
func (*wait) isCmd()  {}
func (*twice) isCmd() {}

var testKinds = engine.NewKinds[cmd]("test command")

var (
	_ = engine.Add[hit](testKinds, "hit")
	_ = engine.Add[wait](testKinds, "wait")
	_ = engine.Add[twice](testKinds, "twice")
)

func testWords(writeHit func(c *hit, p *parts.Phrase)) *parts.Words[struct{}, cmd] {
	return parts.NewWords[struct{}](testKinds, []parts.Keyword{parts.With},
		parts.Cmd(parts.Verb{Name: "hit", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
			func(p parts.Phrase) (*hit, error) { return &hit{Target: p.Arg(0), Weapon: p.Word("with")}, nil },
			writeHit),
		parts.Bare[wait](parts.Verb{Name: "wait"}).Also(parts.Verb{Name: "pass"}),
		parts.Cmd(parts.Verb{Name: "twice", Args: "COMMAND", Rest: true},
			func(p parts.Phrase) (*twice, error) {
				inner, err := parts.Nested[cmd](p, p.Arg(0))
				return &twice{Inner: inner}, err
			},
			func(c *twice, p *parts.Phrase) { p.AddCommand(c.Inner) }),
	)
}

// TestWordsRoundTrip checks that a table reads and writes its rows, nested
// commands through the same table, and that RoundTrip finds a row whose
// writer drops a word, and a verb no example meets.
func TestWordsRoundTrip(t *testing.T) {
	good := testWords(func(c *hit, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Weapon) })
	if err := good.Err(); err != nil {
		t.Fatal(err)
	}
	if err := good.RoundTrip(nil, "hit bob", "wait", "pass", "twice hit bob with axe"); err != nil {
		t.Error(err)
	}
	if c, err := good.Parse(nil, "twice twice hit bob"); err != nil || good.Format(c) != "twice twice hit bob" {
		t.Errorf("twice twice hit bob: %v, written %q", err, good.Format(c))
	}
	if _, err := good.Parse(nil, "twice hit"); err == nil || err.Error() != "hit needs more: hit TARGET [with WEAPON]" || engine.CodeOf(err) != engine.Invalid {
		t.Errorf("twice hit: %v, want the nested verb's usage as an invalid refusal", err)
	}
	bad := testWords(func(c *hit, p *parts.Phrase) { p.Add(c.Target) })
	err := bad.RoundTrip(nil, "hit bob with axe", "wait")
	for _, want := range []string{`"hit bob with axe" is written "hit bob"`, `no example of verb "pass"`, `no example of verb "twice"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("RoundTrip: %v, want it to say %s", err, want)
		}
	}
}

// TestWordsErr checks that the table's mistakes are reported: a type no
// row writes, a type written twice.
func TestWordsErr(t *testing.T) {
	w := parts.NewWords[struct{}](testKinds, nil,
		parts.Bare[wait](parts.Verb{Name: "wait"}),
		parts.Bare[wait](parts.Verb{Name: "pass"}))
	err := w.Err()
	for _, want := range []string{`no row writes kind "hit"`, "two rows write *parts_test.wait"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Err: %v, want it to say %s", err, want)
		}
	}
}

// TestWordsRefusalSaysWhere checks that a refusal of the table's words
// says where in the text typed the word it stopped at is, through a
// rewrite that keeps the words, and not through one that changes them.
func TestWordsRefusalSaysWhere(t *testing.T) {
	w := testWords(nil).Rewrite(func(_ *struct{}, text string) string {
		if rest, ok := strings.CutPrefix(text, "strike "); ok {
			return "hit " + rest
		}
		return strings.ToLower(strings.TrimSpace(text))
	})
	for _, tt := range []struct{ text, at string }{
		{"hit bob with axe with club", "hit bob with axe ^with^ club"},
		{"  HIT Bob  WITH Axe WITH club", "  HIT Bob  WITH Axe ^WITH^ club"},
		{"hit bob cy", "hit bob ^cy^"},
		{"strike bob with axe with club", ""},
		{"twice hit bob with axe with club", ""},
	} {
		_, err := w.Parse(nil, tt.text)
		if engine.CodeOf(err) != engine.Invalid {
			t.Errorf("Parse(%q): %v, want an invalid refusal", tt.text, err)
			continue
		}
		m, ok := errors.AsType[*parts.Misread](err)
		got := ""
		if ok {
			got = tt.text[:m.At] + "^" + tt.text[m.At:m.End] + "^" + tt.text[m.End:]
		}
		if got != tt.at {
			t.Errorf("Parse(%q) stops at %q, want %q", tt.text, got, tt.at)
		}
	}
}
