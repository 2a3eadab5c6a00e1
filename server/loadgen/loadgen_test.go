package loadgen_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"fray/server"
	"fray/server/loadgen"
	"fray/store"
)

// TestRun makes short loads on a loopback server, without and with live
// streams, and checks that they decided, without errors.
func TestRun(t *testing.T) {
	ts := loopback(t)
	for _, o := range []loadgen.Options{
		{URL: ts.URL, Token: "creator", Fights: 4, Duration: time.Second, Decisions: 20},
		{URL: ts.URL, Token: "creator", Fights: 3, Duration: time.Second, Decisions: 20, Streams: 3, Think: 10 * time.Millisecond},
		{URL: ts.URL, Token: "creator", Fights: 3, Duration: 2 * time.Second, Decisions: 20, Think: 10 * time.Millisecond, Odds: 3},
	} {
		rep, err := loadgen.Run(t.Context(), o)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Decisions == 0 || rep.Errors > 0 || rep.P99 < rep.P50 || rep.Streams != o.Streams {
			t.Fatalf("%v (first error: %s)", rep, rep.FirstError)
		}
		// A decision is delivered to the streams after its answer.
		if o.Streams > 0 && (rep.DeliveredP50 < rep.P50 || rep.DeliveredP99 < rep.DeliveredP50) {
			t.Fatalf("%v: deliveries before their decisions' answers", rep)
		}
		// The flooders asked, were answered (200, or refused for want of
		// room: 429 or 503, never an error) and got some odds whole.
		if o.Odds > 0 {
			others := rep.OddsRequests - rep.OddsStatuses[200] - rep.OddsStatuses[429] - rep.OddsStatuses[503]
			if rep.OddsRequests == 0 || rep.OddsStatuses[200] == 0 || rep.OddsComplete == 0 || others != 0 {
				t.Fatalf("%v: odds %v", rep, rep.OddsStatuses)
			}
		}
		t.Log(rep)
	}
}

// TestWalk walks the reference encounters' fights, reading the odds of
// every prompt: every read answered, every option's odds there.
func TestWalk(t *testing.T) {
	ts := loopback(t)
	rep, err := loadgen.Walk(t.Context(), loadgen.WalkOptions{URL: ts.URL, Token: "creator", Decisions: 8, Seed: 3, Only: "reference_"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Encounters) != 3 || rep.Prompts < 10 || rep.Refused != 0 || rep.Blank != 0 || rep.P50 <= 0 || rep.Max < rep.P99 || len(rep.Slowest) == 0 {
		t.Fatalf("%v", rep)
	}
	for _, e := range rep.Encounters {
		if e.Prompts == 0 || e.Prompts > 8 {
			t.Errorf("%s: %d prompts", e.Name, e.Prompts)
		}
	}
	t.Log(rep)
}

// loopback serves a fresh server on loopback for the test.
func loopback(t *testing.T) *httptest.Server {
	t.Helper()
	reg, oddsFor, err := loadgen.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	s, err := server.New(server.Config{Store: store.New(b, reg), Registry: reg, Rate: 1e6, Burst: 1e6, CreateToken: "creator", CreateRate: 1e6, CreateBurst: 1e6,
		Odds:   oddsFor,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}
