package loadgen

import (
	"fmt"

	"fray/engine"
	"fray/odds"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
)

// Catalog returns the rulesets whose bundled encounters the load plays
// (blackpowder, reference, tempo), and their odds calculators by ruleset
// id, for a server to be loaded.
func Catalog() (*engine.Registry, func(ruleset string) (odds.Calculator, error), error) {
	reg, err := engine.NewRegistry(blackpowder.Plugin().Info(), reference.Plugin().Info(), tempo.Plugin().Info())
	if err != nil {
		return nil, nil, err
	}
	calcs := map[string]odds.Calculator{}
	for id, calc := range map[string]func() (odds.Calculator, error){
		"blackpowder": func() (odds.Calculator, error) { return odds.For(blackpowder.Plugin().Game) },
		"reference":   func() (odds.Calculator, error) { return odds.For(reference.Plugin().Game) },
		"tempo":       func() (odds.Calculator, error) { return odds.For(tempo.Plugin().Game) },
	} {
		c, err := calc()
		if err != nil {
			return nil, nil, fmt.Errorf("the odds of %s: %w", id, err)
		}
		calcs[id] = c
	}
	return reg, func(id string) (odds.Calculator, error) {
		if c, ok := calcs[id]; ok {
			return c, nil
		}
		return nil, fmt.Errorf("no odds for %s", id)
	}, nil
}
