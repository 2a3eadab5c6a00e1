package tempo

import (
	"strings"
	"testing"

	"fray/engine/enginetest"
)

func startSpec() *Spec {
	return &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", X: 0, Weapons: []WeaponSpec{{Name: "dagger", Kind: "melee", AP: 3, Damage: "1d4"}}},
		{ID: "bob", Side: "blue", X: 1, Toughness: 1},
		{ID: "cy", Side: "blue", X: 2, Joins: 3},
	}}
}

func TestStartSetsTheSituation(t *testing.T) {
	sp := startSpec()
	dead, two := -6, 2
	sp.Begin = Start{Round: 1, Turn: "ann", Combatants: map[string]CombatantStart{
		"ann": {AP: &two, Aimed: "dagger", Status: "on-guard"},
		"bob": {Health: &dead},
	}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	ann, bob := s.combatant("ann"), s.combatant("bob")
	switch {
	case !s.Started || !s.InTurn || s.Round != 1 || strings.Join(s.Order, ",") != "ann,bob" || s.Turn != 0:
		t.Errorf("started %v, in turn %v, round %d, order %v, turn %d; want a turn of ann under way in round 1 of ann, bob",
			s.Started, s.InTurn, s.Round, s.Order, s.Turn)
	case ann.AP != 2 || ann.Aimed != "dagger" || ann.Status != OnGuard:
		t.Errorf("ann %+v; want 2 AP, aimed dagger, on guard", *ann)
	case !bob.Down || !bob.Dead || s.combatant("cy").Present:
		t.Errorf("bob down %v dead %v, cy present %v; want bob dead, cy still to come", bob.Down, bob.Dead, s.combatant("cy").Present)
	}
	// Bob dead and Cy still to come, Ann has no opponent standing: her
	// turn cannot go on, and ends by itself once the GM lets it (R02).
	if p := next(&s); p.Actor != "gm" || p.Kind != "ruling" || len(p.Options) != 1 || p.Default != 0 || !s.Stalled {
		t.Errorf("prompt %s for %s with %d options, default %d, stalled %v; want the GM's ruling ending ann's turn",
			p.Kind, p.Actor, len(p.Options), p.Default, s.Stalled)
	} else if _, ok := p.Options[0].Command.(*EndTurn); !ok {
		t.Errorf("the GM's option is %T, want *EndTurn", p.Options[0].Command)
	}
	// With Bob standing, Ann's turn goes on: her action.
	sp.Begin.Combatants["bob"] = CombatantStart{}
	if s, err = sp.State(); err != nil {
		t.Fatal(err)
	}
	if p := next(&s); p.Actor != "ann" || p.Kind != "act" || s.Stalled {
		t.Errorf("prompt %s for %s, stalled %v; want ann's action", p.Kind, p.Actor, s.Stalled)
	}
}

func TestStartProblems(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Order: []string{"bob", "bob", "cy", "zed"}, Turn: "cy", Combatants: map[string]CombatantStart{
		"bob": {Aimed: "sword"},
		"ann": {Aimed: "unarmed"},
	}}
	_, err := sp.State()
	want := []string{
		"start.combatants.ann.aimed: an Aim is made with a melee or ranged weapon, not unarmed",
		`start.combatants.bob.aimed: bob wields no "sword"`,
		"start.order[1]: bob is in the order twice",
		"start.order[2]: cy joins after round 3, not yet",
		`start.order[3]: no combatant "zed"; combatants: ann, bob, cy`,
		"start.order: ann is in the fight but not in the order",
		"start.turn: cy has not joined the fight yet",
		"start.combatants.ann.aimed: an Aim lasts only within its turn, and it is cy's turn",
		"start.combatants.bob.aimed: an Aim lasts only within its turn, and it is cy's turn",
	}
	enginetest.WantProblems(t, err, want...)
}

// TestHealthProblems: health never starts above the maximum, 10 + 2 x
// toughness, which would count as damage taken below zero in Recover
// Stamina (R32); and a fight does not start with a bind or grapple with
// one who is Down, since such a relation has ended (R34).
func TestHealthProblems(t *testing.T) {
	sp := startSpec()
	eleven, thirteen, zero := 11, 13, 0
	sp.Combatants[0].Health = &eleven
	sp.Combatants[0].BoundWith, sp.Combatants[1].BoundWith = "bob", "ann"
	_, err := sp.State()
	if w := "combatants[0].health: 11 is above the maximum 10 (10 + 2 x toughness)"; err == nil || err.Error() != w {
		t.Errorf("got %v\nwant %s", err, w)
	}
	sp.Combatants[0].Health = nil
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Health: &thirteen}}}
	_, err = sp.State()
	if w := "start.combatants.bob.health: 13 is above the maximum 12 (10 + 2 x toughness)"; err == nil || err.Error() != w {
		t.Errorf("got %v\nwant %s", err, w)
	}
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Health: &zero}}}
	_, err = sp.State()
	if w := "start.combatants.bob.health: bob starts Down, and a bind or grapple with one Down has ended (R34)"; err == nil || !strings.HasPrefix(err.Error(), w) {
		t.Errorf("got %v\nwant %s...", err, w)
	}
}

// TestPinnerIsNotPinned: a fight does not start with two combatants
// pinning each other: the pinner stays grappled, and the pinned can only
// try to escape (R22, R08).
func TestPinnerIsNotPinned(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", X: 0, Grappling: []string{"bob"}, PinnedBy: "bob"},
		{ID: "bob", Side: "blue", X: 1, Grappling: []string{"ann"}, PinnedBy: "ann"},
	}}
	_, err := sp.State()
	want := []string{
		"combatants[0].pinned_by: bob is pinned itself, and the pinned pin nobody",
		"combatants[1].pinned_by: ann is pinned itself, and the pinned pin nobody",
	}
	enginetest.WantProblems(t, err, want...)
	sp.Combatants[1].PinnedBy = ""
	if _, err := sp.State(); err != nil {
		t.Errorf("ann pinned by bob: %v", err)
	}
}

// TestRelationsAreWithOpponents: binds and grapples come of fighting a
// foe, so a fight does not start with allies bound or grappled together
// (R34).
func TestRelationsAreWithOpponents(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", X: 0, Grappling: []string{"cy"}},
		{ID: "cy", Side: "red", X: 1, Grappling: []string{"ann"}},
		{ID: "bob", Side: "blue", X: 3},
	}}
	_, err := sp.State()
	want := []string{
		"combatants[0].grappling: cy is on ann's side; a bind or grapple is with an opponent",
		"combatants[1].grappling: ann is on cy's side; a bind or grapple is with an opponent",
	}
	enginetest.WantProblems(t, err, want...)
}
