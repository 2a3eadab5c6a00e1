package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
)

// Streams of a fight's seed, so that checking does not change the fight.
const (
	diceStream   = iota // the live dice
	chooseStream        // which option to take
	sampleStream        // at which decisions to try every option
	tryStream           // dice for trying options, mixed again per decision
)

// fight is one seeded fight of a Run.
type fight[S, C, E any] struct {
	g        engine.Game[S, C, E]
	setup    *Setup[S]
	pristine []byte // the setup's state as JSON, to see that nothing changed it
	index    int
	seed     uint64
	opts     Options

	enc       *engine.Encounter[S, C, E]
	replay    S               // the log's events folded from the initial state
	viewers   []engine.Viewer // whose views to check
	decisions int
	tried     int
	winner    string
	moves     engine.Prompt[C] // Moves' prompt, its memory reused decision to decision

	// The fight played again as a simulation plays it, for a ruleset with
	// engine.Speed: Step on a state of its own, with the commands Moves
	// lists, memory reused decision to decision.
	shadow       S
	shadowPrompt engine.Prompt[C]
	shadowEvents []E
	shadowing    bool
	// kept is a Clone of the shadow state after the Step of the last
	// decision checked in depth, and keptJSON its JSON then: a Clone is a
	// state of its own, so that nothing the shadow does after changes it.
	kept     *S
	keptJSON []byte
}

// failure is a broken check: where in the fight and what.
type failure struct {
	decision int // decisions made before it
	msg      string
}

func (f *failure) Error() string {
	return fmt.Sprintf("after %d decisions: %s", f.decision, f.msg)
}

func (f *fight[S, C, E]) fail(format string, args ...any) *failure {
	return &failure{decision: f.decisions, msg: fmt.Sprintf(format, args...)}
}

// check plays the fight with every check, then again without, and compares
// the logs.
func (f *fight[S, C, E]) check() *failure {
	if fail := f.play(); fail != nil {
		return fail
	}
	first, decisions, tried, winner := f.enc, f.decisions, f.tried, f.winner
	again, fail := f.again()
	if fail != nil {
		fail.msg = "playing the same seed again: " + fail.msg
		f.enc = engine.Restore(f.g, f.setup.State, again)
		return fail
	}
	f.enc, f.decisions, f.tried, f.winner = first, decisions, tried, winner
	return f.sameLog(first.Log(), again)
}

// again plays the fight a second time from the setup, with the same seed
// and no checks, as play does but without an Encounter: each decision is
// decided and applied as Encounter.Submit does, with its dice recorded,
// and the prompt is asked once a decision (Submit asks it again, which
// would double the cost of the play for rulesets whose prompts are dear).
// It returns the log.
func (f *fight[S, C, E]) again() (log []engine.Decision[C, E], fail *failure) {
	defer func() {
		if r := recover(); r != nil {
			fail = f.fail("panic: %v\n%s", r, stack())
		}
	}()
	s := f.g.Clone(&f.setup.State)
	src := dice.Seeded(dice.Mix(f.seed, diceStream))
	chooser := dice.Seeded(dice.Mix(f.seed, chooseStream))
	f.decisions = 0
	for {
		p := f.g.Next(&s)
		if p.Kind == engine.End {
			return log, nil
		}
		if f.decisions >= f.opts.MaxDecisions {
			return log, f.fail("the fight has not ended after %d decisions (Options.MaxDecisions); the prompt is %s", f.decisions, describePrompt(p))
		}
		k := choose(p, chooser, f.opts.PreferDefault)
		c := p.Options[k].Command
		rec := &dice.Recorder{Source: src}
		events, err := engine.Decide(f.g, &s, p.Actor, c, rec)
		if err != nil {
			return log, f.fail("option %d (%s) of %s was refused: %v", k, f.format(c), describePrompt(p), err)
		}
		engine.Apply(f.g, &s, events)
		log = append(log, engine.Decision[C, E]{Actor: p.Actor, Command: c, Events: events, Dice: rec.Draws})
		f.decisions++
	}
}

