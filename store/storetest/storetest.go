// Package storetest is the contract every store.Backend must meet, as one
// test suite that each backend's tests run against a fresh database.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
	"fray/store"
)

// Opener opens a new backend (its own connections: a new pool) onto one
// database. Each call must reach the same database.
type Opener func(ctx context.Context) (store.Backend, error)

// Fresh returns an Opener for a new, empty database of the backend under
// test, cleaned up when t ends.
type Fresh func(t *testing.T) Opener

// Run runs the contract suite against the backend fresh makes databases of.
// Each part is a parallel subtest with a fresh database of its own: most of
// their time is the database's, waiting on the disk or a server.
func Run(t *testing.T, fresh Fresh) {
	tests := []struct {
		name string
		run  func(t *testing.T, open Opener)
	}{
		{"RoundTrip", testRoundTrip},
		{"UndoRecorded", testUndoRecorded},
		{"Conflict", testConflict},
		{"Refresh", testRefresh},
		{"Errors", testErrors},
		{"UnknownRulesetAndKind", testUnknown},
		{"Hammer", testHammer},
		{"OneWinsInAGroup", testOneWinsInAGroup},
		{"Import", testImport},
		{"Links", testLinks},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, fresh(t))
		})
	}
}

// Registry returns the registry the suite's fights are started through.
func Registry(t testing.TB) *engine.Registry {
	t.Helper()
	reg, err := engine.NewRegistry(blackpowder.Plugin().Info())
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// AlleyFight returns the text of blackpowder's bundled alley fight, the
// suite's encounter.
func AlleyFight(t testing.TB) []byte {
	t.Helper()
	src, ok := blackpowder.Plugin().Content()["alley_fight"]
	if !ok {
		t.Fatal("blackpowder has no bundled alley_fight")
	}
	return src
}

// backend opens a backend and closes it when t ends.
func backend(t *testing.T, open Opener) store.Backend {
	t.Helper()
	b, err := open(t.Context())
	if err != nil {
		t.Fatalf("opening the backend: %v", err)
	}
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("closing the backend: %v", err)
		}
	})
	return b
}

// Move makes one decision of a played fight: a GM ruling's default, else
// an option chosen by rng, with dice from rng. It reports false when the
// fight is over.
func Move(ctx context.Context, f *store.Fight, rng *rand.Rand) (bool, error) {
	p := f.Table().Prompt()
	if p.Kind == engine.End || len(p.Options) == 0 {
		return false, nil
	}
	i := p.Default
	if p.Kind != engine.Ruling || i < 0 || i >= len(p.Options) {
		i = rng.IntN(len(p.Options))
	}
	actor := p.Actor
	if actor == "" {
		actor = engine.GM
	}
	if _, err := f.Submit(ctx, actor, p.Options[i].Command, dice.Seeded(rng.Uint64())); err != nil {
		return false, fmt.Errorf("decision %d, %s: %s: %w", f.Table().Len()+1, actor, p.Options[i].Command, err)
	}
	return true, nil
}

// sameTable fails t unless two tables show the same fight.
func sameTable(t *testing.T, want, got engine.Table) {
	t.Helper()
	if want.Len() != got.Len() {
		t.Fatalf("reloaded fight has %d decisions, want %d", got.Len(), want.Len())
	}
	ws, err := want.State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := got.State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	if string(ws) != string(gs) {
		t.Fatalf("reloaded state differs:\n got %s\nwant %s", gs, ws)
	}
	if !reflect.DeepEqual(want.Prompt(), got.Prompt()) {
		t.Fatalf("reloaded prompt differs:\n got %+v\nwant %+v", got.Prompt(), want.Prompt())
	}
	wt, _ := json.Marshal(want.Transcript(engine.Everyone))
	gt, _ := json.Marshal(got.Transcript(engine.Everyone))
	if string(wt) != string(gt) {
		t.Fatalf("reloaded transcript differs")
	}
}

