package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/engine"
	"fray/scenario"
)

// roster writes a content folder "roster" into dir: a stat block "ogre"
// that uses the bundled weapon club, a "markus" that overrides the bundled
// one (20 LP, not 8), and an encounter "ambush" of the two. It returns
// the folder's path.
func roster(t *testing.T, dir string) string {
	t.Helper()
	r := filepath.Join(dir, "roster")
	if err := os.Mkdir(r, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, r, "ogre.yaml", "id: ogre\nname: Ogre\nside: bandits\nlp: 12\nskill: 2\ndefence: 9\nweapons:\n  - use: club\n")
	write(t, r, "markus.yaml", "id: markus\nname: Markus\nside: players\nlp: 20\nskill: 3\ndefence: 10\nweapons:\n  - use: knife\n")
	write(t, r, "ambush.yaml", "ruleset: reference\ncontent: .\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus}, {use: ogre}]\n")
	return r
}

// mkdir makes the folder name in dir and returns its path.
func mkdir(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// mustPass runs the scenario file at path and fails t unless it passes.
func mustPass(t *testing.T, path string, opts ...scenario.Option) {
	t.Helper()
	res, err := scenario.Run(registry(t), path, opts...)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, m := range res.Mismatches {
		t.Errorf("%s", m)
	}
}

// TestLocalContentShared checks two scenario files sharing one content
// folder: one runs a local encounter whose local stat block uses a bundled
// weapon, the other an encounter file of its own that names the folder; a
// local name that is also bundled (markus) is the local one.
func TestLocalContentShared(t *testing.T) {
	dir := t.TempDir()
	roster(t, dir)
	a := mkdir(t, dir, "a")
	b := mkdir(t, dir, "b")
	one := write(t, a, "one.yaml", `content: ../roster
encounter:
  ruleset: reference
  use: ambush
expect:
  state:
    combatants.ogre.lp: 12
    combatants.ogre.weapons.club.kind: melee
    combatants.markus.lp: 20
`)
	write(t, b, "enc.yaml", "ruleset: reference\ncontent: ../roster\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus}, {use: ogre, id: ogre2}]\n")
	two := write(t, a, "two.yaml", "encounter: ../b/enc.yaml\nexpect:\n  state:\n    combatants.ogre2.lp: 12\n    combatants.markus.lp: 20\n")
	mustPass(t, one)
	mustPass(t, two)
}

// TestLocalContentWithContent checks WithContent: a file without content:
// finds local content through it, and a file's own folders come first.
func TestLocalContentWithContent(t *testing.T) {
	dir := t.TempDir()
	r := roster(t, dir)
	other := mkdir(t, dir, "other")
	write(t, other, "ogre.yaml", "id: ogre\nname: Big ogre\nside: bandits\nlp: 30\nskill: 2\ndefence: 9\n")
	enc := "ruleset: reference\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus}, {use: ogre}]\n"
	path := write(t, dir, "enc.yaml", enc)
	if _, err := scenario.LoadEncounter(registry(t), path); err == nil || !strings.Contains(err.Error(), `unknown bundled content "ogre"`) {
		t.Errorf("without content folders: %v", err)
	}
	// which says which ogre the encounter at path has.
	which := func(path string, opts ...scenario.Option) string {
		t.Helper()
		tb, err := scenario.LoadEncounter(registry(t), path, opts...)
		if err != nil {
			t.Fatal(err)
		}
		state, err := tb.State(engine.Everyone)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(state), `"Big ogre"`) {
			return "other"
		}
		return "roster"
	}
	if got := which(path, scenario.WithContent(r)); got != "roster" {
		t.Errorf("--content roster: the ogre of %s", got)
	}
	if got := which(path, scenario.WithContent(other, r)); got != "other" {
		t.Errorf("--content other roster: the ogre of %s, want the first folder's", got)
	}
	own := write(t, dir, "own.yaml", "content: roster\n"+enc)
	if got := which(own, scenario.WithContent(other)); got != "roster" {
		t.Errorf("content: roster with --content other: the ogre of %s, want the file's own folder's", got)
	}
	// A file read already: its relative folders start at WithDir.
	data, err := os.ReadFile(own)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := scenario.ParseEncounter(registry(t), "changed", data, scenario.WithDir(dir)); err != nil {
		t.Errorf("WithDir: %v", err)
	}
}

