package blackpowder

import (
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
)

// noDice is a Source for policies that must not draw: it fails the test.
type noDice struct{ t *testing.T }

func (n noDice) Roll(int) int {
	n.t.Helper()
	n.t.Fatal("the tactical policy drew a die")
	return 1
}

// choose asks the tactical policy for the current prompt of f.
func (f *fight) choose() string {
	f.t.Helper()
	s := f.enc.State()
	p := Rules{}.Next(s)
	return Rules{}.FormatCommand(Tactical{}.Choose(s, &p, noDice{f.t}))
}

func club() WeaponSpec { return WeaponSpec{Name: "club", Kind: "melee"} }

// TestTacticalChoices puts the policy before the decisions its doc comment
// promises and checks what it chooses.
func TestTacticalChoices(t *testing.T) {
	t.Run("the weaker enemy", func(t *testing.T) {
		sp := duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "big", LPMax: 12})
		sp.Combatants = append(sp.Combatants, CombatantSpec{ID: "hurt", Group: "enemies", LPMax: 10, LP: new(2)})
		f := newFight(t, sp, 9, 1)
		f.do("markus", "initiative")
		f.do("big", "initiative")
		if got := f.choose(); got != "attack hurt" {
			t.Errorf("chose %q, want the enemy with 2 LP", got)
		}
	})
	t.Run("the more dangerous enemy", func(t *testing.T) {
		sp := duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "weak"})
		sp.Combatants = append(sp.Combatants, CombatantSpec{ID: "brute", Group: "enemies", Body: 5, LPMax: 10, Weapons: []WeaponSpec{{Name: "hammer", Kind: "melee", Damage: "2D10H"}}})
		f := newFight(t, sp, 9, 1)
		f.do("markus", "initiative")
		f.do("weak", "initiative")
		if got := f.choose(); got != "attack brute" {
			t.Errorf("chose %q, want the enemy with the warhammer", got)
		}
	})
	t.Run("walks up, then attacks", func(t *testing.T) {
		f := newFight(t, duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "thug", X: 4}), 9, 1)
		f.do("markus", "initiative")
		f.do("thug", "initiative")
		if got := f.choose(); got != "move 3 0" {
			t.Fatalf("chose %q, want a move to a metre from the thug", got)
		}
		f.do("markus", "move 3 0")
		f.do("thug", "decline") // the thug's opportunity: not taken here
		if got := f.choose(); got != "attack thug" {
			t.Errorf("then chose %q, want the attack", got)
		}
	})
	t.Run("runs when the enemy is far", func(t *testing.T) {
		f := newFight(t, duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "thug", X: 30}), 9, 1)
		f.do("markus", "initiative")
		f.do("thug", "initiative")
		if got := f.choose(); got != "run 19.99 0" {
			t.Errorf("chose %q, want a run of 20 m at most toward the thug", got)
		}
	})
	t.Run("reloads an empty gun", func(t *testing.T) {
		f := newFight(t, duel(CombatantSpec{ID: "gunman", Senses: 3, Weapons: []WeaponSpec{{Name: "pistol", Kind: "gun", Loaded: new(0)}}}, CombatantSpec{ID: "thug", X: 10}), 9, 1)
		f.do("gunman", "initiative")
		f.do("thug", "initiative")
		if got := f.choose(); got != "reload" {
			t.Errorf("chose %q, want reload", got)
		}
	})
	t.Run("draws a knife in melee rather than reload", func(t *testing.T) {
		f := newFight(t, duel(CombatantSpec{ID: "gunman", Senses: 3, Weapons: []WeaponSpec{{Name: "pistol", Kind: "gun", Loaded: new(0)}, {Name: "dagger", Kind: "melee"}}}, CombatantSpec{ID: "thug", Weapons: []WeaponSpec{club()}}), 9, 1)
		f.do("gunman", "initiative")
		f.do("thug", "initiative")
		if got := f.choose(); got != "draw dagger" {
			t.Errorf("chose %q, want to draw the dagger", got)
		}
	})
	t.Run("a hopeless dodge is not tried", func(t *testing.T) {
		// The pistol's total 12 + dodge modifier 5 = 17 is out of reach of d10 + 3.
		f := newFight(t, duel(CombatantSpec{ID: "east", Senses: 3, Weapons: []WeaponSpec{{Name: "pistol", Kind: "gun"}}}, CombatantSpec{ID: "west", Body: 2, Skills: map[string]int{"dodge": 1}, Evade: 6, X: 12}), 9, 1, 9)
		f.do("east", "initiative")
		f.do("west", "initiative")
		f.do("east", "attack west")
		if got := f.choose(); got != "take" {
			t.Errorf("chose %q, want take", got)
		}
	})
	t.Run("a free dodge is always tried", func(t *testing.T) {
		// Beatrix has passed: her unused action can only pay for a dodge.
		f := newFight(t, duel(CombatantSpec{ID: "beatrix", Body: 2, Skills: map[string]int{"dodge": 3}, Evade: 8}, CombatantSpec{ID: "thug", Body: 2, Weapons: []WeaponSpec{club()}}), 9, 1, 10)
		f.do("beatrix", "initiative")
		f.do("thug", "initiative")
		f.do("beatrix", "pass")
		f.do("thug", "attack beatrix") // 10 + 2 = 12: a dodge needs 7 or more
		if got := f.choose(); got != "dodge" {
			t.Errorf("chose %q, want dodge", got)
		}
	})
	t.Run("critical and opportunity taken", func(t *testing.T) {
		f := newFight(t, duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "thug", Weapons: []WeaponSpec{club()}}), 9, 1, 9, 10)
		f.do("markus", "initiative")
		f.do("thug", "initiative")
		f.do("markus", "attack thug")
		f.do("thug", "take") // damage die 10: the critical is offered
		if got := f.choose(); got != "critical" {
			t.Errorf("chose %q, want the critical re-roll", got)
		}
		g := newFight(t, duel(CombatantSpec{ID: "markus", Body: 3, Weapons: []WeaponSpec{club()}}, CombatantSpec{ID: "thug", Weapons: []WeaponSpec{club()}}), 9, 1)
		g.do("markus", "initiative")
		g.do("thug", "initiative")
		g.do("markus", "run 10 0") // leaves the thug's reach
		if got := g.choose(); got != "opportunity-attack" {
			t.Errorf("chose %q, want the opportunity attack", got)
		}
	})
	t.Run("follows its aimed attack with the delayed action", func(t *testing.T) {
		// A sling, not a knife: a thrown knife would lie by the thug (R17).
		sling := WeaponSpec{Name: "sling", Kind: "ranged", Damage: "D10/2", RangeNormal: 10, RangeFar: 20}
		f := newFight(t, duel(CombatantSpec{ID: "kai", Senses: 3, ExtraDelayed: true, Weapons: []WeaponSpec{sling}}, CombatantSpec{ID: "thug", X: 4, Weapons: []WeaponSpec{club()}}), 9, 1, 9, 5)
		f.do("kai", "initiative")
		f.do("thug", "initiative")
		f.do("kai", "aim thug")
		f.do("thug", "pass")
		f.do("thug", "take") // the aimed attack, as round 2 begins
		if got := f.choose(); got != "after attack thug" {
			t.Errorf("chose %q, want the attack with the delayed action", got)
		}
	})
	t.Run("revives when safe, takes the GM's default", func(t *testing.T) {
		sp := duel(CombatantSpec{ID: "beatrix", Science: 2, Skills: map[string]int{"medicine": 3}}, CombatantSpec{ID: "thug", X: 10, Weapons: []WeaponSpec{club()}})
		sp.Combatants = append(sp.Combatants, CombatantSpec{ID: "markus", Group: "players", LPMax: 12, X: 1})
		f := newFight(t, sp, 9, 1)
		f.enc = engine.NewEncounter[State, Command, Event](Rules{}, func() State {
			s := Rules{}.Clone(f.enc.State())
			m := s.combatant("markus")
			m.Status, m.LP, m.ReviveDifficulty = Unconscious, -2, 7
			return s
		}())
		f.do("beatrix", "initiative")
		f.do("thug", "initiative")
		if got := f.choose(); got != "revive markus with medicine" {
			t.Fatalf("chose %q, want to revive Markus", got)
		}
		f.do("beatrix", "revive markus with medicine")
		if got := f.choose(); got != "ruling safe" {
			t.Errorf("the GM's ruling: chose %q, want the default (safe)", got)
		}
	})
}

