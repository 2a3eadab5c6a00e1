package engine

// Sheet is what a person at the table needs to know of one combatant at a
// glance, as the ruleset describes it (see Sheets): its key numbers, such
// as life points, action points, Vigor or wounds by level, and the
// conditions it suffers with how long each lasts. It is data for a user
// interface: the tracker page draws a panel from it without code for any
// ruleset.
type Sheet struct {
	// Combatant is the combatant's id.
	Combatant string `json:"combatant"`
	// Numbers are the key numbers, most important first.
	Numbers []Number `json:"numbers"`
	// Conditions are the conditions the combatant suffers now (stunned,
	// off balance, bleeding), none when it suffers none.
	Conditions []Condition `json:"conditions,omitempty"`
}

// Number is one key number of a combatant, such as its life points.
type Number struct {
	// Name names the number as the ruleset's players know it: "LP", "AP",
	// "Vigor", "light wounds".
	Name string `json:"name"`
	// Value is the number now.
	Value int `json:"value"`
	// Max is its maximum, when it has one (life points out of their
	// maximum, wounds out of their slots); 0 when it has none.
	Max int `json:"max,omitempty"`
}

// Condition is one condition a combatant suffers.
type Condition struct {
	// Name names the condition: "stunned", "off balance".
	Name string `json:"name"`
	// Lasts says in words how long it lasts ("until the end of the round",
	// "2 more rounds"); empty when it lasts until something ends it.
	Lasts string `json:"lasts,omitempty"`
}

// Suffers adds a condition to the sheet: its name, and in words how long it
// lasts ("" until something ends it).
func (sh *Sheet) Suffers(name, lasts string) {
	sh.Conditions = append(sh.Conditions, Condition{Name: name, Lasts: lasts})
}

// SheetEach is what a ruleset's Sheets usually returns: one sheet for
// each of its combatants, in their order, made by sheet.
func SheetEach[T any](combatants []T, sheet func(c *T) Sheet) []Sheet {
	out := make([]Sheet, len(combatants))
	for i := range combatants {
		out[i] = sheet(&combatants[i])
	}
	return out
}
