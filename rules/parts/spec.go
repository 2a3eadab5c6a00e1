package parts

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Problems collects what is wrong with an encounter spec, each problem an
// *engine.FieldError naming its field, so that the loader can point at the
// line of each. A spec's State reports every problem, not the first:
//
//	var problems parts.Problems
//	bad := problems.Add
//	...
//	if err := problems.Err(); err != nil {
//		return State{}, err
//	}
//
// The zero value is ready to use.
type Problems struct {
	errs []error
}

// Add records a problem with the field at path ("combatants[2].id").
func (p *Problems) Add(path, format string, args ...any) {
	p.errs = append(p.errs, &engine.FieldError{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// Join records problems found apart, each already naming its field.
func (p *Problems) Join(errs ...error) { p.errs = append(p.errs, errs...) }

// Err returns every problem recorded, joined with errors.Join in the order
// they were found; nil when there is none.
func (p *Problems) Err() error { return errors.Join(p.errs...) }

// SideSpec is one side of an encounter, for the rulesets whose encounter
// files list their sides ("sides:") and put each combatant on one.
type SideSpec struct {
	ID   string `yaml:"id" required:"true" doc:"the side's id, as combatants name it"`
	Name string `yaml:"name" doc:"the side's name"`
}

// SideIDs returns the ids of sides in order, reporting each id given
// twice.
func SideIDs(bad func(path, format string, args ...any), sides []SideSpec) []string {
	var ids []string
	for i, sd := range sides {
		if slices.Contains(ids, sd.ID) {
			bad(fmt.Sprintf("sides[%d].id", i), "side %q is defined twice", sd.ID)
		}
		ids = append(ids, sd.ID)
	}
	return ids
}

// CheckSide reports, at the combatant at path, a side that is not one of
// sides.
func CheckSide(bad func(path, format string, args ...any), path, side string, sides []string) {
	if !slices.Contains(sides, side) {
		bad(path+".side", "unknown side %q; sides: %s", side, strings.Join(sides, ", "))
	}
}

// CheckSidesUsed reports each side none of combatants is on; sideOf
// names a combatant's side.
func CheckSidesUsed[T any](bad func(path, format string, args ...any), sides []SideSpec, combatants []T, sideOf func(T) string) {
	for i, sd := range sides {
		if !slices.ContainsFunc(combatants, func(c T) bool { return sideOf(c) == sd.ID }) {
			bad(fmt.Sprintf("sides[%d]", i), "side %q has no combatants", sd.ID)
		}
	}
}

// WordChars lists, for an error message, the characters a Word may have.
const WordChars = "a-z, 0-9, -, _"

// Word reports whether id is a lowercase word, as commands name
// combatants, weapons and spells: letters a-z, digits, '-' and '_'.
func Word(id string) bool {
	return id != "" && !strings.ContainsFunc(id, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' && r != '_'
	})
}

// CheckCombatantID reports, at the combatant at path, an id that is not a
// word (word says whether it is, by the ruleset's rule, and chars which
// characters that rule allows), is the GM's, or is taken by an earlier
// combatant.
func CheckCombatantID(bad func(path, format string, args ...any), path, id string, word bool, chars string, taken bool) {
	switch {
	case !word:
		bad(path+".id", "%q is not a lowercase word (%s)", id, chars)
	case id == engine.GM:
		bad(path+".id", "%q is the game master's id", id)
	case taken:
		bad(path+".id", "combatant %q is defined twice", id)
	}
}
