package main

import (
	"fmt"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/tempo"
)

// newRegistry returns the rulesets this program offers. Adding a ruleset
// is one line here: its package's Info().
func newRegistry() (*engine.Registry, error) {
	reg, err := engine.NewRegistry(
		blackpowder.Info(),
		tempo.Info(),
	)
	if err != nil {
		return nil, fmt.Errorf("building the ruleset registry: %w", err)
	}
	return reg, nil
}
