package server

import (
	"encoding/json"
	"fmt"

	"fray/engine"
	"fray/store"
)

// renders is what a server keeps of a live fight as its viewers see it,
// so that a decision, a read or a live-stream message renders only what is
// new: for each viewer, a run of its transcript's entries, and the prompt
// and state at the fight's current version.
//
// How a viewer sees a decision depends only on the decisions before it
// (engine.Table.TranscriptFrom), so a rendered entry stays true until it
// is taken back; a fight's log only grows, and the same in every process,
// so the entries appended since the cache's version say which were taken
// back, whether they came through this Fight or were loaded anew after
// another process appended. A renders belongs to its live fight and is
// used under its lock.
type renders struct {
	// version is the fight's version the cache is at, and active the
	// number of decisions then in force.
	version int64
	active  int
	// runs holds, by viewer, entries of its transcript.
	runs map[engine.Viewer]*run
	// prompts and looks are by viewer, at version.
	prompts map[engine.Viewer]engine.Prompt[string]
	looks   map[engine.Viewer]*look
}

// look is a fight's state, sheets and board as one viewer sees them:
// after the ruleset's view, with the NPCs cut to their public fields for
// a player (see npc.go).
type look struct {
	state     json.RawMessage
	sheets    []SheetView
	described bool
	board     *Board
}

// run is entries first, first+1, ... of a viewer's transcript. Its
// entries slice is handed out to be read, never changed: entries are only
// appended to it, and when some are taken back its capacity is cut, so
// that the next append copies.
type run struct {
	first   int
	entries []engine.Entry
}

// reset empties the cache and sets it at f's version.
func (c *renders) reset(f *store.Fight) {
	*c = renders{
		version: f.Version(), active: f.Table().Len(),
		runs:    map[engine.Viewer]*run{},
		prompts: map[engine.Viewer]engine.Prompt[string]{},
		looks:   map[engine.Viewer]*look{},
	}
}

// sync brings the cache to f's version: the entries appended since drop
// the rendered decisions they took back, and the prompts and states of the
// earlier version go.
func (c *renders) sync(f *store.Fight) {
	if c.runs != nil && f.Version() == c.version {
		return
	}
	if c.runs == nil || f.Version() < c.version {
		c.reset(f)
		return
	}
	for _, e := range f.Entries()[c.version:f.Version()] {
		if e.Kind == store.Decision {
			c.active++
			continue
		}
		c.active--
		for v, r := range c.runs {
			switch keep := c.active - r.first; {
			case keep <= 0:
				delete(c.runs, v)
			case keep < len(r.entries):
				r.entries = r.entries[:keep:keep]
			}
		}
	}
	if c.active != f.Table().Len() {
		// Not the log this cache was made from: start again.
		c.reset(f)
		return
	}
	c.version = f.Version()
	clear(c.prompts)
	clear(c.looks)
}

// transcript returns v's transcript of f from decision from on, rendering
// only the entries not yet rendered for v. The slice is shared: read it,
// do not change it.
func (c *renders) transcript(f *store.Fight, v engine.Viewer, from int) []engine.Entry {
	c.sync(f)
	t := f.Table()
	n := t.Len()
	from = max(0, min(from, n))
	r := c.runs[v]
	if r == nil || from < r.first || from > r.first+len(r.entries) {
		// Nothing rendered, or not the entries wanted: a new run. A run
		// that ends before from is replaced rather than extended, so that
		// a viewer who only decides (and reads no transcript) costs one
		// entry a decision, not every decision since its last.
		r = &run{first: from, entries: t.TranscriptFrom(v, from)}
		c.runs[v] = r
		return r.entries
	}
	if end := r.first + len(r.entries); end < n {
		r.entries = append(r.entries, t.TranscriptFrom(v, end)...)
	}
	return r.entries[from-r.first:]
}

// prompt returns f's prompt as v sees it now.
func (c *renders) prompt(f *store.Fight, v engine.Viewer) engine.Prompt[string] {
	c.sync(f)
	p, ok := c.prompts[v]
	if !ok {
		p = f.Table().PromptFor(v)
		c.prompts[v] = p
	}
	return p
}

// state returns f's state as v sees it now, as JSON.
func (c *renders) state(f *store.Fight, v engine.Viewer) (json.RawMessage, error) {
	l, err := c.look(f, v)
	if err != nil {
		return nil, err
	}
	return l.state, nil
}

// look returns f's state and sheets as v sees them now.
func (c *renders) look(f *store.Fight, v engine.Viewer) (*look, error) {
	c.sync(f)
	if l, ok := c.looks[v]; ok {
		return l, nil
	}
	t := f.Table()
	s, err := t.State(v)
	if err != nil {
		return nil, fmt.Errorf("fight %s: the state: %w", f.Header().ID, err)
	}
	sheets, described := t.Sheets(v)
	npc := map[string]bool{}
	if !v.GM {
		if npc, err = npcs(s, v.Combatant); err != nil {
			return nil, fmt.Errorf("fight %s: %w", f.Header().ID, err)
		}
	}
	l := &look{sheets: publicSheets(sheets, npc), described: described}
	bands := map[string]string{}
	for _, sh := range l.sheets {
		bands[sh.Combatant] = sh.Band
	}
	if l.state, err = publicState(s, npc, bands); err != nil {
		return nil, fmt.Errorf("fight %s: %w", f.Header().ID, err)
	}
	l.board = boardOf(t, v, l.sheets, npc)
	c.looks[v] = l
	return l, nil
}
