package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// boardView is what the tests read of a view's board.
type boardView struct {
	Board *struct {
		Grid *struct {
			Kind string `json:"kind"`
			Unit string `json:"unit"`
		} `json:"grid"`
		Round int `json:"round"`
		Order []struct {
			ID      string `json:"id"`
			Current bool   `json:"current"`
			Done    bool   `json:"done"`
			Down    bool   `json:"down"`
			Dead    bool   `json:"dead"`
			Members []struct {
				Down bool `json:"down"`
				Dead bool `json:"dead"`
			} `json:"members"`
		} `json:"order"`
		Turn   string `json:"turn"`
		Move   string `json:"move"`
		Pieces []struct {
			ID   string  `json:"id"`
			X    float64 `json:"x"`
			Y    float64 `json:"y"`
			Band string  `json:"band"`
		} `json:"pieces"`
		Reach []struct {
			Kind     string  `json:"kind"`
			Distance float64 `json:"distance"`
		} `json:"reach"`
	} `json:"board"`
}

// positions reads where each combatant of a state stands: its x and y, or
// its at's.
func positions(t *testing.T, state json.RawMessage) map[string][2]float64 {
	t.Helper()
	out := map[string][2]float64{}
	for _, c := range combatantsOf(t, state) {
		p := c
		if at, ok := c["at"].(map[string]any); ok {
			p = at
		}
		x, okx := p["x"].(float64)
		y, oky := p["y"].(float64)
		if okx && oky {
			out[c["id"].(string)] = [2]float64{x, y}
		}
	}
	return out
}

