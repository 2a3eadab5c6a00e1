package blackpowder

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// AimAt: the action; an attack that resolves just before the aimer's
// group's next turn, at +3 to hit (R22).
type AimAt struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	Part   int    `json:"part,omitempty"`
	// Hand calls the hand: part 3, disarming on a hit (R11).
	Hand     bool `json:"hand,omitempty"`
	Modifier int  `json:"modifier,omitempty"`
}

// The kinds of aim.go's commands and events.
var (
	_                 = engine.Add[AimAt](commands, "aim")
	_                 = engine.Add[FireEarly](commands, "fire_early")
	aimedKind         = engine.Add[Aimed](events, "aimed")
	aimsDueKind       = engine.Add[AimsDue](events, "aims_due")
	aimResolvingKind  = engine.Add[AimResolving](events, "aim_resolving")
	followOfferedKind = engine.Add[FollowOffered](events, "follow_offered")
	followDoneKind    = engine.Add[FollowDone](events, "follow_done")
	aimProvokesKind   = engine.Add[AimProvokes](events, "aim_provokes")
	followHeldKind    = engine.Add[FollowHeld](events, "follow_held")
)

func (*AimAt) isCommand() {}

func (r *run) aim(who string, cmd *AimAt) error {
	c, err := r.aimCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), aimedKind, Aimed{Combatant: c.ID, Aim: Aim{Target: cmd.Target, Weapon: c.Wielding, Part: cmd.Part, Hand: cmd.Hand, Modifier: cmd.Modifier}}))
	return nil
}

// aimCheck checks aiming without changing anything, and returns who aims.
func (r *run) aimCheck(who string, cmd *AimAt) (*Combatant, error) {
	c, err := r.actingWith(who, nil)
	if err != nil {
		return nil, err
	}
	if cmd.Weapon != "" {
		if i, err := c.weaponIndex(cmd.Weapon); err != nil {
			return nil, err
		} else if i != c.Wielding {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s must draw the %s before aiming it", c.Name, cmd.Weapon)
		}
	}
	// The attack must be one that could be made now.
	if err := r.inMode(PaidNothing, func() error {
		return r.strikeCheck(who, &Attack{Target: cmd.Target, Part: cmd.Part, Hand: cmd.Hand, Modifier: cmd.Modifier}, plainStrike, new(aimedStrike))
	}); err != nil {
		return nil, err
	}
	return c, nil
}

// resolveAims resolves the aimed attacks due before a group's turn, in
// roster order, then starts the turn. It reports false when an attack
// stopped for a decision (a dodge, a critical) first.
func (r *run) resolveAims() bool {
	s := r.s
	for s.AimsDue != nil && s.Pending == nil && s.Follow == "" && !s.Over {
		var aimer *Combatant
		for i := range s.Combatants {
			if c := &s.Combatants[i]; c.Group == s.AimsDue.Group && c.Aim != nil {
				aimer = c
				break
			}
		}
		if aimer == nil {
			turn := *s.AimsDue
			r.emit(engine.New(r.arena(), turnStartedKind, turn))
			return true
		}
		who, aim := aimer.ID, *aimer.Aim
		r.emit(engine.New(r.arena(), aimResolvingKind, AimResolving{Combatant: who}))
		if r.declareAimed(who, aim) {
			return false // the opportunity attacks come first
		}
		r.lapse(who, r.fireAim(who, aim))
		if winner, over := s.finished(); over {
			r.end(winner)
		}
	}
	return s.AimsDue == nil
}

// declareAimed declares an aimed shot fired at its time when firing it
// provokes opportunity attacks (R22, R34): a ranged, thrown or gun attack
// with hostile melee fighters in reach. It then waits for them like any
// declared action, and resolveDeclared fires it. It reports whether it
// declared the shot; a shot that will lapse anyway is not declared.
func (r *run) declareAimed(who string, aim Aim) bool {
	c := r.s.combatant(who)
	if r.s.aimBlocked(c, aim) != nil {
		return false
	}
	cmd := aim.attack()
	queue := r.s.opportunists(r.reactionMemory(), c, cmd)
	if len(queue) == 0 {
		return false
	}
	r.emit(engine.New(r.arena(), actionDeclaredKind, ActionDeclared{Declaration: Declaration{Actor: who, Command: Nested{cmd}, Text: Rules{}.FormatCommand(cmd) + " (aimed)", Queue: r.keepReactions(queue), Aim: &aim}}))
	return true
}

