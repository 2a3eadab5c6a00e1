package woundslots

import (
	"fmt"

	"fray/engine"
)

// CoverRuled: the GM rules the cover a creature has now (R10, section 6:
// a low wall may raise it).
type CoverRuled struct {
	Combatant string `json:"combatant"`
	Cover     string `json:"cover,omitempty"`
}

func (e *CoverRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Cover = e.Cover
	}
}

func (e *CoverRuled) describe(s *State) string {
	if e.Cover == "" {
		return fmt.Sprintf("the GM rules %s in no cover", e.Combatant)
	}
	return fmt.Sprintf("the GM rules %s behind %s cover", e.Combatant, e.Cover)
}

// Cover is the GM's ruling of a creature's cover (R10, section 6):
// quarter, half, three, slit or none.
type Cover struct {
	Target string `json:"target"`
	Cover  string `json:"cover"`
}

// The kinds of cover.go's command and event.
var (
	_              = engine.Add[Cover](commands, "cover")
	coverRuledKind = engine.Add[CoverRuled](events, "cover_ruled")
)

func (*Cover) command() {}

// cover is the GM's ruling of a creature's cover at any point of a fight
// (R10, section 6): the map's line of sight is the GM's to judge.
func (r *run) cover(actor string, c *Cover) error {
	s := r.s
	t := s.Combatant(c.Target)
	switch {
	case actor != engine.GM:
		return refuse(engine.NotYourTurn, "only the GM rules cover")
	case t == nil:
		return s.noCombatant(c.Target)
	}
	to := c.Cover
	if to == "none" {
		to = ""
	}
	if _, ok := coverMods[to]; !ok {
		return refuse(engine.Invalid, "%q is not a cover: quarter, half, three (quarters), slit (nine tenths) or none", c.Cover)
	}
	r.emit(engine.New(r.h.arena(), coverRuledKind, CoverRuled{Combatant: t.ID, Cover: to}))
	return nil
}
