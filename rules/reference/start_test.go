package reference

import (
	"testing"

	"fray/engine/enginetest"
)

func startSpec() *Spec {
	return &Spec{
		Sides: []SideSpec{{ID: "red"}, {ID: "blue"}},
		Combatants: []Combatant{
			{ID: "ann", Side: "red", LP: 10, Defence: 12},
			{ID: "bob", Side: "blue", LP: 10, Defence: 12},
			{ID: "cy", Side: "red", LP: 10, Defence: 12},
		},
	}
}

func TestStartSetsTheSituation(t *testing.T) {
	sp := startSpec()
	zero := 0
	sp.Begin = Start{Round: 4, Turn: "bob", Combatants: map[string]CombatantStart{
		"ann": {LP: &zero},
		"cy":  {Defending: true, OffBalance: true, Dodged: true},
	}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if s.Round != 4 || s.Turn != 1 || s.Phase != Acting {
		t.Errorf("round %d, turn %d, phase %s; want 4, 1, act", s.Round, s.Turn, s.Phase)
	}
	cy := s.Combatant("cy")
	if s.Combatant("ann").Up() || cy.Guard.Over() || cy.OffBalance.Over() || !cy.Dodged || cy.EffectiveDefence() != 14 {
		t.Errorf("ann up %v, cy %+v (defence %d); want ann down, cy guarded, off balance, dodged, defence 14",
			s.Combatant("ann").Up(), *cy, cy.EffectiveDefence())
	}
}

func TestStartRulingPhase(t *testing.T) {
	sp := startSpec()
	sp.Begin = Start{Round: 2, Phase: "ruling"}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if got := (Rules{}).Next(&s); got.Kind != "ruling" {
		t.Errorf("prompt %s %q; want the GM's ruling", got.Kind, got.Question)
	}
}

func TestStartProblems(t *testing.T) {
	sp := startSpec()
	zero := 0
	sp.Begin = Start{Turn: "ann", Combatants: map[string]CombatantStart{
		"zed": {},
		"ann": {LP: &zero, Dodged: true},
	}}
	_, err := sp.State()
	want := []string{
		"start.combatants.ann: ann is down (lp 0), so cannot be defending, off balance or have dodged",
		`start.combatants.zed: no combatant "zed"; combatants: ann, bob, cy`,
		"start.turn: ann is down (lp 0) and takes no turn",
	}
	enginetest.WantProblems(t, err, want...)
}
