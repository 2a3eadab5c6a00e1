package maneuvers

import (
	"strings"

	"fray/engine"
)

// Sheets describes each combatant for the table: its Health Pool out of
// its maximum, its AP out of the round's 3 and the Attack-trait actions it
// has made this round out of 2; then its conditions with how long each
// lasts. A combatant hidden from the viewer shows none of these (R36).
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		if c.Unseen {
			sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{}}
			sh.Suffers("hidden from you: its health, AP and state unseen", "until it attacks or is found (R36)")
			return sh
		}
		sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{
			{Name: "HP", Value: c.HP, Max: c.Health},
			{Name: "AP", Value: c.AP, Max: APPerRound},
			{Name: "attacks", Value: c.Attacks, Max: AttacksPerRound},
		}}
		writeConditions(&sh, s, c)
		return sh
	})
}

// writeConditions adds to sh what c suffers or keeps up.
func writeConditions(sh *engine.Sheet, s *State, c *Combatant) {
	add := sh.Suffers
	nameOf := func(id string) string {
		if id == SomeoneUnseen {
			return "someone hidden from you"
		}
		if t := s.Combatant(id); t != nil && t.Name != "" {
			return t.Name
		}
		return id
	}
	switch {
	case c.Dead:
		add("dead", "")
	case c.Unconscious:
		add("unconscious: every test and defence fails", "until healed above 0 HP (R34)")
	}
	if c.Surprised {
		add("surprised", "no turn and no reactions in round 1")
	}
	if c.Prone {
		add("prone: a bane on style and Dodge tests", "until it stands up (R34)")
	}
	if c.IsDazed {
		add("dazed: a bane on every test", c.Dazed.String()+" (R34)")
	}
	if c.GrappledBy != "" {
		add("grappled by "+nameOf(c.GrappledBy), "until released, or more than 1 m apart (R35)")
	}
	if c.Braced {
		add("braced: a boon on its next defence", "until it next defends (A18)")
	}
	if c.Feinting != "" {
		add("feinting "+nameOf(c.Feinting), "a boon on its next Strike at them, lost by any other action first (A17)")
	}
	if len(c.HiddenFrom) > 0 {
		names := make([]string, len(c.HiddenFrom))
		for i, id := range c.HiddenFrom {
			names[i] = nameOf(id)
		}
		add("hidden from "+strings.Join(names, ", "), "")
	}
}
