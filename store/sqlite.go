package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// SQLite is the embedded Backend: one database file, created on first
// use, in WAL mode with synchronous=FULL, so that a committed append
// survives a crash of the process or the machine.
type SQLite struct {
	db   *sql.DB
	path string
}

var _ Backend = (*SQLite)(nil)

// OpenSQLite opens (creating it if need be) the SQLite store in the file
// at path and applies any migrations it lacks.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("opening the SQLite store %s: a path with ? or # is not supported", path)
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("opening the SQLite store %s: %w", path, err)
	}
	s := &SQLite{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening the SQLite store %s: %w", path, err)
	}
	return s, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction.
func (s *SQLite) migrate(ctx context.Context) error {
	all, err := migrationsOf("sqlite")
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("creating schema_migrations: %w", err)
	}
	for _, m := range all {
		if err := s.apply(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// apply applies one migration unless it has been.
func (s *SQLite) apply(ctx context.Context, m migration) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name) VALUES (?, ?)`, m.version, m.name); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	return nil
}

// Path returns the database file's path.
func (s *SQLite) Path() string { return s.path }

// Close closes the database.
func (s *SQLite) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("closing the SQLite store %s: %w", s.path, err)
	}
	return nil
}

// isConstraint reports whether err is SQLite's constraint violation.
func isConstraint(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
}

// Create records a new fight.
func (s *SQLite) Create(ctx context.Context, h Header) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO fights (id, ruleset, format, name, source) VALUES (?, ?, ?, ?, ?)`,
		h.ID, h.Ruleset, h.Format, h.Name, h.Source)
	switch {
	case isConstraint(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("creating the fight: %w", err)
	}
	return nil
}

// Import records a new fight with its entries in one transaction.
func (s *SQLite) Import(ctx context.Context, h Header, entries []Entry) error {
	rows := make([]row, len(entries))
	for i, e := range entries {
		r, err := rowOf(e)
		if err != nil {
			return fmt.Errorf("importing entry %d: %w", i+1, err)
		}
		rows[i] = r
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("importing: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	_, err = tx.ExecContext(ctx, `INSERT INTO fights (id, ruleset, format, name, source) VALUES (?, ?, ?, ?, ?)`,
		h.ID, h.Ruleset, h.Format, h.Name, h.Source)
	switch {
	case isConstraint(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("importing: %w", err)
	}
	for i, r := range rows {
		if _, err := tx.ExecContext(ctx, `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			h.ID, i+1, r.kind, r.actor, r.command, r.dice, r.events); err != nil {
			return fmt.Errorf("importing entry %d: %w", i+1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("importing: %w", err)
	}
	return nil
}

// Append adds an entry after version, in one statement that checks the
// version it extends.
func (s *SQLite) Append(ctx context.Context, fight string, version int64, e Entry) error {
	r, err := rowOf(e)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events)
		SELECT ?1, ?2 + 1, ?3, ?4, ?5, ?6, ?7
		WHERE EXISTS (SELECT 1 FROM fights WHERE id = ?1)
		  AND (SELECT coalesce(max(version), 0) FROM entries WHERE fight_id = ?1) = ?2`,
		fight, version, r.kind, r.actor, r.command, r.dice, r.events)
	if isConstraint(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("appending: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("appending: %w", err)
	}
	if n == 1 {
		return nil
	}
	var exists int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM fights WHERE id = ?`, fight).Scan(&exists); err != nil {
		return fmt.Errorf("appending: %w", err)
	}
	if exists == 0 {
		return ErrNotFound
	}
	return ErrConflict
}

// Load reads a fight's header, then its entries in one statement: a
// header never changes, and one statement reads one snapshot.
func (s *SQLite) Load(ctx context.Context, fight string) (Header, []Entry, error) {
	h := Header{ID: fight}
	err := s.db.QueryRowContext(ctx, `SELECT ruleset, format, name, source FROM fights WHERE id = ?`, fight).Scan(&h.Ruleset, &h.Format, &h.Name, &h.Source)
	if errors.Is(err, sql.ErrNoRows) {
		return Header{}, nil, ErrNotFound
	}
	if err != nil {
		return Header{}, nil, fmt.Errorf("loading: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, kind, actor, command, dice, events FROM entries WHERE fight_id = ? ORDER BY version`, fight)
	if err != nil {
		return Header{}, nil, fmt.Errorf("loading the entries: %w", err)
	}
	defer rows.Close()
	entries, err := readEntries(rows)
	if err != nil {
		return Header{}, nil, err
	}
	return h, entries, nil
}

// List returns every fight, by id.
func (s *SQLite) List(ctx context.Context) ([]Summary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, f.ruleset, f.name, coalesce((SELECT max(version) FROM entries e WHERE e.fight_id = f.id), 0) FROM fights f ORDER BY f.id`)
	if err != nil {
		return nil, fmt.Errorf("listing the fights: %w", err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var f Summary
		if err := rows.Scan(&f.ID, &f.Ruleset, &f.Name, &f.Entries); err != nil {
			return nil, fmt.Errorf("listing the fights: %w", err)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing the fights: %w", err)
	}
	return out, nil
}
