package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"fray/engine"
	"fray/store"
)

// storeFlags are the flags that choose where fights are kept: play,
// fights and serve share them.
type storeFlags struct {
	db       string
	postgres string
}

// addStoreFlags adds --db and --postgres to a command.
func addStoreFlags(cmd *cobra.Command, f *storeFlags) {
	cmd.Flags().StringVar(&f.db, "db", "", "keep fights in the SQLite database `FILE` (default: fights.db in fray's folder of the user's data directory)")
	cmd.Flags().StringVar(&f.postgres, "postgres", "", "keep fights in the PostgreSQL database at `URL` instead of SQLite")
}

// dbEnv names the variable that, when set, replaces the default SQLite
// database file.
const dbEnv = "FRAY_DB"

// defaultDB returns the SQLite file fights are kept in when neither --db
// nor --postgres is given: $FRAY_DB if set, else fights.db in a folder
// fray of the user's data directory: $XDG_DATA_HOME (if an absolute path)
// or ~/.local/share on Linux and other Unix systems, ~/Library/Application
// Support on macOS and %LocalAppData% on Windows.
func defaultDB() (string, error) {
	if p := os.Getenv(dbEnv); p != "" {
		return p, nil
	}
	dir, err := dataDir()
	if err != nil {
		return "", fmt.Errorf("finding the user's data directory for the fight store (give --db FILE instead): %w", err)
	}
	return filepath.Join(dir, "fray", "fights.db"), nil
}

// dataDir returns the user's data directory by the platform's convention.
func dataDir() (string, error) {
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return d, nil
		}
		return os.UserConfigDir()
	case "darwin", "ios":
		return os.UserConfigDir() // ~/Library/Application Support
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share"), nil
}

// openStore opens the store the flags choose, creating the default
// SQLite file's folder if need be. where names it for messages.
func openStore(ctx context.Context, reg *engine.Registry, f storeFlags) (s *store.Store, where string, err error) {
	if f.postgres != "" {
		if f.db != "" {
			return nil, "", usageErrorf("give --db FILE or --postgres URL, not both")
		}
		b, err := store.OpenPostgres(ctx, f.postgres)
		if err != nil {
			return nil, "", err
		}
		return store.New(b, reg), "the PostgreSQL store", nil
	}
	path := f.db
	if path == "" {
		if path, err = defaultDB(); err != nil {
			return nil, "", err
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, "", fmt.Errorf("creating the folder of the fight store: %w", err)
		}
	}
	b, err := store.OpenSQLite(ctx, path)
	if err != nil {
		return nil, "", err
	}
	return store.New(b, reg), path, nil
}

// newFightID returns a new fight id: the encounter's name in lower case
// and eight random hex digits, such as alley_fight-3f9c01ab.
func newFightID(encounter string) (string, error) {
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(encounter), filepath.Ext(encounter)))
	base = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, base)
	if len(base) > 40 {
		base = base[:40]
	}
	if base == "" || base[0] == '_' || base[0] == '-' {
		// A fight's id follows the identity rule (engine.CheckID).
		base = "fight" + base
	}
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("choosing a fight id: %w", err)
	}
	return base + "-" + hex.EncodeToString(b[:]), nil
}

// storedID reports whether arg of --resume names a stored fight rather
// than a saved file: it is not a file that exists.
func storedID(arg string) bool {
	_, err := os.Stat(arg)
	return errors.Is(err, os.ErrNotExist)
}
