package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/reference"
)

// referenceRegistry offers the reference ruleset alone, so that what
// these tests expect does not change as rulesets are added to fray.
func referenceRegistry() (*engine.Registry, error) {
	return engine.NewRegistry(reference.Info())
}

// frayReference runs fray in-process as run does, but with check and
// schema finding their rulesets in referenceRegistry.
func frayReference(t *testing.T, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	root := newRootCmd(&stdout, &stderr)
	for _, c := range root.Commands() {
		if c.Name() == "check" || c.Name() == "schema" {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(newCheckCmd(referenceRegistry), newSchemaCmd(referenceRegistry))
	root.SetArgs(args)
	_, err := root.ExecuteC()
	code := exitOK
	if err != nil {
		// As run reports errors and chooses the exit status.
		fmt.Fprintf(&stderr, "fray: %v\n", err)
		code = exitError
		if _, ok := errors.AsType[*usageError](err); ok {
			code = exitUsage
		}
	}
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// writeFiles writes files (name → content) below a new directory and
// returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The files of the check tests: an encounter, a scenario that passes, one
// that does not, a malformed encounter and bundled-content-like YAML that
// is neither.
const (
	duelYAML = `ruleset: reference
title: A duel
sides: [{id: red}, {id: blue}]
combatants:
  - {use: fencer, id: ann, side: red}
  - {use: guard, id: bob, side: blue}
`
	passYAML = `name: Ann strikes first
encounter: duel.yaml
dice: [15, d6=3]
script:
  - ann: attack bob
  - bob: take
expect:
  state:
    combatants.bob.lp: 7
  prompt: {kind: act, actor: bob}
  dice_left: 0
`
	failYAML = `encounter: duel.yaml
dice: [15, 3, 1]
script:
  - ann: attack bob
  - {actor: bob, do: take, expect_error: not-allowed-now}
expect:
  state:
    combatants.bob.lp: 12
  dice_left: 0
`
	malformedYAML = `ruleset: reference
title: Malformed
sides: [{id: red}, {id: blue}]
combatants:
  - id: ann
    side: red
    lp: 8
    evade: 3
    defence: 10
  - {use: guard, side: blue}
`
	weaponYAML = "name: club\nkind: melee\n"
)

// TestCheckPasses checks the report of files that pass.
func TestCheckPasses(t *testing.T) {
	dir := writeFiles(t, map[string]string{"duel.yaml": duelYAML, "pass.yaml": passYAML})
	r := frayReference(t, "check", filepath.Join(dir, "pass.yaml"), filepath.Join(dir, "duel.yaml"))
	want := fmt.Sprintf("ok   %[1]s/pass.yaml (Ann strikes first)\nok   %[1]s/duel.yaml (encounter)\n2 passed, 0 failed\n", dir)
	if r.code != exitOK || r.stdout != want || r.stderr != "" {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr:\n%s", r.code, r.stdout, want, r.stderr)
	}
}

// TestCheckFails checks that every mismatch and problem is reported with
// its file and line, and the exit status.
func TestCheckFails(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"duel.yaml":      duelYAML,
		"fail.yaml":      failYAML,
		"malformed.yaml": malformedYAML,
	})
	r := frayReference(t, "check", filepath.Join(dir, "fail.yaml"), filepath.Join(dir, "malformed.yaml"))
	want := fmt.Sprintf(`FAIL %[1]s/fail.yaml
    %[1]s/fail.yaml:5: step 2 "bob: take" was accepted, but a refusal (not-allowed-now) was expected; it did: bob takes 5 damage (d6=3 +2): 7 LP left
    %[1]s/fail.yaml:8: state combatants.bob.lp: want 12, got 7
    %[1]s/fail.yaml:9: dice left: want 0 unused, got 1: [1]
FAIL %[1]s/malformed.yaml (encounter)
    %[1]s/malformed.yaml:8:5: unknown field "evade" in combatants[0]; allowed: id, name, side, lp, skill, defence, weapons
0 passed, 2 failed
`, dir)
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
	if r.stderr != "fray: 2 of 2 files failed\n" {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestCheckDirectories checks that directories are searched at any depth
// for scenario and encounter files, skipping other YAML, and that a
// directory without any fails.
func TestCheckDirectories(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"duel.yaml":          duelYAML,
		"worked/pass.yaml":   passYAML,
		"worked/duel.yaml":   duelYAML,
		"content/club.yaml":  weaponYAML,
		"notes.txt":          "not YAML",
		"worked/broken.yml":  "encounter: [\n",
		"empty/.placeholder": "",
	})
	r := frayReference(t, "check", dir)
	want := fmt.Sprintf(`ok   %[1]s/duel.yaml (encounter)
FAIL %[1]s/worked/broken.yml
    %[1]s/worked/broken.yml:1:12: YAML: sequence end token ']' not found
ok   %[1]s/worked/duel.yaml (encounter)
ok   %[1]s/worked/pass.yaml (Ann strikes first)
3 passed, 1 failed
`, dir)
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}

	r = frayReference(t, "check", filepath.Join(dir, "empty"), filepath.Join(dir, "content/club.yaml"), filepath.Join(dir, "absent.yaml"))
	want = fmt.Sprintf(`FAIL %[1]s/empty
    no scenario or encounter files here
FAIL %[1]s/content/club.yaml
    neither a scenario file (no top-level encounter, script or expect) nor an encounter file (no top-level ruleset)
FAIL %[1]s/absent.yaml
    stat %[1]s/absent.yaml: no such file or directory
0 passed, 3 failed
`, dir)
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
}

