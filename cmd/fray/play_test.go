package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// play runs "fray play" with the given input typed at its prompts.
func play(t *testing.T, input string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"play"}, args...), strings.NewReader(input), &stdout, &stderr)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

func TestPlayAutoEndsEveryBundledEncounter(t *testing.T) {
	for _, name := range []string{"alley_fight", "pistols_at_dawn", "brute_squad", "duel", "bow_skirmish", "brawl"} {
		for seed := range 5 {
			r := play(t, "", name, "--auto", "--seed", string(rune('0'+seed)))
			if r.code != 0 || !strings.Contains(r.stdout, "The fight is over after") {
				t.Fatalf("%s seed %d: exit %d, stderr %q, output ends %q", name, seed, r.code, r.stderr, tail(r.stdout))
			}
			if !strings.Contains(r.stdout, "d10=") {
				t.Errorf("%s: the transcript shows no dice", name)
			}
		}
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return s[len(s)-300:]
	}
	return s
}

func TestPlayRefusesAnIllegalCommandAndGoesOn(t *testing.T) {
	r := play(t, "1\nattack nobody\nattack markus\nquit\n", "alley_fight", "--seed", "1", "--side", "players")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{
		"beatrix: initiative", `refused: no combatant "nobody" to attack`, "refused: Markus is on Beatrix's side",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	// Attacking an ally is not an option, but the prompt is still there
	// afterwards: the fight went on.
	if strings.Count(r.stdout, "round 1, the players group's turn") < 2 {
		t.Errorf("the players' prompt was not asked again after the refusals:\n%s", r.stdout)
	}
}

func TestPlayManualDice(t *testing.T) {
	// East rolls 5 (initiative 5 + 2 + 0 = 7), West 3 (5); East shoots: 9
	// + 3 = 12 hits; West takes it (the tactical policy: a dodge would
	// need 17, more than d10 + 3 can make); damage 7 and 3 keep 7: 7 + 3
	// = 10 against 8 LP; Consciousness check 1 + 1 = 2 against 7 fails.
	// An impossible 11 is asked again.
	where := []string{"--db", filepath.Join(t.TempDir(), "fights.db")}
	r := play(t, "5\n3\n11\n9\n7\n3\n1\n", append([]string{"pistols_at_dawn", "--auto", "--dice", "manual", "--save"}, where...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"roll 1d10 and enter the result", "a d10 shows 1 to 10", "westman: take", "damage dice [7 3] → 7", "the east side wins"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	// The store records every die as rolled by hand.
	_, entries, err := openFor(t, where).Log(t.Context(), idOf(t, r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	var typed []int
	for _, e := range entries {
		for _, d := range e.Decision.Dice {
			if !d.Hand {
				t.Errorf("%s's %s: die %s is not recorded as rolled by hand", e.Decision.Actor, e.Decision.Command, d)
			}
			typed = append(typed, d.Value)
		}
	}
	if fmt.Sprint(typed) != "[5 3 9 7 3 1]" {
		t.Errorf("the stored dice are %v, want the six typed in", typed)
	}
}

func TestPlayUndo(t *testing.T) {
	r := play(t, "1\nundo\n1\nquit\n", "alley_fight", "--seed", "4", "--side", "players")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// undo says what it took back: the person's decision and the
	// policy's after it.
	const undone = "undone: beatrix: initiative (and after it thug1: initiative)\n"
	if !strings.Contains(r.stdout, undone) || strings.Count(r.stdout, "beatrix: initiative\n    Beatrix rolls") != 2 {
		t.Errorf("want %q, and the initiative rolled again:\n%s", undone, r.stdout)
	}
}

func TestPlaySaveAndReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "fight.json")
	first := play(t, "", "alley_fight", "--auto", "--seed", "9", "--transcript", file)
	if first.code != 0 {
		t.Fatalf("exit %d: %s", first.code, first.stderr)
	}
	again := play(t, "", "alley_fight", "--replay", file)
	if again.code != 0 {
		t.Fatalf("replay: exit %d: %s", again.code, again.stderr)
	}
	// The replay prints the same decisions and lines, then the same end.
	want := strings.TrimSuffix(first.stdout, "transcript saved to "+file+"\n")
	if again.stdout != want {
		t.Errorf("replay differs from the fight.\nfight:\n%s\nreplay:\n%s", want, again.stdout)
	}
}

func TestPlayMalformedEncounterPointsAtTheLine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.yaml")
	doc := "ruleset: blackpowder\ngroups: [{id: a, players: true}, {id: b}]\ncombatants:\n  - {id: x, group: a, body: 1, evasion: 3, lp_max: 5}\n"
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	r := play(t, "", file, "--auto")
	if r.code != 1 || !strings.Contains(r.stderr, file+":4:") || !strings.Contains(r.stderr, `unknown field "evasion"`) {
		t.Errorf("exit %d, stderr %q; want exit 1 and %s:4: ... unknown field \"evasion\"", r.code, r.stderr, file)
	}
}

// TestPlayViewHidesTheFeint plays tempo duels whose GM transcript shows a
// feint, and checks that the feinter's opponent, through --view, learns of
// it only when it is revealed.
func TestPlayViewHidesTheFeint(t *testing.T) {
	found := 0
	for seed := range 10 {
		s := string(rune('0' + seed))
		gm := play(t, "", "duel", "--auto", "--seed", s)
		if gm.code != 0 {
			t.Fatalf("seed %d: exit %d: %s", seed, gm.code, gm.stderr)
		}
		if !strings.Contains(gm.stdout, "(secretly a feint)") {
			continue
		}
		found++
		for _, viewer := range []string{"fencer", "duelist"} {
			r := play(t, "", "duel", "--auto", "--seed", s, "--view", viewer)
			if r.code != 0 {
				t.Fatalf("seed %d --view %s: exit %d: %s", seed, viewer, r.code, r.stderr)
			}
			for _, line := range strings.Split(r.stdout, "\n") {
				low := strings.ToLower(line)
				if !strings.Contains(low, "feint") || strings.HasSuffix(line, "'s attack was a feint") {
					continue
				}
				if !strings.HasPrefix(strings.TrimSpace(line), viewer) {
					t.Errorf("seed %d: %s sees the opponent's feint before it is revealed: %q", seed, viewer, line)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no seed of 10 played a feint; the test checks nothing")
	}
	if r := play(t, "", "duel", "--auto", "--view", "nobody"); r.code == 0 || !strings.Contains(r.stderr, `"nobody" is not a combatant`) {
		t.Errorf("--view nobody: exit %d, stderr %q; want a usage error", r.code, r.stderr)
	}
}
