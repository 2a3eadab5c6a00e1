package woundslots

import (
	"cmp"
	"fmt"

	"fray/engine"
)

// ready is R47 and A35 (1 AP): an action held until the creature takes
// any other action or reaction, to be taken as a reaction in any window it
// is asked in, paying its AP then: a standard attack by default (fire
// TARGET), else the action named (trigger).
func (r *run) ready(action Command) error {
	a, err := r.readyCheck(action)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["ready"], "ready")
	r.emit(engine.New(r.h.arena(), readyTakenKind, ReadyTaken{Combatant: a.ID, Action: nest(action)}))
	return nil
}

// readyCheck is ready's checks: it returns the actor.
func (r *run) readyCheck(action Command) (a *Combatant, err error) {
	if a, err = r.acting("ready an attack"); err != nil {
		return nil, err
	}
	// Readying again is an action like any other: it ends the action
	// readied before (R47) and holds the new one.
	switch {
	case action == nil && a.inHand() == 0:
		return nil, refuse(engine.NotAllowedNow, "%s has no weapon to ready", a.ID)
	case action != nil && !offTurnCommand(action):
		return nil, refuse(engine.Invalid, "ready: %q is not an action to take as a reaction", Rules{}.FormatCommand(action))
	}
	// Whether the action is possible is asked when it is taken, but a
	// creature it names must be one of the fight's: it could never be
	// taken otherwise, and the AP would be spent for nothing.
	if t := creatureNamed(action); t != "" && r.s.Combatant(t) == nil {
		return nil, r.s.noCombatant(t)
	}
	return a, need(a, actionCosts["ready"], "readying")
}

// creatureNamed returns the creature an action (readied, or paid across
// turns) is aimed at, or "" for an action aimed at none: an attack's or an
// approach's target, else the target its declaration names (declaration).
func creatureNamed(c Command) string {
	switch c := c.(type) {
	case *Attack:
		return c.Target
	case *Approach:
		return c.Target
	}
	_, target, _, _ := declaration(c)
	return target
}

// mayFire reports whether c may take its readied attack now: free to
// react (R28, R30), with the AP of a standard attack and an enemy in
// reach.
func (s *State) mayFire(c *Combatant) bool {
	if !c.Readied || !c.ReadyAction.IsZero() || !c.free() || !c.affords(s.attackCost(c, Standard)) {
		return false
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == c.Side || !t.Up() {
			continue
		}
		for j := range c.Weapons {
			if s.mayStrikeWith(c, &c.Weapons[j], t) {
				return true
			}
		}
	}
	return false
}

// mayStrikeWith reports whether c may attack t with w where they stand: w
// is in hand and reaches t, and is no ranged weapon under water (R74).
func (s *State) mayStrikeWith(c *Combatant, w *Weapon, t *Combatant) bool {
	return w.InHand() && Reaches(c, w, t) && !(w.Kind == "ranged" && s.env(c) == Underwater)
}

// fire takes the readied attack in a window: it resolves at once, before
// the declared action, which goes on unless its actor is taken out.
func (r *run) fire(target, weapon string) error {
	me, err := r.asked("fire a readied attack")
	if err != nil {
		return err
	}
	s := r.s
	if !s.mayFire(me) {
		return refuse(engine.NotAllowedNow, "%s has no readied attack it can take now (R47)", me.ID)
	}
	t, w, err := s.checkAttack(me, target, weapon, Standard)
	if err != nil {
		return err
	}
	q := s.strikeQueue(me, t, w, r.h)
	r.emit(engine.New(r.h.arena(), readyFiredKind, ReadyFired{Combatant: me.ID, Target: t.ID, Weapon: w.Name, Queue: q}))
	r.spend(me, s.attackCost(me, Standard), "readied attack")
	r.reactionStrike(me, t, w, "", false)
	return nil
}

// reactionStrike strikes the attack of a reaction (a rebuff, a readied
// attack) of me on t with w, against the Defense guard chose, unless its
// defending target is to choose that first (R45); then goes on with what
// it answered.
func (r *run) reactionStrike(me, t *Combatant, w *Weapon, guard string, rebuff bool) {
	if p := r.s.Pending; p != nil && p.Striker == me.ID {
		return // held for its target's Defense or a window of its own
	}
	r.strike(me, t, w, Standard, guard, rebuff)
	r.afterReaction()
}

