package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Backend for a PostgreSQL server shared by many tables
// and server processes. Appends commit with the server's durability
// (synchronous_commit as configured, on by default), in groups (see
// Append).
type Postgres struct {
	pool *pgxpool.Pool
	// appends holds the appends waiting for the writers.
	appends   appendQueue
	writers   sync.WaitGroup
	closeOnce sync.Once
}

// pgWriters is how many group commits a process runs at once: each takes
// every append waiting, so that under load each commits many, while the
// others keep the database busy meanwhile.
const pgWriters = 4

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
	p := &Postgres{pool: pool, appends: newAppendQueue()}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening the PostgreSQL store: %w", err)
	}
	for range pgWriters {
		p.writers.Go(p.writer)
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

// Close stops the writers, after the group commits under way, and closes
// the pool.
func (p *Postgres) Close() error {
	p.closeOnce.Do(func() {
		close(p.appends.closed)
		p.writers.Wait()
		close(p.appends.stopped)
	})
	<-p.appends.stopped
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

// Append adds an entry after version. Appends from this process are
// committed in groups: a writer takes every append waiting and inserts
// them all in one statement, one transaction, each row checking the
// version it extends, and answers each once it is committed. Of two
// appends at the same version, from this process or another, the second
// waits on the primary key and inserts nothing: it is ErrConflict.
func (p *Postgres) Append(ctx context.Context, fight string, version int64, e Entry) error {
	return p.appends.add(ctx, fight, version, e)
}

// writer commits the appends queued, in groups, until the store closes.
func (p *Postgres) writer() {
	for {
		batch, ok := p.appends.take()
		if !ok {
			return
		}
		p.commit(batch)
	}
}

// pgAppendSQL inserts a group of appends, given as arrays, each row only
// if its fight exists and its log is at the version the row extends; rows
// go in in order of fight and version, so that two processes' groups take
// their locks in one order and never deadlock. It returns the rows
// inserted. One statement sees one snapshot, so a group must not hold an
// append that extends another of the same group: none does, since an
// append waits for the one before it to be committed.
const pgAppendSQL = `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events)
	SELECT a.fight_id, a.version + 1, a.kind, a.actor, a.command, a.dice, a.events
	FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
		AS a(fight_id, version, kind, actor, command, dice, events)
	WHERE EXISTS (SELECT 1 FROM fights f WHERE f.id = a.fight_id)
	  AND (SELECT coalesce(max(e.version), 0) FROM entries e WHERE e.fight_id = a.fight_id) = a.version
	ORDER BY a.fight_id, a.version
	ON CONFLICT DO NOTHING
	RETURNING fight_id, version`

// commit inserts a group of appends in one statement and answers each:
// nil for those inserted, else ErrNotFound or ErrConflict; on an error of
// the statement, which commits nothing, that error for all.
func (p *Postgres) commit(all []*appendReq) {
	batch, firstOf := firstsOf(all)
	answer(all, firstOf, p.insert(batch))
}

// place is a version of a fight's log.
type place struct {
	fight   string
	version int64
}

// firstsOf returns the first append of a group at each version of each
// fight, and for every append the first at its place: of appends at one
// version, one at most can be committed, and only the first goes in the
// statement.
func firstsOf(all []*appendReq) (firsts []*appendReq, firstOf map[*appendReq]*appendReq) {
	at := map[place]*appendReq{}
	firstOf = make(map[*appendReq]*appendReq, len(all))
	for _, req := range all {
		first, ok := at[place{req.fight, req.version}]
		if !ok {
			first = req
			at[place{req.fight, req.version}] = req
			firsts = append(firsts, req)
		}
		firstOf[req] = first
	}
	return firsts, firstOf
}

// answer answers every append of a group with the outcome of the first at
// its place: the first's own, and for the others a conflict with it when
// it was committed, else what kept it out.
func answer(all []*appendReq, firstOf map[*appendReq]*appendReq, results map[*appendReq]error) {
	for _, req := range all {
		first := firstOf[req]
		err := results[first]
		if first != req && err == nil {
			err = ErrConflict
		}
		req.done <- err
	}
}

// insert runs pgAppendSQL on a group of appends, no two at one version of
// one fight, and returns each one's outcome.
func (p *Postgres) insert(batch []*appendReq) map[*appendReq]error {
	ctx := context.Background()
	n := len(batch)
	fights, versions := make([]string, n), make([]int64, n)
	kinds, actors, commands, dice, events := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, req := range batch {
		fights[i], versions[i] = req.fight, req.version
		kinds[i], actors[i], commands[i], dice[i], events[i] = req.r.kind, req.r.actor, req.r.command, req.r.dice, req.r.events
	}
	results := make(map[*appendReq]error, n)
	failAll := func(err error) map[*appendReq]error {
		for _, req := range batch {
			if _, done := results[req]; !done {
				results[req] = err
			}
		}
		return results
	}
	rows, err := p.pool.Query(ctx, pgAppendSQL, fights, versions, kinds, actors, commands, dice, events)
	if err != nil {
		return failAll(fmt.Errorf("appending: %w", err))
	}
	inserted := map[string]int64{} // fight: the version inserted
	for rows.Next() {
		var fight string
		var v int64
		if err := rows.Scan(&fight, &v); err != nil {
			rows.Close()
			return failAll(fmt.Errorf("appending: %w", err))
		}
		inserted[fight] = v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return failAll(fmt.Errorf("appending: %w", err))
	}
	var missed []string
	for _, req := range batch {
		if v, ok := inserted[req.fight]; ok && v == req.version+1 {
			results[req] = nil
		} else {
			missed = append(missed, req.fight)
		}
	}
	if len(missed) == 0 {
		return results
	}
	rows, err = p.pool.Query(ctx, `SELECT id FROM fights WHERE id = ANY($1)`, missed)
	if err != nil {
		return failAll(fmt.Errorf("appending (not committed): %w", err))
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return failAll(fmt.Errorf("appending (not committed): %w", err))
	}
	for _, req := range batch {
		if _, done := results[req]; !done {
			results[req] = ErrNotFound
			if slices.Contains(ids, req.fight) {
				results[req] = ErrConflict
			}
		}
	}
	return results
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
	return readTail(rows, version, func() (n int, err error) {
		return n, p.pool.QueryRow(ctx, `SELECT count(*) FROM fights WHERE id = $1`, fight).Scan(&n)
	})
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
