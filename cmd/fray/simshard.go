package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"fray/engine"
	"fray/sim"
)

// jobIndexEnv is the environment variable a Kubernetes Indexed Job sets to
// the index of each of its pods; --shard env/N reads the shard's index
// from it.
const jobIndexEnv = "JOB_COMPLETION_INDEX"

// buildVersion is the version a release build stamps into fray
// (-ldflags "-X main.buildVersion=..."), as the container image does; empty
// otherwise, and the Go toolchain's build information says what was built.
var buildVersion string

// frayVersion says which fray this is, for the identity of a simulation's
// shards: results of different builds need not agree. It is the stamped
// version or the module's version and commit, and the platform (a build
// for another architecture may round floating point differently).
func frayVersion() string {
	v := buildVersion
	if v == "" {
		v = "(unknown)"
		if info, ok := debug.ReadBuildInfo(); ok {
			v = info.Main.Version
			var rev, dirty string
			for _, s := range info.Settings {
				switch {
				case s.Key == "vcs.revision":
					rev = s.Value
				case s.Key == "vcs.modified" && s.Value == "true":
					dirty = "+dirty"
				}
			}
			if rev != "" && !strings.Contains(v, rev[:min(len(rev), 12)]) {
				v += " " + rev + dirty
			}
		}
	}
	return fmt.Sprintf("fray %s %s/%s", v, runtime.GOOS, runtime.GOARCH)
}

// parseShard reads --shard, taking the index from $JOB_COMPLETION_INDEX
// for env/N; nil without --shard. A shard writes its totals as JSON for
// fray sim merge, so it needs --json, and cannot plot.
func parseShard(opts simOptions) (*sim.Shard, error) {
	if opts.shard == "" {
		return nil, nil
	}
	spec := opts.shard
	if rest, ok := strings.CutPrefix(spec, "env/"); ok {
		index, set := os.LookupEnv(jobIndexEnv)
		if !set {
			return nil, usageErrorf("--shard %s: %s is not set (a Kubernetes Indexed Job sets it in each pod); give the index instead, as in --shard 0/%s", spec, jobIndexEnv, rest)
		}
		spec = index + "/" + rest
	}
	shard, err := sim.ParseShard(spec)
	if err != nil {
		if spec != opts.shard {
			err = fmt.Errorf("%w (%s is %q)", err, jobIndexEnv, os.Getenv(jobIndexEnv))
		}
		return nil, &usageError{err: err}
	}
	switch {
	case !opts.json:
		return nil, usageErrorf("--shard %s writes the shard's totals as JSON for fray sim merge: add --json", opts.shard)
	case opts.plot != "":
		return nil, usageErrorf("--shard %s: a shard does not plot; fray sim merge --plot draws the merged report", opts.shard)
	}
	return &shard, nil
}

// experiment is what the run is a run of, for its shards: what merging
// them checks they agree on.
func (r *simRun) experiment(vary *sim.Vary) (*sim.Experiment, error) {
	state, err := r.file.Table.State(engine.Everyone)
	if err != nil {
		return nil, fmt.Errorf("%s: the state to identify the experiment by: %w", r.name, err)
	}
	h := sha256.New()
	h.Write(r.data)
	h.Write([]byte{0})
	h.Write(state)
	e := &sim.Experiment{
		Version: frayVersion(), Encounter: r.name, EncounterSHA256: hex.EncodeToString(h.Sum(nil)),
		Ruleset: r.simulator.Ruleset(), Seed: r.opts.seed, Fights: int64(r.opts.fights),
		Policies: r.policies, MaxDecisions: r.opts.maxDecisions,
	}
	if len(e.Policies) == 0 {
		e.Policies = nil
	}
	if vary != nil {
		e.Vary = r.opts.vary
	}
	return e, nil
}

// shard plays the fights of one shard of the run (at every value of vary,
// when given) and writes its totals as JSON. A shard stopped before its
// fights are played writes nothing: its totals would not merge.
func (r *simRun) shard(out io.Writer, vary *sim.Vary, shard sim.Shard) error {
	exp, err := r.experiment(vary)
	if err != nil {
		return err
	}
	points, table := 1, r.file.Table
	if vary != nil {
		points = len(vary.Values)
		// Check the path against the file before any fight is played.
		if _, err := r.vary(vary, vary.Values[0]); err != nil {
			return &usageError{err: err}
		}
	}
	spans, err := shard.Spans(points, exp.Fights)
	if err != nil {
		return &usageError{err: fmt.Errorf("--shard %s: %w", r.opts.shard, err)}
	}
	var total int64
	for _, sp := range spans {
		total += sp.To - sp.From
	}
	p := startProgress(r.stderr, total)
	defer p.stop()
	f := &sim.ShardFile{Format: sim.ShardFormat, Experiment: *exp, Shard: shard, Parts: []sim.Part{}}
	for _, sp := range spans {
		at, part := r.name, sim.Part{Point: sp.Point}
		if vary != nil {
			part.Value = vary.Values[sp.Point]
			if table, at, err = r.tableAt(vary, part.Value); err != nil {
				return err
			}
		}
		opts := r.options(p.add)
		opts.First, opts.Fights = int(sp.From), int(sp.To-sp.From)
		if part.Partial, err = r.simulator.SimulatePartial(table, opts); err != nil {
			return fmt.Errorf("simulating %s: %w", at, err)
		}
		if part.Partial.Interrupted() {
			return &interruptedError{msg: fmt.Sprintf("shard %s was stopped before its fights were played; it wrote nothing, run it again", shard)}
		}
		f.Parts = append(f.Parts, part)
	}
	p.stop()
	return f.WriteJSON(out)
}

