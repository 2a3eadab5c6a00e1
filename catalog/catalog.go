// Package catalog is the list of rulesets fray offers, each wired to the
// adapters that run it: the registry that loads its files, its simulator
// and its exact-odds calculator. The command line, the server's tests, the
// odds benchmark and the load generator all take their rulesets from here,
// so a new ruleset added to All's list is offered and tested everywhere.
package catalog

import (
	"fmt"

	"fray/engine"
	"fray/odds"
	"fray/rules/blackpowder"
	"fray/rules/maneuvers"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/rules/vigor"
	"fray/rules/woundslots"
	"fray/sim"
)

// Ruleset is one ruleset with its adapters, built while its types are
// known.
type Ruleset struct {
	// Info is what the registry knows of the ruleset.
	Info engine.RulesetInfo
	// Simulator runs its fights in bulk.
	Simulator sim.Simulator
	// Calculator computes its exact odds; nil when OddsErr says why the
	// ruleset has none.
	Calculator odds.Calculator
	OddsErr    error
}

// Plug wires a ruleset's plugin into the adapters.
func Plug[S, C, E any](p engine.Plugin[S, C, E]) Ruleset {
	calc, err := odds.For(p.Game)
	return Ruleset{Info: p.Info(), Simulator: sim.For(p.Game), Calculator: calc, OddsErr: err}
}

// All returns every ruleset fray offers, in the order of their ids. This
// is the one list to extend when a ruleset is added.
func All() []Ruleset {
	return []Ruleset{
		Plug(blackpowder.Plugin()),
		Plug(maneuvers.Plugin()),
		Plug(reference.Plugin()),
		Plug(tempo.Plugin()),
		Plug(vigor.Plugin()),
		Plug(woundslots.Plugin()),
	}
}

// Catalog is a set of rulesets: the registry that loads their files and
// their adapters by ruleset id.
type Catalog struct {
	reg  *engine.Registry
	byID map[string]Ruleset
}

// New returns the catalog of every ruleset fray offers (All).
func New() (*Catalog, error) { return Of(All()...) }

// Of returns the catalog of the rulesets given, or an error when two share
// an id or a bundled encounter's name (see engine.NewRegistry).
func Of(rulesets ...Ruleset) (*Catalog, error) {
	c := &Catalog{byID: make(map[string]Ruleset, len(rulesets))}
	infos := make([]engine.RulesetInfo, len(rulesets))
	for i, r := range rulesets {
		infos[i] = r.Info
		c.byID[r.Info.ID] = r
	}
	reg, err := engine.NewRegistry(infos...)
	if err != nil {
		return nil, fmt.Errorf("building the ruleset registry: %w", err)
	}
	c.reg = reg
	return c, nil
}

// Registry returns the registry that loads the catalog's files.
func (c *Catalog) Registry() *engine.Registry { return c.reg }

// Rulesets returns the catalog's rulesets in the order of their ids.
func (c *Catalog) Rulesets() []Ruleset {
	out := make([]Ruleset, 0, len(c.byID))
	for _, id := range c.reg.IDs() {
		out = append(out, c.byID[id])
	}
	return out
}

// Simulator returns the Simulator of ruleset id.
func (c *Catalog) Simulator(id string) (sim.Simulator, error) {
	r, ok := c.byID[id]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %v)", id, c.reg.IDs())
	}
	return r.Simulator, nil
}

// Calculator returns the exact-odds Calculator of ruleset id, or an error
// saying what the ruleset lacks. Its signature is server.Config's Odds.
func (c *Catalog) Calculator(id string) (odds.Calculator, error) {
	r, ok := c.byID[id]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %v)", id, c.reg.IDs())
	}
	if r.OddsErr != nil {
		return nil, r.OddsErr
	}
	return r.Calculator, nil
}
