package enginetest

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fray/engine"
)

// The markers around a ruleset documentation's table of transcript lines.
const (
	VocabularyStart = "<!-- vocabulary -->"
	VocabularyEnd   = "<!-- /vocabulary -->"
)

// VocabularyRow is one row of a documented transcript vocabulary: an event
// kind, an example event of that kind as JSON, and the line the
// transcript shows for it.
type VocabularyRow struct {
	Line  int // the row's line in the document
	Kind  string
	Event string
	Text  string
}

// ReadVocabulary reads the table of transcript lines between the
// VocabularyStart and VocabularyEnd markers of a Markdown document: rows
// of three cells, each in backquotes, "| `KIND` | `EVENT JSON` | `LINE` |".
func ReadVocabulary(doc string) ([]VocabularyRow, error) {
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, VocabularyStart)
	end := slices.Index(lines, VocabularyEnd)
	if start < 0 || end < start {
		return nil, fmt.Errorf("no table between %s and %s", VocabularyStart, VocabularyEnd)
	}
	var rows []VocabularyRow
	for i := start + 1; i < end; i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "| `") {
			continue // the header, its rule, blank lines
		}
		cells := strings.Split(strings.Trim(l, "|"), "` | `")
		if len(cells) != 3 {
			return nil, fmt.Errorf("line %d: want | `KIND` | `EVENT JSON` | `LINE` |, got %s", i+1, l)
		}
		for j := range cells {
			cells[j] = strings.Trim(strings.TrimSpace(cells[j]), "`")
		}
		rows = append(rows, VocabularyRow{Line: i + 1, Kind: cells[0], Event: cells[1], Text: cells[2]})
	}
	return rows, nil
}

// Vocabulary checks a ruleset's documented transcript vocabulary against
// its Codec: the document at path must have a row for every event kind
// the ruleset has, and each row's event, described in state s (a fixed
// state the examples name combatants of), must read exactly as the row
// says. It fails when a line changes without its documentation.
func Vocabulary[S, C, E any](t *testing.T, g engine.Game[S, C, E], s *S, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the documented vocabulary: %v", err)
	}
	rows, err := ReadVocabulary(string(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	_, events := g.Kinds()
	seen := map[string]bool{}
	for _, r := range rows {
		seen[r.Kind] = true
		e, err := events.Decode([]byte(r.Event))
		if err != nil {
			t.Errorf("%s:%d: %s: the example event does not decode: %v", path, r.Line, r.Kind, err)
			continue
		}
		if k := events.Kind(e); k != r.Kind {
			t.Errorf("%s:%d: the example event is a %s, not a %s", path, r.Line, k, r.Kind)
		}
		fresh := g.Clone(s)
		if got := g.DescribeEvent(&fresh, e); got != r.Text {
			t.Errorf("%s:%d: %s reads\n\t%s\nbut the documentation says\n\t%s", path, r.Line, r.Kind, got, r.Text)
		}
	}
	for _, k := range events.Names() {
		if !seen[k] {
			t.Errorf("%s: the event kind %s is not documented", path, k)
		}
	}
}

// Started returns the state start returns (an encounter spec's State,
// say), failing t with its error: the fixed state a ruleset's test of its
// vocabulary describes events in.
func Started[S any](t testing.TB, start func() (S, error)) S {
	t.Helper()
	s, err := start()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
