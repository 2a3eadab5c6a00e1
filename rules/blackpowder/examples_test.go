package blackpowder

import (
	"testing"

	"fray/dice"
	"fray/engine"
)

// fight starts an encounter from a spec and plays scripted steps with
// forced dice, failing the test on any refusal.
type fight struct {
	t   *testing.T
	enc *engine.Encounter[State, Command, Event]
	src *dice.Script
}

func newFight(t *testing.T, sp *Spec, forced ...int) *fight {
	t.Helper()
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	return &fight{t: t, enc: engine.NewEncounter[State, Command, Event](Rules{}, s), src: dice.NewScript(forced...)}
}

func (f *fight) do(actor, text string) []Event {
	f.t.Helper()
	c, err := Rules{}.ParseCommand(f.enc.State(), actor, text)
	if err != nil {
		f.t.Fatalf("%s: %s: %v", actor, text, err)
	}
	events, err := f.enc.Submit(actor, c, f.src)
	if err != nil {
		f.t.Fatalf("%s: %s: %v", actor, text, err)
	}
	return events
}

func (f *fight) c(id string) *Combatant { return f.enc.State().combatant(id) }

func (f *fight) unused(n int) {
	f.t.Helper()
	if got := len(f.src.Unused()); got != n {
		f.t.Errorf("%d forced dice left, want %d", got, n)
	}
}

func find[T Event](events []Event) T {
	for _, e := range events {
		if x, ok := e.(T); ok {
			return x
		}
	}
	var zero T
	return zero
}

// duel is one fighter per side, everything at 0 unless set.
func duel(a, b CombatantSpec) *Spec {
	a.Group, b.Group = "players", "enemies"
	if a.LPMax == 0 {
		a.LPMax = 10
	}
	if b.LPMax == 0 {
		b.LPMax = 10
	}
	return &Spec{Groups: []GroupSpec{{ID: "players", Players: true}, {ID: "enemies"}}, Combatants: []CombatantSpec{a, b}}
}

// E1: the lowest-Body player rolls d10 4 + Body 3 + Speed 2 = 9 against
// the enemies' 7: the players act first (R03).
func TestE1Initiative(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "beatrix", Body: 3, Skills: map[string]int{"speed": 2}},
		CombatantSpec{ID: "thug", Body: 2, Skills: map[string]int{"speed": 1}},
	), 4, 4)
	ev := find[*InitiativeRolled](f.do("beatrix", "initiative"))
	if ev.Total != 9 {
		t.Errorf("players' initiative %d, want 9", ev.Total)
	}
	f.do("thug", "initiative") // 4 + 2 + 1 = 7
	if p := f.enc.Prompt(); p.Actor != "beatrix" || f.enc.State().Round != 1 {
		t.Errorf("round %d, %s to act; want round 1, beatrix", f.enc.State().Round, p.Actor)
	}
	f.unused(0)
}

// E3: Markus (Body 3, club, +1 damage) rolls 4: 7 against Evade 7 hits;
// damage 5 + 3 + 1 = 9 (R09, R13).
func TestE3Attack(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "markus", Body: 3, DamageBonus: 1, Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}},
		CombatantSpec{ID: "thug", Evade: 7, LPMax: 20},
	), 9, 1, 4, 5)
	f.do("markus", "initiative")
	f.do("thug", "initiative")
	f.do("markus", "attack thug")
	f.do("thug", "take")
	if got := f.c("thug").LP; got != 20-9 {
		t.Errorf("thug LP %d, want 11 (9 damage)", got)
	}
	f.unused(0)
}

