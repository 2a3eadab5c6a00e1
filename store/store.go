// Package store keeps fights so that they outlive a process: a fight's
// record is its encounter as given (the encounter file's text and its
// ruleset id, with the format version of the record) and an append-only
// log of entries, each a decision (who, the command as kinded JSON, every
// die drawn, the events as kinded JSON) or an undo. Nothing is ever
// deleted: an undo is an entry of its own, and the fight's state is the
// fold of the decisions no undo took back.
//
// Entries are appended one at a time, each naming the version it extends
// (the number of entries before it); a second append at the same version
// fails with ErrConflict, so that concurrent writers never fork a fight.
//
// A fight is loaded by starting its encounter from the recorded file text
// through the ruleset registry and folding the recorded events of every
// decision not undone into it (engine.Table.Fold, which reads commands and
// events with the ruleset's codec tables, Codec.Kinds): the events are
// facts, so a fight loads to the state it was played to even if the rules
// have since changed how they decide, and loading does no deciding (a
// 500-decision fight in a few milliseconds). A record that comes from
// outside is not taken as facts: Import verifies it first (Verify), re-
// submitting every command, undone ones included, with its recorded dice,
// and requiring exactly the recorded dice to be drawn and exactly the
// recorded command and events to follow; a record edited by hand is
// refused at the first entry that differs.
//
// Two backends implement Backend: SQLite (OpenSQLite), the embedded
// default, and PostgreSQL (OpenPostgres), for a server shared by many
// tables and processes.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"fray/dice"
	"fray/engine"
	"fray/scenario"
)

// FormatVersion is the version of the record format this package writes
// and the newest it reads.
const FormatVersion = 1

// ErrConflict is returned by an append at a version the fight has already
// moved past: another writer appended there first. Reload and retry.
var ErrConflict = errors.New("conflict: the fight has moved on since that version")

// ErrNotFound is returned for a fight id the store does not hold.
var ErrNotFound = errors.New("no such fight")

// ErrExists is returned when creating a fight whose id is taken.
var ErrExists = errors.New("a fight with that id exists")

// Header is what a fight starts from: its encounter as given.
type Header struct {
	// ID names the fight in the store.
	ID string `json:"id"`
	// Ruleset is the ruleset id the encounter file names.
	Ruleset string `json:"ruleset"`
	// Format is the FormatVersion the fight was recorded with.
	Format int `json:"format"`
	// Name is the encounter file's name, for messages.
	Name string `json:"name"`
	// Source is the encounter file's text.
	Source string `json:"source"`
	// Content is the local content the encounter may bring in with
	// "use:", embedded so that the record loads anywhere: each document's
	// text by its path relative to the folder the encounter's relative
	// content: folders start at (monsters/ogre.yaml), and those of content
	// folders given apart from the encounter under FlagContent
	// (--content/0/ogre.yaml). Empty for an encounter without local
	// content, or whose content is found where it was recorded.
	Content map[string]string `json:"content,omitempty"`
}

// EntryKind says what an entry of a fight's log is.
type EntryKind string

// The kinds of entry.
const (
	// Decision is a decision made: Entry.Decision holds it.
	Decision EntryKind = "decision"
	// Undo takes back the last decision not yet taken back.
	Undo EntryKind = "undo"
)

// Entry is one appended record of a fight's log.
type Entry struct {
	// Version is the entry's place in the log, from 1; an append names the
	// version it extends, and the entry gets the next.
	Version int64 `json:"version"`
	// Kind is Decision or Undo.
	Kind EntryKind `json:"kind"`
	// Decision is the decision of a Decision entry; empty for an Undo.
	Decision engine.Record `json:"decision,omitzero"`
	// By is who took the decision back, for an Undo: engine.GM for the
	// GM, else the combatant whose player did (only a decision of their
	// own). Empty for a Decision, and for an undo recorded before who
	// undid was kept.
	By string `json:"by,omitempty"`
}

// Summary is a fight as a listing shows it.
type Summary struct {
	ID      string `json:"id"`
	Ruleset string `json:"ruleset"`
	Name    string `json:"name"`
	// Entries is the number of entries of its log (its version).
	Entries int64 `json:"entries"`
}

