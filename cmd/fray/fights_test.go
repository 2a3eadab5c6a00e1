package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/store"
	"fray/store/storetest"
)

// asFrayEnv, set in a child process of the tests, makes the test binary
// run as fray with its arguments (see TestMain).
const asFrayEnv = "FRAY_TEST_AS_FRAY"

// TestMain runs the tests, or, in a child started with asFrayEnv set, fray
// itself: the kill test needs a fray process to kill.
func TestMain(m *testing.M) {
	if os.Getenv(asFrayEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// storeCase is one store the tests of stored fights run against: the flags
// that choose it.
type storeCase struct {
	name  string
	flags func(t *testing.T) []string
}

// storeCases are a fresh SQLite file, and a fresh PostgreSQL schema when
// FRAY_TEST_POSTGRES is set (the PostgreSQL case skips saying so when not).
var storeCases = []storeCase{
	{"sqlite", func(t *testing.T) []string { return []string{"--db", filepath.Join(t.TempDir(), "fights.db")} }},
	{"postgres", func(t *testing.T) []string {
		return []string{"--postgres", storetest.FreshSchema(t, storetest.PostgresURL(t))}
	}},
}

// forEachStore runs test against each store case, in parallel subtests
// (each case is a fresh store of its own).
func forEachStore(t *testing.T, test func(t *testing.T, where []string)) {
	for _, sc := range storeCases {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			test(t, sc.flags(t))
		})
	}
}

// recordedID reads the id fray play --save prints.
var recordedID = regexp.MustCompile(`Recording the fight as (\S+) in `)

// idOf returns the id of the fight a --save run recorded.
func idOf(t *testing.T, stdout string) string {
	t.Helper()
	m := recordedID.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no fight id printed:\n%s", tail(stdout))
	}
	return m[1]
}

// openFor opens the store the flags choose, directly, for checks.
func openFor(t *testing.T, where []string) *store.Store {
	t.Helper()
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	f := storeFlags{}
	if where[0] == "--db" {
		f.db = where[1]
	} else {
		f.postgres = where[1]
	}
	s, _, err := openStore(context.Background(), reg, f)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Backend().Close() })
	return s
}

// TestPlaySaveResumes plays part of a fight with --save, taking a
// decision back, quits, resumes it by id to the same prompt and plays it
// to the end.
func TestPlaySaveResumes(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, where []string) {
		args := append([]string{"alley_fight", "--save", "--seed", "4", "--side", "players"}, where...)
		first := play(t, "1\n1\nundo\n1\nquit\n", args...)
		if first.code != exitOK {
			t.Fatalf("exit %d: %s", first.code, first.stderr)
		}
		id := idOf(t, first.stdout)
		s := openFor(t, where)
		_, entries, err := s.Log(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		undos := 0
		for _, e := range entries {
			if e.Kind == store.Undo {
				undos++
				// The terminal is the GM's seat.
				if e.By != engine.GM {
					t.Errorf("entry %d: an undo typed at the terminal recorded as by %q, not the GM's", e.Version, e.By)
				}
			}
		}
		if undos == 0 {
			t.Errorf("the undo typed is not in the log of %d entries", len(entries))
		}
		lastPrompt := lastQuestion(first.stdout)
		again := play(t, "quit\n", append([]string{"--resume", id}, where...)...)
		if again.code != exitOK || !strings.Contains(again.stdout, "Resumed fight "+id) {
			t.Fatalf("resume: exit %d, stderr %s\n%s", again.code, again.stderr, again.stdout)
		}
		if got := lastQuestion(again.stdout); got != lastPrompt {
			t.Errorf("resumed to the prompt %q, left at %q", got, lastPrompt)
		}
		end := play(t, "", append([]string{"--resume", id, "--auto", "--seed", "5"}, where...)...)
		if end.code != exitOK || !strings.Contains(end.stdout, "The fight is over after") {
			t.Fatalf("finishing: exit %d, stderr %s\n%s", end.code, end.stderr, tail(end.stdout))
		}
		shown := fray(t, append([]string{"fights", "show", id}, where...)...)
		if shown.code != exitOK || !strings.Contains(shown.stdout, "Over: ") || !strings.Contains(shown.stdout, "taken back (still in the log)") {
			t.Errorf("fights show: exit %d, %s\n%s", shown.code, shown.stderr, shown.stdout)
		}
		if r := play(t, "", append([]string{"--resume", "nosuch"}, where...)...); r.code != exitError || !strings.Contains(r.stderr, "no fight nosuch in") {
			t.Errorf("resuming an unknown fight: exit %d, %q", r.code, r.stderr)
		}
	})
}