// fireAim makes an aimed attack: +3, paid for when it was declared; wasted
// when the target is gone or out of range (R22).
func (r *run) fireAim(who string, aim Aim) error {
	c := r.s.combatant(who)
	if err := r.s.aimBlocked(c, aim); err != nil {
		return err
	}
	atk := aim.attack()
	if c.Delayed && (r.s.Declared == nil || r.s.Declared.held(who) < 0) {
		// Once the attack is over, a delayed action still held may act
		// right away (R22); one already answering a declaration is spoken
		// for. An attack that cannot be made offers nothing.
		if err := r.inMode(PaidNothing, func() error { return r.strikeCheck(who, atk, plainStrike, new(aimedStrike)) }); err != nil {
			return err
		}
		r.emit(engine.New(r.arena(), followOfferedKind, FollowOffered{Who: who}))
	}
	r.aimed = true
	defer func() { r.aimed = false }()
	return r.inMode(PaidNothing, func() error { return r.attack(who, atk) })
}

// aimBlocked reports why c's aimed attack cannot be made now, so that it
// is wasted (R22), or nil if it can: c is out of the fight or held (a
// captive cannot attack, R39, A35), the target is dead or out of range,
// or c no longer holds the weapon.
func (s *State) aimBlocked(c *Combatant, aim Aim) error {
	t := s.combatant(aim.Target)
	w := attackWeapon(c, aim.Weapon)
	switch {
	case c.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
	case c.HeldBy != "":
		return engine.Errorf(engine.NotAllowedNow, "%s is held by %s and cannot attack", c.Name, c.HeldBy)
	case t.Status == Dead:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", t.Name, t.Status)
	case (w.Kind != KindMelee || w.Thrown) && w.Kind != KindUnarmed && w.RangeFar > 0 && distance(c, t) > w.RangeFar:
		return engine.Errorf(engine.NotAllowedNow, "%s is out of range", t.Name)
	case c.Wielding != aim.Weapon:
		return engine.Errorf(engine.NotAllowedNow, "%s no longer holds the %s", c.Name, w.Name)
	}
	return nil
}

// FireEarly: fire a pending aimed attack now, before a declared action, as
// a delayed action would act (R22, A17).
type FireEarly struct{}

func (*FireEarly) isCommand() {}

// fireEarly fires a pending aimed attack now, before the declared action
// (R22, A17).
func (r *run) fireEarly(who string) error {
	if _, err := r.reactionHead(who, "aim"); err != nil {
		return err
	}
	c := r.s.combatant(who)
	actor := r.s.Declared.Actor
	r.emit(engine.New(r.arena(), reactionDoneKind, ReactionDone{Who: who, Taken: true}))
	if r.s.aimBlocked(c, *c.Aim) == nil {
		// Fired early, a shot or a throw provokes as it would at its time
		// (R34): the opportunity attacks come first (A22). The declared
		// action's actor is busy with it, as with any delayed action.
		q := r.s.opportunists(nil, c, c.Aim.attack())
		q = slices.DeleteFunc(q, func(q Reaction) bool { return same(q.Who, actor) })
		if len(q) > 0 {
			r.emit(engine.New(r.arena(), aimProvokesKind, AimProvokes{Who: who, Queue: q}))
			return nil // resolveDeclared fires it once they are over
		}
	}
	r.fireEarlyNow(who)
	return nil
}

// fireEarlyNow makes who's aimed attack, fired early, now (R22, A17); it
// lapses if it cannot be made.
func (r *run) fireEarlyNow(who string) {
	aim := r.s.combatant(who).Aim
	r.emit(engine.New(r.arena(), aimResolvingKind, AimResolving{Combatant: who}))
	if aim == nil {
		return // nothing left to fire: never, the aim waits for it
	}
	r.early = true
	defer func() { r.early = false }()
	r.lapse(who, r.fireAim(who, *aim))
}

