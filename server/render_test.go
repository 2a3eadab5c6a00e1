package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/store"
	"fray/store/storetest"
)

// TestRendersAgreeWithTheTable plays fights with undos through one Fight
// while another Fight of the same store (as another server process would)
// appends decisions and undos of its own, and checks after every step that
// what a live fight's cache hands out, for every viewer, equals what the
// table renders from nothing: every tail of the transcript, the prompt and
// the state.
func TestRendersAgreeWithTheTable(t *testing.T) {
	ctx := context.Background()
	reg, err := engine.NewRegistry(blackpowder.Plugin().Info(), reference.Plugin().Info(), tempo.Plugin().Info())
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	st := store.New(b, reg)
	for seed, enc := range []string{"duel", "alley_fight", "reference_skirmish"} {
		t.Run(enc, func(t *testing.T) {
			info, _ := reg.Lookup(map[string]string{"duel": "tempo", "alley_fight": "blackpowder", "reference_skirmish": "reference"}[enc])
			f, err := st.Create(ctx, enc, enc+".yaml", info.Content()[enc])
			if err != nil {
				t.Fatal(err)
			}
			l := &live{fight: f}
			viewers := []engine.Viewer{engine.Everyone}
			for _, id := range f.Table().Prompt().Others {
				viewers = append(viewers, engine.Viewer{Combatant: id})
			}
			for _, id := range []string{"fencer", "duelist", "beatrix", "thug1", "ann", "bob"} {
				if f.Table().SideOf(id) != "" {
					viewers = append(viewers, engine.Viewer{Combatant: id})
				}
			}
			rng := rand.New(rand.NewPCG(uint64(seed), 9))
			check := func(step int) {
				t.Helper()
				tb := l.fight.Table()
				for _, v := range viewers {
					whole := tb.Transcript(v)
					// Ask for the tails in a random order, so that runs start
					// at several places and are extended and replaced.
					for _, from := range rng.Perm(len(whole) + 1) {
						got := l.views.transcript(l.fight, v, from)
						if len(got) != len(whole)-from || (len(got) > 0 && !reflect.DeepEqual(got, whole[from:])) {
							t.Fatalf("step %d, %+v, from %d: the cache gives %d entries, the table %d", step, v, from, len(got), len(whole)-from)
						}
						if from%5 != 0 {
							break
						}
					}
					if got, want := l.views.prompt(l.fight, v), tb.PromptFor(v); !reflect.DeepEqual(got, want) {
						t.Fatalf("step %d, %+v: prompt %+v, want %+v", step, v, got, want)
					}
					got, err := l.views.state(l.fight, v)
					if err != nil {
						t.Fatal(err)
					}
					// The state as rendered afresh: the table's, for a player
					// with the NPCs cut to their public fields (npc.go).
					var fresh renders
					want, err := fresh.state(l.fight, v)
					if err != nil {
						t.Fatal(err)
					}
					if whole, _ := tb.State(v); v.GM && string(want) != string(whole) {
						t.Fatalf("step %d: the GM's state %s, the table's %s", step, want, whole)
					}
					if !json.Valid(got) || string(got) != string(want) {
						t.Fatalf("step %d, %+v: state %s, want %s", step, v, got, want)
					}
				}
			}
			for step := range 80 {
				switch r := rng.IntN(10); {
				case r < 2 && l.fight.Table().Len() > 0:
					if _, err := l.fight.Undo(ctx, engine.GM); err != nil {
						t.Fatal(err)
					}
				case r < 4:
					// Another process moves the fight: this server opens it
					// again, as withLive does when the hub has heard of it.
					other, err := st.Open(ctx, enc)
					if err != nil {
						t.Fatal(err)
					}
					for range rng.IntN(3) + 1 {
						if rng.IntN(3) == 0 && other.Table().Len() > 0 {
							if _, err := other.Undo(ctx, engine.GM); err != nil {
								t.Fatal(err)
							}
						} else if _, err := storetest.Move(ctx, other, rng); err != nil {
							t.Fatal(err)
						}
					}
					if l.fight, err = st.Open(ctx, enc); err != nil {
						t.Fatal(err)
					}
				default:
					more, err := storetest.Move(ctx, l.fight, rng)
					if err != nil {
						t.Fatal(err)
					}
					if !more && l.fight.Table().Len() > 0 {
						if _, err := l.fight.Undo(ctx, engine.GM); err != nil {
							t.Fatal(err)
						}
					}
				}
				check(step)
			}
		})
	}
}
