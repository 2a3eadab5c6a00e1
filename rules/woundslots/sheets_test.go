package woundslots_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/rules/woundslots"
)

// wounds is the wound-slot numbers of a sheet: filled and slots per level,
// light to fatal.
func wounds(light, lightSlots, moderate, moderateSlots, severe, severeSlots, critical, criticalSlots, fatal int) []engine.Number {
	return []engine.Number{
		{Name: "light wounds", Value: light, Max: lightSlots},
		{Name: "moderate wounds", Value: moderate, Max: moderateSlots},
		{Name: "severe wounds", Value: severe, Max: severeSlots},
		{Name: "critical wounds", Value: critical, Max: criticalSlots},
		{Name: "fatal wounds", Value: fatal, Max: 1},
	}
}

// with appends further numbers to a sheet's wound-slot numbers.
func with(ws []engine.Number, more ...engine.Number) []engine.Number { return append(ws, more...) }

// checkSheets compares every sheet of s with want, one by one.
func checkSheets(t *testing.T, s *woundslots.State, want []engine.Sheet) {
	t.Helper()
	got := woundslots.Rules{}.Sheets(s)
	if len(got) != len(want) {
		t.Fatalf("%d sheets, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("sheet %d\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// TestSheetsAtTheStart: the ogre's pack before initiative. Each sheet
// gives the wound slots by level (R15: light 5 + Prs, then by Vitality
// for PCs and the special ogre; R17: 1 each for minions), AP out of the
// most Speed allows (R23), initiative, stamina out of race stamina + Vit,
// and mana out of race mana + Lor for the knight, the one with any.
func TestSheetsAtTheStart(t *testing.T) {
	s := bundled(t, "woundslots_slots")
	goblin := func(id string) engine.Sheet {
		// Prs -2: 3 light slots; Speed 1: at most 21 AP; stamina 6 - 1.
		return engine.Sheet{Combatant: id, Numbers: with(wounds(0, 3, 0, 1, 0, 1, 0, 1, 0),
			engine.Number{Name: "AP", Max: 21}, engine.Number{Name: "initiative"}, engine.Number{Name: "stamina", Value: 5, Max: 5})}
	}
	checkSheets(t, &s, []engine.Sheet{
		// Prs 1, Vit 2: 6 light, 4/3/2; Speed 0: 18 AP; stamina 10 + 2;
		// mana 2 + 0.
		{Combatant: "knight", Numbers: with(wounds(0, 6, 0, 4, 0, 3, 0, 2, 0),
			engine.Number{Name: "AP", Max: 18}, engine.Number{Name: "initiative"},
			engine.Number{Name: "stamina", Value: 12, Max: 12}, engine.Number{Name: "mana", Value: 2, Max: 2})},
		// Prs 2, Vit 0: 7 light, 3/2/2; Speed 3: 27 AP; stamina 10 + 0.
		{Combatant: "duelist", Numbers: with(wounds(0, 7, 0, 3, 0, 2, 0, 2, 0),
			engine.Number{Name: "AP", Max: 27}, engine.Number{Name: "initiative"}, engine.Number{Name: "stamina", Value: 10, Max: 10})},
		// Prs -1, Vit 4: 4 light, 4/4/3; Speed -2: 14 AP; stamina 14 + 4.
		{Combatant: "ogre", Numbers: with(wounds(0, 4, 0, 4, 0, 4, 0, 3, 0),
			engine.Number{Name: "AP", Max: 14}, engine.Number{Name: "initiative"}, engine.Number{Name: "stamina", Value: 18, Max: 18})},
		goblin("goblin1"), goblin("goblin2"), goblin("goblin3"),
	})
}

// TestSheetsAfterEvents: round 1 of the ogre's pack, a few events in. The
// knight has a moderate and a light wound and 3 yards of its movement
// pool left (rate 9: 2 AP buy 18 quarters, 4 yards, 1 used); the duelist
// is tripped prone and defends; the ogre grapples and pins goblin2 and is
// distracted; goblin1 fills its severe slot and is harried; goblin3
// dashes into 3 fatigue, which exhausts it (2 × 3 ≥ its normal max
// stamina 5, A26) and lowers its max stamina to 2. Goblins share a name,
// so the others' sheets name them by id.
func TestSheetsAfterEvents(t *testing.T) {
	s := bundled(t, "woundslots_slots")
	events := []woundslots.Event{
		&woundslots.RoundStarted{Round: 1},
		&woundslots.InitiativeRolled{Combatant: "knight", Die: 8, Bonus: 6, Initiative: 14},
		&woundslots.InitiativeRolled{Combatant: "duelist", Die: 7, Bonus: 12, Initiative: 19},
		&woundslots.InitiativeRolled{Combatant: "ogre", Die: 7, Bonus: -1, Initiative: 6},
		&woundslots.InitiativeRolled{Combatant: "goblin1", Die: 2, Bonus: 7, Initiative: 9},
		&woundslots.InitiativeRolled{Combatant: "goblin2", Die: 1, Bonus: 7, Initiative: 8},
		&woundslots.InitiativeRolled{Combatant: "goblin3", Die: 3, Bonus: 7, Initiative: 10},
		&woundslots.APGained{Combatant: "knight", Gain: 6, AP: 6, At: "round"},
		&woundslots.APGained{Combatant: "duelist", Gain: 9, AP: 9, At: "round"},
		&woundslots.APGained{Combatant: "ogre", Gain: 5, AP: 5, At: "round"},
		&woundslots.APGained{Combatant: "goblin1", Gain: 7, AP: 7, At: "round"},
		&woundslots.APGained{Combatant: "goblin2", Gain: 7, AP: 7, At: "round"},
		&woundslots.APGained{Combatant: "goblin3", Gain: 7, AP: 7, At: "round"},
		&woundslots.Wounded{Combatant: "knight", Attacker: "ogre", Final: 3, Indicated: 2, Level: woundslots.Moderate},
		&woundslots.Wounded{Combatant: "knight", Attacker: "goblin1", Final: 0, Indicated: 1, Level: woundslots.Light},
		&woundslots.Moved{Combatant: "knight", X: 1, Y: 0, Yards: 1, AP: 2, Quarters: 18},
		&woundslots.Hindered{Combatant: "goblin1", Target: "duelist", Hindrance: "trip"},
		&woundslots.Defended{Combatant: "duelist"},
		&woundslots.Wounded{Combatant: "goblin1", Attacker: "duelist", Final: 5, Indicated: 3, Level: woundslots.Severe},
		&woundslots.Harried{Combatant: "knight", Target: "goblin1"},
		&woundslots.Grappled{Combatant: "ogre", Target: "goblin2"},
		&woundslots.Pinned{Combatant: "ogre", Target: "goblin2"},
		&woundslots.Hindered{Combatant: "duelist", Target: "ogre", Hindrance: "distract"},
		&woundslots.Dashed{Combatant: "goblin3", Stamina: 0, Fatigue: 3},
	}
	for _, e := range events {
		woundslots.Rules{}.Evolve(&s, e)
	}
	checkSheets(t, &s, []engine.Sheet{
		{Combatant: "knight", Numbers: with(wounds(1, 6, 1, 4, 0, 3, 0, 2, 0),
			engine.Number{Name: "AP", Value: 4, Max: 18}, engine.Number{Name: "initiative", Value: 14},
			engine.Number{Name: "stamina", Value: 12, Max: 12}, engine.Number{Name: "mana", Value: 2, Max: 2},
			engine.Number{Name: "yards of pool", Value: 3})},
		{Combatant: "duelist", Numbers: with(wounds(0, 7, 0, 3, 0, 2, 0, 2, 0),
			engine.Number{Name: "AP", Value: 9, Max: 27}, engine.Number{Name: "initiative", Value: 19}, engine.Number{Name: "stamina", Value: 10, Max: 10}),
			Conditions: []engine.Condition{
				{Name: "prone: melee +3 and ranged -3 against it", Lasts: "until it changes posture (R10, R49)"},
				{Name: "defending: +2 or a skill Defense", Lasts: "until its next turn or a wound (R45)"},
			}},
		{Combatant: "ogre", Numbers: with(wounds(0, 4, 0, 4, 0, 4, 0, 3, 0),
			engine.Number{Name: "AP", Value: 5, Max: 14}, engine.Number{Name: "initiative", Value: 6}, engine.Number{Name: "stamina", Value: 18, Max: 18}),
			Conditions: []engine.Condition{
				{Name: "grappled with goblin2", Lasts: "until one escapes or a gap opens (R52, A23)"},
				{Name: "distracted: -2 on attacks and every Defense", Lasts: "until the end of the round (R61, A33)"},
			}},
		{Combatant: "goblin1", Numbers: with(wounds(0, 3, 0, 1, 1, 1, 0, 1, 0),
			engine.Number{Name: "AP", Value: 7, Max: 21}, engine.Number{Name: "initiative", Value: 9}, engine.Number{Name: "stamina", Value: 5, Max: 5}),
			Conditions: []engine.Condition{{Name: "harried: -2 on ranged attacks", Lasts: "until the end of the round (R46)"}}},
		{Combatant: "goblin2", Numbers: with(wounds(0, 3, 0, 1, 0, 1, 0, 1, 0),
			engine.Number{Name: "AP", Value: 7, Max: 21}, engine.Number{Name: "initiative", Value: 8}, engine.Number{Name: "stamina", Value: 5, Max: 5}),
			Conditions: []engine.Condition{
				{Name: "pinned by Ogre: helpless, may only escape", Lasts: "until it escapes (R52, R59)"},
				{Name: "grappled with Ogre", Lasts: "until one escapes or a gap opens (R52, A23)"},
			}},
		{Combatant: "goblin3", Numbers: with(wounds(0, 3, 0, 1, 0, 1, 0, 1, 0),
			engine.Number{Name: "AP", Value: 7, Max: 21}, engine.Number{Name: "initiative", Value: 10},
			engine.Number{Name: "stamina", Value: 0, Max: 2}, engine.Number{Name: "fatigue", Value: 3}),
			Conditions: []engine.Condition{
				// Exhaustion clears when 2 × fatigue < 5.
				{Name: "exhausted: -2 on every check and attack", Lasts: "until fatigue is 2 or less, or a long rest (A26)"},
				{Name: "dashing: rate doubled", Lasts: "until the end of the round (R54)"},
			}},
	})
}

// TestSheetsMidFight: a fight started in round 3 with what lasts: a dying
// knight (Vit 2: it dies at the end of its 7th dying round, A08, so in
// round 3 of its 2nd at the end of round 8), bleeding for 3 rounds from
// round 2 and hobbled until treated, behind half cover; a hedge mage
// holding a ward with 2 of its 6 mana invested (R21), its readied attack;
// a bandit helpless this round and the next, paying for a bell, ignoring
// the duelist; the duelist riding a bolting horse; a captain arriving
// after round 4.
func TestSheetsMidFight(t *testing.T) {
	s := load(t, "mid_fight.yaml", `
ruleset: woundslots
sides: [{id: crown}, {id: bandits}]
scene: {objects: [{name: bell, ap: 6}]}
combatants:
  - {use: knight, side: crown, x: 0, y: 0, cover: half, conditions: [{name: bleeding, level: 2, rounds: 3, since: 2}, {name: hobbled}]}
  - {use: hedge_mage, side: crown, x: 0, y: 2, effects: [{name: ward, mana: 2}]}
  - {use: horse, side: crown, x: 5, y: 5}
  - {use: duelist, side: crown, riding: horse}
  - {use: bandit, side: bandits, x: 1, y: 0}
  - {use: bandit_captain, id: captain, side: bandits, x: 9, y: 0, joins: 4}
start:
  round: 3
  turn: mage
  combatants:
    knight: {status: unconscious, dying: 2, wounds: {moderate: 1, fatal: 1}}
    mage: {ap: 6, initiative: 12, readied: attack}
    horse: {bolting: true}
    bandit: {helpless: 2, ignoring: [duelist], long: {object: bell, remaining: 2}}
`)
	want := map[string][]engine.Condition{
		"knight": {
			{Name: "unconscious and dying", Lasts: "dies at the end of round 8 unless stabilized (A08)"},
			{Name: "bleeding (moderate)", Lasts: "until the end of round 4 (R32)"},
			{Name: "hobbled", Lasts: "until treated (R64)"},
			{Name: "behind half cover", Lasts: "until the GM rules otherwise (R10)"},
		},
		"mage": {
			{Name: "its ward holds: 2 mana invested", Lasts: "until ended (R60)"},
			{Name: "readied an attack", Lasts: "until used, or any other action or reaction (R47)"},
		},
		"horse": {
			{Name: "ridden by Duelist", Lasts: "until its rider dismounts (R53, R76)"},
			{Name: "bolting: will not be steered", Lasts: "until calmed (R77)"},
		},
		"duelist": {{Name: "riding Horse", Lasts: "until it dismounts (R53, R76)"}},
		"bandit": {
			{Name: "helpless: the immobile Defense", Lasts: "until the end of round 4 (R39)"},
			{Name: "in the middle of bell", Lasts: "2 AP still owed (R25)"},
			{Name: "ignoring Duelist: their attacks are rear attacks (+4)", Lasts: "until it stops ignoring them (R12)"},
		},
		"captain": {{Name: "not arrived yet", Lasts: "joins as round 5 begins (A14)"}},
	}
	got := woundslots.Rules{}.Sheets(&s)
	if len(got) != len(want) {
		t.Fatalf("%d sheets for %d combatants", len(got), len(want))
	}
	for _, sh := range got {
		if !reflect.DeepEqual(sh.Conditions, want[sh.Combatant]) {
			t.Errorf("%s's conditions\n got %+v\nwant %+v", sh.Combatant, sh.Conditions, want[sh.Combatant])
		}
	}
	// The knight's filled fatal slot; the mage's mana out of 4 + 2 - 2
	// (R21) after its wounds, AP (Speed 0: 18) and stamina 8 + 0.
	knight := wounds(0, 6, 1, 4, 0, 3, 0, 2, 1)
	if !reflect.DeepEqual(got[0].Numbers[:5], knight) {
		t.Errorf("the knight's wounds %+v, want %+v", got[0].Numbers[:5], knight)
	}
	mage := with(wounds(0, 6, 0, 3, 0, 2, 0, 2, 0),
		engine.Number{Name: "AP", Value: 6, Max: 18}, engine.Number{Name: "initiative", Value: 12},
		engine.Number{Name: "stamina", Value: 8, Max: 8}, engine.Number{Name: "mana", Value: 4, Max: 4})
	if !reflect.DeepEqual(got[1].Numbers, mage) {
		t.Errorf("the mage's numbers\n got %+v\nwant %+v", got[1].Numbers, mage)
	}
}

// TestSheetsAtRest: out of combat, a sheet adds the long rests taken today
// out of 2 (R68) and the recovery bonus of failed recovery checks (R72);
// fatigue 6 of the knight's normal max stamina 12 exhausts it (A26) and
// lowers its max stamina to 6.
func TestSheetsAtRest(t *testing.T) {
	s := load(t, "rest.yaml", `
ruleset: woundslots
sides: [{id: crown}, {id: bandits}]
combatants:
  - {use: knight, side: crown, x: 0, y: 0}
  - {use: bandit, side: bandits, x: 9, y: 0}
start:
  phase: rest
  combatants:
    knight: {wounds: {severe: 1}, fatigue: 6, recovery_bonus: 2, long_rests: 1}
    bandit: {status: dead}
`)
	got := woundslots.Rules{}.Sheets(&s)[0]
	want := engine.Sheet{Combatant: "knight", Numbers: with(wounds(0, 6, 0, 4, 1, 3, 0, 2, 0),
		engine.Number{Name: "AP", Max: 18}, engine.Number{Name: "initiative", Value: 10},
		engine.Number{Name: "stamina", Value: 6, Max: 6}, engine.Number{Name: "fatigue", Value: 6},
		engine.Number{Name: "mana", Value: 2, Max: 2}, engine.Number{Name: "recovery bonus", Value: 2},
		engine.Number{Name: "long rests today", Value: 1, Max: 2}),
		Conditions: []engine.Condition{{Name: "exhausted: -2 on every check and attack", Lasts: "until fatigue is 5 or less, or a long rest (A26)"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the knight's sheet\n got %+v\nwant %+v", got, want)
	}
}
