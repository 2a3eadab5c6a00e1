package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"fray/engine"
)

// What a player sees of non-player characters: their public fields only.
// The GM sees every field of every combatant; a player sees every field of
// their own combatant and of the player characters, and of every other
// combatant (an NPC) only what anyone at the table would see: its id and
// name, its side or group, where it stands (as the ruleset's view places
// it), its initiative, and a condition band (unhurt, hurt, badly hurt,
// down, dead) instead of its numbers. One helper for every ruleset, applied
// to the state and the sheets a player reads, after the ruleset's own view
// (engine.Secrets) has hidden what the rules hide.
//
// Who is a player character is read from the state's combatants, the same
// way for every ruleset: a combatant marked "pc": true (maneuvers,
// woundslots), or a member of a group marked "players": true
// (blackpowder). A fight that marks nobody (tempo, vigor, the reference
// ruleset, or an encounter that does not say) counts the viewer's own side
// as player characters and every other side's combatants as NPCs.

// Condition bands, from a combatant's sheet.
const (
	bandUnhurt    = "unhurt"
	bandHurt      = "hurt"
	bandBadlyHurt = "badly hurt"
	bandDown      = "down"
	bandDead      = "dead"
)

// publicFields are the fields of an NPC's state a player keeps.
var publicFields = map[string]bool{
	"id": true, "name": true, "side": true, "group": true,
	"x": true, "y": true, "at": true, "space": true, "present": true,
	"initiative": true,
}

// lifeNumber matches the names of the numbers a sheet gives for a
// combatant's life: LP, HP, health, Vigor.
var lifeNumber = regexp.MustCompile(`(?i)^(lp|hp|health|vigor|life)$`)

// downCondition matches the conditions of a combatant out of the fight for
// now.
var downCondition = regexp.MustCompile(`(?i)^(down|unconscious|incapacitated|dying|out of the fight)`)

// band is a combatant's condition in a word, from its sheet: dead or down
// by its conditions; else by its life numbers (the lowest share of their
// maximum: all of it unhurt, half or more hurt, less badly hurt, none
// down); else by its wounds by level (none unhurt, light or moderate ones
// hurt, from the third level on badly hurt, the last level down).
func band(sh engine.Sheet) string {
	for _, c := range sh.Conditions {
		n := strings.ToLower(c.Name)
		if strings.HasPrefix(n, "dead") {
			return bandDead
		}
	}
	for _, c := range sh.Conditions {
		if downCondition.MatchString(c.Name) {
			return bandDown
		}
	}
	share, found := 1.0, false
	for _, n := range sh.Numbers {
		if n.Max > 0 && lifeNumber.MatchString(n.Name) {
			found = true
			share = min(share, float64(n.Value)/float64(n.Max))
		}
	}
	if found {
		switch {
		case share <= 0:
			return bandDown
		case share < 0.5:
			return bandBadlyHurt
		case share < 1:
			return bandHurt
		}
		return bandUnhurt
	}
	var levels []engine.Number
	for _, n := range sh.Numbers {
		if strings.HasSuffix(strings.ToLower(n.Name), " wounds") && n.Max > 0 {
			levels = append(levels, n)
		}
	}
	worst := -1
	for i, n := range levels {
		if n.Value > 0 {
			worst = i
		}
	}
	switch {
	case worst < 0:
		return bandUnhurt
	case worst == len(levels)-1 && len(levels) > 1:
		return bandDown
	case worst >= 2:
		return bandBadlyHurt
	}
	return bandHurt
}

// cast is who the combatants of a state are, as far as telling player
// characters from NPCs goes (see above).
type cast struct {
	// ids are the combatants' ids, in the state's order.
	ids []string
	// marked is set when the state marks some combatant a player
	// character; pc holds those it marks.
	marked bool
	pc     map[string]bool
	// team is each combatant's side and group.
	team map[string]string
}

