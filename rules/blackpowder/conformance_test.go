package blackpowder

import (
	"testing"

	"fray/engine/enginetest"
)

// setups are starting states that between them reach every rule the ruleset
// has: melee, thrown knives, guns that jam and reload, armor, dodges with
// held actions, revives, criticals on both sides.
func setups(t *testing.T) []enginetest.Setup[State] {
	t.Helper()
	mist := alley()
	mist.Scene.Mist = true
	armored := alley()
	armored.Combatants[2].Armor = []ArmorSpec{{Name: "coat", ToughnessBonus: 2, IsArmor: true}}
	armored.Combatants[0].Weapons = nil // Beatrix fights with fists
	single := alley()
	single.Options = &OptionsSpec{DeathMode: "single_hit", NPCCrits: new(bool), DodgeSuccessConsumesAction: intBool(true)}
	var out []enginetest.Setup[State]
	for name, sp := range map[string]*Spec{"alley": alley(), "mist": mist, "armored": armored, "single_hit": single} {
		s, err := sp.State()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, enginetest.Setup[State]{Name: name, State: s})
	}
	return out
}

func intBool(b bool) *bool { return &b }

// TestConformance plays 10,000 random fights (1,000 with -short), trying
// every option at one decision in twenty.
func TestConformance(t *testing.T) {
	stats := enginetest.Run(t, Rules{}, setups(t), enginetest.Options{
		Fights:  enginetest.Fights(10000),
		Seed:    1,
		TryRate: 0.05,
	})
	if stats.Wins["players"] == 0 || stats.Wins["thugs"] == 0 {
		t.Errorf("one side never wins: %v", stats.Wins)
	}
	t.Logf("%d fights, %d decisions, %d options tried, wins %v", stats.Fights, stats.Decisions, stats.Tried, stats.Wins)
}
