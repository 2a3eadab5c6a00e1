package woundslots

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

func startSpec() *Spec {
	sword := Weapon{Name: "sword", Kind: "melee", Damage: 1}
	return &Spec{
		Sides: []SideSpec{{ID: "red"}, {ID: "blue"}},
		Combatants: []Combatant{
			{ID: "ann", Side: "red", PC: true, Attributes: Attributes{Vit: 1, Prs: 1}, Weapons: []Weapon{sword}},
			{ID: "bob", Side: "blue", Tier: "minion", Weapons: []Weapon{sword}, X: 1},
			{ID: "cy", Side: "red", Weapons: []Weapon{sword}, Y: 3},
		},
	}
}

func TestFreshStateSlotsAndSetup(t *testing.T) {
	s, err := startSpec().State()
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase != Setup || (Rules{}).NextKind(&s) != engine.Ruling {
		t.Errorf("phase %s; want the GM's setup ruling", s.Phase)
	}
	ann, bob, cy := s.Combatant("ann"), s.Combatant("bob"), s.Combatant("cy")
	if want := (Wounds{Light: 6, Moderate: 3, Severe: 3, Critical: 2, Fatal: 1}); ann.Slots != want {
		t.Errorf("ann (PC, Vit 1, Prs 1) slots %+v, want %+v", ann.Slots, want)
	}
	if want := (Wounds{Light: 5, Moderate: 1, Severe: 1, Critical: 1, Fatal: 1}); bob.Slots != want {
		t.Errorf("bob (minion) slots %+v, want %+v", bob.Slots, want)
	}
	if cy.Tier != "standard" || cy.Slots.Moderate != 2 {
		t.Errorf("cy: tier %q, slots %+v; want a standard NPC with 2 moderate slots", cy.Tier, cy.Slots)
	}
}

func TestStartSetsTheSituation(t *testing.T) {
	sp := startSpec()
	ap, init := 7, 14
	sp.Begin = Start{Round: 3, Combatants: map[string]CombatantStart{
		"ann": {AP: &ap, Initiative: &init, Wounds: &WoundsStart{Light: 2, Critical: 1}, Defending: true},
		"cy":  {Status: "unconscious", Dying: 2, Wounds: &WoundsStart{Fatal: 1}},
	}}
	sp.Combatants[2].Tier = "special"
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	ann, cy := s.Combatant("ann"), s.Combatant("cy")
	if s.Round != 3 || s.Turn != "ann" || s.Phase != Acting {
		t.Errorf("round %d, turn %q, phase %s; want 3, ann, act", s.Round, s.Turn, s.Phase)
	}
	if ann.AP != 7 || ann.Severity != Critical || !ann.Defending || cy.Status != Unconscious || !cy.IsDying || cy.Dying != 2 {
		t.Errorf("ann %+v, cy %+v", *ann, *cy)
	}
}

func TestStartProblems(t *testing.T) {
	sp := startSpec()
	sp.Combatants = append(sp.Combatants, Combatant{ID: "dee", Side: "blue", Joins: 2, X: 5})
	sp.Begin = Start{Turn: "cy", Order: []string{"dee"}, Combatants: map[string]CombatantStart{
		"zed": {},
		"dee": {Status: "active"},
		"ann": {Grappling: []string{"dee"}, Status: "unconscious", Dying: 9, Wounds: &WoundsStart{Fatal: 1}},
		"bob": {Wounds: &WoundsStart{Moderate: 2}, Dying: 1},
		"cy":  {Acted: true},
	}}
	if _, err := sp.State(); err == nil || !strings.Contains(err.Error(), "start.turn: cy has acted") {
		t.Errorf("want cy's having acted in %v", err)
	}
	sp.Begin.Combatants["cy"] = CombatantStart{Helpless: 2, Long: &LongStart{Object: "door"}}
	_, err := sp.State()
	wantIn(t, err,
		`start.combatants.zed: no combatant "zed"`,
		"start.combatants.bob.wounds.moderate: bob has 1 moderate slots, not 2",
		"start.combatants.bob.dying: only an unconscious combatant is dying",
		"start.combatants.cy.long: give what cy still owes, one of remaining (AP) and rounds, above 0",
		"start.combatants.ann.dying: ann dies at the end of its dying round 6 (A08), not later",
		"start.turn: cy is helpless for 2 more rounds and cannot act (R39)",
		"start.combatants.dee: dee joins as round 3 begins, after round 1: it is not in the fight yet (A14)",
		"start.order[0]: dee joins as round 3 begins, after round 1",
		"start.combatants.ann.grappling: dee joins as round 3 begins",
	)
	var fe *engine.FieldError
	if !errors.As(err, &fe) {
		t.Errorf("%v is no *engine.FieldError", err)
	}
}

func TestSpecProblems(t *testing.T) {
	sp := startSpec()
	sp.Combatants[1].Side = "green"
	sp.Combatants[2].ID = "ann"
	sp.Combatants = append(sp.Combatants, Combatant{ID: "dee", Side: "blue", Riding: "bob"})
	sp.Scene.Terrain = []Zone{{Kinds: []string{"lava"}}}
	_, err := sp.State()
	wantIn(t, err,
		`combatants[1].side: unknown side "green"`,
		`combatants[2].id: combatant "ann" is defined twice`,
		"combatants[3].riding: bob is not a mount",
		`scene.terrain[0].kinds[0]: unknown terrain "lava"`,
	)
}

