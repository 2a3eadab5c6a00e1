package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario"
)

// shownEntry is a decision as a page's log shows it.
type shownEntry struct {
	Actor   string   `json:"actor"`
	Command string   `json:"command"`
	Dice    []string `json:"dice"`
	Lines   []string `json:"lines"`
}

// readLog is a script that returns a page's log, oldest first.
const readLog = `[...document.querySelectorAll("#log > li:not(.undone)")].map((li) => ({
  actor: li.dataset.actor,
  command: li.querySelector(":scope > code").textContent,
  dice: [...li.querySelectorAll(":scope > .dice > .die")].map((d) => d.textContent),
  lines: [...li.querySelectorAll(":scope > .lines > li")].map((l) => l.textContent),
})).reverse()`

// readNumbers is a script that returns every field of the state a page
// shows on each combatant's card, by combatant id and field name, inline
// or folded away beneath the ruleset's sheet.
const readNumbers = `Object.fromEntries([...document.querySelectorAll("#combatants .card")].map((c) => [c.dataset.id,
  Object.fromEntries([...c.querySelectorAll(":scope dl:not(.sheet) > [data-field]")].map((f) => [f.dataset.field, f.querySelector("dd").textContent]))]))`

// readInline is readNumbers for the fields shown inline, not folded away.
const readInline = `Object.fromEntries([...document.querySelectorAll("#combatants .card")].map((c) => [c.dataset.id,
  Object.fromEntries([...c.querySelectorAll(":scope > dl > [data-field]")].map((f) => [f.dataset.field, f.querySelector("dd").textContent]))]))`

// readSheets is a script that returns the numbers of each combatant's
// sheet, by combatant id and number name, as the page shows them.
const readSheets = `Object.fromEntries([...document.querySelectorAll("#combatants .card")].map((c) => [c.dataset.id,
  Object.fromEntries([...c.querySelectorAll(":scope > .sheet > [data-number]")].map((n) => [n.dataset.number, n.querySelector("dd").textContent]))]))`

// combatantsOf decodes the combatants of a state's JSON, each as its
// fields by name.
func combatantsOf(t *testing.T, state json.RawMessage) []map[string]any {
	t.Helper()
	var st struct {
		Combatants []map[string]any `json:"combatants"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		t.Fatal(err)
	}
	return st.Combatants
}

// numbersOf returns the numbers of each combatant of a state, as the page
// writes them: a value with its maximum beside it (lp and lp_max) as
// "10/12", any other number as it is.
func numbersOf(t *testing.T, state json.RawMessage) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, c := range combatantsOf(t, state) {
		nums := map[string]string{}
		for k, v := range c {
			n, ok := v.(float64)
			_, isMax1 := c[strings.TrimSuffix(k, "_max")]
			_, isMax2 := c[strings.TrimPrefix(k, "max_")]
			if !ok || (strings.HasSuffix(k, "_max") && isMax1) || (strings.HasPrefix(k, "max_") && isMax2) {
				continue
			}
			nums[k] = fmt.Sprint(n)
			for _, mk := range []string{k + "_max", "max_" + k} {
				if m, ok := c[mk].(float64); ok {
					nums[k] = fmt.Sprintf("%v/%v", n, m)
					break
				}
			}
		}
		out[c["id"].(string)] = nums
	}
	return out
}

// pageNumbers returns the numbers a page shows for each combatant: the
// fields of want it shows, by the same names.
func pageNumbers(t *testing.T, tab context.Context, want map[string]map[string]string) map[string]map[string]string {
	t.Helper()
	var shown map[string]map[string]string
	run(t, tab, "reading the combatants", chromedp.Evaluate(readNumbers, &shown))
	got := map[string]map[string]string{}
	for id, fields := range want {
		got[id] = map[string]string{}
		for k := range fields {
			if v, ok := shown[id][k]; ok {
				got[id][k] = v
			}
		}
	}
	return got
}

// decideWithDice makes decision cmd on a page that rolls real dice, by
// clicking its option, or typing it in the command box when it is none,
// and types in each die the page asks for, drawn from dice, until the
// decision is made; it returns the dice typed.
func decideWithDice(t *testing.T, tab context.Context, version int64, p engine.Prompt[string], cmd string, dice func(sides int) int) []int {
	t.Helper()
	if slices.ContainsFunc(p.Options, func(o engine.Option[string]) bool { return o.Command == cmd }) {
		sel := fmt.Sprintf(`#options button[data-command=%q]`, cmd)
		run(t, tab, "choosing "+cmd, atVersion(version), clickOn(sel))
	} else {
		run(t, tab, "typing "+cmd, atVersion(version), chromedp.SetValue("#command", cmd, chromedp.ByQuery),
			clickOn(`#command-form button[type="submit"]`))
	}
	var typed []int
	for n := 1; ; n++ {
		var asked bool
		run(t, tab, fmt.Sprintf("%s: die %d or the decision made", cmd, n),
			until(fmt.Sprintf(`document.body.dataset.version === "%d" || (!document.querySelector("#dice-ask").hidden && document.querySelector("#dice-ask").dataset.number === "%d")`, version+1, n)),
			chromedp.Evaluate(fmt.Sprintf(`document.body.dataset.version !== "%d"`, version+1), &asked))
		if !asked {
			return typed
		}
		var sides int
		run(t, tab, "the die's size", chromedp.Evaluate(`Number(document.querySelector("#dice-ask").dataset.sides)`, &sides))
		d := dice(sides)
		typed = append(typed, d)
		run(t, tab, fmt.Sprintf("typing die %d: %d", n, d),
			chromedp.SetValue("#die", fmt.Sprint(d), chromedp.ByQuery),
			clickOn(`#dice-ask button[type="submit"]`))
	}
}

