// Command oddsbench plays seeded fights of every bundled encounter and
// times the odds of every prompt met, every option of it, as a table
// using the tracker would ask for them: the menu of the one deciding
// (Calculator.All), on one goroutine. It reports, per ruleset and in
// all, the time a prompt's odds take (p50, p99, the slowest) and the
// share of options whose odds are exact, partial, estimated or refused.
//
//	go run ./odds/oddsbench [-fights 1] [-seed 1] [-decisions 80] [-paths N] [-at N [-repeat R]] [-why] [-cpuprofile FILE] [-memprofile FILE]
//
// Run it with GOMAXPROCS=1 for the figures of one core (docs/odds.md).
// It sets the garbage collector's target as fray serve does (package
// gctarget), so that its figures are the server's; GOGC overrides it.
// Each prompt is timed twice: by the clock, and by the CPU time the
// process used meanwhile (which, on one core, a busy machine does not
// inflate as it does the clock).
package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"fray/catalog"
	"fray/dice"
	"fray/engine"
	"fray/internal/gctarget"
	"fray/odds"
	"fray/rules/blackpowder"
	"fray/scenario"
)

func main() {
	if err := run(os.Stdout, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "oddsbench:", err)
		os.Exit(1)
	}
}

// config is what the flags ask for.
type config struct {
	fights, decisions int
	seed              uint64
	paths             int
	only              string
	slow              time.Duration
	timeout           time.Duration
	why               bool
	// at, when not negative, is the one decision of each fight timed.
	at int
	// repeat is how many times each prompt timed is computed, the last
	// one reported: more samples for a profile of one prompt.
	repeat int
	// gc is the garbage collector's policy in effect (gctarget.ForOdds).
	gc string
}

func run(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("oddsbench", flag.ContinueOnError)
	var c config
	var profile, memProfile string
	fs.IntVar(&c.fights, "fights", 1, "seeded fights played of each bundled encounter")
	fs.IntVar(&c.decisions, "decisions", 80, "the most decisions played in one fight")
	fs.Uint64Var(&c.seed, "seed", 1, "the seed of the fights' choices and dice")
	fs.IntVar(&c.paths, "paths", odds.MenuPaths, "the dice paths of one prompt's menu (Options.MaxPaths)")
	fs.StringVar(&c.only, "only", "", "only the encounters whose name contains this")
	fs.DurationVar(&c.slow, "slow", 50*time.Millisecond, "list the prompts whose CPU time is over this")
	fs.DurationVar(&c.timeout, "timeout", time.Minute, "the time budget of one prompt's odds (Options.Timeout); past it options are estimated, so that a loaded machine changes the answers: keep it long")
	fs.IntVar(&c.at, "at", -1, "time only this decision of each fight (the others are played without odds), to profile one prompt")
	fs.IntVar(&c.repeat, "repeat", 1, "compute each prompt's odds this many times (the last is reported), for a profile of one prompt with -at")
	fs.BoolVar(&c.why, "why", false, "list each option of the slowest prompts: its status, its dice paths, and why it was estimated")
	fs.StringVar(&profile, "cpuprofile", "", "write a CPU profile of the odds to `FILE`")
	fs.StringVar(&memProfile, "memprofile", "", "write a profile of the memory allocated to `FILE`, every allocation sampled")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// The collector set as the server's odds worker sets it.
	restoreGC, policy := gctarget.ForOdds()
	defer restoreGC()
	c.gc = policy
	b, err := newBench()
	if err != nil {
		return err
	}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if memProfile != "" {
		runtime.MemProfileRate = 1
	}
	res, err := b.walk(w, c)
	if err != nil {
		return err
	}
	if memProfile != "" {
		if err := writeHeapProfile(memProfile); err != nil {
			return err
		}
	}
	res.write(w, c)
	pistol, err := b.pistolShot()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nthe README's pistol shot (pistols_at_dawn, eastman: attack westman): %s (CPU %s), medians of 50 on one goroutine, %s\n", pistol.took.Round(10*time.Microsecond), pistol.cpu.Round(10*time.Microsecond), pistol.status)
	return nil
}

