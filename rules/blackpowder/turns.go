package blackpowder

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// stage is what the fight is waiting for.
type stage int

// The stages of a fight.
const (
	stageTurn       stage = iota // a group's turn (the ambushers' free turn too)
	stageAfter                   // the fight is over: the aftermath
	stagePending                 // a dodge or a critical
	stageDeclared                // answers to a declared action
	stageAmbush                  // Stealth and Perception checks
	stageInitiative              // initiative rolls
	stageFollow                  // a delayed action right after an aimed attack, or not
)

// stage reports what the fight is waiting for.
func (s *State) stage() stage {
	switch {
	case s.After != nil:
		return stageAfter
	case s.Pending != nil:
		return stagePending
	case s.Follow != "":
		return stageFollow
	case s.Declared != nil && len(s.Declared.Queue) > 0:
		return stageDeclared
	case s.Ambush != nil && s.Ambush.Stage == "hide":
		return stageAmbush
	case s.Ambush != nil && s.Ambush.Stage == "free":
		return stageTurn
	case s.Round == 0:
		return stageInitiative
	}
	return stageTurn
}

// What a member of the acting group may still do once it has finished its
// part of the turn (its action spent, or passed), while the turn lasts.
const (
	afterNothing   = iota // an action: nothing once finished
	afterImmediate        // the turn's immediate action, if unused (R06)
	afterMove             // the move alongside the action (R33)
)

// acting is actingMember, or what it says for what may come after the
// action (afterImmediate, afterMove).
func (r *run) acting(who string, after int) (*Combatant, error) {
	if r.mode != PaidByAction {
		c := r.s.combatant(who)
		switch {
		case c == nil:
			return nil, engine.Errorf(engine.Invalid, "no combatant %q", who)
		case c.Status != Active:
			return nil, r.hot.refuse(refusedOut, c)
		case r.mode == PaidByDelayed && !c.Delayed:
			return nil, engine.Errorf(engine.NotAllowedNow, "%s holds no delayed action", c.Name)
		}
		return c, nil
	}
	if r.s.stage() != stageTurn {
		return nil, engine.Errorf(engine.NotAllowedNow, "%s cannot act now: %s", who, next(r.s).Question)
	}
	c := r.s.combatant(who)
	if c == nil {
		return nil, engine.Errorf(engine.Invalid, "no combatant %q", who)
	}
	group := r.s.activeGroup()
	switch {
	case !same(c.Group, group):
		return nil, engine.Errorf(engine.NotYourTurn, "it is the %s group's turn, not %s's", group, c.Name)
	case c.Status != Active:
		return nil, r.hot.refuse(refusedOut, c)
	case c.Done && after == afterImmediate && c.ImmediateUsed:
		return nil, r.hot.refuse(refusedFinishedQuick, c)
	case c.Done && after == afterNothing:
		return nil, r.hot.refuse(refusedFinished, c)
	}
	return c, nil
}

// actingMember returns the combatant who, acting in its group's turn, may
// take an action now, or an error saying why not.
func (r *run) actingMember(who string) (*Combatant, error) { return r.acting(who, afterNothing) }

// actingWith returns who as actingMember does, once cannot (if given)
// finds nothing against the action, and it has an action left to spend:
// the checks, in that order, of an action that needs no more.
func (r *run) actingWith(who string, cannot func(c *Combatant) error) (*Combatant, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	if cannot != nil {
		if err := cannot(c); err != nil {
			return nil, err
		}
	}
	if c.Actions < 1 {
		return nil, r.noActionLeft(c)
	}
	return c, nil
}

// immediateMember is actingMember for an immediate action (a draw, a reload
// that takes no time): one who has finished its part of its group's turn
// may still take the turn's immediate action while the turn lasts, if it
// has not used it (R06: one a turn, before or after the action).
func (r *run) immediateMember(who string) (*Combatant, error) {
	return r.acting(who, afterImmediate)
}

// Pass: the combatant ends its part of the group turn; an unused action
// stays available for a dodge.
type Pass struct{}

// The kinds of turns.go's commands and events.
var (
	_                = engine.Add[Pass](commands, "pass")
	_                = engine.Add[Delay](commands, "delay")
	roundStartedKind = engine.Add[RoundStarted](events, "round_started")
	turnStartedKind  = engine.Add[TurnStarted](events, "turn_started")
	passedKind       = engine.Add[Passed](events, "passed")
	delayedKind      = engine.Add[Delayed](events, "delayed")
)

