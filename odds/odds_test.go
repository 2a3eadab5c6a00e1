package odds_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
)

// outcomeP returns the probability of the outcome written as key (see
// Outcome.Key), zero when there is none.
func outcomeP(r *odds.Report, key string) *big.Rat {
	for _, o := range r.Outcomes {
		if o.Key() == key {
			return o.P
		}
	}
	return new(big.Rat)
}

func wantP(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	if got.Cmp(rat(want)) != 0 {
		t.Errorf("%s = %s, want %s", what, got.RatString(), want)
	}
}

// Markus attacks d10 + Body 3 with his club; against Evade 7 a 4 or more
// hits: 7/10.
func TestMeleeAttackAgainstEvade7Hits7Of10(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	r := oddsOf(t, s, "markus", "attack thug", defaults, odds.Options{})
	wantP(t, "P(hit)", r.TagP("hit"), "7/10")
	wantP(t, "P(miss)", r.TagP("miss"), "3/10")
	wantP(t, "P(nothing happens but a miss)", outcomeP(r, "miss"), "3/10")
	sumsToOne(t, r)
	if r.Uncovered.Sign() != 0 || len(r.Limits) != 0 {
		t.Errorf("uncovered %s %v, want everything covered", r.Uncovered.RatString(), r.Limits)
	}
	if r.Ruleset != "blackpowder" || r.Actor != "markus" || r.Command != "attack thug" || !strings.Contains(r.Question, "markus acts") {
		t.Errorf("report names %q %q %q at %q", r.Ruleset, r.Actor, r.Command, r.Question)
	}
}

// Against Evade 20 only a natural 10 hits.
func TestNatural10AlwaysHits(t *testing.T) {
	s := turn(t, brawler(), thug(20, 30, club), nil)
	r := oddsOf(t, s, "markus", "attack thug", defaults, odds.Options{})
	wantP(t, "P(hit)", r.TagP("hit"), "1/10")
	sumsToOne(t, r)
}

// Against a target that cannot dodge, the damage by hand: d10 + Body 3 +
// damage bonus 1; a damage die of 10 offers the critical, which the policy
// takes: the attack re-rolled (hits 7/10) adds a second d10.
func TestMeleeDamageByHand(t *testing.T) {
	target := thug(7, 30, club)
	target.Unaware = true // cannot dodge
	s := turn(t, brawler(), target, nil)
	r := oddsOf(t, s, "markus", "attack thug", defaults, odds.Options{})
	wantP(t, "P(8 damage)", outcomeP(r, "hit, thug -8"), "7/100")
	wantP(t, "P(critical)", r.TagP("critical"), "49/1000")
	wantP(t, "P(critical missed, 14 damage)", outcomeP(r, "critical-missed hit, thug -14"), "21/1000")
	wantP(t, "P(critical, 10+4+7 damage)", outcomeP(r, "critical hit, thug -21"), "49/10000")
	c := r.Combatant("thug")
	if c == nil {
		t.Fatal("no odds for the thug")
	}
	// 7/10 * (sum of 5..13 over 10 + 1/10 * (14 + 7/10 * 11/2)).
	wantP(t, "mean damage", c.MeanDamage, "13839/2000")
	wantP(t, "P(thug down)", c.Down, "0")
	if got := r.Target(); got == nil || got.Combatant != "thug" {
		t.Errorf("target %v, want the thug", got)
	}
	if len(r.Answered) != 1 || r.Answered[0].Actor != "markus" || r.Answered[0].Command != "critical" {
		t.Fatalf("answered %+v, want Markus's critical", r.Answered)
	}
	wantP(t, "P(critical offered)", r.Answered[0].P, "7/100")
	sumsToOne(t, r)
}

