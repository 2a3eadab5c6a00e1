package woundslots

import (
	"encoding/json"
	"fmt"

	"fray/engine"
)

// ObjectUsed: a combatant uses an object (R66), or a long action takes effect.
type ObjectUsed struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
}

func (e *ObjectUsed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
	}
}

func (e *ObjectUsed) describe(*State) string { return fmt.Sprintf("%s uses %s", e.Combatant, e.Object) }

// LongBegun: an action too long for the AP at hand is declared (R25): Remaining AP still owed, or Rounds of all AP still to give.
type LongBegun struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
	Remaining int    `json:"remaining,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
	// Action says Object is an action's command text, not an object;
	// Command is that action, read from the text as the event is decoded.
	Action  bool   `json:"action,omitempty"`
	Command Nested `json:"-"`
}

func (e *LongBegun) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = &Long{Object: e.Object, Action: e.Action, Command: e.Command, Remaining: e.Remaining, Rounds: e.Rounds, PaidNow: true}
	}
}

func (e *LongBegun) describe(s *State) string {
	if e.Action {
		return fmt.Sprintf("%s declares %s as a long action: %d AP still owed", e.Combatant, e.Object, e.Remaining)
	}
	if e.Rounds > 0 {
		return fmt.Sprintf("%s begins %s: all AP for %d more rounds", e.Combatant, e.Object, e.Rounds)
	}
	return fmt.Sprintf("%s begins %s: %d AP still owed", e.Combatant, e.Object, e.Remaining)
}

// UnmarshalJSON reads a long action begun, its action (with Action) read
// from Object's text once, as it is decoded.
func (e *LongBegun) UnmarshalJSON(data []byte) error {
	type plain LongBegun
	if err := json.Unmarshal(data, (*plain)(e)); err != nil {
		return err
	}
	return e.Command.readLong(e.Action, e.Object)
}

// LongPaid: a turn's payment toward a long action (R25, A38).
type LongPaid struct {
	Combatant string `json:"combatant"`
	Remaining int    `json:"remaining,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
}

func (e *LongPaid) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && c.Long != nil {
		c.Long.Remaining, c.Long.Rounds, c.Long.PaidNow = e.Remaining, e.Rounds, true
	}
}

func (e *LongPaid) describe(s *State) string {
	switch {
	case e.Rounds > 0:
		return fmt.Sprintf("%s gives all its AP to its long action: %d more rounds", e.Combatant, e.Rounds)
	case e.Remaining > 0:
		return fmt.Sprintf("%s pays toward its long action: %d AP to go", e.Combatant, e.Remaining)
	}
	return fmt.Sprintf("%s makes the last payment of its long action", e.Combatant)
}

// LongCancelled: a long action is given up; what was paid is lost (R25).
type LongCancelled struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
	// Why says why a long action paid in full could not take effect.
	Why string `json:"why,omitempty"`
}

func (e *LongCancelled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
	}
}

func (e *LongCancelled) describe(s *State) string {
	if e.Why != "" {
		return fmt.Sprintf("%s's %s cannot take effect (%s); what it paid is lost", e.Combatant, e.Object, e.Why)
	}
	return fmt.Sprintf("%s gives up %s; what it paid is lost", e.Combatant, e.Object)
}

// LongDone: a long action paid in full takes effect (R25): the AP paid
// across turns, AP, is what the action now spends.
type LongDone struct {
	Combatant string `json:"combatant"`
	Action    Nested `json:"action"`
	AP        int    `json:"ap"`
}

func (e *LongDone) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
		c.AP += e.AP
	}
}

func (e *LongDone) describe(s *State) string {
	return fmt.Sprintf("%s's %s is paid in full and takes effect", e.Combatant, e.Action)
}

// LongAction is an action declared with more AP than one has, paid
// across turns (R25): Action is the action.
type LongAction struct {
	Action Nested `json:"action"`
}

func (*LongAction) command() {}

