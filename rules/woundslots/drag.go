package woundslots

import (
	"fmt"

	"fray/engine"
)

// DragMoveAP is R56's most AP of movement a drag buys.
const DragMoveAP = 4

// drag is R56 (4 AP and its movement): a Power check against the highest
// Power Defense among those grappling the actor, -2 per grappler beyond
// the first; on a success it moves to x,y with at most 4 AP of movement,
// and every grappler is carried along by the same step [ours: where its
// cell is free; otherwise the grapple breaks, A23].
func (r *run) drag(x, y int) error {
	a, cost, err := r.dragCheck(x, y)
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, actionCosts["drag"], "drag")
	best, first := 0, s.Combatant(a.Grappling[0])
	for _, id := range a.Grappling {
		if g := s.Combatant(id); g != nil && g.PowerDefense() > best {
			best, first = g.PowerDefense(), g
		}
	}
	e := r.contest(a, first, "power", checkBonus(a, "power")-2*(len(a.Grappling)-1), true, best, false, "highest power defense")
	r.emitCheck(a, first, e)
	if !e.Success {
		return nil
	}
	dx, dy := x-a.X, y-a.Y
	for _, id := range a.Grappling {
		g := s.Combatant(id)
		if g == nil {
			continue
		}
		if gx, gy := g.X+dx, g.Y+dy; !s.blocked(g, gx, gy) || gx == a.X && gy == a.Y {
			r.emit(engine.New(r.h.arena(), carriedKind, Carried{Combatant: g.ID, With: a.ID, X: gx, Y: gy}))
		}
	}
	r.walk(a, x, y, cost)
	return nil
}

// dragCheck is drag's checks: it returns the actor and the yards of pool
// the path costs.
func (r *run) dragCheck(x, y int) (*Combatant, int, error) {
	if err := r.wantPhase(Acting, "drag"); err != nil {
		return nil, 0, err
	}
	s, a := r.s, r.s.actor()
	if len(a.Grappling) == 0 {
		return nil, 0, refuse(engine.NotAllowedNow, "%s grapples nobody to drag", a.ID)
	}
	if s.blocked(a, x, y) || x == a.X && y == a.Y {
		return nil, 0, refuse(engine.NotAllowedNow, "%d,%d is not a free cell to drag to", x, y)
	}
	cost := s.pathCost(a.X, a.Y, x, y)
	n := s.moveAP(a, cost)
	if n < 0 || n > DragMoveAP || a.apCost(actionCosts["drag"])+n > a.AP {
		return nil, 0, refuse(engine.NotAllowedNow, "%s has %d AP and cannot pay for dragging to %d,%d: %d AP and at most 4 AP of movement (R56)", a.ID, a.AP, x, y, a.apCost(actionCosts["drag"]))
	}
	return a, cost, nil
}

// Carried: a clinger moves along with the creature it clings to (R55).
type Carried struct {
	Combatant string `json:"combatant"`
	With      string `json:"with"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

func (e *Carried) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		s.put(c, e.X, e.Y)
		leaveSpace(s, c)
	}
}

func (e *Carried) describe(s *State) string {
	return fmt.Sprintf("%s moves with %s to %d,%d", e.Combatant, e.With, e.X, e.Y)
}

// Drag drags the whole grapple to a cell (R56).
type Drag struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// The kinds of drag.go's command and event.
var (
	dragKind    = engine.Add[Drag](commands, "drag")
	carriedKind = engine.Add[Carried](events, "carried")
)

func (*Drag) command() {}