// A pistol shot: Senses 3 against Evade 6 hits on a 3 or more; guns roll
// two damage dice and keep the higher; doubles read the jam table, and a
// kept 10 offers the critical.
func TestPistolShotByHand(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil)
	r := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{})
	wantP(t, "P(hit)", r.TagP("hit"), "4/5")
	wantP(t, "P(jam)", r.TagP("jam"), "2/25")
	for _, result := range []string{"destroyed", "broken", "inoperable", "major-jam", "needs-fix", "minor-jam", "bullet-falls-out", "misses", "misfire", "stands"} {
		wantP(t, "P(jam:"+result+")", r.TagP("jam:"+result), "1/125")
	}
	// A critical needs a kept 10 that is not a jam (18 pairs of 100), or
	// 10-10 and a 10 on the jam table; then the re-roll must hit.
	wantP(t, "P(critical)", r.TagP("critical"), "362/3125")
	// 9 kept, not doubles: 16 pairs of 100, 9 + Senses 3 damage.
	wantP(t, "P(12 damage, no jam)", outcomeP(r, "hit, thug -12"), "16/125")
	// A gun that explodes deals d10 to the shooter: 7 takes Eastman's 8 LP to 1.
	wantP(t, "P(the gun explodes for 7)", outcomeP(r, "hit jam jam:destroyed, eastman -7"), "1/1250")
	east := r.Combatant("eastman")
	if east == nil {
		t.Fatal("no odds for the shooter, whom an exploding gun hurts")
	}
	sumsToOne(t, r)
}

// The target dodges (the default answer): d10 + Body 2 + Dodge 1 against
// the attack total, so it dodges when its die is at least the attack's.
func TestDodgeByHand(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	r := oddsOf(t, s, "markus", "attack thug", defaults, odds.Options{})
	wantP(t, "P(dodged)", r.TagP("dodged"), "7/25")
	wantP(t, "P(dodge failed)", r.TagP("dodge-failed"), "21/50")
	if len(r.Answered) == 0 || r.Answered[0].Actor != "thug" || r.Answered[0].Command != "dodge" || r.Answered[0].By != "policy" {
		t.Errorf("first answer %+v, want the thug's dodge by the policy", r.Answered[0])
	}
	wantP(t, "P(the thug is asked to dodge)", r.Answered[0].P, "7/10")
	sumsToOne(t, r)
}

// A parry adds the sword's Defensive 1: it works when the die is at least
// the attack's less one.
func TestParryByHand(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, sword), nil)
	r := oddsOf(t, s, "markus", "attack thug", answerWith{"parry"}, odds.Options{Policy: "parry"})
	wantP(t, "P(parried)", r.TagP("parried"), "7/20")
	wantP(t, "P(parry failed)", r.TagP("parry-failed"), "7/20")
	if r.Policy != "parry" || r.Answered[0].By != "policy parry" {
		t.Errorf("policy %q, answered by %q", r.Policy, r.Answered[0].By)
	}
	sumsToOne(t, r)
}

// A policy that draws dice is enumerated like any other die: the uniform
// policy dodges, parries or takes the hit a third of the time each.
func TestRandomPolicyIsExact(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, sword), nil)
	r := oddsOf(t, s, "markus", "attack thug", engine.Uniform[bp.State, bp.Command]{}, odds.Options{Policy: engine.RandomPolicy})
	wantP(t, "P(dodged)", r.TagP("dodged"), "7/75")
	wantP(t, "P(parried)", r.TagP("parried"), "7/60")
	got := map[string]*big.Rat{}
	for _, a := range r.Answered {
		if a.Actor == "thug" {
			got[a.Command] = a.P
		}
	}
	for _, c := range []string{"dodge", "parry", "take"} {
		if got[c] == nil {
			t.Fatalf("answers %v lack %s", got, c)
		}
		wantP(t, "P(the thug answers "+c+")", got[c], "7/30")
	}
	sumsToOne(t, r)
}

// A GM ruling is answered by its default, whatever the policy, and the
// report says so.
func TestRulingsTakeTheirDefault(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), &bp.OptionsSpec{GMModifiers: true})
	r := oddsOf(t, s, "markus", "attack thug", answerWith{"ruling mod 5"}, odds.Options{Policy: "odd"})
	wantP(t, "P(hit)", r.TagP("hit"), "7/10")
	if len(r.Answered) == 0 || r.Answered[0].Actor != engine.GM || r.Answered[0].By != "ruling default" || r.Answered[0].Command != "ruling mod 0" {
		t.Fatalf("answered %+v, want the GM's default ruling first", r.Answered)
	}
	wantP(t, "P(ruling)", r.Answered[0].P, "1")
}

