package reference

import "fray/engine"

// The feint is the reference ruleset's one secret: until it lands or
// misses, nobody but the feinter and the GM may know that an attack is a
// feint. Each view below shows a feint as an attack to everyone else. When
// it lands, everyone sees its target caught off balance (Unbalanced), which
// is as much as the table would see.

// sees reports whether v may know that attacker's blow is a feint.
func sees(v engine.Viewer, attacker string) bool {
	return v.GM || v.Combatant == attacker
}

// ViewInto makes *dst the state with a pending feint hidden from everyone
// but the feinter and the GM: a copy sharing nothing with s, in the memory
// dst holds from an earlier ViewInto or ScratchInto.
func (Rules) ViewInto(dst, s *State, v engine.Viewer) {
	copyInto(dst, s, true)
	if dst.Pending != nil && dst.Pending.Feint && !sees(v, dst.Pending.Attacker) {
		dst.Pending.Feint = false
	}
}

// ViewEvent shows a feint's declaration as an attack's to everyone but the
// feinter and the GM. It never changes e: it returns a changed copy.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	if d, ok := e.(*AttackDeclared); ok && d.Feint && !sees(v, d.Attacker) {
		shown := *d
		shown.Feint = false
		return &shown, true
	}
	return e, true
}

// ViewCommand shows a feint as an attack with the first weapon, which is
// what a feint is rolled as, to everyone but the feinter and the GM.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	if f, ok := c.(*Feint); ok && !sees(v, actor) {
		return &Attack{Target: f.Target}, true
	}
	return c, true
}

// ViewPrompt shows every prompt as it is: a feint's target is asked the
// same question as an attack's, so no prompt holds the secret.
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	return p
}