// Backend is where fights are kept. Implementations are safe for
// concurrent use.
type Backend interface {
	// Create records a new fight with no entries; ErrExists if the id is
	// taken.
	Create(ctx context.Context, h Header) error
	// Append adds e to the log of the fight as the entry after version
	// (the number of entries it has seen), durably and atomically: when
	// Append returns nil the entry is committed. It fails with ErrConflict
	// when the log has moved past version, and ErrNotFound for an unknown
	// fight. e.Version is ignored. After any other error (a connection
	// lost, ctx done) the entry may or may not have been committed: load
	// the fight to know.
	Append(ctx context.Context, fight string, version int64, e Entry) error
	// Import records a new fight with the given entries (their Version
	// fields ignored: they become 1, 2, 3...) in one transaction: either
	// all of it is committed or nothing is. ErrExists if the id is taken.
	Import(ctx context.Context, h Header, entries []Entry) error
	// List returns every fight the store holds, by id.
	List(ctx context.Context) ([]Summary, error)
	// Load returns the fight's header and all its entries, oldest first.
	Load(ctx context.Context, fight string) (Header, []Entry, error)
	// Close releases the backend's connections.
	Close() error
}

// Tail is a Backend that reads the end of a fight's log: what a Fight
// needs to catch up with entries other writers appended (Fight.Refresh),
// without loading the whole log again. Both backends implement it.
type Tail interface {
	// EntriesAfter returns the fight's entries after version, oldest first:
	// none when the log is at version. ErrNotFound for an unknown fight.
	EntriesAfter(ctx context.Context, fight string, version int64) ([]Entry, error)
}

var (
	_ Tail = (*SQLite)(nil)
	_ Tail = (*Postgres)(nil)
)

// Store keeps fights in a backend and starts them through a registry.
type Store struct {
	backend Backend
	reg     *engine.Registry
}

// New returns a store over backend whose fights are started through reg.
func New(backend Backend, reg *engine.Registry) *Store {
	return &Store{backend: backend, reg: reg}
}

// Backend returns the store's backend.
func (s *Store) Backend() Backend { return s.backend }

// Create starts the encounter of the file text source (name is the file's
// name, for messages) and records it as a new fight with the given id.
// opts say where its local content is (scenario.WithDir, WithContent);
// opening the fight again needs the same.
func (s *Store) Create(ctx context.Context, id, name string, source []byte, opts ...scenario.Option) (*Fight, error) {
	if err := checkFightID(id); err != nil {
		return nil, err
	}
	table, err := scenario.ParseEncounter(s.reg, name, source, opts...)
	if err != nil {
		return nil, fmt.Errorf("fight %s: starting the encounter: %w", id, err)
	}
	h := Header{ID: id, Ruleset: table.Ruleset(), Format: FormatVersion, Name: name, Source: string(source)}
	if err := s.backend.Create(ctx, h); err != nil {
		return nil, fmt.Errorf("fight %s: %w", id, err)
	}
	return &Fight{store: s, header: h, table: table}, nil
}

// CreateFrom records a new fight from a header (its ID, Name, Source and
// Content; the ruleset and format are filled in; the ID and Name checked
// as CheckHeader checks them), starting its encounter
// with the embedded content laid out as recorded, and opts after it. The
// encounter is confined (scenario.Confined): its content: folders may be
// only those of the embedded content, never a folder of this machine, since
// a header comes from whoever sent it (fray serve's clients).
func (s *Store) CreateFrom(ctx context.Context, h Header, opts ...scenario.Option) (*Fight, error) {
	if err := checkFightID(h.ID); err != nil {
		return nil, err
	}
	if err := checkName(h); err != nil {
		return nil, err
	}
	emb, done, err := laidOut(h)
	if err != nil {
		return nil, err
	}
	defer done()
	table, err := scenario.ParseEncounter(s.reg, h.Name, []byte(h.Source), append(append(emb, scenario.Confined()), opts...)...)
	if err != nil {
		return nil, fmt.Errorf("fight %s: starting the encounter: %w", h.ID, err)
	}
	h.Ruleset, h.Format = table.Ruleset(), FormatVersion
	if err := s.backend.Create(ctx, h); err != nil {
		return nil, fmt.Errorf("fight %s: %w", h.ID, err)
	}
	return &Fight{store: s, header: h, table: table}, nil
}

// checkFightID checks a new fight's id against the identity rule of
// combatants' ids (engine.CheckID): the id is typed in commands and URLs
// and printed at a terminal.
func checkFightID(id string) error {
	if err := engine.CheckID(id); err != nil {
		return fmt.Errorf("the fight id: %w", err)
	}
	return nil
}

