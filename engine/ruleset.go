package engine

import (
	"fmt"
	"strings"

	"fray/dice"
)

// The ruleset contract, in one place.
//
// A ruleset implements Game: the required Ruleset (the rules) and Codec
// (the words), over its own state S, command C and event E types. Beyond
// that it may offer named capabilities, each an interface below:
//
//   - Speed: deciding in place, cheap copies, prompt kinds and the prompt
//     a policy chooses from without its words (Step, ScratchInto, NextKind,
//     Moves), for the hot loops of simulation and exact odds. Without it
//     they run on Decide, Evolve, Clone and Next, only slower.
//   - Secrets: views that hide what a viewer may not see (ViewInto,
//     ViewEvent, ViewCommand, ViewPrompt). Without it every viewer sees
//     everything.
//   - Simulation: rounds, per-combatant totals and policies, for fray sim.
//     Without it a simulation plays random policies and reports less.
//     StepTally, a part it may add, tallies a fight as Step resolves it.
//   - Odds: what an outcome means, for exact odds. Without it fray odds
//     refuses the ruleset's encounters with an error naming what is missing.
//   - Others: prompts that others than their actor may answer, each with
//     options of its own (OptionsFor). Without it only a prompt's actor
//     and the GM answer it.
//   - Forgetting: what a decision does not read (Forget), so that exact
//     odds resolve it once for situations that differ only there. Without
//     it they resolve it once per situation, to the same answer. With it,
//     a decision may also offer merge points inside itself (Pause).
//   - TimeLimit: telling a fight the rules stopped at a limit (a round
//     limit) from one that ended without a winner, so that a simulation
//     counts it as a timeout and a player is told why it ended.
//   - Sheets: each combatant's key numbers and conditions with how long
//     they last, described as data (Sheet), for the tracker page's panels.
//     Without it the page shows the state's fields as they are.
//   - Boards: the turn order, whose turn it is, who has fallen and, for a
//     ruleset with positions, where each combatant stands and how far its
//     weapons reach, described as data (Board), for the tracker page's
//     order and map. Without it the page lists the roster and draws no
//     map.
//   - SchemaProvider: implemented by the field types of an encounter spec
//     that decode themselves, to describe their JSON Schema.
//   - StartingState: implemented by an encounter spec that can start a
//     fight part-way through (round 3, Cato's turn, Ada unconscious), from
//     the "start:" key of an encounter or scenario file.
//
// A ruleset states each capability it has at compile time, next to its
// type:
//
//	var (
//		_ engine.Game[State, Command, Event]       = Rules{}
//		_ engine.Speed[State, Command, Event]      = Rules{}
//		_ engine.Simulation[State, Command, Event] = Rules{}
//	)
//
// so that renaming a method, here or in the ruleset, breaks the build
// instead of silently dropping a feature. Adapters find capabilities with
// the helpers below (Step, View, RequireOdds and the rest) or by asserting
// these interfaces, never a method set of their own.
//
// docs/writing-a-ruleset.md walks through writing one.

