package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/scenario"
	"fray/store"
	"fray/store/storetest"
)

// benchAppend measures durable appends by one writer, one committed
// decision at a time, and reports their p99 latency.
func benchAppend(b *testing.B, backend store.Backend) {
	ctx := b.Context()
	id := fmt.Sprintf("bench-%d", time.Now().UnixNano())
	h := store.Header{ID: id, Ruleset: "blackpowder", Format: store.FormatVersion, Name: "x.yaml", Source: "ruleset: blackpowder\n"}
	if err := backend.Create(ctx, h); err != nil {
		b.Fatal(err)
	}
	// A decision of the size of a blackpowder attack.
	rec := engine.Record{
		Actor:   "beatrix",
		Command: json.RawMessage(`{"kind":"attack","target":"thug1","weapon":"pistol"}`),
		Dice:    []dice.Draw{{Sides: 10, Value: 7}, {Sides: 10, Value: 3}, {Sides: 6, Value: 4}},
		Events: []json.RawMessage{
			json.RawMessage(`{"kind":"attack_rolled","attacker":"beatrix","target":"thug1","roll":7,"total":12,"evade":9,"hit":true}`),
			json.RawMessage(`{"kind":"damage_dealt","target":"thug1","amount":4,"wounds":4}`),
		},
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if err := backend.Append(ctx, id, int64(i), store.Entry{Kind: store.Decision, Decision: rec}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

// backends opens each backend the benchmarks compare: SQLite in a
// temporary file, and PostgreSQL in a fresh schema when FRAY_TEST_POSTGRES
// is set (else that sub-benchmark skips). Sub-benchmarks are named
// backend=sqlite and backend=postgres, for benchstat -col /backend.
var backends = []struct {
	name string
	open func(b *testing.B) store.Backend
}{
	{"sqlite", func(b *testing.B) store.Backend {
		backend, err := store.OpenSQLite(b.Context(), filepath.Join(b.TempDir(), "fights.db"))
		if err != nil {
			b.Fatal(err)
		}
		return backend
	}},
	{"postgres", func(b *testing.B) store.Backend {
		backend, err := store.OpenPostgres(b.Context(), freshSchema(b, postgresURL(b)))
		if err != nil {
			b.Fatal(err)
		}
		return backend
	}},
}

// BenchmarkAppend measures durable appends on each backend.
func BenchmarkAppend(b *testing.B) {
	for _, be := range backends {
		b.Run("backend="+be.name, func(b *testing.B) {
			backend := be.open(b)
			defer backend.Close()
			benchAppend(b, backend)
		})
	}
}

// BenchmarkAppendConcurrent measures durable appends by many writers at
// once, each to a fight of its own, as a server's tables make them: 16
// writers a processor.
func BenchmarkAppendConcurrent(b *testing.B) {
	for _, be := range backends {
		b.Run("backend="+be.name, func(b *testing.B) {
			backend := be.open(b)
			defer backend.Close()
			ctx := b.Context()
			var next atomic.Int64
			rec := engine.Record{Actor: "beatrix", Command: json.RawMessage(`{"kind":"pass"}`), Events: []json.RawMessage{json.RawMessage(`{"kind":"passed","combatant":"beatrix"}`)}}
			b.SetParallelism(16)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				id := fmt.Sprintf("writer-%d-%d", time.Now().UnixNano(), next.Add(1))
				if err := backend.Create(ctx, store.Header{ID: id, Ruleset: "blackpowder", Format: store.FormatVersion, Name: "x.yaml", Source: "ruleset: blackpowder\n"}); err != nil {
					b.Error(err)
					return
				}
				var v int64
				for pb.Next() {
					if err := backend.Append(ctx, id, v, store.Entry{Kind: store.Decision, Decision: rec}); err != nil {
						b.Error(err)
						return
					}
					v++
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
		})
	}
}

// longFight records the alley fight played by every prompt's default
// (502 decisions, to the round limit) and returns its header and log.
func longFight(b *testing.B, ctx context.Context, s *store.Store) (store.Header, []store.Entry) {
	f, err := s.Create(ctx, "long", "alley_fight.yaml", storetest.AlleyFight(b))
	if err != nil {
		b.Fatal(err)
	}
	src := dice.Seeded(1)
	for {
		p := f.Table().Prompt()
		if p.Kind == engine.End {
			break
		}
		i := max(p.Default, 0)
		actor := p.Actor
		if actor == "" {
			actor = engine.GM
		}
		if _, err := f.Submit(ctx, actor, p.Options[i].Command, src); err != nil {
			b.Fatal(err)
		}
	}
	h, entries, err := s.Log(ctx, "long")
	if err != nil {
		b.Fatal(err)
	}
	return h, entries
}

// BenchmarkReplay measures replaying a recorded fight of about 500
// decisions (no database: the fold alone).
func BenchmarkReplay(b *testing.B) { benchmarkLoad(b, store.Replay) }

// BenchmarkVerify is BenchmarkReplay re-deciding every decision.
func BenchmarkVerify(b *testing.B) { benchmarkLoad(b, store.Verify) }

// benchmarkLoad records a fight of about 500 decisions and measures load
// making a table of it from its header and entries.
func benchmarkLoad(b *testing.B, load func(*engine.Registry, store.Header, []store.Entry, ...scenario.Option) (engine.Table, error)) {
	ctx := b.Context()
	backend, err := store.OpenSQLite(ctx, filepath.Join(b.TempDir(), "fights.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer backend.Close()
	reg := storetest.Registry(b)
	h, entries := longFight(b, ctx, store.New(backend, reg))
	b.ResetTimer()
	for range b.N {
		if _, err := load(reg, h, entries); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(entries)), "decisions")
}

// BenchmarkOpen measures opening a fight of about 500 decisions from each
// backend: the load and the replay.
func BenchmarkOpen(b *testing.B) {
	for _, be := range backends {
		b.Run("backend="+be.name, func(b *testing.B) {
			ctx := b.Context()
			backend := be.open(b)
			defer backend.Close()
			s := store.New(backend, storetest.Registry(b))
			longFight(b, ctx, s)
			b.ResetTimer()
			for range b.N {
				if _, err := s.Open(ctx, "long"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
