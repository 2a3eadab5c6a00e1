package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// complete runs "fray __complete ARGS", as the shell scripts of fray
// completion do, and returns what it offers: one line a word (with its
// description after a tab) and the directive, as ":N".
func complete(t *testing.T, args ...string) string {
	t.Helper()
	r := fray(t, append([]string{"__complete"}, args...)...)
	if r.code != exitOK {
		t.Fatalf("fray __complete %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

// TestCompletion checks every kind of word fray completes, through the
// same entry point the shells use.
func TestCompletion(t *testing.T) {
	db := filepath.Join(t.TempDir(), "fights.db")
	id := idOf(t, play(t, "quit\n", "pistols_at_dawn", "--save", "--db", db).stdout)
	content := t.TempDir()
	mirror, err := os.ReadFile("testdata/sim_mirror.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(content, "my_mirror.yaml"), mirror, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(content, "not_an_encounter.yaml"), []byte("name: a stat block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The rulesets are the program's registry's (catalog.All),
	// the reference among them.
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rulesets := strings.Join(reg.IDs(), "\n") + "\n:4\n"
	if !strings.Contains(rulesets, "reference\n") {
		t.Fatalf("the registry has no reference ruleset: %q", rulesets)
	}
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"bundled encounters for play", []string{"play", "al"}, "alley_fight\tblackpowder encounter\n:4\n"},
		{"bundled encounters for sim", []string{"sim", "woundslots_s"}, "woundslots_skirmish\twoundslots encounter\nwoundslots_slots\twoundslots encounter\n:4\n"},
		{"encounter files", []string{"play", "testdata/sim_"}, "testdata/sim_mirror.yaml\ntestdata/sim_mirror_swapped.yaml\n:4\n"},
		{"a folder on the way to an encounter file", []string{"play", "testd"}, "testdata/\n:6\n"},
		{"encounters of a content folder", []string{"play", "--content", content, "my_"}, "my_mirror\tencounter in " + content + "\n:4\n"},
		{"encounters for odds", []string{"odds", "--encounter", "pistols"}, "pistols_at_dawn\tblackpowder encounter\n:4\n"},
		{"rulesets", []string{"schema", ""}, rulesets},
		{"stored fights to show", []string{"fights", "show", "--db", db, ""}, id + "\tblackpowder: pistols_at_dawn\n:4\n"},
		{"stored fights to export", []string{"fights", "export", "--db", db, "pis"}, id + "\tblackpowder: pistols_at_dawn\n:4\n"},
		{"stored fights to resume", []string{"play", "--db", db, "--resume", "pis"}, id + "\tblackpowder: pistols_at_dawn\n:4\n"},
		{"sides", []string{"play", "alley_fight", "--side", ""}, "players\nthugs\n:4\n"},
		{"sides of a content folder's encounter", []string{"play", "my_mirror", "--content", content, "--side", ""}, "red\nblue\n:4\n"},
		{"combatants to view", []string{"play", "duel", "--view", ""}, "fencer\tside red\nduelist\tside blue\n:4\n"},
		{"combatants to act in odds", []string{"odds", "--encounter", "pistols_at_dawn", "--actor", ""}, "eastman\tside east\nwestman\tside west\ngm\tthe GM's rulings\n:4\n"},
		{"a side for a policy", []string{"sim", "alley_fight", "--policy", "th"}, "thugs=\n:6\n"},
		{"the demo's sides without an encounter", []string{"sim", "--policy", ""}, "players=\nbrutes=\n:6\n"},
		{"policies for a side", []string{"sim", "alley_fight", "--policy", "thugs="}, "thugs=random\nthugs=tactical\n:4\n"},
		{"policies for odds", []string{"odds", "--encounter", "duel", "--policy", ""}, "random\ntactical\n:4\n"},
		{"digital or manual dice", []string{"play", "alley_fight", "--dice", "m"}, "manual\n:4\n"},
		{"content folders", []string{"sim", "--content", ""}, ":16\n"},
		{"plot files", []string{"sim", "--plot", ""}, "png\nsvg\n:8\n"},
		{"nothing for a dice expression", []string{"roll", "4d"}, ":4\n"},
		{"nothing for an encounter that does not load", []string{"play", "no_such_fight", "--side", ""}, ":4\n"},
	} {
		if got := complete(t, c.args...); got != c.want {
			t.Errorf("%s: fray __complete %s offers\n%s\nwant\n%s", c.what, strings.Join(c.args, " "), got, c.want)
		}
	}
}