// play plays the fight from the setup, choosing options at random, and
// checks every step.
func (f *fight[S, C, E]) play() (fail *failure) {
	defer func() {
		if r := recover(); r != nil {
			fail = f.fail("panic: %v\n%s", r, stack())
		}
	}()
	if data, err := marshal(&f.setup.State); err != nil || !bytes.Equal(data, f.pristine) {
		return f.fail("the setup's state has changed since the run began (does Clone share memory with its argument?)")
	}
	// A nil event (a zero E) is nothing that happened: Evolve changes
	// nothing and DescribeEvent says nothing, without a panic.
	var none E
	probe := f.g.Clone(&f.setup.State)
	f.g.Evolve(&probe, none)
	if data, err := marshal(&probe); err != nil || !bytes.Equal(data, f.pristine) {
		return f.fail("Evolve with a nil event changed the state")
	}
	if text := f.g.DescribeEvent(&probe, none); text != "" {
		return f.fail("DescribeEvent of a nil event says %q, not nothing", text)
	}
	f.enc = engine.NewEncounter(f.g, f.setup.State)
	f.replay = f.g.Clone(&f.setup.State)
	f.decisions, f.tried, f.winner = 0, 0, ""
	f.viewers = append([]engine.Viewer{engine.Everyone, {}}, f.setup.Viewers...)
	_, f.shadowing = f.g.(engine.Speed[S, C, E])
	if f.shadowing {
		engine.ScratchInto(f.g, &f.shadow, &f.setup.State)
	}

	src := dice.Seeded(dice.Mix(f.seed, diceStream))
	chooser := dice.Seeded(dice.Mix(f.seed, chooseStream))
	sampler := dice.Seeded(dice.Mix(f.seed, sampleStream))
	var recorder dice.Recorder // the dice of a deeply checked decision
	deep := false              // whether the last prompt, the end, was sampled
	for {
		p := f.enc.Prompt()
		deep = f.opts.CheckRate >= 1 || chance(sampler) < f.opts.CheckRate
		if fail := f.checkPrompt(p); fail != nil {
			return fail
		}
		f.addViewer(p.Actor)
		for _, o := range p.Others {
			f.addViewer(o)
		}
		if deep {
			try := p.Kind != engine.End && (f.opts.TryRate >= 1 || chance(sampler) < f.opts.TryRate)
			if fail := f.checkStep(p, try); fail != nil {
				return fail
			}
		}
		if p.Kind == engine.End {
			f.winner = p.Winner
			break
		}
		if f.decisions >= f.opts.MaxDecisions {
			return f.fail("the fight has not ended after %d decisions (Options.MaxDecisions); the prompt is %s", f.decisions, describePrompt(p))
		}
		k := choose(p, chooser, f.opts.PreferDefault)
		var before S
		var drawn dice.Source = src
		if deep {
			before = f.g.Clone(f.enc.State())
			recorder.Source = src
			recorder.Reset()
			drawn = &recorder
		}
		events, err := f.enc.Submit(p.Actor, p.Options[k].Command, drawn)
		if err != nil {
			return f.fail("option %d (%s) of %s was refused: %v", k, f.format(p.Options[k].Command), describePrompt(p), err)
		}
		f.decisions++
		switch {
		case deep:
			if fail := f.checkStepper(&before, p.Actor, p.Options[k].Command, recorder.Draws, events); fail != nil {
				return fail
			}
			if fail := f.checkForget(&before, p.Actor, p.Options[k].Command, recorder.Draws, events); fail != nil {
				return fail
			}
			if fail := f.checkEvents(&before, events); fail != nil {
				return fail
			}
		default:
			engine.Apply[S, C, E](f.g, &f.replay, events)
		}
		if f.shadowing {
			if fail := f.stepShadow(p.Actor, k, deep); fail != nil {
				return fail
			}
		}
	}
	return f.checkEnd(deep)
}

// chance returns a uniform number in [0, 1).
func chance(r *dice.PCG) float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}

// choose picks the option to take: the default with probability
// preferDefault when there is one, else uniformly.
func choose[C any](p engine.Prompt[C], r *dice.PCG, preferDefault float64) int {
	if p.Default >= 0 && preferDefault > 0 && chance(r) < preferDefault {
		return p.Default
	}
	return r.Roll(len(p.Options)) - 1
}

// addViewer adds a prompted combatant to the viewers checked.
func (f *fight[S, C, E]) addViewer(actor string) {
	if actor == engine.GM || actor == "" {
		return
	}
	for _, v := range f.viewers {
		if !v.GM && v.Combatant == actor {
			return
		}
	}
	f.viewers = append(f.viewers, engine.Viewer{Combatant: actor})
}

