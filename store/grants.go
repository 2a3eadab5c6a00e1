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

// Grants keeps what tokens allow, by the token's hash (the token itself is
// never stored). Both backends implement it.
type Grants interface {
	// AddGrants records grants by token hash, all or none.
	AddGrants(ctx context.Context, grants map[string]Grant) error
	// Grant returns what the token of the given hash allows; ErrNotFound
	// for a hash not recorded.
	Grant(ctx context.Context, hash string) (Grant, error)
}

// Notifier is a backend that tells every process using the same database
// of each committed entry: PostgreSQL, through LISTEN/NOTIFY.
type Notifier interface {
	// Listen calls heard with the fight and version of every entry
	// committed by any process, until ctx is done or the connection fails
	// (the error says which).
	Listen(ctx context.Context, heard func(fight string, version int64)) error
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
	err := s.db.QueryRowContext(ctx, `SELECT fight_id, gm, combatant FROM grants WHERE hash = ?`, hash).Scan(&g.Fight, &g.GM, &g.Combatant)
	if errors.Is(err, sql.ErrNoRows) {
		return Grant{}, ErrNotFound
	}
	if err != nil {
		return Grant{}, fmt.Errorf("reading a grant: %w", err)
	}
	return g, nil
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
	err := p.pool.QueryRow(ctx, `SELECT fight_id, gm, combatant FROM grants WHERE hash = $1`, hash).Scan(&g.Fight, &g.GM, &g.Combatant)
	if errors.Is(err, pgx.ErrNoRows) {
		return Grant{}, ErrNotFound
	}
	if err != nil {
		return Grant{}, fmt.Errorf("reading a grant: %w", err)
	}
	return g, nil
}

// Listen holds one connection of the pool listening on fray_entries, on
// which a trigger announces every committed entry.
func (p *Postgres) Listen(ctx context.Context, heard func(fight string, version int64)) error {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("listening for entries: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `LISTEN fray_entries`); err != nil {
		return fmt.Errorf("listening for entries: %w", err)
	}
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			// The connection may be mid-notification: do not reuse it.
			conn.Conn().Close(context.Background()) //nolint:errcheck // the pool replaces it
			return fmt.Errorf("listening for entries: %w", err)
		}
		v, fight, ok := strings.Cut(n.Payload, " ")
		version, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil {
			continue
		}
		heard(fight, version)
	}
}
