// Package enginetest is the conformance suite every ruleset passes: random
// playouts that check, at every decision, what the engine relies on a
// ruleset to do.
//
// A ruleset's own test calls Conformance (or Run, or RunParallel) with its
// Game and a few starting states:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Conformance(t, mygame.Rules{}, []enginetest.Setup[mygame.State]{
//			{Name: "ambush", State: mygame.Ambush()},
//		}, enginetest.Options{Seed: 1})
//	}
//
// The starting states are best the ruleset's bundled encounters, loaded
// as fray loads them, by a scenariotest.Loader (package
// fray/scenario/scenariotest), whose Setups gives a setup per bundled
// encounter named, as rules/reference/conformance_test.go does:
//
//	var loader = scenariotest.Loader[mygame.State, mygame.Command, mygame.Event]{Info: mygame.Info()}
//	...
//	setups := loader.Setups(t, "mygame_ambush", "mygame_duel")
//	enginetest.Conformance(t, mygame.Rules{}, setups, enginetest.Options{Seed: 1})
//
// Conformance fails unless every fight passes and more than one side wins
// some (a draw counting as a side), so give it setups whose fights can go
// either way; it returns the statistics for checks of the ruleset's own.
//
// Fights scales the number of fights to the run asked for: a tenth of it
// under a plain go test, all of it when the environment sets FRAY_LONG=1
// (LongEnv; .ci/run does), a hundredth under go test -short; outside the
// long run Conformance also samples the deep checks (Options.CheckRate) at
// ShortCheckShare of the decisions the long run does.
//
// Each fight plays one setup from start to end, choosing uniformly among
// the current prompt's options (see Options.PreferDefault) and drawing dice
// from a seeded PCG. Along the way Run checks that
//
//   - nothing panics;
//   - every prompt until the end has an actor and at least one option, and
//     a default that is an option or -1; the fight ends within
//     Options.MaxDecisions;
//   - every option of every prompt is accepted (at the decisions
//     Options.TryRate samples): engine.Decide takes each, on a Clone of the
//     state with fresh seeded dice, without an error and without modifying
//     the state it is given, and applying its events to the clone leaves
//     the original untouched (Clone shares nothing);
//   - the state round-trips through JSON to identical bytes, and the
//     decoded state prompts exactly as the original;
//   - every option's command round-trips through FormatCommand and
//     ParseCommand, and through the command codec table's Marshal and
//     Decode; every event round-trips through the event table's;
//   - folding the log's events from the initial state always gives the
//     live state, as do Encounter.Replay and engine.Restore at the end;
//   - View, ViewEvent and DescribeEvent work for the GM, a spectator,
//     every combatant prompted so far and the setup's viewers, without
//     modifying the state or the events, and each of them has a
//     transcript of the whole fight, an entry a decision;
//   - for a ruleset with the engine.Speed capability, NextKind always
//     gives the prompt's kind, and Step on a copy of the state, with the
//     dice the decision drew, gives Decide's events and the live state (at
//     the decisions Options.CheckRate samples);
//   - playing the same seed again gives the identical log.
//
// A failure is reported with t.Errorf, naming the fight, its seed, the
// Options that replay it alone, and the last decisions made; the fight
// stops at its first failure.
package enginetest

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"fray/dice"
	"fray/engine"
)

// Setup is a named starting state for the suite's fights.
type Setup[S any] struct {
	// Name says which setup a failing fight played.
	Name string
	// State is where each fight of this setup starts. Run does not modify
	// it.
	State S
	// Viewers are viewers to check View and ViewEvent for besides the GM,
	// a spectator (engine.Viewer{}) and every combatant a prompt has named:
	// combatants who may never be prompted, say.
	Viewers []engine.Viewer
}

// Options tunes a Run. The zero value runs 1000 fights from seed 0 with
// every check at every decision.
type Options struct {
	// Fights is the number of fights to play; 0 means 1000. Fight i plays
	// setup i mod len(setups).
	Fights int
	// First is the index of the first fight. To replay fight i of a run
	// alone, keep Seed and set First to i and Fights to 1.
	First int
	// Seed is the run seed; fight i draws its dice and choices from seeds
	// derived with dice.Mix(Seed, i).
	Seed uint64
	// MaxDecisions is how many decisions a fight may take before it counts
	// as never ending; 0 means 5000.
	MaxDecisions int
	// TryRate is the fraction of decisions at which every option is tried
	// on a clone of the state, for rulesets where trying them all is
	// costly; 0 means 1 (every decision) and a negative rate means never.
	// Which decisions are sampled depends only on the fight's seed.
	TryRate float64
	// CheckRate is the fraction of decisions at which the state, its JSON
	// round trip, its views and the options' round trips are checked, and
	// the decision's events and the fold of the log after it; 0 means 1
	// (every decision). The end of a fight is sampled like a decision:
	// every viewer's transcript of the whole fight is written only at the
	// ends sampled, as for long fights it is the dearest check of all. Prompts and the acceptance of the option taken are
	// checked at every decision, and the fold, Replay, Restore and
	// determinism at the end of every fight, whatever the rate. Lower it
	// for rulesets whose fights are long, to afford more fights.
	CheckRate float64
	// PreferDefault is the chance of taking a prompt's default option, when
	// it has one, instead of choosing uniformly: raise it so that fights
	// whose GM may stop them at every ruling run longer.
	PreferDefault float64
	// MaxFailures stops the run after this many failing fights, so that a
	// broken ruleset does not report the same failure a thousand times;
	// 0 means 5.
	MaxFailures int
}

