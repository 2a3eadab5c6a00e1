package woundslots

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Moved: a combatant moves (R34): AP bought into the pool, Quarters added to it (A17), Yards of pool used.
type Moved struct {
	Combatant string `json:"combatant"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Yards     int    `json:"yards"`
	AP        int    `json:"ap"`
	Quarters  int    `json:"quarters"`
}

// moveTo places c at x,y at the cost of a move or jump: ap AP, which
// adds quarters to its movement pool, and yards of the pool used (A17).
func (s *State) moveTo(c *Combatant, ap, quarters, yards, x, y int) {
	c.AP -= ap
	c.PoolQuarters += quarters
	c.PoolUsed += yards
	s.put(c, x, y)
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		s.moveTo(c, e.AP, e.Quarters, e.Yards, e.X, e.Y)
		if m := s.mountOf(c); m != nil {
			s.put(m, e.X, e.Y)
		}
		if rider := s.Combatant(c.Rider); rider != nil {
			s.put(rider, e.X, e.Y) // a sentient mount carries its rider (R76)
		}
		if s.Pending != nil && s.Pending.Action == "move" && s.Pending.Actor == c.ID {
			doneAction(s)
		}
		leaveSpace(s, c)
	}
}

func (e *Moved) describe(s *State) string {
	return fmt.Sprintf("%s moves to %d,%d: %s of pool, %d AP bought", e.Combatant, e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
}

// Move walks to a cell, buying pool with AP as needed (R33, R34).
type Move struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (*Move) command() {}

// Approach walks toward a creature until a weapon reaches it, or as far
// as the AP at hand allows.
type Approach struct {
	Target string `json:"target"`
}

func (*Approach) command() {}

// Jump is a long jump toward a cell, or a high jump where one stands,
// tucked or not (R38).
type Jump struct {
	X    int  `json:"x"`
	Y    int  `json:"y"`
	High bool `json:"high,omitempty"`
	Tuck bool `json:"tuck,omitempty"`
}

func (*Jump) command() {}

// Jumped: a long jump (R38): the check, its value in feet (after a run-up: result + Speed, else half the result), and where the jumper lands, paid from its pool like a move.
type Jumped struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	RunUp     bool   `json:"run_up,omitempty"`
	Value     int    `json:"value"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Yards     int    `json:"yards"`
	AP        int    `json:"ap"`
	Quarters  int    `json:"quarters"`
	// High says a high jump: it reaches 2 * Value inches, and Clears the
	// height of the obstacle it clears, half the jumper's height more
	// when it tucks its legs.
	High   bool `json:"high,omitempty"`
	Clears int  `json:"clears,omitempty"`
}

// The kinds of movement.go's commands and events.
var (
	_            = engine.Add[Move](commands, "move")
	approachKind = engine.Add[Approach](commands, "approach")
	_            = engine.Add[Jump](commands, "jump")
	movedKind    = engine.Add[Moved](events, "moved")
	jumpedKind   = engine.Add[Jumped](events, "jumped")
)

func (e *Jumped) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		s.moveTo(c, e.AP, e.Quarters, e.Yards, e.X, e.Y)
		leaveSpace(s, c)
	}
}