// checkPrompt checks that a prompt can be answered, or is a proper end.
func (f *fight[S, C, E]) checkPrompt(p engine.Prompt[C]) *failure {
	if k := engine.NextKind(f.g, f.enc.State()); k != p.Kind {
		return f.fail("NextKind says %q, but the prompt is %s", k, describePrompt(p))
	}
	if fail := f.checkMoves(p); fail != nil {
		return fail
	}
	if p.Kind == engine.End {
		if len(p.Options) > 0 {
			return f.fail("the end prompt offers %d options", len(p.Options))
		}
		return nil
	}
	switch {
	case p.Actor == "":
		return f.fail("%s names no actor", describePrompt(p))
	case len(p.Options) == 0:
		return f.fail("%s offers no options", describePrompt(p))
	case p.Default < -1 || p.Default >= len(p.Options):
		return f.fail("%s has default %d, with %d options", describePrompt(p), p.Default, len(p.Options))
	}
	return nil
}

// checkStep checks the state, its views and the prompt's options before a
// decision (or at the end), trying every option on a clone if try is set.
func (f *fight[S, C, E]) checkStep(p engine.Prompt[C], try bool) *failure {
	s := f.enc.State()
	live, err := marshal(s)
	if err != nil {
		return f.fail("%v", err)
	}
	if fail := f.checkJSON(s, live, p); fail != nil {
		return fail
	}
	for k, o := range p.Options {
		if fail := f.checkCommand(s, p.Actor, k, o.Command); fail != nil {
			return fail
		}
	}
	if fail := f.checkOptionsFor(s, p); fail != nil {
		return fail
	}
	for _, v := range f.viewers {
		view := engine.View(f.g, s, v)
		if _, err := marshal(&view); err != nil {
			return f.fail("the view for %s: %v", viewerName(v), err)
		}
	}
	if fail := f.unchanged(live, func() string { return "View or ParseCommand" }); fail != nil {
		return fail
	}
	if !try {
		return nil
	}
	for k, o := range p.Options {
		f.tried++
		clone := f.g.Clone(s)
		src := dice.Seeded(dice.Mix(dice.Mix(f.seed, tryStream), uint64(f.decisions*1000+k)))
		events, err := engine.Decide(f.g, &clone, p.Actor, o.Command, src)
		if err != nil {
			return f.fail("option %d (%s) of %s was refused: %v", k, f.format(o.Command), describePrompt(p), err)
		}
		if data, err := marshal(&clone); err != nil || !bytes.Equal(data, live) {
			return f.fail("Decide modified the state it was given, deciding option %d (%s):\nbefore %s\nafter  %s", k, f.format(o.Command), live, data)
		}
		for _, e := range events {
			if fail := f.checkEvent(e); fail != nil {
				return fail
			}
			f.g.Evolve(&clone, e)
		}
		if fail := f.unchanged(live, func() string {
			return fmt.Sprintf("applying option %d (%s) to a Clone", k, f.format(o.Command))
		}); fail != nil {
			return fail
		}
	}
	return nil
}

// unchanged checks that the live state still marshals as before; what
// says what might have changed it, asked only when it did.
func (f *fight[S, C, E]) unchanged(before []byte, what func() string) *failure {
	after, err := marshal(f.enc.State())
	if err != nil {
		return f.fail("%v", err)
	}
	if !bytes.Equal(after, before) {
		return f.fail("%s changed the live state:\nbefore %s\nafter  %s", what(), before, after)
	}
	return nil
}

// checkJSON checks that the state round-trips through JSON: identical
// bytes, and the same prompt from the decoded state.
func (f *fight[S, C, E]) checkJSON(s *S, data []byte, p engine.Prompt[C]) *failure {
	var back S
	if err := json.Unmarshal(data, &back); err != nil {
		return f.fail("the state does not decode from its JSON: %v\n%s", err, data)
	}
	again, err := marshal(&back)
	if err != nil {
		return f.fail("%v", err)
	}
	if !bytes.Equal(again, data) {
		return f.fail("the state does not round-trip through JSON:\nwritten %s\nreread  %s", data, again)
	}
	want, got := f.promptKey(p), f.promptKey(f.g.Next(&back))
	if want != got {
		return f.fail("the state decoded from JSON prompts differently (is some of the state not in the JSON?):\nlive    %s\ndecoded %s", want, got)
	}
	return nil
}

