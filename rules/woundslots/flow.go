package woundslots

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
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
	parts.AskOrder(q, func(id string) int { return s.Combatant(id).Initiative })
}

// queueOf lists the combatants asked picks, by place in the roster, in
// descending initiative (ties by id): in the hot memory's queue when there
// is one (the hot path).
func (s *State) queueOf(h *hotMemory, asked func(i int, c *Combatant) bool) []string {
	var q []string
	if h != nil {
		q = h.queue[:0]
	}
	for i := range s.Combatants {
		if c := &s.Combatants[i]; asked(i, c) {
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
	q := r.momentAsks(moment)
	if len(q) == 0 {
		return false
	}
	r.emit(engine.New(r.h.arena(), windowOpenedKind, WindowOpened{Moment: moment, Actor: s.Turn, Queue: q}))
	return true
}

// momentAsks lists those the window of a moment of the turn would ask:
// those who may act out of turn, and those with a readied attack to take
// (R47: a reaction to any event); none when the encounter offers no
// out-of-turn action then and nobody has an action readied. One busy with
// a long action is not asked [ours]: acting would give it up.
func (r *run) momentAsks(moment string) []string {
	s := r.s
	if !s.interruptsAt(moment) && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Readied }) {
		return nil
	}
	return s.queueOf(r.h, func(_ int, c *Combatant) bool {
		return c.ID != s.Turn && c.Long == nil && (s.mayActOutOfTurn(c, moment) || s.mayReady(c))
	})
}

// offTurnOpen reports whether the one asked in the open window may act
// out of turn there: at a moment, or right after a declared action (not
// a move: only reactions answer those).
func (s *State) offTurnOpen() bool {
	if s.Phase != Window || len(s.Queue) == 0 {
		return false
	}
	if p := s.Pending; p != nil && p.StrikeAsk > 0 {
		return false // only reactions answer a reaction's attack
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
	moment := cmp.Or(s.Moment, AtDeclared)
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
	r.emit(engine.New(r.h.arena(), interruptedKind, e))
	return r.dispatch(c)
}

// newOff places an action out of turn in the state's hot memory when it
// has some (the hot path), else in memory of its own.
func (s *State) newOff(o OffTurn) *OffTurn {
	if s.hot == nil {
		return o.detached()
	}
	return s.hot.placeOff(o)
}

// declaration names a declared action other than an attack: its kind and
// the creature it is aimed at ("" for none). ok is false for a command
// that is not such an action.
func declaration(c Command) (kind, target, detail string, ok bool) {
	switch c := c.(type) {
	case *Defend, *Seize, *Posture, *Dash, *Use, *Escape, *Drag, *Dismount, *Calm, *Ready, *Surface, *Retrieve, *Stow, *EndEffect:
		return commands.Kind(c), "", "", true
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
		return "long", creatureNamed(c.Action.Command()), "", true
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
	r.emit(engine.New(r.h.arena(), actionDeclaredKind, ActionDeclared{Actor: a.ID, Action: kind, Target: target, Weapon: detail, Command: nest(c), Queue: q}))
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
		r.emit(engine.New(r.h.arena(), actionCancelledKind, ActionCancelled{Combatant: p.Actor, Why: "no longer possible: " + err.Error()}))
		return
	}
	r.emit(engine.New(r.h.arena(), actionGoesAheadKind, goAhead))
	r.choice = p.Guard
	_ = r.dispatch(c) // checked by legalAfter
	r.choice = ""
}

// ActionDeclared: an action is declared (section 7.5): an attack, with its style, target, weapon and cost, or another action, its Command; Queue is who is asked, in order, whether they interrupt or react.
type ActionDeclared struct {
	Actor   string   `json:"actor"`
	Action  string   `json:"action"`
	Target  string   `json:"target,omitempty"`
	Weapon  string   `json:"weapon,omitempty"`
	Cost    int      `json:"cost,omitempty"`
	Command Nested   `json:"command,omitzero"`
	Queue   []string `json:"queue,omitempty"`
}

func (e *ActionDeclared) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Actor, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost, Command: e.Command})
	openWindow(s, e.Queue)
}

