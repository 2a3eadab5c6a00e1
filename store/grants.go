package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Grant is what a token lets its holder do in one fight: everything, as
// the GM, or act for and see as one combatant.
type Grant struct {
	// Fight is the fight's id.
	Fight string `json:"fight"`
	// GM is set for the GM's token.
	GM bool `json:"gm,omitempty"`
	// Combatant is the combatant a player's token acts for; "" for the GM.
	Combatant string `json:"combatant,omitempty"`
}

// Link is a player's seat in a fight, as its links go: the combatant, and
// how many tokens have been issued for it (the last of them the one in
// force).
type Link struct {
	// Combatant is the seat's combatant.
	Combatant string `json:"combatant"`
	// Issued counts the seat's tokens: 1 until the GM issues a new one in
	// place of the first.
	Issued int `json:"issued"`
}

// ErrRevoked is returned for a token that a new one has replaced.
var ErrRevoked = errors.New("the token was revoked: a new one was issued in its place")

// Grants keeps what tokens allow, by the token's hash (the token itself is
// never stored). Both backends implement it.
type Grants interface {
	// AddGrants records grants by token hash, all or none.
	AddGrants(ctx context.Context, grants map[string]Grant) error
	// Grant returns what the token of the given hash allows; ErrNotFound
	// for a hash not recorded, ErrRevoked for a token replaced since.
	Grant(ctx context.Context, hash string) (Grant, error)
	// Links lists the players' seats of a fight (every combatant a player's
	// token was issued for), by combatant.
	Links(ctx context.Context, fight string) ([]Link, error)
	// Reissue records a new token, by its hash, for the seat g names (a
	// player's, or the GM's when g.GM) and revokes every other token of
	// that seat, at once; it returns the seat as it is then (the GM's
	// with Combatant ""). ErrNotFound when the fight has no such seat (no
	// token was ever issued for it).
	Reissue(ctx context.Context, hash string, g Grant) (Link, error)
}

// Listener is what a Notifier tells of what any process commits; a nil
// field is not told.
type Listener struct {
	// Listening is called once the connection listens: from then on
	// until Listen returns, nothing committed is missed.
	Listening func()
	// Entry is called with the fight and version of every committed
	// entry.
	Entry func(fight string, version int64)
	// Revoked is called with the fight of every committed revocation of
	// tokens.
	Revoked func(fight string)
}

// Notifier is a backend that tells every process using the same database
// of each committed entry and revocation: PostgreSQL, through
// LISTEN/NOTIFY.
type Notifier interface {
	// Listen tells l of every entry and revocation committed by any
	// process, until ctx is done or the connection fails (the error says
	// which).
	Listen(ctx context.Context, l Listener) error
}

var (
	_ Grants   = (*SQLite)(nil)
	_ Grants   = (*Postgres)(nil)
	_ Notifier = (*Postgres)(nil)
)