func testRoundTrip(t *testing.T, open Opener) {
	ctx := t.Context()
	reg := Registry(t)
	s := store.New(backend(t, open), reg)
	f, err := s.Create(ctx, "alley-1", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		more, err := Move(ctx, f, rng)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if f.Table().Len() > 5000 {
			t.Fatal("the fight did not end in 5000 decisions")
		}
	}
	if f.Table().Prompt().Kind != engine.End || f.Table().TimedOut() {
		t.Fatalf("the fight stopped at a %s prompt (timed out: %v), not with a winner", f.Table().Prompt().Kind, f.Table().TimedOut())
	}
	if f.Version() != int64(f.Table().Len()) {
		t.Fatalf("version %d after %d decisions", f.Version(), f.Table().Len())
	}
	// Reopen through a new backend (new connections) and compare.
	again, err := store.New(backend(t, open), reg).Open(ctx, "alley-1")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, f.Table(), again.Table())
	h, entries, err := s.Log(ctx, "alley-1")
	if err != nil {
		t.Fatal(err)
	}
	verified, err := store.Verify(reg, h, entries)
	if err != nil {
		t.Fatalf("verifying the fight against the rules: %v", err)
	}
	sameTable(t, f.Table(), verified)
	tampered := slices.Clone(entries)
	tampered[0].Decision.Events = append([]json.RawMessage{json.RawMessage(`{"kind":"round_started","round":7}`)}, tampered[0].Decision.Events...)
	if _, err := store.Verify(reg, h, tampered); err == nil {
		t.Fatal("a tampered record verified")
	}
	if h.Ruleset != "blackpowder" || h.Format != store.FormatVersion || h.Source != string(AlleyFight(t)) {
		t.Fatalf("header %+v", h)
	}
	for i, e := range entries {
		want, err := f.Table().Record(i)
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind != store.Decision || !reflect.DeepEqual(normal(t, e.Decision), normal(t, want)) {
			t.Fatalf("entry %d: got %+v, want %+v", i+1, e, want)
		}
	}
	t.Logf("%d decisions; winner %q, timed out %v", len(entries), f.Table().Prompt().Winner, f.Table().TimedOut())
}

