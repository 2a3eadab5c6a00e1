package vigor_test

import (
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/vigor"
)

func TestRankLadder(t *testing.T) {
	// R02 and E02: net first, then clamp.
	for _, tc := range []struct {
		charges, challenges int
		wounded             bool
		sides               int
	}{
		{0, 0, false, 10}, {0, 0, true, 8}, {0, 1, true, 6}, {0, 9, false, 4},
		{1, 0, false, 12}, {2, 0, false, 20}, {5, 0, false, 20}, {1, 1, false, 10},
		{0, 3, true, 4}, {1, 0, true, 10}, {3, 4, true, 6},
	} {
		if got := vigor.RankSides(vigor.Rank(vigor.BaseRank, tc.charges, tc.challenges, tc.wounded)); got != tc.sides {
			t.Errorf("%d charges, %d challenges, wounded %v: d%d, want d%d", tc.charges, tc.challenges, tc.wounded, got, tc.sides)
		}
	}
	for score, n := range map[int]int{0: 0, 10: 0, 14: 0, 15: 1, 19: 1, 20: 2, 25: 3} {
		if got := vigor.DiceOfScore(score); got != n {
			t.Errorf("DiceOfScore(%d) = %d, want %d (A01)", score, got, n)
		}
	}
}

func TestGrammar(t *testing.T) {
	var r vigor.Rules
	for _, text := range []string{"attack bob with dagger offhand cy dice 1 charges 2 challenges 1", "move 3,-4", "check awareness vs 18", "ready bob with bow", "aid bob dice 1", "yes", "strike"} {
		c, err := r.ParseCommand(nil, "ann", text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := r.FormatCommand(c); got != text {
			t.Errorf("%q reads back as %q", text, got)
		}
	}
}

func TestRefusals(t *testing.T) {
	r := vigor.Rules{}
	s := load(t, "refusals.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: brute, id: bob, side: b, x: 5, y: 0}
  - {use: medic, id: cy, side: a, x: 0, y: 5}
  - {use: archer, id: dee, side: b, x: 50, y: 0}
start: {order: [ann, bob, cy, dee]}
`)
	for _, tc := range []struct {
		actor, text string
		code        engine.Code
		msg         string
	}{
		{"ann", "attack zed", engine.Invalid, `there is no combatant called "zed"`},
		{"ann", "attack bob with axe", engine.Invalid, `ann has no weapon called "axe"`},
		{"ann", "attack cy", engine.NotAllowedNow, "ann cannot attack cy: they are on the same side"},
		{"ann", "attack dee", engine.NotAllowedNow, "dee is 50 ft away and the reach is 6 ft"},
		{"ann", "attack ann", engine.NotAllowedNow, "cannot attack itself"},
		{"bob", "attack ann", engine.NotYourTurn, "it is ann's decision, not bob's"},
		{"ann", "dodge", engine.NotAllowedNow, "cannot dodge now: the fight waits for ann to act"},
		{"ann", "strike", engine.NotAllowedNow, "cannot take an opening now"},
		{"ann", "yes", engine.NotAllowedNow, "there is no ruling to give now"},
		{"ann", "initiative", engine.NotAllowedNow, "cannot roll initiative now"},
		{"ann", "stand", engine.NotAllowedNow, "ann is not prone"},
		{"ann", "move 40,0", engine.NotAllowedNow, "ann moves at most 15 ft an action"},
		{"ann", "move 5,0", engine.NotAllowedNow, "bob stands at 5,0"},
		{"ann", "move 0,0", engine.NotAllowedNow, "ann is at 0,0 already"},
		{"ann", "aid cy", engine.NotAllowedNow, "cy has all its Durability"},
		{"ann", "stabilize cy", engine.NotAllowedNow, "cy is not in Shock"},
		{"ann", "attack bob dice 99", engine.Invalid, "dice must be 0 to 20"},
		{"ann", "attack", engine.Invalid, "attack needs more"},
		{"ann", "move here", engine.Invalid, "a square is X,Y"},
		{"ann", "flee", engine.Invalid, `unknown command "flee"`},
	} {
		c, err := r.ParseCommand(&s, tc.actor, tc.text)
		if err == nil {
			_, err = engine.Decide(r, &s, tc.actor, c, dice.NewScript(10, 1, 1, 1, 1))
		}
		if engine.CodeOf(err) != tc.code || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s %q: %v (%s), want %s containing %q", tc.actor, tc.text, err, engine.CodeOf(err), tc.code, tc.msg)
		}
	}
}

func TestSpecChecksEveryField(t *testing.T) {
	sp := &vigor.Spec{
		Sides: []vigor.SideSpec{{ID: "a"}, {ID: "a"}, {ID: "b"}},
		Combatants: []vigor.Combatant{
			{ID: "Ann", Side: "a", HealthMax: 5},
			{ID: "gm", Side: "a", HealthMax: 5},
			{ID: "bob", Side: "c", Role: "overwatch", Weapons: []vigor.Weapon{{Name: "bow", Category: "pull_bow"}, {Name: "bow"}}, OffHand: "axe"},
			{ID: "bob", Side: "a", HealthMax: 5},
		},
	}
	_, err := sp.State()
	want := strings.Join([]string{
		`sides[1].id: side "a" is defined twice`,
		`combatants[0].id: "Ann" is not a lowercase word (a-z, 0-9, -, _)`,
		`combatants[1].id: "gm" is the game master's id`,
		`combatants[2].side: unknown side "c"; sides: a, a, b`,
		`combatants[2].health: a creature needs Health of at least 1 (only objects have none)`,
		`combatants[2].watch: an overwatch role names the direction watched`,
		`combatants[2].weapons[0].range_ft: a ranged weapon needs range_ft`,
		`combatants[2].weapons[1].name: bob has two weapons called "bow"`,
		`combatants[2].off_hand: bob has no weapon called "axe"`,
		`combatants[3].id: combatant "bob" is defined twice`,
		`sides[2]: side "b" has no combatants`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
}

func TestStartProblems(t *testing.T) {
	sp := &vigor.Spec{
		Sides: []vigor.SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []vigor.Combatant{
			{ID: "ann", Side: "a", HealthMax: 5, VigorMax: 5, DurabilityMax: 5},
			{ID: "bob", Side: "b", HealthMax: 5, VigorMax: 5, DurabilityMax: 5, X: 5},
		},
	}
	nine := 9
	sp.Begin = vigor.Start{Order: []string{"ann", "zed"}, Turn: "bob", Combatants: map[string]vigor.CombatantStart{
		"ann": {Vigor: &nine, Stabilized: true},
		"zed": {},
	}}
	_, err := sp.State()
	want := strings.Join([]string{
		"start.combatants.ann.vigor: 9 is above the maximum 5",
		"start.combatants.ann.stabilized: only a creature in Shock is stabilized",
		`start.combatants.zed: no combatant "zed"; combatants: ann, bob`,
		`start.order: no combatant "zed"; combatants: ann, bob`,
		"start.order: bob is missing from the order (ann, zed)",
		`start.turn: "bob" is not in the order (ann, zed)`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
}

func TestOutcomeConditionTally(t *testing.T) {
	r := vigor.Rules{}
	before := load(t, "outcome.yaml", `
ruleset: vigor
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a}
  - {id: bob, side: b, x: 5, vigor: 4, durability: 2, health: 3, stamina: 10}
start: {order: [ann, bob]}
`)
	enc := engine.NewEncounter[vigor.State, vigor.Command, vigor.Event](r, before)
	// d20 10 + Agility's 2 dice and blades' 1 (3, 2, 1) = 16 hits; the
	// sword's d8 4 and Strength's d10 10 (a burst) then 1: 15 raw.
	if _, err := enc.Submit("ann", &vigor.Attack{Target: "bob"}, dice.NewScript(10, 3, 2, 1, 4, 10, 1)); err != nil {
		t.Fatal(err)
	}
	events := enc.Log()[0].Events
	damage := make([]int, 2)
	tags := r.Outcome(&before, "ann", events, enc.State(), nil, damage)
	if got := strings.Join(tags, " "); got != "hit critical wounded shock down" || damage[1] != 5 {
		t.Errorf("tags %q, damage %v; want a critical hit that drops bob into Shock, 5 lost", got, damage)
	}
	if c, down := r.Condition(enc.State(), "bob"); c != "in Shock" || !down {
		t.Errorf("bob is %q (down %v)", c, down)
	}
	var dmg *vigor.Damaged
	for _, e := range events {
		if d, ok := e.(*vigor.Damaged); ok {
			dmg = d
		}
	}
	if target, source, n, down, dead := r.Tally(enc.State(), dmg); target != "bob" || source != "ann" || n != 5 || !down || dead {
		t.Errorf("Tally = %s %s %d %v %v", target, source, n, down, dead)
	}
	if p := enc.Prompt(); p.Kind != engine.End || p.Winner != "a" {
		t.Errorf("prompt %s %q, want a's win", p.Kind, p.Winner)
	}
}

func TestSpecChecksItemsLinksAndOptions(t *testing.T) {
	sp := &vigor.Spec{
		Options: vigor.OptionsSpec{AbilityDice: []int{15, 12}, CoverTable: map[string]vigor.CoverRow{"thick": {Guard: 1}}},
		Sides:   []vigor.SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []vigor.Combatant{
			{ID: "ann", Side: "a", HealthMax: 5, Links: map[string]string{"charm": "Looks"},
				Abilities: []vigor.Ability{{Name: "bolt"}},
				Items: []vigor.Item{
					{Name: "bolt", Health: "1d4"},
					{Name: "dud"},
					{Name: "bad", Health: "2d"},
					{Name: "curse", Health: "1d4-5"},
					{Name: "bomb", Weapon: "grenade"},
					{Name: "wand", Weapon: "sword", Mana: "1"},
				},
				Weapons: []vigor.Weapon{{Name: "sword"}}},
			{ID: "bob", Side: "b", HealthMax: 5, Watch: "north", CoverName: "partial", Sturdy: true, Weapons: []vigor.Weapon{
				{Name: "bow", Category: "pull_bow", RangeFt: 60, MaxRangeFt: 30},
				{Name: "knife", RangeFt: 20},
				{Name: "pike", Category: "melee", MaxRangeFt: 20},
			}},
			{ID: "cy", Side: "b", HealthMax: 5, CoverName: "full", Sturdy: true, Role: "overwatch", Watch: "north"},
		},
	}
	_, err := sp.State()
	for _, want := range []string{
		"options.ability_dice[1]: 12: the scores must rise, from 0 up",
		`options.cover_table.thick: no cover called "thick"; covers: light, partial, full`,
		`combatants[0].items[0].name: ann has an ability called "bolt" too`,
		"combatants[0].items[1]: the item does nothing",
		"combatants[0].items[2].health:",
		`combatants[0].items[3].health: "1d4-5" can roll below 0`,
		`combatants[0].items[4].weapon: ann has no weapon called "grenade"`,
		"combatants[0].items[5].weapon: an item either attacks with a weapon or restores, not both",
		`combatants[0].links.charm: "Looks" is not an ability score`,
		"combatants[1].watch: only a creature in Over Watch (role: overwatch) watches a direction (R09)",
		"combatants[1].sturdy: sturdy counts only for cover whose Armor Rank needs it (full cover, R46), and bob's cover is partial",
		"combatants[1].weapons[0].max_range_ft: 30 ft is short of range_ft 60 ft",
		"combatants[1].weapons[1].range_ft: knife is a melee weapon (no category given)",
		"combatants[1].weapons[2].max_range_ft: pike is a melee weapon (category melee)",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\ndoes not say %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "combatants[2]") {
		t.Errorf("error %v\nrefuses cy, in Over Watch behind sturdy full cover", err)
	}
}
