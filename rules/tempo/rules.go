package tempo

import (
	"fray/dice"
	"fray/engine"
)

// ID is the ruleset's id in encounter files.
const ID = "tempo"

// Rules is the tempo ruleset; it implements engine.Game, and shows a feint
// only to its actor and the GM until it is revealed.
type Rules struct{}

// The capabilities tempo has (see engine.Ruleset).
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Secrets[State, Command, Event]    = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.StepTally[State]                  = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// Command is a decision in a tempo fight.
type Command interface {
	isCommand()
}

// Event is a fact of a tempo fight. Every die drawn is in an event. The
// interface is sealed by its unexported methods. Each event type sits
// with the command that leads to it, in the file of its rule, with its
// apply and describe.
type Event interface {
	// apply changes s as the event says. It never fails and draws no dice.
	// h is the state's hot memory on Step's path, where the exchange, its
	// replacement and the order reuse h's memory; nil on the table's
	// (Evolve), which makes new ones.
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript;
	// s is the state before it, as the reader may see it.
	describe(s *State) string
}

// ID returns "tempo".
func (Rules) ID() string { return ID }

// Decide validates and resolves a command.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src)
}

// Step decides like Decide on s itself, applying the events as it goes,
// and appends them to events; see engine.Speed. The events are the
// state's hot memory's, valid until the next Step on it.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) {
	if s.hot != nil {
		s.hot.forget()
	}
	if e != nil {
		e.apply(s, nil)
	}
}

// Next returns the current prompt, as the GM sees it.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory and the state's hot memory for its
// commands; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind tells the kind of Next(s) without building its options; see
// engine.Speed.
func (Rules) NextKind(s *State) engine.PromptKind {
	_, kind := turnOf(s)
	return kind
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State { return s.clone() }

// ScratchInto makes *dst a copy of s for Step to change, in the memory dst
// holds from an earlier ScratchInto or ViewInto; it shares with s only the
// combatants' grapple partners and weapons, which Step and Evolve replace
// but never change (see engine.Speed).
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s, false) }

// SideOf names the side a combatant fights on.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}