// checkMoves checks, for a ruleset with engine.Speed, that Moves writes the
// prompt Next gives but for its question and labels, into the memory of
// the last decision's.
func (f *fight[S, C, E]) checkMoves(p engine.Prompt[C]) *failure {
	if _, ok := f.g.(engine.Speed[S, C, E]); !ok {
		return nil
	}
	engine.Moves(f.g, f.enc.State(), &f.moves)
	m := &f.moves
	if m.Kind != p.Kind || m.Actor != p.Actor || m.Default != p.Default || m.Winner != p.Winner || !slices.Equal(m.Others, p.Others) && len(m.Others)+len(p.Others) > 0 {
		return f.fail("Moves gives a %s prompt for %q (others %v, default %d, winner %q), Next %s (others %v, default %d, winner %q)",
			m.Kind, m.Actor, m.Others, m.Default, m.Winner, describePrompt(p), p.Others, p.Default, p.Winner)
	}
	if len(m.Options) != len(p.Options) {
		return f.fail("Moves gives %d options, Next %d, at %s", len(m.Options), len(p.Options), describePrompt(p))
	}
	for k := range p.Options {
		if reflect.DeepEqual(m.Options[k].Command, p.Options[k].Command) {
			continue // equal commands, so equal texts: no need to write them
		}
		if a, b := f.format(m.Options[k].Command), f.format(p.Options[k].Command); a != b {
			return f.fail("Moves' option %d is %s, Next's %s, at %s", k, a, b, describePrompt(p))
		}
	}
	return nil
}

// checkOptionsFor checks that OptionsFor gives the prompt's actor the
// prompt's own options, that a prompt others may answer comes from a
// ruleset with Others, and that the prompt's actors are in the roster.
func (f *fight[S, C, E]) checkOptionsFor(s *S, p engine.Prompt[C]) *failure {
	if p.Kind == engine.End {
		return nil
	}
	roster := f.g.Roster(s)
	for _, who := range append([]string{p.Actor}, p.Others...) {
		if who != engine.GM && !slices.Contains(roster, who) {
			return f.fail("%s names %q, who is not in the roster %v", describePrompt(p), who, roster)
		}
	}
	if _, ok := f.g.(engine.Others[S, C]); !ok && len(p.Others) > 0 {
		return f.fail("%s names others who may answer it, but the ruleset has no OptionsFor (engine.Others) to give them their options", describePrompt(p))
	}
	got := engine.OptionsFor(f.g, s, p.Actor)
	if len(got) != len(p.Options) {
		return f.fail("OptionsFor(%s) gives %d options, the prompt %d", p.Actor, len(got), len(p.Options))
	}
	for k := range got {
		if a, b := f.g.FormatCommand(got[k].Command), f.g.FormatCommand(p.Options[k].Command); a != b {
			return f.fail("OptionsFor(%s) option %d is %q, the prompt's %q", p.Actor, k, a, b)
		}
	}
	return nil
}

// checkCommand checks that option k's command round-trips through the text
// vocabulary and kinded JSON.
func (f *fight[S, C, E]) checkCommand(s *S, actor string, k int, c C) *failure {
	text := f.g.FormatCommand(c)
	back, err := f.g.ParseCommand(s, actor, text)
	if err != nil {
		return f.fail("option %d: FormatCommand wrote %q, which ParseCommand refuses: %v", k, text, err)
	}
	if !reflect.DeepEqual(back, c) {
		return f.fail("option %d: %q parses as %#v, not as the option's %#v", k, text, back, c)
	}
	commands, _ := f.g.Kinds()
	data, err := commands.Marshal(c)
	if err != nil || !json.Valid(data) {
		return f.fail("option %d (%s): the codec table wrote %s, %v", k, text, data, err)
	}
	decoded, err := commands.Decode(data)
	if err != nil {
		return f.fail("option %d: decoding %s: %v", k, data, err)
	}
	if !reflect.DeepEqual(decoded, c) {
		return f.fail("option %d: %s decodes as %#v, not as the option's %#v", k, data, decoded, c)
	}
	return nil
}

