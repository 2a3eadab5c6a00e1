package odds_test

import (
	"math/big"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
)

// game is the blackpowder ruleset, typed for the odds functions.
var game engine.Game[bp.State, bp.Command, bp.Event] = bp.Rules{}

var (
	club   = bp.WeaponSpec{Name: "club", Kind: bp.Melee}
	sword  = bp.WeaponSpec{Name: "sword", Kind: bp.Melee, Defensive: 1}
	pistol = bp.WeaponSpec{Name: "pistol", Kind: bp.Gun, Reload: []int{1, 1, 0}, RangeNormal: 15, RangeFar: 30, Capacity: 1, FixDifficulty: 8}
)

// brawler is Markus of the rules' examples: Body 3, a club, damage bonus 1.
func brawler() bp.CombatantSpec {
	return bp.CombatantSpec{ID: "markus", Group: "players", Body: 3, Senses: 1, Willpower: 2, Evade: 7, Toughness: 1, DamageBonus: 1, LPMax: 12,
		Skills: map[string]int{"speed": 1, "dodge": 1, "pain_resistance": 2}, Weapons: []bp.WeaponSpec{club}}
}

// gunman is the bundled gunman: Senses 3, a pistol.
func gunman(id, group string) bp.CombatantSpec {
	return bp.CombatantSpec{ID: id, Group: group, Body: 2, Senses: 3, Science: 1, Willpower: 1, Evade: 6, LPMax: 8,
		Skills: map[string]int{"dodge": 1, "craft": 1}, Weapons: []bp.WeaponSpec{pistol}}
}

// thug is a target: Body 2, Dodge 1, with the given Evade and LP.
func thug(evade, lp int, weapons ...bp.WeaponSpec) bp.CombatantSpec {
	return bp.CombatantSpec{ID: "thug", Group: "enemies", Body: 2, Senses: 1, Willpower: 1, Evade: evade, LPMax: lp,
		Skills: map[string]int{"dodge": 1}, Weapons: weapons}
}

// turn returns the state of a fight between the players' group (the first
// combatant's) and the enemies once both have rolled initiative, the
// players first: the first combatant's turn in round 1.
func turn(t testing.TB, first, second bp.CombatantSpec, opts *bp.OptionsSpec) *bp.State {
	t.Helper()
	sp := &bp.Spec{Options: opts, Groups: []bp.GroupSpec{{ID: "players", Players: true}, {ID: "enemies"}}, Combatants: []bp.CombatantSpec{first, second}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	enc := engine.NewEncounter(game, s)
	src := dice.NewScript(10, 1)
	for _, who := range []string{first.ID, second.ID} {
		if _, err := enc.Submit(who, &bp.RollInitiative{}, src); err != nil {
			t.Fatal(err)
		}
	}
	st := game.Clone(enc.State())
	return &st
}

// oddsOf computes the odds of actor's command, given as text, in s.
func oddsOf(t testing.TB, s *bp.State, actor, command string, policy engine.Policy[bp.State, bp.Command], opts odds.Options) *odds.Report {
	t.Helper()
	c, err := game.ParseCommand(s, actor, command)
	if err != nil {
		t.Fatal(err)
	}
	r, err := odds.Of(game, s, actor, c, policy, opts)
	if err != nil {
		t.Fatalf("odds of %s: %q: %v", actor, command, err)
	}
	return r
}

// defaults answers every prompt with its default option.
var defaults engine.Policy[bp.State, bp.Command] = odds.DefaultPolicy[bp.State, bp.Command]{}

// answerWith is a policy that answers prompts with the first option whose
// command reads as one of the words given, else the default.
type answerWith []string

func (a answerWith) Choose(view *bp.State, p *engine.Prompt[bp.Command], src dice.Source) bp.Command {
	for _, w := range a {
		for _, o := range p.Options {
			if game.FormatCommand(o.Command) == w {
				return o.Command
			}
		}
	}
	return defaults.Choose(view, p, src)
}

// rat parses a fraction.
func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad fraction " + s)
	}
	return r
}

// sumsToOne fails the test unless the report's outcomes and its uncovered
// part add up to exactly 1, and every marginal agrees with the outcomes.
func sumsToOne(t *testing.T, r *odds.Report) {
	t.Helper()
	sum := new(big.Rat).Set(r.Uncovered)
	for _, o := range r.Outcomes {
		if o.P.Sign() <= 0 {
			t.Errorf("outcome %q has probability %s", o.Key(), o.P.RatString())
		}
		sum.Add(sum, o.P)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("outcomes and uncovered sum to %s, want 1", sum.RatString())
	}
	for _, c := range r.Combatants {
		total := new(big.Rat)
		for _, d := range c.Damage {
			total.Add(total, d.P)
		}
		if total.Cmp(r.Covered()) != 0 {
			t.Errorf("%s: damage distribution sums to %s, want %s", c.Combatant, total.RatString(), r.Covered().RatString())
		}
	}
}