// Ruleset is a combat system: its state S, commands C and events E, and the
// pure functions over them. C and E are usually interfaces sealed to the
// ruleset's own types, each type named in JSON by a stable kind string in
// the ruleset's codec tables (see Kinds).
//
// None of the methods may do I/O, read a clock, start goroutines or draw
// randomness other than from the Source Decide is given; all of them must
// be deterministic.
type Ruleset[S, C, E any] interface {
	// ID is the ruleset's stable name, as encounter files give it.
	ID() string
	// Decide validates command c from actor against the state and resolves
	// it into the events that follow, drawing any dice from src. It must not
	// modify *s. A refusal is an *Error (or wraps one). A die the rules read
	// only against thresholds (a check, a hit) may be drawn with
	// dice.RollClasses, naming the classes of values they tell apart: at
	// the table it is src.Roll, and exact odds follow it once per class.
	Decide(s *S, actor string, c C, src dice.Source) ([]E, error)
	// Evolve applies one event to the state. It never fails and never
	// draws dice: everything random is in the event.
	Evolve(s *S, e E)
	// Next returns the current prompt, as the GM sees it. Every viewer sees
	// the same prompt, so its question and labels must hold no secret,
	// unless the ruleset has Secrets.
	Next(s *S) Prompt[C]
	// Clone returns a deep copy of the state, sharing nothing mutable but
	// what nothing ever changes once the fight has started. A state is
	// changed only through the ruleset's methods (Evolve, Step, the copies
	// into it), so a ruleset may also let clones share memory that those
	// methods copy before they change it (vigor's clones of a scratch
	// state share their roster so).
	Clone(s *S) S
	// Roster returns the ids of every combatant of the state, present or
	// still to come, in a stable order.
	Roster(s *S) []string
	// SideOf names the side (team, group) a combatant fights on; "" for an
	// id that is not a combatant.
	SideOf(s *S, combatant string) string
}

// Others is the capability of prompts that others than their actor may
// answer (Prompt.Others), each with options of its own. Without it only a
// prompt's actor and the GM answer it, with the prompt's own options.
type Others[S, C any] interface {
	// OptionsFor returns the options the current prompt offers actor: the
	// prompt's own for its actor and the GM; for another who may answer it
	// (Prompt.Others), that one's own options; none for anyone else.
	OptionsFor(s *S, actor string) []Option[C]
}

// OptionsFor returns the options the current prompt of s offers actor:
// the ruleset's own OptionsFor when it has Others, else OptionsOf the
// prompt.
func OptionsFor[S, C, E any](r Ruleset[S, C, E], s *S, actor string) []Option[C] {
	if o, ok := r.(Others[S, C]); ok {
		return o.OptionsFor(s, actor)
	}
	return OptionsOf(r.Next(s), actor)
}

// OptionsOf returns p's options if actor may answer p, else none: the
// options of a prompt that only its actor (or the GM) answers.
func OptionsOf[C any](p Prompt[C], actor string) []Option[C] {
	if !p.Accepts(actor) {
		return nil
	}
	return p.Options
}

// Apply folds events into the state in order.
func Apply[S, C, E any](r Ruleset[S, C, E], s *S, events []E) {
	for _, e := range events {
		r.Evolve(s, e)
	}
}

// Speed is the capability of deciding without the copies Decide makes, for
// the hot loops of simulation and exact odds. The events Step emits and the
// commands Moves lists are usually made with New from an Arena the state
// keeps and resets at each call, so that a decision allocates nothing; the
// same code given a nil Arena makes the table's values.
type Speed[S, C, E any] interface {
	// Step decides a command and applies its events to the state as it
	// goes, sparing the copy of the state that Decide makes so as to leave
	// it unchanged. It appends to events (a buffer the caller reuses, or
	// nil) the events Decide would return, and leaves s as applying them
	// with Evolve would. When it refuses the command it may leave s half
	// changed, to be thrown away.
	Step(s *S, actor string, c C, src dice.Source, events []E) ([]E, error)
	// ScratchInto makes *dst a copy of s for Step or Evolve to change,
	// cheaper than Clone: it may reuse the memory dst holds from an earlier
	// ScratchInto, and may share with s what Step and Evolve never change
	// in place, as long as s does not change while the copy is in use.
	ScratchInto(dst, s *S)
	// NextKind tells what kind of decision a state waits for without
	// building the prompt: it must always equal Next(s).Kind, which
	// enginetest checks.
	NextKind(s *S) PromptKind
	// Moves is Next for a policy: it writes into *p the current prompt's
	// kind, actor, others, default, winner and options' commands, reusing
	// the memory p holds from an earlier call, but leaves the question and
	// the options' labels empty: only people read them. The commands may
	// share memory with those of the earlier call, so they are valid until
	// the next call with p; Step copies what it keeps of its command.
	// enginetest checks that Moves and Next agree.
	Moves(s *S, p *Prompt[C])
}

