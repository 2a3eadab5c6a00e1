package scenariotest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// pathsEnv carries the paths TestHelperRunFiles runs, from the tests below
// to the child process they start.
const pathsEnv = "SCENARIOTEST_PATHS"

// TestHelperRunFiles is the child process of the tests below, which check
// what RunFiles reports, failures included, from outside: it runs the
// reference ruleset's files at the paths in SCENARIOTEST_PATHS, and skips
// when there are none.
func TestHelperRunFiles(t *testing.T) {
	paths := os.Getenv(pathsEnv)
	if paths == "" {
		t.Skip("the child process of the RunFiles tests")
	}
	reg, err := engine.NewRegistry(reference.Info())
	if err != nil {
		t.Fatal(err)
	}
	scenariotest.RunFiles(t, reg, filepath.SplitList(paths)...)
}

// runFiles runs RunFiles on paths in a child process, and returns its
// verbose output and whether it failed.
func runFiles(t *testing.T, paths ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRunFiles$", "-test.v")
	cmd.Env = append(os.Environ(), pathsEnv+"="+strings.Join(paths, string(filepath.ListSeparator)))
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), err != nil
}

// contains fails the test unless out has every one of wants.
func contains(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in the output:\n%s", w, out)
		}
	}
}

// copyFile copies the file from into dir under the name to.
func copyFile(t *testing.T, from, dir, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	to = filepath.Join(dir, to)
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The reference ruleset's files these tests run.
const (
	passing   = "../../scenarios/reference/critical_hit.yaml"
	encounter = "../../rules/reference/content/reference_skirmish.yaml"
)

// TestRunFilesPasses runs a passing scenario and an encounter named one by
// one, and a directory of them at two depths where a content file is
// skipped: each file is a passing subtest named after it.
func TestRunFilesPasses(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, encounter, dir, "skirmish.yaml")
	copyFile(t, encounter, dir, "deeper/skirmish.yaml")
	copyFile(t, passing, dir, "deeper/critical.yml")
	if err := os.WriteFile(filepath.Join(dir, "markus.yaml"), []byte("id: markus\nlp: 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, failed := runFiles(t, passing, encounter, dir)
	if failed {
		t.Errorf("failed:\n%s", out)
	}
	contains(t, out,
		"--- PASS: TestHelperRunFiles/critical_hit.yaml ",
		"--- PASS: TestHelperRunFiles/reference_skirmish.yaml ",
		"--- PASS: TestHelperRunFiles/skirmish.yaml ",
		"--- PASS: TestHelperRunFiles/deeper/skirmish.yaml ",
		"--- PASS: TestHelperRunFiles/deeper/critical.yml ",
	)
	if strings.Contains(out, "markus.yaml") {
		t.Errorf("a content file was run:\n%s", out)
	}
}

// failing is a scenario of the reference ruleset that gets everything
// wrong: a refusal that is not one, a state, the dice left.
const failing = `name: Everything goes wrong
encounter:
  ruleset: reference
  use: reference_skirmish
dice: [d20=20, d6=2, d6=3, d6=4, 5]
script:
  - ann: attack bob
  - { actor: bob, do: dodge, expect_error: invalid }
expect:
  state:
    combatants.bob.lp: 8
  dice_left: 0
`

// TestRunFilesReportsMismatches runs a failing scenario: its subtest fails
// with every mismatch at its line, and the transcript of the run.
func TestRunFilesReportsMismatches(t *testing.T) {
	f := filepath.Join(t.TempDir(), "fail.yaml")
	if err := os.WriteFile(f, []byte(failing), 0o644); err != nil {
		t.Fatal(err)
	}
	out, failed := runFiles(t, f, passing)
	if !failed {
		t.Errorf("passed:\n%s", out)
	}
	contains(t, out,
		"--- FAIL: TestHelperRunFiles/fail.yaml ",
		f+`:8: step 2 "bob: dodge" was accepted, but a refusal (invalid) was expected`,
		f+`:11: state combatants.bob.lp: want 8, got 3`,
		f+`:12: dice left: want 0 unused, got 1: [5]`,
		"the run's transcript:",
		"2. bob: dodge  [d6=2, d6=3, d6=4]",
		"--- PASS: TestHelperRunFiles/critical_hit.yaml ",
	)
}

// TestRunFilesProblems checks that what cannot be run fails: a file that
// does not load, a directory without scenarios, a content file named on
// its own, a path that does not exist.
func TestRunFilesProblems(t *testing.T) {
	empty := t.TempDir()
	content := filepath.Join(t.TempDir(), "markus.yaml")
	if err := os.WriteFile(content, []byte("id: markus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(broken, []byte("encounter: nowhere.yaml\nscript: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"empty directory", []string{empty}, "no scenario or encounter files here"},
		{"content file", []string{content}, "neither a scenario file"},
		{"no such file", []string{filepath.Join(empty, "missing.yaml")}, "no such file"},
		{"broken scenario", []string{broken}, "nowhere.yaml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, failed := runFiles(t, c.paths...)
			if !failed {
				t.Errorf("passed:\n%s", out)
			}
			contains(t, out, c.want)
		})
	}
}