// checkEvent checks that an event round-trips through kinded JSON.
func (f *fight[S, C, E]) checkEvent(e E) *failure {
	_, events := f.g.Kinds()
	data, err := events.Marshal(e)
	if err != nil || !json.Valid(data) {
		return f.fail("event %#v: the codec table wrote %s, %v", e, data, err)
	}
	back, err := events.Decode(data)
	if err != nil {
		return f.fail("decoding %s: %v", data, err)
	}
	if !reflect.DeepEqual(back, e) {
		return f.fail("%s decodes as %#v, not as the event %#v", data, back, e)
	}
	return nil
}

// checkEvents checks the events of the decision just made: their JSON, and
// how every viewer sees and reads them; and folds them into the replay.
func (f *fight[S, C, E]) checkEvents(before *S, events []E) *failure {
	d := f.enc.Log()[len(f.enc.Log())-1]
	if len(d.Events) != len(events) {
		return f.fail("Submit returned %d events but logged %d", len(events), len(d.Events))
	}
	for i, e := range events {
		if fail := f.checkEvent(e); fail != nil {
			return fail
		}
		raw, err := json.Marshal(e)
		if err != nil {
			return f.fail("event %d: %v", i, err)
		}
		for _, v := range f.viewers {
			seen, ok := engine.ViewEvent(f.g, before, e, v)
			if !ok {
				continue
			}
			if _, err := json.Marshal(seen); err != nil {
				return f.fail("event %d as %s sees it: %v", i, viewerName(v), err)
			}
			view := engine.View(f.g, before, v)
			if line := f.g.DescribeEvent(&view, seen); line == "" && v.GM {
				return f.fail("DescribeEvent says nothing of event %d, %s", i, raw)
			}
		}
		if again, _ := json.Marshal(e); !bytes.Equal(again, raw) {
			return f.fail("ViewEvent, View or DescribeEvent modified event %d:\nbefore %s\nafter  %s", i, raw, again)
		}
		f.g.Evolve(before, e)
		f.g.Evolve(&f.replay, e)
	}
	live, err := marshal(f.enc.State())
	if err != nil {
		return f.fail("%v", err)
	}
	if replayed, _ := marshal(&f.replay); !bytes.Equal(replayed, live) {
		return f.fail("folding the log's events from the initial state does not give the live state:\nfolded %s\nlive   %s", replayed, live)
	}
	if folded, _ := marshal(before); !bytes.Equal(folded, live) {
		return f.fail("applying the events to a Clone of the state before them does not give the live state:\nclone %s\nlive  %s", folded, live)
	}
	return nil
}

// stepShadow plays the decision just made on the shadow state as a
// simulation would: option k of the prompt Moves writes, decided by Step
// with the dice the decision drew. With compare set, or at the end of the
// fight, the shadow must be the live state.
func (f *fight[S, C, E]) stepShadow(actor string, k int, compare bool) *failure {
	if compare {
		// The state copied into itself, through a Clone, as exact odds
		// copy a situation into the state a dice path steps on: what the
		// copy puts in the state's hot memory must not reach the Clones
		// made after.
		again := f.g.Clone(&f.shadow)
		engine.ScratchInto(f.g, &f.shadow, &again)
	}
	engine.Moves(f.g, &f.shadow, &f.shadowPrompt)
	if k >= len(f.shadowPrompt.Options) {
		return f.fail("stepping as a simulation: Moves gives %d options on the shadow state, and option %d was taken", len(f.shadowPrompt.Options), k)
	}
	log := f.enc.Log()
	draws := log[len(log)-1].Dice
	values := make([]int, len(draws))
	for i, d := range draws {
		values[i] = d.Value
	}
	c := f.shadowPrompt.Options[k].Command
	var err error
	f.shadowEvents, err = engine.Step(f.g, &f.shadow, actor, c, dice.NewScript(values...), f.shadowEvents[:0])
	if err != nil {
		return f.fail("stepping as a simulation: Step refused option %d (%s), which Decide accepted: %v", k, f.format(c), err)
	}
	if fail := f.keepShadow(compare); fail != nil {
		return fail
	}
	if !compare && engine.NextKind(f.g, f.enc.State()) != engine.End {
		return nil
	}
	live, _ := marshal(f.enc.State())
	if got, _ := marshal(&f.shadow); !bytes.Equal(got, live) {
		return f.fail("stepping as a simulation (Step on the commands Moves lists, memory reused) leaves another state than the encounter:\nstepped %s\nlive    %s", got, live)
	}
	return nil
}

