package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// SQLite is the embedded Backend: one database file, created on first
// use, in WAL mode with synchronous=FULL, so that a committed append
// survives a crash of the process or the machine.
type SQLite struct {
	db   *sql.DB
	path string
	// wmu serializes this process's writes: SQLite takes one writer at a
	// time, and writers that meet a busy database back off by sleeping,
	// which under load costs far more than waiting here in turn. Writers
	// in other processes still meet the busy timeout.
	wmu sync.Mutex
	// appends holds the appends waiting for the writer goroutine, which
	// commits them in groups (see Append).
	appends   appendQueue
	closeOnce sync.Once
	// appendStmt is the checked insert of an append, prepared once: each
	// transaction of the group commit uses it on its connection rather
	// than have SQLite parse the statement again for every append.
	appendStmt *sql.Stmt
	// committed counts the commits, for the checkpointer, which
	// copies the write-ahead log into the database file apart from them
	// (this process's connections do not checkpoint as they commit), and
	// says it has ended on checkpointerDone.
	committed        atomic.Int64
	checkpointerDone chan struct{}
}

// checkpointEvery is how often the checkpointer looks for commits to copy
// from the write-ahead log into the database file.
const checkpointEvery = 500 * time.Millisecond

var _ Backend = (*SQLite)(nil)

// OpenSQLite opens (creating it if need be) the SQLite store in the file
// at path and applies any migrations it lacks.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("opening the SQLite store %s: a path with ? or # is not supported", path)
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)", "wal_autocheckpoint(0)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("opening the SQLite store %s: %w", path, err)
	}
	s := &SQLite{db: db, path: path, appends: newAppendQueue(), checkpointerDone: make(chan struct{})}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening the SQLite store %s: %w", path, err)
	}
	s.committed.Store(1) // the migrations, if any, to copy
	if s.appendStmt, err = db.PrepareContext(ctx, appendSQL); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening the SQLite store %s: preparing the append: %w", path, err)
	}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// checkpointer copies the write-ahead log into the database file while
// there are new commits, until the store closes. A checkpoint needs no
// lock the writer takes, so a group commit never waits for one, as it
// would when the commit that fills the log does the checkpoint itself.
func (s *SQLite) checkpointer() {
	defer close(s.checkpointerDone)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	var done int64
	for {
		select {
		case <-s.appends.closed:
			return
		case <-tick.C:
		}
		if n := s.committed.Load(); n != done {
			// A failure leaves the log longer, not the data unsafe: the
			// next tick tries again.
			if _, _, err := s.checkpoint(); err == nil {
				done = n
			}
		}
	}
}

// checkpoint copies what it can of the write-ahead log into the database
// file without waiting for readers or the writer (PASSIVE: what it leaves
// is copied next time), and returns the frames in the log and those
// copied.
func (s *SQLite) checkpoint() (frames, copied int, err error) {
	var busy int
	if err := s.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil {
		return 0, 0, fmt.Errorf("checkpointing %s: %w", s.path, err)
	}
	return frames, copied, nil
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

// Close stops the writer, after the group commit under way, and closes
// the database.
func (s *SQLite) Close() error {
	s.closeOnce.Do(func() { close(s.appends.closed) })
	<-s.appends.stopped
	<-s.checkpointerDone
	s.appendStmt.Close() //nolint:errcheck // closing the database reports what matters
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
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.db.ExecContext(ctx, `INSERT INTO fights (id, ruleset, format, name, source, content) VALUES (?, ?, ?, ?, ?, ?)`,
		h.ID, h.Ruleset, h.Format, h.Name, h.Source, contentJSON(h))
	switch {
	case isConstraint(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("creating the fight: %w", err)
	}
	s.committed.Add(1)
	return nil
}

// Import records a new fight with its entries in one transaction.
func (s *SQLite) Import(ctx context.Context, h Header, entries []Entry) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
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
	_, err = tx.ExecContext(ctx, `INSERT INTO fights (id, ruleset, format, name, source, content) VALUES (?, ?, ?, ?, ?, ?)`,
		h.ID, h.Ruleset, h.Format, h.Name, h.Source, contentJSON(h))
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
	s.committed.Add(1)
	return nil
}

// Append adds an entry after version. Appends from this process are
// committed in groups: the writer takes every append waiting, checks and
// inserts each in one transaction (each insert one statement that checks
// the version it extends), and commits them all with one sync of the
// disk, answering each after the commit.
func (s *SQLite) Append(ctx context.Context, fight string, version int64, e Entry) error {
	return s.appends.add(ctx, fight, version, e)
}

// writer commits the appends queued, in groups, until the store closes.
func (s *SQLite) writer() {
	defer close(s.appends.stopped)
	for {
		batch, ok := s.appends.take()
		if !ok {
			return
		}
		s.commit(batch)
	}
}

// commit inserts a group of appends in one transaction and answers each.
func (s *SQLite) commit(batch []*appendReq) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	ctx := context.Background()
	fail := func(err error) {
		for _, req := range batch {
			req.done <- fmt.Errorf("appending: %w", err)
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	insert := tx.StmtContext(ctx, s.appendStmt)
	results := make([]error, len(batch))
	for i, req := range batch {
		results[i] = appendIn(ctx, tx, insert, req)
	}
	if err := tx.Commit(); err != nil {
		fail(err)
		return
	}
	s.committed.Add(1)
	for i, req := range batch {
		req.done <- results[i]
	}
}

// appendSQL inserts an entry after a version, if the fight exists and its
// log is at that version.
const appendSQL = `INSERT INTO entries (fight_id, version, kind, actor, command, dice, events)
	SELECT ?1, ?2 + 1, ?3, ?4, ?5, ?6, ?7
	WHERE EXISTS (SELECT 1 FROM fights WHERE id = ?1)
	  AND (SELECT coalesce(max(version), 0) FROM entries WHERE fight_id = ?1) = ?2`

// appendIn inserts one append in tx with insert, appendSQL prepared for
// tx: nil, ErrConflict or ErrNotFound.
func appendIn(ctx context.Context, tx *sql.Tx, insert *sql.Stmt, req *appendReq) error {
	r := req.r
	res, err := insert.ExecContext(ctx, req.fight, req.version, r.kind, r.actor, r.command, r.dice, r.events)
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
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM fights WHERE id = ?`, req.fight).Scan(&exists); err != nil {
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
	var content string
	err := s.db.QueryRowContext(ctx, `SELECT ruleset, format, name, source, content FROM fights WHERE id = ?`, fight).Scan(&h.Ruleset, &h.Format, &h.Name, &h.Source, &content)
	if errors.Is(err, sql.ErrNoRows) {
		return Header{}, nil, ErrNotFound
	}
	if err != nil {
		return Header{}, nil, fmt.Errorf("loading: %w", err)
	}
	if h.Content, err = contentOf(content); err != nil {
		return Header{}, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, kind, actor, command, dice, events FROM entries WHERE fight_id = ? ORDER BY version`, fight)
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
func (s *SQLite) EntriesAfter(ctx context.Context, fight string, version int64) ([]Entry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT version, kind, actor, command, dice, events FROM entries WHERE fight_id = ? AND version > ? ORDER BY version`, fight, version)
	if err != nil {
		return nil, fmt.Errorf("loading the entries: %w", err)
	}
	defer rows.Close()
	return readTail(rows, version, func() (n int, err error) {
		return n, s.db.QueryRowContext(ctx, `SELECT count(*) FROM fights WHERE id = ?`, fight).Scan(&n)
	})
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
