package blackpowder

import (
	"testing"

	"fray/engine/enginetest"
)

func startSpec() *Spec {
	return &Spec{
		Groups: []GroupSpec{{ID: "players", Players: true}, {ID: "thugs"}, {ID: "late", Joins: 5}},
		Combatants: []CombatantSpec{
			{ID: "ada", Group: "players", LPMax: 10},
			{ID: "bram", Group: "players", LPMax: 10},
			{ID: "cato", Group: "thugs", LPMax: 8},
			{ID: "lena", Group: "late", LPMax: 8},
		},
	}
}

func TestStartSetsTheSituation(t *testing.T) {
	sp := startSpec()
	lp := -2
	sp.Begin = Start{Round: 3, Order: []string{"thugs", "players"}, Turn: "thugs", Combatants: map[string]CombatantStart{
		"ada":  {LP: &lp, Status: "unconscious", ReviveDifficulty: 7},
		"bram": {Delayed: true, Fatigue: 2},
	}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	ada, bram := s.combatant("ada"), s.combatant("bram")
	switch {
	case s.Round != 3 || len(s.Order) != 2 || s.Order[0] != 1 || s.Turn != 0 || !s.Groups[1].Rolled:
		t.Errorf("round %d, order %v, turn %d; want round 3, thugs then players, the thugs' turn", s.Round, s.Order, s.Turn)
	case ada.Status != Unconscious || ada.LP != -2 || ada.ReviveDifficulty != 7:
		t.Errorf("ada %s at %d LP, difficulty %d; want unconscious at -2, difficulty 7", ada.Status, ada.LP, ada.ReviveDifficulty)
	case !bram.Delayed || bram.Actions != 0 || !bram.Done || bram.Fatigue != 2:
		t.Errorf("bram %+v; want a held delayed action, fatigue 2", *bram)
	case s.combatant("lena").Status != Absent:
		t.Errorf("lena %s; want absent until round 5", s.combatant("lena").Status)
	}
	if p := next(&s); p.Kind != "act" || p.Actor != "cato" {
		t.Errorf("prompt %s for %s; want cato's turn", p.Kind, p.Actor)
	}
}

func TestStartAfterTheFight(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Phase: "after", Winner: "players"}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if p := next(&s); p.Kind != "ruling" || s.After == nil || s.After.Winner != "players" {
		t.Errorf("prompt %s, after %+v; want the GM's aftermath, the players winning", p.Kind, s.After)
	}
}

func TestStartProblems(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Order: []string{"players", "late", "nope"}, Turn: "thugs", Winner: "players", Combatants: map[string]CombatantStart{
		"ada":  {Status: "dead", ActionUsed: true},
		"bram": {ReviveDifficulty: 3},
		"cato": {Status: "unconscious"},
		"lena": {},
	}}
	_, err := sp.State()
	want := []string{
		"start.combatants.ada: ada is dead, so holds no action",
		"start.combatants.bram.status: revive_difficulty and damage_while_unconscious are for an unconscious combatant; give status: unconscious",
		"start.combatants.cato.revive_difficulty: an unconscious combatant needs the difficulty of the check they failed",
		"start.combatants.lena: lena's group joins in round 5, after round 1",
		"start.order[1]: group late joins in round 5, after round 1",
		`start.order[2]: no group "nope"; groups: players, thugs, late`,
		"start.order: group thugs is in the fight but not in the order",
		"start.winner: only phase after has a winner",
		`start.turn: "thugs" is not a group in the fight; in order: players`,
	}
	enginetest.WantProblems(t, err, want...)
}

func TestStartHoldsAndAims(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"ada":  {Holding: "cato"},
		"bram": {Aim: &AimStart{Target: "cato", Part: 3}},
	}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	ada, bram, cato := s.combatant("ada"), s.combatant("bram"), s.combatant("cato")
	if ada.Holding != "cato" || cato.HeldBy != "ada" {
		t.Errorf("ada holds %q, cato held by %q; want ada holding cato", ada.Holding, cato.HeldBy)
	}
	if bram.Aim == nil || *bram.Aim != (Aim{Target: "cato", Weapon: bram.Wielding, Part: 3}) || bram.Actions != 0 || !bram.Done {
		t.Errorf("bram %+v aims %+v; want an aim at cato's part 3 with the round's action spent", *bram, bram.Aim)
	}

	sp = startSpec()
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"ada":  {Holding: "bram", Aim: &AimStart{Target: "nobody"}},
		"bram": {Aim: &AimStart{Target: "cato"}, ActionUsed: true},
		"cato": {Holding: "zed"},
	}}
	_, err = sp.State()
	want := []string{
		"start.combatants.ada.holding: ada can hold only an enemy, not bram",
		`start.combatants.ada.aim.target: no combatant "nobody"; combatants: ada, bram, cato, lena`,
		"start.combatants.bram.aim: an aim is this round's action, which bram has used otherwise",
		`start.combatants.cato.holding: no combatant "zed"; combatants: ada, bram, cato, lena`,
	}
	enginetest.WantProblems(t, err, want...)
}

// TestStartAimsAtTheHand checks that a starting aim may call the hand, as
// aim TARGET part hand does (R11): part 3 and the hand; and that a hand
// with another part is refused, naming the field.
func TestStartAimsAtTheHand(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bram": {Aim: &AimStart{Target: "cato", Hand: true}}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if bram := s.combatant("bram"); bram.Aim == nil || *bram.Aim != (Aim{Target: "cato", Weapon: bram.Wielding, Part: 3, Hand: true}) {
		t.Errorf("bram aims %+v; want an aim at cato's hand, part 3", bram.Aim)
	}

	sp = startSpec()
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bram": {Aim: &AimStart{Target: "cato", Hand: true, Part: 5}}}}
	_, err = sp.State()
	if want := "start.combatants.bram.aim.part: a called hand is part 3 (R11), not 5: give hand: true alone"; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestConsciousBelowZeroRefused checks that no combatant starts conscious
// below 0 LP (R25), whether the encounter's lp or the start's says so, and
// that none starts unconscious with damage enough to be dead (R26).
func TestConsciousBelowZeroRefused(t *testing.T) {
	sp := startSpec()
	low, lower := -1, -4
	sp.Combatants[2].LP = &low // cato, the encounter's lp
	sp.Combatants[3].LP = &low // lena, yet to join
	sp.Combatants[1].LP = &low // bram, knocked out by the start
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"ada":  {LP: &lower},
		"bram": {Status: "unconscious", ReviveDifficulty: 6, DamageWhileUnconscious: 10},
	}}
	_, err := sp.State()
	want := []string{
		"start.combatants.bram.damage_while_unconscious: 10 reaches bram's lp_max 10, which kills (R26); give status: dead",
		"start.combatants.ada.lp: -4: a conscious combatant below 0 LP is back at 0 or unconscious (R25); for ada knocked out, give its status: unconscious in start",
		"combatants[2].lp: -1: a conscious combatant below 0 LP is back at 0 or unconscious (R25); for cato knocked out, give its status: unconscious in start",
		"combatants[3].lp: -1: a conscious combatant below 0 LP is back at 0 or unconscious (R25); for lena knocked out, give its status: unconscious in start",
	}
	enginetest.WantProblems(t, err, want...)

	sp = startSpec()
	sp.Options = &OptionsSpec{DeathMode: "single_hit"}
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"bram": {LP: &low, Status: "unconscious", ReviveDifficulty: 6, DamageWhileUnconscious: 10},
	}}
	if _, err := sp.State(); err != nil {
		t.Errorf("single_hit, where damage does not add up: %v", err)
	}
}
