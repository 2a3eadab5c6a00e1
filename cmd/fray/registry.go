package main

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

// plugins lists every ruleset this program offers, each wired into every
// command (play, check, schema, sim, odds) from this one line.
func plugins() []plugged {
	return []plugged{
		plug(blackpowder.Plugin()),
		plug(maneuvers.Plugin()),
		plug(reference.Plugin()),
		plug(tempo.Plugin()),
		plug(vigor.Plugin()),
		plug(woundslots.Plugin()),
	}
}

// plugged is one ruleset with the adapters the commands use, built while
// its types are known.
type plugged struct {
	info       engine.RulesetInfo
	simulator  sim.Simulator
	calculator odds.Calculator // nil when oddsErr says why not
	oddsErr    error
}

// plug wires a ruleset's plugin into the adapters.
func plug[S, C, E any](p engine.Plugin[S, C, E]) plugged {
	calc, err := odds.For(p.Game)
	return plugged{info: p.Info(), simulator: sim.For(p.Game), calculator: calc, oddsErr: err}
}

// catalog is the rulesets this program offers: the registry that loads
// their files, and their adapters by ruleset id.
type catalog struct {
	reg  *engine.Registry
	byID map[string]plugged
}

// newCatalog builds the catalog from plugins.
func newCatalog() (*catalog, error) {
	all := plugins()
	c := &catalog{byID: make(map[string]plugged, len(all))}
	infos := make([]engine.RulesetInfo, len(all))
	for i, p := range all {
		infos[i] = p.info
		c.byID[p.info.ID] = p
	}
	reg, err := engine.NewRegistry(infos...)
	if err != nil {
		return nil, fmt.Errorf("building the ruleset registry: %w", err)
	}
	c.reg = reg
	return c, nil
}

// newRegistry returns the registry of the rulesets this program offers.
func newRegistry() (*engine.Registry, error) {
	c, err := newCatalog()
	if err != nil {
		return nil, err
	}
	return c.reg, nil
}

// simulator returns the Simulator of ruleset id.
func (c *catalog) simulator(id string) (sim.Simulator, error) {
	p, ok := c.byID[id]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %v)", id, c.reg.IDs())
	}
	return p.simulator, nil
}

// calculator returns the exact-odds Calculator of ruleset id, or an error
// saying what the ruleset lacks.
func (c *catalog) calculator(id string) (odds.Calculator, error) {
	p, ok := c.byID[id]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %v)", id, c.reg.IDs())
	}
	if p.oddsErr != nil {
		return nil, p.oddsErr
	}
	return p.calculator, nil
}