// TestOverlapRefused refuses two creatures in one place, a large one's
// space counted whole (section 6).
func TestOverlapRefused(t *testing.T) {
	sp := startSpec()
	sp.Combatants = append(sp.Combatants, Combatant{ID: "eve", Side: "blue", X: 0, Y: -1, Space: 2})
	_, err := sp.State()
	wantIn(t, err, "combatants[3]: eve at 0,-1 stands where ann stands (at 0,0)")
	sp.Combatants[3].Y = -2
	if _, err := sp.State(); err != nil {
		t.Errorf("eve at 0,-2 fills 0..1 by -2..-1: %v", err)
	}
	// Moved there by the starting state, the place is its at.
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Position: &PositionSpec{X: 0, Y: 3}}}}
	_, err = sp.State()
	wantIn(t, err, "start.combatants.bob.at: bob at 0,3 stands where cy stands (at 0,3)")
}

func TestGrammar(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestRefusalsChangeNothing checks that refusals are *engine.Error values
// with their codes and leave the state as it was, and that a command from
// one the fight does not wait for is refused naming who must decide and
// what.
func TestRefusalsChangeNothing(t *testing.T) {
	sp := startSpec()
	ap := 3
	sp.Begin = Start{Turn: "ann", Combatants: map[string]CombatantStart{"ann": {AP: &ap}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{}
	before := r.Clone(&s)
	for _, tc := range []struct {
		actor string
		c     Command
		code  engine.Code
	}{
		{"bob", &EndTurn{}, engine.NotYourTurn},
		{"ann", &Attack{Target: "zed"}, engine.Invalid},
		{"ann", &Attack{Target: "bob"}, engine.NotAllowedNow}, // 3 AP, a standard attack costs 4
		{"ann", &Attack{Target: "cy"}, engine.NotAllowedNow},  // an ally
		{"ann", &Attack{Target: "bob", Style: "fancy"}, engine.Invalid},
		{"ann", &Seize{}, engine.NotAllowedNow},
		{"ann", &Pass{}, engine.NotAllowedNow},
		{"ann", &Move{X: 1, Y: 0}, engine.NotAllowedNow}, // bob stands there
		{"ann", &Initiative{}, engine.NotAllowedNow},
		{"ann", &Treat{Target: "ann", Level: "light"}, engine.NotAllowedNow},
		{"ann", nil, engine.Invalid},
	} {
		_, err := r.Decide(&s, tc.actor, tc.c, dice.NewScript())
		var ee *engine.Error
		if !errors.As(err, &ee) || ee.Code != tc.code {
			t.Errorf("%s %T: %v, want code %s", tc.actor, tc.c, err, tc.code)
		}
	}
	_, err = r.Decide(&s, "bob", &EndTurn{}, dice.NewScript())
	wantIn(t, err, "it is ann's decision, not bob's: round 1, ann's turn")
	got, _ := json.Marshal(s)
	want, _ := json.Marshal(before)
	if string(got) != string(want) {
		t.Errorf("a refusal changed the state")
	}
}

// TestStartDyingNeedsAFatalWound refuses a dying combatant the rules
// could never leave dying (R17, A08).
func TestStartDyingNeedsAFatalWound(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"ann": {Status: "unconscious", Dying: 1},
		"bob": {Status: "unconscious", Dying: 1, Wounds: &WoundsStart{Fatal: 1}},
	}}
	_, err := sp.State()
	wantIn(t, err,
		"start.combatants.ann.dying: ann has no fatal wound to be dying of (A08)",
		"start.combatants.bob.dying: bob is an NPC, which dies of a fatal wound rather than lying dying (R17)",
	)
}

// TestOptimalReachWithinReach refuses a weapon whose optimal reach lies
// beyond its reach, whose rebuffs could never be made (R41).
func TestOptimalReachWithinReach(t *testing.T) {
	sp := startSpec()
	sp.Combatants[0].Weapons = []Weapon{{Name: "pike", Kind: "melee", Reach: 1, OptimalReach: 3}}
	_, err := sp.State()
	wantIn(t, err, "combatants[0].weapons[0].optimal_reach: 3 is beyond the weapon's reach 1")
}

// TestStartRefusesMoreThanTheMost: AP, stamina or mana above what the
// combatant can hold is refused at its field, not quietly lowered (R20,
// R21, R23).
func TestStartRefusesMoreThanTheMost(t *testing.T) {
	sp := startSpec()
	lots := 999
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		"ann": {AP: &lots, Stamina: &lots, Mana: &lots},
	}}
	_, err := sp.State()
	wantIn(t, err,
		"start.combatants.ann.ap: ann holds at most",
		"start.combatants.ann.stamina: ann has at most",
		"start.combatants.ann.mana: ann has at most",
	)
}

// TestStartRefusesMutualPins: two cannot pin each other, since the pinned
// may do nothing but escape (R59).
func TestStartRefusesMutualPins(t *testing.T) {
	sp := startSpec()
	sp.Combatants[1].X, sp.Combatants[1].Y = sp.Combatants[0].X+1, sp.Combatants[0].Y
	a, b := sp.Combatants[0].ID, sp.Combatants[1].ID
	sp.Begin = Start{Combatants: map[string]CombatantStart{
		a: {Grappling: []string{b}, PinnedBy: b},
		b: {PinnedBy: a},
	}}
	_, err := sp.State()
	if err == nil || !strings.Contains(err.Error(), "cannot pin each other") {
		t.Errorf("want the mutual pin refused, got %v", err)
	}
}

// wantIn fails t unless err says each of wants.
func wantIn(t *testing.T, err error, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q in %v", want, err)
		}
	}
}
