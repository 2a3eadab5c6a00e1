package woundslots

import (
	"slices"

	"fray/engine"
)

// ignore is R12, free on one's turn: an ignored enemy's attacks are rear
// attacks (+4), and it neither counts toward one's being flanked nor helps
// flank; unignoring is free on one's turn too.
func (r *run) ignore(target string, on bool) error {
	if err := r.wantPhase(Acting, "ignore ", target); err != nil {
		return err
	}
	s, a := r.s, r.s.actor()
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

// jump is R38's long jump toward x,y in a straight line: Str
// [Athletics/Jumping]; the value is the result + Speed after a run-up of
// 5 yards this round, else half the result (A27: at least 0); the jumper
// lands as far along the line as value feet reach (3 feet a yard, at most
// the cell named), paying the yards from its pool like a move, whatever
// the terrain below.
func (r *run) jump(x, y int) error {
	if err := r.wantPhase(Acting, "jump"); err != nil {
		return err
	}
	s, a := r.s, r.s.actor()
	d := Distance(a.X, a.Y, x, y)
	switch {
	case d == 0:
		return refuse(engine.Invalid, "%s is at %d,%d already", a.ID, x, y)
	case x != a.X && y != a.Y && abs(x-a.X) != abs(y-a.Y):
		return refuse(engine.Invalid, "a jump goes in a straight line or a diagonal")
	case s.blocked(a, x, y):
		return refuse(engine.NotAllowedNow, "someone stands at %d,%d", x, y)
	case a.Riding != "":
		return refuse(engine.NotAllowedNow, "%s is riding", a.ID)
	}
	if n := s.moveAP(a, d); n < 0 || n > a.AP {
		return refuse(engine.NotAllowedNow, "%s cannot pay for a %d-yard jump (a jump paid as a long action is not modelled)", a.ID, d)
	}
	die, bonus := r.src.Roll(20), jumpBonus(a)
	value := floorDiv(die+bonus, 2)
	runUp := a.PoolUsed >= 5
	if runUp {
		value = die + bonus + a.Attributes.Speed
	}
	value = max(0, value)
	yards := min(d, value/3)
	lx, ly := a.X+sign(x-a.X)*yards, a.Y+sign(y-a.Y)*yards
	for yards > 0 && s.blocked(a, lx, ly) {
		yards--
		lx, ly = a.X+sign(x-a.X)*yards, a.Y+sign(y-a.Y)*yards
	}
	n := max(0, s.moveAP(a, yards))
	if n > 0 && a.Long != nil {
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: a.ID, Object: a.Long.Object}))
	}
	r.emit(ev(r.h, (*hotMemory).evJumped, Jumped{Combatant: a.ID, Die: die, Bonus: bonus, RunUp: runUp, Value: value, X: lx, Y: ly, Yards: yards, AP: n, Quarters: n * s.rate(a)}))
	r.checkGrapples(a)
	return nil
}
