package parts

import "fray/engine"

// TurnOrder is the turn order of a board (engine.Board) for rules that
// keep it as combatant ids, first first: the entry at turn is current
// when current is set, the entries before it have had their turns, and
// place makes each entry (its name, initiative, down and dead) from its
// id.
func TurnOrder(ids []string, turn int, current bool, place func(id string) engine.Place) []engine.Place {
	out := make([]engine.Place, len(ids))
	for i, id := range ids {
		out[i] = place(id)
		out[i].Current = current && i == turn
		out[i].Done = i < turn
	}
	return out
}
