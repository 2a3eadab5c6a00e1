package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"fray/store"
	"fray/store/storetest"
)

// FuzzImport feeds fray fights import's reader arbitrary exports, seeded
// with a real one, and verifies what it reads through the rules as the
// import does: whatever the bytes, it refuses or accepts without a panic,
// and an error is short.
func FuzzImport(f *testing.F) {
	ctx := context.Background()
	reg, err := newRegistry()
	if err != nil {
		f.Fatal(err)
	}
	b, err := store.OpenSQLite(ctx, filepath.Join(f.TempDir(), "fights.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer b.Close()
	s := store.New(b, reg)
	fight, err := s.Create(ctx, "seed", "alley_fight.yaml", storetest.AlleyFight(f))
	if err != nil {
		f.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 8 {
		if _, err := storetest.Move(ctx, fight, rng); err != nil {
			f.Fatal(err)
		}
	}
	h, entries, err := s.Log(ctx, "seed")
	if err != nil {
		f.Fatal(err)
	}
	var seed bytes.Buffer
	if err := writeExport(&seed, h, entries); err != nil {
		f.Fatal(err)
	}
	f.Add(seed.Bytes())
	f.Add([]byte(`{"fray":"fight","id":"x","ruleset":"blackpowder","format":1,"name":"n","source":"ruleset: blackpowder"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, entries, err := readExport(bytes.NewReader(data), "f.jsonl")
		if err != nil {
			if len(err.Error()) > 4000 {
				t.Errorf("a message of %d bytes", len(err.Error()))
			}
			return
		}
		if err := store.CheckHeader(h); err != nil {
			return
		}
		if _, err := store.Verify(reg, h, entries); err != nil && len(err.Error()) > 4000 {
			t.Errorf("a message of %d bytes", len(err.Error()))
		}
	})
}