// normal is a record as JSON, to compare records without caring for nil
// against empty.
func normal(t *testing.T, r engine.Record) string {
	if len(r.Dice) == 0 {
		r.Dice = nil
	}
	if len(r.Events) == 0 {
		r.Events = nil
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func testUndoRecorded(t *testing.T, open Opener) {
	ctx := t.Context()
	reg := Registry(t)
	s := store.New(backend(t, open), reg)
	f, err := s.Create(ctx, "undo-1", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 6 {
		if _, err := Move(ctx, f, rng); err != nil {
			t.Fatal(err)
		}
	}
	undone, err := f.Table().Record(5)
	if err != nil {
		t.Fatal(err)
	}
	// Only the GM or the player whose decision it is may take it back:
	// the first undo is that player's, the second the GM's.
	other := "markus"
	if undone.Actor == other {
		other = "beatrix"
	}
	if ok, err := f.Undo(ctx, other); err == nil || ok || f.Version() != 6 {
		t.Fatalf("an undo of %s's decision by %s: %v, %v, at version %d", undone.Actor, other, ok, err, f.Version())
	}
	for _, by := range []string{undone.Actor, engine.GM} {
		if ok, err := f.Undo(ctx, by); err != nil || !ok {
			t.Fatalf("undo by %s: %v, %v", by, ok, err)
		}
	}
	if _, err := Move(ctx, f, rng); err != nil {
		t.Fatal(err)
	}
	if f.Table().Len() != 5 || f.Version() != 9 {
		t.Fatalf("after 6 decisions, 2 undos and 1 decision: %d decisions at version %d", f.Table().Len(), f.Version())
	}
	again, err := s.Open(ctx, "undo-1")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, f.Table(), again.Table())
	_, entries, err := s.Log(ctx, "undo-1")
	if err != nil {
		t.Fatal(err)
	}
	kinds := make([]string, len(entries))
	for i, e := range entries {
		kinds[i] = string(e.Kind)
	}
	want := "decision decision decision decision decision decision undo undo decision"
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("entry kinds %s, want %s", got, want)
	}
	for i, e := range entries {
		by := map[int]string{6: undone.Actor, 7: engine.GM}[i]
		if e.By != by {
			t.Errorf("entry %d (%s) is by %q, want %q", i+1, e.Kind, e.By, by)
		}
	}
	if normal(t, entries[5].Decision) != normal(t, undone) {
		t.Fatalf("the undone decision reads %+v, want %+v", entries[5].Decision, undone)
	}
	active, err := store.Active(entries)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(active, []int{0, 1, 2, 3, 8}) {
		t.Fatalf("active entries %v", active)
	}
}

// testRefresh moves a fight through one Fight, with decisions and undos,
// while another, through other connections, catches up with Refresh after
// each step: it must be at the version and state that opening the fight
// anew gives, and then able to append itself.
func testRefresh(t *testing.T, open Opener) {
	ctx := t.Context()
	reg := Registry(t)
	s := store.New(backend(t, open), reg)
	a, err := s.Create(ctx, "refresh-1", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.New(backend(t, open), reg).Open(ctx, "refresh-1")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Refresh(ctx); err != nil || b.Version() != 0 {
		t.Fatalf("refreshing an unmoved fight: %v, at version %d", err, b.Version())
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for step := range 12 {
		for range step % 3 {
			if _, err := Move(ctx, a, rng); err != nil {
				t.Fatal(err)
			}
		}
		if step%4 == 3 {
			if _, err := a.Undo(ctx, engine.GM); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Refresh(ctx); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if b.Version() != a.Version() || len(b.Entries()) != int(b.Version()) {
			t.Fatalf("step %d: refreshed to version %d with %d entries, want %d", step, b.Version(), len(b.Entries()), a.Version())
		}
		sameTable(t, a.Table(), b.Table())
	}
	// b goes on, and a catches up with it.
	if _, err := Move(ctx, b, rng); err != nil {
		t.Fatal(err)
	}
	if err := a.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	again, err := s.Open(ctx, "refresh-1")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, again.Table(), a.Table())
	sameTable(t, again.Table(), b.Table())
	if _, err := s.Backend().(store.Tail).EntriesAfter(ctx, "no-such-fight", 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the entries of an unknown fight: %v, want ErrNotFound", err)
	}
}

func testConflict(t *testing.T, open Opener) {
	ctx := t.Context()
	reg := Registry(t)
	s := store.New(backend(t, open), reg)
	if _, err := s.Create(ctx, "fork-1", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	a, err := s.Open(ctx, "fork-1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.New(backend(t, open), reg).Open(ctx, "fork-1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Move(ctx, a, rand.New(rand.NewPCG(5, 6))); err != nil {
		t.Fatal(err)
	}
	_, err = Move(ctx, b, rand.New(rand.NewPCG(7, 8)))
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second append at version 0: got %v, want ErrConflict", err)
	}
	if b.Table().Len() != 0 || b.Version() != 0 {
		t.Fatalf("the refused fight moved: %d decisions at version %d", b.Table().Len(), b.Version())
	}
	if _, err := b.Undo(ctx, engine.GM); err != nil {
		t.Fatal(err) // nothing to undo at b's version: no append
	}
	rec, err := a.Table().Record(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Backend().Append(ctx, "fork-1", 0, store.Entry{Kind: store.Decision, Decision: rec}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a raw append at version 0: got %v, want ErrConflict", err)
	}
	if err := s.Backend().Append(ctx, "fork-1", 5, store.Entry{Kind: store.Decision, Decision: rec}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an append past the end: got %v, want ErrConflict", err)
	}
	if _, err := b.Undo(ctx, engine.GM); err != nil {
		t.Fatal(err)
	}
	b, err = s.Open(ctx, "fork-1")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, a.Table(), b.Table())
}

func testErrors(t *testing.T, open Opener) {
	ctx := t.Context()
	s := store.New(backend(t, open), Registry(t))
	if _, err := s.Open(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("opening an unknown fight: got %v, want ErrNotFound", err)
	}
	if err := s.Backend().Append(ctx, "nobody", 0, store.Entry{Kind: store.Undo}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("appending to an unknown fight: got %v, want ErrNotFound", err)
	}
	if _, err := s.Create(ctx, "twice", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "twice", "alley_fight.yaml", AlleyFight(t)); !errors.Is(err, store.ErrExists) {
		t.Fatalf("creating a fight twice: got %v, want ErrExists", err)
	}
	if err := s.Backend().Append(ctx, "twice", 0, store.Entry{Kind: store.Undo}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "another", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	list, err := s.Backend().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Summary{
		{ID: "another", Ruleset: "blackpowder", Name: "alley_fight.yaml"},
		{ID: "twice", Ruleset: "blackpowder", Name: "alley_fight.yaml", Entries: 1},
	}
	if !reflect.DeepEqual(list, want) {
		t.Fatalf("List: got %+v, want %+v", list, want)
	}
	if _, err := s.Open(ctx, "twice"); err == nil || !strings.Contains(err.Error(), "no decision to take back") {
		t.Fatalf("opening a fight whose log starts with an undo: got %v", err)
	}
}

func testUnknown(t *testing.T, open Opener) {
	ctx := t.Context()
	s := store.New(backend(t, open), Registry(t))
	h := store.Header{ID: "elsewhere", Ruleset: "nosuch", Format: store.FormatVersion, Name: "x.yaml", Source: "ruleset: nosuch\n"}
	if err := s.Backend().Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, "elsewhere"); err == nil || !strings.Contains(err.Error(), `unknown ruleset "nosuch"`) {
		t.Fatalf("opening a fight of an unknown ruleset: got %v", err)
	}
	h = store.Header{ID: "future", Ruleset: "blackpowder", Format: store.FormatVersion + 1, Name: "x.yaml", Source: string(AlleyFight(t))}
	if err := s.Backend().Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, "future"); err == nil || !strings.Contains(err.Error(), "record format") {
		t.Fatalf("opening a fight of a later format: got %v", err)
	}
	f, err := s.Create(ctx, "odd", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	actor := f.Table().Prompt().Actor
	odd := engine.Record{Actor: actor, Command: json.RawMessage(`{"kind":"teleport"}`)}
	if err := s.Backend().Append(ctx, "odd", 0, store.Entry{Kind: store.Decision, Decision: odd}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, "odd"); err == nil || !strings.Contains(err.Error(), `kind "teleport"`) {
		t.Fatalf("opening a fight with an unknown command kind: got %v", err)
	}
	// A known command with an event of a kind this program does not know.
	p := f.Table().Prompt()
	if _, err := f.Submit(ctx, p.Actor, p.Options[0].Command, dice.Seeded(1)); err == nil {
		t.Fatal("submitting to a fight whose log moved on succeeded")
	}
	f, err = s.Create(ctx, "odd-event", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Submit(ctx, p.Actor, p.Options[0].Command, dice.Seeded(1)); err != nil {
		t.Fatal(err)
	}
	rec, err := f.Table().Record(0)
	if err != nil {
		t.Fatal(err)
	}
	rec.Events = append(rec.Events, json.RawMessage(`{"kind":"vanished"}`))
	if err := s.Backend().Append(ctx, "odd-event", 1, store.Entry{Kind: store.Decision, Decision: rec}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, "odd-event"); err == nil || !strings.Contains(err.Error(), `kind "vanished"`) {
		t.Fatalf("opening a fight with an unknown event kind: got %v", err)
	}
}

// testHammer has many goroutines, over two backends (two pools), append
// to one fight as fast as they can, and checks that the log holds every
// acknowledged append exactly once and nothing else, in one order.
// testOneWinsInAGroup sends many appends at one version at once through
// one backend, so that its group commits hold several at the same version,
// and some for a fight that does not exist: exactly one a round is
// committed, the others conflict, and those for no fight are ErrNotFound.
func testOneWinsInAGroup(t *testing.T, open Opener) {
	ctx := t.Context()
	b := backend(t, open)
	s := store.New(b, Registry(t))
	if _, err := s.Create(ctx, "group", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	const rounds, racers = 10, 24
	for round := range int64(rounds) {
		start := make(chan struct{})
		errs := make([]error, racers)
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				fight := "group"
				if i%8 == 7 {
					fight = "no-such-fight"
				}
				e := store.Entry{Kind: store.Decision, Decision: engine.Record{Actor: fmt.Sprintf("r%d-%d", round, i), Command: json.RawMessage(`{"kind":"marker"}`)}}
				<-start
				errs[i] = b.Append(ctx, fight, round, e)
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case i%8 == 7:
				if !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("round %d: an append to no fight: %v", round, err)
				}
			case err == nil:
				won++
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d of %d appends at version %d committed, want 1", round, won, racers, round)
		}
	}
	_, entries, err := b.Load(ctx, "group")
	if err != nil || len(entries) != rounds {
		t.Fatalf("%d entries (%v), want %d", len(entries), err, rounds)
	}
}

func testHammer(t *testing.T, open Opener) {
	ctx := t.Context()
	pools := []store.Backend{backend(t, open), backend(t, open)}
	s := store.New(pools[0], Registry(t))
	if _, err := s.Create(ctx, "hammer", "alley_fight.yaml", AlleyFight(t)); err != nil {
		t.Fatal(err)
	}
	const workers, each = 8, 15
	var (
		mu    sync.Mutex
		acked = map[string]int64{} // marker: the version acknowledged
		wg    sync.WaitGroup
		errs  = make(chan error, workers)
	)
	for w := range workers {
		wg.Go(func() {
			b := pools[w%len(pools)]
			var version int64
			for n := 0; n < each; {
				marker := fmt.Sprintf("w%d-%d", w, n)
				e := store.Entry{Kind: store.Decision, Decision: engine.Record{Actor: marker, Command: json.RawMessage(`{"kind":"marker"}`)}}
				err := b.Append(ctx, "hammer", version, e)
				switch {
				case err == nil:
					version++
					mu.Lock()
					acked[marker] = version
					mu.Unlock()
					n++
				case errors.Is(err, store.ErrConflict):
					_, entries, err := b.Load(ctx, "hammer")
					if err != nil {
						errs <- err
						return
					}
					version = int64(len(entries))
				default:
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	_, entries, err := pools[1].Load(ctx, "hammer")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != workers*each {
		t.Fatalf("%d entries, want the %d acknowledged", len(entries), workers*each)
	}
	seen := map[string]bool{}
	last := map[string]int{}
	for i, e := range entries {
		m := e.Decision.Actor
		if seen[m] {
			t.Fatalf("entry %d: %s twice", i+1, m)
		}
		seen[m] = true
		if v, ok := acked[m]; !ok || v != e.Version {
			t.Fatalf("entry %d: %s, acknowledged at version %d (%v)", e.Version, m, v, ok)
		}
		var w, n int
		if _, err := fmt.Sscanf(m, "w%d-%d", &w, &n); err != nil {
			t.Fatal(err)
		}
		if prev, ok := last[fmt.Sprint(w)]; ok && prev != n-1 {
			t.Fatalf("worker %d: %d after %d", w, n, prev)
		}
		last[fmt.Sprint(w)] = n
	}
}

// testImport checks that a fight's log imported under another id loads to
// the same fight, and that an import that fails records nothing.
func testImport(t *testing.T, open Opener) {
	ctx := t.Context()
	s := store.New(backend(t, open), Registry(t))
	f, err := s.Create(ctx, "original", "alley_fight.yaml", AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		if ok, err := Move(ctx, f, rng); err != nil {
			t.Fatal(err)
		} else if !ok {
			break
		}
	}
	if _, err := f.Undo(ctx, engine.GM); err != nil {
		t.Fatal(err)
	}
	h, entries, err := s.Log(ctx, "original")
	if err != nil {
		t.Fatal(err)
	}
	// The Fight's own log, kept as it appended, is the stored one.
	mine := f.Entries()
	if len(mine) != len(entries) {
		t.Fatalf("the Fight has seen %d entries, the store holds %d", len(mine), len(entries))
	}
	for i := range entries {
		if mine[i].Version != entries[i].Version || mine[i].Kind != entries[i].Kind || normal(t, mine[i].Decision) != normal(t, entries[i].Decision) {
			t.Fatalf("entry %d: the Fight has %+v, the store %+v", i+1, mine[i], entries[i])
		}
	}
	h.ID = "copy"
	if _, err := s.Import(ctx, h, entries); err != nil {
		t.Fatalf("importing: %v", err)
	}
	g, err := s.Open(ctx, "copy")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, f.Table(), g.Table())
	if g.Version() != f.Version() {
		t.Fatalf("imported version %d, want %d", g.Version(), f.Version())
	}
	if _, err := s.Import(ctx, h, entries); !errors.Is(err, store.ErrExists) {
		t.Fatalf("importing a fight twice: got %v, want ErrExists", err)
	}
	// An entry whose command is of no known kind: nothing is recorded.
	bad := slices.Clone(entries)
	bad[len(bad)/2].Decision.Command = json.RawMessage(`{"kind":"nosuch"}`)
	h.ID = "broken"
	if _, err := s.Import(ctx, h, bad); err == nil {
		t.Fatal("importing an entry of an unknown kind: no error")
	}
	if err := s.Backend().Import(ctx, store.Header{ID: "original", Ruleset: h.Ruleset, Format: h.Format, Name: h.Name, Source: h.Source}, entries); !errors.Is(err, store.ErrExists) {
		t.Fatalf("backend import over a taken id: got %v, want ErrExists", err)
	}
	list, err := s.Backend().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("after a refused import the store holds %+v, want original and copy only", list)
	}
}
