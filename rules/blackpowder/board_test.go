package blackpowder_test

import (
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
)

// TestBoard: blackpowder's board is the groups' order from the highest
// initiative down (as listed before all have rolled), the group whose
// turn it is current and those before it done, each with its members
// down, dead, absent or done as their statuses say; the round, 0 while
// initiative is rolled; every combatant where it stands in metres with
// the melee reach. Checked before every decision of the alley fight.
func TestBoard(t *testing.T) {
	r := blackpowder.Rules{}
	s := *scenariotest.Bundled[blackpowder.State, blackpowder.Command, blackpowder.Event](t, blackpowder.Info(), "alley_fight")
	enginetest.Boards(t, r, s, 9, 400, func(t *testing.T, s *blackpowder.State, b engine.Board) {
		if b.Round != s.Round || *b.Grid != (engine.Grid{Kind: engine.Open, Unit: "metre"}) || b.Move != "move {x} {y}" {
			t.Errorf("round %d (the state's %d), grid %+v, move %q", b.Round, s.Round, b.Grid, b.Move)
		}
		if len(b.Order) != len(s.Groups) {
			t.Fatalf("%d entries for %d groups", len(b.Order), len(s.Groups))
		}
		for i, x := range b.Order {
			g := s.Groups[i]
			if len(s.Order) > 0 {
				g = s.Groups[s.Order[i]]
			}
			current := len(s.Order) > 0 && s.Round > 0 && !s.Over && s.After == nil && i == s.Turn
			if x.ID != g.ID || x.Current != current || (x.Initiative != nil) != g.Rolled {
				t.Errorf("entry %d %+v: group %+v, order %v, turn %d", i, x, g, s.Order, s.Turn)
			}
			for _, m := range x.Members {
				var c *blackpowder.Combatant
				for j := range s.Combatants {
					if s.Combatants[j].ID == m.ID {
						c = &s.Combatants[j]
					}
				}
				if c == nil || c.Group != g.ID || m.Done != c.Done || m.Down != (c.Status == blackpowder.Unconscious) || m.Dead != (c.Status == blackpowder.Dead) {
					t.Errorf("member %+v of %s: %+v", m, g.ID, c)
				}
			}
		}
		for i, p := range b.Pieces {
			c := &s.Combatants[i]
			if p.ID != c.ID || p.X != c.X || p.Y != c.Y || p.Side != c.Group || p.Reach[0].Distance != 1.5 {
				t.Errorf("piece %+v: %s at %g,%g", p, c.ID, c.X, c.Y)
			}
		}
	})
}

// TestBoardLeavesOutAWeaponOnTheGround: a weapon dropped from a hit hand
// lies on the ground (R11, §6), no longer carried, so its owner's piece
// shows no range for it until it is taken in hand again, nor does a
// thrower's for the weapon it threw (R17); E2 as the
// scenario r11_r06_anyone_in_reach_picks_up_a_dropped_weapon plays it.
func TestBoardLeavesOutAWeaponOnTheGround(t *testing.T) {
	table := scenariotest.Table(t, blackpowder.Info(), "e2.yaml", []byte(`
ruleset: blackpowder
groups: [{id: players, players: true}, {id: thugs}]
combatants:
  - {id: beatrix, group: players, body: 2, senses: 3, science: 2, willpower: 1, evade: 8, lp_max: 10, skills: {speed: 3}, weapons: [{use: knife}]}
  - {id: markus, group: players, body: 3, senses: 1, science: 0, willpower: 2, evade: 7, lp_max: 12, weapons: [{use: club}]}
  - {id: gunman, group: thugs, body: 2, senses: 3, science: 1, willpower: 1, evade: 6, lp_max: 8, weapons: [{use: pistol}]}
`))
	src := dice.NewScript(9, 1, 6, 9, 10, 4)
	ranges := func(i int) []engine.Reach {
		_, enc, _ := engine.Unwrap[blackpowder.State, blackpowder.Command, blackpowder.Event](table)
		return blackpowder.Rules{}.Board(enc.State()).Pieces[i].Reach
	}
	if r := ranges(2); len(r) != 2 || r[1].Weapon != "pistol" {
		t.Fatalf("the gunman's reach before the drop: %+v", r)
	}
	if r := ranges(0); len(r) != 2 || r[1].Weapon != "knife" {
		t.Fatalf("beatrix's reach before the throw: %+v", r)
	}
	for _, step := range [][2]string{
		{"beatrix", "initiative"}, {"gunman", "initiative"}, {"beatrix", "delay"}, {"markus", "pass"},
		{"gunman", "attack markus"}, {"markus", "decline"}, {"beatrix", "interrupt attack gunman part hand"}, {"gunman", "take"},
	} {
		if _, err := table.Submit(step[0], step[1], src); err != nil {
			t.Fatalf("%s: %s: %v", step[0], step[1], err)
		}
	}
	if r := ranges(2); len(r) != 1 || r[0].Kind != "reach" {
		t.Errorf("the gunman's pistol lies on the ground, yet his piece shows %+v", r)
	}
	if r := ranges(0); len(r) != 1 || r[0].Kind != "reach" {
		t.Errorf("beatrix's thrown knife lies on the ground, yet her piece shows %+v", r)
	}
}