// checkName checks a new fight's encounter name: at most MaxNameLength
// bytes of printable text, since fray fights prints it at a terminal.
func checkName(h Header) error {
	switch {
	case len(h.Name) > MaxNameLength:
		return fmt.Errorf("fight %s: the encounter name %s is longer than %d bytes", h.ID, engine.Quote(h.Name), MaxNameLength)
	case strings.ContainsFunc(h.Name, func(r rune) bool { return r < 0x20 || r == 0x7f || r == utf8.RuneError }):
		return fmt.Errorf("fight %s: the encounter name %s holds a control character", h.ID, engine.Quote(h.Name))
	}
	return nil
}

// MaxNameLength is the most bytes of a fight's encounter name (Header.Name).
const MaxNameLength = 256

// CheckHeader checks the header of a record that comes from outside (an
// import): its id follows the identity rule (engine.CheckID), its name is
// at most MaxNameLength bytes of printable text, and it has a ruleset, a
// known format and an encounter source. Verify checks the rest.
func CheckHeader(h Header) error {
	if err := checkFightID(h.ID); err != nil {
		return err
	}
	if err := checkName(h); err != nil {
		return err
	}
	switch {
	case h.Ruleset == "":
		return fmt.Errorf("fight %s: the header names no ruleset", h.ID)
	case h.Format < 1 || h.Format > FormatVersion:
		return fmt.Errorf("fight %s: record format %d; this program reads formats 1 to %d", h.ID, h.Format, FormatVersion)
	case h.Source == "":
		return fmt.Errorf("fight %s: the header has no encounter source", h.ID)
	}
	return nil
}

// Log returns a fight's header and every entry, undone decisions and the
// undos included, without replaying it.
func (s *Store) Log(ctx context.Context, id string) (Header, []Entry, error) {
	h, entries, err := s.backend.Load(ctx, id)
	if err != nil {
		return Header{}, nil, fmt.Errorf("fight %s: %w", name(id), err)
	}
	return h, entries, nil
}

// Open loads a fight and replays it to its current state; opts are those
// the fight was created with.
func (s *Store) Open(ctx context.Context, id string, opts ...scenario.Option) (*Fight, error) {
	h, entries, err := s.Log(ctx, id)
	if err != nil {
		return nil, err
	}
	table, err := Replay(s.reg, h, entries, opts...)
	if err != nil {
		return nil, err
	}
	return &Fight{store: s, header: h, table: table, version: int64(len(entries)), entries: entries}, nil
}

// Import checks a fight's record (its header and entries, as Log returns
// them: every entry's Version its place from 1) and records it as a new
// fight, all at once: on any error nothing is recorded. The header must
// pass CheckHeader, and the record must replay exactly through the rules
// (Verify): a record edited by hand is refused at the first entry that
// differs. opts are as for Open.
func (s *Store) Import(ctx context.Context, h Header, entries []Entry, opts ...scenario.Option) (*Fight, error) {
	if err := CheckHeader(h); err != nil {
		return nil, err
	}
	if err := checkVersions(entries); err != nil {
		return nil, fmt.Errorf("fight %s: %w", h.ID, err)
	}
	table, err := Verify(s.reg, h, entries, opts...)
	if err != nil {
		return nil, err
	}
	if err := s.backend.Import(ctx, h, entries); err != nil {
		return nil, fmt.Errorf("fight %s: %w", h.ID, err)
	}
	return &Fight{store: s, header: h, table: table, version: int64(len(entries)), entries: slices.Clone(entries)}, nil
}

// Active returns the indexes into entries of the decisions no undo took
// back, in order: the decisions whose fold is the fight's state.
func Active(entries []Entry) ([]int, error) {
	var stack []int
	for i, e := range entries {
		switch e.Kind {
		case Decision:
			stack = append(stack, i)
		case Undo:
			if len(stack) == 0 {
				return nil, fmt.Errorf("entry %d: an undo with no decision to take back", e.Version)
			}
			stack = stack[:len(stack)-1]
		default:
			return nil, fmt.Errorf("entry %d: unknown entry kind %q (known: %s, %s)", e.Version, e.Kind, Decision, Undo)
		}
	}
	return stack, nil
}

