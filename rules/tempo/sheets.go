package tempo

import (
	"strconv"

	"fray/engine"
)

// Sheets describes each combatant for the table: health out of its
// maximum and AP out of 12; then its status with whom it is bound,
// grappled or pinned, the aim it has taken, and being down or dead.
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{
			{Name: "health", Value: c.Health, Max: c.MaxHealth},
			{Name: "AP", Value: c.AP, Max: FullAP},
		}}
		add := sh.Suffers
		switch {
		case c.Dead:
			add("dead", "")
		case c.Down:
			add("down", "")
		case !c.Present && c.Joins > s.Round:
			// joins: N brings it in once N rounds are done, as round
			// N + 1 begins (R04, G8).
			add("not arrived yet", "joins as round "+strconv.Itoa(c.Joins+1)+" begins (G8)")
		}
		switch c.Status {
		case Bound:
			add("bound with "+nameIn(s, c.BoundWith), "until the bind is broken")
		case Grappled:
			for _, id := range c.GrappledWith {
				add("grappled with "+nameIn(s, id), "until released or escaped")
			}
		case Pinned:
			add("pinned by "+nameIn(s, c.PinnedBy), "until it escapes or is released")
		default:
			add(string(c.Status), "")
		}
		if c.Aimed != "" {
			lasts := "for its next attack with it this turn (R14)"
			if s.Options.AimPersists {
				lasts = "while it goes on attacking with it"
			}
			add("aimed with the "+c.Aimed, lasts)
		}
		return sh
	})
}

// nameIn is the name of the combatant with the given id, or the id.
func nameIn(s *State, id string) string {
	if c := s.combatant(id); c != nil {
		return c.Name
	}
	return id
}
