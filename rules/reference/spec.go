package reference

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is the reference ruleset's encounter file, as package scenario
// decodes it: the yaml tags name the keys, and the doc, required, min, max
// and enum tags are what fray schema and the loader's messages say about
// them. The loader reads the top-level "ruleset" key itself.
type Spec struct {
	Title      string      `yaml:"title" doc:"what the fight is called"`
	Sides      []SideSpec  `yaml:"sides" required:"true" min:"2" max:"20" doc:"the sides of the fight"`
	Combatants []Combatant `yaml:"combatants" required:"true" min:"2" max:"100" doc:"who fights, in turn order"`
	Scene      Scene       `yaml:"scene" doc:"where the fight happens"`

	// Begin is the starting state, decoded from "start:" by the loader
	// through StartingState; zero when the file has none.
	Begin Start `yaml:"-"`
}

// SideSpec is one side of an encounter.
type SideSpec = parts.SideSpec

// Scene is where a fight happens.
type Scene struct {
	Light string            `yaml:"light" enum:"day,dusk,night" doc:"how well people see: dusk takes 1 from attack rolls, night 2"`
	Notes map[string]string `yaml:"notes" max:"100" doc:"free notes for the GM; the rules do not read them"`
}

// Start validates the spec and starts the fight as a Table.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// State validates the spec and returns the fight's first state, the first
// combatant to act. Every problem is reported, each as an
// *engine.FieldError naming its field, joined with errors.Join, so that
// the loader can point at the line of each. What the tags say (required
// fields, ranges, enums) the loader has checked already.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	sides := parts.SideIDs(bad, sp.Sides)
	s := State{Light: sp.Scene.Light, Round: 1}
	for i, c := range sp.Combatants {
		at := fmt.Sprintf("combatants[%d]", i)
		parts.CheckCombatantID(bad, at, c.ID, word(c.ID), "a-z, 0-9, -", s.Combatant(c.ID) != nil)
		parts.CheckSide(bad, at, c.Side, sides)
		for j, w := range c.Weapons {
			switch {
			case !word(w.Name):
				bad(fmt.Sprintf("%s.weapons[%d].name", at, j), "%q is not a lowercase word (a-z, 0-9, -)", w.Name)
			case c.Weapon(w.Name) != &c.Weapons[j]:
				bad(fmt.Sprintf("%s.weapons[%d].name", at, j), "%s has two weapons called %q", c.ID, w.Name)
			}
			if w.Kind == "thrown" && w.Bonus > MaxThrownBonus {
				bad(fmt.Sprintf("%s.weapons[%d].bonus", at, j), "a thrown weapon's bonus is at most %d, not %d", MaxThrownBonus, w.Bonus)
			}
		}
		c.Weapons = slices.Clone(c.Weapons)
		s.Combatants = append(s.Combatants, c)
	}
	parts.CheckSidesUsed(bad, sp.Sides, sp.Combatants, func(c Combatant) string { return c.Side })
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	startRound(&s, 1)
	sp.Begin.applyStart(&s, bad)
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	return s, nil
}

// word reports whether id is a lowercase word, as commands name things.
func word(id string) bool {
	return id != "" && !strings.ContainsFunc(id, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-'
	})
}

//go:embed content/*.yaml
var contentFS embed.FS

// Content returns the bundled content by name (the file name without
// .yaml): stat blocks, weapons and encounters that files bring in with
// "use: NAME".
func Content() map[string][]byte { return parts.YAMLDocuments(contentFS, "content") }

// Plugin is everything the reference ruleset offers a program: one line in
// catalog.All (with the package's import) wires it into every command.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "the reference ruleset: d20 attacks, feints in secret, dodges and a GM ruling each round; the example to copy", Content)
}

// Info is the ruleset's entry for an engine.Registry: Plugin().Info().
func Info() engine.RulesetInfo { return Plugin().Info() }