// Step decides c and applies its events to s, appending them to events:
// the ruleset's Step when it has Speed, else Decide then Evolve. On a
// refusal s may be left half changed.
func Step[S, C, E any](r Ruleset[S, C, E], s *S, actor string, c C, src dice.Source, events []E) ([]E, error) {
	if sp, ok := r.(Speed[S, C, E]); ok {
		return sp.Step(s, actor, c, src, events)
	}
	decided, err := r.Decide(s, actor, c, src)
	if err != nil {
		return events, err
	}
	Apply(r, s, decided)
	return append(events, decided...), nil
}

// ScratchInto makes *dst a copy of s for Step or Evolve to change: the
// ruleset's ScratchInto when it has Speed (see there for what the copy may
// share with s), else a Clone.
func ScratchInto[S, C, E any](r Ruleset[S, C, E], dst, s *S) {
	if sp, ok := r.(Speed[S, C, E]); ok {
		sp.ScratchInto(dst, s)
		return
	}
	*dst = r.Clone(s)
}

// Moves writes the current prompt of state s into *p for a policy: the
// ruleset's Moves when it has Speed (see there for what it leaves out and
// how long its commands last), else Next.
func Moves[S, C, E any](r Ruleset[S, C, E], s *S, p *Prompt[C]) {
	if sp, ok := r.(Speed[S, C, E]); ok {
		sp.Moves(s, p)
		return
	}
	*p = r.Next(s)
}

// NextKind returns the kind of the prompt state s waits for: Next(s).Kind,
// told cheaply when the ruleset has Speed.
func NextKind[S, C, E any](r Ruleset[S, C, E], s *S) PromptKind {
	if sp, ok := r.(Speed[S, C, E]); ok {
		return sp.NextKind(s)
	}
	return r.Next(s).Kind
}

// Secrets is the capability of hiding things from some viewers: a feint
// declared in private, GM-only numbers. Each method returns its argument as
// viewer v may see it.
type Secrets[S, C, E any] interface {
	// ViewInto makes *dst the state s as v may see it: a copy, redacted,
	// that may share with s only memory that nothing ever writes into
	// once a state holds it (what the rules replace rather than change),
	// so that Step, Evolve and a later ViewInto or ScratchInto onto s
	// leave the view as it was. It reuses the memory dst holds from an
	// earlier ViewInto (a simulation gives each policy a view per
	// decision).
	ViewInto(dst, s *S, v Viewer)
	// ViewEvent returns the event as v may see it, or false when v may not
	// see it at all. s is the state before the event.
	ViewEvent(s *S, e E, v Viewer) (E, bool)
	// ViewCommand returns the command actor gave in state s as v may see
	// it, or false to hide it.
	ViewCommand(s *S, actor string, c C, v Viewer) (C, bool)
	// ViewPrompt returns prompt p of state s as v may see it (the options
	// of a private choice that would betray a secret).
	ViewPrompt(s *S, p Prompt[C], v Viewer) Prompt[C]
}

// HasSecrets reports whether the ruleset hides anything from anyone. When
// it does not, every view is the whole state, and adapters may hand it out
// read-only instead of a copy per viewer.
func HasSecrets[S, C, E any](r Ruleset[S, C, E]) bool {
	_, ok := r.(Secrets[S, C, E])
	return ok
}

// View returns the state as v may see it: a copy, redacted when the
// ruleset has Secrets.
func View[S, C, E any](r Ruleset[S, C, E], s *S, v Viewer) S {
	if sec, ok := r.(Secrets[S, C, E]); ok {
		var view S
		sec.ViewInto(&view, s, v)
		return view
	}
	return r.Clone(s)
}

