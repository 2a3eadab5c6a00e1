package parts_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/parts"
)

// TestKeywordsAreReserved reads the source of every ruleset for the
// keywords its command grammar declares (Keyword{Word: "..."}) and checks
// that the engine reserves each, so that no combatant or side can be
// called one: "attack with with axe" could not name it. A ruleset added
// later with a keyword of its own fails here until engine.Reserved lists
// it (or the ruleset implements engine.Vocabulary).
func TestKeywordsAreReserved(t *testing.T) {
	files, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`Word:\s*"([^"]+)"`)
	reserved := engine.Reserved()
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range word.FindAllSubmatch(src, -1) {
			found++
			if w := string(m[1]); !slices.Contains(reserved, w) {
				t.Errorf("%s: keyword %q is not among engine.Reserved()", f, w)
			}
			if err := engine.CheckID(string(m[1])); err == nil {
				t.Errorf("%s: engine.CheckID(%q) accepts a keyword", f, m[1])
			}
		}
	}
	if found < 20 {
		t.Errorf("found %d keywords in the rulesets' source, want the 20 and more they declare", found)
	}
	for _, k := range []parts.Keyword{parts.With, parts.Mod} {
		if !slices.Contains(reserved, k.Word) {
			t.Errorf("%q is not reserved", k.Word)
		}
	}
}

func TestGrammarKeywords(t *testing.T) {
	if got, want := testGrammar.Keywords(), []string{"mod", "part", "with"}; !slices.Equal(got, want) {
		t.Errorf("Keywords() = %q, want %q", got, want)
	}
}
