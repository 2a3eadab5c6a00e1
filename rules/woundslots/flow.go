package woundslots

import (
	"slices"
	"strings"

	"fray/engine"
)

// The moments of a turn (R29): right after a declaration, at the turn's
// start, after an action resolves, at the turn's end. At each, those whose
// initiative is strictly above the turn's owner's may act out of turn
// (paying 2 initiative) or move (paying none, R35, A16).
const (
	AtDeclared = "declared"
	AtStart    = "start"
	AtAfter    = "after"
	AtEnd      = "end"
	// AtOrder marks a mount acting on its rider's order (R76).
	AtOrder = "order"
)

// InterruptCost is what acting out of turn costs in initiative (R29).
const InterruptCost = 2

// interruptsAt reports whether the encounter offers out-of-turn actions
// at a moment: the options no_interrupts and interrupts. By default only
// right after a declaration, where an interrupt cancels the action; with
// interrupts: all, at a turn's start and end and after each action too
// [ours: asking everyone at every moment stalls a table, so the table
// chooses].
func (s *State) interruptsAt(moment string) bool {
	switch {
	case s.Options.NoInterrupts || s.Options.Interrupts == "none":
		return false
	case s.Options.Interrupts == "all":
		return true
	}
	return moment == AtDeclared
}

// owner is the combatant whose turn it is, or nil.
func (s *State) owner() *Combatant {
	if s.Turn == "" {
		return nil
	}
	return s.Combatant(s.Turn)
}

// mayActOutOfTurn reports whether c may act or move in another's turn at
// a moment (R29, R35, A16): free to act (not helpless nor pinned), an
// initiative above 0 and strictly above the turn's owner's, some AP or
// movement left, and no turn of its own now. A ridden mount acts in its
// rider's turn.
func (s *State) mayActOutOfTurn(c *Combatant, moment string) bool {
	o := s.owner()
	if o == nil || s.Off != nil || c.ID == o.ID || c.Rider != "" || o.Riding == c.ID ||
		!c.canAct() || c.PinnedBy != "" || !s.interruptsAt(moment) {
		return false
	}
	if c.AP < 1 && c.PoolYards() <= 0 {
		return false
	}
	init := s.turnInitiative(c)
	return init > 0 && init > s.turnInitiative(o)
}

// sortQueue orders those asked in a window: descending initiative, ties
// by id.
func (s *State) sortQueue(q []string) {
	slices.SortFunc(q, func(x, y string) int {
		cx, cy := s.Combatant(x), s.Combatant(y)
		if cx.Initiative != cy.Initiative {
			return cy.Initiative - cx.Initiative
		}
		return strings.Compare(x, y)
	})
}

// momentQueue lists who is asked at a moment of the turn: those who may
// act out of turn, and those with a readied attack to take (R47: a
// reaction to any event). One busy with a long action is not asked
// [ours]: acting would give it up.
func (s *State) momentQueue(moment string, h *hotMemory) []string {
	var q []string
	if h != nil {
		q = h.queue[:0]
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.ID != s.Turn && c.Long == nil && (s.mayActOutOfTurn(c, moment) || s.mayReady(c)) {
			q = append(q, c.ID)
		}
	}
	if h != nil {
		h.queue = q
	}
	s.sortQueue(q)
	return q
}

// openMoment opens the window of a moment of the turn when anyone is to
// be asked in it; it reports whether it did.
func (r *run) openMoment(moment string) bool {
	s := r.s
	if s.Options.NoInterrupts || s.Options.Interrupts == "none" {
		if !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Readied }) {
			return false
		}
	}
	q := s.momentQueue(moment, r.h)
	if len(q) == 0 {
		return false
	}
	r.emit(ev(r.h, (*hotMemory).evWindowOpened, WindowOpened{Moment: moment, Actor: s.Turn, Queue: q}))
	return true
}

// offTurnOpen reports whether the one asked in the open window may act
// out of turn there: at a moment, or right after a declared action (not
// a move: only reactions answer those).
func (s *State) offTurnOpen() bool {
	if s.Phase != Window || len(s.Queue) == 0 {
		return false
	}
	if s.Moment != "" {
		return s.Moment != AtFlanked
	}
	return s.Pending != nil && s.Pending.Action != "move" && s.Pending.Striker == ""
}

// isMove reports whether c is movement: out of turn it costs no
// initiative and cancels nothing (R35, A16).
func isMove(c Command) bool {
	switch c.(type) {
	case *Move, *Approach, *Jump:
		return true
	}
	return false
}

// offTurnCommand reports whether c is an action or a move one may take
// out of turn: not ending or continuing a turn, nor a free choice of
// one's own turn.
func offTurnCommand(c Command) bool {
	switch c.(type) {
	case *Attack, *Move, *Approach, *Jump, *Defend, *Seize, *Posture, *Dash, *Use,
		*Hinder, *Pin, *Escape, *Opening, *Drag, *Enter, *Stabilize, *Treat, *TreatCondition,
		*Cast, *Mount, *Dismount, *Calm, *Ready, *Surface, *Retrieve, *Stow, *EndEffect:
		return true
	}
	return false
}

