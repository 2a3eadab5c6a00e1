package tempo

import "fray/engine"

// seesFeint reports whether v may know that actor's attack is a feint.
func seesFeint(v engine.Viewer, actor string) bool { return v.GM || v.Combatant == actor }

// ViewInto makes *dst the state as v sees it: an unrevealed feint is a
// Melee Attack to everyone but its actor and the GM (R19). The copy shares
// with s only the arrays of the combatants' weapons, which nothing ever
// writes into once a state holds them (a drop or a pick-up replaces a
// combatant's weapons: see without), and reuses the memory dst holds from
// an earlier ViewInto.
func (Rules) ViewInto(dst, s *State, v engine.Viewer) {
	copyInto(dst, s, true)
	if x := dst.Exchange; x != nil && !seesFeint(v, x.Actor) {
		x.Act.Action = public(x.Act.Action)
	}
}

// ViewEvent returns the event as v sees it, a feint disguised as a Melee
// Attack until it is revealed.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	switch e := e.(type) {
	case *ActionDeclared:
		if e.Declared.Action == Feint && !seesFeint(v, e.Actor) {
			seen := *e
			seen.Declared = e.Declared.clone()
			seen.Declared.Action = MeleeAttack
			return &seen, true
		}
	case *Checked:
		if e.Action == Feint && !seesFeint(v, e.Combatant) {
			seen := *e
			seen.Action = MeleeAttack
			return &seen, true
		}
	}
	return e, true
}

// ViewCommand shows a feint's declaration as a Melee Attack to everyone
// but its actor and the GM.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	if d, ok := c.(*Declare); ok && d.Action == Feint && !seesFeint(v, actor) {
		seen := *d
		seen.Action = MeleeAttack
		return &seen, true
	}
	return c, true
}

// ViewPrompt hides the options of a counter-tempo choice from everyone but
// the actor and the GM: a feint has options a real attack lacks (R19).
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	if x := s.Exchange; x != nil && x.Asked >= len(x.Candidates) && x.needsCounterTempo() && !seesFeint(v, x.Actor) {
		p.Options = nil
		p.Default = -1
	}
	return p
}
