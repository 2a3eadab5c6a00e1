package web_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// npcFields are the only fields a player's view keeps of an NPC.
var npcFields = []string{"at", "condition", "group", "id", "initiative", "name", "present", "side", "space", "x", "y"}

// sheetsView is what the tests read of a view's sheets.
type sheetsView struct {
	Sheets []struct {
		Combatant string            `json:"combatant"`
		Numbers   []json.RawMessage `json:"numbers"`
		Band      string            `json:"band"`
		Public    bool              `json:"public"`
	} `json:"sheets"`
}

// TestPlayersSeeNPCsPublicFields: the server gives a player an NPC's
// public fields alone (its name, side, place and condition band), in the
// view and in the sheets, and every field of their own combatant and of
// the player characters; the GM gets everything. NPCs are those the fight
// marks as not player characters (blackpowder's groups, woundslots' pc),
// or, where it marks nobody (tempo), the other sides' combatants. Markus's
// page shows a thug's band and none of its numbers.
func TestPlayersSeeNPCsPublicFields(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	cases := []struct {
		encounter, viewer string
		npc, full         []string
	}{
		{"alley_fight", "markus", []string{"thug1", "thug2", "gunman"}, []string{"markus", "beatrix"}},
		{"woundslots_duel", "knight", []string{"captain"}, []string{"knight"}},
		{"woundslots_duel", "captain", nil, []string{"knight", "captain"}},
		{"duel", "fencer", []string{"duelist"}, []string{"fencer"}},
	}
	for _, tc := range cases {
		c := s.createFight(tc.encounter)
		_, token := fragment(t, s.base+c.pageOf(t, tc.viewer))
		for _, who := range []string{"player", "gm"} {
			tok := token
			if who == "gm" {
				tok = c.GMToken
			}
			v := s.view(c.ID, tok)
			var sv, sheets sheetsView
			s.call("GET", "/fights/"+c.ID, tok, nil, &sv)
			s.call("GET", "/fights/"+c.ID+"/sheets", tok, nil, &sheets)
			for _, cm := range combatantsOf(t, v.State) {
				id := cm["id"].(string)
				npc := who == "player" && slices.Contains(tc.npc, id)
				var keys []string
				for k := range cm {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				extra := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return slices.Contains(npcFields, k) })
				switch {
				case npc && (len(extra) > 0 || cm["condition"] != "unhurt"):
					t.Errorf("%s's %s view of NPC %s: fields %v beyond the public ones, condition %v", tc.encounter, tc.viewer, id, extra, cm["condition"])
				case !npc && len(extra) < 4:
					t.Errorf("%s's %s view (%s) of %s: only %v", tc.encounter, tc.viewer, who, id, keys)
				}
			}
			for _, list := range []sheetsView{sv, sheets} {
				for _, sh := range list.Sheets {
					npc := who == "player" && slices.Contains(tc.npc, sh.Combatant)
					if sh.Band != "unhurt" || sh.Public != npc || (len(sh.Numbers) == 0) != npc {
						t.Errorf("%s: %s's (%s) sheet of %s: band %q, public %v, %d numbers", tc.encounter, tc.viewer, who, sh.Combatant, sh.Band, sh.Public, len(sh.Numbers))
					}
				}
			}
		}
	}

	c := s.createFight("alley_fight")
	tab, _ := browser(t, 1000, 900)
	v := s.view(c.ID, c.GMToken)
	var lp, band, gmLP string
	run(t, tab, "markus's page", chromedp.Navigate(s.base+c.pageOf(t, "markus")), atVersion(v.Version),
		chromedp.Evaluate(`document.querySelectorAll('.card[data-id="thug1"] [data-number], .card[data-id="thug1"] [data-field="lp"]').length + ""`, &lp),
		chromedp.Evaluate(`document.querySelector('.card[data-id="thug1"] .band').textContent`, &band))
	if lp != "0" || band != "unhurt" {
		t.Errorf("markus's page shows %s of thug1's numbers and the band %q", lp, band)
	}
	run(t, tab, "the GM's page", chromedp.Navigate(s.base+"/#fight="+c.ID+"&token="+c.GMToken),
		until(`document.body.dataset.viewer === "gm"`), atVersion(v.Version),
		chromedp.Evaluate(`document.querySelector('.card[data-id="thug1"] [data-number="LP"] dd').textContent`, &gmLP))
	if gmLP == "" {
		t.Errorf("the GM's page has no LP for thug1")
	}
}
