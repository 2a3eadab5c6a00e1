package server

import (
	"encoding/json"
	"fmt"
	"strings"

	"fray/engine"
)

// A board is where a fight's combatants stand, as one viewer may know it,
// for a map: read from the state the viewer is sent (after the ruleset's
// view and the NPCs' cut, so that a position the rules hide from a viewer,
// such as a maneuvers combatant hidden from them, is never on their
// board, and a combatant the view marks unseen, such as a vigor creature
// hidden from them, is not on it at all), with the ruleset's grid, the round in play, and the reach and
// range of the weapons of whoever decides. What each ruleset's state
// holds and means is said once, in boardRules below: the one place a
// future engine capability would take over.

// Board is a fight's map as a viewer may know it. It is part of the view
// (GET /fights/{id}), for the rulesets whose states hold positions.
type Board struct {
	// Grid is the ruleset's geometry.
	Grid Grid `json:"grid"`
	// Round is the round in play, counted from 1; 0 before the first
	// (while initiative is rolled).
	Round int `json:"round" doc:"the round in play, from 1; 0 before the first"`
	// Turn is who must decide now ("gm" for a GM's ruling), "" at the end.
	Turn string `json:"turn,omitempty"`
	// Pieces are the combatants, where they stand.
	Pieces []Piece `json:"pieces"`
	// Reach lists the reach and range of the weapons of whoever decides
	// (Turn), when the state shows them to the viewer.
	Reach []Reach `json:"reach,omitempty"`
	// Move is the command that moves the one deciding to a point, with
	// {x} and {y} for its coordinates ("move {x},{y}").
	Move string `json:"move,omitempty" doc:"the command moving the one deciding to a point, with {x} and {y} in it"`
}

// Grid is a ruleset's geometry: squares (whole-number cells) or an open
// plane, and the unit of its distances.
type Grid struct {
	// Kind is "squares" (positions are whole cells) or "open" (any point).
	Kind string `json:"kind" enum:"squares,open"`
	// Unit is what one step of a coordinate is: "square", "yard",
	// "metre", "foot".
	Unit string `json:"unit"`
	// Diagonal says how far a diagonal step of one square goes: 1 when
	// distances count the larger of the two differences (squares only).
	Diagonal float64 `json:"diagonal,omitempty"`
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
	// Absent is set for a combatant not yet in the fight (tempo's late
	// joiners).
	Absent bool `json:"absent,omitempty"`
}

// Reach is how far one weapon of the one deciding strikes (reach) or
// shoots (range), in the grid's unit.
type Reach struct {
	Weapon   string  `json:"weapon"`
	Kind     string  `json:"kind" enum:"reach,range"`
	Distance float64 `json:"distance"`
}

// boardRule is what one ruleset's state holds of positions.
type boardRule struct {
	grid Grid
	// at is the combatant's field holding its position as {x, y}; ""
	// when the position is the combatant's own x and y.
	at string
	// reach and ranges are the weapon fields of a melee reach and a
	// shooting range, in the grid's unit; gap adds one to a reach that
	// counts the squares between (0 adjacent).
	reach, ranges []string
	gap           bool
	// round is the round in play from the state's round field and whether
	// the fight has started.
	round func(round int, started bool) int
	move  string
}

// boardRules are the rulesets whose states hold positions.
var boardRules = map[string]boardRule{
	"tempo": {
		grid: Grid{Kind: "squares", Unit: "square", Diagonal: 1}, at: "at",
		reach: []string{"reach"}, ranges: []string{"range"},
		// tempo counts the rounds completed (R02): the one in play is the next.
		round: func(r int, started bool) int {
			if !started {
				return 0
			}
			return r + 1
		},
		move: "move {x},{y}",
	},
	"woundslots":  {grid: Grid{Kind: "squares", Unit: "yard", Diagonal: 1}, reach: []string{"reach"}, gap: true, ranges: []string{"increment"}, move: "move {x},{y}"},
	"maneuvers":   {grid: Grid{Kind: "open", Unit: "metre"}, reach: []string{"reach"}, ranges: []string{"range"}, move: "move {x},{y}"},
	"vigor":       {grid: Grid{Kind: "open", Unit: "foot"}, reach: []string{"reach_ft"}, ranges: []string{"range_ft", "max_range_ft"}, move: "move {x},{y}"},
	"blackpowder": {grid: Grid{Kind: "open", Unit: "metre"}, ranges: []string{"range_normal", "range_far"}, move: "move {x} {y}"},
}