// Replay starts a fight's encounter from its header (with opts, for its
// local content) and folds into it the recorded events of every decision
// of entries not undone.
func Replay(reg *engine.Registry, h Header, entries []Entry, opts ...scenario.Option) (engine.Table, error) {
	return replay(reg, h, entries, foldOne, opts)
}

// Extend folds into table, replayed from a fight's record (Replay), the
// entries recorded after that record, which must all be decisions: an
// undo among them takes back a decision of the record, which only a
// replay of the whole says. It stops at the first entry it cannot fold,
// leaving the table part-way.
func Extend(table engine.Table, entries []Entry) error {
	for _, e := range entries {
		if e.Kind != Decision {
			return fmt.Errorf("entry %d: a %s entry: replay the whole record", e.Version, e.Kind)
		}
		if err := foldOne(table, e); err != nil {
			return fmt.Errorf("entry %d: %w", e.Version, err)
		}
	}
	return nil
}

// Verify replays a fight's record through the rules, as an import must:
// it starts the encounter from the header's source and re-submits every
// decision of entries in order, those an undo later took back included,
// each as its recorded actor with its recorded dice as a script, taking
// back a decision at each undo. Each die must be within its sides and
// drawn exactly as recorded, each command legal for its actor when it was
// given, and each decision must give exactly the recorded command and
// events. The first entry that does not replay so is refused, with its
// number and what differs; a ruleset that panics on an entry refuses it
// too. It returns the table the record replays to.
func Verify(reg *engine.Registry, h Header, entries []Entry, opts ...scenario.Option) (t engine.Table, err error) {
	table, err := start(reg, h, opts)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		switch e.Kind {
		case Decision:
			err = replayOne(table, e)
		case Undo:
			err = verifyUndo(table, e.By)
		default:
			err = fmt.Errorf("unknown entry kind %s (known: %s, %s)", engine.Quote(string(e.Kind)), Decision, Undo)
		}
		if err != nil {
			return nil, fmt.Errorf("fight %s: entry %d: %w", name(h.ID), i+1, err)
		}
	}
	return table, nil
}

// verifyUndo takes back the table's last decision for an undo of a
// record that comes from outside, checking first that its undoer could
// have: any undo of a record made before undoers were kept (by empty),
// else one by the GM or by the player whose decision it is (CheckUndoer).
func verifyUndo(table engine.Table, by string) error {
	if by != "" {
		if err := CheckUndoer(table, by); err != nil {
			return err
		}
	}
	if !table.Undo() {
		return errors.New("an undo with no decision to take back")
	}
	return nil
}

// CheckUndoer checks that by may take back the last decision of table:
// the GM (engine.GM) any, a player (their combatant's id) only their own
// combatant's. It is an error when table has no decision.
func CheckUndoer(table engine.Table, by string) error {
	if table.Len() == 0 {
		return errors.New("an undo with no decision to take back")
	}
	if by == engine.GM {
		return nil
	}
	last, err := table.Record(table.Len() - 1)
	if err != nil {
		return fmt.Errorf("reading the decision to take back: %w", err)
	}
	if by == "" || by != last.Actor {
		return fmt.Errorf("an undo by %s of %s's decision: only the GM or %s may take it back", engine.Quote(by), engine.Quote(last.Actor), engine.Quote(last.Actor))
	}
	return nil
}

// name writes a fight's id for a message: as it is when it follows the
// identity rule, else quoted as an excerpt.
func name(id string) string {
	if engine.CheckID(id) == nil {
		return id
	}
	return engine.Quote(id)
}

// foldOne folds one recorded decision.
func foldOne(table engine.Table, e Entry) error {
	if err := table.Fold(e.Decision); err != nil {
		return fmt.Errorf("%s's decision %s: %w", e.Decision.Actor, e.Decision.Command, err)
	}
	return nil
}

// replay starts a fight's encounter and adds every decision not undone
// with one.
func replay(reg *engine.Registry, h Header, entries []Entry, one func(engine.Table, Entry) error, opts []scenario.Option) (engine.Table, error) {
	table, err := start(reg, h, opts)
	if err != nil {
		return nil, err
	}
	active, err := Active(entries)
	if err != nil {
		return nil, fmt.Errorf("fight %s: %w", name(h.ID), err)
	}
	for _, i := range active {
		if err := one(table, entries[i]); err != nil {
			return nil, fmt.Errorf("fight %s: entry %d: %w", name(h.ID), entries[i].Version, err)
		}
	}
	return table, nil
}

