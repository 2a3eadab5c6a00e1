package main

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// encounterOdds mirrors the JSON of "fray odds --encounter --json".
type encounterOdds struct {
	Ruleset           string `json:"ruleset"`
	Actor             string `json:"actor"`
	Command           string `json:"command"`
	Policy            string `json:"policy"`
	Paths             int    `json:"paths"`
	Uncovered         float64
	UncoveredFraction string `json:"uncovered_fraction"`
	Hit               float64
	HitFraction       string `json:"hit_fraction"`
	Target            string `json:"target"`
	Tags              []struct {
		Tag      string  `json:"tag"`
		P        float64 `json:"p"`
		Fraction string  `json:"fraction"`
	} `json:"tags"`
	Combatants []struct {
		ID           string `json:"id"`
		DownFraction string `json:"down_fraction"`
		Damage       []struct {
			Value    int    `json:"value"`
			Fraction string `json:"fraction"`
		} `json:"damage"`
	} `json:"combatants"`
	Answered []struct {
		Actor   string `json:"actor"`
		Command string `json:"command"`
		By      string `json:"by"`
	} `json:"answered"`
	Outcomes []struct {
		P        float64  `json:"p"`
		Fraction string   `json:"fraction"`
		Tags     []string `json:"tags"`
	} `json:"outcomes"`
}

// menu mirrors the JSON of "fray odds --encounter --all --json".
type menu struct {
	Actor   string `json:"actor"`
	Options []struct {
		Command     string        `json:"command"`
		HitFraction string        `json:"hit_fraction"`
		Odds        encounterOdds `json:"odds"`
	} `json:"options"`
}

// markusVs writes an encounter file: Markus against a thug of the given
// Evade, and returns its path.
func markusVs(t *testing.T, evade string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fight.yaml")
	data := `ruleset: blackpowder
groups: [{id: players, players: true}, {id: enemies}]
combatants:
  - {use: markus, group: players}
  - {id: thug, group: enemies, body: 2, senses: 1, science: 0, willpower: 1, evade: ` + evade + `, lp_max: 20}
`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// setup is the steps and dice that give Markus the first turn.
var setup = []string{"--setup", "markus: initiative", "--setup", "thug: initiative", "--dice", "9,1"}

func frac(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("not a fraction: %q", s)
	}
	return r
}

// sumsToOne checks that the outcomes' fractions and the uncovered one add
// up to exactly 1, and that the floats agree with the fractions.
func sumsToOne(t *testing.T, o encounterOdds) {
	t.Helper()
	sum := frac(t, o.UncoveredFraction)
	for _, x := range o.Outcomes {
		p := frac(t, x.Fraction)
		if f, _ := p.Float64(); f != x.P {
			t.Errorf("outcome %v: p %v, fraction %s", x.Tags, x.P, x.Fraction)
		}
		sum.Add(sum, p)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("%s: outcomes and uncovered sum to %s, want exactly 1", o.Command, sum.RatString())
	}
}

func encounterOddsJSON(t *testing.T, args ...string) encounterOdds {
	t.Helper()
	out := mustSucceed(t, append([]string{"odds", "--json"}, args...)...)
	var o encounterOdds
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return o
}

