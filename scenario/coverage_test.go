package scenario_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"fray/scenario"
)

// updateCoverage rewrites the rule coverage table of each ruleset's doc,
// and drops from its "not yet exercised" list the ids a scenario now names.
var updateCoverage = flag.Bool("update", false, "rewrite the rule coverage tables of docs/rules/*.md (go test ./scenario -run TestRuleCoverage -update)")

// The parts of a ruleset doc's "## Rule coverage" section the test reads and
// writes. The section runs from its heading to the next "## " heading.
const (
	coverageHeading = "## Rule coverage"
	notModelledHead = "### Not modelled"
	notYetHead      = "### Not yet exercised by a scenario"
	tableBegin      = "<!-- rule coverage table: written by go test ./scenario -run TestRuleCoverage -update -->"
	tableEnd        = "<!-- end of rule coverage table -->"
	// tableNames is how many scenario files a table row names before it
	// gives only their count.
	tableNames = 3
)

var (
	// ruleID is one rule id of a specification, as a whole word.
	ruleID = regexp.MustCompile(`\bR[0-9]{2}\b`)
	// ruleRange is a range of rule ids ("R01-R06"). A short range cites
	// every id in it; a long one ("R01-R44", the whole inventory) cites none.
	ruleRange = regexp.MustCompile(`\bR([0-9]{2})\s*(?:-|–|\.\.)\s*R([0-9]{2})\b`)
	// listedID is the id that opens an item of the "not modelled" list:
	// "- **R32**: why".
	listedID = regexp.MustCompile(`^- \*\*(R[0-9]{2})\*\*:\s*\S`)
)

// maxCitedRange is the longest id range ("R01-R06") read as citing each id.
const maxCitedRange = 8

// coverageRulesets are the rulesets with a specification: the ids of each
// are in testdata/rule_ids/<ruleset>.txt.
var coverageRulesets = []string{"blackpowder", "maneuvers", "tempo", "vigor", "woundslots"}