// start starts a fight's encounter from its header.
func start(reg *engine.Registry, h Header, opts []scenario.Option) (engine.Table, error) {
	if h.Format < 1 || h.Format > FormatVersion {
		return nil, fmt.Errorf("fight %s: record format %d; this program reads formats 1 to %d", name(h.ID), h.Format, FormatVersion)
	}
	if _, err := reg.Lookup(h.Ruleset); err != nil {
		return nil, fmt.Errorf("fight %s: %w", name(h.ID), err)
	}
	emb, done, err := laidOut(h)
	if err != nil {
		return nil, err
	}
	defer done()
	table, err := scenario.ParseEncounter(reg, h.Name, []byte(h.Source), append(emb, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("fight %s: starting the encounter: %w", name(h.ID), err)
	}
	if table.Ruleset() != h.Ruleset {
		return nil, fmt.Errorf("fight %s: recorded as %s, but its encounter file names %s", name(h.ID), h.Ruleset, table.Ruleset())
	}
	return table, nil
}

// replayOne re-submits one recorded decision with its recorded dice and
// checks that it gives exactly what was recorded. A panic of the ruleset
// on it is an error.
func replayOne(table engine.Table, e Entry) (err error) {
	d := e.Decision
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the %s ruleset failed on %s's command %s: %s", table.Ruleset(), engine.Quote(d.Actor), engine.Quote(string(d.Command)), engine.Clip(fmt.Sprint(r)))
		}
	}()
	forced := make([]dice.Forced, len(d.Dice))
	hand := 0
	for i, draw := range d.Dice {
		if draw.Sides < 1 || draw.Value < 1 || draw.Value > draw.Sides {
			return fmt.Errorf("die %d is recorded as d%d=%d, which no die rolls", i+1, draw.Sides, draw.Value)
		}
		if draw.Hand {
			hand++
		}
		forced[i] = dice.Forced{Sides: draw.Sides, Value: draw.Value}
	}
	if hand != 0 && hand != len(d.Dice) {
		return fmt.Errorf("%d of its %d dice are recorded as rolled by hand: a decision's dice are all rolled by hand or none", hand, len(d.Dice))
	}
	script := dice.NewScriptOf(forced...)
	var src dice.Source = script
	if hand > 0 {
		src = dice.ByHand(script)
	}
	if _, err := table.SubmitJSON(d.Actor, d.Command, src); err != nil {
		return fmt.Errorf("%s's command %s is refused: %w", engine.Quote(d.Actor), engine.Quote(string(d.Command)), err)
	}
	if left := script.Unused(); len(left) > 0 {
		return fmt.Errorf("%s's command %s draws %d dice, the record has %d", d.Actor, engine.Quote(string(d.Command)), script.Drawn(), len(d.Dice))
	}
	got, err := table.Record(table.Len() - 1)
	if err != nil {
		return fmt.Errorf("%s's command %s: %w", d.Actor, engine.Quote(string(d.Command)), err)
	}
	if got.Actor != d.Actor {
		return fmt.Errorf("the decision is recorded as %s's, the rules record it as %s's", engine.Quote(d.Actor), engine.Quote(got.Actor))
	}
	if diff := jsonDiff(d.Command, got.Command); diff != "" {
		return fmt.Errorf("%s's command is not written as the rules write it: %s", d.Actor, diff)
	}
	if err := sameEvents(d.Events, got.Events); err != nil {
		return fmt.Errorf("%s's command %s: %w", d.Actor, engine.Quote(string(d.Command)), err)
	}
	return nil
}

// sameEvents reports how the events the rules give differ from those
// recorded, if they do: the first event that differs, and where.
func sameEvents(recorded, now []json.RawMessage) error {
	for i := range max(len(recorded), len(now)) {
		switch {
		case i >= len(recorded):
			return fmt.Errorf("the rules give an event more than recorded, event %d: %s", i+1, engine.Quote(string(now[i])))
		case i >= len(now):
			return fmt.Errorf("the rules do not give recorded event %d: %s", i+1, engine.Quote(string(recorded[i])))
		}
		if diff := jsonDiff(recorded[i], now[i]); diff != "" {
			return fmt.Errorf("event %d differs: %s", i+1, diff)
		}
	}
	return nil
}

