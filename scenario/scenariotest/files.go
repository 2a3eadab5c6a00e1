package scenariotest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/engine"
	"fray/scenario"
)

// RunFiles checks every scenario and encounter file found at paths, as
// fray check does, each in a subtest of t named after the file: a scenario
// file is run against its encounter and every mismatch is reported as an
// error with its line, followed by the run's transcript; an encounter file
// is loaded and started. reg holds the rulesets the files may name.
//
// A path is a file, which must be a scenario or an encounter, or a
// directory, searched at any depth for *.yaml and *.yml files; files
// there that are neither (bundled content, say) are skipped, and a
// directory with none at all is an error. A subtest's name is the file's
// path relative to the directory it was found in, so that
//
//	go test ./rules/blackpowder -run 'TestScenarios/e03'
//
// runs one file again. A ruleset's package test calls it with a registry
// holding that ruleset and the directories of its scenario files:
//
//	func TestScenarios(t *testing.T) {
//		reg, err := engine.NewRegistry(mygame.Info())
//		if err != nil {
//			t.Fatal(err)
//		}
//		scenariotest.RunFiles(t, reg, "../../scenarios/mygame", "content")
//	}
func RunFiles(t *testing.T, reg *engine.Registry, paths ...string) {
	t.Helper()
	if len(paths) == 0 {
		t.Error("scenariotest.RunFiles: no files or directories to run")
	}
	for _, p := range paths {
		files, err := findFiles(p)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, f := range files {
			t.Run(f.name, func(t *testing.T) {
				checkFile(t, reg, f)
			})
		}
	}
}

// file is one file for RunFiles.
type file struct {
	path string // to read it by
	name string // of its subtest
	kind scenario.FileKind
	err  error // set when the file cannot be told apart
}

// findFiles returns the scenario and encounter files at path: the file
// itself, or those below a directory, in lexical order.
func findFiles(path string) ([]file, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		f := detect(path, filepath.Base(path))
		if f.err == nil && f.kind == scenario.OtherFile {
			f.err = fmt.Errorf("%s: neither a scenario file (no top-level encounter, script or expect) nor an encounter file (no top-level ruleset)", path)
		}
		return []file{f}, nil
	}
	var out []file
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (filepath.Ext(p) != ".yaml" && filepath.Ext(p) != ".yml") {
			return nil
		}
		rel, err := filepath.Rel(path, p)
		if err != nil {
			return err
		}
		if f := detect(p, filepath.ToSlash(rel)); f.err != nil || f.kind != scenario.OtherFile {
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no scenario or encounter files here", path)
	}
	return out, nil
}

// detect reads the file at path and says what it is.
func detect(path, name string) file {
	f := file{path: path, name: name}
	data, err := os.ReadFile(path)
	if err != nil {
		f.err = err
		return f
	}
	f.kind, f.err = scenario.Detect(path, data)
	return f
}

// checkFile runs a scenario file or loads an encounter file, reporting
// what went wrong on t.
func checkFile(t *testing.T, reg *engine.Registry, f file) {
	t.Helper()
	if f.err != nil {
		t.Fatal(f.err)
	}
	if f.kind == scenario.EncounterFile {
		if _, err := scenario.LoadEncounter(reg, f.path); err != nil {
			t.Fatal(err)
		}
		return
	}
	res, err := scenario.Run(reg, f.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Mismatches {
		t.Error(m.String())
	}
	if !res.Passed() {
		t.Logf("the run's transcript:\n%s", transcript(res.Transcript))
	}
}

// transcript formats the entries of a transcript one decision a line, as
// fray check -v writes them: the actor, the command and the dice it drew,
// then what happened, indented.
func transcript(entries []engine.Entry) string {
	var b strings.Builder
	for i, e := range entries {
		fmt.Fprintf(&b, "%d. %s: %s", i+1, e.Actor, e.Command)
		if len(e.Dice) > 0 {
			dice := make([]string, len(e.Dice))
			for j, d := range e.Dice {
				dice[j] = d.String()
			}
			fmt.Fprintf(&b, "  [%s]", strings.Join(dice, ", "))
		}
		b.WriteByte('\n')
		for _, l := range e.Lines {
			fmt.Fprintf(&b, "   %s\n", l)
		}
	}
	return b.String()
}

// RunRuleset is a ruleset's TestScenarios, run from its package's
// directory rules/ID: RunFiles on the scenario files of scenarios/ID and
// on the bundled content in content, with a registry holding only the
// ruleset info describes.
func RunRuleset(t *testing.T, info engine.RulesetInfo) {
	t.Helper()
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	RunFiles(t, reg, "../../scenarios/"+info.ID, "content")
}
