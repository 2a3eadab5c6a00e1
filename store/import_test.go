package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/store"
	"fray/store/storetest"
)

// playedRecord plays blackpowder's alley fight for a few decisions with
// random choices, takes one back and plays on, and returns the store and
// the fight's record.
func playedRecord(t *testing.T) (*store.Store, store.Header, []store.Entry) {
	t.Helper()
	ctx := t.Context()
	b, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "fights.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	s := store.New(b, storetest.Registry(t))
	f, err := s.Create(ctx, "alley", "alley_fight.yaml", storetest.AlleyFight(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 16 {
		if i == 10 {
			// Taken back by the player whose decision it is.
			last, err := f.Table().Record(f.Table().Len() - 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Undo(ctx, last.Actor); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := storetest.Move(ctx, f, rng); err != nil {
			t.Fatal(err)
		}
	}
	h, entries, err := s.Log(ctx, "alley")
	if err != nil {
		t.Fatal(err)
	}
	return s, h, entries
}

// clone copies a record deeply, so that a case may edit it.
func clone(t *testing.T, entries []store.Entry) []store.Entry {
	t.Helper()
	data, err := json.Marshal(entries)
	if err != nil {
		t.Fatal(err)
	}
	var out []store.Entry
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// find returns the index of the first decision entry for which ok holds.
func find(t *testing.T, entries []store.Entry, ok func(engine.Record) bool) int {
	t.Helper()
	for i, e := range entries {
		if e.Kind == store.Decision && ok(e.Decision) {
			return i
		}
	}
	t.Fatal("the record has no such entry")
	return -1
}

// eventOf returns the index of the first event of kind in a decision, or -1.
func eventOf(r engine.Record, kind string) int {
	return slices.IndexFunc(r.Events, func(e json.RawMessage) bool {
		return strings.HasPrefix(string(e), `{"kind":"`+kind+`"`)
	})
}

// TestImportVerifies edits an exported record in each of the ways of issue
// 27 and checks that the import refuses it, naming the entry that
// differs and what differs, without a panic and without recording
// anything.
func TestImportVerifies(t *testing.T) {
	s, h, entries := playedRecord(t)
	ctx := context.Background()
	undone := slices.IndexFunc(entries, func(e store.Entry) bool { return e.Kind == store.Undo }) - 1
	if undone < 0 || len(entries[undone].Decision.Dice) == 0 && len(entries[undone].Decision.Events) == 0 {
		t.Fatalf("the record has no undone decision to edit: %+v", entries)
	}
	if by := entries[undone+1].By; by != entries[undone].Decision.Actor {
		t.Fatalf("the undo is recorded as by %q, not by %q whose decision it took back", by, entries[undone].Decision.Actor)
	}
	other := "markus"
	if entries[undone].Decision.Actor == other {
		other = "beatrix"
	}
	rolled := find(t, entries, func(r engine.Record) bool { return len(r.Dice) > 0 })
	attack := find(t, entries, func(r engine.Record) bool { return eventOf(r, "attack_rolled") >= 0 })
	damage := find(t, entries, func(r engine.Record) bool { return eventOf(r, "damage_dealt") >= 0 })
	var want struct {
		Total int `json:"total"`
	}
	ar := entries[attack].Decision
	json.Unmarshal(ar.Events[eventOf(ar, "attack_rolled")], &want)

	for _, tt := range []struct {
		name string
		edit func(h *store.Header, es []store.Entry)
		want string // a regular expression
	}{
		{"a die above its sides", func(_ *store.Header, es []store.Entry) {
			es[rolled].Decision.Dice[0].Value = es[rolled].Decision.Dice[0].Sides + 1
		}, fmt.Sprintf(`^fight edited: entry %d: die 1 is recorded as d10=11, which no die rolls$`, rolled+1)},
		{"a die of no sides", func(_ *store.Header, es []store.Entry) {
			es[rolled].Decision.Dice[0].Sides = 0
		}, fmt.Sprintf(`^fight edited: entry %d: die 1 is recorded as d0=\d+, which no die rolls$`, rolled+1)},
		{"another die", func(_ *store.Header, es []store.Entry) {
			d := &es[attack].Decision.Dice[0]
			d.Value = d.Value%d.Sides + 1
		}, fmt.Sprintf(`^fight edited: entry %d: \w+'s command .*: event \d+ differs: "attack_rolled"\.die is \d+ in the record, the rules give \d+$`, attack+1)},
		{"a die more", func(_ *store.Header, es []store.Entry) {
			es[attack].Decision.Dice = append(es[attack].Decision.Dice, es[attack].Decision.Dice[0])
		}, fmt.Sprintf(`^fight edited: entry %d: \w+'s command .* draws %d dice, the record has %d$`, attack+1, len(ar.Dice), len(ar.Dice)+1)},
		{"a total", func(_ *store.Header, es []store.Entry) {
			r := &es[attack].Decision
			i := eventOf(*r, "attack_rolled")
			r.Events[i] = json.RawMessage(strings.Replace(string(r.Events[i]), fmt.Sprintf(`"total":%d`, want.Total), fmt.Sprintf(`"total":%d`, want.Total+5), 1))
		}, fmt.Sprintf(`^fight edited: entry %d: .*: event \d+ differs: "attack_rolled"\.total is %d in the record, the rules give %d$`, attack+1, want.Total+5, want.Total)},
		{"the actor", func(_ *store.Header, es []store.Entry) {
			es[attack].Decision.Actor = "markus"
			if ar.Actor == "markus" {
				es[attack].Decision.Actor = "beatrix"
			}
		}, fmt.Sprintf(`^fight edited: entry %d: "(markus|beatrix)"'s command .* is refused: .*`, attack+1)},
		{"the command", func(_ *store.Header, es []store.Entry) {
			es[0].Decision.Command = json.RawMessage(`{"kind":"pass"}`)
		}, `^fight edited: entry 1: "\w+"'s command "\{\\"kind\\":\\"pass\\"\}" is refused: .*`},
		{"an illegal command", func(_ *store.Header, es []store.Entry) {
			es[attack].Decision.Command = json.RawMessage(`{"kind":"attack","target":"nobody"}`)
		}, fmt.Sprintf(`^fight edited: entry %d: .* is refused: .*`, attack+1)},
		{"an event naming no combatant", func(_ *store.Header, es []store.Entry) {
			r := &es[damage].Decision
			i := eventOf(*r, "damage_dealt")
			r.Events[i] = json.RawMessage(regexp.MustCompile(`"target":"\w+"`).ReplaceAllString(string(r.Events[i]), `"target":"ghost"`))
		}, fmt.Sprintf(`^fight edited: entry %d: .*: event \d+ differs: "damage_dealt"\.target is "ghost" in the record, the rules give "\w+"$`, damage+1)},
		{"an event fewer", func(_ *store.Header, es []store.Entry) {
			es[damage].Decision.Events = es[damage].Decision.Events[:len(es[damage].Decision.Events)-1]
		}, fmt.Sprintf(`^fight edited: entry %d: .*: the rules give an event more than recorded, event \d+: .*`, damage+1)},
		{"a source that lost a combatant", func(h *store.Header, _ []store.Entry) {
			h.Source = strings.Replace(h.Source, "  - {use: gunman, group: thugs}\n", "", 1)
		}, `^fight edited: entry \d+: .* is refused: .*`},
		{"an undone decision", func(_ *store.Header, es []store.Entry) {
			r := &es[undone].Decision
			if len(r.Dice) > 0 {
				r.Dice[0].Value = r.Dice[0].Value%r.Dice[0].Sides + 1
			} else {
				r.Events = r.Events[1:]
			}
		}, fmt.Sprintf(`^fight edited: entry %d: .*`, undone+1)},
		{"the actor's case", func(_ *store.Header, es []store.Entry) {
			es[0].Decision.Actor = strings.ToUpper(es[0].Decision.Actor)
		}, `^fight edited: entry 1: "[A-Z]+"'s command .* is refused: it is [a-z]+'s decision, not [A-Z]+'s`},
		{"an undo by another player", func(_ *store.Header, es []store.Entry) {
			es[undone+1].By = other
		}, fmt.Sprintf(`^fight edited: entry %d: an undo by "%s" of "%s"'s decision: only the GM or "%[3]s" may take it back$`, undone+2, other, entries[undone].Decision.Actor)},
		{"an undo by no one of the fight", func(_ *store.Header, es []store.Entry) {
			es[undone+1].By = "ghost"
		}, fmt.Sprintf(`^fight edited: entry %d: an undo by "ghost" of "%s"'s decision: only the GM or "%[2]s" may take it back$`, undone+2, entries[undone].Decision.Actor)},
		{"an undo of nothing", func(_ *store.Header, es []store.Entry) {
			es[0] = store.Entry{Version: 1, Kind: store.Undo}
		}, `^fight edited: entry 1: an undo with no decision to take back$`},
		{"dice partly by hand", func(_ *store.Header, es []store.Entry) {
			r := &es[rolled].Decision
			r.Dice = append(r.Dice, r.Dice[0])
			r.Dice[0].Hand = true
		}, fmt.Sprintf(`^fight edited: entry %d: 1 of its 2 dice are recorded as rolled by hand`, rolled+1)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h2, es := h, clone(t, entries)
			h2.ID = "edited"
			tt.edit(&h2, es)
			_, err := s.Import(ctx, h2, es)
			if err == nil {
				t.Fatal("imported")
			}
			if !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
			if len(err.Error()) > 1000 {
				t.Errorf("a message of %d bytes", len(err.Error()))
			}
			if _, _, err := s.Log(ctx, "edited"); err == nil {
				t.Error("the refused import was recorded")
			}
			// Folding the record as facts (how a stored fight opens) must not
			// panic either.
			store.Replay(storetest.Registry(t), h2, es)
		})
	}

	// The record as exported imports, to the same fight.
	h.ID = "copy"
	f, err := s.Import(ctx, h, entries)
	if err != nil {
		t.Fatalf("importing the record as exported: %v", err)
	}
	g, err := s.Open(ctx, "alley")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := f.Table().State(engine.Everyone)
	b, _ := g.Table().State(engine.Everyone)
	if string(a) != string(b) || f.Version() != g.Version() {
		t.Errorf("the imported fight differs from the original")
	}
	if _, copied, err := s.Log(ctx, "copy"); err != nil || !reflect.DeepEqual(copied, entries) {
		t.Errorf("the imported record differs from the exported one (%v)", err)
	}

	// A record made before undoers were kept (an undo by no one named)
	// imports, and the GM may take back anyone's decision.
	for _, by := range []string{"", engine.GM} {
		h.ID = "by-" + map[string]string{"": "none", engine.GM: "gm"}[by]
		es := clone(t, entries)
		es[undone+1].By = by
		if _, err := s.Import(ctx, h, es); err != nil {
			t.Errorf("an undo by %q: %v", by, err)
		}
	}
}

// TestFightIDs checks that a fight's id follows the identity rule
// wherever a fight enters the store.
func TestFightIDs(t *testing.T) {
	s, h, entries := playedRecord(t)
	ctx := context.Background()
	for id, want := range map[string]string{
		"../etc/passwd":              `the fight id: the id "../etc/passwd" has the character '.'`,
		"a\x1b[2Jb":                  `the fight id: the id "a\x1b[2Jb" has the control character '\x1b'`,
		"a\x00":                      `the fight id: the id "a\x00" has the control character '\x00'`,
		strings.Repeat("x", 100_000): `the fight id: the id "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (100000 bytes) is too long: at most 64 bytes`,
		"Alley":                      `the fight id: the id "Alley" has upper-case letters; commands read ids in lower case, so write "alley"`,
		"":                           `the fight id: an empty id`,
	} {
		h2 := h
		h2.ID = id
		for what, err := range map[string]error{
			"Import":     second(s.Import(ctx, h2, entries)),
			"Create":     second(s.Create(ctx, id, "alley_fight.yaml", storetest.AlleyFight(t))),
			"CreateFrom": second(s.CreateFrom(ctx, store.Header{ID: id, Name: h.Name, Source: h.Source})),
		} {
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s with the id %s: %v, want %s", what, engine.Quote(id), err, want)
			}
		}
	}
	h.ID, h.Name = "named", "alley\x1b[2J.yaml"
	if _, err := s.Import(ctx, h, entries); err == nil || !strings.Contains(err.Error(), `the encounter name "alley\x1b[2J.yaml" holds a control character`) {
		t.Errorf("a name with an escape: %v", err)
	}
	list, err := s.Backend().List(ctx)
	if err != nil || len(list) != 1 {
		t.Errorf("the store holds %+v (%v), want the one fight played", list, err)
	}
}

// second returns the error of a call that returns a value and an error.
func second[T any](_ T, err error) error { return err }

// Extend folds the decisions recorded after a replayed record into its
// table, to the state the whole record replays to, and refuses an undo
// (which only a replay of the whole can take back).
func TestExtendFoldsWhatFollows(t *testing.T) {
	_, h, entries := playedRecord(t)
	reg := storetest.Registry(t)
	undo := slices.IndexFunc(entries, func(e store.Entry) bool { return e.Kind == store.Undo })
	if undo < 2 {
		t.Fatalf("the record has no undo after two decisions: %+v", entries)
	}
	// From the start, and from half-way, to the last entry before the undo.
	for _, from := range []int{0, undo / 2} {
		table, err := store.Replay(reg, h, entries[:from])
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Extend(table, entries[from:undo]); err != nil {
			t.Fatalf("extending from entry %d: %v", from, err)
		}
		whole, err := store.Replay(reg, h, entries[:undo])
		if err != nil {
			t.Fatal(err)
		}
		a, _ := table.State(engine.Everyone)
		b, _ := whole.State(engine.Everyone)
		if string(a) != string(b) || table.Len() != whole.Len() {
			t.Errorf("extended from entry %d, the state differs from the whole record's", from)
		}
	}
	table, _ := store.Replay(reg, h, entries[:undo])
	if err := store.Extend(table, entries[undo:undo+1]); err == nil || !strings.Contains(err.Error(), "replay the whole record") {
		t.Errorf("an undo folded: %v", err)
	}
}
