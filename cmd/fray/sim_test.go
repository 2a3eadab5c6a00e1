package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/sim"
)

// simJSON runs fray sim with --json and decodes the report.
func simJSON(t *testing.T, args ...string) *sim.Report {
	t.Helper()
	out := mustSucceed(t, append([]string{"sim", "--json"}, args...)...)
	var r sim.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("fray sim --json %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return &r
}

func TestSimDemo(t *testing.T) {
	out := mustSucceed(t, "sim", "-n", "300")
	for _, want := range []string{
		"tavern_brawl (blackpowder): 300 fights, seed 1", "players   tactical", "brutes    tactical",
		"rounds to finish", "│", "per combatant", "markus", "decisions and",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("fray sim lacks %q:\n%s", want, out)
		}
	}
}

// TestSimWorkersGiveTheSameJSON: the same seed and number of fights give
// the same report, byte for byte, on one worker or two.
func TestSimWorkersGiveTheSameJSON(t *testing.T) {
	args := []string{"sim", "alley_fight", "-n", "1000", "--seed", "11", "--json"}
	one := mustSucceed(t, append(args, "--workers", "1")...)
	two := mustSucceed(t, append(args, "--workers", "2")...)
	if one != two {
		t.Fatalf("--workers 1 and --workers 2 differ:\n%s\n%s", one, two)
	}
	if other := mustSucceed(t, "sim", "alley_fight", "-n", "1000", "--seed", "12", "--json"); other == one {
		t.Error("seeds 11 and 12 give the same report")
	}
}

// TestSimMirrorMatch fights two identical thugs. Listed the other way
// round with the same seed the fights are the same with the names
// swapped; with other seeds, red wins within its interval of half the
// fights once both orders are counted. (The side listed first wins ties
// of initiative, A02, so each order alone need not be even.)
func TestSimMirrorMatch(t *testing.T) {
	n := "4000"
	a := simJSON(t, "testdata/sim_mirror.yaml", "-n", n, "--seed", "1")
	same := simJSON(t, "testdata/sim_mirror_swapped.yaml", "-n", n, "--seed", "1")
	if a.Side("red").Wins != same.Side("blue").Wins || a.Side("blue").Wins != same.Side("red").Wins {
		t.Errorf("swapping the order with the same dice: red %v blue %v, then red %v blue %v; want the names swapped",
			a.Side("red").Wins, a.Side("blue").Wins, same.Side("red").Wins, same.Side("blue").Wins)
	}
	b := simJSON(t, "testdata/sim_mirror_swapped.yaml", "-n", n, "--seed", "2")
	red := sim.NewRate(a.Side("red").Wins.Count+b.Side("red").Wins.Count, a.Fights+b.Fights)
	if !red.Contains(0.5) || a.Draws.Count+b.Draws.Count+a.Timeouts.Count+b.Timeouts.Count != 0 {
		t.Errorf("red wins %d of %d: %.1f%% (95%% interval %.1f%% to %.1f%%), want an interval around 50%%",
			red.Count, a.Fights+b.Fights, 100*red.Rate, 100*red.Low, 100*red.High)
	}
	first := sim.NewRate(a.Side("red").Wins.Count+b.Side("blue").Wins.Count, a.Fights+b.Fights)
	t.Logf("the side listed first wins %.1f%% (%.1f%% to %.1f%%)", 100*first.Rate, 100*first.Low, 100*first.High)
}

// TestSimEvadeSweep raises the brute's Evade, which Markus's attacks must
// reach (R09): Markus must win less at every step.
func TestSimEvadeSweep(t *testing.T) {
	out := mustSucceed(t, "sim", "--vary", "combatants[1].evade=5..9", "-n", "2000", "--json")
	var s sim.Sweep
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 5 || s.Path != "combatants[1].evade" {
		t.Fatalf("%d points of %s", len(s.Points), s.Path)
	}
	var rates []float64
	for i, p := range s.Points {
		if v, ok := p.Value.(float64); !ok || v != float64(5+i) {
			t.Errorf("point %d has value %v", i, p.Value)
		}
		rates = append(rates, p.Report.Side("players").Wins.Rate)
	}
	for i := 1; i < len(rates); i++ {
		if rates[i] >= rates[i-1] {
			t.Errorf("Markus wins %.1f%% at Evade %d and %.1f%% at %d; want less against more Evade", 100*rates[i-1], 4+i, 100*rates[i], 5+i)
		}
	}
	if rates[0]-rates[4] < 0.05 {
		t.Errorf("Markus's win rate falls only from %.1f%% to %.1f%%", 100*rates[0], 100*rates[4])
	}
	text := mustSucceed(t, "sim", "--vary", "combatants[0].weapons[0].damage=D10/4,D10", "-n", "200")
	if !strings.Contains(text, "combatants[0].weapons[0].damage") || !strings.Contains(text, "D10/4") {
		t.Errorf("a sweep over listed values:\n%s", text)
	}
}

