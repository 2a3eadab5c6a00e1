package scenario_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"fray/scenario"
)

// mismatches runs a scenario file and returns its mismatches as lines.
func mismatches(t *testing.T, path string) []string {
	t.Helper()
	res, err := scenario.Run(registry(t), path)
	if err != nil {
		t.Fatalf("loading %s: %v", path, err)
	}
	if res.File != path {
		t.Errorf("result for %q, want %q", res.File, path)
	}
	var out []string
	for _, m := range res.Mismatches {
		out = append(out, m.String())
	}
	if res.Passed() != (len(out) == 0) {
		t.Errorf("Passed() = %v with %d mismatches", res.Passed(), len(out))
	}
	return out
}

// checkLines fails the test unless got equals want, line for line.
func checkLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n%s\nwant:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRunPasses runs scenarios that must pass: forced dice (plain and tied
// to a die size), an expected refusal, a GM ruling answered with its
// default, state paths by id and by index, the prompt, the winner, the dice
// left and transcript lines; and an inline encounter whose rulings are all
// scripted.
func TestRunPasses(t *testing.T) {
	for _, f := range []string{"testdata/pass.yaml", "testdata/inline.yaml"} {
		checkLines(t, f, mismatches(t, f), nil)
	}
	res, err := scenario.Run(registry(t), "testdata/pass.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res.Name != "Markus fights the thugs" {
		t.Errorf("name %q", res.Name)
	}
	// The GM's default ruling is in the transcript, before markus's attack
	// in round 2.
	var actors []string
	for _, e := range res.Transcript {
		actors = append(actors, e.Actor+": "+e.Command)
	}
	want := []string{"markus: attack thug1", "thug1: take", "thug1: defend", "thug2: attack markus", "markus: take",
		"gm: continue", "markus: attack thug1", "thug1: attack markus with club", "markus: take"}
	checkLines(t, "transcript", actors, want)
}

// TestRunMismatches checks that every mismatch is reported with the line
// of its step or expectation, and that the script goes on after a step
// that was wrongly accepted or refused with another code.
func TestRunMismatches(t *testing.T) {
	const f = "testdata/fail.yaml"
	checkLines(t, f, mismatches(t, f), []string{
		f + `:6: step 2 "thug1: take" was accepted, but a refusal (invalid) was expected; it did: thug1 takes 3 damage (d6=3): 2 LP left`,
		f + `:8: step 4 "thug2: attack thug1" was refused with not-allowed-now (thug2 cannot attack thug1: they are on the same side), but invalid was expected`,
		f + `:11: state combatants.thug1.lp: want 5, got 2`,
		f + `:12: state combatants.thug9.lp: want 1, but combatants has no item with id "thug9"; ids: markus, thug1, thug2`,
		f + `:13: state round: want 2, got 1`,
		f + `:14: prompt kind: want "ruling", got "act" (the prompt is act for thug2: "round 1, thug2's turn: attack, feint or defend?")`,
		f + `:14: prompt actor: want "gm", got "thug2" (the prompt is act for thug2: "round 1, thug2's turn: attack, feint or defend?")`,
		f + `:15: winner: want players, but the fight has not ended (the prompt is act for thug2: "round 1, thug2's turn: attack, feint or defend?")`,
		f + `:16: dice left: want 0 unused, got 1: [2]`,
		f + `:17: lines: no line containing "markus rolls" after line 3 of the transcript ("thug1 takes 3 damage (d6=3): 2 LP left"), only before it`,
	})
}

// TestRunStops checks that the script stops at a step refused against
// expectation, naming the die a dry script needs, and that the
// expectations are then not checked.
func TestRunStops(t *testing.T) {
	const f = "testdata/needs-dice.yaml"
	checkLines(t, f, mismatches(t, f), []string{
		f + `:5: the script needs more dice: need 1d6 at step 2 "thug1: take"`,
		f + `:7: expectations not checked: the script stopped at step 2`,
	})

	dir := t.TempDir()
	write(t, dir, "enc.yaml", "ruleset: reference\nsides: [{id: a}, {id: b}]\ncombatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n")
	tests := []struct {
		name, file string
		want       []string
	}{
		{
			name: "a forced die of the wrong size",
			file: "encounter: enc.yaml\ndice: [d10=4]\nscript:\n  - ann: attack bob\n",
			want: []string{`:4: step 1 "ann: attack bob" was refused (invalid): forced die 1 is d10=4 but a d20 was drawn`},
		},
		{
			name: "a command the ruleset does not know",
			file: "encounter: enc.yaml\nscript:\n  - ann: dance\n",
			want: []string{`:3: step 1 "ann: dance" was refused (invalid): unknown command "dance" (known: attack, feint, defend, dodge, take, continue, stop)`},
		},
		{
			name: "the default ruling needs no dice but the step does",
			file: "encounter: enc.yaml\ndice: [1]\nscript:\n  - ann: defend\n  - bob: attack ann\n  - ann: attack bob\nexpect:\n  dice_left: 0\n",
			want: []string{
				`:6: the script needs more dice: need 1d20 at step 3 "ann: attack bob"`,
				`:7: expectations not checked: the script stopped at step 3`,
			},
		},
		{
			name: "rulings: script leaves the ruling to the script",
			file: "encounter: enc.yaml\nrulings: script\nscript:\n  - ann: defend\n  - bob: defend\n  - ann: defend\n",
			want: []string{`:6: step 3 "ann: defend" was refused (not-your-turn): it is gm's decision, not ann's: round 1 is over: does the fight go on? (a GM ruling is pending: "round 1 is over: does the fight go on?"; answer it with a gm step, as rulings: script asks)`},
		},
		{
			name: "an expected refusal for the expected reason",
			file: "encounter: enc.yaml\nscript:\n  - {actor: ann, do: attack ann, expect_error: not-allowed-now, expect_reason: \"on the same side\"}\n",
			want: nil,
		},
		{
			name: "an expected refusal for another reason",
			file: "encounter: enc.yaml\nscript:\n  - {actor: ann, do: attack ann, expect_error: not-allowed-now, expect_reason: out of AP}\n",
			want: []string{`:3: step 1 "ann: attack ann" was refused (ann cannot attack ann: they are on the same side), but the reason does not contain "out of AP"`},
		},
		{
			name: "an expected refusal",
			file: "encounter: enc.yaml\nscript:\n  - {actor: ann, do: attack ann, expect_error: not-allowed-now}\n  - {actor: bob, do: defend, expect_error: not-your-turn}\nexpect: {dice_left: 0, state: {turn: 0}}\n",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(t, dir, "s.yaml", tt.file)
			var want []string
			for _, w := range tt.want {
				want = append(want, path+w)
			}
			checkLines(t, path, mismatches(t, path), want)
		})
	}
}

