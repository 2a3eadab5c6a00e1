package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"fray/engine"
	"fray/scenario"
)

// newCheckCmd returns the "fray check" command, which finds its rulesets
// with registry.
func newCheckCmd(registry func() (*engine.Registry, error)) *cobra.Command {
	var verbose bool
	var content []string
	cmd := &cobra.Command{
		Use:   "check FILE|DIR...",
		Short: "Run scenario files and validate encounter files",
		Long: `Run scenario files and validate encounter files.

A scenario file (one with a top-level encounter, script or expect key) is run:
its script is played against its encounter with its forced dice, and every
step refused or accepted against expectation and every expectation not met is
reported with its line. An encounter file (one with a top-level ruleset key
and none of those) is loaded and started, and every problem in it is reported
with its line and column.

A directory is searched for *.yaml and *.yml files at any depth; files that
are neither scenarios nor encounters there (bundled content, say) are
skipped. A file named on the command line must be one or the other.

--content DIR is a folder of content documents (stat blocks, weapons,
encounters): "use: NAME" in every file checked finds DIR/NAME.yaml after the
file's own content: folders and before the ruleset's bundled content.
Stat blocks and weapons in a directory checked are skipped like other
content; an encounter there is checked as a file of its own, so one that
uses its neighbours names its folder ("content: .").

Each file gets one line, "ok" or "FAIL", followed by what went wrong, and a
last line counts the files that passed and failed. fray check exits with
status 1 if any file failed. docs/scenarios.md describes the file formats.

Only regular files of at most 1 MiB are read; a YAML document may nest at
most 64 deep and hold at most 20000 nodes, and every number must be finite
and at most 1000000000 either way (docs/limits.md lists every limit).`,
		Example: `  fray check scenarios/
  fray check e3_attack_hits.yaml -v
  fray check my_scenarios/ --content my_monsters`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("missing scenario or encounter files, as in: %s scenarios/", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := registry()
			if err != nil {
				return err
			}
			opts, err := contentOptions(content)
			if err != nil {
				return err
			}
			return runCheck(cmd.OutOrStdout(), reg, args, verbose, opts...)
		},
	}
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "print each scenario's transcript: every decision with its dice and what happened")
	addContentFlag(cmd, &content)
	return cmd
}

// checkTarget is one file for fray check, or a problem finding files.
type checkTarget struct {
	path string
	kind scenario.FileKind
	err  error // set when the file cannot be checked at all
}

// runCheck checks the files and directories in paths, writing a report to
// w; opts are how every file is loaded (its --content folders). It
// returns an error when any file failed.
func runCheck(w io.Writer, reg *engine.Registry, paths []string, verbose bool, opts ...scenario.Option) error {
	var targets []checkTarget
	for _, p := range paths {
		targets = append(targets, findTargets(p)...)
	}
	passed, failed := 0, 0
	for _, t := range targets {
		if checkOne(w, reg, t, verbose, opts) {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return fmt.Errorf("%d of %d files failed", failed, passed+failed)
	}
	return nil
}

// findTargets returns the files to check for one command-line path: the
// file itself, or the scenario and encounter files below a directory.
func findTargets(path string) []checkTarget {
	info, err := os.Stat(path)
	if err != nil {
		return []checkTarget{{path: path, err: err}}
	}
	if !info.IsDir() {
		data, err := scenario.ReadFile(path)
		if err != nil {
			return []checkTarget{{path: path, err: err}}
		}
		kind, err := scenario.Detect(path, data)
		if err == nil && kind == scenario.OtherFile {
			err = errors.New("neither a scenario file (no top-level encounter, script or expect) nor an encounter file (no top-level ruleset)")
		}
		return []checkTarget{{path: path, kind: kind, err: err}}
	}
	var out []checkTarget
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, checkTarget{path: p, err: err})
			return nil
		}
		if d.IsDir() || (filepath.Ext(p) != ".yaml" && filepath.Ext(p) != ".yml") {
			return nil
		}
		data, err := scenario.ReadFile(p)
		if err != nil {
			out = append(out, checkTarget{path: p, err: err})
			return nil
		}
		kind, err := scenario.Detect(p, data)
		if err != nil || kind != scenario.OtherFile {
			out = append(out, checkTarget{path: p, kind: kind, err: err})
		}
		return nil
	})
	if err != nil {
		out = append(out, checkTarget{path: path, err: err})
	}
	if len(out) == 0 {
		out = append(out, checkTarget{path: path, err: errors.New("no scenario or encounter files here")})
	}
	return out
}

// checkOne checks one file and reports it, saying whether it passed. A
// panic while checking it fails the file, not the whole check, so that the
// files after it are still checked.
func checkOne(w io.Writer, reg *engine.Registry, t checkTarget, verbose bool, opts []scenario.Option) (passed bool) {
	defer func() {
		if r := recover(); r != nil {
			report(w, t.path, "", []string{fmt.Sprintf("internal error (a bug in fray, please report it): panic: %v", r)})
			passed = false
		}
	}()
	if t.err != nil {
		report(w, t.path, "", errorLines(t.err))
		return false
	}
	if t.kind == scenario.EncounterFile {
		_, err := scenario.LoadEncounter(reg, t.path, opts...)
		if err != nil {
			report(w, t.path, "encounter", errorLines(err))
			return false
		}
		report(w, t.path, "encounter", nil)
		return true
	}
	res, err := scenario.Run(reg, t.path, opts...)
	if err != nil {
		report(w, t.path, "", errorLines(err))
		return false
	}
	var lines []string
	for _, m := range res.Mismatches {
		lines = append(lines, m.String())
	}
	report(w, t.path, res.Name, lines)
	if verbose {
		writeTranscript(w, res.Transcript, res.Refusals)
	}
	return res.Passed()
}

// report writes a file's line, "ok" or "FAIL" with its name or kind, and
// what went wrong, indented.
func report(w io.Writer, path, note string, problems []string) {
	status := "ok  "
	if len(problems) > 0 {
		status = "FAIL"
	}
	if note != "" {
		fmt.Fprintf(w, "%s %s (%s)\n", status, path, note)
	} else {
		fmt.Fprintf(w, "%s %s\n", status, path)
	}
	for _, p := range problems {
		fmt.Fprintf(w, "    %s\n", p)
	}
}

// errorLines splits an error into its lines, as errors.Join writes them.
func errorLines(err error) []string {
	return strings.Split(err.Error(), "\n")
}

// writeTranscript writes each decision with its dice and what happened,
// and each step refused where it was refused, with its code and reason.
func writeTranscript(w io.Writer, transcript []engine.Entry, refusals []scenario.Refusal) {
	refused := func(after int) {
		for _, r := range refusals {
			if r.After != after {
				continue
			}
			note := "refused"
			if r.Expected {
				note = "refused, as expected"
			}
			fmt.Fprintf(w, "    -. %s: %s  (step %d, line %d: %s, %s)\n", r.Actor, r.Command, r.Step, r.Pos.Line, note, r.Code)
			fmt.Fprintf(w, "         %s\n", r.Reason)
		}
	}
	for i, e := range transcript {
		refused(i)
		fmt.Fprintf(w, "    %d. %s: %s", i+1, e.Actor, e.Command)
		if len(e.Dice) > 0 {
			dice := make([]string, len(e.Dice))
			for j, d := range e.Dice {
				dice[j] = d.String()
			}
			fmt.Fprintf(w, "  [%s]", strings.Join(dice, ", "))
		}
		fmt.Fprintln(w)
		for _, l := range e.Lines {
			fmt.Fprintf(w, "         %s\n", l)
		}
	}
	refused(len(transcript))
}
