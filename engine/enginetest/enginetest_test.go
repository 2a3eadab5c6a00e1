package enginetest_test

import (
	"cmp"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
)

// bundled starts a bundled encounter of the reference ruleset and returns
// its first state.
func bundled(t testing.TB, name string) reference.State {
	t.Helper()
	return *scenariotest.Bundled[reference.State, reference.Command, reference.Event](t, reference.Info(), name)
}

func setups(t testing.TB) []enginetest.Setup[reference.State] {
	return []enginetest.Setup[reference.State]{
		{Name: "skirmish", State: bundled(t, "reference_skirmish")},
		{Name: "brawl", State: bundled(t, "reference_brawl")},
		{Name: "melee", State: bundled(t, "reference_melee"), Viewers: []engine.Viewer{{Combatant: "eve"}}},
	}
}

// TestReferenceConforms plays 200 fights of the reference ruleset (2,000
// in the long run, 20 with -short). Only the long run is sure to see every
// side win; the default one sees a draw and two winners.
func TestReferenceConforms(t *testing.T) {
	n := enginetest.Fights(2000)
	stats := enginetest.Run(t, reference.Rules{}, setups(t), enginetest.Options{Fights: n, Seed: 1})
	if stats.Fights != n || stats.Failed != 0 {
		t.Fatalf("%d fights passed and %d failed, want all %d to pass", stats.Fights, stats.Failed, n)
	}
	switch {
	case enginetest.Long():
		for _, side := range []string{"red", "blue", "green", ""} {
			if stats.Wins[side] == 0 {
				t.Errorf("no fight ended with %q winning: %v", side, stats.Wins)
			}
		}
	case !testing.Short() && len(stats.Wins) < 3:
		t.Errorf("wins %v: want a draw and at least two sides winning", stats.Wins)
	}
	if stats.Tried <= stats.Decisions {
		t.Errorf("%d options tried in %d decisions: every option of every decision should be tried", stats.Tried, stats.Decisions)
	}
}

// TestRunParallelAddsUpRun checks that a run shared out among parallel
// parts plays the same fights as one run: the same totals, the same wins.
func TestRunParallelAddsUpRun(t *testing.T) {
	opts := enginetest.Options{Fights: 101, First: 7, Seed: 3}
	whole := enginetest.Run(t, reference.Rules{}, setups(t), opts)
	parts := enginetest.RunParallel(t, reference.Rules{}, setups(t), opts, 3)
	if !reflect.DeepEqual(whole, parts) {
		t.Errorf("three parts give %+v, one run %+v", parts, whole)
	}
	if parts.Fights != 101 {
		t.Errorf("%d fights passed, want 101", parts.Fights)
	}
}

func TestReferenceConformsInLongFights(t *testing.T) {
	// GMs who nearly always let the fight go on, and options tried at a
	// tenth of the decisions.
	stats := enginetest.Run(t, reference.Rules{}, setups(t), enginetest.Options{
		// At least 40 fights, -short or not: fewer say nothing about
		// how most fights end.
		Fights: max(enginetest.Fights(300), 40), Seed: 2, PreferDefault: 0.95, TryRate: 0.1,
	})
	if stats.Failed != 0 {
		t.Fatalf("%d fights failed", stats.Failed)
	}
	if stats.Wins[""]*4 > stats.Fights {
		t.Errorf("%v: most fights should end with a winner when the GM lets them run", stats.Wins)
	}
	// About 3.5 options a decision, tried at a tenth of them.
	if stats.Tried == 0 || stats.Tried > stats.Decisions {
		t.Errorf("%d options tried in %d decisions, with a try rate of 0.1", stats.Tried, stats.Decisions)
	}
}

// recorder is a testing.TB that keeps what Run reports instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// game is the reference ruleset seen through Game and Secrets only.
type game interface {
	engine.Game[reference.State, reference.Command, reference.Event]
	engine.Secrets[reference.State, reference.Command, reference.Event]
}

// plain is the reference ruleset without its Speed, Simulation and Odds:
// the broken versions below override Decide, Evolve, Clone or Next, which
// its Step, ScratchInto and NextKind would go round.
type plain struct{ game }

// ref is the reference ruleset for the broken versions to embed.
var ref = plain{reference.Rules{}}