// withDefaults fills in the zero fields.
func (o Options) withDefaults() Options {
	if o.Fights == 0 {
		o.Fights = 1000
	}
	if o.MaxDecisions == 0 {
		o.MaxDecisions = 5000
	}
	if o.TryRate == 0 {
		o.TryRate = 1
	}
	if o.CheckRate == 0 {
		o.CheckRate = 1
	}
	if o.MaxFailures == 0 {
		o.MaxFailures = 5
	}
	return o
}

// Stats is what a Run played, for tests that want to know the fights were
// worth playing (both sides win sometimes, options were tried).
type Stats struct {
	// Fights counts the fights that passed every check.
	Fights int
	// Failed counts the fights that failed a check.
	Failed int
	// Decisions counts the decisions made in the fights that passed.
	Decisions int
	// Tried counts the options tried on clones.
	Tried int
	// Wins counts the passing fights each side won; draws are under "".
	Wins map[string]int
}

// ShortCheckShare is the share of opts.CheckRate at which Conformance
// samples the deep checks in the short run (not Long): the long run
// (FRAY_LONG=1) samples them at opts.CheckRate, a plain go test at a
// quarter of it. Everything else Run checks, it checks at every decision
// of every fight in both.
const ShortCheckShare = 0.25

// Conformance is a ruleset's TestConformance: the fights of opts
// (Fights(10000) when opts.Fights is 0) over setups, run by RunParallel in
// two parallel halves, every decision checked; in the short run the deep
// checks sample ShortCheckShare of the decisions opts.CheckRate says (0
// meaning 1, every decision), as they cost most of a fight's checking. It
// fails t unless every fight passed and more than one side won (a draw
// counts as a side, ""), logs the fights and the wins, and returns the
// statistics for the ruleset's own checks.
func Conformance[S, C, E any](t *testing.T, g engine.Game[S, C, E], setups []Setup[S], opts Options) Stats {
	t.Helper()
	if opts.Fights == 0 {
		opts.Fights = Fights(10000)
	}
	if !Long() {
		opts.CheckRate = opts.withDefaults().CheckRate * ShortCheckShare
	}
	st := RunParallel(t, g, setups, opts, 2)
	if st.Fights != opts.Fights || len(st.Wins) < 2 {
		t.Errorf("%d of %d fights passed; wins %v: more than one side should win", st.Fights, opts.Fights, st.Wins)
	}
	t.Logf("%d fights, %d decisions, wins %v", st.Fights, st.Decisions, st.Wins)
	return st
}

// RunParallel is Run with the fights shared out among parts subtests of t
// that run in parallel, each on a contiguous share of the fight indexes;
// the fights and their checks are those of Run with the same options, and
// the returned Stats add up the parts'.
func RunParallel[S, C, E any](t *testing.T, g engine.Game[S, C, E], setups []Setup[S], opts Options, parts int) Stats {
	t.Helper()
	parts = max(parts, 1)
	results := make([]Stats, parts)
	t.Run("fights", func(t *testing.T) {
		for i := range parts {
			share := opts
			share.First = opts.First + i*opts.Fights/parts
			share.Fights = (i+1)*opts.Fights/parts - i*opts.Fights/parts
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				results[i] = Run(t, g, setups, share)
			})
		}
	})
	total := Stats{Wins: map[string]int{}}
	for _, r := range results {
		total.Fights += r.Fights
		total.Failed += r.Failed
		total.Decisions += r.Decisions
		total.Tried += r.Tried
		for side, n := range r.Wins {
			total.Wins[side] += n
		}
	}
	return total
}

// LongEnv is the environment variable that asks for the long test runs:
// set to a true value ("1", "true"), as .ci/run sets it, the conformance
// fights and the other statistical tests of the repository run in full.
// Unset, "go test ./..." runs a tenth of them (see Fights and Long), so
// that it stays quick on a laptop.
const LongEnv = "FRAY_LONG"

