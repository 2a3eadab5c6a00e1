package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/server/loadgen"
	"fray/store"
)

// TestTableCacheFoldsWhatIsNew: the odds workers' cache of replayed
// tables gives, at every version of real fights (decisions and undos), a
// table whose state, prompt and odds are those of the record replayed
// afresh; it folds only the decisions since when the record grew by
// decisions, and replays the whole record after an undo.
func TestTableCacheFoldsWhatIsNew(t *testing.T) {
	reg, oddsFor, err := loadgen.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	be, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "f.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer be.Close()
	st := store.New(be, reg)
	for _, name := range []string{"reference_melee", "alley_fight", "maneuvers_duel", "duel", "vigor_duel", "woundslots_duel"} {
		enc, _ := reg.Encounter(name)
		f, err := st.Create(ctx, "f-"+name, name, enc.Text)
		if err != nil {
			t.Fatal(err)
		}
		calc, err := oddsFor(f.Table().Ruleset())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		src := dice.Seeded(11)
		var cache tableCache
		var last engine.Table
		undone := false
		for d := 0; d < 24; d++ {
			cached, err := cache.replay(reg, f.Header(), f.Entries())
			if err != nil {
				t.Fatalf("%s at %d: %v", name, f.Version(), err)
			}
			if last != nil && (cached == last) == undone {
				t.Errorf("%s at %d: the cache kept its table %v, want %v (undone %v)", name, f.Version(), cached == last, !undone, undone)
			}
			last = cached
			fresh, err := store.Replay(reg, f.Header(), f.Entries())
			if err != nil {
				t.Fatal(err)
			}
			sameTables(t, name, cached, fresh)
			p := fresh.Prompt()
			if p.Kind == engine.End || len(p.Options) == 0 {
				break
			}
			if d%3 == 0 {
				o := odds.Options{MaxPaths: 300, Fallback: true, Workers: 1}
				a, errA := calc.Odds(cached, p.Actor, p.Options[0].Command, o)
				b, errB := calc.Odds(fresh, p.Actor, p.Options[0].Command, o)
				ja, _ := json.Marshal(odds.NewReportJSON(a))
				jb, _ := json.Marshal(odds.NewReportJSON(b))
				if (errA == nil) != (errB == nil) || !bytes.Equal(ja, jb) {
					t.Fatalf("%s at %d: odds of %q on the cached table differ from a fresh replay's: %v %v", name, f.Version(), p.Options[0].Command, errA, errB)
				}
				// The odds leave the cached table as it was.
				sameTables(t, name, cached, fresh)
			}
			undone = d%5 == 4
			if undone {
				if _, err := f.Undo(ctx, engine.GM); err != nil {
					t.Fatal(err)
				}
				continue
			}
			o := p.Options[rng.IntN(len(p.Options))]
			if p.Kind == engine.Ruling && p.Default >= 0 {
				o = p.Options[p.Default]
			}
			if _, err := f.Submit(ctx, p.Actor, o.Command, src); err != nil {
				t.Fatalf("%s: %q: %v", name, o.Command, err)
			}
		}
	}
}

// sameTables fails t unless two tables have the same state and prompt.
func sameTables(t *testing.T, name string, a, b engine.Table) {
	t.Helper()
	sa, errA := a.State(engine.Everyone)
	sb, errB := b.State(engine.Everyone)
	if errA != nil || errB != nil || !bytes.Equal(sa, sb) {
		t.Fatalf("%s: the cached table's state differs from a fresh replay's (%v, %v)", name, errA, errB)
	}
	pa, _ := json.Marshal(a.Prompt())
	pb, _ := json.Marshal(b.Prompt())
	if !bytes.Equal(pa, pb) {
		t.Fatalf("%s: the cached table's prompt differs from a fresh replay's:\n%s\n%s", name, pa, pb)
	}
	if a.Len() != b.Len() {
		t.Fatalf("%s: the cached table has %d decisions, a fresh replay %d", name, a.Len(), b.Len())
	}
}

// TestTableCacheAnotherFight: a job of another fight, or of a record
// that does not extend the one held, is replayed in full.
func TestTableCacheAnotherFight(t *testing.T) {
	reg, _, err := loadgen.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := reg.Encounter("reference_melee")
	h := store.Header{ID: "a", Ruleset: "reference", Format: store.FormatVersion, Name: "reference_melee", Source: string(enc.Text)}
	var cache tableCache
	first, err := cache.replay(reg, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := cache.replay(reg, h, nil)
	if again != first {
		t.Error("the same record was replayed again")
	}
	h.ID = "b"
	other, _ := cache.replay(reg, h, nil)
	if other == first {
		t.Error("another fight's job was given the first fight's table")
	}
	if _, err := cache.replay(reg, h, []store.Entry{{Version: 1, Kind: store.Undo}}); err == nil {
		t.Error("a record with an undo of nothing replayed")
	}
	if cache.table != nil {
		t.Error("a record that does not replay left a table in the cache")
	}
}

// TestRepliesPassOddsOn: a worker process's answers, with the full odds
// after them, are read back as written, and a broken stream is an error.
func TestRepliesPassOddsOn(t *testing.T) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	brief := &odds.OptionJSON{Command: "attack dee", Status: "exact", HitFraction: "4/5"}
	full := []byte(`{"tags":[{"tag":"hit","fraction":"4/5"}],"note":"a\nline"}`)
	sent := []oddsReply{
		{ID: 3, Option: 0, Brief: brief, full: full},
		{ID: 3, Option: 1, Reason: "past the budget"},
		{ID: 3, Done: true},
	}
	for _, r := range sent {
		if err := writeReply(w, r); err != nil {
			t.Fatal(err)
		}
	}
	in := bufio.NewReader(bytes.NewReader(buf.Bytes()))
	for i, want := range sent {
		got, err := readReply(in)
		if err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		if got.ID != want.ID || got.Option != want.Option || got.Reason != want.Reason || got.Done != want.Done ||
			!bytes.Equal(got.full, want.full) || (got.Brief == nil) != (want.Brief == nil) {
			t.Errorf("answer %d: read %+v, want %+v", i, got, want)
		}
	}
	for _, broken := range []string{
		`{"id":1,"option":0,"odds_bytes":10}` + "\n" + `{"a":1}`, // cut short
		`{"id":1,"option":0,"odds_bytes":3}` + "\n" + `{}}x`,     // no newline where it says
		`{"id":1,"option":0,"odds_bytes":-1}` + "\n",             // a negative length
		`{"id":1,"option":0,"odds_bytes":999999999999}` + "\n",   // too long
		`{"id":1,"option":`, // a line cut short
		`not json` + "\n",   // not an answer
	} {
		if _, err := readReply(bufio.NewReader(strings.NewReader(broken))); err == nil {
			t.Errorf("%q read without an error", broken)
		}
	}
}