// jsonDiff says where the JSON value the rules give, now, differs from
// the one recorded ("" when they are the same value): the first field or
// element that differs, with both values quoted as excerpts.
func jsonDiff(recorded, now json.RawMessage) string {
	var a, b any
	if err := json.Unmarshal(recorded, &a); err != nil {
		return fmt.Sprintf("the record is not JSON: %s", engine.Quote(string(recorded)))
	}
	if err := json.Unmarshal(now, &b); err != nil {
		return fmt.Sprintf("the rules give no JSON: %v", err)
	}
	path, x, y, differ := firstDiff("", a, b)
	if !differ {
		return ""
	}
	if kind, ok := a.(map[string]any)["kind"].(string); ok {
		path = engine.Quote(kind) + path
	}
	if path == "" {
		path = "the value"
	}
	return fmt.Sprintf("%s is %s in the record, the rules give %s", path, excerptJSON(x), excerptJSON(y))
}

// firstDiff returns the path of the first place where a and b, decoded
// JSON, differ, with what each has there.
func firstDiff(path string, a, b any) (string, any, any, bool) {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return path, a, b, true
		}
		keys := slices.Sorted(maps.Keys(a))
		for k := range bm {
			if _, ok := a[k]; !ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			av, aok := a[k]
			bv, bok := bm[k]
			at := path + "." + k
			if !aok || !bok {
				return at, orMissing(av, aok), orMissing(bv, bok), true
			}
			if p, x, y, d := firstDiff(at, av, bv); d {
				return p, x, y, true
			}
		}
		return "", nil, nil, false
	case []any:
		bs, ok := b.([]any)
		if !ok || len(bs) != len(a) {
			return path, a, b, true
		}
		for i := range a {
			if p, x, y, d := firstDiff(fmt.Sprintf("%s[%d]", path, i), a[i], bs[i]); d {
				return p, x, y, true
			}
		}
		return "", nil, nil, false
	}
	if a != b {
		return path, a, b, true
	}
	return "", nil, nil, false
}

// missing stands for a field one side of a comparison does not have.
type missing struct{}

// orMissing returns v, or missing when it is not there.
func orMissing(v any, ok bool) any {
	if !ok {
		return missing{}
	}
	return v
}

