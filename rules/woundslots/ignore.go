package woundslots

import (
	"slices"

	"fray/engine"
)

// AtFlanked is the moment a creature first becomes flanked: it may ignore
// creatures then, as a free reaction (R12).
const AtFlanked = "flanked"

// flankedSet notes which combatants (the first 64) are flanked now.
func (s *State) flankedSet() uint64 {
	var set uint64
	for i := range s.Combatants {
		if i < 64 && s.Combatants[i].canAct() && s.Flanked(&s.Combatants[i]) {
			set |= 1 << i
		}
	}
	return set
}

// newlyFlanked opens, after mover's move, the window of those it left
// flanked who were not before (R12: a free reaction on first becoming
// flanked); the mover, on its turn, may ignore anyone anyway.
func (r *run) newlyFlanked(before uint64, mover *Combatant) {
	s := r.s
	var q []string
	if r.h != nil {
		q = r.h.flanked[:0]
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if i >= 64 || c.ID == mover.ID || before&(1<<i) != 0 || !c.canAct() || !s.Flanked(c) || c.Initiative <= 0 {
			continue
		}
		q = append(q, c.ID)
	}
	if r.h != nil {
		r.h.flanked = q
	}
	if len(q) == 0 {
		return
	}
	s.sortQueue(q)
	r.emit(ev(r.h, (*hotMemory).evWindowOpened, WindowOpened{Moment: AtFlanked, Actor: s.acting(), Queue: q}))
}

// ignore is R12, free on one's turn, or as a reaction when one first
// becomes flanked: an ignored enemy's attacks are rear attacks (+4), and
// it neither counts toward one's being flanked nor helps flank;
// unignoring is free on one's turn only.
func (r *run) ignore(target string, on bool) error {
	s := r.s
	reacting := s.Phase == Window && s.Moment == AtFlanked && len(s.Queue) > 0
	if !reacting {
		if err := r.wantPhase(Acting, "ignore ", target); err != nil {
			return err
		}
		if s.Off != nil {
			return refuse(engine.NotAllowedNow, "ignoring is free on one's own turn, or on first becoming flanked (R12)")
		}
	}
	a := s.actor()
	if reacting {
		a = s.Combatant(s.Queue[0])
		if !on {
			return refuse(engine.NotAllowedNow, "%s may stop ignoring only on its turn (R12)", a.ID)
		}
	}
	t := s.Combatant(target)
	switch {
	case t == nil:
		return refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	case t.Side == a.Side:
		return refuse(engine.NotAllowedNow, "%s is on %s's side", t.ID, a.ID)
	case on && slices.Contains(a.Ignoring, t.ID):
		return refuse(engine.NotAllowedNow, "%s ignores %s already", a.ID, t.ID)
	case !on && !slices.Contains(a.Ignoring, t.ID):
		return refuse(engine.NotAllowedNow, "%s does not ignore %s", a.ID, t.ID)
	}
	r.emit(ev(r.h, (*hotMemory).evIgnoreChanged, IgnoreChanged{Combatant: a.ID, Target: t.ID, Ignoring: on}))
	return nil
}

// jumpBonus is Str [Athletics/Jumping] (R38).
func jumpBonus(c *Combatant) int {
	b := c.Attributes.Str + c.skill("athletics") + c.spec("athletics", "jumping")
	b -= c.tired()
	return b
}

// Balance is the environment of a landing check (R38).
const Balance = "balance"

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
	die, bonus := r.src.Roll(20), jumpBonus(a)
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
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: a.ID, Object: a.Long.Object}))
	}
	e.Yards, e.AP, e.Quarters = yards, n, n*s.rate(a)
	r.emit(ev(r.h, (*hotMemory).evJumped, e))
	r.checkGrapples(a)
	if s.terrainCost(a.X, a.Y) > 1 || s.slippery(a.X, a.Y) {
		r.landing(a)
	}
	return nil
}

// jumpCheck is jump's checks: it returns the jumper, the cell aimed at
// and the yards to it (a high jump's own cell, 1).
func (r *run) jumpCheck(c *Jump) (a *Combatant, x, y, d int, err error) {
	if err := r.wantPhase(Acting, "jump"); err != nil {
		return nil, 0, 0, 0, err
	}
	s := r.s
	a = s.actor()
	x, y, d = a.X, a.Y, 1
	if !c.High {
		x, y, d = c.X, c.Y, Distance(a.X, a.Y, c.X, c.Y)
		switch {
		case d == 0:
			return nil, 0, 0, 0, refuse(engine.Invalid, "%s is at %d,%d already", a.ID, x, y)
		case x != a.X && y != a.Y && abs(x-a.X) != abs(y-a.Y):
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
	die := r.src.Roll(20)
	bonus := c.Attributes.Dex + c.skill("acrobatics") + c.spec("acrobatics", "balance") - c.tired()
	tn := r.s.Options.LandingTN
	if tn == 0 {
		tn = DefaultTN
	}
	r.emit(ev(r.h, (*hotMemory).evFootingChecked, FootingChecked{Combatant: c.ID, Env: Balance, Die: die, Bonus: bonus, TN: tn, Kept: die+bonus >= tn, Why: "landing"}))
}
