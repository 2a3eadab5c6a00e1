package reference

import "fray/engine"

// Board describes the fight for the table: the round, and the turn order,
// which is the combatants' own order (the state keeps them in it), with
// whose turn it is, who has had theirs this round and who is down. The
// reference ruleset has no positions, so its board has no map.
func (Rules) Board(s *State) engine.Board {
	b := engine.Board{Round: s.Round, Order: make([]engine.Place, len(s.Combatants))}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		b.Order[i] = engine.Place{
			ID: c.ID, Name: c.Name,
			// The turn at s.Turn is under way while it acts or its blow
			// waits for the target; when the round is over (the GM's
			// ruling) every turn is done.
			Current: i == s.Turn && (s.Phase == Acting || s.Phase == Reacting),
			Done:    i < s.Turn || s.Phase == Ruling,
			Down:    !c.Up(),
		}
	}
	return b
}