// keepShadow checks, at a decision checked in depth (compare), that the
// Clone of the shadow state kept at the last such decision is as it was
// then, however the shadow stepped on since, and keeps a new one.
func (f *fight[S, C, E]) keepShadow(compare bool) *failure {
	if !compare {
		return nil
	}
	if f.kept != nil {
		if got, _ := marshal(f.kept); !bytes.Equal(got, f.keptJSON) {
			return f.fail("a Clone of the simulation's state changed as the state went on (Clone shares memory that Step, ScratchInto or their hot memory write again):\nnow  %s\nthen %s", got, f.keptJSON)
		}
	}
	kept := f.g.Clone(&f.shadow)
	f.kept = &kept
	f.keptJSON, _ = marshal(f.kept)
	return nil
}

// checkStepper checks, for a ruleset with engine.Speed, that Step
// on a copy of the state before a decision, with the same dice, gives the
// events Decide gave and leaves the state Submit did.
func (f *fight[S, C, E]) checkStepper(before *S, actor string, c C, draws []dice.Draw, events []E) *failure {
	stepper, ok := f.g.(engine.Speed[S, C, E])
	if !ok {
		return nil
	}
	s := f.g.Clone(before)
	tallied := f.tallySteps(&s)
	values := drawnValues(draws)
	script := dice.NewScript(values...)
	var stepped []E
	err := dice.Run(func() error {
		var err error
		stepped, err = stepper.Step(&s, actor, c, script, nil)
		return err
	})
	if err != nil {
		return f.fail("Step refused what Decide accepted (%s from %s): %v", f.format(c), actor, err)
	}
	if script.Drawn() != len(values) {
		return f.fail("Step drew %d dice where Decide drew %d (%s from %s)", script.Drawn(), len(values), f.format(c), actor)
	}
	want, _ := json.Marshal(events)
	if got, _ := json.Marshal(stepped); !bytes.Equal(got, want) {
		return f.fail("Step's events differ from Decide's (%s from %s):\nstep   %s\ndecide %s", f.format(c), actor, got, want)
	}
	live, _ := marshal(f.enc.State())
	if got, _ := marshal(&s); !bytes.Equal(got, live) {
		return f.fail("Step leaves a state other than Decide and Evolve do (%s from %s):\nstep %s\nlive %s", f.format(c), actor, got, live)
	}
	return f.checkStepTally(&s, actor, c, stepped, tallied)
}

// tallySteps makes, for a ruleset with engine.StepTally and
// engine.Simulation, the Steps on s add to tallies it returns; nil for any
// other ruleset.
func (f *fight[S, C, E]) tallySteps(s *S) *engine.Tallies {
	st, ok := f.g.(engine.StepTally[S])
	if _, sim := engine.Simulated(f.g); !ok || !sim {
		return nil
	}
	n := len(f.g.Roster(s))
	t := &engine.Tallies{Taken: make([]int64, n), Dealt: make([]int64, n), Down: make([]bool, n), Dead: make([]bool, n)}
	st.TallySteps(s, t)
	return t
}

// checkStepTally checks, when got is what tallySteps returned, that the
// Step that emitted events added them up as Tally says each does, in
// state s after it.
func (f *fight[S, C, E]) checkStepTally(s *S, actor string, c C, events []E, got *engine.Tallies) *failure {
	tallier, sim := engine.Simulated(f.g)
	if got == nil || !sim {
		return nil
	}
	roster := f.g.Roster(s)
	n := len(roster)
	want := &engine.Tallies{Taken: make([]int64, n), Dealt: make([]int64, n), Down: make([]bool, n), Dead: make([]bool, n)}
	for _, e := range events {
		target, source, damage, down, dead := tallier.Tally(s, e)
		t := slices.Index(roster, target)
		if target == "" || t < 0 {
			continue
		}
		if damage != 0 {
			want.Taken[t] += int64(damage)
			if src := slices.Index(roster, source); src >= 0 {
				want.Dealt[src] += int64(damage)
			}
		}
		want.Down[t] = want.Down[t] || down || dead
		want.Dead[t] = want.Dead[t] || dead
	}
	if !reflect.DeepEqual(got, want) {
		return f.fail("the Step of %s from %s does not tally its events as Tally says (TallySteps):\nStep  %+v\nTally %+v", f.format(c), actor, *got, *want)
	}
	return nil
}

