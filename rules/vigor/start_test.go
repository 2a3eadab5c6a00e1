package vigor

import (
	"strings"
	"testing"

	"fray/engine/enginetest"
)

// TestStartWithInitiative: a start with initiative: true keeps the
// combatants' conditions and waits for initiative, as a fight with no
// start does; it refuses what only a fight under way has.
func TestStartWithInitiative(t *testing.T) {
	four, zero, one := 4, 0, 1
	spec := func(st Start) *Spec {
		return &Spec{
			Sides: []SideSpec{{ID: "a"}, {ID: "b"}},
			Combatants: []Combatant{
				{ID: "ann", Side: "a", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10},
				{ID: "bob", Side: "b", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: 5},
			},
			Begin: st,
		}
	}
	s, err := spec(Start{Initiative: true, Combatants: map[string]CombatantStart{"bob": {Vigor: &four, Durability: &zero}}}).State()
	if err != nil {
		t.Fatal(err)
	}
	bob := s.Combatant("bob")
	if s.Phase != Initiative || s.Round != 1 || len(s.Order) != 0 || bob.Vigor != 4 || bob.Durability != 0 || !bob.Wounded {
		t.Errorf("phase %s, round %d, order %v, bob vigor %d durability %d wounded %v; want initiative to roll in round 1, bob at 4 Vigor, 0 Durability, wounded",
			s.Phase, s.Round, s.Order, bob.Vigor, bob.Durability, bob.Wounded)
	}
	_, err = spec(Start{Initiative: true, Round: 2, Turn: "ann", Combatants: map[string]CombatantStart{"ann": {Actions: &one}}}).State()
	want := []string{
		"start.combatants.ann.actions: with initiative: true nobody has a turn yet; actions are counted when its turn starts",
		"start.round: with initiative: true the fight begins at round 1 with initiative to roll, so round is not given",
		"start.turn: with initiative: true the fight begins at round 1 with initiative to roll, so turn is not given",
	}
	enginetest.WantProblems(t, err, want...)
}

// TestStartUnreachable: a start refuses conditions the rules never
// reach, naming the field: Shock with Health left (R35, A41), Shock or an
// escape for the dead, death with Health left (but for one bound, whom
// the GM may rule killed outright, R37), Winded at 5 Vigor or more
// (R38) (given alone, they start at 0 Health, 0 Vigor), actions left for one whose turn it is not or
// beyond its actions this round (R10).
func TestStartUnreachable(t *testing.T) {
	three, nine, one := 3, 9, 1
	sp := &Spec{
		Sides: []SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []Combatant{
			{ID: "ann", Side: "a", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10},
			{ID: "bob", Side: "b", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: 5},
			{ID: "cy", Side: "b", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: 5, Y: 5},
			{ID: "dan", Side: "b", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: 5, Y: 10},
		},
		Begin: Start{Combatants: map[string]CombatantStart{
			"ann": {Actions: &nine},
			"bob": {Shock: &three},
			"cy":  {Dead: true, Escaped: true, Shock: &three},
			"dan": {Actions: &one},
		}},
	}
	_, err := sp.State()
	want := []string{
		"start.combatants.bob.shock: bob has 20 Health, and Shock comes only at Health 0 (R35) and ends at 1 (A41); give health: 0 with it",
		"start.combatants.cy.shock: cy is dead, not in Shock",
		"start.combatants.cy.escaped: cy is dead and cannot have escaped as well",
		"start.combatants.dan.actions: it is ann's turn, not dan's; actions left are given only for the one whose turn it is",
		"start.combatants.ann.actions: ann has 2 actions this round (R10), so it cannot have 9 left",
	}
	enginetest.WantProblems(t, err, want...)
	zero := 0
	sp.Combatants = sp.Combatants[:3]
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Health: &zero, Shock: &three}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if bob := s.Combatant("bob"); !bob.Shock || bob.ShockLeft != 3 {
		t.Errorf("bob shock %v, %d left; want in Shock with 3 left", bob.Shock, bob.ShockLeft)
	}
	sp.Begin = Start{Turn: "bob", Combatants: map[string]CombatantStart{"bob": {Vigor: &zero, Actions: &one}}}
	_, err = sp.State()
	if w := "start.combatants.bob.actions: bob is winded (R38) and has no actions"; err == nil || err.Error() != w {
		t.Errorf("got %v\nwant %s", err, w)
	}
	four, five := 4, 5
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Winded: true, Vigor: &five}, "cy": {Winded: true, Vigor: &nine, Dead: true, Health: &nine}}}
	_, err = sp.State()
	want = []string{
		"start.combatants.bob.winded: bob has 5 Vigor, and Winded ends once Vigor is back to 5 (R38); give vigor: 0 to 4 with it, or none",
		"start.combatants.cy.winded: cy has 9 Vigor, and Winded ends once Vigor is back to 5 (R38); give vigor: 0 to 4 with it, or none",
		"start.combatants.cy.dead: cy has 9 Health, and only Shock at Health 0 (R35) or a GM's ruling on a bound or pinned creature (R37) kills; give health: 0 with it, or none",
	}
	enginetest.WantProblems(t, err, want...)
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Winded: true}, "cy": {Dead: true}}}
	s, err = sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if bob, cy := s.Combatant("bob"), s.Combatant("cy"); !bob.Winded || bob.Vigor != 0 || !cy.Dead || cy.Health != 0 {
		t.Errorf("bob winded %v at %d Vigor, cy dead %v at %d Health; want bob winded at 0, cy dead at 0", bob.Winded, bob.Vigor, cy.Dead, cy.Health)
	}
	sp.Combatants[2].Bound = true
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Winded: true, Vigor: &four}, "cy": {Dead: true}}}
	s, err = sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if bob, cy := s.Combatant("bob"), s.Combatant("cy"); !bob.Winded || bob.Vigor != 4 || !cy.Dead {
		t.Errorf("bob winded %v at %d Vigor, cy dead %v; want bob winded at 4 and cy, bound, killed outright", bob.Winded, bob.Vigor, cy.Dead)
	}
	eleven := 11
	sp.Begin = Start{Combatants: map[string]CombatantStart{"bob": {Health: &zero, Shock: &eleven}}}
	_, err = sp.State()
	if w := "start.combatants.bob.shock: bob has Stamina 10, and Shock gives that many Recovery Phases at most (R35, A09), not 11"; err == nil || !strings.HasPrefix(err.Error(), w) {
		t.Errorf("got %v\nwant %s", err, w)
	}
	sp.Combatants = append(sp.Combatants, Combatant{ID: "door", Side: "b", Object: true, DurabilityMax: 5, X: 10})
	sp.Begin = Start{Combatants: map[string]CombatantStart{"door": {Dead: true, Winded: true}}}
	_, err = sp.State()
	want = []string{
		"start.combatants.door.winded: door is an object, with Durability alone (R31): give durability: 0 for one destroyed",
		"start.combatants.door.dead: door is an object, with Durability alone (R31): give durability: 0 for one destroyed",
	}
	enginetest.WantProblems(t, err, want...)
}