// E4: Beatrix holds a delayed action; a melee attack totals 9; her dodge
// of 5 + Body 2 + Dodge 3 = 10 avoids it and she keeps her action (R23,
// A13).
func TestE4Dodge(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "beatrix", Body: 2, Skills: map[string]int{"dodge": 3, "speed": 3}},
		CombatantSpec{ID: "thug", Body: 2, Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}},
	), 9, 1, 7, 5)
	f.do("beatrix", "initiative")
	f.do("thug", "initiative")
	f.do("beatrix", "delay")
	f.do("thug", "attack beatrix") // 7 + 2 = 9
	f.do("beatrix", "decline")     // her held action could interrupt (R08)
	ev := find[*DodgeRolled](f.do("beatrix", "dodge"))
	if ev.Total != 10 || ev.Difficulty != 9 || !ev.Success || ev.ActionSpent {
		t.Errorf("dodge %+v, want 10 vs 9, success, action kept", ev)
	}
	// The round then ends and the held action lapses (A14).
	if b := f.c("beatrix"); b.LP != 10 || f.enc.State().Round != 2 {
		t.Errorf("beatrix LP %d in round %d; want 10 in round 2", b.LP, f.enc.State().Round)
	}
	f.unused(0)
}

// E5: attack 5 + 3 = 8 hits; the damage die shows 10, so the attack is
// re-rolled: 5 + 3 = 8 hits again, and a second die of 6 makes
// 10 + 6 + 3 = 19 (R15).
func TestE5Critical(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}},
		CombatantSpec{ID: "thug", Evade: 8, LPMax: 30},
	), 9, 1, 5, 10, 5, 6)
	f.do("markus", "initiative")
	f.do("thug", "initiative")
	f.do("markus", "attack thug")
	f.do("thug", "take")
	f.do("markus", "critical")
	if got := f.c("thug").LP; got != 30-19 {
		t.Errorf("thug LP %d, want 11 (19 damage)", got)
	}
	f.unused(0)
}

// E6: Markus (LP 4, Toughness 1, Willpower 2, Pain Resistance 2) takes raw
// 8: 7 gets through, LP -3, Consciousness difficulty 8; 3 + 2 + 2 = 7
// fails: unconscious, Fatigue 1, revive difficulty 8 (R25).
func TestE6Consciousness(t *testing.T) {
	sp := duel(
		CombatantSpec{ID: "markus", LPMax: 12, LP: intp(4), Toughness: 1, Willpower: 2, Skills: map[string]int{"pain_resistance": 2}},
		CombatantSpec{ID: "thug", Body: 3, Evade: 5, Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}},
	)
	// A second player keeps the fight going: at its end Markus would wake
	// (R27).
	sp.Combatants = append(sp.Combatants, CombatantSpec{ID: "ann", Group: "players", Body: 5, LPMax: 10})
	// thug wins initiative; attacks with 9 (hit); markus takes it; damage
	// 5 + 3 = 8; Consciousness die 3.
	f := newFight(t, sp, 1, 9, 9, 5, 3)
	f.do("markus", "initiative")
	f.do("thug", "initiative")
	f.do("thug", "attack markus")
	f.do("markus", "take")
	m := f.c("markus")
	if m.LP != -3 || m.Status != Unconscious || m.Fatigue != 1 || m.ReviveDifficulty != 8 {
		t.Errorf("markus LP %d %s fatigue %d revive %d; want -3 unconscious 1 8", m.LP, m.Status, m.Fatigue, m.ReviveDifficulty)
	}
	f.unused(0)
}

// E7: Beatrix (Science 2, Medicine 3) revives Markus against difficulty 8
// with a 5: 10, so Markus has 10 - 8 = 2 LP (R28).
func TestE7Revive(t *testing.T) {
	sp := duel(
		CombatantSpec{ID: "beatrix", Science: 2, Skills: map[string]int{"medicine": 3}},
		CombatantSpec{ID: "thug", Evade: 5},
	)
	sp.Combatants = append(sp.Combatants, CombatantSpec{ID: "markus", Group: "players", LPMax: 12})
	f := newFight(t, sp, 9, 1, 5)
	// Put Markus down as E6 left him.
	s := f.enc.State()
	m := s.combatant("markus")
	m.Status, m.LP, m.ReviveDifficulty = Unconscious, -3, 8
	f.enc = engine.NewEncounter[State, Command, Event](Rules{}, *s)
	f.do("beatrix", "initiative")
	f.do("thug", "initiative")
	f.do("beatrix", "revive markus with medicine")
	f.do("thug", "decline")   // reviving provokes an opportunity attack (R34)
	f.do("gm", "ruling safe") // the thug stands next to them: the GM's call (A27)
	if m := f.c("markus"); m.Status != Active || m.LP != 2 {
		t.Errorf("markus %s with LP %d, want active with 2", m.Status, m.LP)
	}
	f.unused(0)
}