// Long reports whether the long test runs were asked for: LongEnv set to a
// true value, and the test binary not run with -short, which always asks
// for the quickest run. Tests whose cost is in how many times they repeat
// something random scale it with Long (or Scale), as the conformance
// suite scales its fights with Fights.
func Long() bool {
	if testing.Short() {
		return false
	}
	long, err := strconv.ParseBool(os.Getenv(LongEnv))
	return err == nil && long
}

// Scale scales n, the number of repetitions of a test's long run: n under
// FRAY_LONG=1 (see Long), a tenth of it by default, and a hundredth of it
// under go test -short; always at least 1.
func Scale(n int) int {
	switch {
	case testing.Short():
		return max(1, n/100)
	case Long():
		return n
	default:
		return max(1, n/10)
	}
}

// Fights scales n, the number of fights of a conformance test's long run,
// as Scale does: Conformance asks for Fights(10000) when Options.Fights is
// 0, as a ruleset's TestConformance leaves it, and so plays 1,000 fights
// under a plain go test, 10,000 with FRAY_LONG=1 and 100 with -short.
func Fights(n int) int {
	return Scale(n)
}

// Run plays opts.Fights seeded random fights over the setups and reports
// every fight that breaks a rule of the kernel's contract with t.Errorf;
// see the package documentation for the checks. It calls only Helper
// and Errorf on t, so a test of a test can pass a recorder.
func Run[S, C, E any](t testing.TB, g engine.Game[S, C, E], setups []Setup[S], opts Options) Stats {
	t.Helper()
	opts = opts.withDefaults()
	stats := Stats{Wins: map[string]int{}}
	if len(setups) == 0 {
		t.Errorf("enginetest: %s: no setups to play", g.ID())
		return stats
	}
	if opts.Fights < 0 || opts.First < 0 || opts.MaxDecisions < 0 {
		t.Errorf("enginetest: %s: Fights, First and MaxDecisions cannot be negative: %+v", g.ID(), opts)
		return stats
	}
	CheckKinds(t, g)
	pristine := make([][]byte, len(setups))
	for i := range setups {
		data, err := marshal(&setups[i].State)
		if err != nil {
			t.Errorf("enginetest: %s: setup %q: %v", g.ID(), setups[i].Name, err)
			return stats
		}
		pristine[i] = data
	}
	for i := opts.First; i < opts.First+opts.Fights; i++ {
		if stats.Failed >= opts.MaxFailures {
			t.Errorf("enginetest: %s: stopped after %d failing fights", g.ID(), stats.Failed)
			break
		}
		setup := &setups[i%len(setups)]
		f := &fight[S, C, E]{g: g, setup: setup, pristine: pristine[i%len(setups)], index: i,
			seed: dice.Mix(opts.Seed, uint64(i)), opts: opts}
		if fail := f.check(); fail != nil {
			stats.Failed++
			t.Errorf("%s", f.report(fail))
			continue
		}
		stats.Fights++
		stats.Decisions += f.decisions
		stats.Tried += f.tried
		stats.Wins[f.winner]++
	}
	return stats
}

// report says which fight failed, how to replay it, where and why.
func (f *fight[S, C, E]) report(fail *failure) string {
	return fmt.Sprintf("enginetest: %s: fight %d (setup %q, seed %#x; replay it alone with Options{Seed: %d, First: %d, Fights: 1}): %s\n%s",
		f.g.ID(), f.index, f.setup.Name, f.seed, f.opts.Seed, f.index, fail, f.recent(fail.decision))
}

// CheckKinds checks a game's codec tables: both have kinds, each kind
// follows the convention engine.Kinds describes, and each decodes to a
// value of that very kind. Run calls it.
func CheckKinds[S, C, E any](t testing.TB, g engine.Game[S, C, E]) {
	t.Helper()
	commands, events := g.Kinds()
	if commands == nil || events == nil || len(commands.Names()) == 0 || len(events.Names()) == 0 {
		t.Errorf("enginetest: %s: Kinds has no command kinds or no event kinds; a ruleset has both", g.ID())
		return
	}
	checkKindTable(t, g.ID(), "command", commands)
	checkKindTable(t, g.ID(), "event", events)
}

// checkKindTable checks one codec table.
func checkKindTable[I any](t testing.TB, id, what string, kinds *engine.Kinds[I]) {
	t.Helper()
	for _, k := range kinds.Names() {
		if err := engine.CheckKind(k); err != nil {
			t.Errorf("enginetest: %s %s %v", id, what, err)
		}
		data, _ := json.Marshal(map[string]string{"kind": k})
		v, err := kinds.Decode(data)
		if err != nil {
			t.Errorf("enginetest: %s: decoding a bare %s of kind %q: %v", id, what, k, err)
			continue
		}
		if got := kinds.Kind(v); got != k {
			t.Errorf("enginetest: %s: the %s of kind %q decodes as a %T, whose kind is %q", id, what, k, v, got)
		}
	}
}
