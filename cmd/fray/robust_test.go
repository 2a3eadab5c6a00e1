package main

import (
	"fmt"
	"path/filepath"
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