// E10 and A37: a check that cannot succeed draws no die.
func TestImpossibleConsciousnessCheckDrawsNoDie(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "markus", LPMax: 12, LP: intp(1), Willpower: 2, Skills: map[string]int{"pain_resistance": 2}},
		CombatantSpec{ID: "brute", Body: 4, Evade: 5, DamageBonus: 8, Weapons: []WeaponSpec{{Name: "hammer", Kind: "melee"}}},
	), 1, 9, 9, 9)
	f.do("markus", "initiative")
	f.do("brute", "initiative")
	f.do("brute", "attack markus")
	// damage 9 + 4 + 8 = 21: LP 1 - 21 = -20, difficulty 25 > 10 + 4.
	ev := find[*ConsciousnessRolled](f.do("markus", "take"))
	if ev.Die != 0 || ev.Difficulty != 25 || ev.Success {
		t.Errorf("check %+v; want no die, difficulty 25, failure", ev)
	}
	f.unused(0)
}

// A gun's damage doubles read the jam table: 4 is a major jam and the shot
// does nothing (R19).
func TestGunJamOnDoubles(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "gunman", Senses: 3, Weapons: []WeaponSpec{{Name: "pistol", Kind: "gun"}}},
		CombatantSpec{ID: "thug", Evade: 5},
	), 9, 1, 8, 6, 6, 4)
	f.do("gunman", "initiative")
	f.do("thug", "initiative")
	f.do("gunman", "attack thug")
	f.do("thug", "decline") // firing within reach of fists provokes (R34)
	ev := find[*Jammed](f.do("thug", "take"))
	if ev == nil || ev.State != GunMajorJam || ev.Stands {
		t.Fatalf("jam %+v, want a major jam", ev)
	}
	if f.c("thug").LP != 10 || f.c("gunman").Weapons[0].State != GunMajorJam || f.c("gunman").Weapons[0].Loaded != 0 {
		t.Errorf("thug LP %d, gun %+v", f.c("thug").LP, f.c("gunman").Weapons[0])
	}
	f.unused(0)
}

func TestRefusalsChangeNothing(t *testing.T) {
	f := newFight(t, duel(
		CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{{Name: "club", Kind: "melee"}}},
		CombatantSpec{ID: "thug", Evade: 7, X: 10},
	), 9, 1)
	f.do("markus", "initiative")
	f.do("thug", "initiative")
	before := len(f.enc.Log())
	for _, tc := range []struct {
		actor, text string
		code        engine.Code
	}{
		{"markus", "attack thug", engine.NotAllowedNow}, // 10 m away
		{"markus", "attack nobody", engine.Invalid},
		{"thug", "pass", engine.NotYourTurn},
		{"markus", "dodge", engine.NotAllowedNow},
		{"markus", "reload", engine.NotAllowedNow},
	} {
		c, err := Rules{}.ParseCommand(f.enc.State(), tc.actor, tc.text)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.enc.Submit(tc.actor, c, f.src)
		if engine.CodeOf(err) != tc.code {
			t.Errorf("%s: %s: %v (code %q), want code %q", tc.actor, tc.text, err, engine.CodeOf(err), tc.code)
		}
	}
	if len(f.enc.Log()) != before {
		t.Error("a refused command was logged")
	}
}
