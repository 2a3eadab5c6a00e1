package reference

import (
	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "reference"

// Rules is the reference ruleset and its codec. The zero value is ready to
// use; it holds nothing, so every method is a pure function of its
// arguments.
type Rules struct{}

// The capabilities Rules has, checked by the compiler: renaming a method
// here or in package engine breaks the build instead of silently dropping
// a feature.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Secrets[State, Command, Event]    = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// Command is what a combatant or the GM decides: one of *Attack, *Feint
// (attack.go), *Defend (defend.go), *Dodge, *Take (hit.go), *Continue and
// *Stop (ruling.go). The interface is sealed by its unexported method, so
// that a type switch over it is complete.
type Command interface {
	command()
}

// Event is something that happened: one of *AttackDeclared, *AttackRolled
// (attack.go), *Defended (defend.go), *Dodged, *Damaged, *Unbalanced
// (hit.go), *RoundStarted and *FightStopped (ruling.go). Events carry
// every die drawn and everything apply needs, so that applying one never
// computes what the rules decided. Each event type sits with the command
// that leads to it, and says there how it changes the state and how it
// reads in a transcript.
type Event interface {
	// apply changes s as the event says. It never fails and draws no dice.
	// h is the state's hot memory on Step's path, nil on the table's
	// (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript;
	// s is the state before it.
	describe(s *State) string
}

// ID returns "reference".
func (Rules) ID() string { return ID }

// Decide checks c against the state and resolves it into events, drawing
// the attack d20, the dodge d6 and the damage d6s from src. It never
// changes *s.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src, nil, nil)
}

// Step decides like Decide and applies the events as Evolve would,
// appending them to events: Decide never copies the state, so deciding in
// place is just deciding, then evolving. The events are the state's hot
// memory's, valid until the next Step on it.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	h := s.hotMemory()
	h.Events().Reset()
	n := len(events)
	events, err := decide(s, actor, c, src, h, events)
	if err != nil {
		return events[:n], err
	}
	for _, e := range events[n:] {
		e.apply(s, h)
	}
	return events, nil
}

// decide is Decide appending to a buffer, shared with Step, which gives it
// the hot memory its events come from (nil for Decide).
func decide(s *State, actor string, c Command, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if nextKind(s) == engine.End {
		return events, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if who := decider(s); actor != who && actor != engine.GM {
		return events, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	switch c := c.(type) {
	case *Attack:
		return attack(s, c.Target, c.Weapon, false, src, h, events)
	case *Feint:
		return attack(s, c.Target, "", true, src, h, events)
	case *Defend:
		return defend(s, h, events)
	case *Dodge:
		return dodge(s, src, h, events)
	case *Take:
		return take(s, src, h, events)
	case *Continue:
		return continueFight(s, h, events)
	case *Stop:
		return stop(s, events)
	case nil:
		return events, engine.Errorf(engine.Invalid, "no command")
	default:
		return events, engine.Errorf(engine.Invalid, "%s is not a reference command", commands.Kind(c))
	}
}

// Evolve applies one event. It never fails and draws no dice: everything
// it needs is in the event. An event naming nobody changes nothing.
func (Rules) Evolve(s *State, e Event) {
	if e != nil {
		e.apply(s, nil)
	}
}

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory and the state's hot memory for its
// commands; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind says what kind of decision the fight waits for, as Next does
// without building the prompt.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Next says who decides what now, with every option they have.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// Clone returns a deep copy of the state, without its hot memory.
func (Rules) Clone(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = make([]Combatant, len(s.Combatants))
	for i, x := range s.Combatants {
		x.Weapons = append([]Weapon(nil), x.Weapons...)
		c.Combatants[i] = x
	}
	c.Pending = parts.Copy(s.Pending)
	return c
}

// ScratchInto makes *dst a copy of s for Step or Evolve, reusing the
// memory of dst's combatants and pending blow, and keeping dst's hot
// memory. The copies share their Weapons with s, which the rules never
// change.
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s, false) }

// Roster lists the combatants' ids in turn order.
func (Rules) Roster(s *State) []string {
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
}

// SideOf names a combatant's side, or "" for an id that is not one.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.Combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}