// Broken versions of the reference ruleset, each with one bug the suite
// must catch.

// forgetful drops every 97th event it applies, so that the live state and
// the replay drift apart.
type forgetful struct {
	plain
	calls *int
}

func (r forgetful) Evolve(s *reference.State, e reference.Event) {
	if *r.calls++; *r.calls%97 == 0 {
		return
	}
	r.plain.Evolve(s, e)
}

// fickle draws an extra die on every third call, so that playing a seed
// again does not give the same log.
type fickle struct {
	plain
	calls *int
}

func (r fickle) Decide(s *reference.State, actor string, c reference.Command, src dice.Source) ([]reference.Event, error) {
	if *r.calls++; *r.calls%3 == 0 {
		src.Roll(6)
	}
	return r.plain.Decide(s, actor, c, src)
}

// shallow clones the state without copying its fighters.
type shallow struct{ plain }

func (shallow) Clone(s *reference.State) reference.State { return *s }

// overOffering offers to dodge on one's own turn.
type overOffering struct{ plain }

func (r overOffering) Next(s *reference.State) engine.Prompt[reference.Command] {
	p := r.plain.Next(s)
	if p.Kind == engine.Act {
		p.Options = append(p.Options, engine.Option[reference.Command]{Label: "dodge", Command: &reference.Dodge{}})
	}
	return p
}

// crowded names the others a prompt could be answered by, without Others
// to give them their options.
type crowded struct{ plain }

func (r crowded) Next(s *reference.State) engine.Prompt[reference.Command] {
	p := r.plain.Next(s)
	if p.Kind == engine.Act {
		p.Others = r.Roster(s)
	}
	return p
}

// fragile panics when a feint lands.
type fragile struct{ plain }

func (r fragile) Evolve(s *reference.State, e reference.Event) {
	if _, ok := e.(*reference.Unbalanced); ok {
		var f *reference.Combatant
		f.LP-- // a nil dereference
	}
	r.plain.Evolve(s, e)
}

// endless never lets anyone get hurt and never lets the GM stop.
type endless struct{ plain }

func (r endless) Evolve(s *reference.State, e reference.Event) {
	if d, ok := e.(*reference.Damaged); ok {
		e = &reference.Damaged{Combatant: d.Combatant, Attacker: d.Attacker, Dice: d.Dice, LP: s.Combatant(d.Combatant).LP}
	}
	r.plain.Evolve(s, e)
}

func (r endless) Next(s *reference.State) engine.Prompt[reference.Command] {
	p := r.plain.Next(s)
	if p.Kind == engine.Ruling {
		p.Options = p.Options[:1]
	}
	return p
}

// blabbing writes a feint as an attack.
type blabbing struct{ plain }

func (r blabbing) FormatCommand(c reference.Command) string {
	if f, ok := c.(*reference.Feint); ok {
		return "attack " + f.Target
	}
	return r.plain.FormatCommand(c)
}

// scrubbing hides a feint by changing the logged event itself.
type scrubbing struct{ plain }

func (scrubbing) ViewEvent(s *reference.State, e reference.Event, v engine.Viewer) (reference.Event, bool) {
	if d, ok := e.(*reference.AttackDeclared); ok && !v.GM && v.Combatant != d.Attacker {
		d.Feint = false
	}
	return e, true
}

// meddling counts decisions in the state it was given to decide on.
type meddling struct{ plain }

func (r meddling) Decide(s *reference.State, actor string, c reference.Command, src dice.Source) ([]reference.Event, error) {
	s.Round++
	return r.plain.Decide(s, actor, c, src)
}

// stepping decides in place by Decide and Evolve: a correct Step.
type stepping struct{ plain }

func (r stepping) Step(s *reference.State, actor string, c reference.Command, src dice.Source, events []reference.Event) ([]reference.Event, error) {
	decided, err := r.Decide(s, actor, c, src)
	if err != nil {
		return nil, err
	}
	for _, e := range decided {
		r.Evolve(s, e)
	}
	return append(events, decided...), nil
}

func (r stepping) ScratchInto(dst, s *reference.State) { *dst = r.Clone(s) }

func (r stepping) NextKind(s *reference.State) engine.PromptKind { return r.Next(s).Kind }

func (r stepping) Moves(s *reference.State, p *engine.Prompt[reference.Command]) { *p = r.Next(s) }

