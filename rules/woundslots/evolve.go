package woundslots

// Evolve applies one event. It never fails and draws no dice; an event
// naming nobody changes nothing.
func (Rules) Evolve(s *State, e Event) { e.apply(s, nil) }

// popQueue takes the first one asked off the window's queue; with nobody
// left a moment's window closes, and the target of a declared action
// chooses its Defense if it defends.
func popQueue(s *State) {
	if len(s.Queue) > 0 {
		s.Queue = s.Queue[:copy(s.Queue, s.Queue[1:])]
	}
	if s.Moment != "" && len(s.Queue) == 0 {
		closeMoment(s)
		return
	}
	guardIfDefending(s)
	moverChoice(s)
}

// closeMoment closes the window of a moment of the turn: the turn goes
// on, or, at its end, ends.
func closeMoment(s *State) {
	if s.Moment == AtEnd {
		s.Ending = true
	}
	s.Moment, s.Phase = "", Acting
}

// awaitGuard holds a reaction's attack (a rebuff or a readied attack) on
// a defending target until it chooses its Defense (R45).
func awaitGuard(s *State, striker, target, weapon, kind string) {
	t := s.Combatant(target)
	if t == nil || !t.Defending || !t.Up() {
		return
	}
	if s.Pending == nil {
		s.Pending = s.newPending(Declared{Action: "strike"})
	}
	p := s.Pending
	p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom = striker, target, weapon, kind, s.Phase
	s.Phase = Guarding
}

// moverChoice turns to a rebuffed mover, once nobody is left to ask, for
// its choice to go on or stop (A18).
func moverChoice(s *State) {
	p := s.Pending
	if p == nil || p.Action != "move" || len(s.Queue) > 0 || !p.Rebuffed || p.Decided || s.Phase != Window {
		return
	}
	if a := s.Combatant(p.Actor); a != nil && a.canAct() {
		s.Phase = Choosing
	}
}

// guardIfDefending moves a window with nobody left to ask to the target's
// choice (section 7.5.3): of its Defense against an attack or spell when
// it defends (R45), of how it meets a disarm (R61).
func guardIfDefending(s *State) {
	p := s.Pending
	if len(s.Queue) > 0 || p == nil || p.Guard != "" || p.Action == "move" || p.Striker != "" || s.Phase != Window {
		return
	}
	t := s.Combatant(p.Target)
	if t == nil {
		return
	}
	switch {
	case p.Command.IsZero() && t.Defending && t.Up():
		s.Phase = Guarding
	case !p.Command.IsZero():
		if a := s.Combatant(p.Actor); a != nil && s.targetChooses(a, p.Action, p.Target, p.Weapon) {
			s.Phase = Guarding
		}
	}
}

// doneIfOwn ends the pending action when it is attacker's own: not when
// the attack was a reaction to it (a rebuff of a move).
func doneIfOwn(s *State, attacker string) {
	if s.Pending == nil || s.Pending.Actor == attacker {
		doneAction(s)
	}
}

// doneAction ends the pending action: back to the turn's owner.
func doneAction(s *State) {
	s.Pending, s.Queue, s.Phase = nil, s.Queue[:0], Acting
}

// newPending places a declared action in the state's hot memory when it
// has some (the hot path), else in memory of its own.
func (s *State) newPending(d Declared) *Declared {
	var p *Declared
	if s.hot == nil {
		p = new(Declared)
	} else {
		p = &s.hot.pending
	}
	*p = d
	return p
}

// woundsHealed follows a change that healed or eased c's wounds: its
// severity is its worst wound's, and with no wound left its recovery
// bonus ends, however the last wound healed (R72: the bonus lasts until a
// check heals a wound or no wounds remain).
func woundsHealed(c *Combatant) {
	c.Severity = c.Wounds.Severity()
	if c.Wounds.Total() == 0 {
		c.RecoveryBonus = 0
	}
}

// moveWound moves one wound of level from down to level to (0: healed);
// reducing a fatal wound ends dying (A08).
func moveWound(c *Combatant, from, to int) {
	if from == to || from <= NoWound || *c.Wounds.At(from) == 0 {
		return
	}
	*c.Wounds.At(from)--
	if to > NoWound {
		*c.Wounds.At(to)++
	}
	woundsHealed(c)
	if from == Fatal {
		c.IsDying, c.Dying = false, 0
	}
}

// unGrapple ends the grapple between a and b, and a pin between them.
func unGrapple(s *State, a, b *Combatant) {
	if a == nil || b == nil {
		return
	}
	a.Grappling = without(a.Grappling, b.ID)
	b.Grappling = without(b.Grappling, a.ID)
	if a.PinnedBy == b.ID {
		a.PinnedBy = ""
	}
	if b.PinnedBy == a.ID {
		b.PinnedBy = ""
	}
}

// without removes id from ids, in place.
func without(ids []string, id string) []string {
	out := ids[:0]
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// leaveSpace ends a shared space (R51) once c no longer stands in it.
func leaveSpace(s *State, c *Combatant) {
	if c.SharingWith == "" {
		return
	}
	o := s.Combatant(c.SharingWith)
	if o != nil && o.X == c.X && o.Y == c.Y {
		return
	}
	c.SharingWith = ""
	if o != nil {
		o.SharingWith = ""
	}
}