func (e *Jumped) describe(s *State) string {
	run := "no run-up: half"
	if e.RunUp {
		run = "run-up: + Speed"
	}
	if e.High {
		return fmt.Sprintf("%s jumps high: %s (%s) = %d: %d inches up, clearing %d inches", e.Combatant, d20(e.Die, e.Bonus), run, e.Value, 2*e.Value, e.Clears)
	}
	return fmt.Sprintf("%s jumps: %s (%s) = %s: lands at %d,%d, %s of pool, %d AP bought", e.Combatant, d20(e.Die, e.Bonus), run, parts.Count(e.Value, "foot", "feet"), e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
}

// jump is R38: a long jump toward x,y in a straight line, or a high jump
// where one stands. Str [Athletics/Jumping]; the value is the result +
// Speed after a run-up of 5 yards this round, else half the result (A27:
// at least 0). A long jump lands as far along the line as value feet
// reach (3 feet a yard, at most the cell named, short of anyone in the
// way), paying the yards from its pool like a move whatever the terrain
// below; a high jump reaches 2 * value inches, and tucked clears half the
// jumper's height more, for a yard of its pool [ours]. Landing in
// difficult terrain or on a slippery surface takes a Dex
// [Acrobatics/Balance] check against the GM's TN, or the jumper falls
// prone.
func (r *run) jump(c *Jump) error {
	a, x, y, d, err := r.jumpCheck(c)
	if err != nil {
		return err
	}
	s := r.s
	die, bonus := r.src.Roll(20), a.Attributes.Str+a.rank("athletics", "jumping")-a.tired()
	value := floorDiv(die+bonus, 2)
	runUp := a.PoolUsed >= 5
	if runUp {
		value = die + bonus + a.Attributes.Speed
	}
	value = max(0, value)
	e := Jumped{Combatant: a.ID, Die: die, Bonus: bonus, RunUp: runUp, Value: value, X: a.X, Y: a.Y, High: c.High}
	yards := 1
	if c.High {
		e.Clears = 2 * value
		if c.Tuck {
			e.Clears += a.Height / 2
		}
	} else {
		yards = min(d, value/3)
		lx, ly := a.X+sign(x-a.X)*yards, a.Y+sign(y-a.Y)*yards
		for yards > 0 && s.blocked(a, lx, ly) {
			yards--
			lx, ly = a.X+sign(x-a.X)*yards, a.Y+sign(y-a.Y)*yards
		}
		e.X, e.Y = lx, ly
	}
	n := max(0, s.moveAP(a, yards))
	if n > 0 && a.Long != nil {
		r.cancelLong(a)
	}
	e.Yards, e.AP, e.Quarters = yards, n, n*s.rate(a)
	r.emit(engine.New(r.h.arena(), jumpedKind, e))
	r.checkGrapples(a)
	if s.terrainCost(a.X, a.Y) > 1 || s.slippery(a.X, a.Y) {
		r.landing(a)
	}
	return nil
}

// jumpCheck is jump's checks: it returns the jumper, the cell aimed at
// and the yards to it (a high jump's own cell, 1).
func (r *run) jumpCheck(c *Jump) (a *Combatant, x, y, d int, err error) {
	if a, err = r.acting("jump"); err != nil {
		return nil, 0, 0, 0, err
	}
	s := r.s
	x, y, d = a.X, a.Y, 1
	if !c.High {
		x, y, d = c.X, c.Y, Distance(a.X, a.Y, c.X, c.Y)
		switch {
		case d == 0:
			return nil, 0, 0, 0, refuse(engine.Invalid, "%s is at %d,%d already", a.ID, x, y)
		case x != a.X && y != a.Y && parts.Abs(x-a.X) != parts.Abs(y-a.Y):
			return nil, 0, 0, 0, refuse(engine.Invalid, "a jump goes in a straight line or a diagonal")
		case s.blocked(a, x, y):
			return nil, 0, 0, 0, refuse(engine.NotAllowedNow, "someone stands at %d,%d", x, y)
		}
	}
	if a.Riding != "" {
		return nil, 0, 0, 0, refuse(engine.NotAllowedNow, "%s is riding", a.ID)
	}
	if n := s.moveAP(a, d); n < 0 || n > a.AP {
		return nil, 0, 0, 0, refuse(engine.NotAllowedNow, "%s cannot pay for a %d-yard jump now; declare it as a long action: long %s (R38, R25)", a.ID, d, Rules{}.FormatCommand(c))
	}
	return a, x, y, d, nil
}

// landing is R38's Dex [Acrobatics/Balance] check of a jumper landing in
// difficult terrain or on a slippery surface, against the GM's TN
// (landing_tn, default 5, A34): a failure leaves it prone.
func (r *run) landing(c *Combatant) {
	r.footingCheck(c, Balance, "landing", c.Attributes.Dex+c.rank("acrobatics", "balance"), gmTN(r.s.Options.LandingTN))
}

// rate is c's movement rate: its mount's while it rides (R76).
func (s *State) rate(c *Combatant) int {
	if m := s.mountOf(c); m != nil {
		return m.Rate()
	}
	return c.Rate()
}

// moveAP is the least AP that lets c walk cost yards more with its pool
// (A17), or -1 when it cannot move at all.
func (s *State) moveAP(c *Combatant, cost int) int {
	if c.PoolYards() >= cost {
		return 0
	}
	rate := s.rate(c)
	if rate <= 0 {
		return -1
	}
	want := 4*(cost+c.PoolUsed) - c.PoolQuarters
	return (want + rate - 1) / rate
}

// move walks the actor to x,y, or declares the move when someone may
// react to it: a rebuff (R41) or a cling (R55).
func (r *run) move(x, y int) error {
	a, err := r.moveCheck(x, y)
	if err != nil {
		return err
	}
	r.advance(a, x, y, [2]int{a.X, a.Y}, false, 0)
	return nil
}

// moveCheck is move's checks: it returns the mover.
func (r *run) moveCheck(x, y int) (*Combatant, error) {
	if err := r.wantPhase(Acting, "move"); err != nil {
		return nil, err
	}
	s, a := r.s, r.s.actor()
	switch {
	case x == a.X && y == a.Y:
		return nil, refuse(engine.Invalid, "%s is at %d,%d already", a.ID, x, y)
	case parts.Abs(x) > parts.MaxCoordinate || parts.Abs(y) > parts.MaxCoordinate:
		return nil, refuse(engine.Invalid, "%d,%d is off the map", x, y)
	case s.blocked(a, x, y):
		return nil, refuse(engine.NotAllowedNow, "someone stands at %d,%d (entering an occupied space is not modelled)", x, y)
	}
	cost := s.pathCost(a.X, a.Y, x, y)
	n := s.moveAP(a, cost)
	switch {
	case n < 0:
		return nil, refuse(engine.NotAllowedNow, "%s cannot move: movement rate 0", a.ID)
	case n > a.AP:
		return nil, refuse(engine.NotAllowedNow, "%s needs %d AP to move %d yards of pool to %d,%d and has %d", a.ID, n, cost, x, y, a.AP)
	case n > s.moveFunds(a):
		m := s.mountOf(a)
		return nil, refuse(engine.NotAllowedNow, "%s's mount %s needs %d AP to move %d yards to %d,%d and has %d (R76)", a.ID, m.ID, n, cost, x, y, m.AP)
	}
	if m := s.mountOf(a); m != nil && m.Bolting {
		return nil, refuse(engine.NotAllowedNow, "%s's mount %s has bolted; calm it first (R77)", a.ID, m.ID)
	}
	if m := s.mountOf(a); m != nil && m.OwnTurn {
		return nil, refuse(engine.NotAllowedNow, "%s's mount %s is sentient and moves in its own turn (R76)", a.ID, m.ID)
	}
	return a, nil
}

// walkFrom walks a to x,y on a move begun at from: the yards are what the
// whole path from there costs, less what its part already walked cost, so
// that a move broken by a window costs what it would have unbroken.
func (r *run) walkFrom(a *Combatant, x, y int, from [2]int) {
	s := r.s
	r.walk(a, x, y, s.pathCost(from[0], from[1], x, y)-s.pathCost(from[0], from[1], a.X, a.Y))
}

// walk moves a to x,y for cost yards of pool, buying the AP it needs:
// the move itself (its mount paying as much, R76), then the grapples it breaks (A23) and the control
// check it calls for (R77).
func (r *run) walk(a *Combatant, x, y, cost int) {
	s := r.s
	n := max(0, s.moveAP(a, cost))
	if n > 0 && a.Long != nil {
		r.cancelLong(a)
	}
	wasInReach := s.reachers(a)
	flanked := s.flankedSet()
	if m := s.carrier(a); m != nil && n > 0 {
		r.pay(m, n, "carrying "+a.ID) // R76: the mount spends what its rider does
	}
	r.emit(engine.New(r.h.arena(), movedKind, Moved{Combatant: a.ID, X: x, Y: y, Yards: cost, AP: n, Quarters: n * s.rate(a)}))
	r.checkGrapples(a)
	r.enteredReach(a, wasInReach)
	if !r.partial {
		r.newlyFlanked(flanked, a, HeldMove{})
	}
}

// approachCell is the farthest cell on the path from c toward t that c
// can pay for, stopping when its first weapon reaches t or at someone in
// the way; ok is false when not even one step can be taken.
func (s *State) approachCell(c, t *Combatant) (x, y int, ok bool) {
	w := c.Weapon("")
	reach := 0
	if w != nil && w.Kind == "melee" {
		reach = w.Reach
	}
	x, y = c.X, c.Y
	if m := s.mountOf(c); m != nil && m.Bolting {
		return x, y, false
	}
	cx, cy := c.X, c.Y
	for range 200 {
		if DistanceBetween(cx, cy, c.span(), t.X, t.Y, t.span())-1 <= reach {
			break
		}
		nx, ny := cx+sign(t.X-cx), cy+sign(t.Y-cy)
		if s.blocked(c, nx, ny) {
			break
		}
		n := s.moveAP(c, s.pathCost(c.X, c.Y, nx, ny))
		if n < 0 || n > s.moveFunds(c) {
			break
		}
		cx, cy = nx, ny
		x, y, ok = cx, cy, true
	}
	return x, y, ok
}

// approach walks toward a target.
func (r *run) approach(target string) error {
	x, y, err := r.approachCheck(target)
	if err != nil {
		return err
	}
	return r.move(x, y)
}

// approachCheck is approach's checks, a move's among them: it returns
// where the approach goes.
func (r *run) approachCheck(target string) (x, y int, err error) {
	a, t, err := r.actorAnd(target, "approach ", target)
	if err != nil {
		return 0, 0, err
	}
	x, y, ok := r.s.approachCell(a, t)
	if !ok {
		return 0, 0, refuse(engine.NotAllowedNow, "%s cannot come any closer to %s now", a.ID, t.ID)
	}
	_, err = r.moveCheck(x, y)
	return x, y, err
}