func (e *ActionDeclared) describe(s *State) string {
	if !e.Command.IsZero() {
		return fmt.Sprintf("%s declares %s", e.Actor, e.Command)
	}
	return fmt.Sprintf("%s declares a %s attack on %s with %s (%d AP)", e.Actor, e.Action, e.Target, e.Weapon, e.Cost)
}

// Passed: one asked in a window lets the action go on.
type Passed struct {
	Combatant string `json:"combatant"`
}

func (e *Passed) apply(s *State, _ *hotMemory) { popQueue(s) }

func (e *Passed) describe(*State) string { return e.Combatant + " lets it go on" }

// Interrupted: a combatant acts out of turn (R29) or moves (R35) in Actor's turn, at a Moment: right after a declaration ("declared", which an action cancels), at the turn's "start", "after" an action or at its "end". Command is what it does; Initiative is its initiative after (2 less for an action, unchanged for a move). Logs written before Command existed carry the interrupt's attack in Action, Target, Weapon and Cost.
type Interrupted struct {
	Combatant  string `json:"combatant"`
	Actor      string `json:"actor"`
	Action     string `json:"action,omitempty"`
	Target     string `json:"target,omitempty"`
	Weapon     string `json:"weapon,omitempty"`
	Cost       int    `json:"cost,omitempty"`
	Initiative int    `json:"initiative"`
	Command    Nested `json:"command,omitzero"`
	Moment     string `json:"moment,omitempty"`
	Move       bool   `json:"move,omitempty"`
	// Readied says it takes its readied action (R47): a reaction, costing
	// no initiative and cancelling nothing.
	Readied bool `json:"readied,omitempty"`
}

func (e *Interrupted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
		if e.Readied {
			c.Readied, c.ReadyAction = false, Nested{}
		}
	}
	if e.Moment == "" {
		// A log from before out-of-turn actions: the interrupt's attack.
		s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost})
		openWindow(s, nil)
		return
	}
	off := OffTurn{Who: e.Combatant, Moment: e.Moment, Cancels: e.Moment == AtDeclared && !e.Move && !e.Readied}
	if len(s.Queue) > 1 {
		off.Rest = s.Queue[1:]
	}
	if !off.Cancels {
		off.Held = s.Pending
	}
	if s.Off != nil {
		// A reaction in the window of an action out of turn (R30, R47):
		// that one waits, in memory of its own, since the new one takes
		// the hot memory's place.
		s.Outer = append(slices.Clip(s.Outer), *s.Off.detached())
	}
	s.Off = s.newOff(off)
	s.Pending, s.Queue, s.Moment, s.Phase = nil, s.Queue[:0], "", Acting
}

func (e *Interrupted) describe(s *State) string {
	what := e.Command.String()
	if what == "" {
		what = Rules{}.FormatCommand(&Attack{Target: e.Target, Style: e.Action})
		if e.Weapon != "" {
			what += " with " + e.Weapon
		}
	}
	switch {
	case e.Moment == "":
		return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d, then a %s attack on %s with %s", e.Combatant, e.Actor, e.Initiative, e.Action, e.Target, e.Weapon)
	case e.Readied:
		return fmt.Sprintf("%s takes its readied action: %s", e.Combatant, what)
	case e.Moment == AtDeclared && e.Move:
		return fmt.Sprintf("%s moves before %s's action goes on: %s", e.Combatant, e.Actor, what)
	case e.Moment == AtDeclared:
		return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d: %s", e.Combatant, e.Actor, e.Initiative, what)
	case e.Move:
		return fmt.Sprintf("%s moves out of turn (%s of %s's turn): %s", e.Combatant, momentWords[e.Moment], e.Actor, what)
	}
	return fmt.Sprintf("%s acts out of turn (%s of %s's turn): initiative %d: %s", e.Combatant, momentWords[e.Moment], e.Actor, e.Initiative, what)
}