func (*Pass) isCommand() {}

// Delay: hold the action for later in the round (R07). A held action can
// still pay for a dodge.
type Delay struct{}

func (*Delay) isCommand() {}

func (r *run) pass(who string) error {
	c, err := r.actingMember(who)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), passedKind, Passed{Combatant: c.ID}))
	return nil
}

func (r *run) delay(who string) error {
	c, err := r.actingMember(who)
	if err != nil {
		return err
	}
	if c.Actions < 1 {
		return engine.Errorf(engine.NotAllowedNow, "%s has no action left to delay", c.Name)
	}
	if c.Delayed {
		return engine.Errorf(engine.NotAllowedNow, "%s already holds a delayed action: only one a round (R07, A15)", c.Name)
	}
	if c.DelayedSpent {
		return engine.Errorf(engine.NotAllowedNow, "%s has performed a delayed action this round: only one a round (R07, A15)", c.Name)
	}
	r.emit(engine.New(r.arena(), delayedKind, Delayed{Combatant: c.ID}))
	return nil
}

// advance moves the fight on after a decision: it ends the fight when at
// most one group stands, starts round 1 once every group has rolled
// initiative, and passes the turn when the current group has nobody left
// to act.
func (r *run) advance() {
	s := r.s
	if s.Over || s.After != nil {
		return
	}
	if winner, over := s.finished(); over {
		r.end(winner)
		return
	}
	if s.Follow != "" && s.Pending == nil {
		err := s.canFollow()
		if err == nil {
			return // the aimer answers first (R22)
		}
		r.emit(engine.New(r.arena(), followDoneKind, FollowDone{Who: s.Follow, Reason: err.Error()}))
	}
	if s.Declared != nil {
		r.resolveDeclared()
	}
	if s.Over {
		return
	}
	// The stage, read again only once something has changed the state.
	st := s.stage()
	switch st {
	case stagePending, stageDeclared, stageFollow:
		return
	case stageAmbush:
		if !r.resolveAmbush() {
			return
		}
		st = s.stage()
	}
	if s.AimsDue != nil {
		if !r.resolveAims() {
			return
		}
		st = s.stage()
	}
	if a := s.Ambush; a != nil && a.Stage == "free" {
		if s.canAct(a.Hiders) {
			return
		}
		r.emit(engine.New(r.arena(), ambushOverKind, AmbushOver{})) // the free turn is over: initiative (R38)
		st = s.stage()
	}
	if st == stageInitiative {
		if s.nextInitiativeGroup() < 0 {
			r.emit(engine.New(r.arena(), roundStartedKind, RoundStarted{Round: 1, Order: s.initiativeOrder()}))
			r.startTurn(0)
		}
		return
	}
	if s.canAct(s.activeGroup()) {
		return
	}
	r.startTurn(s.Turn + 1)
}

// startTurn begins the turn at position i of the order, skipping groups
// with nobody able to act and starting new rounds as needed.
func (r *run) startTurn(i int) {
	s := r.s
	for tries := 0; tries <= 2*len(s.Order); tries++ {
		if i >= len(s.Order) {
			if parts.RoundLimitReached(s.Options.RoundLimit, s.Round) {
				r.finish("", true, false) // no winner at the round limit
				return
			}
			r.emit(engine.New(r.arena(), roundStartedKind, RoundStarted{Round: s.Round + 1}))
			for gi := range s.Groups {
				if g := &s.Groups[gi]; parts.JoinsAfter(g.Joins, s.Round) && !g.Rolled {
					r.join(gi) // new groups roll first (§7 step 3)
				}
			}
			for i := range s.Combatants {
				c := &s.Combatants[i]
				if c.Holding != "" {
					r.holdContest(c.ID, c.Holding, false) // §7 step 3
				}
			}
			i = 0
		}
		g := s.Groups[s.Order[i]].ID
		if able, aims := s.canActAiming(g); able {
			turn := TurnStarted{Turn: i, Group: g}
			if aims {
				r.emit(engine.New(r.arena(), aimsDueKind, AimsDue{Turn: turn})) // aimed attacks first (R22)
				r.resolveAims()
				return
			}
			r.emit(engine.New(r.arena(), turnStartedKind, turn))
			return
		}
		i++
	}
}

// canAct reports whether a member of the group can still act this turn.
func (s *State) canAct(group string) bool {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Done && c.Status == Active && same(c.Group, group) {
			return true
		}
	}
	return false
}

