package maneuvers

import (
	"fray/engine"
	"fray/rules/parts"
)

// Board describes the fight for the table: the round, this round's order
// of turns with the delays taken (R09; the initiative order before the
// first round, every combatant before it is rolled), whose turn is under
// way, and the combatants on the open plane in metres, each with the
// reach of what it wields in melee (bare hands when nothing, R19) and the
// range of what it wields to shoot or throw. s is the viewer's view, so a
// combatant hidden from the viewer stands where it hid.
func (r Rules) Board(s *State) engine.Board {
	b := engine.Board{
		Grid:  &engine.Grid{Kind: engine.Open, Unit: "metre"},
		Round: s.Round, Move: "move {x},{y}",
		Pieces: make([]engine.Piece, len(s.Combatants)),
	}
	order := s.Turns
	switch {
	case len(order) > 0:
	case len(s.Order) > 0:
		order = s.Order
	default:
		order = r.Roster(s)
	}
	rolled := len(s.Order) > 0
	b.Order = parts.TurnOrder(order, s.Turn, s.TurnOpen && s.Phase == Acting, func(id string) engine.Place {
		c := s.Combatant(id)
		if c == nil {
			return engine.Place{ID: id}
		}
		p := engine.Place{ID: c.ID, Name: c.Name, Down: c.Unconscious && !c.Dead, Dead: c.Dead}
		if rolled {
			p.Initiative = new(c.Init)
		}
		return p
	})
	for i := range s.Combatants {
		c := &s.Combatants[i]
		pc := engine.Piece{ID: c.ID, Name: c.Name, Side: c.Side, X: c.X, Y: c.Y}
		melee := false
		for _, name := range c.Wield {
			switch w := c.item(name); {
			case w == nil:
			case w.Kind == "melee":
				melee = true
				pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "reach", Distance: w.Reach})
			case w.Range > 0:
				pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "range", Distance: w.Range})
			}
		}
		if !melee {
			pc.Reach = append(pc.Reach, engine.Reach{Weapon: "unarmed", Kind: "reach", Distance: UnarmedReach})
		}
		b.Pieces[i] = pc
	}
	return b
}
