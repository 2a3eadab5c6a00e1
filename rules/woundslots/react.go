package woundslots

import (
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
)

// gapAt is the gap between c and someone standing at x,y.
func gapAt(c, m *Combatant, x, y int) int {
	return DistanceBetween(c.X, c.Y, c.span(), x, y, m.span()) - 1
}

// mayRebuff reports whether c may rebuff a moving to x,y (R41): a
// standing enemy, free to react (R28, R30), with 4 AP, whose first melee
// weapon reaches a where it stands and whose optimal reach a would come
// closer than. Only a creature already within reach can be attacked
// before it moves [ours].
func (s *State) mayRebuff(c, a *Combatant, x, y int) bool {
	if c.Side == a.Side || !c.canAct() || c.PinnedBy != "" || c.Initiative <= 0 || c.AP < actionCosts["rebuff"] {
		return false
	}
	w := firstMelee(c)
	if w == nil || w.OptimalReach <= 0 || Gap(c, a) > w.Reach {
		return false
	}
	return Gap(c, a) >= w.OptimalReach && gapAt(c, a, x, y) < w.OptimalReach
}

// mayCling reports whether c may cling to a moving to x,y (R55): c
// grapples a, is free to react, has 2 AP, and a would leave its reach.
func (s *State) mayCling(c, a *Combatant, x, y int) bool {
	return slices.Contains(c.Grappling, a.ID) && c.canAct() && c.PinnedBy == "" && c.Initiative > 0 &&
		c.AP >= actionCosts["cling"] && gapAt(c, a, x, y) > 0
}

// moveQueue lists who may react to a's move to x,y, in descending
// initiative (ties by id).
func (s *State) moveQueue(a *Combatant, x, y int, h *hotMemory) []string {
	var q []string
	if h != nil {
		q = h.queue[:0]
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.ID != a.ID && (s.mayRebuff(c, a, x, y) || s.mayCling(c, a, x, y) || c.Side != a.Side && s.mayFire(c)) {
			q = append(q, c.ID)
		}
	}
	if h != nil {
		h.queue = q
	}
	slices.SortFunc(q, func(x, y string) int {
		cx, cy := s.Combatant(x), s.Combatant(y)
		if cx.Initiative != cy.Initiative {
			return cy.Initiative - cx.Initiative
		}
		return strings.Compare(x, y)
	})
	return q
}

// pathCells lists the cells of the path from a to b, diagonally first,
// without a.
func pathCells(ax, ay, bx, by int, out [][2]int) [][2]int {
	x, y := ax, ay
	for x != bx || y != by {
		x, y = x+sign(bx-x), y+sign(by-y)
		out = append(out, [2]int{x, y})
	}
	return out
}