// ViewEvent returns event e, applied to state s, as v may see it, or false
// when v may not see it.
func ViewEvent[S, C, E any](r Ruleset[S, C, E], s *S, e E, v Viewer) (E, bool) {
	if sec, ok := r.(Secrets[S, C, E]); ok {
		return sec.ViewEvent(s, e, v)
	}
	return e, true
}

// ViewCommand returns the command actor gave in state s as v may see it,
// or false when it is hidden from v.
func ViewCommand[S, C, E any](r Ruleset[S, C, E], s *S, actor string, c C, v Viewer) (C, bool) {
	if sec, ok := r.(Secrets[S, C, E]); ok {
		return sec.ViewCommand(s, actor, c, v)
	}
	return c, true
}

// ViewPrompt returns the current prompt of state s as v may see it.
func ViewPrompt[S, C, E any](r Ruleset[S, C, E], s *S, v Viewer) Prompt[C] {
	p := r.Next(s)
	if sec, ok := r.(Secrets[S, C, E]); ok && !v.GM {
		return sec.ViewPrompt(s, p, v)
	}
	return p
}

// Simulation is the capability of being simulated in full: without it a
// simulation still runs, with random policies, but reports no rounds and
// no per-combatant totals.
type Simulation[S, C, E any] interface {
	// Round returns the round a fight is in, or ended in.
	Round(s *S) int
	// Tally says what event e does: target is the combatant it happens to
	// ("" when none), source the combatant who caused it (anything that is
	// not a combatant's id counts as nobody), damage the life (hit points,
	// LP) the target loses to it, down whether it takes the target out of
	// the fight (unconscious, incapacitated) and dead whether it kills the
	// target. s is the fight around the event: the state before it when
	// events are applied one by one, the state after the whole decision
	// when the ruleset steps; Tally reads from it only what events do not
	// change (who is who), and must not modify it.
	Tally(s *S, e E) (target, source string, damage int, down, dead bool)
	// Policies returns the policies the ruleset offers by name, its default
	// as TacticalPolicy; StandardPolicies builds the usual set.
	Policies() map[string]Policy[S, C]
}

// Tallies are a fight's totals per combatant, by roster index, that a
// StepTally adds a fight's decisions to: the damage each took and dealt,
// and whether it went down or died.
type Tallies struct {
	Taken, Dealt []int64
	Down, Dead   []bool
}

// StepTally is a part of Simulation a ruleset with Speed may add: tallying
// a fight's decisions as Step resolves them, combatants by roster index,
// rather than one Tally call per event and its ids looked up. A simulation
// uses it when the ruleset has it, and Tally otherwise.
type StepTally[S any] interface {
	// TallySteps makes every Step on s from then on add to t what each
	// of its events does, exactly as Tally says: for an event whose
	// target is a combatant, its damage to the target's Taken and, when
	// its source is a combatant, to the source's Dealt; down (or dead)
	// sets the target's Down, dead its Dead. Events whose target is no
	// combatant add nothing. A nil t stops it. It stays with s through a
	// ScratchInto onto s; a Clone of s does not have it. A Step that
	// refuses its command may have added some of its events.
	TallySteps(s *S, t *Tallies)
}

// TimeLimit is the capability of ending a fight at a limit, such as a
// round limit, while both sides still stand. Without it every fight that
// ends with no winner counts as a draw.
type TimeLimit[S, C, E any] interface {
	// TimedOut reports whether the fight in s is over because it reached
	// the limit, rather than with a winner or with nobody left to fight.
	TimedOut(s *S) bool
}

// TimedOut reports whether the fight in s ended at the ruleset's limit
// (see TimeLimit); false for a ruleset without one.
func TimedOut[S, C, E any](r Ruleset[S, C, E], s *S) bool {
	if tl, ok := r.(TimeLimit[S, C, E]); ok {
		return tl.TimedOut(s)
	}
	return false
}

