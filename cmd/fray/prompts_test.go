package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/engine"
)

// twoGolden holds what TestPlayTwoCharacters prints, typed input and all.
const twoGolden = "testdata/session_two.golden"

// TestPlayTwoCharacters types a fight in which the person plays two
// characters, Beatrix and Markus, and compares everything printed, exactly,
// with testdata/session_two.golden (-update rewrites it). Every prompt says
// who answers it; Beatrix answering Markus's dodge is told that Markus
// answers; a misspelt command gets the commands of this prompt and the
// nearest one ("atack": attack; "qiut": quit), an unknown name is named;
// undo says what it took back; quit says the fight is kept and how to go
// on; --resume shows the last decisions again before the next prompt.
func TestPlayTwoCharacters(t *testing.T) {
	dir := t.TempDir()
	where := []string{"--db", filepath.Join(dir, "fights.db")}
	var out bytes.Buffer
	var id string
	session := func(input string, args ...string) {
		t.Helper()
		fmt.Fprintf(&out, "$ fray play %s\n", strings.Join(args, " "))
		for _, line := range strings.SplitAfter(input, "\n") {
			if line != "" {
				fmt.Fprintf(&out, "< %s", line)
			}
		}
		r := play(t, input, append(args, where...)...)
		if id == "" {
			id = idOf(t, r.stdout)
		}
		fmt.Fprintf(&out, "%s[exit %d]\n%s\n", r.stdout, r.code, r.stderr)
	}
	session("1\natack thug1\npass\nmarkus: pass\nbeatrix: pass\nqiut\nbob: take\nundo\n3\nquit\n",
		"alley_fight", "--seed", "3", "--save")
	session("quit\n", "--resume", id)
	got := strings.ReplaceAll(out.String(), dir, "DIR")
	got = strings.ReplaceAll(got, id, "ID")
	if *update {
		if err := os.WriteFile(twoGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(twoGolden)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/fray -run TestPlayTwoCharacters -update to write it)", err)
	}
	if got != string(want) {
		t.Fatalf("%s differs%s", twoGolden, firstDifference(string(want), got))
	}
}

// TestPlayQuitSaysWhatIsKept checks what quit says about the fight
// without --save: not saved; saved with save FILE; changed since.
func TestPlayQuitSaysWhatIsKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "fight.json")
	for _, c := range []struct{ input, want string }{
		{"1\nquit\n", "The fight is not saved: play with --save to keep it as you go (or type save FILE before quit).\n"},
		{"1\nsave " + file + "\nquit\n", "The fight is saved to " + file + ": fray play --resume " + file + " goes on with it.\n"},
		{"1\nsave " + file + "\n\nquit\n", "The fight has changed since it was saved to " + file + ", and the changes are not saved: fray play --resume " + file + " goes on from where it was saved.\n"},
	} {
		r := play(t, c.input, "alley_fight", "--seed", "3")
		if r.code != exitOK || !strings.HasSuffix(r.stdout, "> "+c.want) {
			t.Errorf("typing %q: exit %d, output ends %q, want it to end %q", c.input, r.code, tail(r.stdout), c.want)
		}
	}
}

// TestEditDistance checks the distance behind "did you mean".
func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"atack", "attack", 1}, {"qiut", "quit", 1}, {"", "pass", 4}, {"pass", "pass", 0},
		{"dodge", "parry", 5}, {"kitten", "sitting", 3},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct{ word, want string }{
		{"atack", "attack"}, {"qiut", "quit"}, {"PAS", "pass"}, {"foo", ""}, {"x", ""},
	} {
		if got := nearest(c.word, []string{"attack", "aim", "pass", "help", "quit"}); got != c.want {
			t.Errorf("nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

// TestRefusedFromSomeoneNotAsked checks the words of a refusal for a
// command typed in the name of someone the prompt does not ask: who
// answers it, with the ruleset's own reason when it has one besides.
func TestRefusedFromSomeoneNotAsked(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	table, err := loadTable(reg, "alley_fight", nil)
	if err != nil {
		t.Fatal(err)
	}
	pr := engine.Prompt[string]{Actor: "markus", Question: "dodge?"}
	for _, c := range []struct {
		actor string
		err   error
		want  string
	}{
		{"beatrix", engine.Errorf(engine.NotYourTurn, "it is markus's decision, not beatrix's: dodge?"),
			"refused: beatrix does not answer this prompt; markus answers (type an option's number, or a command for them)\n"},
		{"beatrix", engine.Errorf(engine.NotAllowedNow, "Beatrix cannot act now: dodge?"),
			"refused: beatrix does not answer this prompt; markus answers (type an option's number, or a command for them)\n"},
		{"beatrix", engine.Errorf(engine.NotAllowedNow, "Beatrix holds no delayed action"),
			"refused: Beatrix holds no delayed action (this prompt: markus answers)\n"},
		{"bob", engine.Errorf(engine.Invalid, "no combatant bob"),
			"refused: there is no combatant \"bob\" in this fight; markus answers here\n"},
	} {
		var out bytes.Buffer
		p := &player{out: &out, table: table}
		p.refused(pr, c.actor, "dodge", c.err)
		if out.String() != c.want {
			t.Errorf("%s refused with %q: says %q, want %q", c.actor, c.err, out.String(), c.want)
		}
	}
}
