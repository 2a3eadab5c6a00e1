package maneuvers

import (
	"maps"
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "maneuvers"

// Rules is the maneuvers ruleset and its codec. The zero value is ready to
// use.
type Rules struct{}

// The capabilities Rules has, checked by the compiler.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Secrets[State, Command, Event]    = Rules{}
	_ engine.Others[State, Command]            = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// Command is what a combatant or the GM decides. The interface is sealed
// by its unexported method.
type Command interface {
	command()
}

// Event is something that happened; it carries every die drawn. The
// interface is sealed by its unexported methods. Each event type sits
// with the command that leads to it, in the file of its rule, with its
// apply and describe.
type Event interface {
	// apply changes s as the event says. It never fails and draws no dice;
	// an event naming nobody changes nothing. h is the state's hot memory
	// on Step's path, nil on the table's (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript;
	// s is the state before it.
	describe(s *State) string
}

// ID returns "maneuvers".
func (Rules) ID() string { return ID }

// Decide checks c from actor and resolves it into events, drawing dice
// from src in the order docs/rules/maneuvers.md gives. It never changes
// *s: it works on a copy.
func (r Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	work := r.Clone(s)
	d := decider{s: &work, src: src}
	if err := d.decide(actor, c); err != nil {
		return nil, err
	}
	return d.out, nil
}

// Step decides like Decide, in place, appending the events to events.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	h := s.hotMemory()
	h.Events().Reset()
	d := decider{s: s, src: src, out: events, h: h}
	if err := d.decide(actor, c); err != nil {
		return events, err
	}
	return d.out, nil
}

// Evolve applies one event.
func (Rules) Evolve(s *State, e Event) {
	if e != nil {
		e.apply(s, nil)
	}
}

// Next says who decides what now, with every option.
func (Rules) Next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{engine.Writer[Command]{P: &p}})
	return p
}

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) {
	writePrompt(s, &prompter{engine.Lean(p, s.hotMemory().Moves())})
}

// NextKind says what kind of decision the fight waits for.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// OptionsFor returns the options the current prompt offers actor: its own
// for its actor and the GM; between actions, for another who may react
// (the prompt's Others), that one's reactions (R13, A12).
func (r Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	p := r.Next(s)
	if actor == p.Actor || actor == engine.GM || !slices.Contains(p.Others, actor) {
		return engine.OptionsOf(p, actor)
	}
	var q engine.Prompt[Command]
	reactionOptions(s, s.Combatant(actor), &prompter{engine.Writer[Command]{P: &q}})
	return q.Options
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = make([]Combatant, len(s.Combatants))
	for i := range s.Combatants {
		c.Combatants[i] = cloneCombatant(&s.Combatants[i])
	}
	c.Dropped = slices.Clone(s.Dropped)
	c.Gone = slices.Clone(s.Gone)
	c.Order = slices.Clone(s.Order)
	c.Turns = slices.Clone(s.Turns)
	c.Roll = parts.Copy(s.Roll)
	c.Trigger = copyWith(s.Trigger, func(t *Trigger) { t.Reactors = slices.Clone(t.Reactors) })
	c.Contest = parts.Copy(s.Contest)
	c.Improv = parts.Copy(s.Improv)
	c.Window = copyWith(s.Window, func(w *Window) { w.Reactors = slices.Clone(w.Reactors) })
	return c
}

// copyWith copies *p (nil stays nil), with deep making the copy its own.
func copyWith[T any](p *T, deep func(*T)) *T {
	if p == nil {
		return nil
	}
	c := *p
	deep(&c)
	return &c
}

// cloneEach copies xs (nil stays nil), with deep making each copied item
// its own.
func cloneEach[T any](xs []T, deep func(*T)) []T {
	if xs == nil {
		return nil
	}
	out := make([]T, len(xs))
	for i := range xs {
		out[i] = xs[i]
		deep(&out[i])
	}
	return out
}

// cloneCombatant copies a combatant, sharing nothing mutable.
func cloneCombatant(x *Combatant) Combatant {
	c := *x
	c.Initiative = parts.Copy(x.Initiative)
	c.XP = parts.Copy(x.XP)
	c.Skills = maps.Clone(x.Skills)
	c.Styles = cloneEach(x.Styles, func(st *Style) { st.Gear = slices.Clone(st.Gear) })
	c.Weapons = slices.Clone(x.Weapons)
	c.Wield = slices.Clone(x.Wield)
	c.Armor = slices.Clone(x.Armor)
	c.Resist = maps.Clone(x.Resist)
	c.Vulnerable = maps.Clone(x.Vulnerable)
	c.Spells = cloneEach(x.Spells, func(sp *Spell) { sp.Traits, sp.Defences = slices.Clone(sp.Traits), slices.Clone(sp.Defences) })
	c.HiddenFrom = slices.Clone(x.HiddenFrom)
	c.HidAt = slices.Clone(x.HidAt)
	c.WokeUnseen = slices.Clone(x.WokeUnseen)
	return c
}

// ScratchInto makes *dst a copy of s for Step, reusing dst's memory; the
// copy shares with s the combatants' slices and maps, which Step and
// Evolve replace rather than change.
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s) }

// Roster lists the combatants' ids in roster order.
func (Rules) Roster(s *State) []string {
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
}

// SideOf names a combatant's side, or "".
func (Rules) SideOf(s *State, id string) string {
	if c := s.Combatant(id); c != nil {
		return c.Side
	}
	return ""
}

// TimedOut reports whether the fight stopped at the round limit.
func (Rules) TimedOut(s *State) bool { return s.Phase == Over && s.TimedOut }
