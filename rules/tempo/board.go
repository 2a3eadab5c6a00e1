package tempo

import (
	"fray/engine"
	"fray/rules/parts"
)

// Board describes the fight for the table: the round in play (the state
// counts the rounds completed, R02), the initiative order once rolled
// (R04; every combatant, unordered, before), and the combatants on the
// squares, each with the reach and range of the weapons it carries (a
// diagonal step counts one).
func (r Rules) Board(s *State) engine.Board {
	b := engine.Board{
		Grid:  &engine.Grid{Kind: engine.Squares, Unit: "square", Diagonal: 1},
		Round: r.Round(s), Move: "move {x},{y}",
		Pieces: make([]engine.Piece, len(s.Combatants)),
	}
	place := func(id string) engine.Place {
		c := s.combatant(id)
		if c == nil {
			return engine.Place{ID: id}
		}
		p := engine.Place{ID: c.ID, Name: c.Name, Down: c.Down && !c.Dead, Dead: c.Dead, Absent: absent(c)}
		if s.Started && c.Present {
			p.Initiative = new(c.Initiative)
		}
		return p
	}
	order := s.Order
	if !s.Started {
		order = r.Roster(s)
	}
	b.Order = parts.TurnOrder(order, s.Turn, s.Started && s.InTurn && !s.Ended, place)
	for i := range s.Combatants {
		c := &s.Combatants[i]
		pc := engine.Piece{ID: c.ID, Name: c.Name, Side: c.Side, X: float64(c.At.X), Y: float64(c.At.Y), Absent: absent(c)}
		for _, w := range c.Weapons {
			if w.Reach > 0 {
				pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "reach", Distance: float64(w.Reach)})
			}
			if w.Range > 0 {
				pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "range", Distance: float64(w.Range)})
			}
		}
		b.Pieces[i] = pc
	}
	return b
}

// absent reports whether c is a late joiner not yet in the fight (G8).
func absent(c *Combatant) bool { return c.Joins > 0 && !c.Present }
