package vigor

import (
	"fray/engine"
	"fray/rules/parts"
)

// Board describes the fight for the table: the round (0 while the GM
// rolls the first initiative, though the state counts it round 1), the initiative
// order once rolled (R08; every creature, unordered, before), whose turn
// it is, and the creatures on the open plane in feet, each with the reach
// of its melee weapons (R44, A16; bare hands when it carries none) and
// the farthest its ranged ones shoot (A24); a creature hidden from the
// viewer is in the order but not on the map.
func (r Rules) Board(s *State) engine.Board {
	b := engine.Board{
		Grid:  &engine.Grid{Kind: engine.Open, Unit: "foot"},
		Round: s.Round, Move: "move {x},{y}",
		Pieces: make([]engine.Piece, 0, len(s.Combatants)),
	}
	if s.Phase == Initiative {
		b.Round = 0
	}
	rolled := len(s.Order) > 0
	order := s.Order
	if !rolled {
		order = r.Roster(s)
	}
	b.Order = parts.TurnOrder(order, s.Turn, s.Current() != nil, func(id string) engine.Place {
		c := s.Combatant(id)
		if c == nil {
			return engine.Place{ID: id}
		}
		p := engine.Place{ID: c.ID, Name: c.Name, Down: c.Shock && !c.dead(), Dead: c.dead(), Absent: c.Away}
		if rolled && !c.Away {
			p.Initiative = new(c.Initiative)
		}
		return p
	})
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Unseen {
			// A creature hidden from the viewer is not on their map
			// (§6; see secrets.go): where it stands is not known.
			continue
		}
		pc := engine.Piece{ID: c.ID, Name: c.Name, Side: c.Side, X: float64(c.X), Y: float64(c.Y), Absent: c.Away}
		for j := range c.Weapons {
			w := &c.Weapons[j]
			if w.category().Ranged {
				if mr := w.maxRange(); mr > 0 {
					pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "range", Distance: float64(mr)})
				}
				continue
			}
			pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "reach", Distance: float64(c.Reach(w))})
		}
		if len(c.Weapons) == 0 && !c.Object {
			pc.Reach = append(pc.Reach, engine.Reach{Weapon: "unarmed", Kind: "reach", Distance: float64(c.Reach(nil))})
		}
		b.Pieces = append(b.Pieces, pc)
	}
	return b
}

// dead reports whether the creature is dead, or the object destroyed.
func (c *Combatant) dead() bool { return c.Dead || c.Destroyed }
