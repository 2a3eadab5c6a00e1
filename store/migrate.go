package store

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
)

//go:embed migrations
var migrations embed.FS

// migration is one versioned schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// migrationsOf returns the migrations of a backend ("sqlite", "postgres")
// in version order, from files named NNNN_what.sql.
func migrationsOf(backend string) ([]migration, error) {
	dir := path.Join("migrations", backend)
	files, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("reading the %s migrations: %w", backend, err)
	}
	var out []migration
	for _, f := range files {
		num, _, ok := strings.Cut(f.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(f.Name(), ".sql") {
			return nil, fmt.Errorf("migration %s/%s: want a name NNNN_what.sql", dir, f.Name())
		}
		text, err := fs.ReadFile(migrations, path.Join(dir, f.Name()))
		if err != nil {
			return nil, fmt.Errorf("reading migration %s: %w", f.Name(), err)
		}
		out = append(out, migration{version: v, name: f.Name(), sql: string(text)})
	}
	slices.SortFunc(out, func(a, b migration) int { return a.version - b.version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want version %d", m.name, i+1)
		}
	}
	return out, nil
}

// row is an entry as both backends store it: JSON text in columns. An
// undo keeps who undid it (Entry.By) in the actor column, which a
// decision keeps its actor in: "" for an undo recorded before who undid
// was kept.
type row struct {
	kind, actor, command, dice, events string
}

// rowOf encodes an entry for storing.
func rowOf(e Entry) (row, error) {
	switch e.Kind {
	case Undo:
		return row{kind: string(Undo), actor: e.By, command: "null", dice: "[]", events: "[]"}, nil
	case Decision:
		if e.By != "" {
			return row{}, fmt.Errorf("a decision with an undoer (%s)", engine.Quote(e.By))
		}
	default:
		return row{}, fmt.Errorf("unknown entry kind %q", e.Kind)
	}
	d := e.Decision
	if len(d.Command) == 0 {
		return row{}, fmt.Errorf("a decision without a command")
	}
	draws := d.Dice
	if draws == nil {
		draws = []dice.Draw{}
	}
	diceJSON, err := json.Marshal(draws)
	if err != nil {
		return row{}, fmt.Errorf("encoding the dice: %w", err)
	}
	events := d.Events
	if events == nil {
		events = []json.RawMessage{}
	}
	eventsJSON, err := json.Marshal(events)
	if err != nil {
		return row{}, fmt.Errorf("encoding the events: %w", err)
	}
	return row{kind: string(Decision), actor: d.Actor, command: string(d.Command), dice: string(diceJSON), events: string(eventsJSON)}, nil
}

// entry decodes a stored row at the given version.
func (r row) entry(version int64) (Entry, error) {
	e := Entry{Version: version, Kind: EntryKind(r.kind)}
	switch e.Kind {
	case Undo:
		e.By = r.actor
		return e, nil
	case Decision:
	default:
		return Entry{}, fmt.Errorf("entry %d: unknown entry kind %q", version, r.kind)
	}
	d := engine.Record{Actor: r.actor, Command: json.RawMessage(r.command)}
	if err := json.Unmarshal([]byte(r.dice), &d.Dice); err != nil {
		return Entry{}, fmt.Errorf("entry %d: reading the dice: %w", version, err)
	}
	if err := json.Unmarshal([]byte(r.events), &d.Events); err != nil {
		return Entry{}, fmt.Errorf("entry %d: reading the events: %w", version, err)
	}
	e.Decision = d
	return e, nil
}

// checkVersions checks that entries are numbered 1, 2, 3... with no gap.
func checkVersions(entries []Entry) error {
	for i, e := range entries {
		if e.Version != int64(i+1) {
			return fmt.Errorf("the log skips from version %d to %d", i, e.Version)
		}
	}
	return nil
}