// excerptJSON writes a decoded JSON value for a message, as an excerpt.
func excerptJSON(v any) string {
	if _, ok := v.(missing); ok {
		return "missing"
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(data) <= engine.MaxExcerpt && !strings.ContainsFunc(string(data), func(r rune) bool { return r < 0x20 }) {
		return string(data)
	}
	return engine.Quote(string(data))
}

// Fight is a stored fight in play: its table, at the version it was loaded
// or last appended at. Submitting and undoing through the Fight appends to
// the store first; the table changes only once the entry is committed. A
// Fight is not safe for concurrent use: each writer opens its own.
type Fight struct {
	store   *Store
	header  Header
	table   engine.Table
	version int64
	entries []Entry
}

// Header returns what the fight started from.
func (f *Fight) Header() Header { return f.header }

// Table returns the fight's table, for its prompt, state and transcript.
// Submit and undo through the Fight, never the table, or the store will
// not hear of it.
func (f *Fight) Table() engine.Table { return f.table }

// Version returns the number of entries the fight has seen.
func (f *Fight) Version() int64 { return f.version }

// Entries returns the fight's log as this Fight has seen it: every entry,
// undone decisions and undos included, up to Version. The slice is the
// Fight's own: read it, do not change it.
func (f *Fight) Entries() []Entry { return f.entries }

// Submit parses text as a command from actor and submits it, drawing dice
// from src; the decision is committed to the store before Submit returns
// what happened. A refusal changes nothing; ErrConflict (wrapped) means
// another writer appended first, and the fight must be opened again. On
// any error the decision is taken back from the table; if the append
// failed in a way that leaves its commit unknown, the next append
// conflicts, and opening the fight again shows whether it was kept.
func (f *Fight) Submit(ctx context.Context, actor, text string, src dice.Source) ([]string, error) {
	lines, err := f.table.Submit(actor, text, src)
	if err != nil {
		return nil, err
	}
	return lines, f.commitLast(ctx)
}

// SubmitJSON is Submit for a command in JSON.
func (f *Fight) SubmitJSON(ctx context.Context, actor string, command []byte, src dice.Source) ([]string, error) {
	lines, err := f.table.SubmitJSON(actor, command, src)
	if err != nil {
		return nil, err
	}
	return lines, f.commitLast(ctx)
}

// commitLast appends the table's last decision, taking it back from the
// table if the append fails.
func (f *Fight) commitLast(ctx context.Context) error {
	rec, err := f.table.Record(f.table.Len() - 1)
	e := Entry{Kind: Decision, Decision: rec}
	if err == nil {
		err = f.store.backend.Append(ctx, f.header.ID, f.version, e)
	}
	if err != nil {
		f.table.Undo()
		return fmt.Errorf("fight %s: appending at version %d: %w", f.header.ID, f.version, err)
	}
	f.version++
	e.Version = f.version
	f.entries = append(f.entries, e)
	return nil
}

// Refresh brings the Fight up to date with the entries other writers
// (another Fight, another process) have appended since its version: their
// decisions are folded into the table and their undos taken back, as
// opening the fight anew would, without loading and replaying the whole
// log. It needs a backend that implements Tail. After an error the Fight
// may be part way: open the fight again.
func (f *Fight) Refresh(ctx context.Context) error {
	tail, ok := f.store.backend.(Tail)
	if !ok {
		return fmt.Errorf("fight %s: the store cannot read the end of a log", f.header.ID)
	}
	entries, err := tail.EntriesAfter(ctx, f.header.ID, f.version)
	if err != nil {
		return fmt.Errorf("fight %s: reading the entries after version %d: %w", f.header.ID, f.version, err)
	}
	for _, e := range entries {
		switch e.Kind {
		case Decision:
			if err := foldOne(f.table, e); err != nil {
				return fmt.Errorf("fight %s: entry %d: %w", f.header.ID, e.Version, err)
			}
		case Undo:
			if !f.table.Undo() {
				return fmt.Errorf("fight %s: entry %d: an undo with no decision to take back", f.header.ID, e.Version)
			}
		}
		f.version = e.Version
		f.entries = append(f.entries, e)
	}
	return nil
}

// Undo records an undo of the last decision not yet taken back, by by
// (engine.GM for the GM, else the combatant whose player takes back their
// own decision: CheckUndoer), and takes it back; false when there is
// none.
func (f *Fight) Undo(ctx context.Context, by string) (bool, error) {
	if f.table.Len() == 0 {
		return false, nil
	}
	if err := CheckUndoer(f.table, by); err != nil {
		return false, fmt.Errorf("fight %s: %w", f.header.ID, err)
	}
	e := Entry{Kind: Undo, By: by}
	if err := f.store.backend.Append(ctx, f.header.ID, f.version, e); err != nil {
		return false, fmt.Errorf("fight %s: appending an undo at version %d: %w", f.header.ID, f.version, err)
	}
	f.version++
	e.Version = f.version
	f.entries = append(f.entries, e)
	f.table.Undo()
	return true, nil
}

// entryRows is what both backends' query results offer: database/sql's
// *sql.Rows and pgx's Rows.
type entryRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// readTail reads the entries after version from rows, as readEntries
// does; when there are none, count (the number of fights of the id: 0 or
// 1) tells an unknown fight, ErrNotFound, from one at version.
func readTail(rows entryRows, version int64, count func() (int, error)) ([]Entry, error) {
	entries, err := readEntries(rows, version)
	if err != nil || len(entries) > 0 {
		return entries, err
	}
	n, err := count()
	if err != nil {
		return nil, fmt.Errorf("loading the entries: %w", err)
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	return nil, nil
}

// readEntries reads a fight's entries from rows of version, kind, actor,
// command, dice and events, in version order, and checks that the
// versions run from after without a gap (after is 0 for a whole log).
func readEntries(rows entryRows, after int64) ([]Entry, error) {
	var entries []Entry
	for rows.Next() {
		var v int64
		var r row
		if err := rows.Scan(&v, &r.kind, &r.actor, &r.command, &r.dice, &r.events); err != nil {
			return nil, fmt.Errorf("loading the entries: %w", err)
		}
		e, err := r.entry(v)
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("loading the entries: %w", err)
	}
	for i, e := range entries {
		if e.Version != after+int64(i+1) {
			return nil, fmt.Errorf("the log skips from version %d to %d", after+int64(i), e.Version)
		}
	}
	return entries, nil
}