// bench holds the rulesets and their calculators.
type bench struct {
	reg   *engine.Registry
	calcs map[string]odds.Calculator
}

// newBench returns the bench of every ruleset fray offers (fray/catalog).
func newBench() (*bench, error) {
	cat, err := catalog.New()
	if err != nil {
		return nil, err
	}
	b := &bench{reg: cat.Registry(), calcs: map[string]odds.Calculator{}}
	for _, r := range cat.Rulesets() {
		if r.OddsErr != nil {
			return nil, fmt.Errorf("odds of %s: %w", r.Info.ID, r.OddsErr)
		}
		b.calcs[r.Info.ID] = r.Calculator
	}
	return b, nil
}

// encounter is one bundled encounter.
type encounter struct {
	ruleset, name string
	data          []byte
}

// encounters lists the bundled encounters, by ruleset and name.
func (b *bench) encounters() []encounter {
	var out []encounter
	for _, e := range b.reg.Encounters() {
		out = append(out, encounter{e.Ruleset, e.Name, e.Text})
	}
	return out
}

// prompt is what one prompt's odds took and gave.
type prompt struct {
	encounter string
	decision  int
	actor     string
	took      time.Duration
	cpu       time.Duration // the process's CPU time over took
	statuses  map[odds.Status]int
	// blank counts the options with neither odds nor a refusal.
	blank int
	// margin is the widest half-width of the 95% interval of an
	// estimated option's chance to hit or its target's to go down.
	margin float64
	// uncovered is the most probability an exact answer left out; fine
	// counts the options exact or partial with at most 1e-6 left out.
	uncovered float64
	fine      int
	// options are the options' commands, each with its status, its dice
	// paths and, for an estimate, why.
	options []string
	// nothing counts the estimated options with nothing exact.
	nothing int
	paths   int
	samples int
}

// results are the prompts met, by ruleset.
type results struct {
	byRuleset map[string][]prompt
	fights    int
}

// walk plays the fights and times the odds of every prompt.
func (b *bench) walk(progress io.Writer, c config) (*results, error) {
	res := &results{byRuleset: map[string][]prompt{}}
	for _, e := range b.encounters() {
		if c.only != "" && !strings.Contains(e.name, c.only) {
			continue
		}
		calc := b.calcs[e.ruleset]
		for f := range c.fights {
			table, err := scenario.ParseEncounter(b.reg, e.name, e.data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", e.name, err)
			}
			res.fights++
			fightSeed := dice.Mix(c.seed, uint64(f))
			choose := dice.Seeded(dice.Mix(fightSeed, 1))
			src := dice.Seeded(dice.Mix(fightSeed, 2))
			for d := 0; d < c.decisions; d++ {
				p := table.Prompt()
				if p.Kind == engine.End || len(p.Options) == 0 {
					break
				}
				if c.at >= 0 && d != c.at {
					if err := next(table, p, choose, src); err != nil {
						return nil, fmt.Errorf("%s fight %d decision %d: %w", e.name, f, d, err)
					}
					continue
				}
				for range c.repeat - 1 {
					_, _ = calc.All(table, p.Actor, odds.Options{Workers: 1, MaxPaths: c.paths, Timeout: c.timeout})
				}
				cpu0 := cpuTime()
				start := time.Now()
				m, err := calc.All(table, p.Actor, odds.Options{Workers: 1, MaxPaths: c.paths, Timeout: c.timeout})
				took := time.Since(start)
				pr := prompt{encounter: e.name, decision: d, actor: p.Actor, took: took, cpu: cpuTime() - cpu0, statuses: map[odds.Status]int{}}
				if err != nil {
					pr.statuses[odds.Refused] = len(p.Options)
					fmt.Fprintf(progress, "%s decision %d (%s): the whole menu refused: %v\n", e.name, d, p.Actor, err)
				} else {
					for _, h := range m.Options {
						pr.statuses[h.Status]++
						if h.Status == odds.Refused {
							fmt.Fprintf(progress, "%s decision %d (%s): %s refused: %s\n", e.name, d, p.Actor, h.Command, h.Refusal)
							continue
						}
						if h.Report == nil {
							pr.blank++
							continue
						}
						pr.paths += h.Report.Paths
						if h.Report.Estimate == nil {
							u, _ := h.Report.Uncovered.Float64()
							pr.options = append(pr.options, fmt.Sprintf("%s: %s (%d dice paths, %d situations, %.2g left out)", h.Status, h.Command, h.Report.Paths, h.Report.Situations, u))
						}
						if h.Report.Estimate != nil {
							pr.samples += h.Report.Estimate.Samples
							e := h.Report.Estimate
							if e.Exact == 0 {
								pr.nothing++
							}
							pr.options = append(pr.options, fmt.Sprintf("estimated: %s: %s (%d dice paths, %.0f%% exact, %d samples)", h.Command, e.Reason, h.Report.Paths, 100*e.Exact, e.Samples))
							for _, x := range []float64{half(h.Report.Interval(h.Hit)), half(h.Report.Interval(h.Down))} {
								pr.margin = math.Max(pr.margin, x)
							}
						} else {
							u, _ := h.Report.Uncovered.Float64()
							pr.uncovered = math.Max(pr.uncovered, u)
							if u <= 1e-6 {
								pr.fine++
							}
						}
					}
				}
				res.byRuleset[e.ruleset] = append(res.byRuleset[e.ruleset], pr)
				if err := next(table, p, choose, src); err != nil {
					return nil, fmt.Errorf("%s fight %d decision %d: %w", e.name, f, d, err)
				}
			}
		}
	}
	return res, nil
}

