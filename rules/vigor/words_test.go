package vigor

import "testing"

// TestWords checks the table of the command text: no mistake in it,
// every command kind written by a row, and every command read from its
// text, written back and read again as the same command.
func TestWords(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if err := words.RoundTrip(nil, "initiative", "initiative ann+2 bob+0", "roll initiative bob+1",
		"attack bob", "attack bob with axe offhand cy dice 1 charges 2 challenges 1", "defend", "move 10,0", "move to (10, 5)",
		"escape", "escape to 5 5", "ready bob", "ready bob with bow", "aid bob vs 15", "stabilize bob dice 1", "stabilise bob",
		"check athletics vs 12 challenges 1", "resist bob might vs 10", "roll", "roll from behind dice 2", "roll lost",
		"use cleave on bob offhand cy charges 1", "use potion", "stand", "stand up", "end", "end turn", "dodge", "deflect", "block",
		"defense", "take", "take the hit", "take the opening", "take with sword", "strike", "strike with sword", "pass", "decline",
		"rest night", "rest hour ann bob", "done", "end-fight", "end-fight red", "yes", "no"); err != nil {
		t.Error(err)
	}
}

// TestWordsOfThePrompts: the rules' own words and the prompts' labels,
// typed out, read as the commands they name.
func TestWordsOfThePrompts(t *testing.T) {
	sp := &Spec{
		Sides: []SideSpec{{ID: "a"}, {ID: "b"}},
		Combatants: []Combatant{
			{ID: "ann", Side: "a", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, Weapons: []Weapon{{Name: "sword"}, {Name: "dagger", Light: true}}, OffHand: "dagger"},
			{ID: "bob", Side: "b", VigorMax: 20, DurabilityMax: 20, HealthMax: 20, X: 5},
		},
		Begin: Start{Order: []string{"ann", "bob"}},
	}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		"attack bob with sword and off-hand with dagger (8 Vigor)":               "attack bob with sword offhand bob",
		"attack bob off-hand bob":                                                "attack bob offhand bob",
		"attack bob with sword off hand bob":                                     "attack bob with sword offhand bob",
		"use lunge on bob and attack off-hand with dagger (8 Vigor)":             "use lunge on bob offhand bob",
		"ready an attack on bob for when it acts":                                "ready bob",
		"ready attack on bob with sword":                                         "ready bob with sword",
		"give bob emergency aid (2 actions, Medicine against 20)":                "aid bob",
		"move to 5,5 toward bob":                                                 "move 5,5",
		"move to (10, 5)":                                                        "move 10,5",
		"yes: knocked down":                                                      "yes",
		"no: it stays":                                                           "no",
		"done: the encounter closes":                                             "done",
		"check medical science vs 20 dice 1":                                     "check medical_science vs 20 dice 1",
		"check Medical Science":                                                  "check medical_science",
		"strike: take the hit and fire the attack readied against bob (5 Vigor)": "strike",
		"everyone still there takes a night's rest":                              "rest night",
		"the target is unaware and attacked from behind: half Guard":             "roll from behind",
		"the target, beyond sight, cannot be located: the attack is lost (A14)":  "roll lost",
		"escape to -15,0 (enemies within reach may take an opening)":             "escape -15,0",
		"stand up (enemies within reach may take an opening)":                    "stand",
		"stabilize bob (Medicine against 20)":                                    "stabilize bob",
		"end the turn":                                                           "end",
		"defend (Defense costs 3 Vigor until your next turn)":                    "defend",
	} {
		c, err := words.Parse(&s, text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := words.Format(c); got != want {
			t.Errorf("%q reads as %q, want %q", text, got, want)
		}
	}
	if _, err := words.Parse(&s, "attack bob with sword and off-hand with sword"); err == nil {
		t.Error("an off-hand attack with a weapon not in the off hand was read")
	}
}

// TestBareText: the commands FormatCommand writes without the table are
// written as the table writes them.
func TestBareText(t *testing.T) {
	for _, c := range []Command{&Rule{}, &Rule{Yes: true}, &Defense{Style: "dodge"}, &Defense{Style: "deflect"},
		&Defense{Style: "block"}, &Defense{Style: "defend"}, &Defense{Style: "dodge", Mods: Mods{Dice: 1}}, &RollAttack{}, &RollAttack{Behind: true}, &RollAttack{Lost: true},
		&RollAttack{Mods: Mods{Charges: 1}}, &Take{}, &Pass{}} {
		got, want := Rules{}.FormatCommand(c), words.Format(c)
		if got != want {
			t.Errorf("%#v: %q, the table writes %q", c, got, want)
		}
	}
}