func TestEncounterOddsHandComputed(t *testing.T) {
	for _, tt := range []struct{ evade, hit string }{{"7", "7/10"}, {"20", "1/10"}} {
		args := append([]string{"--encounter", markusVs(t, tt.evade), "--actor", "markus", "--command", "attack thug"}, setup...)
		o := encounterOddsJSON(t, args...)
		if o.HitFraction != tt.hit || o.Target != "thug" || o.Ruleset != "blackpowder" || o.Policy != "tactical" {
			t.Errorf("evade %s: hit %s target %q ruleset %q policy %q; want hit %s on the thug, tactical", tt.evade, o.HitFraction, o.Target, o.Ruleset, o.Policy, tt.hit)
		}
		sumsToOne(t, o)
		text := mustSucceed(t, append([]string{"odds"}, args...)...)
		if want := "hits " + tt.hit + " ("; !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

// Every bundled encounter gives distributions that sum to exactly 1, for
// every option of its first turn.
func TestEncounterOddsBundledSumToOne(t *testing.T) {
	cases := []struct {
		encounter, actor string
		setup            []string
	}{
		{"alley_fight", "markus", []string{"--setup", "beatrix: initiative", "--setup", "thug1: initiative", "--dice", "9,2"}},
		{"pistols_at_dawn", "eastman", []string{"--setup", "eastman: initiative", "--setup", "westman: initiative", "--dice", "9,2"}},
		{"brute_squad", "markus", nil},
	}
	for _, c := range cases {
		t.Run(c.encounter, func(t *testing.T) {
			args := append([]string{"odds", "--json", "--encounter", c.encounter, "--actor", c.actor, "--all"}, c.setup...)
			if c.setup == nil {
				// Whatever the first prompts are, the error says how to get on.
				r := fray(t, args...)
				if r.code == exitOK {
					return
				}
				if !strings.Contains(r.stderr, "--setup") {
					t.Fatalf("stderr %q does not say how to reach the turn", r.stderr)
				}
				return
			}
			var m menu
			if err := json.Unmarshal([]byte(mustSucceed(t, args...)), &m); err != nil {
				t.Fatal(err)
			}
			if len(m.Options) == 0 {
				t.Fatal("no options")
			}
			for _, o := range m.Options {
				sumsToOne(t, o.Odds)
				if o.HitFraction != o.Odds.HitFraction {
					t.Errorf("%s: headline hit %s, odds %s", o.Command, o.HitFraction, o.Odds.HitFraction)
				}
			}
		})
	}
}

// --all lists every option the prompt offers the actor, sorted.
func TestEncounterOddsAllListsEveryOption(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	steps := []string{"eastman: initiative", "westman: initiative"}
	table, err := loadTable(reg, "pistols_at_dawn", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := playSetup(table, steps, "9,2"); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, o := range table.Prompt().Options {
		want = append(want, o.Command)
	}
	out := mustSucceed(t, "odds", "--json", "--encounter", "pistols_at_dawn", "--actor", "eastman", "--all",
		"--setup", steps[0], "--setup", steps[1], "--dice", "9,2")
	var m menu
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range m.Options {
		got = append(got, o.Command)
	}
	if len(got) == 0 || got[0] != "attack westman" {
		t.Errorf("options %v, want the attack, the one that can take Westman down, first", got)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("--all lists %v, the prompt offers %v", got, want)
	}
}

// A member of the acting group who is not the first named gets its own
// options (Markus's club can hold; Beatrix's knife cannot).
func TestEncounterOddsAllForAnotherMember(t *testing.T) {
	out := mustSucceed(t, "odds", "--encounter", "alley_fight", "--actor", "markus", "--all",
		"--setup", "beatrix: initiative", "--setup", "thug1: initiative", "--dice", "9,2")
	if !strings.Contains(out, "hold thug1") {
		t.Errorf("Markus's options lack his hold:\n%s", out)
	}
}

func TestEncounterOddsScenarioFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	data := `name: after initiative
encounter:
  ruleset: blackpowder
  groups: [{id: players, players: true}, {id: enemies}]
  combatants:
    - {use: markus, group: players}
    - {id: thug, group: enemies, body: 2, senses: 1, science: 0, willpower: 1, evade: 7, lp_max: 20}
dice: [9, 1]
script:
  - markus: initiative
  - thug: initiative
`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	o := encounterOddsJSON(t, "--encounter", path, "--actor", "markus", "--command", "attack thug")
	if o.HitFraction != "7/10" {
		t.Errorf("hit %s, want 7/10", o.HitFraction)
	}
	sumsToOne(t, o)
	// The scenario's encounter may be a file of its own.
	enc := filepath.Join(dir, "fight.yaml")
	if err := os.WriteFile(enc, []byte("ruleset: blackpowder\ngroups: [{id: players, players: true}, {id: enemies}]\ncombatants:\n  - {use: markus, group: players}\n  - {use: masked_thug, id: thug, group: enemies}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, "ref.yaml")
	if err := os.WriteFile(ref, []byte("encounter: fight.yaml\ndice: [9, 1]\nscript:\n  - markus: initiative\n  - thug: initiative\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Evade 6: 4/5.
	if o := encounterOddsJSON(t, "--encounter", ref, "--actor", "markus", "--command", "attack thug"); o.HitFraction != "4/5" {
		t.Errorf("hit %s, want 4/5", o.HitFraction)
	}
}

func TestEncounterOddsTempo(t *testing.T) {
	o := encounterOddsJSON(t, "--encounter", "duel", "--setup", "gm: begin", "--dice", "9,2", "--actor", "fencer", "--command", "move 1,0")
	if o.Ruleset != "tempo" || len(o.Outcomes) == 0 {
		t.Fatalf("odds %+v", o)
	}
	sumsToOne(t, o)
}

func TestEncounterOddsErrors(t *testing.T) {
	enc := markusVs(t, "7")
	base := []string{"odds", "--encounter", enc}
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"unknown actor", append(append(base, "--actor", "nobody", "--command", "pass"), setup...), exitError,
			[]string{`there is no combatant "nobody"`, "markus, thug"}},
		{"not the actor's turn", append(base, "--actor", "thug", "--command", "attack markus"), exitError,
			[]string{"not-your-turn", "it is markus's decision now, not thug's", `--setup "markus: initiative"`}},
		{"not an option now", append(base, "--actor", "markus", "--command", "attack thug"), exitError,
			[]string{"not-allowed-now", "markus's options now: initiative"}},
		{"not the actor's turn later", append(append(base, "--actor", "thug", "--command", "attack markus"), setup...), exitError,
			[]string{"it is markus's decision now, not thug's", `--setup "markus: pass"`}},
		{"illegal command", append(append(base, "--actor", "markus", "--command", "attack markus"), setup...), exitError,
			[]string{`"attack markus" from markus is refused (invalid)`, "cannot attack itself"}},
		{"unparsable command", append(append(base, "--actor", "markus", "--command", "attack thug wiht club"), setup...), exitError,
			[]string{`cannot read the command "attack thug wiht club"`, `unknown attack option "wiht"`, "\n  attack thug wiht club\n              ^^^^\n"}},
		{"keyword given twice", append(append(base, "--actor", "markus", "--command", "attack thug mod 1 mod 1"), setup...), exitError,
			[]string{`"mod" is given twice`, "\n  attack thug mod 1 mod 1\n                    ^^^\n"}},
		{"setup short of dice", append(base, "--actor", "markus", "--command", "pass", "--setup", "markus: initiative"), exitError,
			[]string{`setup step 1 "markus: initiative" needs a d10`}},
		{"dice left over", append(base, "--actor", "markus", "--command", "pass", "--setup", "markus: initiative", "--dice", "9,1"), exitError,
			[]string{"1 of the --dice were not drawn"}},
		{"a device for the encounter", []string{"odds", "--encounter", "/dev/zero", "--actor", "markus", "--command", "pass"}, exitError,
			[]string{"/dev/zero is not a regular file"}},
		{"no actor", append(base, "--command", "pass"), exitUsage, []string{"--encounter needs --actor"}},
		{"neither command nor all", append(base, "--actor", "markus"), exitUsage, []string{"--command"}},
		{"both command and all", append(base, "--actor", "markus", "--command", "pass", "--all"), exitUsage, []string{"not both"}},
		{"actor without encounter", []string{"odds", "3d6", "--actor", "markus"}, exitUsage, []string{"--actor goes with --encounter"}},
		{"expression with encounter", append(base, "3d6", "--actor", "markus", "--all"), exitUsage, []string{"not both"}},
		{"dice flags with encounter", append(base, "--actor", "markus", "--all", "--at-least", "3"), exitUsage, []string{"--at-least goes with a dice expression"}},
		{"unknown encounter", []string{"odds", "--encounter", "no_such_fight", "--actor", "markus", "--all"}, exitError, []string{"no_such_fight"}},
		{"unknown policy", append(append(base, "--actor", "markus", "--command", "pass", "--policy", "wild"), setup...), exitError,
			[]string{`no blackpowder policy "wild"`, "tactical"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := fray(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, tt.code, r.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
		})
	}
}

// The budget: what it leaves out is reported, never spread over outcomes.
func TestEncounterOddsBudget(t *testing.T) {
	args := append([]string{"--encounter", markusVs(t, "7"), "--actor", "markus", "--command", "attack thug", "--max-paths", "40"}, setup...)
	o := encounterOddsJSON(t, args...)
	if o.Uncovered <= 0 {
		t.Errorf("uncovered %v, want some", o.Uncovered)
	}
	sumsToOne(t, o)
	text := mustSucceed(t, append([]string{"odds"}, args...)...)
	if !strings.Contains(text, "NOT COVERED") || !strings.Contains(text, "budget of 40") {
		t.Errorf("text does not report the budget:\n%s", text)
	}
}

// Every option past the time budget is estimated, and says so; a
// question asked for a partial answer (--max-paths) that runs past the
// time budget is refused at once, with how far the work got and how to
// narrow the question; a path budget past the ceiling is refused before
// any work.
func TestEncounterOddsTimeBudget(t *testing.T) {
	start := time.Now()
	r := fray(t, "odds", "--encounter", "alley_fight", "--setup", "beatrix: initiative", "--setup", "thug1: initiative", "--dice", "2,9",
		"--actor", "gunman", "--all", "--timeout", "1ms")
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %s", took)
	}
	if r.code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	for _, w := range []string{"exact odds unless marked ESTIMATE", "(ESTIMATE, ±"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	start = time.Now()
	r = fray(t, "odds", "--encounter", "alley_fight", "--setup", "beatrix: initiative", "--setup", "thug1: initiative", "--dice", "2,9",
		"--actor", "gunman", "--command", "attack markus", "--max-paths", "1000000", "--timeout", "1us")
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s to give up", took)
	}
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", r.code, r.stderr)
	}
	for _, w := range []string{"past the time budget of 1µs after", "dice paths from", "--max-paths"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
		}
	}
	r = fray(t, "odds", "--encounter", "alley_fight", "--actor", "gm", "--all", "--max-paths", "30000000")
	if r.code != 2 || !strings.Contains(r.stderr, "--max-paths must be between 1 and 20000000") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// A --command answer is its headline; --full adds every outcome tag's
// odds, each combatant's damage and every outcome.
func TestEncounterOddsHeadline(t *testing.T) {
	args := []string{"odds", "--encounter", "pistols_at_dawn", "--setup", "eastman: initiative", "--setup", "westman: initiative",
		"--dice", "9,2", "--actor", "eastman", "--command", "attack westman"}
	// The headline alone is TestReadmePistolExample's, as the README shows it.
	if short := mustSucceed(t, args...); strings.Contains(short, "what happens") {
		t.Errorf("the headline holds the tables:\n%s", short)
	}
	full := mustSucceed(t, append(args, "--full")...)
	for _, w := range []string{"what happens", "westman (active before)", "outcomes, the most likely first"} {
		if !strings.Contains(full, w) {
			t.Errorf("--full lacks %q:\n%s", w, full)
		}
	}
	if r := fray(t, append(args[:len(args)-2], "--all", "--full")...); r.code == 0 || !strings.Contains(r.stderr, "--full goes with --command") {
		t.Errorf("--all --full: exit %d, stderr %q", r.code, r.stderr)
	}
}
