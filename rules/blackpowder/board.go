package blackpowder

import "fray/engine"

// Board describes the fight for the table: the round (0 while initiative
// is rolled), the groups' order from the highest initiative down (the
// groups as listed until all have rolled), whose turn it is with each
// member down, dead, absent or done with its part, and the combatants on
// the open plane in metres, each with the melee reach (A21) and the
// farthest range of each weapon it carries (not one lying on the
// ground).
func (Rules) Board(s *State) engine.Board {
	b := engine.Board{
		Grid:  &engine.Grid{Kind: engine.Open, Unit: "metre"},
		Round: s.Round, Move: "move {x} {y}",
		Pieces: make([]engine.Piece, len(s.Combatants)),
	}
	order := s.Order
	if len(order) == 0 {
		order = make([]int, len(s.Groups))
		for i := range order {
			order[i] = i
		}
	}
	playing := len(s.Order) > 0 && s.Round > 0 && !s.Over && s.After == nil
	for i, gi := range order {
		if gi < 0 || gi >= len(s.Groups) {
			continue
		}
		g := &s.Groups[gi]
		p := engine.Place{ID: g.ID, Current: playing && i == s.Turn, Done: len(s.Order) > 0 && i < s.Turn, Absent: !g.present(s.Round)}
		if g.Rolled {
			p.Initiative = new(g.Initiative)
		}
		for j := range s.Combatants {
			if c := &s.Combatants[j]; c.Group == g.ID {
				p.Members = append(p.Members, engine.Place{
					ID: c.ID, Name: c.Name, Done: c.Done,
					Down: c.Status == Unconscious, Dead: c.Status == Dead, Absent: c.Status == Absent,
				})
			}
		}
		b.Order = append(b.Order, p)
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		pc := engine.Piece{ID: c.ID, Name: c.Name, Side: c.Group, X: c.X, Y: c.Y, Absent: c.Status == Absent,
			Reach: []engine.Reach{{Weapon: "melee", Kind: "reach", Distance: reach}}}
		for _, w := range c.Weapons {
			if w.TakenBy != "" || w.OnGround {
				continue // another's now, or lying on the ground (R11, R17)
			}
			if far := max(w.RangeNormal, w.RangeFar); far > 0 {
				pc.Reach = append(pc.Reach, engine.Reach{Weapon: w.Name, Kind: "range", Distance: far})
			}
		}
		b.Pieces[i] = pc
	}
	return b
}
