package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// update makes TestTranscripts rewrite its golden files instead of
// comparing with them:
//
//	go test ./cmd/fray -run Transcript -update
//
// then read git diff cmd/fray/testdata/transcripts before committing.
var update = flag.Bool("update", false, "rewrite the golden transcripts of testdata/transcripts with what fray play prints now")

// transcriptSeeds are the seeds each bundled encounter is played with.
var transcriptSeeds = []int{1, 2}

// transcriptDir holds the golden transcripts, one directory a ruleset.
const transcriptDir = "testdata/transcripts"

// TestTranscripts plays every bundled encounter of every ruleset fray
// offers with "fray play NAME --auto --seed N", for each of
// transcriptSeeds, and compares the whole transcript, exactly, with
// testdata/transcripts/RULESET/NAME_seedN.txt. A change to the rules, the
// policies or the wording shows here as the first line that differs;
// when the change is meant, -update rewrites the files (and removes those
// of encounters that are gone), and git diff shows every difference.
func TestTranscripts(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{} // the golden files there should be
	for _, id := range reg.IDs() {
		info, err := reg.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		if info.Content == nil {
			continue
		}
		content := info.Content()
		var names []string
		for name, data := range content {
			// What fray play takes as a bundled encounter (findEncounter).
			if strings.Contains(string(data), "ruleset:") {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for _, name := range names {
			for _, seed := range transcriptSeeds {
				golden := filepath.Join(transcriptDir, id, fmt.Sprintf("%s_seed%d.txt", name, seed))
				want[golden] = true
				t.Run(fmt.Sprintf("%s/%s/seed%d", id, name, seed), func(t *testing.T) {
					args := []string{"play", name, "--auto", "--seed", fmt.Sprint(seed)}
					r := fray(t, args...)
					if r.code != exitOK {
						t.Fatalf("fray %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
					}
					if !strings.Contains(r.stdout, "The fight is over after") {
						t.Errorf("fray %s: the fight does not end; it ends %q", strings.Join(args, " "), tail(r.stdout))
					}
					compareGolden(t, golden, "fray "+strings.Join(args, " "), r.stdout)
				})
			}
		}
	}
	stale, _ := filepath.Glob(filepath.Join(transcriptDir, "*", "*.txt"))
	for _, f := range stale {
		if want[f] {
			continue
		}
		if *update {
			if err := os.Remove(f); err != nil {
				t.Error(err)
			}
			continue
		}
		t.Errorf("%s: the transcript of no bundled encounter; go test ./cmd/fray -run Transcript -update removes it", f)
	}
}

// compareGolden fails the test unless got is the golden file's contents,
// naming the first line that differs; with -update it writes got to the
// file instead.
func compareGolden(t *testing.T, golden, what, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v; go test ./cmd/fray -run Transcript -update writes it", err)
	}
	if want := string(data); got != want {
		t.Errorf("%s differs from %s%s\ngo test ./cmd/fray -run Transcript -update rewrites it, for git diff to show every difference",
			what, golden, firstDifference(want, got))
	}
}

// firstDifference describes the first line where got differs from want,
// with the two lines before it.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, " at line %d (%d lines, want %d):\n", i+1, len(g), len(w))
	for _, l := range g[max(0, i-2):i] {
		fmt.Fprintf(&b, "      %s\n", l)
	}
	if i < len(w) {
		fmt.Fprintf(&b, "want  %s\n", w[i])
	} else {
		b.WriteString("want  (the end)\n")
	}
	if i < len(g) {
		fmt.Fprintf(&b, "got   %s", g[i])
	} else {
		b.WriteString("got   (the end)")
	}
	return b.String()
}

// TestFirstDifference checks the report of a changed golden file: a
// changed line, a line more, a line fewer.
func TestFirstDifference(t *testing.T) {
	for _, c := range []struct{ want, got, report string }{
		{"a\nb\nc\nd\n", "a\nb\nC\nd\n", " at line 3 (5 lines, want 5):\n      a\n      b\nwant  c\ngot   C"},
		{"a\n", "a\nb\n", " at line 2 (3 lines, want 2):\n      a\nwant  \ngot   b"},
		{"a\nb", "a", " at line 2 (1 lines, want 2):\n      a\nwant  b\ngot   (the end)"},
	} {
		if got := firstDifference(c.want, c.got); got != c.report {
			t.Errorf("firstDifference(%q, %q) =\n%s\nwant\n%s", c.want, c.got, got, c.report)
		}
	}
}
