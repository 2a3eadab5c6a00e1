package engine

import "fray/dice"

// Ruleset is a combat system: its state S, commands C and events E, and the
// pure functions over them. C and E are usually interfaces sealed to the
// ruleset's own types, each with a stable kind string.
//
// None of the methods may do I/O, read a clock, start goroutines or draw
// randomness other than from the Source Decide is given; all of them must
// be deterministic.
type Ruleset[S, C, E any] interface {
	// ID is the ruleset's stable name, as encounter files give it.
	ID() string
	// Decide validates command c from actor against the state and resolves
	// it into the events that follow, drawing any dice from src. It must not
	// modify *s. A refusal is an *Error (or wraps one).
	Decide(s *S, actor string, c C, src dice.Source) ([]E, error)
	// Evolve applies one event to the state. It never fails and never
	// draws dice: everything random is in the event.
	Evolve(s *S, e E)
	// Next returns the current prompt, as the GM sees it. Every viewer sees
	// the same prompt, so its question and labels must hold no secret,
	// unless the ruleset also implements PromptViewer.
	Next(s *S) Prompt[C]
	// Clone returns a deep copy of the state, sharing nothing mutable.
	Clone(s *S) S
	// View returns the state as v may see it.
	View(s *S, v Viewer) S
	// ViewEvent returns the event as v may see it, or false when v may not
	// see it at all. s is the state before the event.
	ViewEvent(s *S, e E, v Viewer) (E, bool)
}

// Apply folds events into the state in order.
func Apply[S, C, E any](r Ruleset[S, C, E], s *S, events []E) {
	for _, e := range events {
		r.Evolve(s, e)
	}
}

// CommandViewer is implemented by rulesets with secret commands (a feint
// declared in private): ViewCommand returns the command as v may see it
// when actor gave it in state s, or false to hide it. Rulesets without it
// show every command to everyone.
type CommandViewer[S, C any] interface {
	ViewCommand(s *S, actor string, c C, v Viewer) (C, bool)
}

// PromptViewer is implemented by rulesets whose prompts hold a secret (the
// options of a private counter-tempo choice that would betray a feint):
// ViewPrompt returns prompt p of state s as v may see it.
type PromptViewer[S, C any] interface {
	ViewPrompt(s *S, p Prompt[C], v Viewer) Prompt[C]
}

// Stepper is implemented by rulesets that can decide a command and apply
// its events to the state as they go, for the hot loops of simulation and
// exact odds: it spares the copy of the state that Decide makes so as to
// leave it unchanged. Step appends to events (a buffer the caller reuses,
// or nil) the events Decide would return, and leaves s as applying them
// with Evolve would. When it refuses the command it may leave s half
// changed, to be thrown away.
type Stepper[S, C, E any] interface {
	Step(s *S, actor string, c C, src dice.Source, events []E) ([]E, error)
}

// Scratcher is implemented by rulesets with a cheaper copy of a state than
// Clone, for Step or Evolve to change: ScratchInto makes *dst a copy of s,
// reusing the memory dst holds from an earlier ScratchInto, and may share
// with s what Step and Evolve never change in place, as long as s does not
// change while the copy is in use. The simulator copies its starting state
// per fight with it, and exact odds their state per dice path.
type Scratcher[S any] interface {
	ScratchInto(dst, s *S)
}

// ScratchInto makes *dst a copy of s for Step or Evolve to change: the
// ruleset's ScratchInto when it is a Scratcher (see there for what the copy
// may share with s), else a Clone.
func ScratchInto[S, C, E any](r Ruleset[S, C, E], dst, s *S) {
	if sc, ok := r.(Scratcher[S]); ok {
		sc.ScratchInto(dst, s)
		return
	}
	*dst = r.Clone(s)
}

// NextKinder is implemented by rulesets that can tell what kind of
// decision a state waits for without building the prompt, for the hot
// loops of simulation and exact odds: NextKind(s) must always equal
// Next(s).Kind, which enginetest checks.
type NextKinder[S any] interface {
	NextKind(s *S) PromptKind
}

// NextKind returns the kind of the prompt state s waits for: Next(s).Kind,
// told cheaply when the ruleset is a NextKinder.
func NextKind[S, C, E any](r Ruleset[S, C, E], s *S) PromptKind {
	if nk, ok := r.(NextKinder[S]); ok {
		return nk.NextKind(s)
	}
	return r.Next(s).Kind
}

// ViewPrompt returns the current prompt of state s as v may see it.
func ViewPrompt[S, C, E any](r Ruleset[S, C, E], s *S, v Viewer) Prompt[C] {
	p := r.Next(s)
	if pv, ok := r.(PromptViewer[S, C]); ok && !v.GM {
		return pv.ViewPrompt(s, p, v)
	}
	return p
}
