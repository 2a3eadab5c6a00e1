package woundslots

import (
	"cmp"
	"slices"

	"fray/engine"
)

// Board describes the fight for the table: the round, the turn order of
// the round (initiative from the highest, ties by their d20s, R27 and A15;
// a ridden mount with its rider's), whose turn it is and who has had
// theirs, and the combatants on the yard squares, each with how far its
// weapons reach: a melee reach counts the squares between (R41), so a
// reach of 0 strikes the next square; a ranged weapon shoots out to
// MaxIncrements increments (A24).
func (Rules) Board(s *State) engine.Board {
	b := engine.Board{
		Grid:  &engine.Grid{Kind: engine.Squares, Unit: "yard", Diagonal: 1},
		Round: s.Round, Move: "move {x},{y}",
		Order:  make([]engine.Place, len(s.Combatants)),
		Pieces: make([]engine.Piece, len(s.Combatants)),
	}
	byTurn := make([]int, len(s.Combatants))
	for i := range byTurn {
		byTurn[i] = i
	}
	rolled := s.Phase != Setup
	if rolled {
		slices.SortStableFunc(byTurn, func(i, j int) int {
			a, b := &s.Combatants[i], &s.Combatants[j]
			return cmp.Or(cmp.Compare(s.turnInitiative(b), s.turnInitiative(a)), cmp.Compare(b.TieBreak, a.TieBreak))
		})
	}
	for k, i := range byTurn {
		c := &s.Combatants[i]
		p := engine.Place{
			ID: c.ID, Name: c.Name,
			Current: c.ID == s.Turn && s.Phase != Over && s.Phase != Resting,
			Done:    c.Acted,
			Down:    c.Status == Unconscious, Dead: c.Status == Dead, Absent: c.Status == Away,
		}
		if rolled && c.Status != Away {
			p.Initiative = new(s.turnInitiative(c))
		}
		b.Order[k] = p
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		pc := engine.Piece{ID: c.ID, Name: c.Name, Side: c.Side, X: float64(c.X), Y: float64(c.Y), Absent: c.Status == Away}
		for _, w := range c.Weapons {
			r := engine.Reach{Weapon: w.Name, Kind: "reach", Distance: float64(w.Reach + 1)}
			if w.Kind == "ranged" {
				r = engine.Reach{Weapon: w.Name, Kind: "range", Distance: float64(MaxIncrements * max(w.Increment, 1))}
			}
			pc.Reach = append(pc.Reach, r)
		}
		b.Pieces[i] = pc
	}
	return b
}
