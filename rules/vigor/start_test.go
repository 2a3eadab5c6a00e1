package vigor

import (
	"strings"
	"testing"
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
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got %v\nwant %s", err, strings.Join(want, "\n"))
	}
}
