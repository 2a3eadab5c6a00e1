package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sessionGolden holds what TestPlaySession prints, typed input and all.
const sessionGolden = "testdata/session.golden"

// TestPlaySession types a whole fight into fray play, through the same
// code path the terminal uses (run with stdin), and compares everything
// printed, exactly, with testdata/session.golden (-update rewrites it). The
// person asks for help and positions, mistypes an initiative die and takes
// it back, saves and quits; then resumes the saved fight, mistypes a
// damage die, takes it back at the die prompt, and plays to the end.
func TestPlaySession(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "fight.json")
	var out bytes.Buffer
	session := func(input string, args ...string) {
		t.Helper()
		fmt.Fprintf(&out, "$ fray play %s\n", strings.Join(args, " "))
		for _, line := range strings.SplitAfter(input, "\n") {
			if line != "" {
				fmt.Fprintf(&out, "< %s", line)
			}
		}
		r := play(t, input, args...)
		fmt.Fprintf(&out, "%s[exit %d]\n%s\n", r.stdout, r.code, r.stderr)
	}
	session("?\nwhere\n\n4\nundo\n\n5\n3\nsave "+saved+"\nquit\n",
		"pistols_at_dawn", "--dice", "manual", "--side", "east")
	session("where\n1\n9\n7\n8\nundo\n3\n1\n", "--resume", saved, "--dice", "manual")
	got := strings.ReplaceAll(out.String(), dir, "DIR")
	if *update {
		if err := os.WriteFile(sessionGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(sessionGolden)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/fray -run TestPlaySession -update to write it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\ngot:  %s\nwant: %s", sessionGolden, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: got %d lines, want %d", sessionGolden, len(gl), len(wl))
	}
}
