package vigor

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Move moves up to Speed feet (R15).
type Move struct {
	To parts.Cell `json:"to"`
}

// The kinds of movement.go's commands and events.
var (
	moveKind    = engine.Add[Move](commands, "move")
	escapeKind  = engine.Add[Escape](commands, "escape")
	_           = engine.Add[StandUp](commands, "stand")
	movedKind   = engine.Add[Moved](events, "moved")
	escapedKind = engine.Add[Escaped](events, "escaped")
	stoodUpKind = engine.Add[StoodUp](events, "stood_up")
)

func (*Move) command() {}

// move moves the creature whose turn it is (R15), or starts its escape
// (R14): openings first, then the move.
func (d *decider) move(to parts.Cell, escape bool) error {
	what := "move"
	if escape {
		what = "escape"
	}
	me, err := d.acting(what, 1)
	if err != nil {
		return err
	}
	s := d.s
	dist := s.distanceTo(me, to)
	switch {
	case dist == 0:
		return refuse("%s is at %s already", me.ID, to)
	case dist > me.MoveFt():
		return refuse("%s moves at most %d ft an action (Speed %d%s) and %s is %d ft away", me.ID, me.MoveFt(), me.Speed, map[bool]string{true: ", prone: a quarter"}[me.Prone], to, dist)
	}
	if o := s.crowding(to, me.ID); o != nil {
		unseen := unseenBy(s, o.ID, engine.Viewer{Combatant: me.ID})
		switch {
		case o.X == to.X && o.Y == to.Y && unseen:
			// The square is taken, but the mover is not told by whom.
			return refuse("a creature %s cannot see stands at %s", me.ID, to)
		case o.X == to.X && o.Y == to.Y:
			return refuse("%s stands at %s", o.ID, to)
		case unseen:
			return refuse("a creature %s cannot see stands within %d ft of %s: each creature keeps %d ft from every other (R43)", me.ID, SpaceFt-1, to, SpaceFt)
		}
		return refuse("%s stands at %d,%d, %d ft from %s: each creature keeps %d ft from every other (R43)", o.ID, o.X, o.Y, s.distanceTo(o, to), to, SpaceFt)
	}
	if !s.clear(me.X, me.Y, to.X, to.Y) {
		return refuse("a wall stands between %s and %s: a Move goes along a clear path (R15); go around it", me.ID, to)
	}
	d.acted(me, what, 1)
	switch {
	case escape:
		d.openWindow("opening", me, "escape", to)
	case s.Options.MoveProvokes && s.leaves(me, to):
		// A18's option: leaving an enemy's reach gives it an opening.
		d.openWindow("opening", me, "move", to)
	default:
		d.moved(me, to)
	}
	return nil
}

// moved moves me to cell to (R14, R15).
func (d *decider) moved(me *Combatant, to parts.Cell) {
	d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: me.ID, From: me.cell(), To: to, Ft: d.s.distanceTo(me, to)}))
}

// leaves reports whether a move of me to cell to takes it out of the
// reach of an enemy that could take an opening (A18's option).
func (s *State) leaves(me *Combatant, to parts.Cell) bool {
	for _, id := range s.Order {
		if c := s.Combatant(id); s.mayTakeOpening(c, me) && s.leaving(c, me, to) {
			return true
		}
	}
	return false
}

// leaving reports whether c could not reach me in melee once me stands
// at cell to.
func (s *State) leaving(c, me *Combatant, to parts.Cell) bool {
	at := *me
	at.X, at.Y = to.X, to.Y
	return s.meleeWeapon(c, &at) == nil
}

// Moved: a creature moved (R15, R14).
type Moved struct {
	Combatant string     `json:"combatant"`
	From      parts.Cell `json:"from"`
	To        parts.Cell `json:"to"`
	Ft        int        `json:"ft"`
}

// apply moves the creature; an escape that leaves every enemy's reach
// waits for the GM's ruling (A19).
func (e *Moved) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.X, c.Y = e.To.X, e.To.Y
	if w := s.Window; w != nil && w.Opener == c.ID && movesAfter(w.Act) {
		if w.Act == "escape" && s.outOfReach(c) {
			w.Act = "escaping"
			s.Phase = EscapeRuling
			return
		}
		s.Window = nil
	}
	settle(s)
}

func (e *Moved) describe(*State) string {
	return fmt.Sprintf("%s moves %d ft to %s", e.Combatant, e.Ft, e.To)
}

// movesAfter reports whether an opening's act is a move that goes on
// once the window closes: an escape (R14), or a move out of reach with
// A18's option.
func movesAfter(act string) bool { return act == "escape" || act == "move" }

// Escape flees to a square, or with Away straight away from the nearest
// enemy as far as one Move goes: openings first, then the move (R14,
// A19).
type Escape struct {
	To   parts.Cell `json:"to"`
	Away bool       `json:"away,omitempty"`
}

func (*Escape) command() {}

// escape starts an escape to the square named, or straight away from the
// nearest enemy (R14, A19).
func (d *decider) escape(c *Escape) error {
	to := c.To
	if c.Away {
		me, err := d.acting("escape", 1)
		if err != nil {
			return err
		}
		var ok bool
		if to, ok = d.s.escapeCell(me); !ok {
			return refuse("%s has nowhere to escape to straight away from its nearest enemy; name a square (escape X,Y)", me.ID)
		}
	}
	return d.move(to, true)
}

// outOfReach reports whether no enemy still in the fight could reach the
// creature in melee (A19).
func (s *State) outOfReach(c *Combatant) bool {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.Side == c.Side || !o.In() {
			continue
		}
		if s.meleeWeapon(o, c) != nil {
			return false
		}
	}
	return true
}

// Escaped: the GM ruled on an escape (A19).
type Escaped struct {
	Combatant string `json:"combatant"`
	Escaped   bool   `json:"escaped"`
}

// apply takes an escaped creature out of the fight and closes the window.
func (e *Escaped) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Escaped {
		c.Escaped = true
	}
	s.Window = nil
	settle(s)
}

func (e *Escaped) describe(*State) string {
	if e.Escaped {
		return e.Combatant + " escapes and leaves the fight"
	}
	return e.Combatant + " does not get away"
}

// StandUp ends prone and gives enemies within reach an opening (R19).
type StandUp struct{}

func (*StandUp) command() {}

// standUp ends prone, giving enemies within reach an opening (R19).
func (d *decider) standUp() error {
	me, err := d.acting("stand up", 1)
	if err != nil {
		return err
	}
	if !me.Prone {
		return refuse("%s is not prone", me.ID)
	}
	d.acted(me, "stand", 1)
	d.emit(engine.New(d.h.arena(), stoodUpKind, StoodUp{Combatant: me.ID}))
	d.openWindow("opening", me, "stand", parts.Cell{})
	return nil
}

// StoodUp: a prone creature stood up (R19).
type StoodUp struct {
	Combatant string `json:"combatant"`
}

// apply ends prone.
func (e *StoodUp) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Prone = false
	}
}

func (e *StoodUp) describe(*State) string { return e.Combatant + " stands up" }
