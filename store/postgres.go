package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Backend for a PostgreSQL server shared by many tables
// and server processes. Appends commit with the server's durability
// (synchronous_commit as configured, on by default).
type Postgres struct {
	pool *pgxpool.Pool
}

var _ Backend = (*Postgres)(nil)

// migrationLock is the key of the advisory lock that serializes migrations
// among processes opening the same database.
const migrationLock = 0x66726179 // "fray"

// defaultPoolConns is the size of the connection pool unless the URL sets
// pool_max_conns: enough for many tables committing at once (PostgreSQL
// then flushes their commits together) and for a connection held by
// Listen, where pgxpool's own default is 4 on a small machine.
const defaultPoolConns = 16

// OpenPostgres connects a pool to the database at url (a postgres:// URL
// or key=value string; extra parameters such as search_path are set on
// each connection; pool_max_conns sizes the pool, 16 by default) and
// applies any migrations it lacks.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("opening the PostgreSQL store: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = max(cfg.MaxConns, defaultPoolConns)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening the PostgreSQL store: %w", err)
	}
	p := &Postgres{pool: pool}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening the PostgreSQL store: %w", err)
	}
	return p, nil
}

// migrate applies the migrations the database lacks in one transaction,
// holding an advisory lock so that processes opening at once take turns.
func (p *Postgres) migrate(ctx context.Context) error {
	all, err := migrationsOf("postgres")
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return fmt.Errorf("locking for migrations: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
		for _, m := range all {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, m.version).Scan(&n); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if n > 0 {
				continue
			}
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// Close closes the pool.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}

// isUniqueViolation reports whether err is PostgreSQL's unique_violation.
func isUniqueViolation(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == "23505"
}

// Create records a new fight.
func (p *Postgres) Create(ctx context.Context, h Header) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO fights (id, ruleset, format, name, source, content) VALUES ($1, $2, $3, $4, $5, $6)`,
		h.ID, h.Ruleset, h.Format, h.Name, h.Source, contentJSON(h))
	switch {
	case isUniqueViolation(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("creating the fight: %w", err)
	}
	return nil
}

// Import records a new fight with its entries in one transaction.
func (p *Postgres) Import(ctx context.Context, h Header, entries []Entry) error {
	rows := make([]row, len(entries))
	for i, e := range entries {
		r, err := rowOf(e)
		if err != nil {
			return fmt.Errorf("importing entry %d: %w", i+1, err)
		}
		rows[i] = r
	}
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO fights (id, ruleset, format, name, source, content) VALUES ($1, $2, $3, $4, $5, $6)`,
			h.ID, h.Ruleset, h.Format, h.Name, h.Source, contentJSON(h)); err != nil {
			return err
		}
		for i, r := range rows {
			if _, err := tx.Exec(ctx, `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				h.ID, i+1, r.kind, r.actor, r.command, r.dice, r.events); err != nil {
				return fmt.Errorf("entry %d: %w", i+1, err)
			}
		}
		return nil
	})
	switch {
	case isUniqueViolation(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("importing: %w", err)
	}
	return nil
}

// Append adds an entry after version in one statement: of two appends at
// the same version, the second waits on the primary key and fails with a
// unique violation, reported as ErrConflict.
func (p *Postgres) Append(ctx context.Context, fight string, version int64, e Entry) error {
	r, err := rowOf(e)
	if err != nil {
		return err
	}
	tag, err := p.pool.Exec(ctx, `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events)
		SELECT $1, $2::bigint + 1, $3, $4, $5, $6, $7
		WHERE EXISTS (SELECT 1 FROM fights WHERE id = $1)
		  AND (SELECT coalesce(max(version), 0) FROM entries WHERE fight_id = $1) = $2::bigint`,
		fight, version, r.kind, r.actor, r.command, r.dice, r.events)
	if isUniqueViolation(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("appending: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var exists bool
	if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM fights WHERE id = $1)`, fight).Scan(&exists); err != nil {
		return fmt.Errorf("appending: %w", err)
	}
	if !exists {
		return ErrNotFound
	}
	return ErrConflict
}

// Load reads a fight's header, then its entries in one statement: a
// header never changes, and one statement reads one snapshot.
func (p *Postgres) Load(ctx context.Context, fight string) (Header, []Entry, error) {
	h := Header{ID: fight}
	var content string
	err := p.pool.QueryRow(ctx, `SELECT ruleset, format, name, source, content FROM fights WHERE id = $1`, fight).Scan(&h.Ruleset, &h.Format, &h.Name, &h.Source, &content)
	if errors.Is(err, pgx.ErrNoRows) {
		return Header{}, nil, ErrNotFound
	}
	if err != nil {
		return Header{}, nil, fmt.Errorf("loading: %w", err)
	}
	if h.Content, err = contentOf(content); err != nil {
		return Header{}, nil, err
	}
	rows, err := p.pool.Query(ctx, `SELECT version, kind, actor, command, dice, events FROM entries WHERE fight_id = $1 ORDER BY version`, fight)
	if err != nil {
		return Header{}, nil, fmt.Errorf("loading the entries: %w", err)
	}
	defer rows.Close()
	entries, err := readEntries(rows, 0)
	if err != nil {
		return Header{}, nil, err
	}
	return h, entries, nil
}

// EntriesAfter reads a fight's entries after version.
func (p *Postgres) EntriesAfter(ctx context.Context, fight string, version int64) ([]Entry, error) {
	rows, err := p.pool.Query(ctx, `SELECT version, kind, actor, command, dice, events FROM entries WHERE fight_id = $1 AND version > $2 ORDER BY version`, fight, version)
	if err != nil {
		return nil, fmt.Errorf("loading the entries: %w", err)
	}
	defer rows.Close()
	entries, err := readEntries(rows, version)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		var exists bool
		if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM fights WHERE id = $1)`, fight).Scan(&exists); err != nil {
			return nil, fmt.Errorf("loading the entries: %w", err)
		}
		if !exists {
			return nil, ErrNotFound
		}
	}
	return entries, nil
}

// List returns every fight, by id.
func (p *Postgres) List(ctx context.Context) ([]Summary, error) {
	rows, err := p.pool.Query(ctx, `SELECT f.id, f.ruleset, f.name, coalesce((SELECT max(version) FROM entries e WHERE e.fight_id = f.id), 0) FROM fights f ORDER BY f.id`)
	if err != nil {
		return nil, fmt.Errorf("listing the fights: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Summary, error) {
		var f Summary
		err := row.Scan(&f.ID, &f.Ruleset, &f.Name, &f.Entries)
		return f, err
	})
	if err != nil {
		return nil, fmt.Errorf("listing the fights: %w", err)
	}
	return out, nil
}
