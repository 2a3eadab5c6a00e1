package blackpowder

import (
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

func intp(v int) *int { return &v }

func alley() *Spec {
	club := WeaponSpec{Name: "club", Kind: "melee"}
	pistol := WeaponSpec{Name: "pistol", Kind: "gun", Reload: []int{1, 1, 0}, RangeNormal: 15, RangeFar: 30}
	knife := WeaponSpec{Name: "knife", Kind: "thrown", Damage: "D10/2", Thrown: true}
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

// A command sent as JSON meets the bounds the text parser sets: a move to
// 1e300 is refused as off the map, and changes nothing.
func TestJSONCommandsMeetTheTextBounds(t *testing.T) {
	s, err := alley().State()
	if err != nil {
		t.Fatal(err)
	}
	table := engine.NewTable[State, Command, Event](Rules{}, engine.NewEncounter[State, Command, Event](Rules{}, s))
	_, err = table.SubmitJSON("beatrix", []byte(`{"kind":"move","x":1e300,"y":0}`), dice.NewScript())
	if engine.CodeOf(err) != engine.Invalid || !strings.Contains(err.Error(), "off the map") {
		t.Errorf("a move to 1e300: %v, want an invalid command off the map", err)
	}
	// A move on the map passes the parser and meets the rules: it is not
	// beatrix's turn to move yet.
	_, err = table.SubmitJSON("beatrix", []byte(`{"kind":"move","x":1,"y":0}`), dice.NewScript())
	if engine.CodeOf(err) == engine.Invalid {
		t.Errorf("a move to 1,0: %v, want the rules' refusal, not the parser's", err)
	}
	if table.Len() != 0 {
		t.Errorf("refusals recorded %d decisions", table.Len())
	}
}
