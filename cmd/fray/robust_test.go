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
