package parts_test

import (
	"encoding/json"
	"math"
	"testing"

	"fray/rules/parts"
)

func TestCells(t *testing.T) {
	c, err := parts.ParseCell("3,-4")
	if err != nil || c != (parts.Cell{X: 3, Y: -4}) || c.String() != "3,-4" {
		t.Errorf("ParseCell(3,-4) = %v, %v", c, err)
	}
	for _, bad := range []string{"3", "3,", "a,b", "1,2,3", ""} {
		if _, err := parts.ParseCell(bad); err == nil {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
	for _, tt := range []struct {
		a, b parts.Cell
		want int
	}{{parts.Cell{}, parts.Cell{}, 0}, {parts.Cell{X: 0, Y: 0}, parts.Cell{X: 3, Y: 1}, 3}, {parts.Cell{X: -2, Y: 5}, parts.Cell{X: 1, Y: 0}, 5}} {
		if got := parts.Steps(tt.a, tt.b); got != tt.want {
			t.Errorf("Steps(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	if got := parts.Metres(0, 0, 3, 4); got != 5 {
		t.Errorf("Metres = %v, want 5", got)
	}
	// math.Hypot gives 100.99999999999999 here, which a whole-unit ruleset
	// truncates to 100.
	if got := parts.Metres(0, 0, 20, 99); got != 101 {
		t.Errorf("Metres(20, 99 apart) = %v, want 101", got)
	}
	if parts.FiniteCoordinate(math.NaN()) || parts.FiniteCoordinate(math.Inf(-1)) || !parts.FiniteCoordinate(-1e9) {
		t.Error("FiniteCoordinate misjudges")
	}
}

func TestRoundsAndJoiners(t *testing.T) {
	for _, tt := range []struct {
		limit, done int
		want        bool
	}{{0, 1000, false}, {3, 2, false}, {3, 3, true}, {3, 4, true}} {
		if got := parts.RoundLimitReached(tt.limit, tt.done); got != tt.want {
			t.Errorf("RoundLimitReached(%d, %d) = %v", tt.limit, tt.done, got)
		}
	}
	for _, tt := range []struct {
		joins, done int
		want        bool
	}{{0, 5, false}, {2, 1, false}, {2, 2, true}, {2, 3, true}} {
		if got := parts.JoinsAfter(tt.joins, tt.done); got != tt.want {
			t.Errorf("JoinsAfter(%d, %d) = %v", tt.joins, tt.done, got)
		}
	}
}

func TestLastSide(t *testing.T) {
	type fighter struct {
		side string
		in   bool
	}
	for _, tt := range []struct {
		name     string
		fighters []fighter
		winner   string
		over     bool
	}{
		{"two sides stand", []fighter{{"red", true}, {"blue", true}}, "", false},
		{"one side stands", []fighter{{"red", false}, {"blue", true}, {"blue", false}}, "blue", true},
		{"one side, two fighters", []fighter{{"red", true}, {"blue", false}, {"red", true}}, "red", true},
		{"nobody stands", []fighter{{"red", false}, {"blue", false}}, "", true},
		{"no fighters", nil, "", true},
	} {
		f := tt.fighters
		winner, over := parts.LastSide(len(f), func(i int) string { return f[i].side }, func(i int) bool { return f[i].in })
		if winner != tt.winner || over != tt.over {
			t.Errorf("%s: LastSide = %q, %v; want %q, %v", tt.name, winner, over, tt.winner, tt.over)
		}
	}
}

func TestDurations(t *testing.T) {
	// Until the end of ann's next turn: bob's turn ending changes nothing.
	d := parts.Until(parts.TurnEnd, "ann", 1)
	if d.String() != "until the end of ann's turn" {
		t.Errorf("String() = %q", d.String())
	}
	if d.Pass(parts.TurnEnd, "bob") || d.Pass(parts.TurnStart, "ann") || d.Pass(parts.RoundEnd, "") || d.Over() {
		t.Fatal("ran out at a boundary it does not wait for")
	}
	if !d.Pass(parts.TurnEnd, "ann") || !d.Over() || d != (parts.Duration{}) || d.Pass(parts.TurnEnd, "ann") {
		t.Fatal("did not run out at the end of ann's turn, once, to the zero Duration")
	}
	// Until the start of the round after next.
	r := parts.Until(parts.RoundStart, "", 2)
	if r.String() != "until the start of the round after next" {
		t.Errorf("String() = %q", r.String())
	}
	if r.Pass(parts.RoundStart, "") || r.Over() || !r.Pass(parts.RoundStart, "") || !r.Over() {
		t.Error("a two-round duration does not run out at the second round start")
	}
	var zero parts.Duration
	if !zero.Over() || zero.Pass(parts.RoundEnd, "") {
		t.Error("the zero duration is not over")
	}
	data, err := json.Marshal(parts.Until(parts.RoundEnd, "", 3))
	if err != nil || string(data) != `{"until":"round_end","count":3}` {
		t.Fatalf("JSON %s, %v", data, err)
	}
	var back parts.Duration
	if err := json.Unmarshal(data, &back); err != nil || back != parts.Until(parts.RoundEnd, "", 3) {
		t.Errorf("read back %+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"until":"dawn","count":1}`), &back); err == nil {
		t.Error("an unknown boundary was read")
	}
}

// TestParseCoordinateRefusesNaNAndHuge checks that coordinates of commands
// are finite and on the map, and that numbers of keywords are bounded.
func TestParseCoordinateRefusesNaNAndHuge(t *testing.T) {
	for text, want := range map[string]string{
		"nan":   `move X: "nan" is not a finite number`,
		"-inf":  `move X: "-inf" is not a finite number`,
		"1e400": `move X: "1e400" is off the map: coordinates are at most 1000000000 either way`,
		"2e9":   `move X: "2e9" is off the map: coordinates are at most 1000000000 either way`,
		"north": `move X takes a number, not "north": not a number`,
	} {
		if _, err := parts.ParseCoordinate("move X", text); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", text, err, want)
		}
	}
	if v, err := parts.ParseCoordinate("move X", "-2.5"); v != -2.5 || err != nil {
		t.Errorf("-2.5: %v, %v", v, err)
	}
	if _, err := parts.ParseCell("-9223372036854775808,0"); err == nil || err.Error() != `the square "-9223372036854775808,0" is off the map: coordinates are at most 1000000000 either way` {
		t.Errorf("smallest int: %v", err)
	}
	g := parts.NewGrammar([]parts.Keyword{parts.Mod}, parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"mod"}})
	if _, err := g.Parse("attack bob mod 9223372036854775808"); err == nil || err.Error() != "mod 9223372036854775808 is out of range: at most 1000000 either way" {
		t.Errorf("huge mod: %v", err)
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 yards"}, {1, "1 yard"}, {2, "2 yards"}, {-1, "-1 yard"}} {
		if got := parts.Count(c.n, "yard", "yards"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
