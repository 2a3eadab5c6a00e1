package main

import (
	"fmt"

	"fray/engine"
	"fray/rules/blackpowder"
)

// newRegistry returns the rulesets this program offers. Adding a ruleset
// is one line here: its package's Info().
func newRegistry() (*engine.Registry, error) {
	reg, err := engine.NewRegistry(
		blackpowder.Info(),
	)
	if err != nil {
		return nil, fmt.Errorf("building the ruleset registry: %w", err)
	}
	return reg, nil
}
