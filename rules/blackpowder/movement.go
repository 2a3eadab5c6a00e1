package blackpowder

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Movement distances in metres (A21).
const (
	moveDistance = 5.0
	runDistance  = 4 * moveDistance
	// slack forgives rounding in distances typed as decimals.
	slack = 1e-9
)

// Move: move to a point, up to 5 m in a turn, alongside the action (R33,
// A21).
type Move point

// The kinds of movement.go's commands and events.
var (
	moveKind  = engine.Add[Move](commands, "move")
	runKind   = engine.Add[Run](commands, "run")
	_         = engine.Add[Withdraw](commands, "withdraw")
	movedKind = engine.Add[Moved](events, "moved")
)

func (*Move) isCommand() {}

// Run: the action; move up to 20 m (R33). It provokes opportunity attacks
// and makes ranged attacks against the runner harder until its next turn.
type Run point

func (*Run) isCommand() {}

// Withdraw: the action; move up to 5 m cautiously, provoking nothing (R35,
// A23).
type Withdraw point

func (*Withdraw) isCommand() {}

// move moves a combatant: alongside its action up to 5 m a turn, or as the
// action running (20 m) or withdrawing (5 m) (R33, R35).
func (r *run) move(who string, x, y float64, mode string) error {
	c, d, err := r.moveCheck(who, x, y, mode)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), movedKind, Moved{Combatant: c.ID, Mode: mode, X: x, Y: y, Distance: d}))
	return nil
}

// moveCheck checks a move, run or withdrawal to (x, y) without changing
// anything, and returns the mover and the distance.
func (r *run) moveCheck(who string, x, y float64, mode string) (*Combatant, float64, error) {
	after := afterNothing
	if mode == "move" {
		after = afterMove // alongside the action: before or after it (R33)
	}
	c, err := r.acting(who, after)
	if err != nil {
		return nil, 0, err
	}
	if c.HeldBy != "" || c.Holding != "" || c.Trapped > 0 {
		return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is held or trapped and cannot move", c.Name)
	}
	d := parts.Metres(x, y, c.X, c.Y)
	switch mode {
	case "move":
		if c.Moved+d > moveDistance+slack {
			return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s can move %.1f m more this turn, not %.1f m (run to go further)", c.Name, moveDistance-c.Moved, d)
		}
	case "run", "withdraw":
		limit := runDistance
		if mode == "withdraw" {
			limit = moveDistance
		}
		if c.Actions < 1 {
			return nil, 0, r.noActionLeft(c)
		}
		if d > limit+slack {
			return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s can %s at most %.0f m, not %.1f m", c.Name, mode, limit, d)
		}
	}
	return c, d, nil
}

// Moved: a combatant moves: alongside its action (Mode "move"), running or
// withdrawing (both the action).
type Moved struct {
	Combatant string  `json:"combatant"`
	Mode      string  `json:"mode"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Distance  float64 `json:"distance"`
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	c.X, c.Y = e.X, e.Y
	switch e.Mode {
	case "move":
		c.Moved += e.Distance
	case "run":
		c.Running = true
		useAction(c)
	default:
		useAction(c)
	}
}

func (e *Moved) describe(s *State) string {
	verb := map[string]string{"move": "moves", "run": "runs", "withdraw": "withdraws"}[e.Mode]
	return fmt.Sprintf("%s %s %.1f m to (%s, %s)", s.name(e.Combatant), verb, e.Distance, num(e.X), num(e.Y))
}