// TestBoardForEveryRulesetWithPositions: the view of every ruleset whose
// state holds positions has a board with each combatant where the viewer's
// state has it, the ruleset's grid and move; the reference ruleset, whose
// state holds none, has a board with its turn order and no map. A maneuvers combatant hidden from a foe
// stands, on that foe's board, where it hid, wherever it has gone since.
func TestBoardForEveryRulesetWithPositions(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	grids := map[string]string{
		"duel": "squares square", "woundslots_duel": "squares yard", "maneuvers_duel": "open metre",
		"vigor_duel": "open foot", "pistols_at_dawn": "open metre",
	}
	for name, grid := range grids {
		c := s.createFight(name)
		_, player := fragment(t, s.base+c.Players[0].Page)
		for _, tok := range []string{c.GMToken, player} {
			var v boardView
			var fv fightView
			s.call("GET", "/fights/"+c.ID, tok, nil, &v)
			s.call("GET", "/fights/"+c.ID, tok, nil, &fv)
			if v.Board == nil || v.Board.Grid == nil {
				t.Fatalf("%s: no board, or no grid", name)
			}
			if got := v.Board.Grid.Kind + " " + v.Board.Grid.Unit; got != grid {
				t.Errorf("%s: grid %q, want %q", name, got, grid)
			}
			want := positions(t, fv.State)
			got := map[string][2]float64{}
			for _, p := range v.Board.Pieces {
				got[p.ID] = [2]float64{p.X, p.Y}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || len(got) == 0 {
				t.Errorf("%s: board %v, state %v", name, got, want)
			}
		}
	}
	c := s.createFight("reference_melee")
	var v boardView
	s.call("GET", "/fights/"+c.ID, c.GMToken, nil, &v)
	if v.Board == nil || v.Board.Grid != nil || len(v.Board.Pieces) != 0 || len(v.Board.Order) != 5 || !v.Board.Order[0].Current || v.Board.Round != 1 {
		t.Errorf("the reference ruleset's board: %+v", v.Board)
	}

	// Hidden in maneuvers: the noble hides from the rider at 0,0.
	enc := "ruleset: maneuvers\ncombatants:\n  - {use: noble, side: baldria, x: 0, y: 0}\n  - {use: rider, side: sahan, x: 9, y: 0}\n" +
		"start:\n  order: [noble, rider]\n  combatants: {noble: {hidden_from: [rider]}}\n"
	var made created
	if st := s.call("POST", "/fights", creator, map[string]any{"encounter": enc}, &made); st != 201 {
		t.Fatalf("creating the hiding fight: %d", st)
	}
	if st := s.call("POST", "/fights/"+made.ID+"/decisions", made.GMToken, map[string]any{"version": 0, "command": "move 0,3"}, nil); st != 200 {
		t.Fatalf("the noble moves: %d", st)
	}
	at := func(token string) [2]float64 {
		var v boardView
		s.call("GET", "/fights/"+made.ID, token, nil, &v)
		for _, p := range v.Board.Pieces {
			if p.ID == "noble" {
				return [2]float64{p.X, p.Y}
			}
		}
		t.Fatalf("no noble on the board")
		return [2]float64{}
	}
	if got := at(made.GMToken); got != [2]float64{0, 3} {
		t.Errorf("the GM's board has the noble at %v, not 0,3", got)
	}
	_, rider := fragment(t, s.base+made.pageOf(t, "rider"))
	if got := at(rider); got != [2]float64{0, 0} {
		t.Errorf("the rider's board has the noble at %v, not where it hid (0,0)", got)
	}
}

// clickAt clicks the map at a point of the board.
func clickAt(x, y float64) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const svg = document.querySelector("#map svg");
  const sq = svg.dataset.squares === "true" ? 0.5 : 0;
  const p = new DOMPoint(%g - Number(svg.dataset.x0) + sq, Number(svg.dataset.y1) - %g + sq).matrixTransform(svg.getScreenCTM());
  svg.dispatchEvent(new MouseEvent("click", { clientX: p.x, clientY: p.y, bubbles: true }));
})()`, x, y), nil)
}

// TestMapMovesAndTargetsByClicking plays a tempo duel's first turn on the
// map of the player whose turn it is: the map shows both fighters where
// they stand, the reach of the one deciding, and the round the prompt
// says; a click on a square puts the move there in the command box and a
// second click sends it, so that no coordinates are typed; a click on
// the opponent chooses the option aimed at them, or marks those aimed at
// them when there are several.
func TestMapMovesAndTargetsByClicking(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("duel")
	v := s.view(c.ID, c.GMToken)
	for v.Prompt.Kind != "act" {
		v = s.decideAPI(c, v)
	}
	me := v.Prompt.Actor
	foe := "duelist"
	if me == foe {
		foe = "fencer"
	}
	_, token := fragment(t, s.base+c.pageOf(t, me))
	// A move to one square offered: "move X,Y".
	one := regexp.MustCompile(`^move (-?\d+),(-?\d+)$`)
	var dest []string
	for _, o := range v.Prompt.Options {
		if m := one.FindStringSubmatch(o.Command); m != nil {
			dest = m[1:]
			break
		}
	}
	if dest == nil {
		t.Fatalf("no one-square move among %+v", v.Prompt.Options)
	}
	tab, _ := browser(t, 1000, 900)
	pos := positions(t, v.State)
	var pieces, round, question, scale, reach, fills, box string
	run(t, tab, me+"'s page", chromedp.Navigate(s.base+c.pageOf(t, me)), atVersion(v.Version),
		until(`document.querySelectorAll("#map .piece").length === 2`),
		chromedp.Evaluate(`[...document.querySelectorAll("#map .piece")].map((p) => p.dataset.id + "@" + p.dataset.x + "," + p.dataset.y).sort().join(" ")`, &pieces),
		chromedp.Evaluate(`document.querySelector("#round").textContent`, &round),
		chromedp.Evaluate(`document.querySelector("#question").textContent`, &question),
		chromedp.Evaluate(`document.querySelector("#map-scale").textContent`, &scale),
		chromedp.Evaluate(`[...document.querySelectorAll("#map .area")].map((a) => a.dataset.kind + " " + a.dataset.distance).join(",")`, &reach),
		chromedp.Evaluate(`[...document.querySelectorAll("#map .piece")].map((p) => p.dataset.id + " " + p.querySelector("circle").getAttribute("fill")).sort().join(", ")`, &fills))
	want := []string{}
	for id, p := range pos {
		want = append(want, fmt.Sprintf("%s@%g,%g", id, p[0], p[1]))
	}
	slices.Sort(want)
	if pieces != strings.Join(want, " ") {
		t.Errorf("the map's pieces %q, want %q", pieces, strings.Join(want, " "))
	}
	if !strings.Contains(question, "round 1,") || round != "· round 1" {
		t.Errorf("the prompt %q and the order's %q disagree on the round", question, round)
	}
	if scale != "squares; a diagonal step counts as one" || reach != "reach 1" {
		t.Errorf("the map's scale %q and reach %q", scale, reach)
	}
	// The duel's sides are called red and blue: each is drawn in its
	// name's colour, whatever its place in the roster.
	if fills != "duelist #1f5fa8, fencer #a8321f" {
		t.Errorf("the pieces' colours %q, want the blue side's duelist blue and the red side's fencer red", fills)
	}
	screenshot(t, tab, "map")

	// A move by two clicks on the square.
	var x, y float64
	fmt.Sscan(dest[0], &x)
	fmt.Sscan(dest[1], &y)
	run(t, tab, "a click on "+dest[0]+","+dest[1], clickAt(x, y),
		until(`document.querySelector("#map .chosen") !== null`),
		chromedp.Evaluate(`document.querySelector("#command").value`, &box))
	if want := "move " + dest[0] + "," + dest[1]; box != want {
		t.Errorf("after a click the command box holds %q, want %q", box, want)
	}
	run(t, tab, "a second click sends it", clickAt(x, y), atVersion(v.Version+1))
	es := s.entries(c.ID, c.GMToken)
	if last := es[len(es)-1]; last.Actor != me || last.Command != "move "+dest[0]+","+dest[1] {
		t.Errorf("the decision made by the clicks: %s %q", last.Actor, last.Command)
	}
	// The opponent lets the move be (tempo asks them), and it is made.
	v = s.view(c.ID, c.GMToken)
	for v.Prompt.Actor != me && v.Prompt.Kind != "end" {
		cmd := v.Prompt.Fallback()
		for _, o := range v.Prompt.Options {
			if o.Command == "none" {
				cmd = o.Command
			}
		}
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, map[string]any{"version": v.Version, "command": cmd}, nil); st != 200 {
			t.Fatalf("%s answers %s: %d", v.Prompt.Actor, cmd, st)
		}
		v = s.view(c.ID, c.GMToken)
	}
	if got := positions(t, v.State)[me]; got != [2]float64{x, y} {
		t.Errorf("%s stands at %v after the move, not %g,%g", me, got, x, y)
	}

	// The opponent clicked: the options aimed at them.
	var mine fightView
	s.call("GET", "/fights/"+c.ID, token, nil, &mine)
	var aimed []string
	for _, o := range mine.Prompt.Options {
		if slices.Contains(strings.Fields(o.Command), foe) {
			aimed = append(aimed, o.Command)
		}
	}
	if len(aimed) == 0 {
		t.Fatalf("no option aimed at %s: %+v", foe, mine.Prompt.Options)
	}
	var picked string
	run(t, tab, "a click on "+foe, atVersion(mine.Version),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#map .piece[data-id="%s"]').dispatchEvent(new MouseEvent("click", { bubbles: true }))`, foe), nil))
	if len(aimed) == 1 {
		run(t, tab, "the one option sent", atVersion(mine.Version+1))
		es := s.entries(c.ID, c.GMToken)
		if got := es[len(es)-1].Command; got != aimed[0] {
			t.Errorf("a click on %s sent %q, want %q", foe, got, aimed[0])
		}
		return
	}
	run(t, tab, "the options marked",
		until(`document.querySelector("#options button.picked") !== null`),
		chromedp.Evaluate(`[...document.querySelectorAll("#options button.picked")].map((b) => b.dataset.command).join("|")`, &picked))
	if picked != strings.Join(aimed, "|") {
		t.Errorf("a click on %s marked %q, want %q", foe, picked, strings.Join(aimed, "|"))
	}
}

