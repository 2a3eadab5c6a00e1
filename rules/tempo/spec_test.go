package tempo

import (
	"errors"
	"strings"
	"testing"

	"fray/engine"
)

func TestSpecReportsEveryProblemByField(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "Ann", Side: "red", Weapons: []WeaponSpec{{Name: "sword", Kind: "melee", AP: 4, Damage: "1x8"}}},
		{ID: "bob", Side: "red", BoundWith: "ann"},
	}}
	_, err := sp.State()
	want := map[string]string{
		"combatants[0].id":                "must be one lowercase word",
		"combatants[0].weapons[0].damage": "damage is NdM or NdM+K",
		"combatants":                      "a fight needs two sides",
		"combatants[1].bound_with":        "is not another combatant",
		"combatants[1]":                   "where Ann already is",
	}
	wantFieldProblems(t, err, want)
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestParseDamage(t *testing.T) {
	for text, want := range map[string]Damage{"1d8": {1, 8, 0}, "2d6+1": {2, 6, 1}, "d4-1": {1, 4, -1}} {
		if got, err := parseDamage(text); err != nil || got != want {
			t.Errorf("parseDamage(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "d", "1d0", "0d6", "2d6+x", "1x8"} {
		if _, err := parseDamage(bad); err == nil {
			t.Errorf("parseDamage(%q) accepted", bad)
		}
	}
}

func TestStaminaLadder(t *testing.T) {
	// V04 and the whole table of R32.
	want := map[int]int{-20: 0, -14: 0, -13: 1, -10: 1, -9: 2, -8: 3, -7: 3, -6: 4, -5: 4, -4: 6, -3: 8, -2: 10, -1: 11, 0: 12, 5: 12}
	for result, regained := range want {
		if got := staminaRegained(result); got != regained {
			t.Errorf("staminaRegained(%d) = %d, want %d", result, got, regained)
		}
	}
}

func TestLaddersReadTheLastRowReached(t *testing.T) {
	shield := &Combatant{Weapons: []Weapon{{Defence: 1}}, Armour: Armour{Coverage: 3}}
	bare := &Combatant{}
	cases := []struct {
		action Action
		net    int
		target *Combatant
		want   Outcome
	}{
		{MeleeAttack, -1, bare, Miss},
		{MeleeAttack, 0, bare, CriticalHit}, // CD = CDA = 0: the later row wins (R10)
		{MeleeAttack, 0, shield, Miss},
		{MeleeAttack, 1, shield, HitOutcome},
		{MeleeAttack, 4, shield, CriticalHit},
		{Parry, -1, bare, Failure},
		{Parry, 0, bare, BindOutcome},
		{Parry, 1, bare, Success},
		{CombatMove, 9, bare, Success},
		{CombatMove, 10, bare, CriticalSuccess},
		{Disarm, 7, bare, Failure},
		{Disarm, 8, bare, Success},
		{Feint, 20, bare, Miss},
		{Pin, 2, &Combatant{Might: 3}, Failure},
		{Pin, 3, &Combatant{Might: 3}, Success},
		{Ready, -5, bare, Success},
	}
	for _, c := range cases {
		if got := rules(c.action).read(c.net, c.target); got != c.want {
			t.Errorf("%s at net %d = %s, want %s", c.action, c.net, got, c.want)
		}
	}
}

// TestGrammarTable checks the table of tempo's command text: no mistake
// in it, every action a verb, every command kind written by a row, and
// every command read from its text, written back and read again as the
// same command.
func TestGrammarTable(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if got, want := len(words.Verbs()), 7+len(ruleTable); got != want {
		t.Errorf("%d verbs, want %d: every action is a verb", got, want)
	}
	if err := words.RoundTrip(nil, "begin", "end", "end mod -2", "end-fight", "end-fight red", "none", "keep",
		"stay", "to 3,4", "attack bob", "attack bob with axe mod 2", "feint bob", "shoot bob with bow", "punch bob",
		"aim", "aim bow", "aim with bow", "move 1,0", "move 1,0 2,0 3,1", "combat-move bob 2,2", "disarm", "escape",
		"grapple", "pin", "pin bob", "press", "ready", "withdraw", "pick-up axe", "pick-up axe mod 1", "pick-up axe 2", "pick-up axe 0 mod 1",
		"other", "other 5", "counter", "counter-fire with bow", "dodge", "double", "evade mod -1", "parry with sword",
		"retreat", "struggle", "wind", "ct-counter", "ct-parry with dagger"); err != nil {
		t.Error(err)
	}
}

// TestSpecWithoutSides is the encounter that panicked with an index out of
// range: combatants without sides are refused, each by field.
func TestSpecWithoutSides(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{{ID: "a"}, {ID: "b"}}}
	_, err := sp.State()
	if err == nil {
		t.Fatal("no error")
	}
	want := "combatants[0].side: every combatant needs a side\ncombatants[1].side: every combatant needs a side\ncombatants: nobody has a side; a fight needs two sides\ncombatants[1]: b stands on 0,0, where a already is"
	if got := err.Error(); got != want {
		t.Errorf("error:\n%s\nwant:\n%s", got, want)
	}
}

// TestDecodeRefusesUnknownActions checks that JSON naming an action the
// master table does not know is refused when read, not described later.
func TestDecodeRefusesUnknownActions(t *testing.T) {
	if _, err := events.Decode([]byte(`{"kind":"reacted","reaction":{"reactor":"bob","action":"counter-attack"}}`)); err == nil || !strings.Contains(err.Error(), `unknown tempo action "counter-attack"`) {
		t.Errorf("an event naming an unknown action: %v", err)
	}
	if _, err := commands.Decode([]byte(`{"kind":"declare","action":"fly"}`)); err == nil || !strings.Contains(err.Error(), `unknown tempo action "fly"`) {
		t.Errorf("a command naming an unknown action: %v", err)
	}
	c, err := commands.Decode([]byte(`{"kind":"declare","action":"attack","target":"bob"}`))
	if err != nil || c.(*Declare).Action != MeleeAttack {
		t.Errorf("a known action: %v, %v", c, err)
	}
}

// TestSpecRefusesEveryoneJoiningLate is an encounter whose combatants all
// join after the first round, which loaded and then panicked at its first
// decision (nobody was in the initiative order to take a turn): it is
// refused at load.
func TestSpecRefusesEveryoneJoiningLate(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", Joins: 2},
		{ID: "bob", Side: "blue", Joins: 1, X: 1},
	}}
	_, err := sp.State()
	want := "combatants: everyone joins late; a fight needs someone there when it starts"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestSpecRefusesAnotherKindsWeaponFields checks that a weapon giving a