// TestRunDefaultRulings checks that with rulings: default a pending GM
// ruling is answered with its default before a step by anyone but the GM,
// and left for a gm step to answer.
func TestRunDefaultRulings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "enc.yaml", "ruleset: reference\nsides: [{id: a}, {id: b}]\ncombatants: [{id: ann, side: a, lp: 3, defence: 10}, {id: bob, side: b, lp: 3, defence: 10}]\n")
	path := write(t, dir, "default.yaml", `encounter: enc.yaml
script:
  - ann: defend
  - bob: defend  # the GM rules; ann's step makes the fight go on
  - ann: defend
expect:
  state: {round: 2, combatants.ann.guard.until: turn_start, phase: act}
`)
	checkLines(t, path, mismatches(t, path), nil)

	path = write(t, dir, "gm.yaml", `encounter: enc.yaml
script:
  - ann: defend
  - bob: defend
  - gm: stop     # the GM's own step answers the ruling
expect:
  state: {phase: over}
  prompt: {kind: end}
`)
	checkLines(t, path, mismatches(t, path), nil)

	// Nothing answers a ruling after the last step.
	path = write(t, dir, "last.yaml", `encounter: enc.yaml
script:
  - ann: defend
  - bob: defend
expect:
  prompt: {kind: ruling, actor: gm, question: "does the fight go on?"}
`)
	checkLines(t, path, mismatches(t, path), nil)
}

