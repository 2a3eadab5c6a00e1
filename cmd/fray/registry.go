package main

import (
	"fray/catalog"
	"fray/engine"
)

// newCatalog returns the rulesets this program offers, each wired into
// every command (play, check, schema, sim, odds, serve): fray/catalog's
// list.
func newCatalog() (*catalog.Catalog, error) { return catalog.New() }

// newRegistry returns the registry of the rulesets this program offers.
func newRegistry() (*engine.Registry, error) {
	c, err := newCatalog()
	if err != nil {
		return nil, err
	}
	return c.Registry(), nil
}