// TestTacticalIsLegalAndBeatsRandom plays every test setup with the
// tactical policy on every side, and against the random policy on each
// side: every choice must be accepted, and the tactical side must win more
// than the random one would in its place.
func TestTacticalIsLegalAndBeatsRandom(t *testing.T) {
	fights := 400
	if testing.Short() {
		fights = 100
	}
	for _, setup := range setups(t) {
		t.Run(setup.Name, func(t *testing.T) {
			wins := map[string]int{} // "tactical side/random side" won
			for i := range fights {
				for _, randomSide := range []string{"", "players", "thugs"} {
					winner := playPolicies(t, setup.State, uint64(i), randomSide)
					if randomSide != "" && winner != "" {
						wins[fmt.Sprintf("%v", winner != randomSide)]++
					}
				}
			}
			if wins["true"] <= wins["false"] {
				t.Errorf("the tactical side won %d fights, the random side %d", wins["true"], wins["false"])
			}
		})
	}
}

// playPolicies plays a fight with the tactical policy, but the random one
// for randomSide, and returns the winner. Ruling prompts take defaults.
func playPolicies(t *testing.T, initial State, seed uint64, randomSide string) string {
	t.Helper()
	r := Rules{}
	s := r.Clone(&initial)
	src, choose := dice.Seeded(seed), dice.Seeded(dice.Mix(seed, 1))
	for d := 0; d < 3000; d++ {
		p := r.Next(&s)
		if p.Kind == engine.End {
			return p.Winner
		}
		var policy engine.Policy[State, Command] = Tactical{}
		if r.SideOf(&s, p.Actor) == randomSide {
			policy = engine.Uniform[State, Command]{}
		}
		c := policy.Choose(&s, &p, choose)
		events, err := r.Decide(&s, p.Actor, c, src)
		if err != nil {
			t.Fatalf("fight %d, decision %d: %s chose %q: %v", seed, d, p.Actor, r.FormatCommand(c), err)
		}
		engine.Apply[State, Command, Event](r, &s, events)
	}
	t.Fatalf("fight %d did not end in 3000 decisions", seed)
	return ""
}

// TestDamageTotal checks the closed form of a whole die's damage against
// the sum face by face, for every bonus and Toughness that matter.
func TestDamageTotal(t *testing.T) {
	for add := -15; add <= 25; add++ {
		for tough := 0; tough <= 15; tough++ {
			for _, keepHigh := range []bool{false, true} {
				got, want := damageTotal(add, tough, 0, false, keepHigh), damageByFaces(add, tough, 0, false, keepHigh)
				if got != want {
					t.Errorf("add %d, Toughness %d, keep high %v: closed form %d, face by face %d", add, tough, keepHigh, got, want)
				}
			}
		}
	}
	// By hand: d10+2 against Toughness 4 deals 1..8 on faces 3..10, 36 in
	// all; the higher of two, 5·1 + 7·2 + ... + 19·8 = 516.
	if got := damageTotal(2, 4, 0, false, false); got != 36 {
		t.Errorf("d10+2 against Toughness 4: %d, want 36", got)
	}
	if got := damageTotal(2, 4, 0, false, true); got != 516 {
		t.Errorf("2d10 keep high +2 against Toughness 4: %d, want 516", got)
	}
}