// canActAiming is canAct, and reports too whether a member of the group
// has an aimed attack waiting, in one pass.
func (s *State) canActAiming(group string) (able, aims bool) {
	for i := range s.Combatants {
		if c := &s.Combatants[i]; same(c.Group, group) {
			able = able || !c.Done && c.Status == Active
			aims = aims || c.Aim != nil
		}
	}
	return able, aims
}

// finished reports whether at most one group has active fighters, and
// which. A fight it finds going on goes on until a combatant leaves it:
// with hot memory it remembers the state it found going on, until an
// event knocks someone out or kills them (see leftFight).
//
// The remembered answer is found inline, the rest by lastSide.
func (s *State) finished() (winner string, over bool) {
	if h := s.hot; h == nil || h.goingOn != s {
		winner, over = s.lastSide()
	}
	return winner, over
}

// lastSide is finished looked up: the groups left standing counted, and
// remembered with hot memory when the fight goes on.
func (s *State) lastSide() (winner string, over bool) {
	h := s.hot
	cs := s.Combatants
	winner, over = parts.LastSide(len(cs),
		func(i int) string { return cs[i].Group },
		func(i int) bool { // reinforcements still to come stand
			st := cs[i].Status
			return st == Active || st == Absent
		})
	if h != nil && !over {
		h.goingOn = s
	}
	return winner, over
}

// RoundStarted: a new round; actions refresh (R05) for those in the fight
// (R25), delayed actions lapse (A14). Order is set on the first round.
type RoundStarted struct {
	Round int   `json:"round"`
	Order []int `json:"order,omitempty"`
}

func (e *RoundStarted) apply(s *State, h *hotMemory) {
	s.Round = e.Round
	if e.Order != nil {
		s.Order = h.keptOrder(e.Order)
	}
	s.Turn = 0
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Actions, c.Done, c.Delayed, c.ImmediateUsed, c.Assist = 1, false, c.ExtraDelayed, false, 0
		c.DelayedSpent = false
		if c.Status == Unconscious || c.Status == Dead {
			// out of the fight, no action nor delayed action (R25): one
			// revived later this round acts from the next round
			c.Actions, c.Delayed = 0, false
		}
		for j := range c.Weapons {
			if c.Weapons[j].State == GunMinorJam {
				c.Weapons[j].State = GunOK // a minor jam clears by the next round (R19, §7)
			}
		}
	}
}

func (e *RoundStarted) describe(*State) string {
	return fmt.Sprintf("round %d begins", e.Round)
}

// TurnStarted: the group at position Turn of the order begins its turn.
type TurnStarted struct {
	Turn  int    `json:"turn"`
	Group string `json:"group"`
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	s.Turn, s.AimsDue = e.Turn, nil
	for i := range s.Combatants {
		if c := &s.Combatants[i]; same(c.Group, e.Group) {
			c.ImmediateUsed, c.Moved, c.Running = false, 0, false
		}
	}
}

func (e *TurnStarted) describe(s *State) string {
	return fmt.Sprintf("the %s group's turn", e.Group)
}

// Passed: a combatant ends its part of the group turn, keeping any unused
// action for a dodge.
type Passed struct {
	Combatant string `json:"combatant"`
}

func (e *Passed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Combatant).Done = true
}

func (e *Passed) describe(s *State) string {
	return s.name(e.Combatant) + " passes"
}

// Delayed: a combatant holds its action for later in the round (R07).
type Delayed struct {
	Combatant string `json:"combatant"`
}

func (e *Delayed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	useAction(c)
	c.Delayed = true
}

func (e *Delayed) describe(s *State) string {
	return s.name(e.Combatant) + " holds a delayed action"
}

// useAction spends the combatant's action: it has finished its part of the
// turn.
func useAction(c *Combatant) {
	c.Actions--
	c.Done = true
}

// checkDone spends the action a check took, which uses up an ally's
// assist (R44).
func checkDone(c *Combatant) {
	useAction(c)
	c.Assist = 0
}

// pay spends what paid for an attack: the turn's action, the held delayed
// action, or nothing for an opportunity attack.
func pay(c *Combatant, spent Payment) {
	switch spent {
	case PaidByDelayed:
		c.Delayed, c.DelayedSpent = false, true
	case PaidByAction:
		useAction(c)
	}
}

// spend uses the immediate action if asked, else an action.
func spend(c *Combatant, immediate bool) {
	if immediate {
		c.ImmediateUsed = true
		return
	}
	useAction(c)
}
