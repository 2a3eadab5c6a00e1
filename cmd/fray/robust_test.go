package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDirGoesOnPastABadFile is the tempo encounter without sides that
// panicked and stopped fray check DIR: it fails with its problems, and the
// file after it is still checked.
func TestCheckDirGoesOnPastABadFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a_nosides.yaml": "ruleset: tempo\ncombatants: [{id: a}, {id: b}]\n",
		"b_ok.yaml":      "ruleset: tempo\ncombatants:\n  - {id: a, side: x}\n  - {id: b, side: y, x: 1}\n",
	})
	r := fray(t, "check", dir)
	want := fmt.Sprintf(`FAIL %[1]s (encounter)
    %[1]s:2:15: combatants[0].side: every combatant needs a side
    %[1]s:2:24: combatants[1].side: every combatant needs a side
    %[1]s:2:1: combatants: nobody has a side; a fight needs two sides
    %[1]s:2:24: combatants[1]: b stands on 0,0, where a already is
ok   %[2]s (encounter)
1 passed, 1 failed
`, filepath.Join(dir, "a_nosides.yaml"), filepath.Join(dir, "b_ok.yaml"))
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", r.code, r.stdout, want, r.stderr)
	}
}

// TestCheckRefusesDevices checks that fray check does not read /dev/zero.
func TestCheckRefusesDevices(t *testing.T) {
	r := fray(t, "check", "/dev/zero")
	want := "FAIL /dev/zero\n    /dev/zero is not a regular file (it is a device, pipe or socket); fray reads only regular files\n0 passed, 1 failed\n"
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
}

// TestRollRefusesTooManyDice checks that a roll past the dice budget is
// refused at once, saying how many rolls would fit.
func TestRollRefusesTooManyDice(t *testing.T) {
	r := fray(t, "roll", "10000d2!", "--times", "1000000", "--summary")
	want := "fray: 1000000 rolls of 10000d2! would roll about 20080000000 dice, more than the 100000000 one fray roll may roll; ask for --times 4980 or fewer\nRun 'fray roll --help' for usage.\n"
	if r.code != exitUsage || r.stdout != "" || r.stderr != want {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", r.code, r.stdout, r.stderr, want)
	}
	r = fray(t, "roll", "10000d2", "--times", "2000", "--seed", "1")
	want = "fray: 2000 rolls of 10000d2 would roll about 20000000 dice, more than the 10000000 one fray roll may print (100000000 with --summary); ask for --times 1000 or fewer\nRun 'fray roll --help' for usage.\n"
	if r.code != exitUsage || r.stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", r.code, r.stderr, want)
	}
	if out := mustSucceed(t, "roll", "10000d2", "--times", "1000", "--seed", "1", "--summary"); out == "" {
		t.Error("no summary within the budget")
	}
}

// TestCheckRefusesNaNInfinityAndHugeNumbers checks that numbers of a file
// are finite and bounded, each refused once with the value named (the
// huge lp_max used to be followed by a false "0 is fewer than the
// minimum 1").
func TestCheckRefusesNaNInfinityAndHugeNumbers(t *testing.T) {
	dir := writeFiles(t, map[string]string{"f.yaml": `ruleset: blackpowder
groups: [{id: a, players: true}, {id: b}]
combatants:
  - {id: x, group: a, lp_max: 99999999999999999999999, x: .nan}
  - {id: y, group: b, lp_max: 5, y: .inf, body: -9223372036854775808}
`})
	path := filepath.Join(dir, "f.yaml")
	r := fray(t, "check", path)
	want := fmt.Sprintf(`FAIL %[1]s (encounter)
    %[1]s:4:31: combatants[0].lp_max: 99999999999999999999999 is out of range: numbers in a file are at most 1000000000 either way
    %[1]s:4:59: combatants[0].x: want a finite number, got .nan (not a number)
    %[1]s:5:37: combatants[1].y: want a finite number, got .inf (infinity)
    %[1]s:5:49: combatants[1].body: -9223372036854775808 is out of range: numbers in a file are at most 1000000000 either way
0 passed, 1 failed
`, path)
	if r.code != exitError || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
}