// TestSharedSquare: no two creatures start on one square (R43), the
// clash named at the later one, or at the start that placed one there;
// the dead, the escaped and those still to join hold no square.
func TestSharedSquare(t *testing.T) {
	five, zero := 5, 0
	who := func(id, side string, x, y int) Combatant {
		return Combatant{ID: id, Side: side, VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: x, Y: y}
	}
	sp := &Spec{
		Sides:      []SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []Combatant{who("ann", "a", 0, 0), who("bob", "b", 5, 0), who("cy", "b", 0, 0), who("dee", "b", 10, 0)},
		Begin:      Start{Combatants: map[string]CombatantStart{"ann": {X: &five}}},
	}
	_, err := sp.State()
	want := []string{
		"start.combatants.ann: bob stands at 5,0, where ann already stands: each creature holds a square of its own (R43: at most eight are adjacent to one); give one of them another x or y",
	}
	enginetest.WantProblems(t, err, want...)
	sp.Begin = Start{}
	_, err = sp.State()
	want = []string{
		"combatants[2]: cy stands at 0,0, where ann already stands: each creature holds a square of its own (R43: at most eight are adjacent to one); give one of them another x or y",
	}
	enginetest.WantProblems(t, err, want...)
	// Dead, escaped or still to join, cy holds no square.
	for _, st := range []Start{
		{Combatants: map[string]CombatantStart{"cy": {Dead: true}}},
		{Combatants: map[string]CombatantStart{"cy": {Escaped: true}}},
		{Combatants: map[string]CombatantStart{"cy": {Health: &zero, Dead: true}}},
	} {
		sp.Begin = st
		if _, err := sp.State(); err != nil {
			t.Errorf("start %+v: %v", st.Combatants["cy"], err)
		}
	}
	sp.Begin = Start{}
	sp.Combatants[2].Joins = 1
	if _, err := sp.State(); err != nil {
		t.Errorf("cy joining later: %v", err)
	}
}

// TestSpacing: two creatures start no closer than SpaceFt (R43: at most
// eight adjacent to one), measured as distances are (A17); at SpaceFt
// they may.
func TestSpacing(t *testing.T) {
	who := func(id, side string, x, y int) Combatant {
		return Combatant{ID: id, Side: side, VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Stamina: 10, Speed: 10, X: x, Y: y}
	}
	sp := &Spec{
		Sides:      []SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []Combatant{who("ann", "a", 0, 0), who("bob", "b", 3, 4)},
	}
	sp.Options.Distance = "euclidean"
	if _, err := sp.State(); err != nil {
		t.Errorf("5 ft apart (Euclidean): %v", err)
	}
	sp.Options.Distance = ""
	sp.Combatants[1].X = 4
	sp.Combatants[1].Y = 5
	if _, err := sp.State(); err != nil {
		t.Errorf("5 ft apart (Chebyshev): %v", err)
	}
	sp.Options.Distance = ""
	sp.Combatants[1].X = 4
	sp.Combatants[1].Y = 1
	want := "combatants[1]: bob stands at 4,1, 4 ft from ann at 0,0: each creature keeps 5 ft from every other (R43: at most eight are adjacent to one); move one of them farther off"
	if _, err := sp.State(); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
