package blackpowder

import "fray/engine"

// refusal is one of the refusals a combatant meets again and again on the
// hot path: a declared action that comes to resolve once its actor has
// spent its action (dodging, say) or been knocked out lapses with it as
// its reason.
type refusal uint8

const (
	refusedNoAction      refusal = iota // its action is spent
	refusedFinished                     // it has finished its part of the turn
	refusedFinishedQuick                // that, and used the immediate action
	refusedOut                          // it is not active (knocked out, say)
)

// maxKeptRefusals bounds the refusals a hot memory keeps: past it, one not
// kept is made anew each time.
const maxKeptRefusals = 64

// keptRefusal is a refusal made for the combatant named name, whose
// status was status for refusedOut (else zero).
type keptRefusal struct {
	why    refusal
	status Status
	name   string
	err    *engine.Error
}

// refusals keeps the refusals a state's hot memory has made, each made
// once: a refusal is never changed once made, so Steps may share it, and
// the events that carry its words (Lapsed) keep a string of its own.
type refusals struct {
	kept []keptRefusal
}

// refuse returns the refusal why for c: the one h keeps, made on first
// use, or a new one on the table's path (h nil) and in dry runs.
func (h *hotMemory) refuse(why refusal, c *Combatant) error {
	var status Status
	if why == refusedOut {
		status = c.Status
	}
	if h == nil {
		return newRefusal(why, status, c.Name)
	}
	for i := range h.refusals.kept {
		if k := &h.refusals.kept[i]; k.why == why && k.status == status && k.name == c.Name {
			return k.err
		}
	}
	err := newRefusal(why, status, c.Name)
	if len(h.refusals.kept) < maxKeptRefusals {
		h.refusals.kept = append(h.refusals.kept, keptRefusal{why: why, status: status, name: c.Name, err: err})
	}
	return err
}

// newRefusal makes the refusal why for the combatant named name, whose
// status is status for refusedOut.
func newRefusal(why refusal, status Status, name string) *engine.Error {
	switch why {
	case refusedOut:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", name, status)
	case refusedFinished:
		// Only the immediate action and the move alongside the action may
		// be left to one who has finished (R06, R33): anything else is no
		// longer its to do this turn.
		return engine.Errorf(engine.NotYourTurn, "%s has finished this turn: only the immediate action (a draw, a quick reload) and the move alongside the action may be left", name)
	case refusedFinishedQuick:
		return engine.Errorf(engine.NotYourTurn, "%s has finished this turn and used the immediate action", name)
	}
	return engine.Errorf(engine.NotAllowedNow, "%s has no action left", name)
}

// noActionLeft is why c cannot take an action: its action is spent.
func (r *run) noActionLeft(c *Combatant) error { return r.hot.refuse(refusedNoAction, c) }