// lastQuestion returns the last prompt's question printed by fray play:
// the line before its first option.
func lastQuestion(out string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i > 0; i-- {
		if strings.HasPrefix(lines[i], "  1. ") {
			return lines[i-1]
		}
	}
	return ""
}

// TestPlaySaveFlagErrors checks the old --save FILE and a store flag
// without --save.
func TestPlaySaveFlagErrors(t *testing.T) {
	r := play(t, "", "alley_fight", "--save", "fight.json")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--transcript fight.json") {
		t.Errorf("--save FILE: exit %d, %q", r.code, r.stderr)
	}
	r = play(t, "", "alley_fight", "--db", filepath.Join(t.TempDir(), "x.db"))
	if r.code != exitUsage || !strings.Contains(r.stderr, "give one of those too") {
		t.Errorf("--db without --save: exit %d, %q", r.code, r.stderr)
	}
}

// decisionLine is a decision as fray play prints it.
var decisionLine = regexp.MustCompile(`^(?:> )?([a-z][a-z0-9_]*): (.+)$`)

// TestPlayKillLosesNothing starts fray play --save as a process, answers
// its prompts, kills it with SIGKILL at a random moment, and checks that
// every decision it printed is in the store, in order, and that the fight
// resumes.
func TestPlayKillLosesNothing(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: the kill test starts processes")
	}
	forEachStore(t, func(t *testing.T, where []string) {
		for round := range 3 {
			killPlay(t, where, uint64(round))
		}
	})
}

// killPlay is one run of the kill test.
func killPlay(t *testing.T, where []string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 77))
	cmd := exec.Command(os.Args[0], append([]string{"play", "alley_fight", "--save", "--side", "players", "--seed", fmt.Sprint(seed)}, where...)...)
	cmd.Env = append(os.Environ(), asFrayEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1)
	prompts := make(chan struct{}, 100)
	go func() {
		var all bytes.Buffer
		r := bufio.NewReader(stdout)
		for {
			b, err := r.ReadByte()
			if err != nil {
				out <- all.String()
				return
			}
			all.WriteByte(b)
			if b == ' ' && bytes.HasSuffix(all.Bytes(), []byte("\n> ")) {
				prompts <- struct{}{}
			}
		}
	}()
	answers := 2 + rng.IntN(12)
	for i := range answers {
		select {
		case <-prompts:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("no prompt after answer %d", i)
		}
		fmt.Fprintf(stdin, "%d\n", 1+rng.IntN(2))
	}
	time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	printed := <-out
	id := idOf(t, printed)
	var shown []string
	for _, l := range strings.Split(printed, "\n") {
		if m := decisionLine.FindStringSubmatch(l); m != nil && !strings.HasPrefix(m[2], "(") {
			shown = append(shown, m[1]+": "+m[2])
		}
	}
	s := openFor(t, where)
	f, err := s.Open(t.Context(), id)
	if err != nil {
		t.Fatalf("opening the killed fight: %v", err)
	}
	var stored []string
	for _, e := range f.Table().Transcript(engine.Everyone) {
		stored = append(stored, e.Actor+": "+e.Command)
	}
	if len(shown) == 0 || len(stored) < len(shown) {
		t.Fatalf("fray printed %d decisions, the store holds %d:\nprinted %q\nstored %q", len(shown), len(stored), shown, stored)
	}
	for i := range shown {
		if shown[i] != stored[i] {
			t.Fatalf("decision %d: printed %q, stored %q", i+1, shown[i], stored[i])
		}
	}
	t.Logf("seed %d: killed after printing %d decisions; the store holds %d", seed, len(shown), len(stored))
	r := play(t, "", append([]string{"--resume", id, "--auto", "--seed", "1"}, where...)...)
	if r.code != exitOK || !strings.Contains(r.stdout, "The fight is over after") {
		t.Fatalf("resuming the killed fight: exit %d, %s\n%s", r.code, r.stderr, tail(r.stdout))
	}
}