// outOfTurn is an action or a move taken out of turn by the one asked in
// a window (R29, R35, A16): an action costs 2 initiative and, right after
// a declaration, cancels the declared action, whose actor pays nothing; a
// move costs no initiative and cancels nothing. It is checked whole before
// anything happens.
func (r *run) outOfTurn(c Command) error {
	s := r.s
	me := s.Combatant(s.Queue[0])
	moment := s.Moment
	if moment == "" {
		moment = AtDeclared
	}
	if !s.mayActOutOfTurn(me, moment) {
		return refuse(engine.NotAllowedNow, "%s may not act out of %s's turn now: only one whose initiative is above %d, free to act, may (R29)", me.ID, s.Turn, s.turnInitiative(s.owner()))
	}
	move := isMove(c)
	e := Interrupted{Combatant: me.ID, Actor: s.Turn, Moment: moment, Move: move, Initiative: me.Initiative}
	if !move {
		e.Initiative = max(0, me.Initiative-InterruptCost)
	}
	if a, ok := c.(*Attack); ok {
		// The common case, checked as it stands: nothing an attack needs
		// depends on the initiative just paid.
		_, w, err := s.checkAttack(me, a.Target, a.Weapon, a.Style)
		if err != nil {
			return err
		}
		e.Action, e.Target, e.Weapon, e.Cost = styleOf(a.Style), a.Target, w.Name, me.apCost(s.attackCost(me, styleOf(a.Style)))
	} else {
		e.Command = nest(c)
		if err := r.legalAfter(c, &e); err != nil {
			return err
		}
	}
	r.emit(ev(r.h, (*hotMemory).evInterrupted, e))
	return r.dispatch(c)
}

// newOff places an action out of turn in the state's hot memory when it
// has some (the hot path), else in memory of its own.
func (s *State) newOff(o OffTurn) *OffTurn {
	if s.hot == nil {
		p := new(OffTurn)
		*p = o
		p.Rest = slices.Clone(o.Rest)
		if o.Held != nil {
			p.Held = new(Declared)
			*p.Held = *o.Held
		}
		return p
	}
	return s.hot.placeOff(o)
}

// declaration names a declared action other than an attack: its kind and
// the creature it is aimed at ("" for none). ok is false for a command
// that is not such an action.
func declaration(c Command) (kind, target, detail string, ok bool) {
	switch c := c.(type) {
	case *Defend, *Seize, *Posture, *Dash, *Use, *Escape, *Drag, *Dismount, *Calm, *Ready, *Surface, *Retrieve, *Stow, *EndEffect:
		return c.Kind(), "", "", true
	case *Hinder:
		return c.Hindrance, c.Target, "", true
	case *Pin:
		return "pin", c.Target, "", true
	case *Opening:
		return "opening", c.Target, "", true
	case *Enter:
		return "enter", c.Target, "", true
	case *Stabilize:
		return "stabilize", c.Target, "", true
	case *Treat:
		return "treat", c.Target, "", true
	case *TreatCondition:
		return "treat_condition", c.Target, "", true
	case *Cast:
		return "cast", c.Target, c.Spell, true
	case *Mount:
		return "mount", c.Target, "", true
	case *LongAction:
		// The long action is declared as it begins (R25).
		inner := c.Action.Command()
		if a, ok := inner.(*Attack); ok {
			return "long", a.Target, "", true
		}
		_, target, _, _ := declaration(inner)
		return "long", target, "", true
	}
	return "", "", "", false
}

// targetChooses reports whether a declared action waits for its target's
// choice before it resolves (section 7.5.3): a disarm, whose target may
// meet it with a melee weapon check of its own (R61, A20), and a spell
// against the melee or ranged Defense of a defending target (R45).
func (s *State) targetChooses(actor *Combatant, kind, target, detail string) bool {
	t := s.Combatant(target)
	if t == nil {
		return false
	}
	switch kind {
	case "disarm":
		return t.canAct() && firstMelee(t) != nil
	case "cast":
		sp := actor.spell(detail)
		return sp != nil && t.Defending && t.Up() && (sp.Defense == "melee" || sp.Defense == "ranged")
	}
	return false
}

// declare declares the acting creature's action other than an attack
// (section 7.5): when anyone may answer it or its target chooses, the
// action waits in a window, checked whole first; else it is carried out
// at once.
func (r *run) declare(c Command) error {
	s := r.s
	a := s.actor()
	kind, target, detail, _ := declaration(c)
	q := s.windowQueue(a, false, kind, target, r.h)
	if len(q) == 0 && !s.targetChooses(a, kind, target, detail) {
		return r.dispatch(c)
	}
	if err := r.legal(c); err != nil {
		return err
	}
	r.emit(ev(r.h, (*hotMemory).evActionDeclared, ActionDeclared{Actor: a.ID, Action: kind, Target: target, Weapon: detail, Command: nest(c), Queue: q}))
	r.resolveIfReady()
	return nil
}

