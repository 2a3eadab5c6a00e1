package engine

// Board is a fight as the people at the table picture it, as the ruleset
// describes it (see Boards): the round in play, the turn order with whose
// turn it is and who has fallen, and, for a ruleset whose combatants have
// positions, where each stands on what grid and how far the weapons of
// each reach. It is data for a user interface: the tracker page draws its
// turn order and its map from it without code for any ruleset.
type Board struct {
	// Grid is the geometry of the positions; nil when the state holds
	// none (and Pieces is empty).
	Grid *Grid `json:"grid,omitempty"`
	// Round is the round in play, counted from 1; 0 before the first
	// (while initiative is rolled).
	Round int `json:"round"`
	// Deciding is who must decide now, as the prompt the viewer sees
	// names them ("gm" for a GM's ruling); "" once the fight is over.
	// BoardOf fills it in: a ruleset's Board leaves it empty.
	Deciding string `json:"deciding,omitempty"`
	// Order is the turn order, first first: an entry per combatant, or
	// per group where the rules give groups their turns.
	Order []Place `json:"order"`
	// Pieces are the combatants where they stand, in Roster order; none
	// when the state holds no positions. A combatant whose position the
	// viewer's state does not show has no piece.
	Pieces []Piece `json:"pieces,omitempty"`
	// Move is the command that moves the one deciding to a point, with
	// {x} and {y} standing for its coordinates ("move {x},{y}"); "" when
	// the rules have no such command.
	Move string `json:"move,omitempty"`
}

// Grid is the geometry of a board: squares (whole-number cells) or an
// open plane, and the unit of its distances.
type Grid struct {
	// Kind is Squares or Open.
	Kind string `json:"kind" enum:"squares,open"`
	// Unit is what one step of a coordinate is, in the singular: "square",
	// "yard", "metre", "foot".
	Unit string `json:"unit"`
	// Diagonal is how far a diagonal step of one square counts: 1 where
	// distances count the larger of the two differences; 0 on an open
	// plane.
	Diagonal float64 `json:"diagonal,omitempty"`
}

// The kinds of grid.
const (
	// Squares: positions are whole cells.
	Squares = "squares"
	// Open: positions are any point of a plane.
	Open = "open"
)

// Place is one entry of a turn order: a combatant, or a group that takes
// its turn together with its members.
type Place struct {
	// ID is the combatant's id, or the group's.
	ID string `json:"id"`
	// Name is the name shown (the id when it has none).
	Name string `json:"name,omitempty"`
	// Members are a group's combatants, each marked as an entry of its
	// own is; none for a combatant.
	Members []Place `json:"members,omitempty"`
	// Initiative is what the entry rolled for its place, where the rules
	// roll one and it is rolled; nil otherwise.
	Initiative *int `json:"initiative,omitempty"`
	// Current marks the entry whose turn it is. No entry is current
	// before the first turn, between rounds and once the fight is over.
	Current bool `json:"current,omitempty"`
	// Done marks an entry that has had its turn this round.
	Done bool `json:"done,omitempty"`
	// Down marks a combatant out of the fight for now (unconscious,
	// incapacitated, dying), Dead one dead; for a group, every member is
	// down or dead (BoardOf marks groups from their members).
	Down bool `json:"down,omitempty"`
	Dead bool `json:"dead,omitempty"`
	// Absent marks a combatant (or a group) not yet in the fight: one the
	// encounter brings in later.
	Absent bool `json:"absent,omitempty"`
}

// Piece is one combatant on a board.
type Piece struct {
	// ID is the combatant's id, and Name the name shown.
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Side is its side, or its group where the ruleset has groups.
	Side string `json:"side,omitempty"`
	// X and Y are where it stands, in the grid's unit: x east, y north.
	X float64 `json:"x"`
	Y float64 `json:"y"`
	// Absent marks a combatant not yet in the fight, drawn where it will
	// come in.
	Absent bool `json:"absent,omitempty"`
	// Reach lists how far its weapons strike and shoot, when the state
	// shows them.
	Reach []Reach `json:"reach,omitempty"`
}

// Reach is how far one weapon strikes (a melee reach) or shoots (a
// range), in the grid's unit.
type Reach struct {
	// Weapon names the weapon.
	Weapon string `json:"weapon"`
	// Kind is "reach" or "range".
	Kind string `json:"kind" enum:"reach,range"`
	// Distance is how far, in the grid's unit: the farthest a target may
	// stand and still be struck or shot at (for a range, at its longest).
	Distance float64 `json:"distance"`
}

// Boards is the capability of describing a fight as a board (see Board):
// its turn order as data and, for a ruleset with positions, its map.
// Without it a user interface lists the roster, with no turn marked.
type Boards[S any] interface {
	// Board describes s. s is the state as the viewer sees it (redacted
	// when the ruleset has Secrets), so a board shows only what the
	// state it is made from shows: a combatant hidden from the viewer
	// stands where the view places it. It leaves Deciding empty (BoardOf
	// fills it), and must not modify s.
	Board(s *S) Board
}

// BoardOf returns the board of the state s as v may see it, or false when
// the ruleset does not describe one. It names who decides (as the prompt
// v sees does) and marks each group of the order down or dead when all
// its members are.
func BoardOf[S, C, E any](r Ruleset[S, C, E], s *S, v Viewer) (Board, bool) {
	bd, ok := r.(Boards[S])
	if !ok {
		return Board{}, false
	}
	view := View(r, s, v)
	b := bd.Board(&view)
	if p := ViewPrompt(r, s, v); p.Kind != End {
		b.Deciding = p.Actor
	}
	for i := range b.Order {
		markGroup(&b.Order[i])
	}
	return b, true
}

// markGroup marks a group down when every member is down or dead, and dead
// when every member is dead.
func markGroup(g *Place) {
	if len(g.Members) == 0 {
		return
	}
	down, dead := true, true
	for _, m := range g.Members {
		down = down && (m.Down || m.Dead)
		dead = dead && m.Dead
	}
	g.Dead = dead
	g.Down = down && !dead
}
