package blackpowder

import (
	"testing"

	"fray/dice"
	"fray/engine"
)

func intp(v int) *int { return &v }

func alley() *Spec {
	club := WeaponSpec{Name: "club", Kind: Melee}
	pistol := WeaponSpec{Name: "pistol", Kind: Gun, Reload: []int{1, 1, 0}, RangeNormal: 15, RangeFar: 30}
	knife := WeaponSpec{Name: "knife", Kind: Thrown, Damage: "D10/2", Thrown: true}
	return &Spec{
		Groups: []GroupSpec{{ID: "players", Players: true}, {ID: "thugs"}},
		Combatants: []CombatantSpec{
			{ID: "beatrix", Group: "players", Body: 2, Senses: 3, Science: 2, Willpower: 1, Evade: 8, LPMax: 10, Skills: map[string]int{"speed": 3, "dodge": 3, "medicine": 3}, Weapons: []WeaponSpec{knife}},
			{ID: "markus", Group: "players", Body: 3, Senses: 1, Willpower: 2, Evade: 7, Toughness: 1, DamageBonus: 1, LPMax: 12, Skills: map[string]int{"pain_resistance": 2}, Weapons: []WeaponSpec{club}},
			{ID: "thug1", Group: "thugs", Body: 2, Senses: 1, Willpower: 1, Evade: 6, LPMax: 8, Weapons: []WeaponSpec{club}},
			{ID: "gunman", Group: "thugs", Body: 2, Senses: 3, Willpower: 1, Evade: 6, LPMax: 8, Weapons: []WeaponSpec{pistol, knife}},
		},
	}
}

func TestRandomFightsEnd(t *testing.T) {
	s, err := alley().State()
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(300) {
		enc := engine.NewEncounter[State, Command, Event](Rules{}, s)
		src := dice.Seeded(seed)
		pick := dice.Seeded(seed + 1000)
		for n := 0; ; n++ {
			p := enc.Prompt()
			if p.Kind == engine.End {
				break
			}
			if n > 5000 {
				t.Fatalf("seed %d: no end after 5000 decisions", seed)
			}
			o := p.Options[pick.Roll(len(p.Options))-1]
			if _, err := enc.Submit(p.Actor, o.Command, src); err != nil {
				t.Fatalf("seed %d: option %q refused: %v", seed, o.Label, err)
			}
		}
		if replay := enc.Replay(); len(replay.Combatants) != len(enc.State().Combatants) {
			t.Fatal("replay differs")
		}
	}
}