// brawlPick is the decision the tavern brawl is played with: an attack,
// an opportunity attack or a dodge when there is one; else Markus's first
// turn (when he may pass) is a move to within the brute's reach, typed in (moves are no
// options: any point will do); else the prompt's fallback.
func brawlPick(p engine.Prompt[string], moved bool) string {
	for _, prefix := range []string{"attack ", "opportunity-attack", "dodge"} {
		for _, o := range p.Options {
			if strings.HasPrefix(o.Command, prefix) {
				return o.Command
			}
		}
	}
	if p.Actor == "markus" && !moved && slices.ContainsFunc(p.Options, func(o engine.Option[string]) bool { return o.Command == "pass" }) {
		return "move 3 0"
	}
	return p.Fallback()
}

// TestPageMatchesFrayPlay plays the tavern brawl to its end through the
// GM's page and Markus's player page, both rolling real dice (typed in
// from a fixed stream), then makes the same decisions with the same dice
// through the engine as fray play --dice manual does, and compares both
// pages with its transcript and state exactly: every decision's actor,
// command, dice and lines, and every combatant's numbers.
func TestPageMatchesFrayPlay(t *testing.T) {
	t.Parallel()
	const encounter = "tavern_brawl"
	s := startSite(t)
	c := s.createFight(encounter)
	gm, watch := browser(t, 1200, 900)
	run(t, gm, "the GM's page", chromedp.Navigate(s.base+"/#fight="+c.ID+"&token="+c.GMToken), atVersion(0))
	markus := openTab(t, gm, watch, s.base+c.pageOf(t, "markus"))
	for _, tab := range []context.Context{gm, markus} {
		run(t, tab, "ticking real dice", clickOn("#physical"))
	}
	src := dice.NewPCG(20, 11)
	roll := func(sides int) int { return src.Roll(sides) }
	type decision struct {
		actor, command string
		dice           []int
	}
	var made []decision
	for {
		if len(made) > 200 {
			t.Fatal("the fight has not ended after 200 decisions")
		}
		v := s.view(c.ID, c.GMToken)
		if v.Prompt.Kind == engine.End {
			break
		}
		tab := gm
		if v.Prompt.Actor == "markus" {
			tab = markus
		}
		cmd := brawlPick(v.Prompt, slices.ContainsFunc(made, func(d decision) bool { return strings.HasPrefix(d.command, "move") }))
		typed := decideWithDice(t, tab, v.Version, v.Prompt, cmd, roll)
		made = append(made, decision{v.Prompt.Actor, cmd, typed})
	}

	// The same decisions and dice through the engine, as fray play makes
	// them.
	info := blackpowder.Info()
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, encounter, info.Content()[encounter])
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range made {
		if _, err := table.Submit(d.actor, d.command, dice.ByHand(dice.NewScript(d.dice...))); err != nil {
			t.Fatalf("decision %d, %s: %s with dice %v: %v", i+1, d.actor, d.command, d.dice, err)
		}
	}
	if p := table.Prompt(); p.Kind != engine.End {
		t.Fatalf("the engine's fight has not ended: %s", p.Question)
	}
	want := func(v engine.Viewer) []shownEntry {
		var out []shownEntry
		for _, e := range table.Transcript(v) {
			se := shownEntry{Actor: e.Actor, Command: e.Command, Lines: e.Lines, Dice: []string{}}
			for _, d := range e.Dice {
				se.Dice = append(se.Dice, d.String())
			}
			out = append(out, se)
		}
		return out
	}
	state, err := table.State(engine.Everyone)
	if err != nil {
		t.Fatal(err)
	}
	wantNumbers := numbersOf(t, state)
	final := s.view(c.ID, c.GMToken).Version
	for _, p := range []struct {
		who    string
		tab    context.Context
		viewer engine.Viewer
	}{{"the GM", gm, engine.Everyone}, {"markus", markus, engine.Viewer{Combatant: "markus"}}} {
		var log []shownEntry
		var question string
		run(t, p.tab, p.who+"'s page at the end", atVersion(final),
			chromedp.Evaluate(readLog, &log), chromedp.Text("#question", &question, chromedp.ByQuery))
		if w := want(p.viewer); !reflect.DeepEqual(log, w) {
			t.Errorf("%s's page's log differs from the engine's transcript:\npage:   %+v\nengine: %+v", p.who, log, w)
		}
		want := wantNumbers
		if !p.viewer.GM {
			want = publicNumbers(t, s, c, p.viewer.Combatant, wantNumbers)
		}
		if got := pageNumbers(t, p.tab, want); !reflect.DeepEqual(got, want) {
			t.Errorf("%s's page's numbers differ from the engine's state:\npage:   %v\nengine: %v", p.who, got, want)
		}
		if w := table.Prompt().Winner; !strings.Contains(question, "the "+w+" side wins") {
			t.Errorf("%s's page says %q; the engine's winner is %q", p.who, question, w)
		}
	}
	var allHand bool
	run(t, gm, "the dice marked", chromedp.Evaluate(`[...document.querySelectorAll("#log .dice")].every((d) => d.dataset.source === "hand")`, &allHand))
	if !allHand {
		t.Error("the GM's log does not mark every die as rolled by hand")
	}
	n := 0
	for _, d := range made {
		n += len(d.dice)
	}
	if !slices.ContainsFunc(made, func(d decision) bool { return d.actor == "markus" }) || n == 0 {
		t.Fatalf("%d decisions, %d dice: none of them markus's or no dice", len(made), n)
	}
	t.Logf("%d decisions with %d dice typed in; the pages match the engine", len(made), n)
}

// publicNumbers is numbers (by combatant, by field) as a player sees them:
// of an NPC (one the server gives the player a condition band for), only
// the public fields.
func publicNumbers(t *testing.T, s *site, c created, player string, numbers map[string]map[string]string) map[string]map[string]string {
	t.Helper()
	_, token := fragment(t, s.base+c.pageOf(t, player))
	out := map[string]map[string]string{}
	for _, cm := range combatantsOf(t, s.view(c.ID, token).State) {
		id := cm["id"].(string)
		out[id] = numbers[id]
		if _, npc := cm["condition"]; !npc {
			continue
		}
		out[id] = map[string]string{}
		for k, v := range numbers[id] {
			if slices.Contains(npcFields, k) {
				out[id][k] = v
			}
		}
	}
	return out
}
