package woundslots

import "fray/engine"

// legal reports why the acting creature may not take action c now, or nil
// if it may: the test a declared action, an action out of turn, a
// readied action, a mount's ordered action and a long action must pass
// before anything happens. It makes the checks c's resolution (dispatch)
// makes before its first event, which every action has apart (as
// attackCheck, moveCheck and the like), so it needs no copy of the state
// and changes nothing; whether an action is allowed never depends on its
// dice. It knows every action one may declare, take out of turn, ready,
// order a mount to take or pay across turns: all it is ever asked about.
// TestCleanFailures holds it to what dispatch says.
func (r *run) legal(c Command) error {
	var err error
	switch c := c.(type) {
	case *Attack:
		_, _, err = r.attackCheck(c)
	case *Move:
		_, err = r.moveCheck(c.X, c.Y)
	case *Approach:
		_, _, err = r.approachCheck(c.Target)
	case *Jump:
		_, _, _, _, err = r.jumpCheck(c)
	case *Defend:
		_, err = r.defendCheck()
	case *Seize:
		_, err = r.seizeCheck()
	case *Posture:
		_, err = r.postureCheck(c.To, c.Hurry)
	case *Dash:
		_, err = r.dashCheck()
	case *Use:
		_, err = r.useCheck(c.Object, c.Hurry)
	case *Hinder:
		_, _, err = r.hinderCheck(c.Hindrance, c.Target)
	case *Pin:
		_, _, err = r.pinCheck(c.Target)
	case *Escape:
		_, _, err = r.escapeCheck(c.From)
	case *Opening:
		_, _, _, err = r.openingCheck(c.Target)
	case *Drag:
		_, _, err = r.dragCheck(c.X, c.Y)
	case *Enter:
		_, _, err = r.enterCheck(c.Target)
	case *Stabilize:
		_, _, err = r.stabilizeCheck(c.Target)
	case *Treat:
		_, _, _, err = r.treatCheck(c.Target, c.Level)
	case *TreatCondition:
		_, _, _, err = r.treatConditionCheck(c.Target, c.Condition)
	case *Cast:
		_, _, _, err = r.castCheck(c.Spell, c.Target)
	case *Mount:
		_, _, err = r.mountCheck(c.Target, c.Hurry)
	case *Dismount:
		_, err = r.dismountCheck(c.X, c.Y, c.Hurry)
	case *Calm:
		_, _, err = r.calmCheck()
	case *Ready:
		_, err = r.readyCheck(c.Action.Command())
	case *Surface:
		_, err = r.surfaceCheck()
	case *Retrieve:
		_, _, err = r.retrieveCheck(c.Weapon, c.Hurry)
	case *Stow:
		_, _, err = r.stowCheck(c.Weapon, c.Hurry)
	case *EndEffect:
		_, _, err = r.endEffectCheck(c.Effect)
	case *LongAction:
		_, _, err = r.longActionCheck(c.Action.Command())
	case nil:
		err = refuse(engine.Invalid, "no command")
	default:
		err = refuse(engine.Invalid, "%s is not an action that is checked before it is taken", commands.Kind(c))
	}
	return err
}

// legalAfter is legal for action c after event pre, nil for none: an
// Interrupted, Ordered, ActionGoesAhead or LongDone, the event that comes
// before the action it allows. The event is applied in place for the
// checks and taken back exactly (see lend).
func (r *run) legalAfter(c Command, pre Event) error {
	if pre == nil {
		return r.legal(c)
	}
	var l lent
	r.s.lend(pre, &l)
	err := r.legal(c)
	r.s.giveBack(&l)
	return err
}

// lent is what lend changed, to be put back: the state's own fields, the
// combatant the event changes and the hot memory an action out of turn is
// placed in.
type lent struct {
	s       State
	who     *Combatant
	c       Combatant
	hotOff  OffTurn
	hotHeld Declared
	hotRest []string
}

// lend applies event pre to s (see legalAfter), keeping in l what it
// changes: the state's fields (the pending action, queue, moment, phase
// and action out of turn), the one combatant an Interrupted or LongDone
// changes, and the hot memory an Interrupted or Ordered places the action
// out of turn in, whose queue then goes to spare memory so that the one
// it holds stays as it is.
func (s *State) lend(pre Event, l *lent) {
	l.s, l.who = *s, nil
	var who string
	switch e := pre.(type) {
	case *Interrupted:
		who = e.Combatant
	case *LongDone:
		who = e.Combatant
	}
	if c := s.Combatant(who); c != nil {
		l.who, l.c = c, *c
	}
	h := s.hot
	if h != nil {
		l.hotOff, l.hotHeld, l.hotRest = h.off, h.held, h.offRest
		h.offRest = h.lentRest[:0]
	}
	applyBefore(s, pre, h)
	if h != nil {
		h.lentRest = h.offRest
	}
}

// applyBefore applies pre, one of the events legalAfter takes (any other
// changes nothing), through its own apply rather than the interface's: an
// event the caller holds in a variable then stays there, and the hot path
// allocates nothing for it.
func applyBefore(s *State, pre Event, h *hotMemory) {
	switch e := pre.(type) {
	case *Interrupted:
		e.apply(s, h)
	case *Ordered:
		e.apply(s, h)
	case *ActionGoesAhead:
		e.apply(s, h)
	case *LongDone:
		e.apply(s, h)
	}
}

// giveBack puts back what lend changed.
func (s *State) giveBack(l *lent) {
	*s = l.s
	if l.who != nil {
		*l.who = l.c
	}
	if h := s.hot; h != nil {
		h.off, h.held, h.offRest = l.hotOff, l.hotHeld, l.hotRest
	}
}