// checkForget checks, for a ruleset with engine.Forgetting, that deciding
// the command from the state before the decision with what the command does
// not read forgotten, with the same dice, gives the same events, the same
// state afterwards and, for a ruleset with engine.Odds, the same outcome;
// and that Forget changes nothing where engine.ForgetScope says so.
func (f *fight[S, C, E]) checkForget(before *S, actor string, c C, draws []dice.Draw, events []E) *failure {
	if _, ok := f.g.(engine.Forgetting[S, C]); !ok {
		return nil
	}
	s := f.g.Clone(before)
	engine.Forget(f.g, &s, actor, c)
	if !engine.Forgets(f.g, before, actor, c) {
		// The ruleset's ForgetScope promises that Forget changed nothing.
		was, _ := marshal(before)
		if got, _ := marshal(&s); !bytes.Equal(got, was) {
			return f.fail("Forget changed the state for %s from %s, where Forgets says it changes nothing:\nforgotten %s\nbefore    %s", f.format(c), actor, got, was)
		}
	}
	values := drawnValues(draws)
	script := dice.NewScript(values...)
	var decided []E
	err := dice.Run(func() error {
		var err error
		decided, err = f.g.Decide(&s, actor, c, script)
		return err
	})
	if err != nil {
		return f.fail("Decide refused after Forget what it accepted before (%s from %s): %v", f.format(c), actor, err)
	}
	if script.Drawn() != len(values) {
		return f.fail("after Forget, Decide drew %d dice where it drew %d before (%s from %s)", script.Drawn(), len(values), f.format(c), actor)
	}
	want, _ := json.Marshal(events)
	if got, _ := json.Marshal(decided); !bytes.Equal(got, want) {
		return f.fail("Forget changed the events of %s from %s:\nforgotten %s\nbefore    %s", f.format(c), actor, got, want)
	}
	if sum, ok := f.g.(engine.Odds[S, C, E]); ok {
		after := f.enc.State()
		n := len(f.g.Roster(before))
		wantDamage, gotDamage := make([]int, n), make([]int, n)
		wantTags := sum.Outcome(before, actor, events, after, nil, wantDamage)
		gotTags := sum.Outcome(&s, actor, decided, after, nil, gotDamage)
		if !slices.Equal(gotTags, wantTags) || !slices.Equal(gotDamage, wantDamage) {
			return f.fail("Forget changed the outcome of %s from %s: tags %v damage %v, before tags %v damage %v", f.format(c), actor, gotTags, gotDamage, wantTags, wantDamage)
		}
	}
	engine.Apply(f.g, &s, decided)
	live, _ := marshal(f.enc.State())
	if got, _ := marshal(&s); !bytes.Equal(got, live) {
		return f.fail("after Forget, %s from %s leaves another state:\nforgotten %s\nlive      %s", f.format(c), actor, got, live)
	}
	return nil
}

// drawnValues returns the values of the dice drawn, to be drawn again.
func drawnValues(draws []dice.Draw) []int {
	values := make([]int, len(draws))
	for i, d := range draws {
		values[i] = d.Value
	}
	return values
}

// checkEnd checks the finished fight: Replay and Restore give its state,
// and, if transcripts is set, every viewer's transcript can be written.
func (f *fight[S, C, E]) checkEnd(transcripts bool) *failure {
	live, err := marshal(f.enc.State())
	if err != nil {
		return f.fail("%v", err)
	}
	replayed := f.enc.Replay()
	if data, _ := marshal(&replayed); !bytes.Equal(data, live) {
		return f.fail("Replay differs from the live state:\nreplay %s\nlive   %s", data, live)
	}
	restored := engine.Restore(f.g, f.setup.State, f.enc.Log())
	if data, _ := marshal(restored.State()); !bytes.Equal(data, live) {
		return f.fail("Restore differs from the live state:\nrestored %s\nlive     %s", data, live)
	}
	if !transcripts {
		return nil
	}
	table := engine.NewTable(f.g, restored)
	for _, v := range f.viewers {
		if n := len(table.Transcript(v)); n != f.decisions {
			return f.fail("the transcript for %s has %d entries, for %d decisions", viewerName(v), n, f.decisions)
		}
	}
	return nil
}

