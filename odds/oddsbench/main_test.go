package main

import (
	"regexp"
	"strings"
	"testing"
)

// The benchmark walks the fights it is asked to and reports every prompt:
// here the reference ruleset's encounters, whose odds are quick, every
// option exact, and the pistol shot exact.
func TestBenchmarkReports(t *testing.T) {
	var b strings.Builder
	if err := run(&b, []string{"-only", "reference_", "-decisions", "10"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"odds of every prompt of 3 seeded fights (seed 1, at most 10 decisions each), a menu's budget 20000 dice paths",
		"the README's pistol shot (pistols_at_dawn, eastman: attack westman): ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	// reference: 27 prompts (a fight ended early), every option exact
	// (none partial, all within 1e-6), none estimated, refused or blank.
	row := regexp.MustCompile(`(?m)^\s+reference\s+27\s.*\s100\.0%\s+0\.0%\s+100\.0%\s+0\.0%\s+0\.0%\s+0\s`)
	if !row.MatchString(out) {
		t.Errorf("the reference row is not 27 prompts, all exact:\n%s", out)
	}
	if !strings.HasSuffix(strings.TrimSpace(out), "exact") {
		t.Errorf("the pistol shot is not exact:\n%s", out)
	}
}