// Sheets is the capability of describing every combatant's key numbers
// and conditions for the people at the table (see Sheet). Without it a
// user interface shows the state's fields as they are.
type Sheets[S any] interface {
	// Sheets returns a sheet per combatant of s, in Roster order. s is the
	// state as the viewer sees it (redacted when the ruleset has Secrets),
	// so a sheet shows only what the state it is made from shows. It must
	// not modify s.
	Sheets(s *S) []Sheet
}

// SheetsOf returns the sheets of the state s as v may see it, or false
// when the ruleset does not describe sheets.
func SheetsOf[S, C, E any](r Ruleset[S, C, E], s *S, v Viewer) ([]Sheet, bool) {
	sh, ok := r.(Sheets[S])
	if !ok {
		return nil, false
	}
	view := View(r, s, v)
	return sh.Sheets(&view), true
}

// Odds is the capability of summing up outcomes, for exact odds.
type Odds[S, C, E any] interface {
	// Outcome summarises one decision's events: it returns tags with the
	// tags naming what happened appended (by convention "hit" and "miss"
	// for the acting combatant's attack roll; the rest is the ruleset's
	// vocabulary, documented with its rules), and adds the damage each
	// combatant took to damage, which has an entry per combatant in Roster
	// order. actor is the one whose command the odds are for, also while
	// others answer prompts along the way; before and after are the states
	// around the events. The caller owns both slices, so a summary per dice
	// path allocates next to nothing.
	Outcome(before *S, actor string, events []E, after *S, tags []string, damage []int) []string
	// Condition names a combatant's condition in s ("active",
	// "unconscious", ...) and says whether it takes the combatant out of
	// the fight.
	Condition(s *S, combatant string) (condition string, down bool)
}

// Forgetting is the capability of saying what resolving a command does
// not depend on. Exact odds meet the same prompt in many situations that
// differ only in what led there: a target who takes the blow rather than
// dodging it never reads the attack total the dodge would have been
// against. Situations answered alike that are equal once forgotten are
// resolved once, with their probabilities added, instead of once each.
type Forgetting[S, C any] interface {
	// Forget clears from *s what resolving actor's command c never reads
	// and never keeps: deciding c from the result, with the same dice,
	// must give the same events, the same state afterwards and the same
	// Outcome as from s. enginetest checks this at every decision of its
	// fights. *s may be a copy made by ScratchInto: Forget must change
	// nothing the copy shares with the state it was made from (copy what
	// it changes, or change only what ScratchInto copies).
	Forget(s *S, actor string, c C)
}

// A Pauser is a dice.Source that may stop a decision at a merge point:
// a point inside Decide from which the rest of the decision is exactly
// what another command (the rest) would do, decided from the state as it
// is there. Exact odds stop there and resolve the rest as that command,
// after Forget: the paths that reach states equal once forgotten are then
// resolved once for all of them, as at a prompt, not once each. A vigor
// Defense that fails leaves the damage of the hit, which reads the state
// with the attack total forgotten, as the target taking the hit would.
//
// The sources that play (PCG, Crypto, a Script) are not Pausers: play
// never stops at a merge point. A ruleset offers one with Pause.
type Pauser[C any] interface {
	dice.Source
	// Pause is asked at a merge point, with the rest: who decides it
	// and the command. True means stop here: Decide (or Step) returns at
	// once, without error, with the events so far and the state as it
	// is, from which who's command c, decided with the same dice, gives
	// the events, state and Outcome the rest of the decision would have.
	Pause(who string, c C) bool
}

// Pause reports whether the decision drawing its dice from src stops at
// this merge point, the rest of it left to who's command c (see Pauser).
// It is false for every source but the exact odds'.
func Pause[C any](src dice.Source, who string, c C) bool {
	p, ok := src.(Pauser[C])
	return ok && p.Pause(who, c)
}