var _ engine.Speed[reference.State, reference.Command, reference.Event] = stepping{}

// skipping steps like stepping but leaves out the last event of a
// decision with more than one, from the events and from the state.
type skipping struct{ stepping }

func (r skipping) Step(s *reference.State, actor string, c reference.Command, src dice.Source, events []reference.Event) ([]reference.Event, error) {
	decided, err := r.Decide(s, actor, c, src)
	if err != nil {
		return nil, err
	}
	if len(decided) > 1 {
		decided = decided[:len(decided)-1]
	}
	for _, e := range decided {
		r.Evolve(s, e)
	}
	return append(events, decided...), nil
}

// lagging steps like stepping but forgets to apply the events.
type lagging struct{ stepping }

func (r lagging) Step(s *reference.State, actor string, c reference.Command, src dice.Source, events []reference.Event) ([]reference.Event, error) {
	decided, err := r.Decide(s, actor, c, src)
	return append(events, decided...), err
}

// thinMoves lists one option fewer in Moves than Next does.
type thinMoves struct{ stepping }

func (r thinMoves) Moves(s *reference.State, p *engine.Prompt[reference.Command]) {
	*p = r.Next(s)
	if len(p.Options) > 1 {
		p.Options = p.Options[:len(p.Options)-1]
	}
}

// overForgetting forgets the weapon of a pending blow, which its damage
// reads.
type overForgetting struct{ plain }

func (overForgetting) Forget(s *reference.State, _ string, _ reference.Command) {
	if s.Pending != nil {
		b := *s.Pending
		b.Weapon = ""
		s.Pending = &b
	}
}

// sharingMoves writes every attack option of Moves into one command, as a
// careless reuse of memory would.
type sharingMoves struct{ stepping }

func (r sharingMoves) Moves(s *reference.State, p *engine.Prompt[reference.Command]) {
	*p = r.Next(s)
	var shared *reference.Attack
	for i, o := range p.Options {
		if a, ok := o.Command.(*reference.Attack); ok {
			if shared == nil {
				shared = a
			}
			*shared = *a
			p.Options[i].Command = shared
		}
	}
}

// TestStepperConforms checks that a correct Step passes the check of Step
// against Decide.
func TestStepperConforms(t *testing.T) {
	stats := enginetest.Run(t, stepping{ref}, setups(t), enginetest.Options{Fights: 200, Seed: 1})
	if stats.Fights != 200 {
		t.Errorf("%d of 200 fights passed", stats.Fights)
	}
}