// next plays the decision of prompt p: a ruling's default, else any
// option, chosen with the dice of choose.
func next(table engine.Table, p engine.Prompt[string], choose, src dice.Source) error {
	i := choose.Roll(len(p.Options)) - 1
	if p.Kind == engine.Ruling && p.Default >= 0 {
		i = p.Default
	}
	if _, err := table.Submit(p.Actor, p.Options[i].Command, src); err != nil {
		return fmt.Errorf("%s: %q: %w", p.Actor, p.Options[i].Command, err)
	}
	return nil
}

// cpuTime is the CPU time the process has used: with GOMAXPROCS=1, the
// one core's work, whatever else the machine is running.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// writeHeapProfile writes the profile of the memory allocated so far to
// the file named.
func writeHeapProfile(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("memory profile: %w", err)
	}
	return f.Close()
}

// half is the half-width of an interval.
func half(lo, hi float64) float64 { return (hi - lo) / 2 }

// write writes the figures: a row per ruleset and one for all, then the
// prompts slower than c.slow.
func (r *results) write(w io.Writer, c config) {
	fmt.Fprintf(w, "odds of every prompt of %d seeded fights (seed %d, at most %d decisions each), a menu's budget %d dice paths, one goroutine, the garbage collector's policy %s\n\n", r.fights, c.seed, c.decisions, c.paths, c.gc)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ruleset\tprompts\tp50\tp99\tmax\t>200ms\tCPU p50\tCPU p99\tCPU max\toptions\texact\tpartial\t≤1e-6 out\testimate\trefused\tblank\tworst margin\t")
	var all []prompt
	ids := make([]string, 0, len(r.byRuleset))
	for id := range r.byRuleset {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		row(tw, id, r.byRuleset[id])
		all = append(all, r.byRuleset[id]...)
	}
	row(tw, "all", all)
	tw.Flush()
	paths, samples, estimated, nothing := 0, 0, 0, 0
	var cpu time.Duration
	for _, p := range all {
		paths, samples = paths+p.paths, samples+p.samples
		estimated, nothing = estimated+p.statuses[odds.Estimated], nothing+p.nothing
		cpu += p.cpu
	}
	fmt.Fprintf(w, "\nin all %d dice paths and %d resolutions of estimates in %s of CPU time; %d options estimated, %d of them with nothing exact\n", paths, samples, cpu.Round(time.Millisecond), estimated, nothing)
	var slow []prompt
	for _, p := range all {
		if p.cpu > c.slow {
			slow = append(slow, p)
		}
	}
	slices.SortFunc(slow, func(a, b prompt) int { return cmp.Compare(b.cpu, a.cpu) })
	if len(slow) > 0 {
		fmt.Fprintf(w, "\nprompts over %s of CPU time, the slowest first (of %d):\n", c.slow, len(slow))
		for _, p := range slow[:min(len(slow), 20)] {
			fmt.Fprintf(w, "  %8s (CPU %8s)  %s decision %d (%s): %d options %v, %d dice paths, %d samples\n",
				p.took.Round(10*time.Microsecond), p.cpu.Round(10*time.Microsecond), p.encounter, p.decision, p.actor, total(p.statuses), p.statuses, p.paths, p.samples)
			if c.why {
				for _, o := range p.options {
					fmt.Fprintf(w, "      %s\n", o)
				}
			}
		}
	}
}