// resolveDeclared carries out a declared action other than an attack once
// its window is over: checked again first, since out-of-turn moves may
// have made it impossible; then it goes ahead, or is cancelled at no AP
// cost and its actor acts again (A16).
func (r *run) resolveDeclared() {
	s := r.s
	p := *s.Pending
	c := p.Command.Command()
	if cast, ok := c.(*Cast); ok && p.Interposed {
		instead := *cast
		instead.Target = p.Target // R58: the grappled creature took its place
		c = &instead
	}
	goAhead := ActionGoesAhead{Combatant: p.Actor, Command: p.Command}
	// The target's choice (section 7.5.3) counts only once the dice roll:
	// no check reads it.
	if err := r.legalAfter(c, &goAhead); err != nil {
		r.emit(ev(r.h, (*hotMemory).evActionCancelled, ActionCancelled{Combatant: p.Actor, Why: "no longer possible: " + err.Error()}))
		return
	}
	r.emit(ev(r.h, (*hotMemory).evActionGoesAhead, goAhead))
	r.choice = p.Guard
	_ = r.dispatch(c) // checked by legalAfter
	r.choice = ""
}

// ---- long actions (R25) ----

// costOf is what action c of a costs in AP now, 0 for a command that is no
// action with a cost of its own: with a's effects and conditions changing
// the action's cost (R24), not the movement it buys.
func (s *State) costOf(a *Combatant, c Command) int {
	switch c := c.(type) {
	case *Jump:
		return s.baseCost(a, c)
	case *Drag:
		return a.apCost(actionCosts["drag"]) + max(0, s.moveAP(a, s.pathCost(a.X, a.Y, c.X, c.Y)))
	}
	return a.apCost(s.baseCost(a, c))
}

// baseCost is costOf before R24's changes.
func (s *State) baseCost(a *Combatant, c Command) int {
	switch c := c.(type) {
	case *Attack:
		return s.attackCost(a, styleOf(c.Style))
	case *Cast:
		if sp := a.spell(c.Spell); sp != nil {
			return spellAP(sp)
		}
	case *Jump:
		if c.High {
			return max(0, s.moveAP(a, 1))
		}
		return max(0, s.moveAP(a, Distance(a.X, a.Y, c.X, c.Y)))
	case *Drag:
		return actionCosts["drag"] + max(0, s.moveAP(a, s.pathCost(a.X, a.Y, c.X, c.Y)))
	case *Hinder:
		return actionCosts["hinder"]
	case *Retrieve:
		n, _ := s.retrieveAP(a, c.Weapon)
		return n
	case *EndEffect:
		return actionCosts["end"]
	case *Stow:
		if w := a.Weapon(c.Weapon); w != nil {
			return containerAP[homeOf(w)]
		}
	case *TreatCondition:
		return actionCosts["treat"]
	case *Dismount, *Mount:
		return actionCosts["mount"]
	case *Defend, *Seize, *Posture, *Dash, *Stabilize, *Treat, *Calm, *Pin, *Escape, *Opening, *Enter, *Ready, *Surface:
		return actionCosts[c.Kind()]
	}
	return 0
}

// longAction begins an action that costs more AP than its actor has (R25):
// checked as if the AP were there, it takes all the AP now and owes the
// rest, paid with continue on later turns; it takes effect when paid.
func (r *run) longAction(c Command) error {
	a, cost, err := r.longActionCheck(c)
	if err != nil {
		return err
	}
	if cost <= a.AP {
		// Affordable: it is simply taken now ("long jump 3,0" is a jump).
		return r.dispatch(c)
	}
	action := nest(c)
	text := action.String()
	paid := a.AP
	r.pay(a, paid, text)
	r.emit(ev(r.h, (*hotMemory).evLongBegun, LongBegun{Combatant: a.ID, Object: text, Command: action, Remaining: cost - paid, Action: true}))
	r.acted = false
	return nil
}

// longDone is a long action paid in full taking effect (R25): checked
// again, since the fight went on meanwhile; it spends the AP paid for it,
// and, declared when it began, opens no window now. When it can no longer
// happen, what was paid is lost.
func (r *run) longDone(a *Combatant, l *Long) {
	s := r.s
	c := l.Command.Command()
	done := LongDone{Combatant: a.ID, Action: l.Command, AP: s.costOf(a, c)}
	if err := r.legalAfter(c, &done); err != nil {
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: a.ID, Object: l.Object, Why: err.Error()}))
		return
	}
	r.emit(ev(r.h, (*hotMemory).evLongDone, done))
	r.quiet = true
	_ = r.dispatch(c) // checked by legalAfter
	r.quiet = false
}