// simMergeOptions are the flags of "fray sim merge".
type simMergeOptions struct {
	json   bool
	plot   string
	output string
}

// newSimMergeCmd returns the "fray sim merge" command.
func newSimMergeCmd() *cobra.Command {
	var opts simMergeOptions
	cmd := &cobra.Command{
		Use:   "merge FILE|DIR...",
		Short: "Merge the shards of a simulation into its report",
		Long: `Merge the files written by the N shards of a simulation (fray sim ...
--shard I/N --json) into the report one run of the same flags gives: the
same counts, rates, intervals, histograms and sweeps, as text, JSON
(--json) or a plot (--plot), to the last digit.

A DIR stands for every .json file in it. The shards must be of one
experiment (the same fray, encounter, seed, fights, sweep, policies and
decision limit), every one of the N given once: merge refuses, naming the
files, shards of different experiments, a shard given twice and missing
shards.`,
		Example: `  for i in 0 1 2 3; do fray sim alley_fight -n 100000 --shard $i/4 --json -o part$i.json & done; wait
  fray sim merge part*.json
  fray sim merge --json --plot alley.svg shards/`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s takes the shards' files (or a folder of them) to merge", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSimMerge(cmd.OutOrStdout(), args, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "write the report as JSON")
	f.StringVar(&opts.plot, "plot", "", "draw the report to `FILE`.png or FILE.svg")
	addOutputFlag(cmd, &opts.output)
	return cmd
}

// maxShardFile is the largest shard file fray sim merge reads: a shard of
// a sweep of the most values (1,000) of a large encounter is a few
// megabytes.
const maxShardFile = 64 << 20

// runSimMerge merges the shard files args (or folders of them) and writes
// the report.
func runSimMerge(stdout io.Writer, args []string, opts simMergeOptions) error {
	format, err := checkOutputs(opts.plot, opts.output)
	if err != nil {
		return err
	}
	files, err := shardFiles(args)
	if err != nil {
		return err
	}
	var shards []sim.NamedShard
	for _, name := range files {
		f, err := readShardFile(name)
		if err != nil {
			return err
		}
		shards = append(shards, sim.NamedShard{Name: name, File: f})
	}
	merged, err := sim.Merge(shards)
	if err != nil {
		return err
	}
	var out strings.Builder
	if merged.Sweep != nil {
		err = writeSweep(&out, merged.Sweep, opts.plot, format, opts.json)
	} else {
		err = writeReport(&out, merged.Report, opts.plot, format, opts.json)
	}
	if err != nil {
		return err
	}
	return writeOutput(stdout, opts.output, []byte(out.String()))
}

// shardFiles lists the files named by merge's arguments: a file as it is,
// a folder as the .json files in it, in order of name.
func shardFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("reading the shards: %w", err)
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		found, err := filepath.Glob(filepath.Join(a, "*.json"))
		if err != nil {
			return nil, fmt.Errorf("reading the shards in %s: %w", a, err)
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s holds no .json files to merge", a)
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	return files, nil
}

// readShardFile reads and decodes a shard's file, refusing fields a shard
// does not write and anything after its one JSON value.
func readShardFile(name string) (*sim.ShardFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("reading the shards: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading the shards: %w", err)
	}
	switch {
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file; fray sim merge reads the files shards write", name)
	case info.Size() > maxShardFile:
		return nil, fmt.Errorf("%s is too large: fray sim merge reads shard files of at most %d bytes (64 MiB); it has %d", name, maxShardFile, info.Size())
	}
	dec := json.NewDecoder(io.LimitReader(f, maxShardFile))
	dec.DisallowUnknownFields()
	var sf sim.ShardFile
	if err := dec.Decode(&sf); err != nil {
		return nil, fmt.Errorf("%s: not a shard of fray sim: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: more than one JSON value; a shard's file holds one", name)
	}
	return &sf, nil
}