// A shot fired within a melee fighter's reach provokes an opportunity
// attack, which comes first; its tags name its attacker.
func TestOpportunityAttackComesFirst(t *testing.T) {
	s := turn(t, gunman("eastman", "players"), thug(6, 30, club), nil)
	r := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{})
	wantP(t, "P(opportunity attack)", r.TagP("thug:opportunity-attack"), "1")
	// The thug hits Evade 6 with d10 + Body 2 on a 4 or more.
	wantP(t, "P(the thug hits)", r.TagP("thug:hit"), "7/10")
	if r.Combatant("eastman") == nil || r.Combatant("thug") == nil {
		t.Errorf("combatants %v, want both hurt in some outcome", r.Combatants)
	}
	sumsToOne(t, r)
}

func TestRefusals(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	far := thug(7, 30, club)
	far.X = 5
	sFar := turn(t, brawler(), far, nil)
	tests := []struct {
		name    string
		s       *bp.State
		actor   string
		command string
		code    engine.Code
		msg     string
	}{
		{"not the actor's turn", s, "thug", "attack markus", engine.NotYourTurn, "it is markus's decision now, not thug's"},
		{"unknown actor", s, "nobody", "pass", engine.Invalid, `there is no combatant "nobody" (the combatants are markus, thug)`},
		{"illegal command", s, "markus", "attack markus", engine.Invalid, "cannot attack itself"},
		{"out of reach", sFar, "markus", "attack thug", engine.NotAllowedNow, "beyond melee reach"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := game.ParseCommand(tt.s, tt.actor, tt.command)
			if err != nil {
				t.Fatal(err)
			}
			_, err = odds.Of(game, tt.s, tt.actor, c, defaults, odds.Options{})
			var refused *odds.RefusedError
			if !errors.As(err, &refused) {
				t.Fatalf("err = %v, want a *RefusedError", err)
			}
			if engine.CodeOf(err) != tt.code || !strings.Contains(err.Error(), tt.msg) || !strings.Contains(err.Error(), tt.command) {
				t.Errorf("err = %v (%s), want %s saying %q", err, engine.CodeOf(err), tt.code, tt.msg)
			}
		})
	}
}

func TestTheFightIsOver(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	s.Over = true
	_, err := odds.Of(game, s, "markus", bp.Command(&bp.Pass{}), defaults, odds.Options{})
	if engine.CodeOf(err) != engine.NotAllowedNow || !strings.Contains(err.Error(), "over") {
		t.Errorf("err = %v, want the fight is over", err)
	}
}

// When the budget runs out, the odds say how much was left out, and why.
func TestBudgetLeavesMassUncovered(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil)
	r := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxPaths: 300})
	if r.Uncovered.Sign() <= 0 || len(r.Limits) == 0 || !strings.Contains(r.Limits[0].Reason, "budget of 300") {
		t.Fatalf("uncovered %s, limits %+v; want the budget named", r.Uncovered.RatString(), r.Limits)
	}
	if r.Paths > 300 {
		t.Errorf("ran %d paths over a budget of 300", r.Paths)
	}
	sumsToOne(t, r)
}

// Paths that draw too many dice are cut off and counted.
func TestMaxDrawsLeavesMassUncovered(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil)
	// The attack die and the two damage dice fit; a jam die does not.
	r := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxDraws: 3})
	wantP(t, "uncovered", r.Uncovered, "2/25") // every jam
	if len(r.Limits) != 1 || !strings.Contains(r.Limits[0].Reason, "more than 3 dice") {
		t.Errorf("limits %+v", r.Limits)
	}
	sumsToOne(t, r)
}

// Resolutions answering more prompts than MaxSteps are left out.
func TestMaxSteps(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	r := oddsOf(t, s, "markus", "attack thug", defaults, odds.Options{MaxSteps: 1})
	// Past the dodge, the critical is a second prompt: a failed dodge and
	// a damage die of 10.
	wantP(t, "uncovered", r.Uncovered, "21/500")
	if len(r.Limits) != 1 || !strings.Contains(r.Limits[0].Reason, "more than 1 prompts") {
		t.Errorf("limits %+v", r.Limits)
	}
	sumsToOne(t, r)
}