// field only the other kind of weapon reads (a melee weapon's range or
// attack speed, a ranged weapon's reach, a shield's defence or a parry) is
// refused at that field, rather than the field being ignored, a bow raising
// its bearer's Combat Defence or a bow parrying, which takes a melee
// weapon (R21, R27, R36).
func TestSpecRefusesAnotherKindsWeaponFields(t *testing.T) {
	yes := true
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", Weapons: []WeaponSpec{{Name: "staff", Kind: "melee", AP: 3, Damage: "1d6", Range: 5, AttackSpeed: 3}}},
		{ID: "bob", Side: "blue", X: 1, Weapons: []WeaponSpec{{Name: "bow", Kind: "ranged", AP: 4, Damage: "1d6", Range: 30, Reach: 2, Defence: 1, CanParry: &yes}}},
	}}
	_, err := sp.State()
	want := map[string]string{
		"combatants[0].weapons[0].range":        "a melee weapon strikes within its reach",
		"combatants[0].weapons[0].attack_speed": "attack speed is a ranged weapon's",
		"combatants[1].weapons[0].reach":        "a ranged weapon shoots within its range",
		"combatants[1].weapons[0].defence":      "defence is a shield's",
		"combatants[1].weapons[0].can_parry":    "a parry takes a melee weapon",
	}
	wantFieldProblems(t, err, want)
}