// TestRuleCoverage checks, for each ruleset with a specification, that every
// rule id the specification numbers is cited by docs/rules/<ruleset>.md or
// listed there as not modelled, that every id the doc cites is the spec's,
// and that each is named (as a whole word, in the name or description) by a
// scenario file under scenarios/<ruleset>/ unless it is listed as not
// modelled or as not yet exercised; an id on the "not yet exercised" list
// that a scenario does name fails the test, as does one missing from
// testdata/rule_ids/<ruleset>.not_yet.txt (the list's ceiling, which only
// shrinks: a rule once exercised stays so). The
// doc's coverage table must be what the scenarios say (-update rewrites it).
func TestRuleCoverage(t *testing.T) {
	for _, rs := range coverageRulesets {
		t.Run(rs, func(t *testing.T) {
			spec := readIDs(t, filepath.Join("testdata", "rule_ids", rs+".txt"))
			if len(spec) == 0 {
				t.Fatalf("no rule ids for %s", rs)
			}
			ceiling := readIDs(t, filepath.Join("testdata", "rule_ids", rs+".not_yet.txt"))
			docPath := filepath.Join("..", "docs", "rules", rs+".md")
			raw, err := os.ReadFile(docPath)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := parseCoverageDoc(string(raw))
			if err != nil {
				t.Fatalf("%s: %v", docPath, err)
			}
			named := scenarioIDs(t, filepath.Join("..", "scenarios", rs))

			specSet := map[string]bool{}
			for _, id := range spec {
				specSet[id] = true
			}
			for _, id := range sortedKeys(doc.cited) {
				if !specSet[id] {
					t.Errorf("%s cites %s, which is not a rule id of the specification", docPath, id)
				}
			}
			for _, id := range append(slices.Clone(doc.notModelled), doc.notYet...) {
				if !specSet[id] {
					t.Errorf("%s lists %s, which is not a rule id of the specification", docPath, id)
				}
			}
			for _, id := range doc.notYet {
				if !slices.Contains(ceiling, id) {
					t.Errorf("%s lists %s as not yet exercised, but that list may only shrink: testdata/rule_ids/%s.not_yet.txt does not have it (a rule once exercised must stay so)", docPath, id, rs)
				}
			}
			for _, id := range doc.notModelled {
				if slices.Contains(doc.notYet, id) {
					t.Errorf("%s lists %s both as not modelled and as not yet exercised", docPath, id)
				}
			}

			var missing, stale []string
			for _, id := range spec {
				modelled := !slices.Contains(doc.notModelled, id)
				if modelled && !doc.cited[id] {
					t.Errorf("%s: rule %s of the specification is neither cited by the doc nor listed under %q", docPath, id, notModelledHead)
				}
				notYet := slices.Contains(doc.notYet, id)
				switch {
				case len(named[id]) > 0 && notYet:
					stale = append(stale, id)
				case len(named[id]) == 0 && modelled && !notYet:
					missing = append(missing, id)
				}
			}
			for _, id := range missing {
				t.Errorf("rule %s is named by no scenario under scenarios/%s/ (name or description), nor listed in %s as not modelled", id, rs, docPath)
			}

			want := doc.rewrite(spec, named)
			if *updateCoverage {
				if want != string(raw) {
					if err := os.WriteFile(docPath, []byte(want), 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("rewrote the rule coverage of %s", docPath)
				}
				return
			}
			for _, id := range stale {
				t.Errorf("%s lists %s as not yet exercised, but %s names it: take it off the list (-update does)", docPath, id, strings.Join(named[id], ", "))
			}
			if want != string(raw) {
				t.Errorf("%s: the rule coverage table is stale; run go test ./scenario -run TestRuleCoverage -update", docPath)
			}
		})
	}
}

// readIDs reads a list of rule ids, one a line; "#" starts a comment line.
func readIDs(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !ruleID.MatchString(line) || len(line) != 3 {
			t.Fatalf("%s:%d: want one rule id (R01), got %q", path, n, line)
		}
		ids = append(ids, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// scenarioIDs maps each rule id named in the name or description of a
// scenario file under dir (at any depth) to those files, relative to dir.
func scenarioIDs(t *testing.T, dir string) map[string][]string {
	t.Helper()
	named := map[string][]string{}
	files := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".yaml" && ext != ".yml" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if kind, err := scenario.Detect(path, data); err != nil || kind != scenario.ScenarioFile {
			return err
		}
		var head struct {
			Name        string `yaml:"name"`
			Description string `yaml:"description"`
		}
		if err := yaml.Unmarshal(data, &head); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files++
		rel = filepath.ToSlash(rel)
		seen := map[string]bool{}
		for _, id := range ruleID.FindAllString(head.Name+"\n"+head.Description, -1) {
			if !seen[id] {
				seen[id] = true
				named[id] = append(named[id], rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatalf("no scenario files under %s", dir)
	}
	for _, files := range named {
		slices.Sort(files)
	}
	return named
}

// coverageDoc is a ruleset doc split around its rule coverage table.
type coverageDoc struct {
	before, after string          // the doc before and after the table
	cited         map[string]bool // ids the doc cites outside its coverage section
	notModelled   []string        // ids listed as not modelled
	notYet        []string        // ids listed as not yet exercised
	notYetLine    int             // index in before's lines of the not-yet list's line
}

// parseCoverageDoc finds the doc's coverage section and reads its lists.
func parseCoverageDoc(doc string) (*coverageDoc, error) {
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, coverageHeading)
	if start < 0 {
		return nil, fmt.Errorf("no %q section", coverageHeading)
	}
	end := len(lines)
	for i := start + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "## ") {
			end = i
			break
		}
	}
	section := lines[start:end]
	b, e := slices.Index(section, tableBegin), slices.Index(section, tableEnd)
	if b < 0 || e < b {
		return nil, fmt.Errorf("the %q section has no table between %q and %q", coverageHeading, tableBegin, tableEnd)
	}
	d := &coverageDoc{
		before:     strings.Join(lines[:start+b+1], "\n") + "\n",
		after:      strings.Join(lines[start+e:], "\n"),
		cited:      map[string]bool{},
		notYetLine: -1,
	}
	outside := strings.Join(lines[:start], "\n") + "\n" + strings.Join(lines[end:], "\n")
	for _, m := range ruleRange.FindAllStringSubmatch(outside, -1) {
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		if hi >= lo && hi-lo < maxCitedRange {
			for n := lo; n <= hi; n++ {
				d.cited[fmt.Sprintf("R%02d", n)] = true
			}
		}
	}
	for _, id := range ruleID.FindAllString(ruleRange.ReplaceAllString(outside, ""), -1) {
		d.cited[id] = true
	}

	sub := ""
	for i, line := range section[:b] {
		switch {
		case strings.HasPrefix(line, "### "):
			sub = line
			if sub != notModelledHead && sub != notYetHead {
				return nil, fmt.Errorf("unexpected heading %q in the %q section", line, coverageHeading)
			}
			continue
		case strings.TrimSpace(line) == "":
			continue
		}
		switch sub {
		case notModelledHead:
			if m := listedID.FindStringSubmatch(line); m != nil {
				if slices.Contains(d.notModelled, m[1]) {
					return nil, fmt.Errorf("%s is listed twice as not modelled", m[1])
				}
				d.notModelled = append(d.notModelled, m[1])
			} else if strings.HasPrefix(line, "- ") {
				return nil, fmt.Errorf("%q: an item of %q is \"- **Rnn**: why\"", line, notModelledHead)
			}
		case notYetHead:
			ids := ruleID.FindAllString(line, -1)
			if len(ids) == 0 || !strings.HasPrefix(line, "Ids: ") {
				continue
			}
			if d.notYetLine >= 0 {
				return nil, fmt.Errorf("%q holds more than one line of ids (\"Ids: R01, R02\")", notYetHead)
			}
			d.notYetLine = start + i
			for _, id := range ids {
				if slices.Contains(d.notYet, id) {
					return nil, fmt.Errorf("%s is listed twice as not yet exercised", id)
				}
				d.notYet = append(d.notYet, id)
			}
		}
	}
	return d, nil
}

// rewrite returns the doc with its table written from named, and with its
// "not yet exercised" list shorn of the ids a scenario names.
func (d *coverageDoc) rewrite(spec []string, named map[string][]string) string {
	before := d.before
	if d.notYetLine >= 0 {
		var keep []string
		for _, id := range d.notYet {
			if len(named[id]) == 0 {
				keep = append(keep, id)
			}
		}
		line := "Ids: " + strings.Join(keep, ", ") + "."
		if len(keep) == 0 {
			line = "Ids: none."
		}
		lines := strings.Split(before, "\n")
		lines[d.notYetLine] = line
		before = strings.Join(lines, "\n")
	}
	var b strings.Builder
	b.WriteString(before)
	covered := 0
	for _, id := range spec {
		if len(named[id]) > 0 {
			covered++
		}
	}
	fmt.Fprintf(&b, "\n%d of the %d rule ids are named by a scenario.\n\n", covered, len(spec))
	b.WriteString("| rule | scenarios | files naming it |\n|---|---|---|\n")
	for _, id := range spec {
		files := named[id]
		var cell string
		switch {
		case len(files) == 0 && slices.Contains(d.notModelled, id):
			cell = "not modelled"
		case len(files) == 0:
			cell = "**none yet**"
		default:
			shown := files[:min(len(files), tableNames)]
			cell = "`" + strings.Join(shown, "`, `") + "`"
			if len(files) > len(shown) {
				cell += fmt.Sprintf(", and %d more", len(files)-len(shown))
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %s |\n", id, len(files), cell)
	}
	b.WriteString("\n")
	b.WriteString(d.after)
	return b.String()
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestCoverageDocParsing checks the reading of a coverage section: the
// lists, the ids a doc cites (a short range cites each id, a long one none,
// and the section itself cites nothing), and the rewrite that shrinks the
// "not yet exercised" list and writes the table.
func TestCoverageDocParsing(t *testing.T) {
	doc := strings.Join([]string{
		"# x",
		"Rule ids (R01-R20). Rolls (R02-R04). R09 and R10, not R101.",
		coverageHeading,
		"R07 here is not a citation.",
		notModelledHead,
		"- **R07**: the rules do not say.",
		notYetHead,
		"Ids: R09, R10.",
		tableBegin,
		"old table",
		tableEnd,
		"## Next",
		"R11.",
	}, "\n")
	d, err := parseCoverageDoc(doc)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(sortedKeys(d.cited), " "), "R02 R03 R04 R09 R10 R11"; got != want {
		t.Errorf("cited %s, want %s", got, want)
	}
	if !slices.Equal(d.notModelled, []string{"R07"}) || !slices.Equal(d.notYet, []string{"R09", "R10"}) {
		t.Errorf("not modelled %v, not yet %v", d.notModelled, d.notYet)
	}
	got := d.rewrite([]string{"R07", "R09", "R10", "R11"}, map[string][]string{
		"R09": {"a.yaml"},
		"R11": {"a.yaml", "b.yaml", "c.yaml", "d.yaml"},
	})
	want := strings.Join([]string{
		"# x",
		"Rule ids (R01-R20). Rolls (R02-R04). R09 and R10, not R101.",
		coverageHeading,
		"R07 here is not a citation.",
		notModelledHead,
		"- **R07**: the rules do not say.",
		notYetHead,
		"Ids: R10.",
		tableBegin,
		"",
		"2 of the 4 rule ids are named by a scenario.",
		"",
		"| rule | scenarios | files naming it |",
		"|---|---|---|",
		"| R07 | 0 | not modelled |",
		"| R09 | 1 | `a.yaml` |",
		"| R10 | 0 | **none yet** |",
		"| R11 | 4 | `a.yaml`, `b.yaml`, `c.yaml`, and 1 more |",
		"",
		tableEnd,
		"## Next",
		"R11.",
	}, "\n")
	if got != want {
		t.Errorf("rewrite:\n%s\nwant:\n%s", got, want)
	}
	for _, bad := range []string{
		"# x\n",
		"# x\n" + coverageHeading + "\nno table\n",
		"# x\n" + coverageHeading + "\n" + notModelledHead + "\n- R07 unbolded\n" + tableBegin + "\n" + tableEnd + "\n",
		"# x\n" + coverageHeading + "\n### Other\n" + tableBegin + "\n" + tableEnd + "\n",
	} {
		if _, err := parseCoverageDoc(bad); err == nil {
			t.Errorf("parseCoverageDoc(%q) succeeded", bad)
		}
	}
}
