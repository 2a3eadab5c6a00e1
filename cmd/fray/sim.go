package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"fray/engine"
	"fray/internal/gctarget"
	"fray/scenario"
	"fray/sim"
	"fray/sim/simplot"
)

// demoEncounter is the bundled encounter "fray sim" runs when given none.
const demoEncounter = "tavern_brawl"

// simOptions are the flags of "fray sim".
type simOptions struct {
	fights       int
	seed         uint64
	workers      int
	policies     []string
	json         bool
	plot         string
	vary         string
	maxDecisions int
	content      []string
	shard        string // --shard I/N, or env/N for the index in $JOB_COMPLETION_INDEX
	output       string // --output FILE, written whole or not at all
	// stop ends the run early once closed (the first Ctrl-C); progress,
	// if set, is told of fights as they finish, as the progress bar is.
	stop     <-chan struct{}
	progress func(int)
}

// newSimCmd returns the "fray sim" command.
func newSimCmd() *cobra.Command {
	var opts simOptions
	cmd := &cobra.Command{
		Use:   "sim [ENCOUNTER]",
		Short: "Simulate many fights of an encounter and report the odds",
		Long: `Simulate many fights of an encounter and report the odds.

ENCOUNTER is an encounter file, or the name of a bundled encounter; without
one, fray sim runs the bundled ` + demoEncounter + `. A policy decides for every
side: the ruleset's tactical policy unless the encounter's sim: block or
--policy says otherwise; GM rulings take their defaults.

The report gives each side's win rate with its 95% (Wilson) interval, draws
and timeouts (fights stopped after --max-decisions decisions or at the
ruleset's round limit), how many rounds the fights took (mean, median, 95th
percentile and a histogram), and per combatant the damage dealt and taken
in a fight and how often it went down or died. The same seed gives the same report whatever --workers is.

--vary PATH=FROM..TO runs the encounter at each whole number from FROM to TO
set at PATH, a field of the encounter file such as combatants[1].evade,
combatants.markus.weapons.pistol.damage_mod (list items by id or name) or
combatants[0].weapons[0].damage_mod; PATH=V1,V2,... lists the values
instead. Every value is run with the same seed.

--shard I/N plays the I-th (from 0) of N disjoint parts of the fights (of
every value, with --vary) and writes their totals as JSON (--json is
required); "fray sim merge" merges the N files into the report one run of
the same flags gives, to the last digit. --shard env/N takes I from the
JOB_COMPLETION_INDEX environment variable, which a Kubernetes Indexed Job
sets.

--content DIR is a folder of your own content: "use: NAME" in the encounter
finds DIR/NAME.yaml after the encounter's own content: folders and before
the bundled content, and ENCOUNTER may name an encounter there.`,
		Example: `  fray sim
  fray sim alley_fight -n 100000 --seed 7
  fray sim alley_fight --policy thugs=random --json
  fray sim alley_fight --plot alley.png
  fray sim alley_fight --vary 'combatants[0].evade=4..10' --plot evade.svg
  fray sim alley_fight -n 1000000 --shard 3/8 --json -o shard3.json
  fray sim merge shard*.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErrorf("%s takes one encounter at most, not %d: %s", cmd.CommandPath(), len(args), strings.Join(args, " "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			arg := demoEncounter
			if len(args) == 1 {
				arg = args[0]
			}
			in := watchInterrupts(cmd.ErrOrStderr(), os.Exit)
			defer in.Release()
			opts.stop = in.Stop()
			return runSim(cmd.OutOrStdout(), cmd.ErrOrStderr(), arg, opts)
		},
	}
	f := cmd.Flags()
	f.IntVarP(&opts.fights, "fights", "n", 10_000, "how many fights to simulate (at each value, with --vary)")
	f.Uint64Var(&opts.seed, "seed", 1, "the run's `SEED`; the same seed gives the same report")
	f.IntVar(&opts.workers, "workers", 0, "fights simulated at once (default: one per CPU)")
	f.StringArrayVar(&opts.policies, "policy", nil, "the policy that decides for a side, as `SIDE=NAME` (repeatable)")
	f.BoolVar(&opts.json, "json", false, "write the report as JSON")
	f.StringVar(&opts.plot, "plot", "", "draw the report to `FILE`.png or FILE.svg")
	f.StringVar(&opts.vary, "vary", "", "sweep a field of the encounter file: `PATH=FROM..TO` (whole numbers) or PATH=V1,V2,...")
	f.IntVar(&opts.maxDecisions, "max-decisions", sim.DefaultMaxDecisions, "stop a fight after `N` decisions and count it as a timeout")
	f.StringVar(&opts.shard, "shard", "", "play the I-th of N parts of the fights and write their totals for fray sim merge: `I/N`, or env/N for I from $"+jobIndexEnv)
	addOutputFlag(cmd, &opts.output)
	addContentFlag(cmd, &opts.content)
	cmd.AddCommand(newSimMergeCmd())
	return cmd
}

// simRun is one "fray sim" invocation once its arguments are read.
type simRun struct {
	reg       *engine.Registry
	simulator sim.Simulator
	name      string // the encounter, as given
	data      []byte
	load      []scenario.Option // how the encounter is loaded: its folder, the --content folders
	file      *scenario.Loaded
	policies  map[string]string
	opts      simOptions
	stderr    io.Writer
}

// runSim runs "fray sim" on the encounter arg, writing the report to stdout
// and any progress bar to stderr.
func runSim(stdout, stderr io.Writer, arg string, opts simOptions) error {
	switch {
	case opts.fights < 1:
		return usageErrorf("-n must be at least 1, not %d", opts.fights)
	case opts.workers < 0:
		return usageErrorf("--workers must be 0 (one per CPU) or more, not %d", opts.workers)
	case opts.maxDecisions < 1:
		return usageErrorf("--max-decisions must be at least 1, not %d", opts.maxDecisions)
	}
	shard, err := parseShard(opts)
	if err != nil {
		return err
	}
	format, err := checkOutputs(opts.plot, opts.output)
	if err != nil {
		return err
	}
	var vary *sim.Vary
	if opts.vary != "" {
		var err error
		if vary, err = sim.ParseVary(opts.vary); err != nil {
			return &usageError{err: err}
		}
	}
	restoreGC, _ := gctarget.Raise()
	defer restoreGC()
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	reg := cat.Registry()
	load, err := contentOptions(opts.content)
	if err != nil {
		return err
	}
	name, data, err := findEncounter(reg, arg, opts.content)
	if err != nil {
		return err
	}
	// The encounter changed by --vary is named for its value in messages,
	// so its relative content: folders are given their start here.
	load = append(load, scenario.WithDir(filepath.Dir(name)))
	file, err := scenario.ReadEncounter(reg, name, data, load...)
	if err != nil {
		return err
	}
	simulator, err := cat.Simulator(file.Table.Ruleset())
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	r := &simRun{reg: reg, simulator: simulator, name: name, data: data, load: load, file: file, opts: opts, stderr: stderr}
	if r.policies, err = r.choosePolicies(); err != nil {
		return err
	}
	var out bytes.Buffer
	switch {
	case shard != nil:
		err = r.shard(&out, vary, *shard)
	case vary == nil:
		err = r.single(&out, format)
	default:
		err = r.sweep(&out, vary, format)
	}
	if _, interrupted := errors.AsType[*interruptedError](err); err != nil && !interrupted {
		return err
	}
	if werr := writeOutput(stdout, opts.output, out.Bytes()); werr != nil {
		return werr
	}
	return err
}

// choosePolicies merges the policies of the encounter's sim: block with
// those of --policy, which win, checking every side and policy named.
func (r *simRun) choosePolicies() (map[string]string, error) {
	sides, known := r.simulator.Sides(r.file.Table), r.simulator.Policies()
	check := func(side, policy string) error {
		if sides != nil && !slices.Contains(sides, side) {
			return fmt.Errorf("no side %q in %s (sides: %s)", side, r.name, strings.Join(sides, ", "))
		}
		if !slices.Contains(known, policy) {
			return fmt.Errorf("no policy %q (%s policies: %s)", policy, r.simulator.Ruleset(), strings.Join(known, ", "))
		}
		return nil
	}
	out := map[string]string{}
	for side, policy := range r.file.Sim.Policies {
		if err := check(side, policy); err != nil {
			return nil, fmt.Errorf("%s: sim.policies.%s: %w", r.file.Sim.Pos(side), side, err)
		}
		out[side] = policy
	}
	for _, p := range r.opts.policies {
		side, policy, ok := strings.Cut(p, "=")
		side, policy = strings.TrimSpace(side), strings.TrimSpace(policy)
		if !ok || side == "" || policy == "" {
			return nil, usageErrorf("--policy %q: write SIDE=NAME, as in thugs=random", p)
		}
		if err := check(side, policy); err != nil {
			return nil, &usageError{err: fmt.Errorf("--policy %s: %w", p, err)}
		}
		out[side] = policy
	}
	return out, nil
}

// options returns the simulation options for one run of fights.
func (r *simRun) options(progress func(int)) sim.Options {
	if hook := r.opts.progress; hook != nil {
		bar := progress
		progress = func(n int) { bar(n); hook(n) }
	}
	return sim.Options{
		Name: r.name, Fights: r.opts.fights, Seed: r.opts.seed, Workers: r.opts.workers,
		Policies: r.policies, MaxDecisions: r.opts.maxDecisions, Progress: progress, Stop: r.opts.stop,
	}
}

// interruptedError says that a run was stopped by Ctrl-C: what was done
// is reported, and fray exits with exitInterrupted.
type interruptedError struct {
	msg string
}

// Error says how much of the run was done.
func (e *interruptedError) Error() string { return "interrupted: " + e.msg }

// single simulates the encounter as it is.
func (r *simRun) single(out io.Writer, format string) error {
	p := startProgress(r.stderr, int64(r.opts.fights))
	report, err := r.simulator.Simulate(r.file.Table, r.options(p.add))
	p.stop()
	if err != nil {
		return fmt.Errorf("simulating %s: %w", r.name, err)
	}
	if report.Interrupted && report.Fights == 0 {
		return &interruptedError{msg: "no fight was over yet, so there is nothing to report"}
	}
	if err := writeReport(out, report, r.opts.plot, format, r.opts.json); err != nil {
		return err
	}
	if report.Interrupted {
		return &interruptedError{msg: fmt.Sprintf("%d of %d fights played, reported above", report.Fights, r.opts.fights)}
	}
	return nil
}

// sweep simulates the encounter at each value of vary.
func (r *simRun) sweep(out io.Writer, vary *sim.Vary, format string) error {
	s := &sim.Sweep{Encounter: r.name, Ruleset: r.simulator.Ruleset(), Path: vary.Path, Fights: int64(r.opts.fights), Seed: r.opts.seed}
	// Check the path against the file before any fight is played.
	if _, err := r.vary(vary, vary.Values[0]); err != nil {
		return &usageError{err: err}
	}
	p := startProgress(r.stderr, int64(r.opts.fights)*int64(len(vary.Values)))
	defer p.stop()
	for _, value := range vary.Values {
		table, at, err := r.tableAt(vary, value)
		if err != nil {
			return err
		}
		report, err := r.simulator.Simulate(table, r.options(p.add))
		if err != nil {
			return fmt.Errorf("simulating %s: %w", at, err)
		}
		if report.Interrupted {
			break // a value not played out is left out
		}
		s.Points = append(s.Points, sim.Point{Value: value, Report: report})
	}
	p.stop()
	var stopped error
	if len(s.Points) < len(vary.Values) {
		if len(s.Points) == 0 {
			return &interruptedError{msg: fmt.Sprintf("no value of %s was played out, so there is nothing to report", vary.Path)}
		}
		stopped = &interruptedError{msg: fmt.Sprintf("%d of the %d values of %s played out, reported above", len(s.Points), len(vary.Values), vary.Path)}
	}
	if err := writeSweep(out, s, r.opts.plot, format, r.opts.json); err != nil {
		return err
	}
	return stopped
}

// tableAt loads the encounter with the field of vary set to value, and
// names it so for messages.
func (r *simRun) tableAt(vary *sim.Vary, value any) (engine.Table, string, error) {
	at := fmt.Sprintf("%s with %s=%v", r.name, vary.Path, value)
	data, err := r.vary(vary, value)
	if err != nil {
		return nil, at, &usageError{err: err}
	}
	file, err := scenario.ReadEncounter(r.reg, at, data, r.load...)
	if err != nil {
		return nil, at, fmt.Errorf("--vary %s: the encounter does not load with %s=%v: %w", vary.Path, vary.Path, value, err)
	}
	return file.Table, at, nil
}

// writeReport draws a report to plotFile, when given, in format, and
// writes it to out as text or JSON.
func writeReport(out io.Writer, report *sim.Report, plotFile, format string, asJSON bool) error {
	if format != "" {
		if err := writePlot(plotFile, func(w io.Writer) error { return simplot.WriteReport(w, report, format) }); err != nil {
			return err
		}
	}
	if asJSON {
		return report.WriteJSON(out)
	}
	return report.WriteText(out)
}

// writeSweep is writeReport for a sweep.
func writeSweep(out io.Writer, s *sim.Sweep, plotFile, format string, asJSON bool) error {
	if format != "" {
		if err := writePlot(plotFile, func(w io.Writer) error { return simplot.WriteSweep(w, s, format) }); err != nil {
			return err
		}
	}
	if asJSON {
		return s.WriteJSON(out)
	}
	return s.WriteText(out)
}

// vary returns the encounter file with the field of v set to value,
// finding content as the encounter is loaded (its own content: folders,
// and --content).
func (r *simRun) vary(v *sim.Vary, value any) ([]byte, error) {
	return v.Apply(r.reg, r.data, value, r.load...)
}

// checkWritable checks, before any fight is simulated, that a file can be
// written at path, given with flag: its directory exists and takes a new
// file, and path is not a directory. It leaves no file behind.
func checkWritable(flag, path string) error {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return usageErrorf("%s: %s is a directory", flag, path)
	}
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return usageErrorf("%s: cannot write %s: there is no directory %s", flag, path, dir)
	}
	f, err := os.CreateTemp(dir, ".fray-plot-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return usageErrorf("%s: cannot write %s: %v", flag, path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// writePlot writes a plot file with draw.
func writePlot(file string, draw func(io.Writer) error) (err error) {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the plot: %w", err)
	}
	return nil
}

// checkOutputs checks the --plot and --output files before any work is
// done, and returns the plot's format ("" without --plot).
func checkOutputs(plot, output string) (format string, err error) {
	if plot != "" {
		if format, err = simplot.Format(plot); err != nil {
			return "", &usageError{err: err}
		}
		if err := checkWritable("--plot", plot); err != nil {
			return "", err
		}
	}
	if output != "" {
		if err := checkWritable("--output", output); err != nil {
			return "", err
		}
	}
	return format, nil
}

// addOutputFlag adds --output to a command that writes a report.
func addOutputFlag(cmd *cobra.Command, output *string) {
	cmd.Flags().StringVarP(output, "output", "o", "", "write the report to `FILE` (whole, or not at all) instead of standard output")
}

// writeOutput writes a command's report to the file named by --output, or
// to stdout without one. The file is written whole or not at all: under a
// temporary name in its directory, then renamed, so that a reader (or a
// merge) never sees half of it. Nothing is written when data is empty.
func writeOutput(stdout io.Writer, file string, data []byte) error {
	if file == "" {
		if _, err := stdout.Write(data); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
		return nil
	}
	if len(data) == 0 {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".fray-output-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}

// progress shows a progress bar on a terminal once a run has taken more
// than a moment; elsewhere (a pipe, a file, a test) it shows nothing.
type progress struct {
	done    atomic.Int64
	total   int64
	quit    chan struct{}
	stopped sync.Once
	wg      sync.WaitGroup
}

// progressDelay is how long a run goes before its progress bar shows.
const progressDelay = 500 * time.Millisecond

// startProgress starts watching a run of total fights.
func startProgress(stderr io.Writer, total int64) *progress {
	p := &progress{total: total, quit: make(chan struct{})}
	if !isTerminal(stderr) {
		return p
	}
	p.wg.Go(func() {
		select {
		case <-p.quit:
			return
		case <-time.After(progressDelay):
		}
		bar := progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("simulating"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("fights"),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.quit:
				_ = bar.Finish() // the bar is only decoration
				return
			case <-tick.C:
				_ = bar.Set64(p.done.Load())
			}
		}
	})
	return p
}

// add counts fights that have finished; safe for concurrent use.
func (p *progress) add(n int) { p.done.Add(int64(n)) }

// stop takes the progress bar away, if it showed.
func (p *progress) stop() {
	p.stopped.Do(func() { close(p.quit) })
	p.wg.Wait()
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