// TestPlayCatchesUpWithAnotherWriter resumes a stored fight at the
// terminal and, while it waits for the person's answer, has another
// writer decide first: the answer then conflicts, and fray play says the
// fight moved on, shows the other's decision, asks again, and goes on
// from there; the store holds one line of decisions, the other's among
// them.
func TestPlayCatchesUpWithAnotherWriter(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, where []string) {
		first := play(t, "1\nquit\n", append([]string{"alley_fight", "--save", "--side", "players", "--seed", "3"}, where...)...)
		if first.code != exitOK {
			t.Fatalf("exit %d: %s", first.code, first.stderr)
		}
		id := idOf(t, first.stdout)
		var other string
		at := -1
		in := &beforeFirstRead{r: strings.NewReader("1\n1\nquit\n"), hook: func() {
			s := openFor(t, where)
			f, err := s.Open(t.Context(), id)
			if err != nil {
				t.Errorf("the other writer: %v", err)
				return
			}
			pr := f.Table().Prompt()
			at = f.Table().Len()
			other = pr.Actor + ": " + pr.Options[len(pr.Options)-1].Command
			if _, err := f.Submit(t.Context(), pr.Actor, pr.Options[len(pr.Options)-1].Command, dice.Seeded(9)); err != nil {
				t.Errorf("the other writer's decision: %v", err)
			}
		}}
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"play", "--resume", id, "--seed", "4"}, where...), in, &stdout, &stderr)
		if code != exitOK || !strings.Contains(stdout.String(), "The fight moved on in the store meanwhile") {
			t.Fatalf("exit %d, %s\n%s", code, stderr.String(), tail(stdout.String()))
		}
		after := stdout.String()[strings.Index(stdout.String(), "moved on in the store"):]
		if !strings.Contains(after, other) {
			t.Errorf("the other writer's decision %q is not shown after the conflict:\n%s", other, tail(after))
		}
		f, err := openFor(t, where).Open(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		var stored []string
		for _, e := range f.Table().Transcript(engine.Everyone) {
			stored = append(stored, e.Actor+": "+e.Command)
		}
		if at < 0 || len(stored) <= at+1 || stored[at] != other {
			t.Errorf("the store holds %q, want the other writer's %q at %d, and more after it", stored, other, at)
		}
	})
}

// beforeFirstRead is a reader that runs hook once, before its first read.
type beforeFirstRead struct {
	r    io.Reader
	hook func()
	done bool
}

func (b *beforeFirstRead) Read(p []byte) (int, error) {
	if !b.done {
		b.done = true
		b.hook()
	}
	return b.r.Read(p)
}

// TestFightsExportImport exports a stored fight with undos and imports it
// into another store, where it replays to the same state and transcript.
func TestFightsExportImport(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, where []string) {
		r := play(t, "1\n1\nundo\n1\n2\nquit\n", append([]string{"duel", "--save", "--seed", "8"}, where...)...)
		if r.code != exitOK {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		id := idOf(t, r.stdout)
		file := filepath.Join(t.TempDir(), "fight.jsonl")
		if r := fray(t, append([]string{"fights", "export", id, "-o", file}, where...)...); r.code != exitOK {
			t.Fatalf("export: exit %d: %s", r.code, r.stderr)
		}
		other := []string{"--db", filepath.Join(t.TempDir(), "other.db")}
		if r := fray(t, append([]string{"fights", "import", file}, other...)...); r.code != exitOK || !strings.Contains(r.stdout, "imported fight "+id) {
			t.Fatalf("import: exit %d: %s %s", r.code, r.stdout, r.stderr)
		}
		for _, show := range [][]string{{"fights", "show", id}, {"fights", "show", id, "--state"}} {
			a := fray(t, append(show, where...)...)
			b := fray(t, append(show, other...)...)
			if a.code != exitOK || a.stdout != b.stdout {
				t.Errorf("%v: the imported fight differs:\n%s\n----\n%s", show, a.stdout, b.stdout)
			}
		}
		again := filepath.Join(t.TempDir(), "again.jsonl")
		fray(t, append([]string{"fights", "export", id, "-o", again}, other...)...)
		x, _ := os.ReadFile(file)
		y, _ := os.ReadFile(again)
		if !bytes.Equal(x, y) {
			t.Errorf("exported again, the fight's lines differ")
		}
		if r := fray(t, append([]string{"fights", "import", file}, where...)...); r.code != exitError || !strings.Contains(r.stderr, "already holds a fight "+id) {
			t.Errorf("importing over an id: exit %d, %q", r.code, r.stderr)
		}
	})
}