// rebuff is R41 (4 AP): an attack on the mover before it moves, one level
// worse on a hit.
func (r *run) rebuff() error {
	if err := r.wantPhase(Window, "rebuff"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	me, a := s.Combatant(s.Queue[0]), s.Combatant(p.Actor)
	if p.Action != "move" || !s.mayRebuff(me, a, p.X, p.Y) {
		return refuse(engine.NotAllowedNow, "%s cannot rebuff now: only a creature coming closer than one's weapon's optimal reach, already within its reach (R41)", me.ID)
	}
	w := firstMelee(me)
	r.emit(ev(r.h, (*hotMemory).evRebuffed, Rebuffed{Combatant: me.ID, Target: a.ID, Weapon: w.Name}))
	r.spend(me, actionCosts["rebuff"], "rebuff")
	if s.Phase == Guarding {
		return nil // a defending mover chooses its Defense first (R45)
	}
	r.strike(me, a, w, Standard, "", true)
	r.afterRebuff(a)
	return nil
}

// afterRebuff goes on with a move once its rebuff is struck: a mover
// taken out does not move.
func (r *run) afterRebuff(a *Combatant) {
	if !a.canAct() {
		r.emit(ev(r.h, (*hotMemory).evMoveStopped, MoveStopped{Combatant: a.ID, Why: "taken out"}))
		return
	}
	r.resolveIfReady()
}

// cling is R55 (2 AP): a Power check whose result the clinger spends: 5
// points per yard it moves with the mover, 10 per yard it cuts from the
// move (V3). A natural 1 gives no points.
func (r *run) cling() error {
	if err := r.wantPhase(Window, "cling"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	me, a := s.Combatant(s.Queue[0]), s.Combatant(p.Actor)
	if p.Action != "move" || !s.mayCling(me, a, p.X, p.Y) {
		return refuse(engine.NotAllowedNow, "%s cannot cling now: only to a creature it grapples that is leaving its reach (R55)", me.ID)
	}
	r.spend(me, actionCosts["cling"], "cling")
	die := dice.RollClasses(r.src, 20, dice.EveryValue)
	bonus := checkBonus(me, "power")
	e := Clung{Combatant: me.ID, Target: a.ID, Die: die, Bonus: bonus, Points: max(0, die+bonus)}
	switch die {
	case 20:
		e.Critical = "success"
	case 1:
		e.Critical, e.Points = "failure", 0
	}
	r.emit(ev(r.h, (*hotMemory).evClung, e))
	return nil
}

// moveLength is the pending move's length in steps.
func (s *State) moveLength() int {
	a := s.Combatant(s.Pending.Actor)
	return max(abs(s.Pending.X-a.X), abs(s.Pending.Y-a.Y))
}

// split is the clinger's spending of its points (R55).
func (r *run) split(with, cut int) error {
	if err := r.wantPhase(Choosing, "split a cling"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	n := s.moveLength()
	switch {
	case p.Action != "move" || p.Clinger == "":
		return refuse(engine.NotAllowedNow, "there is no cling to spend")
	case with < 0 || cut < 0:
		return refuse(engine.Invalid, "yards cannot be negative")
	case 5*with+10*cut > p.Points:
		return refuse(engine.NotAllowedNow, "%d yards with and %d cut cost %d points; %s has %d (5 a yard with, 10 a yard cut)", with, cut, 5*with+10*cut, p.Clinger, p.Points)
	case cut+p.Cut > n || with > n-cut-p.Cut:
		return refuse(engine.NotAllowedNow, "the move is %d yards: at most that can be cut, and moved with what is left", n)
	}
	r.emit(ev(r.h, (*hotMemory).evSplitChosen, SplitChosen{Combatant: p.Clinger, With: with, Cut: cut}))
	r.resolveIfReady()
	return nil
}

// decideMove is the mover's choice after a rebuff (A18): go on or stop.
func (r *run) decideMove(goOn bool) error {
	if err := r.wantPhase(Choosing, "go on or stop"); err != nil {
		return err
	}
	p := r.s.Pending
	if p.Action != "move" || p.Clinger != "" && !p.Split {
		return refuse(engine.NotAllowedNow, "there is no rebuffed move to go on with")
	}
	if !goOn {
		r.emit(ev(r.h, (*hotMemory).evMoveStopped, MoveStopped{Combatant: p.Actor, Why: "stops"}))
		return nil
	}
	r.emit(ev(r.h, (*hotMemory).evMoveGoesOn, MoveGoesOn{Combatant: p.Actor}))
	r.resolveIfReady()
	return nil
}

// resolveMove carries out a declared move once every reaction is in: cut
// short by clings, and clingers carried along their yards (R55); the
// move's grapples checked (A23).
func (r *run) resolveMove() {
	s := r.s
	p := *s.Pending
	a := s.Combatant(p.Actor)
	var buf [64][2]int
	path := pathCells(a.X, a.Y, p.X, p.Y, buf[:0])
	steps := len(path) - p.Cut
	if steps <= 0 {
		r.emit(ev(r.h, (*hotMemory).evMoveStopped, MoveStopped{Combatant: a.ID, Why: "held in place"}))
		return
	}
	dest := path[steps-1]
	if steps < len(path) && s.blocked(a, dest[0], dest[1]) {
		steps--
		if steps <= 0 {
			r.emit(ev(r.h, (*hotMemory).evMoveStopped, MoveStopped{Combatant: a.ID, Why: "held in place"}))
			return
		}
		dest = path[steps-1]
	}
	clinger := s.Combatant(p.Clinger)
	if clinger != nil && p.With > 0 {
		// The clinger follows first, so the mover's grapple check sees
		// where it ends.
		x, y := clinger.X, clinger.Y
		for range p.With {
			if DistanceBetween(x, y, clinger.span(), dest[0], dest[1], a.span()) <= 1 {
				break
			}
			nx, ny := x+sign(dest[0]-x), y+sign(dest[1]-y)
			if s.blocked(clinger, nx, ny) && !a.covers(nx, ny) {
				break
			}
			x, y = nx, ny
		}
		r.emit(ev(r.h, (*hotMemory).evCarried, Carried{Combatant: clinger.ID, With: a.ID, X: x, Y: y}))
	}
	r.walk(a, dest[0], dest[1])
}
