package server

import (
	"maps"
	"slices"

	"fray/engine"
	"fray/store"
)

// tableCache keeps the table the last odds job replayed from its fight's
// record, so that the next job of the same fight, a decision or a few
// later, folds only the decisions since instead of starting the
// encounter again and folding every one. Each odds worker (a goroutine
// or a process) has its own: not safe for concurrent use.
type tableCache struct {
	header  store.Header
	entries []store.Entry
	table   engine.Table
}

// replay returns the table of the record header and entries, from the
// cache when entries extend the record it holds by decisions alone, else
// replayed in full (and then held). The table is the cache's: read it,
// do not change it.
func (c *tableCache) replay(reg *engine.Registry, h store.Header, entries []store.Entry) (engine.Table, error) {
	if c.table != nil && sameHeader(c.header, h) && c.extendedBy(entries) {
		if err := store.Extend(c.table, entries[len(c.entries):]); err == nil {
			c.entries = slices.Clone(entries)
			return c.table, nil
		}
		// An undo since, or a decision that does not fold: the record is
		// replayed whole below.
	}
	c.table = nil
	t, err := store.Replay(reg, h, entries)
	if err != nil {
		return nil, err
	}
	c.header, c.entries, c.table = h, slices.Clone(entries), t
	return t, nil
}

// extendedBy reports whether entries begin with the record the cache
// holds: the same entries, in order (a fight's log only grows).
func (c *tableCache) extendedBy(entries []store.Entry) bool {
	if len(entries) < len(c.entries) {
		return false
	}
	for i, e := range c.entries {
		n := entries[i]
		if n.Version != e.Version || n.Kind != e.Kind || n.By != e.By ||
			n.Decision.Actor != e.Decision.Actor || string(n.Decision.Command) != string(e.Decision.Command) {
			return false
		}
	}
	return true
}

// sameHeader reports whether two headers start the same fight.
func sameHeader(a, b store.Header) bool {
	return a.ID == b.ID && a.Ruleset == b.Ruleset && a.Format == b.Format && a.Name == b.Name &&
		a.Source == b.Source && maps.Equal(a.Content, b.Content)
}
