package server

import "fray/engine"

// A board is a fight's turn order and map as one viewer may know it: the
// ruleset's own (engine.Boards), made from the state as the ruleset shows
// it to the viewer (so that a position the rules hide from a viewer, such
// as a maneuvers combatant hidden from them, is never on their board),
// with each piece's condition band from the sheets, and the reach and
// range of the weapons of whoever decides unless that one is an NPC to a
// player (whose weapons are not theirs to see, see npc.go).

// Board is a fight's turn order and map as a viewer may know it. It is
// part of the view (GET /fights/{id}).
type Board struct {
	// Grid is the ruleset's geometry, for a ruleset whose state holds
	// positions; absent otherwise (and Pieces is empty).
	Grid *engine.Grid `json:"grid,omitempty"`
	// Round is the round in play, counted from 1; 0 before the first
	// (while initiative is rolled).
	Round int `json:"round" doc:"the round in play, from 1; 0 before the first"`
	// Turn is who must decide now ("gm" for a GM's ruling), "" at the end.
	Turn string `json:"turn,omitempty"`
	// Order is the turn order, first first: an entry per combatant, or
	// per group where the rules give groups their turns, marked current,
	// done, down, dead or absent as the rules know it.
	Order []engine.Place `json:"order"`
	// Pieces are the combatants, where they stand.
	Pieces []Piece `json:"pieces"`
	// Reach lists the reach and range of the weapons of whoever decides
	// (Turn), when the viewer may see them.
	Reach []engine.Reach `json:"reach,omitempty"`
	// Move is the command that moves the one deciding to a point, with
	// {x} and {y} for its coordinates ("move {x},{y}").
	Move string `json:"move,omitempty" doc:"the command moving the one deciding to a point, with {x} and {y} in it"`
}

// Piece is one combatant on the board.
type Piece struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Side is its side, or its group where the ruleset has groups.
	Side string  `json:"side,omitempty"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	// Band is its condition in a word (see SheetView).
	Band string `json:"band,omitempty"`
	// Absent is set for a combatant not yet in the fight (a late
	// joiner).
	Absent bool `json:"absent,omitempty"`
}

// boardOf makes the board of table t as v sees it, with the bands of
// sheets (as v sees them) and npc the combatants that are NPCs to v. For
// a ruleset that describes no board, the order is the roster, nobody
// marked, and there is no map.
func boardOf(t engine.Table, v engine.Viewer, sheets []SheetView, npc map[string]bool) *Board {
	eb, ok := t.Board(v)
	if !ok {
		for _, id := range t.Roster() {
			eb.Order = append(eb.Order, engine.Place{ID: id})
		}
		if p := t.PromptFor(v); p.Kind != engine.End {
			eb.Deciding = p.Actor
		}
	}
	b := &Board{Grid: eb.Grid, Round: eb.Round, Turn: eb.Deciding, Order: eb.Order, Pieces: make([]Piece, 0, len(eb.Pieces)), Move: eb.Move}
	if b.Order == nil {
		b.Order = []engine.Place{}
	}
	bands := make(map[string]string, len(sheets))
	for _, sh := range sheets {
		bands[sh.Combatant] = sh.Band
	}
	for _, p := range eb.Pieces {
		b.Pieces = append(b.Pieces, Piece{ID: p.ID, Name: p.Name, Side: p.Side, X: p.X, Y: p.Y, Band: bands[p.ID], Absent: p.Absent})
		if p.ID == b.Turn && !npc[p.ID] {
			b.Reach = p.Reach
		}
	}
	return b
}