// afterReaction goes on with what a reaction's attack (a rebuff, a
// readied attack) answered: the declared action or move of a creature it
// took out does not happen.
func (r *run) afterReaction() {
	s := r.s
	if p := s.Pending; p != nil {
		if a := s.Combatant(p.Actor); a != nil && !a.canAct() {
			if p.Action == "move" {
				r.emit(engine.New(r.h.arena(), moveStoppedKind, MoveStopped{Combatant: a.ID, Why: "taken out"}))
			} else {
				r.emit(engine.New(r.h.arena(), actionCancelledKind, ActionCancelled{Combatant: a.ID, Why: "taken out"}))
			}
			return
		}
	}
	r.resolveIfReady()
}

// mayTrigger reports whether c holds a readied action other than an
// attack and may take it now: free to react, with its AP (R47).
func (s *State) mayTrigger(c *Combatant) bool {
	if !c.Readied || c.ReadyAction.IsZero() || !c.free() {
		return false
	}
	return c.AP >= s.costOf(c, c.ReadyAction.Command())
}

// triggered is the event of me's taking its readied action now (R47).
func (s *State) triggered(me *Combatant) Interrupted {
	return Interrupted{Combatant: me.ID, Actor: s.Turn, Moment: cmp.Or(s.Moment, AtDeclared), Readied: true, Command: me.ReadyAction, Initiative: me.Initiative}
}

// mayReady reports whether c may take a readied action now, an attack or
// another.
func (s *State) mayReady(c *Combatant) bool { return s.mayFire(c) || s.mayTrigger(c) }

// trigger takes the readied action of the one asked in a window as a
// reaction (R47): it costs no initiative, cancels nothing, and pays its
// AP; the window then goes on.
func (r *run) trigger() error {
	me, err := r.asked("take a readied action")
	if err != nil {
		return err
	}
	s := r.s
	if !s.mayTrigger(me) {
		return refuse(engine.NotAllowedNow, "%s has no readied action to take now (R47); a readied attack is taken with fire TARGET", me.ID)
	}
	c, e := me.ReadyAction.Command(), s.triggered(me)
	if err := r.legalAfter(c, &e); err != nil {
		return err
	}
	r.emit(engine.New(r.h.arena(), interruptedKind, e))
	return r.dispatch(c)
}

// ReadyTaken: a creature readies a standard attack (R47).
type ReadyTaken struct {
	Combatant string `json:"combatant"`
	// Action is the action readied; none for a standard attack.
	Action Nested `json:"action,omitzero"`
}

func (e *ReadyTaken) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Readied, c.ReadyAction = true, e.Action
	}
}

func (e *ReadyTaken) describe(s *State) string {
	if !e.Action.IsZero() {
		return fmt.Sprintf("%s readies %s", e.Combatant, e.Action)
	}
	return fmt.Sprintf("%s readies an attack", e.Combatant)
}

// ReadyFired: a readied attack is taken as a reaction (R47); the attack's events follow.
type ReadyFired struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon"`
	// Queue is who is asked about the attack before it is rolled (R30):
	// its target when it may interpose (R58), those who may harry it
	// (R46).
	Queue []string `json:"queue,omitempty"`
}

func (e *ReadyFired) apply(s *State, _ *hotMemory) {
	popQueue(s)
	holdStrike(s, e.Combatant, e.Target, e.Weapon, "fire", e.Queue)
}

func (e *ReadyFired) describe(s *State) string {
	return fmt.Sprintf("%s takes its readied attack on %s with %s", e.Combatant, e.Target, e.Weapon)
}

// Ready readies an action (R47): Action is the action, none for a
// standard attack on whoever is in reach when it is taken.
type Ready struct {
	Action Nested `json:"action,omitzero"`
}

func (*Ready) command() {}

// Fire takes a readied attack as a reaction (R47).
type Fire struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

func (*Fire) command() {}

// Trigger takes a readied action other than an attack as a reaction (R47).
type Trigger struct{}

// The kinds of ready.go's commands and events.
var (
	readyKind      = engine.Add[Ready](commands, "ready")
	fireKind       = engine.Add[Fire](commands, "fire")
	_              = engine.Add[Trigger](commands, "trigger")
	readyTakenKind = engine.Add[ReadyTaken](events, "ready_taken")
	readyFiredKind = engine.Add[ReadyFired](events, "ready_fired")
)

func (*Trigger) command() {}