// attack is the attack an aim makes, without its +3 (run.aimed adds it).
func (a *Aim) attack() *Attack {
	return &Attack{Target: a.Target, Part: a.Part, Hand: a.Hand, Modifier: a.Modifier}
}

// firesEarly reports whether who, first in the declaration's queue, is
// asked about its aimed attack: its taking the reaction fires it early
// (R22), rather than making an opportunity attack.
func (s *State) firesEarly(who string) bool {
	d := s.Declared
	return d != nil && len(d.Queue) > 0 && d.Queue[0].Who == who && d.Queue[0].Kind == "aim"
}

// canFollow reports why the aimer of s.Follow can no longer act with its
// delayed action right after its aimed attack, or nil if it can.
func (s *State) canFollow() error {
	c := s.combatant(s.Follow)
	switch {
	case c.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
	case !c.Delayed:
		return engine.Errorf(engine.NotAllowedNow, "%s no longer holds a delayed action", c.Name)
	}
	return nil
}

// follow acts with the aimer's held delayed action right after its aimed
// attack (R22): `after COMMAND`, any action but another aim, with no Speed
// contest, and, like any action taken with a delayed action, not declared.
func (r *run) follow(who string, cmd *Interrupt) error {
	s := r.s
	c := s.combatant(s.Follow)
	if who != c.ID {
		return engine.Errorf(engine.NotYourTurn, "%s answers first: act with the delayed action right after the aimed attack, or keep it", c.Name)
	}
	inner := cmd.Action.Command
	switch inner.(type) {
	case nil:
		return engine.Errorf(engine.Invalid, "act with what? after COMMAND")
	case *AimAt:
		return engine.Errorf(engine.NotAllowedNow, "%s has just made the aimed attack: the delayed action that follows it cannot aim again", c.Name)
	}
	if !cmd.After || cmd.With != "" {
		return engine.Errorf(engine.Invalid, "right after the aimed attack the delayed action needs no Speed contest: after %s", Rules{}.FormatCommand(inner))
	}
	if err := r.legalDelayed(who, inner); err != nil {
		return err
	}
	// It provokes as any delayed action does (R34): those it gives an
	// opportunity attack are asked before it resolves (A22); the actor of
	// a declaration the aimed attack was fired early against is busy with
	// that action.
	d := s.Declared
	q := s.opportunists(r.reactionMemory(), c, inner)
	if d != nil && d.Aim == nil {
		q = slices.DeleteFunc(q, func(q Reaction) bool { return same(q.Who, d.Actor) })
	}
	r.emit(engine.New(r.arena(), followDoneKind, FollowDone{Who: who, Taken: true}))
	switch {
	case len(q) > 0 && d != nil && d.Aim == nil:
		// Fired early: it acts next, before the declared action, once the
		// opportunity attacks are over (resolveDeclared, provokeHeld).
		r.emit(engine.New(r.arena(), followHeldKind, FollowHeld{Who: who, Action: Nested{inner}.cloneIn(r.arena())}))
		return nil
	case len(q) > 0:
		// At its time: declared on its own, as the aimed attack was when
		// it provoked, for the opportunity attacks alone.
		if d != nil {
			r.emit(engine.New(r.arena(), declarationClosedKind, DeclarationClosed{})) // the aimed attack's, all over
		}
		kept, text := r.hot.declarable(inner)
		r.emit(engine.New(r.arena(), actionDeclaredKind, ActionDeclared{Declaration: Declaration{Actor: who, Command: Nested{kept}, Text: text, Queue: r.keepReactions(q), Delayed: true}}))
		return nil
	}
	r.lapse(who, r.actDelayed(who, inner)) // legalDelayed passed it: never lapses
	return nil
}

// keepDelayed declines to act with the delayed action right after the
// aimed attack: it stays held for later in the round (R22, R07).
func (r *run) keepDelayed(who string) error {
	if c := r.s.combatant(r.s.Follow); who != c.ID {
		return engine.Errorf(engine.NotYourTurn, "%s answers first: act with the delayed action right after the aimed attack, or keep it", c.Name)
	}
	r.emit(engine.New(r.arena(), followDoneKind, FollowDone{Who: who}))
	return nil
}