// TestLocalContentProblems checks the problems of local content, each at
// the file and line that causes it, naming the folder and what it has.
func TestLocalContentProblems(t *testing.T) {
	dir := t.TempDir()
	r := roster(t, dir)
	write(t, r, "broken.yaml", "id: broken\nname: Broken\nside: bandits\nlp: 5\ndefence: 9\nevade: 3\n")
	write(t, r, "cycle.yaml", "use: cycle2\n")
	write(t, r, "cycle2.yaml", "use: cycle\n")
	write(t, r, "list.yaml", "- a\n- b\n")
	head := "ruleset: reference\ncontent: roster\nsides: [{id: players}, {id: bandits}]\ncombatants:\n  - use: markus\n"
	tests := []struct {
		name, file string
		want       []string
	}{
		{"missing name", head + "  - use: troll\n", []string{
			`f.yaml:6:10: use: no content "troll" (troll.yaml) in the folder ` + r + ` (content: at f.yaml:2:10), which has ambush, broken, cycle, cycle2, list, markus, ogre, nor in the bundled content of ruleset reference (club, dagger`,
		}},
		{"path as a name", head + "  - use: ../roster/ogre\n", []string{
			`f.yaml:6:10: use: "../roster/ogre" is not the name of content`,
		}},
		{"no folder", "ruleset: reference\ncontent: [roster, nowhere]\n", []string{
			`f.yaml:2:19: content[1]: no folder ` + filepath.Join(dir, "nowhere") + ` (the path is relative to the file's own folder)`,
		}},
		{"a file", "ruleset: reference\ncontent: roster/ogre.yaml\n", []string{
			`f.yaml:2:10: content: ` + filepath.Join(r, "ogre.yaml") + ` is a file, not a folder of content documents`,
		}},
		{"problem in local content", head + "  - use: broken\n", []string{
			`f.yaml:6:5: unknown field "evade" in combatants[1]; allowed: id, name, side, lp, skill, defence, weapons (in content file ` + filepath.Join(r, "broken.yaml") + `, line 6, column 1)`,
		}},
		{"cycle", head + "  - use: cycle\n", []string{
			`f.yaml:6:5: use: content file ` + filepath.Join(r, "cycle.yaml") + ` uses itself (cycle → cycle2 → cycle) (in content file ` + filepath.Join(r, "cycle2.yaml") + `, line 1, column 6)`,
		}},
		{"not a mapping", head + "  - use: list\n", []string{
			`f.yaml:6:10: use: content file ` + filepath.Join(r, "list.yaml") + ` is a list, not a mapping`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scenario.ParseEncounter(registry(t), "f.yaml", []byte(tt.file), scenario.WithDir(dir))
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("problems:\n%v\nwant one starting:\n%s", err, w)
				}
			}
		})
	}
	if _, err := scenario.ParseEncounter(registry(t), "f.yaml", []byte(head), scenario.WithContent(filepath.Join(dir, "gone"))); err == nil || !strings.Contains(err.Error(), "--content: no folder") {
		t.Errorf("a --content folder that is not there: %v", err)
	}
}

// TestLocalContentLimits checks MaxContentDocs and the bound on the
// values content brings in, which a few small files could otherwise make
// grow without end.
func TestLocalContentLimits(t *testing.T) {
	dir := t.TempDir()
	many := mkdir(t, dir, "many")
	var weapons strings.Builder
	for i := range scenario.MaxContentDocs + 1 {
		write(t, many, fmt.Sprintf("w%d.yaml", i), fmt.Sprintf("name: w%d\nkind: melee\n", i))
		fmt.Fprintf(&weapons, "      - use: w%d\n", i)
	}
	doc := "ruleset: reference\ncontent: many\nsides: [{id: a}, {id: b}]\ncombatants:\n  - id: ann\n    side: a\n    lp: 3\n    defence: 10\n    weapons:\n" + weapons.String()
	_, err := scenario.ParseEncounter(registry(t), "f.yaml", []byte(doc), scenario.WithDir(dir))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d local content documents", scenario.MaxContentDocs)) {
		t.Errorf("too many documents: %v", err)
	}

	deep := mkdir(t, dir, "deep")
	for i := range 30 {
		write(t, deep, fmt.Sprintf("d%d.yaml", i), fmt.Sprintf("a: {use: d%d}\nb: {use: d%d}\n", i+1, i+1))
	}
	write(t, deep, "d30.yaml", "x: 1\n")
	_, err = scenario.ParseEncounter(registry(t), "f.yaml", []byte("ruleset: reference\ncontent: deep\nscene: {use: d0}\n"), scenario.WithDir(dir))
	if err == nil || !strings.Contains(err.Error(), "values, the limit") {
		t.Errorf("content that doubles at each level: %v", err)
	}
}

// TestSetFieldLocalContent checks that SetField looks into local content
// as the loader does.
func TestSetFieldLocalContent(t *testing.T) {
	dir := t.TempDir()
	roster(t, dir)
	data := []byte("ruleset: reference\ncontent: roster\nsides: [{id: players}, {id: bandits}]\ncombatants: [{use: markus}, {use: ogre}]\n")
	path, err := scenario.ParseFieldPath("combatants.ogre.weapons[0].bonus")
	if err != nil {
		t.Fatal(err)
	}
	out, err := scenario.SetField(registry(t), "varied", data, path, 2, scenario.WithDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "bonus: 2") {
		t.Errorf("no bonus set:\n%s", out)
	}
	if _, err := scenario.ParseEncounter(registry(t), "varied", out, scenario.WithDir(dir)); err != nil {
		t.Errorf("the varied encounter does not load: %v", err)
	}
}
