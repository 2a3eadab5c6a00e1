package reference

import "fray/engine"

// Sheets describes each combatant for the table: its LP and defence, and
// its guard and being off balance with how long each lasts.
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{{Name: "LP", Value: c.LP}, {Name: "defence", Value: c.Defence}}}
		if !c.Guard.Over() {
			sh.Suffers("on guard", c.Guard.String())
		}
		if !c.OffBalance.Over() {
			sh.Suffers("off balance", c.OffBalance.String())
		}
		return sh
	})
}