// WindowOpened: a moment of Actor's turn, its "start", "after" an action
// or its "end", when those in Queue, asked in order, may act out of turn
// (R29), move (R35) or take a readied action (R47); or the moment some
// first become flanked ("flanked", R12), After then saying that an action
// of the turn led to it, whose after-action window comes next.
//
// Move is the rest of a move broken by a window (a rebuff's, a cling's)
// whose first part left those flanked: it is held while they choose and
// goes on after.
type WindowOpened struct {
	Moment string   `json:"moment"`
	Actor  string   `json:"actor"`
	Queue  []string `json:"queue"`
	After  bool     `json:"after,omitempty"`
	Move   HeldMove `json:"move,omitzero"`
}

func (e *WindowOpened) apply(s *State, _ *hotMemory) {
	s.Moment, s.Pending, s.Phase, s.AfterDue = e.Moment, nil, Window, e.After
	s.Queue = append(s.Queue[:0], e.Queue...)
	if m := &e.Move; m.Combatant != "" {
		s.Pending = s.newPending(Declared{Actor: m.Combatant, Action: "move", X: m.X, Y: m.Y, FromX: m.From[0], FromY: m.From[1], FromSet: true, Held: true, Clung: m.Clung})
	}
}

func (e *WindowOpened) describe(s *State) string {
	if e.Moment == AtFlanked {
		return fmt.Sprintf("%s now flanked: may ignore flankers", strings.Join(e.Queue, ", "))
	}
	return fmt.Sprintf("%s of %s's turn: %s may act out of turn", momentWords[e.Moment], e.Actor, strings.Join(e.Queue, ", "))
}

// OffTurnEnded: a combatant's action or move out of turn is over; the
// window it was taken in goes on.
type OffTurnEnded struct {
	Combatant string `json:"combatant"`
}

func (e *OffTurnEnded) apply(s *State, _ *hotMemory) {
	off := s.Off
	s.Off = nil
	if n := len(s.Outer); n > 0 {
		// The action out of turn it answered goes on.
		s.Off = s.Outer[n-1].detached()
		s.Outer = s.Outer[: n-1 : n-1]
		if n == 1 {
			s.Outer = nil
		}
	}
	switch {
	case off == nil || off.Cancels || off.Moment == AtOrder:
		s.Phase = Acting
	case off.Held != nil:
		s.Pending = s.newPending(*off.Held)
		openWindow(s, off.Rest)
	default:
		s.Moment = off.Moment
		s.Queue = append(s.Queue[:0], off.Rest...)
		s.Phase = Window
		if len(s.Queue) == 0 {
			closeMoment(s)
		}
	}
}

func (e *OffTurnEnded) describe(*State) string { return e.Combatant + " is done acting out of turn" }

// ActionGoesAhead: nobody stopped a declared action other than an attack;
// it is carried out now.
type ActionGoesAhead struct {
	Combatant string `json:"combatant"`
	Command   Nested `json:"command"`
}

func (e *ActionGoesAhead) apply(s *State, _ *hotMemory) { doneAction(s) }

func (e *ActionGoesAhead) describe(s *State) string {
	return fmt.Sprintf("%s's declared action goes ahead: %s", e.Combatant, e.Command)
}

// ActionCancelled: a declared attack does not happen: its actor was taken out first.
type ActionCancelled struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

func (e *ActionCancelled) apply(s *State, _ *hotMemory) { doneAction(s) }

func (e *ActionCancelled) describe(s *State) string {
	return fmt.Sprintf("%s's declared action does not happen: %s", e.Combatant, e.Why)
}

// Pass declines to interrupt or react in a window.
type Pass struct{}

