package loadgen

import (
	"fray/catalog"
	"fray/engine"
	"fray/odds"
)

// Catalog returns what a loaded server serves, as fray serve does: the
// registry of every ruleset fray offers and their odds calculators by
// ruleset id. The load plays the encounters its Options name.
func Catalog() (*engine.Registry, func(ruleset string) (odds.Calculator, error), error) {
	c, err := catalog.New()
	if err != nil {
		return nil, nil, err
	}
	return c.Registry(), c.Calculator, nil
}