// sameLog compares the logs of two plays of one seed.
func (f *fight[S, C, E]) sameLog(a, b []engine.Decision[C, E]) *failure {
	for i := range max(len(a), len(b)) {
		if i < len(a) && i < len(b) && reflect.DeepEqual(a[i], b[i]) {
			// Equal values write equal JSON: only decisions that
			// differ as values need their JSON compared, where a
			// difference the JSON does not show (an unexported field)
			// is no difference.
			continue
		}
		var ka, kb string
		if i < len(a) {
			ka = f.decisionKey(a[i])
		}
		if i < len(b) {
			kb = f.decisionKey(b[i])
		}
		if ka != kb {
			f.decisions = i
			return f.fail("the same seed played again gives a different log (is Decide or Next not deterministic?):\nfirst %s\nagain %s", ka, kb)
		}
	}
	return nil
}

// decisionKey writes a decision as JSON, with the kinds of its command and
// events (which json.Marshal of a Decision leaves out).
func (f *fight[S, C, E]) decisionKey(d engine.Decision[C, E]) string {
	_, events := f.g.Kinds()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", d.Actor, f.commandJSON(d.Command))
	for _, e := range d.Events {
		data, err := events.Marshal(e)
		if err != nil {
			data = fmt.Appendf(nil, "(%T: %v)", e, err)
		}
		b.WriteString(" ")
		b.Write(data)
	}
	dice, _ := json.Marshal(d.Dice)
	fmt.Fprintf(&b, " dice %s", dice)
	return b.String()
}

// promptKey writes a prompt as JSON with each option's text and kinded
// command.
func (f *fight[S, C, E]) promptKey(p engine.Prompt[C]) string {
	type option struct {
		Label, Text, Command string
	}
	out := struct {
		engine.Prompt[C]
		Options []option
	}{Prompt: p}
	for _, o := range p.Options {
		out.Options = append(out.Options, option{o.Label, f.g.FormatCommand(o.Command), f.commandJSON(o.Command)})
	}
	data, _ := json.Marshal(out)
	return string(data)
}

// commandJSON writes c as its codec table does.
func (f *fight[S, C, E]) commandJSON(c C) string {
	commands, _ := f.g.Kinds()
	data, err := commands.Marshal(c)
	if err != nil {
		return fmt.Sprintf("(%T: %v)", c, err)
	}
	return string(data)
}

// marshal writes v as JSON.
func marshal[S any](s *S) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("the state cannot be written as JSON: %w", err)
	}
	return data, nil
}

// format writes a command in the text vocabulary, even if FormatCommand
// panics.
func (f *fight[S, C, E]) format(c C) (text string) {
	defer func() {
		if r := recover(); r != nil {
			text = fmt.Sprintf("%#v (FormatCommand panics: %v)", c, r)
		}
	}()
	return fmt.Sprintf("%q", f.g.FormatCommand(c))
}

// recentDecisions is how many of the last decisions a report lists.
const recentDecisions = 30

// recent lists the last decisions before a failure, in the text
// vocabulary.
func (f *fight[S, C, E]) recent(upTo int) string {
	if f.enc == nil {
		return "no decisions"
	}
	log := f.enc.Log()
	upTo = min(upTo, len(log))
	from := max(0, upTo-recentDecisions)
	var b strings.Builder
	fmt.Fprintf(&b, "decisions (%d in all):", upTo)
	if from > 0 {
		fmt.Fprintf(&b, "\n\t... %d earlier", from)
	}
	for i := from; i < upTo; i++ {
		fmt.Fprintf(&b, "\n\t%d. %s: %s", i+1, log[i].Actor, f.format(log[i].Command))
	}
	return b.String()
}

// describePrompt names a prompt in a failure.
func describePrompt[C any](p engine.Prompt[C]) string {
	return fmt.Sprintf("the %s prompt for %q (%q)", p.Kind, p.Actor, p.Question)
}

// viewerName names a viewer in a failure.
func viewerName(v engine.Viewer) string {
	switch {
	case v.GM:
		return "the GM"
	case v.Combatant == "":
		return "a spectator"
	default:
		return fmt.Sprintf("%q", v.Combatant)
	}
}

// stack returns the stack of a recovered panic, from the frame that
// panicked.
func stack() string {
	lines := strings.Split(strings.TrimSpace(string(debug.Stack())), "\n")
	for i := len(lines) - 1; i > 0; i-- {
		if strings.HasPrefix(lines[i], "panic(") {
			lines = lines[i+2:]
			break
		}
	}
	const keep = 30
	if len(lines) > keep {
		lines = append(lines[:keep], "\t...")
	}
	return strings.Join(lines, "\n")
}