// AddGrants records grants in one transaction.
func (s *SQLite) AddGrants(ctx context.Context, grants map[string]Grant) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("recording grants: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	for hash, g := range grants {
		if _, err := tx.ExecContext(ctx, `INSERT INTO grants (hash, fight_id, gm, combatant) VALUES (?, ?, ?, ?)`, hash, g.Fight, g.GM, g.Combatant); err != nil {
			return fmt.Errorf("recording grants: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("recording grants: %w", err)
	}
	s.committed.Add(1)
	return nil
}

// Grant returns what a token allows.
func (s *SQLite) Grant(ctx context.Context, hash string) (Grant, error) {
	var g Grant
	var revoked bool
	err := s.db.QueryRowContext(ctx, `SELECT fight_id, gm, combatant, revoked FROM grants WHERE hash = ?`, hash).Scan(&g.Fight, &g.GM, &g.Combatant, &revoked)
	return grantRead(g, revoked, errors.Is(err, sql.ErrNoRows), err)
}

// grantRead is what Grant returns of a row read: the grant, ErrNotFound
// for no row, ErrRevoked for a revoked one.
func grantRead(g Grant, revoked, none bool, err error) (Grant, error) {
	switch {
	case none:
		return Grant{}, ErrNotFound
	case err != nil:
		return Grant{}, fmt.Errorf("reading a grant: %w", err)
	case revoked:
		return Grant{}, ErrRevoked
	}
	return g, nil
}

// Links lists the players' seats of a fight.
func (s *SQLite) Links(ctx context.Context, fight string) ([]Link, error) {
	rows, err := s.db.QueryContext(ctx, linksQuery("?"), fight)
	if err != nil {
		return nil, fmt.Errorf("listing the links of fight %s: %w", fight, err)
	}
	defer rows.Close()
	return scanLinks(fight, rows)
}

// linksQuery is the query Links makes, with the placeholder of the
// fight's id.
func linksQuery(param string) string {
	return `SELECT combatant, count(*) FROM grants WHERE fight_id = ` + param + ` AND NOT gm GROUP BY combatant ORDER BY combatant`
}

// scanLinks reads the rows of linksQuery.
func scanLinks(fight string, rows interface {
	Next() bool
	Scan(...any) error
	Err() error
}) ([]Link, error) {
	var out []Link
	for rows.Next() {
		var l Link
		if err := rows.Scan(&l.Combatant, &l.Issued); err != nil {
			return nil, fmt.Errorf("listing the links of fight %s: %w", fight, err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing the links of fight %s: %w", fight, err)
	}
	return out, nil
}

// Reissue replaces a seat's tokens with a new one in one transaction.
func (s *SQLite) Reissue(ctx context.Context, hash string, g Grant) (Link, error) {
	seat, args := seatOf(&g, "?", "?")
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Link{}, fmt.Errorf("issuing a new link: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM grants WHERE `+seat, args...).Scan(&n); err != nil {
		return Link{}, fmt.Errorf("issuing a new link: %w", err)
	}
	if n == 0 {
		return Link{}, ErrNotFound
	}
	if _, err := tx.ExecContext(ctx, `UPDATE grants SET revoked = 1 WHERE `+seat, args...); err != nil {
		return Link{}, fmt.Errorf("revoking a link: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO grants (hash, fight_id, gm, combatant) VALUES (?, ?, ?, ?)`, hash, g.Fight, g.GM, g.Combatant); err != nil {
		return Link{}, fmt.Errorf("issuing a new link: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Link{}, fmt.Errorf("issuing a new link: %w", err)
	}
	s.committed.Add(1)
	return Link{Combatant: g.Combatant, Issued: n + 1}, nil
}

// seatOf is the condition that picks the tokens of g's seat, with its
// arguments, for a backend whose first two placeholders are given: the
// GM's tokens of the fight, or a player's combatant's.
func seatOf(g *Grant, first, second string) (string, []any) {
	if g.GM {
		g.Combatant = ""
		return `fight_id = ` + first + ` AND gm`, []any{g.Fight}
	}
	return `fight_id = ` + first + ` AND combatant = ` + second + ` AND NOT gm`, []any{g.Fight, g.Combatant}
}

// AddGrants records grants in one transaction.
func (p *Postgres) AddGrants(ctx context.Context, grants map[string]Grant) error {
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		for hash, g := range grants {
			if _, err := tx.Exec(ctx, `INSERT INTO grants (hash, fight_id, gm, combatant) VALUES ($1, $2, $3, $4)`, hash, g.Fight, g.GM, g.Combatant); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("recording grants: %w", err)
	}
	return nil
}

// Grant returns what a token allows.
func (p *Postgres) Grant(ctx context.Context, hash string) (Grant, error) {
	var g Grant
	var revoked bool
	err := p.pool.QueryRow(ctx, `SELECT fight_id, gm, combatant, revoked FROM grants WHERE hash = $1`, hash).Scan(&g.Fight, &g.GM, &g.Combatant, &revoked)
	return grantRead(g, revoked, errors.Is(err, pgx.ErrNoRows), err)
}

// Links lists the players' seats of a fight.
func (p *Postgres) Links(ctx context.Context, fight string) ([]Link, error) {
	rows, err := p.pool.Query(ctx, linksQuery("$1"), fight)
	if err != nil {
		return nil, fmt.Errorf("listing the links of fight %s: %w", fight, err)
	}
	defer rows.Close()
	return scanLinks(fight, rows)
}

// Reissue replaces a seat's tokens with a new one in one transaction,
// which announces the revocation on fray_grants when it commits. The
// fight's row is locked first (FOR NO KEY UPDATE, which appends do not
// wait for), so that two new links for one seat at once leave one in
// force.
func (p *Postgres) Reissue(ctx context.Context, hash string, g Grant) (Link, error) {
	seat, args := seatOf(&g, "$1", "$2")
	var n int
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		var id string
		if err := tx.QueryRow(ctx, `SELECT id FROM fights WHERE id = $1 FOR NO KEY UPDATE`, g.Fight).Scan(&id); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM grants WHERE `+seat, args...).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if _, err := tx.Exec(ctx, `UPDATE grants SET revoked = true WHERE `+seat, args...); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO grants (hash, fight_id, gm, combatant) VALUES ($1, $2, $3, $4)`, hash, g.Fight, g.GM, g.Combatant); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `SELECT pg_notify('fray_grants', $1)`, g.Fight)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return Link{}, ErrNotFound
	}
	if err != nil {
		return Link{}, fmt.Errorf("issuing a new link: %w", err)
	}
	return Link{Combatant: g.Combatant, Issued: n + 1}, nil
}

// Listen holds one connection of the pool listening on fray_entries, on
// which a trigger announces every committed entry, and on fray_grants, on
// which Reissue announces its revocations.
func (p *Postgres) Listen(ctx context.Context, l Listener) error {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("listening for entries: %w", err)
	}
	defer conn.Release()
	for _, channel := range []string{"fray_entries", "fray_grants"} {
		if _, err := conn.Exec(ctx, `LISTEN `+channel); err != nil {
			return fmt.Errorf("listening for entries: %w", err)
		}
	}
	if l.Listening != nil {
		l.Listening()
	}
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			// The connection may be mid-notification: do not reuse it.
			conn.Conn().Close(context.Background()) //nolint:errcheck // the pool replaces it
			return fmt.Errorf("listening for entries: %w", err)
		}
		if n.Channel == "fray_grants" {
			if l.Revoked != nil {
				l.Revoked(n.Payload)
			}
			continue
		}
		v, fight, ok := strings.Cut(n.Payload, " ")
		version, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || l.Entry == nil {
			continue
		}
		l.Entry(fight, version)
	}
}
