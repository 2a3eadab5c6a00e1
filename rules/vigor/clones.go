package vigor

import (
	"unsafe"

	"fray/rules/parts"
)

// Clone returns a copy of the state that shares with s only what the
// rules never change (see cloneState), but for its roster when s is a
// scratch state (one with hot memory, as exact odds step): the clones of
// a scratch state whose combatants hold the same values share one copy
// of them, which nothing writes (parts.Rosters). A clone with a shared
// roster gets one of its own before anything changes it: Step, Evolve,
// and ScratchInto and ViewInto into it, do so first (own). Exact odds
// clone each new situation of a computation, thousands of them, most with
// one of a few rosters (vigor_ambush decision 28: 8,000 clones, 92
// rosters), so that their copies' bytes, and the collections they bring,
// were most of a clone's cost.
func (Rules) Clone(s *State) State {
	h := s.hot
	if h == nil && !s.shared {
		return cloneState(s)
	}
	c := cloneRest(s)
	if s.shared { // a roster clones share stays shared
		c.Combatants, c.shared = s.Combatants, true
		return c
	}
	c.Combatants, c.shared = h.clones.Of(s.Combatants), true
	return c
}

// own gives s a roster of its own when it shares one with other clones
// (see Rules.Clone), before anything changes it.
func (s *State) own() {
	if s.shared {
		s.Combatants, s.shared = copyRoster(s.Combatants), false
	}
}

// sharedRoster returns s's roster when it is one clones share, else nil.
func sharedRoster(s *State) []Combatant {
	if s.shared {
		return s.Combatants
	}
	return nil
}

// roster is how clones share rosters (parts.RosterKind): a copy has
// armour and items of its own (copyRoster), which wear and are used up;
// what a fight changes lies from its armour on, and its position. What a
// combatant points to, stat blocks and whether it is living, a clone
// shares with its state anyway.
type roster struct{}

// Copy returns a copy of cs of its own.
func (roster) Copy(cs []Combatant) []Combatant { return copyRoster(cs) }

// Apart lists a combatant's items and armour.
func (roster) Apart() []parts.Apart {
	return []parts.Apart{
		parts.SliceApart[Item](unsafe.Offsetof(Combatant{}.Items)),
		parts.SliceApart[Armor](unsafe.Offsetof(Combatant{}.Armor)),
	}
}

// Hashed is a combatant's position and all from its armour on.
func (roster) Hashed() []parts.Span {
	c := Combatant{}
	return []parts.Span{
		{From: unsafe.Offsetof(c.X), To: unsafe.Offsetof(c.Y) + unsafe.Sizeof(c.Y)},
		{From: unsafe.Offsetof(c.Armor), To: unsafe.Sizeof(c)},
	}
}