// ForgetScope is a part of Forgetting a ruleset may add: whether Forget
// changes anything. Exact odds forget every answer to every prompt, to
// merge the situations equal once forgotten; an answer that forgets
// nothing merges nothing, and they pass it on as it is, without the copy
// of the state and its key that forgetting takes.
type ForgetScope[S, C any] interface {
	// Forgets reports whether Forget(s, actor, c) may change *s; false
	// promises that it leaves *s as it is. enginetest checks it at every
	// decision of its fights.
	Forgets(s *S, actor string, c C) bool
}

// Forgets reports whether Forget(r, s, actor, c) may change *s: false
// when the ruleset has no Forgetting, or its ForgetScope says so.
func Forgets[S, C, E any](r Ruleset[S, C, E], s *S, actor string, c C) bool {
	if _, ok := r.(Forgetting[S, C]); !ok {
		return false
	}
	if f, ok := r.(ForgetScope[S, C]); ok {
		return f.Forgets(s, actor, c)
	}
	return true
}

// Forget clears from *s what actor's command c does not depend on, when
// the ruleset has Forgetting; else it leaves *s as it is.
func Forget[S, C, E any](r Ruleset[S, C, E], s *S, actor string, c C) {
	if f, ok := r.(Forgetting[S, C]); ok {
		f.Forget(s, actor, c)
	}
}

// SchemaProvider is implemented by the field types of an encounter spec
// that decode themselves (with UnmarshalText, UnmarshalJSON or
// UnmarshalYAML), to say what their JSON Schema is. Without it such a type
// is described as "a string" (UnmarshalText) or anything at all.
type SchemaProvider interface {
	JSONSchema() map[string]any
}

// StartingState is implemented by an encounter spec (see EncounterSpec)
// that can start its fight part-way through rather than at its first
// roll: in a given round, on a given turn or phase (after the fight
// included), each combatant in a given condition. It is what lets a
// scenario state the situation of a rules example plainly instead of
// playing a lead-in to reach it.
//
// It is a capability of the spec rather than of the Ruleset because what a
// starting state may say is the ruleset's own vocabulary, read from a file
// like the rest of the spec: the loader decodes the file's "start:" key
// into the value StartingState returns, with the same tags (yaml, doc,
// required, enum, min, max), the same file:line messages and the same
// place in fray schema as the spec's other fields. A ruleset without it
// refuses "start:" with a message naming this interface.
type StartingState interface {
	EncounterSpec
	// StartingState returns a pointer to the spec's starting state, a
	// struct the loader decodes the "start:" key into before it calls
	// Start; it is left zero when the file has no "start:". Start then
	// validates it against the rest of the spec (reporting *FieldError
	// paths beginning "start.") and starts the fight from it, drawing no
	// dice.
	StartingState() any
}

// MissingError says that a ruleset lacks a capability some feature needs.
type MissingError struct {
	// Ruleset is the ruleset's id.
	Ruleset string
	// Capability names the interface it lacks, as in "engine.Odds".
	Capability string
	// Methods lists that interface's methods.
	Methods []string
	// For says what needs it, as in "exact odds".
	For string
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("the %s ruleset has no %s: it does not implement %s (%s)",
		e.Ruleset, e.For, e.Capability, strings.Join(e.Methods, ", "))
}

// RequireOdds returns the ruleset's Odds capability, or a *MissingError
// naming the ruleset and what it lacks.
func RequireOdds[S, C, E any](r Ruleset[S, C, E]) (Odds[S, C, E], error) {
	o, ok := r.(Odds[S, C, E])
	if !ok {
		return nil, &MissingError{Ruleset: r.ID(), Capability: "engine.Odds", Methods: []string{"Outcome", "Condition"}, For: "exact odds"}
	}
	return o, nil
}

// Simulated returns the ruleset's Simulation capability, or false when it
// has none.
func Simulated[S, C, E any](r Ruleset[S, C, E]) (Simulation[S, C, E], bool) {
	sim, ok := r.(Simulation[S, C, E])
	return sim, ok
}
