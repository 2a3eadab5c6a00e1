package vigor

import (
	"slices"

	"fray/dice"
	"fray/engine"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "vigor"

// Rules is the vigor ruleset and its codec. The zero value is ready to
// use; it holds nothing.
type Rules struct{}

// The capabilities Rules has, checked by the compiler.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Forgetting[State, Command]        = Rules{}
)

// ID returns "vigor".
func (Rules) ID() string { return ID }

// Decide checks c against the state and resolves it into events, drawing
// dice from src in the documented order. It never changes *s.
func (r Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	scratch := r.Clone(s)
	return decide(&scratch, actor, c, src, nil, nil)
}

// Step decides like Decide on s itself, applying the events as it goes,
// and appends them to events. On a refusal s may be left half changed.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	h := s.hotMemory()
	h.resetEvents()
	return decide(s, actor, c, src, h, events)
}

// Evolve applies one event.
func (Rules) Evolve(s *State, e Event) { e.apply(s, nil) }

// Next says who decides what now, with every option they have.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// NextKind says what kind of decision the fight waits for.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) {
	h := s.hotMemory()
	h.resetCommands()
	*p = engine.Prompt[Command]{Options: p.Options[:0]}
	writePrompt(s, &prompter{p: p, hot: h})
}

// OptionsFor returns the current prompt's options when actor may answer
// it: only the prompt's actor and the GM ever do.
func (r Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	return engine.OptionsOf(r.Next(s), actor)
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = make([]Combatant, len(s.Combatants))
	for i := range s.Combatants {
		c.Combatants[i] = s.Combatants[i].clone()
	}
	c.Order = slices.Clone(s.Order)
	if s.Strike != nil {
		st := *s.Strike
		if st.Then != nil {
			f := *st.Then
			st.Then = &f
		}
		c.Strike = &st
	}
	if s.OffHand != nil {
		f := *s.OffHand
		c.OffHand = &f
	}
	if s.Declared != nil {
		dc := *s.Declared
		if dc.Then != nil {
			f := *dc.Then
			dc.Then = &f
		}
		c.Declared = &dc
	}
	if s.Window != nil {
		w := *s.Window
		w.Ask = slices.Clone(w.Ask)
		c.Window = &w
	}
	return c
}

// clone is a deep copy of a combatant.
func (c Combatant) clone() Combatant {
	if c.Skills != nil {
		m := make(map[string]int, len(c.Skills))
		for k, v := range c.Skills {
			m[k] = v
		}
		c.Skills = m
	}
	if c.Links != nil {
		m := make(map[string]string, len(c.Links))
		for k, v := range c.Links {
			m[k] = v
		}
		c.Links = m
	}
	c.Weapons = slices.Clone(c.Weapons)
	c.Abilities = slices.Clone(c.Abilities)
	c.Items = slices.Clone(c.Items)
	c.Armor = slices.Clone(c.Armor)
	for i := range c.Armor {
		c.Armor[i].Protects = slices.Clone(c.Armor[i].Protects)
	}
	return c
}

// ScratchInto makes *dst a copy of s for Step or Evolve, reusing the
// memory dst holds from an earlier ScratchInto (see copyInto).
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s) }

// Roster lists the combatants' ids in the encounter's order.
func (Rules) Roster(s *State) []string {
	ids := make([]string, len(s.Combatants))
	for i, c := range s.Combatants {
		ids[i] = c.ID
	}
	return ids
}

// SideOf names a combatant's side, or "" for an id that is not one.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.Combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}

// TimedOut reports whether the round limit ended the fight.
func (Rules) TimedOut(s *State) bool { return s.Phase == Over && s.TimedOut }

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }
