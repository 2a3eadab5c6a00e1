package vigor

import (
	"strconv"

	"fray/engine"
)

// Sheets describes each creature for the table: Vigor, Durability and
// Health out of their maxima (an object has Durability alone), Mana when
// it has any, and the actions left this turn; then its conditions with
// how long each lasts.
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		sh := engine.Sheet{Combatant: c.ID}
		if c.Object {
			sh.Numbers = []engine.Number{{Name: "Durability", Value: c.Durability, Max: c.DurabilityMax}}
		} else {
			sh.Numbers = []engine.Number{
				{Name: "Vigor", Value: c.Vigor, Max: c.VigorMax},
				{Name: "Durability", Value: c.Durability, Max: c.DurabilityMax},
				{Name: "Health", Value: c.Health, Max: c.HealthMax},
			}
			if c.ManaMax > 0 {
				sh.Numbers = append(sh.Numbers, engine.Number{Name: "Mana", Value: c.Mana, Max: c.ManaMax})
			}
			sh.Numbers = append(sh.Numbers, engine.Number{Name: "actions", Value: c.Left})
		}
		writeConditions(&sh, s, c)
		return sh
	})
}

// writeConditions adds to sh what c suffers or keeps up.
func writeConditions(sh *engine.Sheet, s *State, c *Combatant) {
	add := sh.Suffers
	nameOf := func(id string) string {
		if t := s.Combatant(id); t != nil && t.Name != "" {
			return t.Name
		}
		return id
	}
	switch {
	case c.Dead:
		add("dead", "")
	case c.Destroyed:
		add("destroyed", "")
	case c.Escaped:
		add("escaped", "")
	case c.Away:
		add("not arrived yet", "")
	case c.Shock && c.Stabilized:
		add("in Shock, stabilized", "until Health comes back (R35, R36)")
	case c.Shock:
		add("in Shock", strconv.Itoa(c.ShockLeft)+" Recovery Phase(s) left unless stabilized (R35)")
	}
	if c.Wounded {
		lasts := "until Durability is above 0 (R34)"
		if s.Options.WoundedEndsAtFullHealth {
			lasts = "until Durability is above 0 and Health is full (R34, A08)"
		}
		add("Wounded: bonus dice a step down", lasts)
	}
	if c.Winded {
		add("Winded: no actions, no reactions", "until Vigor is 5 or more (R38)")
	}
	if c.Bound {
		add("bound", "incapacitated until freed (R37)")
	}
	if c.Prone {
		add("knocked down", "until it stands up (R39)")
	}
	if c.Defending {
		add("defending", "until its next turn (R13)")
	}
	if c.Ready.Target != "" {
		add("readied against "+nameOf(c.Ready.Target), "until its next turn (R16)")
	}
	if c.Carry.Act != "" {
		add("in the middle of "+c.Carry.Act, strconv.Itoa(c.Carry.Owed)+" action(s) still owed (R10)")
	}
	if c.Unaware {
		add("unaware", "until attacked or its turn comes")
	}
	if c.Hidden {
		add("hidden", "until its first attack")
	}
}