// TestPlayRefusesNaNCoordinates checks that "move NaN NaN" is refused with
// a message, not an internal JSON error, and the fight goes on.
func TestPlayRefusesNaNCoordinates(t *testing.T) {
	r := play(t, "1\nmove NaN NaN\nmove 1e400 2\nquit\n", "alley_fight", "--seed", "1")
	for _, want := range []string{
		`refused: move X: "nan" is not a finite number`,
		`refused: move X: "1e400" is off the map: coordinates are at most 1000000000 either way`,
	} {
		if !strings.Contains(r.stdout, want+"\n") {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
	if r.code != exitOK {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
}

// TestRoundLimitIsATimeout checks the words at the round limit, which
// used to say "nobody is left standing" while both sides stood, and that
// fray sim counts such fights as timeouts, not draws.
func TestRoundLimitIsATimeout(t *testing.T) {
	alley, err := os.ReadFile("../../rules/blackpowder/content/alley_fight.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{
		"alley.yaml": string(alley) + "options: {round_limit: 1}\n",
		"duel.yaml":  "ruleset: tempo\noptions: {round_limit: 1}\ncombatants:\n  - {use: fencer, side: red, x: 0, y: 0}\n  - {use: duelist, side: blue, x: 5, y: 0}\n",
	})
	for name, last := range map[string]string{
		"alley.yaml": "the fight is stopped: the round limit (1) is reached with both sides standing",
		"duel.yaml":  "the fight is stopped with both sides standing: the round limit (1) was reached",
	} {
		r := play(t, "", filepath.Join(dir, name), "--auto", "--seed", "3")
		end := "\nThe fight is over after %d decisions: it reached the round limit with both sides standing, and nobody wins.\n"
		if !strings.Contains(r.stdout, "    "+last+"\n") || !strings.Contains(r.stdout, "it reached the round limit with both sides standing, and nobody wins.\n") {
			t.Errorf("%s: want %q and %q, got:\n%s", name, last, end, tail(r.stdout))
		}
		if strings.Contains(r.stdout, "nobody is left standing") {
			t.Errorf("%s: says nobody is left standing", name)
		}
		out := mustSucceed(t, "sim", filepath.Join(dir, name), "-n", "40", "--seed", "1", "--json")
		var rep struct {
			Draws    struct{ Count int } `json:"draws"`
			Timeouts struct{ Count int } `json:"timeouts"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if rep.Draws.Count != 0 || rep.Timeouts.Count == 0 {
			t.Errorf("%s: %d draws and %d timeouts; the round limit is a timeout", name, rep.Draws.Count, rep.Timeouts.Count)
		}
	}
}

// TestPlayRefusesUnknownSides checks --side against the encounter's sides:
// the fight used to play itself, exit 0, for a side nobody has.
func TestPlayRefusesUnknownSides(t *testing.T) {
	for side, want := range map[string]string{
		"nobody":  "fray: --side: no side \"nobody\" in alley_fight; its sides are players, thugs\n",
		"Players": "fray: --side: no side \"Players\" in alley_fight; did you mean \"players\"? (sides are written as the encounter writes them)\n",
	} {
		r := play(t, "", "alley_fight", "--side", side)
		if r.code != exitUsage || r.stdout != "" || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("--side %s: exit %d, stdout %q, stderr %q; want %q", side, r.code, r.stdout, r.stderr, want)
		}
	}
}

// TestPlayReportsTheEndOfInput checks that input ending before the fight,
// or a line too long to read, is an error (it used to end silently with
// exit 0), after writing --transcript FILE.
func TestPlayReportsTheEndOfInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "left.json")
	r := play(t, "1\n", "alley_fight", "--seed", "1", "--side", "players", "--transcript", file)
	want := "fray: the input ended; the fight was not over after 2 decisions\n"
	if r.code != exitError || r.stderr != want || !strings.HasSuffix(r.stdout, "> \ntranscript saved to "+file+"\n") {
		t.Errorf("exit %d, stderr %q, want %q; output ends %q", r.code, r.stderr, want, tail(r.stdout))
	}
	r = play(t, strings.Repeat("x", 70_000)+"\n", "alley_fight", "--seed", "1", "--side", "players")
	want = "fray: a line of input is longer than 65536 bytes, the most fray play reads; the fight was not over after 0 decisions; play with --save to keep a fight you leave, and --resume ID to go on with it\n"
	if r.code != exitError || r.stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
}

// TestPlayEnterWithoutDefault checks that Enter at a prompt without a
// default says what the prompt takes instead of "refused: empty command",
// and that the tempo duel, which starts with a GM prompt, names the side
// played (it printed "You play the  side.").
func TestPlayEnterWithoutDefault(t *testing.T) {
	r := play(t, "1\n\nquit\n", "duel", "--seed", "1")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"You play the red side.\n", "> this prompt has no default: type 1 to 7 or a command, or help\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "the  side") || strings.Contains(r.stdout, "empty command") {
		t.Errorf("output:\n%s", r.stdout)
	}
}

// TestPlayReplaySavesAndRefusesExtraDice checks that --transcript works with
// --replay (it was ignored) and that a saved decision with dice it does
// not use is refused, naming it.
func TestPlayReplaySavesAndRefusesExtraDice(t *testing.T) {
	dir := t.TempDir()
	first, again := filepath.Join(dir, "first.json"), filepath.Join(dir, "again.json")
	if r := play(t, "", "pistols_at_dawn", "--auto", "--seed", "2", "--transcript", first); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if r := play(t, "", "pistols_at_dawn", "--replay", first, "--transcript", again); r.code != exitOK || !strings.HasSuffix(r.stdout, "transcript saved to "+again+"\n") {
		t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, tail(r.stdout))
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(again)
	if string(a) != string(b) {
		t.Errorf("the replayed fight saves differently:\n%s\n%s", a, b)
	}
	var saved savedFight
	if err := json.Unmarshal(a, &saved); err != nil {
		t.Fatal(err)
	}
	saved.Decisions[0].Dice = append(saved.Decisions[0].Dice, 6)
	data, _ := json.Marshal(saved)
	extra := filepath.Join(dir, "extra.json")
	if err := os.WriteFile(extra, data, 0o644); err != nil {
		t.Fatal(err)
	}
	d := saved.Decisions[0]
	want := fmt.Sprintf("fray: %s: decision 1 (%s: %s) used %d of its %d saved dice; the rest ([6]) belong to no roll\n", extra, d.Actor, d.Command, len(d.Dice)-1, len(d.Dice))
	for _, flag := range []string{"--replay", "--resume"} {
		args := []string{"pistols_at_dawn", flag, extra}
		if flag == "--resume" {
			args = args[1:]
		}
		if r := play(t, "", args...); r.code != exitError || r.stderr != want {
			t.Errorf("%s: exit %d, stderr %q, want %q", flag, r.code, r.stderr, want)
		}
	}
}

// TestSimChecksThePlotFirst checks that --plot to a directory that does not
// exist is refused at once, not after the whole simulation.
func TestSimChecksThePlotFirst(t *testing.T) {
	r := fray(t, "sim", "alley_fight", "-n", "100000000", "--plot", "/nonexistent/x.png")
	want := "fray: --plot: cannot write /nonexistent/x.png: there is no directory /nonexistent\nRun 'fray sim --help' for usage.\n"
	if r.code != exitUsage || r.stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
}

// TestReadmePistolExample checks that the README's pistol example shows
// what the command prints first (it showed one line of a longer report,
// as if it were all).
func TestReadmePistolExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const shown = "eastman: attack westman\n  at: round 1, the east group's turn: Eastman acts (or another member first)\n\nhits 4/5 (80.00%), critical 13937/125000 (11.15%), jams 77/1000 (7.70%), drops westman 45412213/125000000 (36.33%), westman takes 8.02 damage on average, eastman takes 0.04 damage on average\n\n734 dice paths from 13 situations; every way the dice can fall is covered\n(--full for every outcome tag, each combatant's damage and every outcome)\n"
	if !strings.Contains(string(readme), "# exact odds of a pistol shot:\n"+shown+"$ fray odds 2d10kh1") {
		t.Fatal("the README no longer shows the pistol example as this test expects")
	}
	out := mustSucceed(t, "odds", "--encounter", "pistols_at_dawn", "--setup", "eastman: initiative", "--setup", "westman: initiative",
		"--dice", "9,2", "--actor", "eastman", "--command", "attack westman")
	if out != shown {
		t.Errorf("fray odds prints:\n%s\nthe README shows:\n%s", out, shown)
	}
}

// TestPlayWhere checks the position listing: positions where the ruleset
// has them (tempo's squares), a note where it has none (reference).
func TestPlayWhere(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"duel", "1\nwhere\nquit\n", ">   Fencer (fencer): side red, at 0,0, on-guard\n  Duelist (duelist): side blue, at 2,0, on-guard\n"},
		{"reference_brawl", "where\nquit\n", ">   ann: side red, LP 3\n  bob: side blue, LP 4\n  (the reference ruleset has no map: combatants have no positions)\n"},
	} {
		r := play(t, tc.input, tc.name, "--seed", "1")
		if r.code != exitOK || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%s: exit %d, want %q in:\n%s", tc.name, r.code, tc.want, r.stdout)
		}
	}
}