// orderShown reads the turn order a page shows: each row's id, whether
// it is current, done, and down or dead.
const orderShown = `[...document.querySelectorAll("#order li")].map((li) => li.dataset.id + (li.classList.contains("current") ? " current" : "") +
  (li.dataset.done ? " done" : "") + (li.dataset.fallen ? " " + li.dataset.fallen : "")).join("|")`

// orderOf writes a board's order as orderShown reads a page's.
func orderOf(v boardView) string {
	var rows []string
	for _, x := range v.Board.Order {
		row := x.ID
		if x.Current {
			row += " current"
		}
		if x.Done {
			row += " done"
		}
		if x.Dead {
			row += " dead"
		} else if x.Down {
			row += " down"
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "|")
}

// TestOrderIsTheBoards: the turn order a page shows is the board's, not
// the state's fields: in woundslots, whose state keeps no order, the rows
// come in initiative order with the one whose turn it is current and
// those who have had theirs done; at the end of a reference brawl the
// fallen are marked as the board marks them and no row is current.
func TestOrderIsTheBoards(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	check := func(c created, v fightView, want func(boardView) bool) {
		t.Helper()
		tab, _ := browser(t, 1000, 800)
		var b boardView
		s.call("GET", "/fights/"+c.ID, c.GMToken, nil, &b)
		if !want(b) {
			t.Fatalf("%s: not the board the test wants: %+v", c.ID, b.Board)
		}
		var shown string
		run(t, tab, "the GM's page", chromedp.Navigate(s.base+"/#"+url.Values{"fight": {c.ID}, "token": {c.GMToken}}.Encode()), atVersion(v.Version),
			chromedp.Evaluate(orderShown, &shown))
		if shown != orderOf(b) {
			t.Errorf("the page's order %q, the board's %q", shown, orderOf(b))
		}
	}

	c := s.createFight("woundslots_skirmish")
	v := s.view(c.ID, c.GMToken)
	// Into a round, past its first turn, with an order other than the
	// roster's (knight, ranger, duelist, bandit1, bandit2, bandit_archer).
	sorted := func(b boardView) bool {
		done, current := false, false
		var ids []string
		for _, x := range b.Board.Order {
			done, current = done || x.Done, current || x.Current
			ids = append(ids, x.ID)
		}
		return strings.Join(ids, " ") != "knight ranger duelist bandit1 bandit2 bandit_archer" && done && current
	}
	for {
		var b boardView
		s.call("GET", "/fights/"+c.ID, c.GMToken, nil, &b)
		if b.Board.Round >= 1 && sorted(b) || v.Prompt.Kind == "end" {
			break
		}
		v = s.decideAPI(c, v)
	}
	check(c, v, sorted)

	c = s.createFight("reference_brawl")
	v = s.view(c.ID, c.GMToken)
	for v.Prompt.Kind != "end" {
		v = s.decideAPI(c, v)
	}
	check(c, v, func(b boardView) bool {
		for _, x := range b.Board.Order {
			if x.Current {
				return false
			}
			if x.Down || x.Dead {
				return true
			}
		}
		return false
	})
}
