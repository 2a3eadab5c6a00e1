package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The files of the --content tests: a folder "monsters" with a stat block
// that uses a bundled weapon and an encounter that uses it, and beside it
// an encounter and a scenario that use the stat block without naming the
// folder.
var contentFiles = map[string]string{
	"monsters/ogre.yaml":        "id: ogre\nname: Ogre\nside: blue\nlp: 12\nskill: 2\ndefence: 9\nweapons:\n  - use: club\n",
	"monsters/ogre_ambush.yaml": "ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: ogre}]\n",
	"enc.yaml":                  "ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: ogre}]\n",
	"scen.yaml":                 "encounter: enc.yaml\nexpect:\n  state:\n    combatants.ogre.lp: 12\n    combatants.ogre.weapons.club.kind: melee\n",
}

// TestCheckContent checks fray check --content: without it the stat block
// is unknown, with it every file passes.
func TestCheckContent(t *testing.T) {
	dir := writeFiles(t, contentFiles)
	files := []string{filepath.Join(dir, "scen.yaml"), filepath.Join(dir, "enc.yaml")}
	r := frayReference(t, append([]string{"check"}, files...)...)
	if r.code != exitError || !strings.Contains(r.stdout, `unknown bundled content "ogre"`) {
		t.Errorf("without --content: exit %d, stdout:\n%s", r.code, r.stdout)
	}
	r = frayReference(t, append([]string{"check", "--content", filepath.Join(dir, "monsters")}, files...)...)
	if r.code != exitOK || !strings.Contains(r.stdout, "2 passed, 0 failed") {
		t.Errorf("with --content: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = frayReference(t, "check", "--content", filepath.Join(dir, "nowhere"), files[0])
	if r.code != exitUsage || !strings.Contains(r.stderr, "--content "+filepath.Join(dir, "nowhere")+": no such folder") {
		t.Errorf("--content nowhere: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestPlayContent checks fray play --content: an encounter file that uses
// local content, a local encounter by name, and a saved fight that resumes
// with its content folders from another directory.
func TestPlayContent(t *testing.T) {
	dir := writeFiles(t, contentFiles)
	monsters := filepath.Join(dir, "monsters")
	r := play(t, "", "ogre_ambush", "--content", monsters, "--auto", "--seed", "1")
	if r.code != exitOK || !strings.Contains(r.stdout, "The fight is over after") {
		t.Fatalf("play ogre_ambush: exit %d, stderr %q, output ends %q", r.code, r.stderr, tail(r.stdout))
	}
	saved := filepath.Join(dir, "fight.json")
	r = play(t, "", filepath.Join(dir, "enc.yaml"), "--content", monsters, "--auto", "--seed", "1", "--transcript", saved)
	if r.code != exitOK {
		t.Fatalf("play enc.yaml: exit %d, stderr %q", r.code, r.stderr)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	var fight savedFight
	if err := json.Unmarshal(data, &fight); err != nil {
		t.Fatal(err)
	}
	if len(fight.Content) != 1 || !filepath.IsAbs(fight.Content[0]) || fight.Dir == "" {
		t.Errorf("saved content folders %q, dir %q", fight.Content, fight.Dir)
	}
	t.Chdir(t.TempDir())
	if r := play(t, "", "--replay", saved, filepath.Join(dir, "enc.yaml"), "--content", monsters); r.code != exitOK {
		t.Errorf("replay: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := play(t, "", "--resume", saved); r.code != exitOK {
		t.Errorf("resume elsewhere: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := play(t, "", filepath.Join(dir, "enc.yaml"), "--auto"); r.code != exitError || !strings.Contains(r.stderr, `"ogre"`) {
		t.Errorf("without --content: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestSimContent checks fray sim --content, with --vary into a local stat
// block.
func TestSimContent(t *testing.T) {
	dir := writeFiles(t, contentFiles)
	monsters := filepath.Join(dir, "monsters")
	out := mustSucceed(t, "sim", filepath.Join(dir, "enc.yaml"), "--content", monsters, "-n", "20", "--workers", "1")
	if !strings.Contains(out, "ogre") {
		t.Errorf("no ogre in the report:\n%s", out)
	}
	out = mustSucceed(t, "sim", "ogre_ambush", "--content", monsters, "-n", "20", "--workers", "1", "--vary", "combatants.ogre.lp=3,30")
	if !strings.Contains(out, "30") {
		t.Errorf("no lp 30 in the sweep:\n%s", out)
	}
}

// TestOddsContent checks fray odds --encounter with --content, on an
// encounter file and on a scenario file, and that --content needs
// --encounter.
func TestOddsContent(t *testing.T) {
	dir := writeFiles(t, contentFiles)
	monsters := filepath.Join(dir, "monsters")
	for _, file := range []string{"enc.yaml", "scen.yaml"} {
		r := fray(t, "odds", "--encounter", filepath.Join(dir, file), "--content", monsters, "--actor", "ann", "--command", "attack ogre")
		if r.code != exitOK || !strings.Contains(r.stdout, "ogre") {
			t.Errorf("odds on %s: exit %d, stderr %q, stdout:\n%s", file, r.code, r.stderr, r.stdout)
		}
	}
	if r := fray(t, "odds", "3d6", "--content", monsters); r.code != exitUsage {
		t.Errorf("odds 3d6 --content: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestStoredFightCarriesItsContent records a fight whose encounter uses a
// local stat block (through --content, and through its own content:
// folder), removes the folders, and resumes it and imports its export
// elsewhere: the stored record carries the content it needs.
func TestStoredFightCarriesItsContent(t *testing.T) {
	for _, how := range []string{"flag", "key"} {
		t.Run(how, func(t *testing.T) {
			dir := writeFiles(t, contentFiles)
			db := []string{"--db", filepath.Join(t.TempDir(), "fights.db")}
			args := []string{filepath.Join(dir, "enc.yaml"), "--content", filepath.Join(dir, "monsters")}
			if how == "key" {
				enc := "content: monsters\n" + contentFiles["enc.yaml"]
				if err := os.WriteFile(filepath.Join(dir, "own.yaml"), []byte(enc), 0o644); err != nil {
					t.Fatal(err)
				}
				args = []string{filepath.Join(dir, "own.yaml")}
			}
			r := play(t, "quit\n", append(append(args, "--save", "--seed", "3", "--side", "red"), db...)...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			id := idOf(t, r.stdout)
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			t.Chdir(t.TempDir())
			if r := play(t, "", append([]string{"--resume", id, "--auto", "--seed", "4"}, db...)...); r.code != exitOK || !strings.Contains(r.stdout, "The fight is over after") {
				t.Fatalf("resuming without the content folders: exit %d, %s", r.code, r.stderr)
			}
			file := filepath.Join(t.TempDir(), "fight.jsonl")
			if r := fray(t, append([]string{"fights", "export", id, "-o", file}, db...)...); r.code != exitOK {
				t.Fatal(r.stderr)
			}
			other := []string{"--db", filepath.Join(t.TempDir(), "other.db")}
			if r := fray(t, append([]string{"fights", "import", file}, other...)...); r.code != exitOK {
				t.Fatalf("import: %s", r.stderr)
			}
			a := fray(t, append([]string{"fights", "show", id, "--state"}, db...)...)
			b := fray(t, append([]string{"fights", "show", id, "--state"}, other...)...)
			if a.code != exitOK || a.stdout != b.stdout || !strings.Contains(a.stdout, "ogre") {
				t.Errorf("the imported fight differs or lacks the ogre: %s %s", a.stderr, b.stderr)
			}
		})
	}
}

// A bundled encounter is found by its name alone (fray play NAME): the
// program's registry, which refuses two of one name (engine.NewRegistry),
// finds each under its name and its ruleset.
func TestBundledEncountersFoundByName(t *testing.T) {
	cat, err := newCatalog()
	if err != nil {
		t.Fatal(err)
	}
	all := cat.Registry().Encounters()
	if len(all) < 19 {
		t.Fatalf("%d bundled encounters, want every ruleset's (19 or more)", len(all))
	}
	for _, e := range all {
		got, ok := cat.Registry().Encounter(e.Name)
		if !ok || got.Ruleset != e.Ruleset || !strings.Contains(string(got.Text), "ruleset: "+e.Ruleset) {
			t.Errorf("the bundled encounter %q (%s) is found as %q of %q, %v", e.Name, e.Ruleset, got.Name, got.Ruleset, ok)
		}
	}
}

// TestContentLinksStayInTheFolder checks that a content document that is
// a symbolic link to a file outside its folder is refused, with no line of
// that file in the message, while a link to a file of the folder is
// followed.
func TestContentLinksStayInTheFolder(t *testing.T) {
	dir := writeFiles(t, contentFiles)
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("root:x:0:0:the secret line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	monsters := filepath.Join(dir, "monsters")
	if err := os.Symlink(secret, filepath.Join(monsters, "leak.yaml")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.Symlink("ogre.yaml", filepath.Join(monsters, "brute.yaml")); err != nil {
		t.Fatal(err)
	}
	leak := filepath.Join(dir, "leak_enc.yaml")
	os.WriteFile(leak, []byte("ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: leak}]\n"), 0o644)
	r := frayReference(t, "check", "--content", monsters, leak)
	if r.code != exitError || strings.Contains(r.stdout+r.stderr, "secret") || !strings.Contains(r.stdout, "is a symbolic link to a file outside the folder") {
		t.Errorf("a link out of the folder: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	// The same through the file's own content: key.
	own := filepath.Join(dir, "own.yaml")
	os.WriteFile(own, []byte("ruleset: reference\ncontent: monsters\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: leak}]\n"), 0o644)
	r = frayReference(t, "check", own)
	if r.code != exitError || strings.Contains(r.stdout+r.stderr, "secret") || !strings.Contains(r.stdout, "is a symbolic link to a file outside the folder") {
		t.Errorf("a link out of the content: folder: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	brute := filepath.Join(dir, "brute_enc.yaml")
	os.WriteFile(brute, []byte("ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: brute}]\n"), 0o644)
	if r := frayReference(t, "check", "--content", monsters, brute); r.code != exitOK {
		t.Errorf("a link inside the folder: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	// A stored fight does not embed what a link out of the folder holds.
	got, err := embedContent([]byte("ruleset: reference\ncontent: monsters\n"), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range got {
		if strings.Contains(v, "secret") {
			t.Errorf("embedded %s: %q", k, v)
		}
	}
	if _, ok := got["monsters/ogre.yaml"]; !ok {
		t.Errorf("embedded %v, want monsters/ogre.yaml among them", got)
	}
}