// TestFightsImportRefusesMalformed checks that a broken export is refused
// with the file, line and what is wrong, and that nothing is recorded.
func TestFightsImportRefusesMalformed(t *testing.T) {
	dir := t.TempDir()
	db := []string{"--db", filepath.Join(dir, "fights.db")}
	r := play(t, "1\n1\n1\nquit\n", append([]string{"alley_fight", "--save", "--seed", "2", "--side", "players"}, db...)...)
	id := idOf(t, r.stdout)
	file := filepath.Join(dir, "good.jsonl")
	if r := fray(t, append([]string{"fights", "export", id, "-o", file}, db...)...); r.code != exitOK {
		t.Fatal(r.stderr)
	}
	data, _ := os.ReadFile(file)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	change := func(i int, from, to string) string {
		l := slicesClone(lines)
		if !strings.Contains(l[i], from) {
			t.Fatalf("line %d has no %q: %s", i+1, from, l[i])
		}
		l[i] = strings.Replace(l[i], from, to, 1)
		return strings.Join(l, "")
	}
	// undoBy is the export with an undo by who after its last entry.
	undoBy := func(who string) string {
		return strings.Join(lines, "") + fmt.Sprintf("\n{\"version\":%d,\"kind\":\"undo\",\"by\":%q}\n", len(lines), who)
	}
	cases := []struct{ name, text, want string }{
		{"empty", "", "empty; an export starts"},
		{"not json", change(2, `{"version"`, `{version`), ":3: not a log entry"},
		{"unknown field", change(2, `{"version"`, `{"colour":"red","version"`), `:3: not a log entry: json: unknown field "colour"`},
		{"not an export", change(0, `"fray":"fight"`, `"fray":"sim"`), `:1: not an exported fight`},
		{"gap", change(3, `"version":3`, `"version":4`), ":4: entry version 4, want 3"},
		{"kind", change(1, `"kind":"decision"`, `"kind":"redo"`), `:2: entry 1: unknown kind "redo"`},
		{"command kind", change(2, `"command":{"kind":"`, `"command":{"kind":"x`), "the fight does not replay exactly, so nothing was imported"},
		{"format", change(0, `"format":1`, `"format":9`), ":1: record format 9"},
		{"a die of 11 on a d10", change(1, `"dice":[{"sides":10,"value":`, `"dice":[{"sides":10,"value":1`), "the fight does not replay exactly, so nothing was imported (entry N is on line N+1): fight new: entry 1: die 1 is recorded as d10=1"},
		{"an event's total", change(1, `"total":`, `"total":9`), `fight new: entry 1: beatrix's command "{\"kind\":\"initiative\"}": event 1 differs: "initiative_rolled".total is 9`},
		{"a combatant that is not there", change(3, `"actor":"`, `"actor":"x`), `fight new: entry 3: "x`},
		{"a decision with an undoer", change(1, `"kind":"decision"`, `"kind":"decision","by":"gm"`), `:2: entry 1: a decision with an undoer ("by": "gm"): only an undo has one`},
		{"an undo by no id", undoBy(`No One`), fmt.Sprintf(`:%d: entry %d: an undo by "No One": not the GM ("gm") nor a combatant's id`, len(lines)+1, len(lines))},
		{"an undo by no one of the fight", undoBy("ghost"), fmt.Sprintf(`fight new: entry %d: an undo by "ghost" of `, len(lines))},
	}
	for _, tc := range cases {
		bad := filepath.Join(dir, "bad.jsonl")
		os.WriteFile(bad, []byte(tc.text), 0o644)
		r := fray(t, append([]string{"fights", "import", bad, "--as", "new"}, db...)...)
		if r.code != exitError || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, bad) {
			t.Errorf("%s: exit %d, stderr %q, want %q", tc.name, r.code, r.stderr, tc.want)
		}
	}
	// Fight ids follow the identity rule, in the file and with --as.
	for _, tc := range []struct {
		as, id, want string
	}{
		{"", "../../etc", `:1: the fight id: the id "../../etc" has the character '.'`},
		{"", `a\u001b[2Jb`, `:1: the fight id: the id "a\x1b[2Jb" has the control character '\x1b'`},
		{"", `a\u0000`, `:1: the fight id: the id "a\x00" has the control character '\x00'`},
		{"", strings.Repeat("x", 100_000), `(100000 bytes) is too long`},
		{"Gm", id, `--as: the fight id: the id "Gm" has upper-case letters`},
	} {
		bad := filepath.Join(dir, "bad.jsonl")
		os.WriteFile(bad, []byte(change(0, `"id":"`+id+`"`, `"id":"`+tc.id+`"`)), 0o644)
		args := []string{"fights", "import", bad}
		if tc.as != "" {
			args = append(args, "--as", tc.as)
		}
		r := fray(t, append(args, db...)...)
		if r.code == exitOK || !strings.Contains(r.stderr, tc.want) || len(r.stderr) > 1000 {
			t.Errorf("importing the fight id %.40q (--as %q): exit %d, stderr %.2000q, want %q", tc.id, tc.as, r.code, r.stderr, tc.want)
		}
	}
	list := fray(t, append([]string{"fights", "list"}, db...)...)
	if strings.Contains(list.stdout, "new") {
		t.Errorf("a refused import left a fight:\n%s", list.stdout)
	}
	var h exportHeader
	if err := json.Unmarshal([]byte(lines[0]), &h); err != nil || h.ID != id {
		t.Errorf("header line %q: %v", lines[0], err)
	}
}

// slicesClone copies a slice of strings.
func slicesClone(s []string) []string { return append([]string(nil), s...) }