// TestCheckVerbose checks that -v prints each decision with its dice and
// what happened.
func TestCheckVerbose(t *testing.T) {
	dir := writeFiles(t, map[string]string{"duel.yaml": duelYAML, "pass.yaml": passYAML})
	r := frayReference(t, "check", "-v", filepath.Join(dir, "pass.yaml"))
	want := fmt.Sprintf(`ok   %s/pass.yaml (Ann strikes first)
    1. ann: attack bob  [d20=15]
         ann attacks bob with sword
         ann rolls d20=15+4 = 19 against defence 12: hit
    2. bob: take  [d6=3]
         bob takes 5 damage (d6=3 +2): 7 LP left
1 passed, 0 failed
`, dir)
	if r.code != exitOK || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
}

// TestCheckUsage checks the exit status of fray check invoked wrongly.
func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{{"check"}, {"check", "--nope", "x.yaml"}, {"schema"}, {"schema", "a", "b"}} {
		r := fray(t, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "Run 'fray ") {
			t.Errorf("fray %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}

// TestCheckRegistry checks fray check and fray schema with the rulesets
// fray really offers.
func TestCheckRegistry(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.IDs()) == 0 {
		t.Fatal("fray offers no rulesets")
	}
	dir := writeFiles(t, map[string]string{"toy.yaml": "ruleset: toy\n"})
	r := fray(t, "check", filepath.Join(dir, "toy.yaml"))
	if r.code != exitError || !strings.Contains(r.stdout, `toy.yaml:1:10: unknown ruleset "toy" (known: `+strings.Join(reg.IDs(), ", ")+")") {
		t.Errorf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
	for _, id := range reg.IDs() {
		out := mustSucceed(t, "schema", id)
		var s struct {
			Schema     string         `json:"$schema"`
			Properties map[string]any `json:"properties"`
			Defs       map[string]any `json:"$defs"`
		}
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("fray schema %s: %v", id, err)
		}
		if s.Schema == "" || s.Properties["ruleset"] == nil || len(s.Defs) == 0 {
			t.Errorf("fray schema %s: %.200s", id, out)
		}
	}
	r = fray(t, "schema", "chess")
	if r.code != exitError || !strings.Contains(r.stderr, `unknown ruleset "chess"`) {
		t.Errorf("fray schema chess: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestSchemaReference checks that fray schema prints the schema of the
// reference ruleset.
func TestSchemaReference(t *testing.T) {
	r := frayReference(t, "schema", "reference")
	if r.code != exitOK || !strings.Contains(r.stdout, `"Combatant": {`) || !strings.HasSuffix(r.stdout, "}\n") {
		t.Errorf("exit %d, stdout:\n%.300s", r.code, r.stdout)
	}
}

// TestCheckRepository runs fray check, with the rulesets fray offers, on
// the first scenario file of each ruleset and on its bundled content, where
// the encounters are loaded and the rest is skipped. Every scenario file is
// run by its ruleset's own test (TestScenarios in rules/ID, with
// scenariotest.RunFiles); this test checks that each directory of
// scenarios/ is a ruleset's, so that none goes unrun.
func TestCheckRepository(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := os.ReadDir("../../scenarios")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if _, err := reg.Lookup(d.Name()); err != nil || !d.IsDir() {
			t.Errorf("scenarios/%s: not the directory of a ruleset fray offers, so no ruleset's TestScenarios runs it", d.Name())
		}
	}
	args := []string{"check"}
	var want []string
	for _, id := range reg.IDs() {
		files, _ := filepath.Glob(filepath.Join("../../scenarios", id, "*.yaml"))
		if len(files) == 0 {
			t.Errorf("ruleset %s has no scenario files in scenarios/%s", id, id)
			continue
		}
		content := filepath.Join("../../rules", id, "content")
		args = append(args, files[0], content)
		want = append(want, "ok   "+files[0]+" (", "ok   "+content+string(filepath.Separator))
	}
	r := fray(t, args...)
	if r.code != exitOK || !strings.Contains(r.stdout, " passed, 0 failed\n") {
		t.Errorf("fray %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	for _, w := range want {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("fray %s: no line %q in\n%s", strings.Join(args, " "), w, r.stdout)
		}
	}
}
