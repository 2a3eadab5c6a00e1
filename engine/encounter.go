package engine

import (
	"errors"
	"fmt"

	"fray/dice"
)

// Decision is one accepted command with everything it caused: the events
// and every die drawn, in order.
type Decision[C, E any] struct {
	Actor   string      `json:"actor"`
	Command C           `json:"command"`
	Events  []E         `json:"events"`
	Dice    []dice.Draw `json:"dice,omitempty"`
}

// Encounter is a fight in progress: a ruleset, the state the fight started
// from, the decisions made since and the state they led to.
//
// Submit is atomic: a refused command changes nothing. Undo takes back the
// last decision by replaying the rest from the start, so the current state
// is always the fold of the log.
type Encounter[S, C, E any] struct {
	rules   Ruleset[S, C, E]
	initial S
	state   S
	log     []Decision[C, E]
	// undos counts the decisions taken back, so that a Table can tell that
	// the log it marked a place in has changed under the mark.
	undos int
}

// NewEncounter starts a fight from the given state.
func NewEncounter[S, C, E any](r Ruleset[S, C, E], initial S) *Encounter[S, C, E] {
	return &Encounter[S, C, E]{rules: r, initial: r.Clone(&initial), state: r.Clone(&initial)}
}

// Rules returns the encounter's ruleset.
func (e *Encounter[S, C, E]) Rules() Ruleset[S, C, E] { return e.rules }

// State returns the current state. The caller must not modify it.
func (e *Encounter[S, C, E]) State() *S { return &e.state }

// Initial returns the state the fight started from. The caller must not
// modify it.
func (e *Encounter[S, C, E]) Initial() *S { return &e.initial }

// Log returns the decisions made so far, oldest first. The caller must not
// modify it.
func (e *Encounter[S, C, E]) Log() []Decision[C, E] { return e.log }

// Prompt returns who must decide what now.
func (e *Encounter[S, C, E]) Prompt() Prompt[C] { return e.rules.Next(&e.state) }

// Submit decides command c from actor, drawing dice from src, and on success
// applies and logs the events. The actor must be the one the prompt waits
// for, or the GM. A refusal is an *Error and leaves the encounter as it was;
// if src is a Script that ran dry, the refusal has code NeedsDice and says
// which die to roll. The dice of a src made with dice.ByHand are logged as
// rolled by hand.
func (e *Encounter[S, C, E]) Submit(actor string, c C, src dice.Source) ([]E, error) {
	p := e.Prompt()
	if p.Kind == End {
		return nil, Errorf(NotAllowedNow, "the fight is over")
	}
	if !p.Accepts(actor) {
		return nil, Errorf(NotYourTurn, "it is %s's decision, not %s's: %s", p.Actor, actor, p.Question)
	}
	rec := &dice.Recorder{Source: src}
	events, err := Decide(e.rules, &e.state, actor, c, rec)
	if err != nil {
		return nil, err
	}
	Apply(e.rules, &e.state, events)
	if dice.IsByHand(src) {
		// Dice the table rolled and typed in are recorded as such.
		for i := range rec.Draws {
			rec.Draws[i].Hand = true
		}
	}
	e.log = append(e.log, Decision[C, E]{Actor: actor, Command: c, Events: events, Dice: rec.Draws})
	return events, nil
}

// Decide runs the ruleset's Decide, turning a dry Script into a NeedsDice
// refusal and any other error into an *Error.
func Decide[S, C, E any](r Ruleset[S, C, E], s *S, actor string, c C, src dice.Source) ([]E, error) {
	var events []E
	err := dice.Run(func() error {
		var err error
		events, err = r.Decide(s, actor, c, src)
		return err
	})
	if err == nil {
		return events, nil
	}
	if need, ok := dice.IsNeed(err); ok {
		return nil, &Error{Code: NeedsDice, Msg: need.Error(), Need: need}
	}
	var refusal *Error
	if errors.As(err, &refusal) {
		return nil, err
	}
	var scriptErr *dice.ScriptError
	if errors.As(err, &scriptErr) {
		return nil, &Error{Code: Invalid, Msg: scriptErr.Error()}
	}
	return nil, fmt.Errorf("%s: deciding %v: %w", r.ID(), c, err)
}

// Undo takes back the last decision. It reports false when there is none.
func (e *Encounter[S, C, E]) Undo() bool {
	if len(e.log) == 0 {
		return false
	}
	e.log = e.log[:len(e.log)-1]
	e.undos++
	e.state = e.Replay()
	return true
}

// Replay folds the logged events into a copy of the initial state; it always
// equals State.
func (e *Encounter[S, C, E]) Replay() S {
	s := e.rules.Clone(&e.initial)
	for _, d := range e.log {
		Apply(e.rules, &s, d.Events)
	}
	return s
}

// fold applies and logs a decision as recorded, deciding nothing.
func (e *Encounter[S, C, E]) fold(d Decision[C, E]) {
	Apply(e.rules, &e.state, d.Events)
	e.log = append(e.log, d)
}

// Restore rebuilds an encounter from its initial state and a log, checking
// nothing: the events are facts.
func Restore[S, C, E any](r Ruleset[S, C, E], initial S, log []Decision[C, E]) *Encounter[S, C, E] {
	e := NewEncounter(r, initial)
	e.log = append([]Decision[C, E](nil), log...)
	e.state = e.Replay()
	return e
}
