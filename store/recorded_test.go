package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/scenario"
	"fray/store"
	"fray/store/storetest"
)

var update = flag.Bool("update", false, "record the fights of store/testdata anew")

// recordedFight is a whole fight kept as test data: its record as the
// store keeps it, and the GM's view of the state it must replay to in
// every later version.
type recordedFight struct {
	Header  store.Header    `json:"header"`
	Entries []store.Entry   `json:"entries"`
	State   json.RawMessage `json:"state"`
}

// allRulesets is a registry of every ruleset with recorded fights.
func allRulesets(t *testing.T) *engine.Registry {
	t.Helper()
	reg, err := engine.NewRegistry(blackpowder.Plugin().Info(), reference.Plugin().Info(), tempo.Plugin().Info())
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// recordFight plays a bundled encounter of a ruleset to its end with
// random choices, taking back every seventh decision, and records it.
func recordFight(t *testing.T, reg *engine.Registry, ruleset, encounter string, seed uint64) recordedFight {
	t.Helper()
	ctx := context.Background()
	info, err := reg.Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	source, ok := info.Content()[encounter]
	if !ok {
		t.Fatalf("%s has no bundled %s", ruleset, encounter)
	}
	b, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s := store.New(b, reg)
	f, err := s.Create(ctx, encounter, encounter+".yaml", source)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 1; n < 5000; n++ {
		more, err := storetest.Move(ctx, f, rng)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if n%7 == 0 {
			if _, err := f.Undo(ctx, engine.GM); err != nil {
				t.Fatal(err)
			}
		}
	}
	h, entries, err := s.Log(ctx, encounter)
	if err != nil {
		t.Fatal(err)
	}
	state, err := f.Table().State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	return recordedFight{Header: h, Entries: entries, State: state}
}

// TestRecordedFights replays the whole fights kept in testdata, recorded
// with an earlier version, by folding and by re-deciding: both must reach
// the recorded state. go test ./store -run RecordedFights -update records
// them anew (only when a change of the rules is meant to change them).
func TestRecordedFights(t *testing.T) {
	reg := allRulesets(t)
	// Each is recorded from its own seed, one giving a fight of a few
	// hundred entries that ends before the round limit.
	fights := []struct {
		ruleset, encounter string
		seed               uint64
	}{
		{"blackpowder", "alley_fight", 1},
		{"reference", "reference_skirmish", 2},
		{"tempo", "brawl", 5},
	}
	for _, fc := range fights {
		file := filepath.Join("testdata", fc.ruleset+"_"+fc.encounter+".json")
		if *update {
			rec := recordFight(t, reg, fc.ruleset, fc.encounter, fc.seed)
			data, err := json.MarshalIndent(rec, "", "\t")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Run(fc.ruleset, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (record it with -update)", err)
			}
			var rec recordedFight
			if err := json.Unmarshal(data, &rec); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			undos := 0
			for _, e := range rec.Entries {
				if e.Kind == store.Undo {
					undos++
				}
			}
			if undos == 0 {
				t.Errorf("%s: a recorded fight without an undo", file)
			}
			for name, replay := range map[string]func(*engine.Registry, store.Header, []store.Entry, ...scenario.Option) (engine.Table, error){"fold": store.Replay, "verify": store.Verify} {
				table, err := replay(reg, rec.Header, rec.Entries)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				state, err := table.State(engine.Everyone)
				if err != nil {
					t.Fatal(err)
				}
				if string(compact(t, state)) != string(compact(t, rec.State)) {
					t.Errorf("%s: %s replays to a state other than recorded:\n got %s\nwant %s", name, file, state, rec.State)
				}
				if table.Prompt().Kind != engine.End {
					t.Errorf("%s: %s replays to a fight not over", name, file)
				}
			}
		})
	}
}

// compact removes the insignificant space of indented JSON.
func compact(t *testing.T, data json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
