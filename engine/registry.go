package engine

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// RulesetInfo describes a ruleset a program offers and how to start its
// encounters. Programs build their Registry explicitly from these; nothing
// registers itself.
type RulesetInfo struct {
	// ID is the ruleset's id, as encounter files name it.
	ID string
	// Summary says in one line what the system is.
	Summary string
	// NewSpec returns a pointer to a new, empty encounter spec: the Go form
	// of the ruleset's encounter file, which the file is decoded into.
	NewSpec func() EncounterSpec
	// Content returns the ruleset's bundled content (stat blocks, weapons,
	// encounters) as named YAML documents; may be nil.
	Content func() map[string][]byte
}

// Plugin is everything a ruleset package offers a program, with its types:
// the game and how to start its encounters. A ruleset package exports one
// (conventionally a function named Plugin); a program turns it into a
// RulesetInfo for its Registry and hands the Game to the adapters it wires
// (simulation, exact odds), so that adding a ruleset is one line.
type Plugin[S, C, E any] struct {
	// Game is the ruleset itself.
	Game Game[S, C, E]
	// Summary says in one line what the system is.
	Summary string
	// NewSpec returns a pointer to a new, empty encounter spec: the Go form
	// of the ruleset's encounter file, which the file is decoded into.
	NewSpec func() EncounterSpec
	// Content returns the ruleset's bundled content (stat blocks, weapons,
	// encounters) as named YAML documents; may be nil.
	Content func() map[string][]byte
}

// Info returns the plugin's description for a Registry.
func (p Plugin[S, C, E]) Info() RulesetInfo {
	return RulesetInfo{ID: p.Game.ID(), Summary: p.Summary, NewSpec: p.NewSpec, Content: p.Content}
}

// EncounterSpec is a decoded encounter file of one ruleset.
type EncounterSpec interface {
	// Start validates the spec and starts the encounter. Problems with
	// particular fields are reported as *FieldError (or several, joined
	// with errors.Join), so that the loader can point at the file line.
	Start() (Table, error)
}

// FieldError is a problem with one field of an encounter file.
type FieldError struct {
	// Path locates the field, as in "combatants[1].weapons[0].damage";
	// names are the file's keys.
	Path string
	// Msg says what is wrong and what is allowed.
	Msg string
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Msg }

// Registry maps ruleset ids to rulesets, and the names of their bundled
// encounters to the encounters.
type Registry struct {
	rulesets   map[string]RulesetInfo
	encounters []BundledEncounter // by ruleset, then name
	byName     map[string]int     // index in encounters
}

// BundledEncounter is an encounter file a ruleset bundles, found by its
// name alone (fray play NAME, the server's bundled encounters).
type BundledEncounter struct {
	// Name is its name in the ruleset's content; Ruleset the id of the
	// ruleset that bundles it.
	Name, Ruleset string
	// Text is the encounter file.
	Text []byte
}

// NewRegistry returns a registry of the given rulesets. Two with the same id
// are an error, and so are two bundled encounters of the same name: a name
// must find one encounter.
func NewRegistry(infos ...RulesetInfo) (*Registry, error) {
	r := &Registry{rulesets: map[string]RulesetInfo{}, byName: map[string]int{}}
	for _, info := range infos {
		if _, dup := r.rulesets[info.ID]; dup {
			return nil, fmt.Errorf("ruleset %q registered twice", info.ID)
		}
		r.rulesets[info.ID] = info
	}
	for _, id := range r.IDs() {
		info := r.rulesets[id]
		if info.Content == nil {
			continue
		}
		content := info.Content()
		for _, name := range slices.Sorted(maps.Keys(content)) {
			if !isEncounter(content[name]) {
				continue
			}
			if i, dup := r.byName[name]; dup {
				return nil, fmt.Errorf("rulesets %q and %q both bundle an encounter named %q: an encounter is found by its name alone, so one of them must be renamed", r.encounters[i].Ruleset, id, name)
			}
			r.byName[name] = len(r.encounters)
			r.encounters = append(r.encounters, BundledEncounter{Name: name, Ruleset: id, Text: content[name]})
		}
	}
	return r, nil
}

// isEncounter reports whether a document of a ruleset's content is an
// encounter file (which names its ruleset) rather than a stat block or a
// weapon.
func isEncounter(doc []byte) bool { return bytes.Contains(doc, []byte("ruleset:")) }

// Encounters lists the bundled encounters of every registered ruleset, by
// ruleset id, then name. The list is the registry's: not to be changed.
func (r *Registry) Encounters() []BundledEncounter { return r.encounters }

// Encounter returns the bundled encounter called name, whichever ruleset
// bundles it.
func (r *Registry) Encounter(name string) (BundledEncounter, bool) {
	i, ok := r.byName[name]
	if !ok {
		return BundledEncounter{}, false
	}
	return r.encounters[i], true
}

// Lookup returns the ruleset with the given id, or an error listing the
// known ones.
func (r *Registry) Lookup(id string) (RulesetInfo, error) {
	info, ok := r.rulesets[id]
	if !ok {
		return RulesetInfo{}, fmt.Errorf("unknown ruleset %s (known: %s)", Quote(id), strings.Join(r.IDs(), ", "))
	}
	return info, nil
}

// IDs lists the registered ruleset ids in order.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.rulesets))
	for id := range r.rulesets {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