// TestSimPlot draws the report and a sweep to PNG and SVG files.
func TestSimPlot(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"sim", "-n", "200", "--plot", filepath.Join(dir, "report.png")},
		{"sim", "-n", "200", "--plot", filepath.Join(dir, "report.svg")},
		{"sim", "-n", "100", "--vary", "combatants[0].evade=6..8", "--plot", filepath.Join(dir, "sweep.png")},
	} {
		mustSucceed(t, args...)
	}
	for name, size := range map[string][2]int{"report.png": {960, 384}, "sweep.png": {672, 384}} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := img.Bounds().Size(); got.X != size[0] || got.Y != size[1] {
			t.Errorf("%s is %v, want %dx%d", name, got, size[0], size[1])
		}
	}
	svg, err := os.ReadFile(filepath.Join(dir, "report.svg"))
	if err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Errorf("report.svg: %v %.100s", err, svg)
	}
}

// TestSimPolicies: the encounter's sim: block names policies, --policy
// overrides them, and both are checked, the block's at its line.
func TestSimPolicies(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.yaml")
	mirror, err := os.ReadFile("testdata/sim_mirror.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(mirror, "sim:\n  policies:\n    blue: random\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	r := simJSON(t, file, "-n", "100")
	if r.Side("red").Policy != "tactical" || r.Side("blue").Policy != "random" {
		t.Errorf("policies %+v, want red tactical (the default) and blue random (the file)", r.Sides)
	}
	r = simJSON(t, file, "-n", "100", "--policy", "blue=tactical", "--policy", "red=random")
	if r.Side("red").Policy != "random" || r.Side("blue").Policy != "tactical" {
		t.Errorf("policies %+v, want --policy to win", r.Sides)
	}
	if err := os.WriteFile(file, append(mirror, "sim:\n  policies:\n    blue: clever\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	res := fray(t, "sim", file, "-n", "10")
	if want := file + ":13:11: sim.policies.blue: no policy \"clever\" (blackpowder policies: random, tactical)"; res.code != exitError || !strings.Contains(res.stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", res.code, res.stderr, want)
	}
}

// TestSimBadInput checks that wrong arguments are refused with a message
// saying what is wrong, before any fight is simulated.
func TestSimBadInput(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-n", "0"}, exitUsage, "-n must be at least 1, not 0"},
		{[]string{"-n", "-5"}, exitUsage, "-n must be at least 1, not -5"},
		{[]string{"--workers", "-1"}, exitUsage, "--workers must be 0 (one per CPU) or more"},
		{[]string{"--policy", "players=clever"}, exitUsage, `--policy players=clever: no policy "clever" (blackpowder policies: random, tactical)`},
		{[]string{"--policy", "thugs=random"}, exitUsage, `--policy thugs=random: no side "thugs" in tavern_brawl (sides: players, brutes)`},
		{[]string{"--policy", "random"}, exitUsage, `--policy "random": write SIDE=NAME`},
		{[]string{"--vary", "combatants[7].evade=1..3"}, exitUsage, "--vary combatants[7].evade: combatants has 2 entries, so there is no [7]"},
		{[]string{"--vary", "combatants[0].evasion=1..3"}, exitError, `--vary combatants[0].evasion: the encounter does not load with combatants[0].evasion=1`},
		{[]string{"--vary", "combatants[0].evade"}, exitUsage, "write PATH=FROM..TO or PATH=V1,V2"},
		{[]string{"--vary", "combatants[0].evade=9..1"}, exitUsage, "FROM must not be more than TO"},
		{[]string{"--plot", "out.pdf"}, exitUsage, `cannot plot to "out.pdf": the file must end in .png or .svg`},
		{[]string{"--max-decisions", "0"}, exitUsage, "--max-decisions must be at least 1"},
		{[]string{"no_such_fight"}, exitError, `no encounter file or bundled encounter "no_such_fight"`},
		{[]string{"a", "b"}, exitUsage, "fray sim takes one encounter at most, not 2: a b"},
	} {
		r := fray(t, append([]string{"sim"}, tt.args...)...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.want) || r.stdout != "" {
			t.Errorf("fray sim %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(tt.args, " "), r.code, r.stdout, r.stderr, tt.code, tt.want)
		}
	}
}
