package blackpowder

import (
	"maps"
	"slices"
	"testing"

	"fray/engine/enginetest"
)

// setups are starting states that between them reach every rule the ruleset
// has: melee, thrown knives, guns that jam and reload, armor, dodges with
// held actions, revives, criticals on both sides.
func setups(t *testing.T) []enginetest.Setup[State] {
	t.Helper()
	withItems := alley()
	three := 3
	withItems.Combatants[0].Items = []ItemSpec{{Name: "salve", Heal: "d10/2+2", Uses: &three}}
	mist := alley()
	mist.Scene.Mist = true
	mist.Groups = append(mist.Groups, GroupSpec{ID: "reinforcements", Joins: 2})
	mist.Combatants = append(mist.Combatants, CombatantSpec{ID: "latecomer", Group: "reinforcements", Body: 3, Evade: 6, LPMax: 9,
		Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}})
	armored := alley()
	armored.Combatants[2].Armor = []ArmorSpec{{Name: "coat", ToughnessBonus: 2, IsArmor: true}}
	armored.Combatants[0].Weapons = nil // Beatrix fights with fists
	armored.Combatants[1].ExtraDelayed = true
	armored.Combatants[3].Prone = true
	single := alley()
	single.Options = &OptionsSpec{DeathMode: "single_hit", NPCCrits: new(bool), DodgeSuccessConsumesAction: intBool(true), GMModifiers: true, Aftermath: true}
	var out []enginetest.Setup[State]
	specs := map[string]*Spec{"alley": withItems, "mist": mist, "armored": armored, "single_hit": single}
	for _, name := range slices.Sorted(maps.Keys(specs)) { // in one order, so that every run checks the same states
		s, err := specs[name].State()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, enginetest.Setup[State]{Name: name, State: s})
	}
	return out
}

func intBool(b bool) *bool { return &b }

// TestConformance plays 1,000 random fights (10,000 with FRAY_LONG=1, as
// .ci/run sets it, and 100 with -short; see enginetest.Fights) in two
// parallel halves, fights 0 to N-1 of seed 1. With FRAY_LONG=1 the deep
// checks (JSON, views, the events of a decision and the fold after it) run
// at one decision in ten, and every option is tried at half of those, one
// decision in twenty; every viewer's transcript is written at one fight's
// end in ten. The short run samples them at a quarter of those rates
// (enginetest.ShortCheckShare). Prompts, the option taken, and each
// fight's fold, Replay, Restore and determinism are checked every time.
func TestConformance(t *testing.T) {
	st := enginetest.Conformance(t, Rules{}, setups(t), enginetest.Options{Seed: 1, CheckRate: 0.1, TryRate: 0.5})
	if st.Wins["players"] == 0 || st.Wins["thugs"]+st.Wins["reinforcements"] == 0 {
		t.Errorf("wins %v: both sides should win some", st.Wins)
	}
}