func TestCatchesBrokenRulesets(t *testing.T) {
	for _, tc := range []struct {
		name string
		game engine.Game[reference.State, reference.Command, reference.Event]
		opts enginetest.Options
		want string
	}{
		{"forgetful Evolve", forgetful{plain: ref, calls: new(int)}, enginetest.Options{}, "the live state:\n"}, // from a replay
		{"nondeterministic Decide", fickle{plain: ref, calls: new(int)}, enginetest.Options{}, "the same seed played again gives a different log"},
		{"shallow Clone", shallow{ref}, enginetest.Options{}, "to a Clone changed the live state"},
		{"option refused", overOffering{ref}, enginetest.Options{}, `option 5 ("dodge") of the act prompt for "ann" ("round 1, ann's turn: attack, feint or defend?") was refused: cannot dodge now`},
		{"others without OptionsFor", crowded{ref}, enginetest.Options{}, "names others who may answer it, but the ruleset has no OptionsFor"},
		{"panic", fragile{ref}, enginetest.Options{}, "panic: runtime error: invalid memory address"},
		{"never ends", endless{ref}, enginetest.Options{MaxDecisions: 300}, "the fight has not ended after 300 decisions"},
		{"text round trip", blabbing{ref}, enginetest.Options{}, `option 1: "attack bob" parses as &reference.Attack{Target:"bob", Weapon:""}, not as the option's &reference.Feint{Target:"bob"}`},
		{"ViewEvent modifies the log", scrubbing{ref}, enginetest.Options{}, "modified event"},
		{"Decide modifies the state", meddling{ref}, enginetest.Options{}, "Decide modified the state it was given"},
		{"Decide modifies the state, untried", meddling{ref}, enginetest.Options{TryRate: -1}, "folding the log's events from the initial state does not give the live state"},
		{"Step leaves an event out", skipping{stepping{ref}}, enginetest.Options{}, "Step's events differ from Decide's"},
		{"Step leaves the state be", lagging{stepping{ref}}, enginetest.Options{}, "Step leaves a state other than Decide and Evolve do"},
		{"Forget forgets what a decision reads", overForgetting{ref}, enginetest.Options{}, "Forget changed the events of"},
		{"Moves leaves an option out", thinMoves{stepping{ref}}, enginetest.Options{}, "Moves gives 4 options, Next 5"},
		{"Moves shares a command between options", sharingMoves{stepping{ref}}, enginetest.Options{}, `Moves' option 0 is "attack dee", Next's "attack bob"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{TB: t}
			opts := tc.opts
			opts.Fights, opts.Seed, opts.MaxFailures = 40, 3, 2
			stats := enginetest.Run(rec, tc.game, setups(t), opts)
			if len(rec.errors) == 0 {
				t.Fatalf("the suite passed a broken ruleset: %+v", stats)
			}
			first := rec.errors[0]
			if !strings.Contains(first, tc.want) {
				t.Errorf("the first failure does not say %q:\n%s", tc.want, first)
			}
			if !strings.Contains(first, "seed 0x") || !strings.Contains(first, "replay it alone with Options{Seed: 3, First: ") {
				t.Errorf("the failure does not say how to replay it:\n%s", first)
			}
			if stats.Failed > 2 || len(rec.errors) > 3 {
				t.Errorf("%d failing fights and %d errors, with MaxFailures 2", stats.Failed, len(rec.errors))
			}
		})
	}
}

// tally is duel's state with a count of events that its JSON leaves out.
type tally struct {
	reference.State
	events int
}

// timed plays duel on a tally and ends every fight after 30 events: a rule
// that depends on state the JSON does not carry.
type timed struct{ plain }

func (r timed) Decide(s *tally, actor string, c reference.Command, src dice.Source) ([]reference.Event, error) {
	return r.plain.Decide(&s.State, actor, c, src)
}

func (r timed) Evolve(s *tally, e reference.Event) {
	s.events++
	r.plain.Evolve(&s.State, e)
}

func (r timed) Next(s *tally) engine.Prompt[reference.Command] {
	if s.events >= 30 {
		return engine.Prompt[reference.Command]{Kind: engine.End, Question: "time is up", Default: -1}
	}
	return r.plain.Next(&s.State)
}

func (r timed) Clone(s *tally) tally {
	return tally{State: r.plain.Clone(&s.State), events: s.events}
}

func (r timed) ViewInto(dst, s *tally, v engine.Viewer) {
	r.plain.ViewInto(&dst.State, &s.State, v)
	dst.events = s.events
}

func (r timed) ViewEvent(s *tally, e reference.Event, v engine.Viewer) (reference.Event, bool) {
	return r.plain.ViewEvent(&s.State, e, v)
}

func (r timed) ViewCommand(s *tally, actor string, c reference.Command, v engine.Viewer) (reference.Command, bool) {
	return r.plain.ViewCommand(&s.State, actor, c, v)
}

func (r timed) ViewPrompt(s *tally, p engine.Prompt[reference.Command], v engine.Viewer) engine.Prompt[reference.Command] {
	return r.plain.ViewPrompt(&s.State, p, v)
}

func (r timed) Roster(s *tally) []string { return r.plain.Roster(&s.State) }

func (r timed) SideOf(s *tally, combatant string) string { return r.plain.SideOf(&s.State, combatant) }

func (r timed) ParseCommand(s *tally, actor, text string) (reference.Command, error) {
	return r.plain.ParseCommand(&s.State, actor, text)
}

func (r timed) DescribeEvent(s *tally, e reference.Event) string {
	return r.plain.DescribeEvent(&s.State, e)
}

func TestCatchesStateTheJSONLeavesOut(t *testing.T) {
	rec := &recorder{TB: t}
	setups := []enginetest.Setup[tally]{{Name: "skirmish", State: tally{State: bundled(t, "reference_skirmish")}}}
	enginetest.Run(rec, timed{ref}, setups, enginetest.Options{Fights: 20, PreferDefault: 1, MaxFailures: 1})
	if len(rec.errors) == 0 {
		t.Fatal("the suite passed a state that loses data in JSON")
	}
	if want := "the state decoded from JSON prompts differently"; !strings.Contains(rec.errors[0], want) {
		t.Errorf("the failure does not say %q:\n%s", want, rec.errors[0])
	}
}

func TestPanicReportListsTheDecisions(t *testing.T) {
	rec := &recorder{TB: t}
	enginetest.Run(rec, fragile{ref}, setups(t), enginetest.Options{Fights: 10, MaxFailures: 1})
	if len(rec.errors) == 0 {
		t.Fatal("no failure reported")
	}
	got := rec.errors[0]
	for _, want := range []string{"panic: runtime error", "decisions (", `: "feint `, "enginetest_test.go:"} {
		if !strings.Contains(got, want) {
			t.Errorf("the report does not say %q:\n%s", want, got)
		}
	}
}

// rare fails only in fights that reach round 3.
type rare struct{ plain }

func (r rare) Evolve(s *reference.State, e reference.Event) {
	if rs, ok := e.(*reference.RoundStarted); ok && rs.Round == 3 {
		panic("round 3")
	}
	r.plain.Evolve(s, e)
}

func TestReplayAFailingFightAlone(t *testing.T) {
	rec := &recorder{TB: t}
	enginetest.Run(rec, rare{ref}, setups(t), enginetest.Options{Fights: 60, Seed: 9, MaxFailures: 1})
	if len(rec.errors) == 0 {
		t.Fatal("no failure reported")
	}
	m := regexp.MustCompile(`fight (\d+) .*Options\{Seed: 9, First: (\d+), Fights: 1\}`).FindStringSubmatch(rec.errors[0])
	if m == nil || m[1] != m[2] {
		t.Fatalf("the report does not say how to replay the fight:\n%s", rec.errors[0])
	}
	first, _ := strconv.Atoi(m[2])
	if first == 0 {
		t.Fatal("fight 0 failed: pick a seed whose first fights pass, to test First")
	}
	again := &recorder{TB: t}
	stats := enginetest.Run(again, rare{ref}, setups(t), enginetest.Options{Seed: 9, First: first, Fights: 1})
	if len(again.errors) != 1 || withoutStack(again.errors[0]) != withoutStack(rec.errors[0]) {
		t.Errorf("replaying fight %d alone reported %q,\nwant %q", first, again.errors, rec.errors[0])
	}
	if stats.Failed != 1 || stats.Fights != 0 {
		t.Errorf("stats = %+v, want the one fight failed", stats)
	}
}

// withoutStack cuts the stack out of a panic's report.
func withoutStack(report string) string {
	head, _, _ := strings.Cut(report, "\n")
	_, tail, _ := strings.Cut(report, "decisions (")
	return head + "\n" + tail
}

func TestRunRefusesNoSetups(t *testing.T) {
	rec := &recorder{TB: t}
	enginetest.Run(rec, reference.Rules{}, nil, enginetest.Options{})
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "no setups") {
		t.Errorf("errors = %q", rec.errors)
	}
}

// TestFights checks the run lengths FRAY_LONG and -short choose: a tenth
// by default, all of it with FRAY_LONG set true, a hundredth with -short
// whatever the environment says, and never less than one.
func TestFights(t *testing.T) {
	for _, c := range []struct {
		env  string
		long bool
	}{
		{"", false}, {"0", false}, {"false", false}, {"yes please", false},
		{"1", true}, {"true", true},
	} {
		t.Run(cmp.Or(c.env, "empty"), func(t *testing.T) {
			t.Setenv(enginetest.LongEnv, c.env)
			long, want, few := c.long, 1000, 3 // of 10000 and of 30
			switch {
			case testing.Short():
				long, want, few = false, 100, 1
			case long:
				want, few = 10000, 30
			}
			if got := enginetest.Long(); got != long {
				t.Errorf("Long() = %v, want %v", got, long)
			}
			if got := enginetest.Fights(10000); got != want {
				t.Errorf("Fights(10000) = %d, want %d", got, want)
			}
			if got := enginetest.Scale(10000); got != want {
				t.Errorf("Scale(10000) = %d, want %d", got, want)
			}
			if got := enginetest.Fights(30); got != few {
				t.Errorf("Fights(30) = %d, want %d", got, few)
			}
		})
	}
}