// Continue pays the next part of a long action (R25).
type Continue struct{}

func (*Continue) command() {}

// Use uses an object (R66), as a long action when it costs more than
// the AP at hand (R25).
type Use struct {
	Object string `json:"object"`
	// Hurry asks to do it faster (R67).
	Hurry bool `json:"hurry,omitempty"`
}

// The kinds of long.go's commands and events.
var (
	useKind           = engine.Add[Use](commands, "use")
	_                 = engine.Add[Continue](commands, "continue")
	_                 = engine.Add[LongAction](commands, "long")
	objectUsedKind    = engine.Add[ObjectUsed](events, "object_used")
	longBegunKind     = engine.Add[LongBegun](events, "long_begun")
	longPaidKind      = engine.Add[LongPaid](events, "long_paid")
	longCancelledKind = engine.Add[LongCancelled](events, "long_cancelled")
	longDoneKind      = engine.Add[LongDone](events, "long_done")
)

func (*Use) command() {}

// objectCost is what using an object costs: the scene's entry, else the
// R66 table, else section 6's default.
func (s *State) objectCost(name string) (ap, rounds int) {
	for _, o := range s.Objects {
		if o.Name == name {
			if o.Rounds > 0 {
				return 0, o.Rounds
			}
			if o.AP != nil {
				return *o.AP, 0
			}
		}
	}
	if ap, ok := objectCosts[name]; ok {
		return ap, 0
	}
	return DefaultObjectCost, 0
}

// use is R66, as a long action when it costs more than the AP at hand or
// takes rounds (R25).
func (r *run) use(object string, hurry bool) error {
	a, err := r.useCheck(object, hurry)
	if err != nil {
		return err
	}
	cost, rounds := r.s.objectCost(object)
	cost = a.apCost(r.hurried(a, cost, hurry))
	paid, long := min(cost, a.AP), LongBegun{Combatant: a.ID, Object: object}
	if rounds > 0 {
		paid, long.Rounds = a.AP, rounds-1
	} else {
		long.Remaining = cost - paid
	}
	r.pay(a, paid, "use "+object)
	if long.Rounds == 0 && long.Remaining == 0 {
		r.emit(engine.New(r.h.arena(), objectUsedKind, ObjectUsed{Combatant: a.ID, Object: object}))
		return nil
	}
	r.emit(engine.New(r.h.arena(), longBegunKind, long))
	r.acted = false
	return nil
}

// useCheck is use's checks: it returns the actor.
func (r *run) useCheck(object string, hurry bool) (a *Combatant, err error) {
	if a, err = r.acting("use ", object); err != nil {
		return nil, err
	}
	if object == "" {
		return nil, refuse(engine.Invalid, "use what?")
	}
	if !hurry {
		return a, nil
	}
	cost, rounds := r.s.objectCost(object)
	if rounds > 0 || cost > a.AP {
		return nil, refuse(engine.NotAllowedNow, "only an action paid at once can be hurried (R67)")
	}
	return a, r.hurryCheck(a, cost, true, "using ", object)
}

// continueLong pays this turn's part of a long action (R25): all AP, the
// last payment only the remainder (A38).
func (r *run) continueLong() error {
	a, err := r.acting("continue a long action")
	if err != nil {
		return err
	}
	switch {
	case a.Long == nil:
		return refuse(engine.NotAllowedNow, "%s has no long action under way", a.ID)
	case a.Long.PaidNow:
		return refuse(engine.NotAllowedNow, "%s has paid toward %s this turn already", a.ID, a.Long.Object)
	}
	l := *a.Long
	paid := min(a.AP, l.Remaining)
	left := LongPaid{Combatant: a.ID, Remaining: l.Remaining - paid}
	if l.Rounds > 0 {
		paid, left = a.AP, LongPaid{Combatant: a.ID, Rounds: l.Rounds - 1}
	}
	what := "use " + l.Object
	if l.Action {
		what = l.Object
	}
	r.emit(engine.New(r.h.arena(), aPSpentKind, APSpent{Combatant: a.ID, Amount: paid, AP: a.AP - paid, For: what}))
	r.emit(engine.New(r.h.arena(), longPaidKind, left))
	switch {
	case left.Remaining > 0 || left.Rounds > 0:
	case l.Action:
		r.longDone(a, &l)
	default:
		r.emit(engine.New(r.h.arena(), objectUsedKind, ObjectUsed{Combatant: a.ID, Object: l.Object}))
		r.acted = true
	}
	return nil
}