// total is the number of options.
func total(m map[odds.Status]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// row writes the figures of a list of prompts.
func row(w io.Writer, name string, ps []prompt) {
	times := make([]time.Duration, len(ps))
	cpus := make([]time.Duration, len(ps))
	counts := map[odds.Status]int{}
	options, blank, over, fine := 0, 0, 0, 0
	margin := 0.0
	for i, p := range ps {
		times[i] = p.took
		cpus[i] = p.cpu
		for s, n := range p.statuses {
			counts[s] += n
			options += n
		}
		blank += p.blank
		fine += p.fine
		margin = math.Max(margin, p.margin)
		if p.took > 200*time.Millisecond {
			over++
		}
	}
	slices.Sort(times)
	slices.Sort(cpus)
	share := func(s odds.Status) string {
		if options == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(counts[s])/float64(options))
	}
	fineShare := "-"
	if options > 0 {
		fineShare = fmt.Sprintf("%.1f%%", 100*float64(fine)/float64(options))
	}
	fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%d\t±%.2f pts\t\n", name, len(ps),
		quantile(times, 0.5), quantile(times, 0.99), quantile(times, 1), over,
		quantile(cpus, 0.5), quantile(cpus, 0.99), quantile(cpus, 1), options,
		share(odds.Exact), share(odds.Partial), fineShare, share(odds.Estimated), share(odds.Refused), blank, 100*margin)
}

// quantile returns the q-quantile of sorted times (nearest rank).
func quantile(sorted []time.Duration, q float64) string {
	if len(sorted) == 0 {
		return "-"
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	i = max(0, min(i, len(sorted)-1))
	d := sorted[i]
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2fms", float64(d)/1e6)
	default:
		return d.Round(100 * time.Microsecond).String()
	}
}

// shot is the pistol shot's timing.
type shot struct {
	took   time.Duration
	cpu    time.Duration
	status string
}

// pistolShot times the README's example: Eastman's shot at Westman in
// pistols_at_dawn after initiative 9 and 2, its odds exact.
func (b *bench) pistolShot() (shot, error) {
	info, _ := b.reg.Lookup(blackpowder.ID)
	table, err := scenario.ParseEncounter(b.reg, "pistols_at_dawn", info.Content()["pistols_at_dawn"])
	if err != nil {
		return shot{}, err
	}
	src := dice.NewScript(9, 2)
	for _, who := range []string{"eastman", "westman"} {
		if _, err := table.Submit(who, "initiative", src); err != nil {
			return shot{}, err
		}
	}
	calc := b.calcs[blackpowder.ID]
	var times, cpus []time.Duration
	var rep *odds.Report
	for range 50 {
		cpu := cpuTime()
		start := time.Now()
		rep, err = calc.Odds(table, "eastman", "attack westman", odds.Options{Workers: 1})
		if err != nil {
			return shot{}, err
		}
		times = append(times, time.Since(start))
		cpus = append(cpus, cpuTime()-cpu)
	}
	slices.Sort(times)
	slices.Sort(cpus)
	return shot{took: times[len(times)/2], cpu: cpus[len(cpus)/2], status: string(rep.Status())}, nil
}