// TestLoadScenarioProblems checks that every problem of a scenario file is
// reported with its line and column, those of an inline encounter
// included.
func TestLoadScenarioProblems(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "bad.yaml", `name: [not, text]
encounter:
  ruleset: reference
  title: t
  sides: [{id: a}, {id: b}]
  combatants: [{id: ann, side: a, lp: 3, evade: 1}]
dice: [0, d6=7, x, d8=3]
rulings: sometimes
script:
  - ann: defend
  - {actor: ann, do: defend, expect_error: maybe}
  - {ann: defend, bob: defend}
  - just text
  - {do: defend}
expect:
  states: {}
  dice_left: -1
  prompt: {kind: turn}
verbose: true
`)
	_, err := scenario.Run(registry(t), path)
	if err == nil {
		t.Fatal("loaded without error")
	}
	var want []string
	for _, w := range []string{
		`:19:1: unknown field "verbose" in the top level; allowed: name, description, content, encounter, start, dice, rulings, script, expect`,
		`:1:7: name: want text, got a list`,
		`:8:10: rulings: want default or script, got the text "sometimes"`,
		`:7:8: dice[0]: no die shows 0`,
		`:7:11: dice[1]: no die shows d6=7`,
		`:7:17: dice[2]: want a result such as 4 or d10=6, got "x"`,
		`:11:44: script[1].expect_error: want a refusal code, got the text "maybe"; codes: invalid, not-your-turn, not-allowed-now, needs-dice, conflict`,
		`:12:6: script[2]: a step is one "ACTOR: COMMAND" pair (with any expect and expect_error), or has the keys actor and do; got the keys ann, bob`,
		`:13:5: script[3]: a step is "ACTOR: COMMAND" or {actor: ACTOR, do: COMMAND, expect_error: CODE, expect: {...}}; got the text "just text"`,
		`:14:6: script[4]: missing "actor"`,
		`:16:3: unknown field "states" in expect; allowed: view, state, prompt, winner, dice_left, lines, no_lines`,
		`:18:18: expect.prompt.kind: want one of act, react, ruling, end, got the text "turn"`,
		`:17:14: expect.dice_left: want a count from 0, got -1`,
		`:6:42: unknown field "evade" in encounter.combatants[0]; allowed: id, name, side, lp, skill, defence, weapons`,
		`:6:17: encounter.combatants[0]: missing required field "defence"`,
		`:6:15: encounter.combatants: 1 items is fewer than the minimum 2`,
	} {
		want = append(want, path+w)
	}
	checkLines(t, "problems", strings.Split(err.Error(), "\n"), want)

	path = write(t, dir, "missing.yaml", "encounter: nowhere.yaml\n")
	if _, err := scenario.Run(registry(t), path); err == nil || !strings.HasPrefix(err.Error(), path+":1:12: encounter: stat ") {
		t.Errorf("missing encounter file: %v", err)
	}
	path = write(t, dir, "enc-bad.yaml", "ruleset: reference\nsides: []\n")
	path2 := write(t, dir, "uses-bad.yaml", "encounter: enc-bad.yaml\n")
	_, err = scenario.Run(registry(t), path2)
	checkLines(t, "problems in the encounter file", strings.Split(err.Error(), "\n"), []string{
		path + `:2:8: sides: 0 items is fewer than the minimum 2`,
		path + `:1:1: the top level: missing required field "combatants"`,
	})
	if _, err := scenario.Run(registry(t), write(t, dir, "nothing.yaml", "")); err == nil {
		t.Error("an empty scenario loaded")
	}
	if _, err := scenario.Run(registry(t), dir+"/absent.yaml"); !os.IsNotExist(errorsUnwrapAll(err)) {
		t.Errorf("absent file: %v", err)
	}
}

// errorsUnwrapAll returns the innermost error of a chain.
func errorsUnwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}

// TestDetect checks how fray check tells scenarios and encounters apart.
func TestDetect(t *testing.T) {
	tests := []struct {
		data string
		want scenario.FileKind
	}{
		{"encounter: e.yaml\n", scenario.ScenarioFile},
		{"script: []\n", scenario.ScenarioFile},
		{"expect: {}\nruleset: reference\n", scenario.ScenarioFile},
		{"ruleset: reference\ntitle: t\n", scenario.EncounterFile},
		{"name: club\nkind: melee\n", scenario.OtherFile},
		{"- 1\n", scenario.OtherFile},
		{"", scenario.OtherFile},
	}
	for _, tt := range tests {
		got, err := scenario.Detect("f.yaml", []byte(tt.data))
		if err != nil || got != tt.want {
			t.Errorf("Detect(%q) = %v, %v; want %v", tt.data, got, err, tt.want)
		}
	}
	if _, err := scenario.Detect("f.yaml", []byte("a: [\n")); err == nil || !strings.HasPrefix(err.Error(), "f.yaml:1:4: ") {
		t.Errorf("Detect of bad YAML: %v", err)
	}
}

// TestReasonNeedsARefusal checks that expect_reason is refused on a step
// not expected to be refused, where it could never be checked.
func TestReasonNeedsARefusal(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "bad.yaml", "encounter: {ruleset: reference, sides: [{id: a}, {id: b}], combatants: [{id: ann, side: a}, {id: bob, side: b}]}\nscript:\n  - {actor: ann, do: defend, expect_reason: why}\n")
	_, err := scenario.Run(registry(t), path)
	want := "script[0].expect_reason: only a step with expect_error is refused; add the code it is refused with"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want an error containing %q", err, want)
	}
}