// The GM may ask for the odds of the decision of whoever the prompt waits
// for.
func TestTheGMMayAsk(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	r := oddsOf(t, s, engine.GM, "attack thug", defaults, odds.Options{})
	wantP(t, "P(hit)", r.TagP("hit"), "7/10")
	if r.Actor != engine.GM || r.Acting != "markus" {
		t.Errorf("actor %q acting %q, want the GM for Markus", r.Actor, r.Acting)
	}
	if tc := r.Target(); tc == nil || tc.Combatant != "thug" {
		t.Errorf("target %v, want the thug", tc)
	}
}

// A ruleset without the Odds capability is refused plainly, naming the
// ruleset and what it lacks.
func TestNeedsTheOddsCapability(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	const want = "the blackpowder ruleset has no exact odds: it does not implement engine.Odds (Outcome, Condition)"
	_, err := odds.Of[bp.State, bp.Command, bp.Event](bare{bp.Rules{}}, s, "markus", &bp.Pass{}, defaults, odds.Options{})
	var missing *engine.MissingError
	if !errors.As(err, &missing) || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want one saying %q", err, want)
	}
	if _, err := odds.For[bp.State, bp.Command, bp.Event](bare{bp.Rules{}}); err == nil || err.Error() != want {
		t.Errorf("For: err = %v, want %q", err, want)
	}
}

// bare is blackpowder without its outcome summary.
type bare struct {
	engine.Game[bp.State, bp.Command, bp.Event]
}

// The odds are the same however many workers run the dice paths.
func TestWorkersDoNotChangeTheOdds(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	one := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{Workers: 1})
	for _, w := range []int{2, 5} {
		many := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{Workers: w})
		if len(many.Outcomes) != len(one.Outcomes) || many.Paths != one.Paths || many.Situations != one.Situations {
			t.Fatalf("%d workers: %d outcomes, %d paths, %d situations; one worker: %d, %d, %d",
				w, len(many.Outcomes), many.Paths, many.Situations, len(one.Outcomes), one.Paths, one.Situations)
		}
		for i := range one.Outcomes {
			a, b := one.Outcomes[i], many.Outcomes[i]
			if a.Key() != b.Key() || a.P.Cmp(b.P) != 0 {
				t.Errorf("%d workers: outcome %d is %q %s, one worker %q %s", w, i, b.Key(), b.P.RatString(), a.Key(), a.P.RatString())
			}
		}
	}
}

// A missing command, or a ruleset that panics, is an error, not a panic.
func TestNoPanics(t *testing.T) {
	s := turn(t, brawler(), thug(7, 30, club), nil)
	if _, err := odds.Of(game, s, "markus", nil, defaults, odds.Options{}); err == nil {
		t.Error("no command: no error")
	}
	_, err := odds.Of[bp.State, bp.Command, bp.Event](panicky{bp.Rules{}}, s, "markus", &bp.Attack{Target: "thug"}, defaults, odds.Options{})
	if err == nil || !strings.Contains(err.Error(), "panicked") || !strings.Contains(err.Error(), "rules bug") {
		t.Errorf("err = %v, want the panic as an error", err)
	}
}

// panicky is blackpowder whose Decide panics once it has drawn a die.
type panicky struct{ bp.Rules }

func (p panicky) Decide(s *bp.State, actor string, c bp.Command, src dice.Source) ([]bp.Event, error) {
	if src.Roll(10) > 5 {
		panic("rules bug")
	}
	return p.Rules.Decide(s, actor, c, src)
}

// Step is Decide, so that odds use the panicking Decide.
func (p panicky) Step(s *bp.State, actor string, c bp.Command, src dice.Source) ([]bp.Event, error) {
	events, err := p.Decide(s, actor, c, src)
	if err == nil {
		engine.Apply[bp.State, bp.Command, bp.Event](p, s, events)
	}
	return events, err
}
