package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"fray/catalog"
	"fray/engine"
)

// TestSheetsDrawnFromData: for a ruleset that describes sheets, each
// combatant's card leads with its sheet, numbers and conditions with how
// long they last, on the GM's page and a player's, every field of the
// state folded away beneath.
func TestSheetsDrawnFromData(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	c := s.createFight("reference_skirmish")
	gm, watch := browser(t, 1200, 900)
	run(t, gm, "the GM's page", chromedp.Navigate(s.base+"/#fight="+c.ID+"&token="+c.GMToken), atVersion(0),
		// The GM unfolds Ann's every field, which must stay unfolded as
		// the fight moves on.
		chromedp.Click(`#combatants .card[data-id="ann"] > details.fields > summary`, chromedp.ByQuery))
	bob := openTab(t, gm, watch, s.base+c.pageOf(t, "bob"))
	// Ann feints at Bob (15 hits), who fails to dodge (2): off balance
	// until the end of the round. Then Bob defends: on guard until the
	// start of his next turn.
	for i, d := range []struct {
		actor, command string
		die            int
	}{{"ann", "feint bob", 15}, {"bob", "dodge", 2}, {"bob", "defend", 0}} {
		body := map[string]any{"version": i, "command": d.command}
		if d.die > 0 {
			body["physical"], body["dice"] = true, []int{d.die}
		}
		if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, body, nil); st != 200 {
			t.Fatalf("%s: %s: %d", d.actor, d.command, st)
		}
	}
	state := s.view(c.ID, c.GMToken).State
	var st struct {
		Combatants []struct {
			ID      string `json:"id"`
			LP      int    `json:"lp"`
			Defence int    `json:"defence"`
		} `json:"combatants"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		t.Fatal(err)
	}
	for who, tab := range map[string]context.Context{"the GM": gm, "bob": bob} {
		var cards []struct {
			ID         string            `json:"id"`
			Numbers    map[string]string `json:"numbers"`
			Conditions []string          `json:"conditions"`
			Folded     bool              `json:"folded"`
			Band       string            `json:"band"`
		}
		run(t, tab, who+"'s page", atVersion(3),
			chromedp.Evaluate(`[...document.querySelectorAll("#combatants .card")].map((c) => ({
				id: c.dataset.id,
				numbers: Object.fromEntries([...c.querySelectorAll(":scope > .sheet > [data-number]")].map((n) => [n.dataset.number, n.querySelector("dd").textContent])),
				conditions: [...c.querySelectorAll(":scope > .conditions > li")].map((l) => l.textContent),
				folded: !!c.querySelector(":scope > details.fields [data-field=lp]") && !c.querySelector(":scope > dl:not(.sheet)"),
				band: (c.querySelector(":scope > .band") || {}).textContent || "",
			}))`, &cards))
		if len(cards) != len(st.Combatants) {
			t.Fatalf("%s's page has %d cards for %d combatants", who, len(cards), len(st.Combatants))
		}
		for i, card := range cards {
			want := st.Combatants[i]
			if who == "bob" && (want.ID == "ann" || want.ID == "cy") {
				// The other side's, NPCs to Bob: their band alone.
				if card.ID != want.ID || len(card.Numbers) != 0 || len(card.Conditions) != 0 || card.Band != "unhurt" {
					t.Errorf("bob's page, NPC card %d: %+v", i, card)
				}
				continue
			}
			if card.ID != want.ID || card.Numbers["LP"] != fmt.Sprint(want.LP) || card.Numbers["defence"] != fmt.Sprint(want.Defence) || !card.Folded {
				t.Errorf("%s's page, card %d: %+v; the state has %+v", who, i, card, want)
			}
			conds := strings.Join(card.Conditions, "; ")
			switch want.ID {
			case "bob":
				if conds != "on guard until the start of bob's turn; off balance until the end of the round" {
					t.Errorf("%s's page: bob's conditions %q", who, conds)
				}
			default:
				if conds != "" {
					t.Errorf("%s's page: %s's conditions %q", who, want.ID, conds)
				}
			}
		}
	}
	var unfolded []string
	run(t, gm, "the GM's page, unfolded", chromedp.Evaluate(`[...document.querySelectorAll("#combatants .card > details.fields[open]")].map((d) => d.closest(".card").dataset.id)`, &unfolded))
	if !reflect.DeepEqual(unfolded, []string{"ann"}) {
		t.Errorf("after three decisions the GM's page has the fields of %q unfolded, want ann's alone, as the GM left it", unfolded)
	}
	screenshot(t, bob, "sheets")
}

// TestEveryRulesetsNumbers: for a fight of each ruleset a few decisions
// in, the GM's page shows every number of every combatant's state,
// inline and exactly (a value with its maximum as "7/12"), the key ones
// among them (LP, health, AP, Vigor, Durability, wounds by level), from
// the ruleset's sheets where it describes them, and with no page code for
// any ruleset. A sheet's number may be a field of a record of numbers
// ("wounds.light"), or such a field out of another ("wounds.light/slots.light"),
// which it must show exactly.
func TestEveryRulesetsNumbers(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	gm, _ := browser(t, 1200, 900)
	cases := []struct {
		encounter string
		key       []string          // fields the page must show inline on every card, for a ruleset without sheets
		sheet     map[string]string // for a ruleset with sheets, numbers its sheet must show: the field each is, or "field/max field"
	}{
		{encounter: "alley_fight", sheet: map[string]string{"LP": "lp", "actions": "actions", "fatigue": "fatigue"}},
		{encounter: "maneuvers_skirmish", sheet: map[string]string{"HP": "hp", "AP": "ap"}},
		{encounter: "reference_skirmish", sheet: map[string]string{"LP": "lp", "defence": "defence"}},
		{encounter: "brawl", sheet: map[string]string{"health": "health", "AP": "ap"}},
		{encounter: "vigor_skirmish", sheet: map[string]string{"Vigor": "vigor", "Durability": "durability", "Health": "health", "actions": "actions"}},
		{encounter: "woundslots_slots", sheet: map[string]string{"AP": "ap", "initiative": "initiative", "stamina": "stamina",
			"light wounds": "wounds.light/slots.light", "moderate wounds": "wounds.moderate/slots.moderate", "severe wounds": "wounds.severe/slots.severe",
			"critical wounds": "wounds.critical/slots.critical", "fatal wounds": "wounds.fatal/slots.fatal"}},
	}
	// Every ruleset fray offers has its row: a ruleset added to the
	// catalog fails here until its key numbers are named above.
	cat, err := catalog.New()
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		e, ok := cat.Registry().Encounter(tc.encounter)
		if !ok {
			t.Fatalf("no bundled encounter %q", tc.encounter)
		}
		covered[e.Ruleset] = true
	}
	for _, id := range cat.Registry().IDs() {
		if !covered[id] {
			t.Errorf("ruleset %s has no encounter here: add one of its bundled encounters with the numbers its cards or sheets must show", id)
		}
	}
	for _, tc := range cases {
		c := s.createFight(tc.encounter)
		v := s.view(c.ID, c.GMToken)
		for range 12 {
			if v.Prompt.Kind == engine.End || len(v.Prompt.Options) == 0 {
				break
			}
			body := map[string]any{"version": v.Version, "command": v.Prompt.Fallback()}
			if st := s.call("POST", "/fights/"+c.ID+"/decisions", c.GMToken, body, nil); st != 200 {
				t.Fatalf("%s: %s: %d", tc.encounter, v.Prompt.Fallback(), st)
			}
			v = s.view(c.ID, c.GMToken)
		}
		run(t, gm, tc.encounter+" on the GM's page", chromedp.Navigate(s.base+"/#fight="+c.ID+"&token="+c.GMToken),
			until(fmt.Sprintf(`document.body.dataset.fight === %q`, c.ID)), atVersion(v.Version))
		want := numbersOf(t, v.State)
		if got := pageNumbers(t, gm, want); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the page's numbers differ from the state:\npage:  %v\nstate: %v", tc.encounter, got, want)
		}
		// A ruleset's sheet shows its key numbers as the state has them,
		// out of their maximum where there is one.
		if tc.sheet != nil {
			var sheets map[string]map[string]string
			run(t, gm, tc.encounter+"'s sheets", chromedp.Evaluate(readSheets, &sheets))
			records := recordNumbers(t, v.State)
			for id, fields := range want {
				for name, field := range tc.sheet {
					got, ok := sheets[id][name]
					value, of, exact := strings.Cut(field, "/")
					state := fields[value]
					if strings.Contains(value, ".") {
						state = records[id][value]
					}
					if exact {
						state += "/" + records[id][of]
					}
					if !ok || state == "" || (got != state && (exact || !strings.HasPrefix(got, state+"/"))) {
						t.Errorf("%s: %s's sheet shows %s %q (shown: %v); the state's %s is %s", tc.encounter, id, name, got, ok, field, state)
					}
				}
			}
		}
		// The key fields are shown inline, and a record of numbers (wounds
		// by level) with each of its numbers.
		var shown map[string]map[string]string
		run(t, gm, tc.encounter+"'s key fields", chromedp.Evaluate(readInline, &shown))
		var st struct {
			Combatants []map[string]any `json:"combatants"`
		}
		if err := json.Unmarshal(v.State, &st); err != nil {
			t.Fatal(err)
		}
		for _, cb := range st.Combatants {
			id := cb["id"].(string)
			for _, k := range tc.key {
				text, ok := shown[id][k]
				if !ok {
					t.Errorf("%s: %s's card does not show %s inline", tc.encounter, id, k)
					continue
				}
				if rec, isRecord := cb[k].(map[string]any); isRecord {
					for kk, vv := range rec {
						if part := fmt.Sprintf("%s %v", kk, vv); !strings.Contains(text, part) {
							t.Errorf("%s: %s's %s shows %q, without %q", tc.encounter, id, k, text, part)
						}
					}
				}
			}
		}
		t.Logf("%s: the numbers of %d combatants shown at version %d", tc.encounter, len(want), v.Version)
	}
}

// recordNumbers returns the numbers inside each combatant's records of
// numbers (wounds by level), by combatant id and "record.field".
func recordNumbers(t *testing.T, state json.RawMessage) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, c := range combatantsOf(t, state) {
		nums := map[string]string{}
		for k, v := range c {
			rec, ok := v.(map[string]any)
			if !ok {
				continue
			}
			for kk, vv := range rec {
				if n, ok := vv.(float64); ok {
					nums[k+"."+kk] = fmt.Sprint(n)
				}
			}
		}
		out[c["id"].(string)] = nums
	}
	return out
}