// The kinds of flow.go's command and events.
var (
	_                   = engine.Add[Pass](commands, "pass")
	actionDeclaredKind  = engine.Add[ActionDeclared](events, "action_declared")
	passedKind          = engine.Add[Passed](events, "passed")
	interruptedKind     = engine.Add[Interrupted](events, "interrupted")
	actionCancelledKind = engine.Add[ActionCancelled](events, "action_cancelled")
	windowOpenedKind    = engine.Add[WindowOpened](events, "window_opened")
	offTurnEndedKind    = engine.Add[OffTurnEnded](events, "off_turn_ended")
	actionGoesAheadKind = engine.Add[ActionGoesAhead](events, "action_goes_ahead")
)

func (*Pass) command() {}

// popQueue takes the first one asked off the window's queue; with nobody
// left a moment's window closes, and the target of a declared action
// chooses its Defense if it defends.
func popQueue(s *State) {
	if len(s.Queue) > 0 {
		s.Queue = s.Queue[:copy(s.Queue, s.Queue[1:])]
	}
	if p := s.Pending; p != nil && p.StrikeAsk > 0 {
		// One asked about a reaction's attack (R30): once all are, its
		// defending target chooses its Defense, else it is rolled
		// (strikeGoesAhead).
		if p.StrikeAsk--; p.StrikeAsk == 0 {
			if t := s.Combatant(p.StrikeTarget); t != nil && t.Defending && t.Up() {
				s.Phase = Guarding
			}
		}
		return
	}
	if s.Moment == AtFlanked && s.Pending != nil {
		return // a held move goes on once all have chosen (moveOn)
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

// holdStrike holds a reaction's attack (a rebuff or a readied attack)
// just taken. With others to ask about it (queue), it waits in a window
// of its own ahead of the rest of the one it was taken in (R30): its
// target may interpose (R58), those within a ranged attacker's melee
// reach may harry it (R46). Else, on a defending target, it waits for the
// target to choose its Defense (R45); on any other it is rolled at once.
func holdStrike(s *State, striker, target, weapon, kind string, queue []string) {
	if len(queue) == 0 {
		if t := s.Combatant(target); t == nil || !t.Defending || !t.Up() {
			return
		}
	}
	if s.Pending == nil {
		s.Pending = s.newPending(Declared{Action: "strike"})
	}
	p := s.Pending
	p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom = striker, target, weapon, kind, s.Phase
	if len(queue) == 0 {
		s.Phase = Guarding
		return
	}
	p.StrikeAsk = len(queue)
	s.Queue = slices.Insert(s.Queue, 0, queue...)
	s.Phase = Window
}

// strikeDone ends the holding of a reaction's attack, about to be rolled:
// the fight goes back to where it was (holdStrike).
func strikeDone(s *State) {
	p := s.Pending
	if p == nil {
		s.Phase = Window
		return
	}
	s.Phase = p.StrikeFrom
	p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom, p.StrikeAsk = "", "", "", "", "", 0
	if p.Action == "strike" {
		s.Pending = nil
		return
	}
	guardIfDefending(s)
	moverChoice(s)
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

// openWindow opens the window of the pending action, asking those in
// queue in order; with nobody to ask, the target chooses its Defense if
// it defends (guardIfDefending).
func openWindow(s *State, queue []string) {
	s.Queue = append(s.Queue[:0], queue...)
	// A declaration's window is no moment of the turn: one left open by
	// a reaction taken at a moment (a readied attack at the turn's end)
	// must not stand for it, or an interrupt would be judged as at that
	// moment rather than right after the declaration (R29).
	s.Moment = ""
	s.Phase = Window
	guardIfDefending(s)
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

// pass lets the declared action go on.
func (r *run) pass() error {
	if err := r.wantPhase(Window, "pass"); err != nil {
		return err
	}
	r.emit(engine.New(r.h.arena(), passedKind, Passed{Combatant: r.s.Queue[0]}))
	r.resolveIfReady()
	return nil
}