// castOf reads the cast of state (as JSON).
func castOf(state json.RawMessage) (cast, error) {
	var st struct {
		Groups []struct {
			ID      string `json:"id"`
			Players bool   `json:"players"`
		} `json:"groups"`
		Combatants []struct {
			ID    string `json:"id"`
			Side  string `json:"side"`
			Group string `json:"group"`
			PC    bool   `json:"pc"`
		} `json:"combatants"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		return cast{}, fmt.Errorf("reading the combatants: %w", err)
	}
	players := map[string]bool{}
	for _, g := range st.Groups {
		if g.Players {
			players[g.ID] = true
		}
	}
	c := cast{pc: map[string]bool{}, team: map[string]string{}}
	for _, x := range st.Combatants {
		c.ids = append(c.ids, x.ID)
		c.team[x.ID] = x.Side + "\x00" + x.Group
		if x.PC || players[x.Group] {
			c.marked = true
			c.pc[x.ID] = true
		}
	}
	return c, nil
}

// playerCharacter reports whether combatant id is a player character to
// the player of viewer: one the state marks; in a fight that marks
// nobody, one of the viewer's own side.
func (c cast) playerCharacter(id, viewer string) bool {
	if c.marked {
		return c.pc[id]
	}
	team, ok := c.team[viewer]
	return ok && c.team[id] == team
}

// anyonesCharacter reports whether combatant id is a player character to
// the table, as the GM lists the seats: one the state marks; in a fight
// that marks nobody, anyone, since each is their own side's.
func (c cast) anyonesCharacter(id string) bool {
	return !c.marked || c.pc[id]
}

// npcs returns the ids of the combatants of state (as JSON) that are NPCs
// to player viewer: not the viewer's own, and not player characters (see
// above).
func npcs(state json.RawMessage, viewer string) (map[string]bool, error) {
	c, err := castOf(state)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, id := range c.ids {
		if id != viewer && !c.playerCharacter(id, viewer) {
			out[id] = true
		}
	}
	return out, nil
}

// publicState returns state (as JSON) with each NPC's combatant cut to
// its public fields, and its condition band (from bands, by id) as
// "condition".
func publicState(state json.RawMessage, npc map[string]bool, bands map[string]string) (json.RawMessage, error) {
	if len(npc) == 0 {
		return state, nil
	}
	var st map[string]json.RawMessage
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	var cs []json.RawMessage
	if err := json.Unmarshal(st["combatants"], &cs); err != nil {
		return nil, fmt.Errorf("reading the combatants: %w", err)
	}
	for i, raw := range cs {
		var c map[string]json.RawMessage
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("reading a combatant: %w", err)
		}
		var id string
		if err := json.Unmarshal(c["id"], &id); err != nil || !npc[id] {
			continue
		}
		pub := map[string]json.RawMessage{}
		for k, v := range c {
			if publicFields[k] {
				pub[k] = v
			}
		}
		if b, ok := bands[id]; ok {
			pub["condition"], _ = json.Marshal(b)
		}
		var err error
		if cs[i], err = json.Marshal(pub); err != nil {
			return nil, fmt.Errorf("writing a combatant: %w", err)
		}
	}
	var err error
	if st["combatants"], err = json.Marshal(cs); err != nil {
		return nil, fmt.Errorf("writing the combatants: %w", err)
	}
	out, err := json.Marshal(st)
	if err != nil {
		return nil, fmt.Errorf("writing the state: %w", err)
	}
	return out, nil
}

// SheetView is a combatant's sheet as a viewer may see it, with its
// condition band.
type SheetView struct {
	engine.Sheet
	// Band is the combatant's condition in a word: unhurt, hurt, badly
	// hurt, down or dead.
	Band string `json:"band" enum:"unhurt,hurt,badly hurt,down,dead"`
	// Public is set on an NPC's sheet for a player: its numbers and
	// conditions are not theirs to see, only its band.
	Public bool `json:"public,omitempty"`
}

// publicSheets returns sheets as a viewer sees them: each with its band,
// an NPC's (npc, by id) with its band alone.
func publicSheets(sheets []engine.Sheet, npc map[string]bool) []SheetView {
	out := make([]SheetView, len(sheets))
	for i, sh := range sheets {
		out[i] = SheetView{Sheet: sh, Band: band(sh)}
		if sh.Numbers == nil {
			out[i].Numbers = []engine.Number{}
		}
		if npc[sh.Combatant] {
			out[i].Numbers, out[i].Conditions, out[i].Public = []engine.Number{}, nil, true
		}
	}
	return out
}