// costOf is what action c of a costs in AP now, 0 for a command that is no
// action with a cost of its own: with a's effects and conditions changing
// the action's cost (R24), not the movement it buys.
func (s *State) costOf(a *Combatant, c Command) int {
	action, movement := s.baseCost(a, c)
	return a.apCost(action) + movement
}

// baseCost is costOf before R24's changes, in two parts: the action's own
// AP, and the AP of the movement it buys (a jump, a drag).
func (s *State) baseCost(a *Combatant, c Command) (action, movement int) {
	switch c := c.(type) {
	case *Attack:
		return s.attackCost(a, styleOf(c.Style)), 0
	case *Opening:
		return s.attackCost(a, "opening"), 0
	case *Cast:
		if sp := a.spell(c.Spell); sp != nil {
			return spellAP(sp), 0
		}
	case *Jump:
		if c.High {
			return 0, max(0, s.moveAP(a, 1))
		}
		return 0, max(0, s.moveAP(a, Distance(a.X, a.Y, c.X, c.Y)))
	case *Drag:
		return actionCosts["drag"], max(0, s.moveAP(a, s.pathCost(a.X, a.Y, c.X, c.Y)))
	case *Retrieve:
		n, _ := s.retrieveAP(a, c.Weapon)
		return n, 0
	case *EndEffect:
		return actionCosts["end"], 0
	case *Stow:
		if w := a.Weapon(c.Weapon); w != nil {
			return containerAP[homeOf(w)], 0
		}
	case *TreatCondition:
		return actionCosts["treat"], 0
	case *Dismount:
		return actionCosts["mount"], 0
	case *Defend, *Seize, *Posture, *Dash, *Stabilize, *Treat, *Calm, *Pin, *Escape, *Enter, *Ready, *Surface, *Hinder, *Mount:
		return actionCosts[commands.Kind(c)], 0
	}
	return 0, 0
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
	r.emit(engine.New(r.h.arena(), longBegunKind, LongBegun{Combatant: a.ID, Object: text, Command: action, Remaining: cost - paid, Action: true}))
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
		r.emit(engine.New(r.h.arena(), longCancelledKind, LongCancelled{Combatant: a.ID, Object: l.Object, Why: err.Error()}))
		return
	}
	r.emit(engine.New(r.h.arena(), longDoneKind, done))
	r.quiet = true
	_ = r.dispatch(c) // checked by legalAfter
	r.quiet = false
}

// longActionCheck is longAction's checks (R25): it returns the actor, the
// action's cost. An action that costs more AP than the actor has
// is checked as if the AP were there: lent for the checks and taken back.
func (r *run) longActionCheck(c Command) (a *Combatant, cost int, err error) {
	if a, err = r.acting("begin a long action"); err != nil {
		return nil, 0, err
	}
	s := r.s
	if s.Off != nil {
		return nil, 0, refuse(engine.NotAllowedNow, "an action out of turn is paid at once (R25)")
	}
	cost = s.costOf(a, c)
	if cost == 0 {
		return nil, 0, refuse(engine.Invalid, "long %s: only an action with an AP cost is paid across turns; a use of an object is, by itself (R25)", Rules{}.FormatCommand(c))
	}
	ap := a.AP
	a.AP = max(ap, cost)
	err = r.legal(c)
	a.AP = ap
	return a, cost, err
}