// boardOf makes the board of a ruleset's state (JSON, as the viewer is sent
// it), with the sheets' bands, for a prompt; nil for a ruleset whose state
// holds no positions.
func boardOf(ruleset string, state json.RawMessage, sheets []SheetView, p engine.Prompt[string]) (*Board, error) {
	rule, ok := boardRules[ruleset]
	if !ok {
		return nil, nil
	}
	var st struct {
		Round      int                          `json:"round"`
		Started    *bool                        `json:"started"`
		Combatants []map[string]json.RawMessage `json:"combatants"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, fmt.Errorf("the board: reading the state: %w", err)
	}
	b := &Board{Grid: rule.grid, Round: st.Round, Pieces: []Piece{}, Move: rule.move}
	if rule.round != nil {
		b.Round = rule.round(st.Round, st.Started != nil && *st.Started)
	}
	if p.Kind != engine.End {
		b.Turn = p.Actor
	}
	bands := map[string]string{}
	for _, sh := range sheets {
		bands[sh.Combatant] = sh.Band
	}
	for _, c := range st.Combatants {
		var pc struct {
			ID      string   `json:"id"`
			Name    string   `json:"name"`
			Side    string   `json:"side"`
			Group   string   `json:"group"`
			X       *float64 `json:"x"`
			Y       *float64 `json:"y"`
			Present *bool    `json:"present"`
			Unseen  bool     `json:"unseen"`
			Weapons []map[string]json.RawMessage
		}
		raw, _ := json.Marshal(c)
		if err := json.Unmarshal(raw, &pc); err != nil {
			return nil, fmt.Errorf("the board: reading a combatant: %w", err)
		}
		if rule.at != "" {
			if err := json.Unmarshal(c[rule.at], &pc); err != nil {
				return nil, fmt.Errorf("the board: reading %s's %s: %w", pc.ID, rule.at, err)
			}
		}
		if pc.X == nil || pc.Y == nil || pc.Unseen {
			continue // a position the viewer is not shown, or one the view marks unseen (vigor's hidden creatures)
		}
		side := pc.Side
		if side == "" {
			side = pc.Group
		}
		b.Pieces = append(b.Pieces, Piece{ID: pc.ID, Name: pc.Name, Side: side, X: *pc.X, Y: *pc.Y, Band: bands[pc.ID], Absent: pc.Present != nil && !*pc.Present})
		if pc.ID == b.Turn {
			b.Reach = weaponReach(rule, pc.Weapons)
		}
	}
	return b, nil
}

// weaponReach lists the reach and range of weapons, by the fields rule
// names.
func weaponReach(rule boardRule, weapons []map[string]json.RawMessage) []Reach {
	var out []Reach
	add := func(w map[string]json.RawMessage, kind string, fields []string, extra float64) {
		var name string
		json.Unmarshal(w["name"], &name) //nolint:errcheck // a weapon without a name is named ""
		for _, f := range fields {
			var d float64
			if json.Unmarshal(w[f], &d) == nil && d > 0 {
				out = append(out, Reach{Weapon: strings.TrimSpace(name), Kind: kind, Distance: d + extra})
			}
		}
	}
	for _, w := range weapons {
		gap := 0.0
		if rule.gap {
			gap = 1
		}
		add(w, "reach", rule.reach, gap)
		add(w, "range", rule.ranges, 0)
	}
	return out
}
