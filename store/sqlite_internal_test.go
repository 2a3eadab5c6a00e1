package store

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"fray/engine"
)

// TestSQLiteSettings checks that every connection runs in WAL mode with
// durable commits, foreign keys and a busy timeout, and that the file is
// created on first use and migrated once.
func TestSQLiteSettings(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "sub", "fights.db")
	if _, err := OpenSQLite(ctx, path); err == nil {
		t.Fatal("opened a store in a folder that does not exist")
	}
	path = filepath.Join(t.TempDir(), "fights.db")
	for range 2 { // the second open finds the schema in place
		s, err := OpenSQLite(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "10000", "wal_autocheckpoint": "0"} {
			var got string
			if err := s.db.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("PRAGMA %s = %s, want %s", pragma, got, want)
			}
		}
		var n int
		if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if all, _ := migrationsOf("sqlite"); n != len(all) {
			t.Errorf("%d migrations recorded, want %d", n, len(all))
		}
	}
	if _, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "odd?name.db")); err == nil {
		t.Error("opened a path with a ?")
	}
}

// TestSQLiteCheckpoints checks that a checkpoint, as the checkpointer
// runs them, copies every commit in the write-ahead log into the database
// file (TestSQLiteSettings checks that commits do not checkpoint).
func TestSQLiteCheckpoints(t *testing.T) {
	ctx := t.Context()
	s, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Create(ctx, Header{ID: "f", Ruleset: "x", Format: 1, Name: "x.yaml", Source: "x"}); err != nil {
		t.Fatal(err)
	}
	for v := range int64(200) {
		e := Entry{Kind: Decision, Decision: engine.Record{Actor: "a", Command: json.RawMessage(`{"kind":"x"}`)}}
		if err := s.Append(ctx, "f", v, e); err != nil {
			t.Fatal(err)
		}
	}
	frames, copied, err := s.checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	if frames == 0 || copied != frames {
		t.Fatalf("a checkpoint after 200 commits found %d frames in the log and copied %d", frames, copied)
	}
}