// TestSpecRefusesABindWithALateJoiner: a bind or grapple the file starts
// with is between two in the fight from its start. One with a combatant
// yet to arrive loaded, and its partner could press a blow home on one
// not there (G8, R34); it is refused at each party's field, unless the
// starting state's round has brought the joiner in.
func TestSpecRefusesABindWithALateJoiner(t *testing.T) {
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", BoundWith: "cy"},
		{ID: "bob", Side: "blue", X: 5},
		{ID: "cy", Side: "blue", X: 1, Joins: 2, BoundWith: "ann"},
	}}
	_, err := sp.State()
	want := map[string]string{
		"combatants[0].bound_with": "cy joins the fight after round 2",
		"combatants[2].bound_with": "cy joins the fight after round 2",
	}
	wantFieldProblems(t, err, want)
	sp.Begin.Round = 2
	if _, err := sp.State(); err != nil {
		t.Errorf("with cy there from the start of round 3: %v", err)
	}
}

// TestSpecRefusesABindOutOfReach: a bind the file starts with holds two
// standing within the reach of the weapon one of them binds with, and a
// grapple two side by side; two squares apart with swords, a grapple
// across the room, or one two squares apart even with a spear, is refused
// at each party's field, while a spear's bind at two squares loads (R20,
// R34, R40).
func TestSpecRefusesABindOutOfReach(t *testing.T) {
	sword := WeaponSpec{Name: "sword", Kind: "melee", AP: 4, Damage: "1d8"}
	spear := WeaponSpec{Name: "spear", Kind: "melee", AP: 4, Damage: "1d8", Reach: 2}
	sp := &Spec{Combatants: []CombatantSpec{
		{ID: "ann", Side: "red", BoundWith: "bob", Weapons: []WeaponSpec{sword}},
		{ID: "bob", Side: "blue", X: 2, BoundWith: "ann", Weapons: []WeaponSpec{sword}},
		{ID: "cy", Side: "red", Y: 5, Grappling: []string{"dan"}},
		{ID: "dan", Side: "blue", X: 6, Y: 5, Grappling: []string{"cy"}},
		{ID: "eve", Side: "red", Y: 9, Grappling: []string{"fay"}, Weapons: []WeaponSpec{spear}},
		{ID: "fay", Side: "blue", X: 2, Y: 9, Grappling: []string{"eve"}, Weapons: []WeaponSpec{spear}},
	}}
	_, err := sp.State()
	want := map[string]string{
		"combatants[0].bound_with": "bob stands 2 squares from ann",
		"combatants[1].bound_with": "ann stands 2 squares from bob",
		"combatants[2].grappling":  "dan stands 6 squares from cy",
		"combatants[3].grappling":  "cy stands 6 squares from dan",
		"combatants[4].grappling":  "fay stands 2 squares from eve; a grapple holds two side by side",
		"combatants[5].grappling":  "eve stands 2 squares from fay; a grapple holds two side by side",
	}
	wantFieldProblems(t, err, want)
	sp.Combatants[1].Weapons = []WeaponSpec{spear}
	sp.Combatants[3].X = 1
	sp.Combatants[5].X = 1
	if _, err := sp.State(); err != nil {
		t.Errorf("a spear's bind at two squares and a grapple side by side: %v", err)
	}
}

// wantFieldProblems checks that err holds one field problem for each path
// of want, each saying (containing) want's message for it, and no other.
func wantFieldProblems(t *testing.T, err error, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	for _, e := range unjoin(err) {
		var fe *engine.FieldError
		if !errors.As(e, &fe) {
			t.Fatalf("%v is not a FieldError", e)
		}
		got[fe.Path] = fe.Msg
	}
	for path, msg := range want {
		if !strings.Contains(got[path], msg) {
			t.Errorf("%s: got %q, want it to say %q", path, got[path], msg)
		}
	}
	if len(got) != len(want) {
		t.Errorf("problems %q, want %d", got, len(want))
	}
}
