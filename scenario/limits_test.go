package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fray/scenario"
)

// TestHostileDocumentsRefusedEarly checks that documents past the limits
// are refused cheaply, naming the limit, before the YAML library parses
// them (it took minutes and gigabytes on the deepest of these).
func TestHostileDocumentsRefusedEarly(t *testing.T) {
	reg := registry(t)
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"flow nesting", "ruleset: reference\nsides: " + strings.Repeat("[", 100_000),
			"f.yaml:2:71: the document is nested more than 64 deep (mappings and lists inside each other), the limit"},
		{"flow mappings", "ruleset: reference\nsides: " + strings.Repeat("{a: ", 100_000),
			"f.yaml:2:260: the document is nested more than 64 deep (mappings and lists inside each other), the limit"},
		{"compact block lists", "ruleset: reference\nsides:\n  " + strings.Repeat("- ", 100_000) + "x",
			"f.yaml:3:129: the document is nested more than 64 deep (mappings and lists inside each other), the limit"},
		{"indented mappings", "ruleset: reference\n" + indented(100),
			"f.yaml:66:65: the document is nested more than 64 deep (mappings and lists inside each other), the limit"},
		{"many nodes", "ruleset: reference\nsides: [" + strings.Repeat("1,", 30_000) + "1]\n",
			"f.yaml:2:40001: the document holds more than 20000 YAML nodes (keys, values and list entries), the limit"},
		{"too large", "ruleset: reference\ndescription: " + strings.Repeat("x", scenario.MaxFileSize),
			"f.yaml: the document is too large: fray reads files of at most 1048576 bytes (1 MiB); it has 1048608"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The work done is measured by the memory allocated, which
			// unlike time does not depend on what else the machine runs.
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := scenario.ParseEncounter(reg, "f.yaml", []byte(tc.doc))
			runtime.ReadMemStats(&after)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error:\n%v\nwant:\n%s", err, tc.want)
			}
			// Tokenizing takes tens of MiB; parsing these took gigabytes.
			if n := after.TotalAlloc - before.TotalAlloc; n > 256<<20 {
				t.Errorf("%d MiB allocated to refuse it", n>>20)
			}
		})
	}
}

// indented is n mappings, each indented one further than the last.
func indented(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat(" ", i), i)
	}
	return b.String()
}

// TestReadFileOnlyRegularFiles checks that devices and directories are not
// read, and that a file past the size limit is refused before it is read.
func TestReadFileOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, make([]byte, scenario.MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dev/zero": "/dev/zero is not a regular file (it is a device, pipe or socket); fray reads only regular files",
		dir:         dir + " is a directory, not a file",
		big:         big + " is too large: fray reads files of at most 1048576 bytes (1 MiB); it has 1048577",
	} {
		if _, err := scenario.ReadFile(path); err == nil || err.Error() != want {
			t.Errorf("ReadFile(%s): %v, want %s", path, err, want)
		}
	}
	ok := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(ok, []byte("x: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := scenario.ReadFile(ok); err != nil || string(data) != "x: 1\n" {
		t.Errorf("ReadFile(ok.yaml) = %q, %v", data, err)
	}
}

// TestScenarioEncounterDevice checks that a scenario's "encounter:" path is
// read under the same rules: /dev/zero is refused, not read forever.
func TestScenarioEncounterDevice(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "s.yaml", "encounter: /dev/zero\nscript: []\n")
	_, err := scenario.Run(registry(t), path)
	want := path + ":1:12: encounter: /dev/zero is not a regular file (it is a device, pipe or socket); fray reads only regular files"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
}

// TestFilesAreUTF8Text checks that a file that is not UTF-8 text is
// refused at the place of the first byte that is not, rather than read
// with that byte replaced, and that a UTF-8 file beginning with a
// byte-order mark (as some editors save it) reads as the same file without.
func TestFilesAreUTF8Text(t *testing.T) {
	dir := t.TempDir()
	enc := "ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: fencer, id: bob, side: blue, name: Bob}]\n"
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"a byte that is not UTF-8", strings.Replace(enc, "name: Bob", "name: B\xe9b", 1),
			"bad.yaml:3:91: the file is not UTF-8 text: the byte 0xe9 here is not UTF-8 (save the file as UTF-8)"},
		{"a key that is not UTF-8", enc + "\xff\xfe: 1\n",
			"bad.yaml:4:1: the file is not UTF-8 text: the byte 0xff here is not UTF-8 (save the file as UTF-8)"},
		{"UTF-16", "\xff\xfer\x00u\x00",
			"bad.yaml:1:1: the file is UTF-16 text (it starts with a UTF-16 byte-order mark); fray reads UTF-8: save it as UTF-8"},
	} {
		path := write(t, dir, "bad.yaml", tc.doc)
		_, err := scenario.LoadEncounter(registry(t), path)
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "reading the encounter: "+dir) {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
	path := write(t, dir, "bom.yaml", "\xef\xbb\xbf"+enc)
	if _, err := scenario.LoadEncounter(registry(t), path); err != nil {
		t.Errorf("a file with a byte-order mark: %v", err)
	}
	// Problems are placed as an editor shows the file, without the mark.
	path = write(t, dir, "bom.yaml", "\xef\xbb\xbfruleset: nope\n")
	if _, err := scenario.LoadEncounter(registry(t), path); err == nil || !strings.Contains(err.Error(), "bom.yaml:1:10: unknown ruleset \"nope\"") {
		t.Errorf("a file with a byte-order mark: %v", err)
	}
}