// Aimed: an aimed attack is declared, spending the action (R22).
type Aimed struct {
	Combatant string `json:"combatant"`
	Aim       Aim    `json:"aim"`
}

func (e *Aimed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	aim := e.Aim
	c.Aim = &aim
	useAction(c)
}

func (e *Aimed) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("%s aims the %s at %s", c.Name, attackWeapon(c, e.Aim.Weapon).Name, s.name(e.Aim.Target))
}

// AimsDue: before the group's turn, its members' aimed attacks resolve
// (R22, §7 step 5).
type AimsDue struct {
	Turn TurnStarted `json:"turn"`
}

func (e *AimsDue) apply(s *State, _ *hotMemory) {
	due := e.Turn
	s.AimsDue = &due
}

func (e *AimsDue) describe(s *State) string {
	return fmt.Sprintf("before the %s group's turn, its aimed attacks resolve", e.Turn.Group)
}

// AimResolving: one aimed attack resolves now (or lapses).
type AimResolving struct {
	Combatant string `json:"combatant"`
}

func (e *AimResolving) apply(s *State, _ *hotMemory) {
	s.combatant(e.Combatant).Aim = nil
	if d := s.Declared; d != nil && d.Early == e.Combatant {
		d.Early = "" // its opportunity attacks are over
	}
}

func (e *AimResolving) describe(s *State) string {
	return s.name(e.Combatant) + "'s aimed attack"
}

// FollowOffered: the aimed attack about to be made is its maker's, who
// holds a delayed action: once the attack is over, it may act with it
// right away (R22).
type FollowOffered struct {
	Who string `json:"who"`
}

func (e *FollowOffered) apply(s *State, _ *hotMemory) {
	s.Follow = e.Who
}

func (e *FollowOffered) describe(s *State) string {
	return s.name(e.Who) + " holds a delayed action, to use right after the aimed attack or keep"
}

// FollowDone: the aimer answered the offer of FollowOffered: it acts with
// the delayed action now (Taken), keeps it, or, with Reason, can no longer
// act with it.
type FollowDone struct {
	Who    string `json:"who"`
	Taken  bool   `json:"taken,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func (*FollowDone) apply(s *State, _ *hotMemory) {
	s.Follow = ""
}

func (e *FollowDone) describe(s *State) string {
	switch {
	case e.Taken:
		return s.name(e.Who) + " acts with the delayed action right after the aimed attack"
	case e.Reason != "":
		return fmt.Sprintf("%s's delayed action cannot follow the aimed attack: %s", s.name(e.Who), e.Reason)
	}
	return s.name(e.Who) + " keeps the delayed action"
}

// AimProvokes: an aimed attack fired early is a shot or a throw within
// the reach of hostile melee fighters, those in Queue: each is asked for
// its opportunity attack before the shot is made (R22, R34, A22).
type AimProvokes struct {
	Who   string     `json:"who"`
	Queue []Reaction `json:"queue"`
}

func (e *AimProvokes) apply(s *State, h *hotMemory) {
	d := s.Declared
	d.Early = e.Who
	d.Queue = prependAgainst(d.Queue, e.Queue, e.Who)
}

func (e *AimProvokes) describe(s *State) string {
	return fmt.Sprintf("%s's aimed attack fired early provokes; waiting for %s", s.name(e.Who), parts.Count(len(e.Queue), "answer", "answers"))
}

// FollowHeld: the delayed action one acts with right after its aimed
// attack fired early provokes (R22, R34): it waits, first among the
// delayed actions answering the declaration, for the opportunity attacks
// it gives, then resolves before the declared action.
type FollowHeld struct {
	Who    string `json:"who"`
	Action Nested `json:"action"`
}

func (e *FollowHeld) apply(s *State, h *hotMemory) {
	d := s.Declared
	d.Held = slices.Insert(d.Held, 0, Deferred{Who: e.Who, Command: h.held(e.Action), Contested: true, First: true})
}

func (e *FollowHeld) describe(s *State) string {
	return fmt.Sprintf("%s's delayed action right after the aimed attack provokes: %s", s.name(e.Who), Rules{}.FormatCommand(e.Action.Command))
}
