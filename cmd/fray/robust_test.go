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
