package loadgen_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/server"
	"fray/server/loadgen"
	"fray/store"
)

// TestRun makes a short load on a loopback server and checks that it
// decided, without errors.
func TestRun(t *testing.T) {
	reg, err := engine.NewRegistry(blackpowder.Plugin().Info(), reference.Plugin().Info(), tempo.Plugin().Info())
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s, err := server.New(server.Config{Store: store.New(b, reg), Registry: reg, Rate: 1e6, Burst: 1e6, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	rep, err := loadgen.Run(t.Context(), loadgen.Options{URL: ts.URL, Fights: 4, Duration: time.Second, Decisions: 20})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Decisions == 0 || rep.Errors > 0 || rep.P99 < rep.P50 {
		t.Fatalf("%v (first error: %s)", rep, rep.FirstError)
	}
	t.Log(rep)
}
