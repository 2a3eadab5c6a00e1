package sim_test

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/scenario/scenariotest"
	"fray/sim"
)

// demo starts a bundled blackpowder encounter as a table.
func demo(t *testing.T, name string) engine.Table {
	t.Helper()
	return scenariotest.BundledTable(t, blackpowder.Info(), name)
}

// bundled starts a bundled encounter of the reference ruleset and returns
// its first state.
func bundled(t *testing.T, name string) reference.State {
	t.Helper()
	return *scenariotest.Bundled[reference.State, reference.Command, reference.Event](t, reference.Info(), name)
}

// secretive is what withoutSimulation shows of the reference ruleset.
type secretive interface {
	engine.Game[reference.State, reference.Command, reference.Event]
	engine.Secrets[reference.State, reference.Command, reference.Event]
}

// withoutSimulation is the reference ruleset with its secrets but without
// its Simulation capability (nor Speed or Odds).
type withoutSimulation struct{ secretive }

func jsonOf(t *testing.T, r *sim.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSameSeedSameReport checks that the report depends on the seed and
// nothing else: not the number of workers, not the chunking.
func TestSameSeedSameReport(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	tb := demo(t, "alley_fight")
	var first []byte
	for _, workers := range []int{1, 2, 3, 8} {
		r, err := bp.Simulate(tb, sim.Options{Name: "alley_fight", Fights: 500, Seed: 42, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		got := jsonOf(t, r)
		if first == nil {
			first = got
		} else if !bytes.Equal(got, first) {
			t.Fatalf("%d workers give another report than 1:\n%s\n%s", workers, got, first)
		}
	}
	other, err := bp.Simulate(tb, sim.Options{Name: "alley_fight", Fights: 500, Seed: 43})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(jsonOf(t, other), first) {
		t.Error("seeds 42 and 43 give the same report")
	}
}

// TestReportAddsUp checks the report of the one-on-one demo against what
// must hold in it: every fight is won by someone or is a draw or a
// timeout; the loser of a one-on-one is the one who went down; what one
// deals the other takes; the round figures agree with the histogram.
func TestReportAddsUp(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	r, err := bp.Simulate(demo(t, "tavern_brawl"), sim.Options{Fights: 2000, Seed: 7, Policies: map[string]string{"brutes": "random"}})
	if err != nil {
		t.Fatal(err)
	}
	players, brutes := r.Side("players"), r.Side("brutes")
	markus, brute := r.Combatant("markus"), r.Combatant("brute")
	if players == nil || brutes == nil || markus == nil || brute == nil {
		t.Fatalf("missing sides or combatants: %+v", r)
	}
	if players.Policy != "tactical" || brutes.Policy != "random" {
		t.Errorf("policies %s and %s, want tactical and random", players.Policy, brutes.Policy)
	}
	if sum := players.Wins.Count + brutes.Wins.Count + r.Draws.Count + r.Timeouts.Count; sum != r.Fights || r.Fights != 2000 {
		t.Errorf("%d fights, outcomes add up to %d", r.Fights, sum)
	}
	if markus.Down.Count != brutes.Wins.Count || brute.Down.Count != players.Wins.Count {
		t.Errorf("markus down %d, brutes won %d; brute down %d, players won %d", markus.Down.Count, brutes.Wins.Count, brute.Down.Count, players.Wins.Count)
	}
	if markus.DamageDealt != brute.DamageTaken || brute.DamageDealt != markus.DamageTaken || markus.DamageDealt <= 0 {
		t.Errorf("markus deals %v, the brute takes %v; the brute deals %v, markus takes %v", markus.DamageDealt, brute.DamageTaken, brute.DamageDealt, markus.DamageTaken)
	}
	rd := r.Rounds
	var n, sum int64
	for _, b := range rd.Histogram {
		n += b.Fights
		sum += int64(b.Rounds) * b.Fights
	}
	if n != rd.Fights || n != r.Fights-r.Timeouts.Count || float64(sum)/float64(n) != rd.Mean || rd.Median < rd.Min || rd.P95 < rd.Median || rd.Max < rd.P95 {
		t.Errorf("rounds %+v do not agree with the histogram", rd)
	}
	if r.Decisions <= 0 || r.Dice <= 0 {
		t.Errorf("%v decisions and %v dice a fight", r.Decisions, r.Dice)
	}
	// The tactical policy beats the random one from either side.
	if players.Wins.Rate < 0.5 {
		t.Errorf("tactical Markus wins %.1f%% against a random brute", 100*players.Wins.Rate)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"players   tactical", "brutes    random", "rounds to finish", "markus", "95% interval"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
}

// TestTimeouts checks that fights stopped at the decision limit are
// counted apart and left out of the rounds.
func TestTimeouts(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	r, err := bp.Simulate(demo(t, "alley_fight"), sim.Options{Fights: 300, Seed: 1, MaxDecisions: 12})
	if err != nil {
		t.Fatal(err)
	}
	if r.Timeouts.Count == 0 || r.Timeouts.Count == r.Fights {
		t.Fatalf("%d timeouts of %d fights; want some but not all with 12 decisions", r.Timeouts.Count, r.Fights)
	}
	if r.Rounds.Fights != r.Fights-r.Timeouts.Count {
		t.Errorf("rounds count %d fights, want the %d that ended", r.Rounds.Fights, r.Fights-r.Timeouts.Count)
	}
}

// spy is a reference policy that checks what it is shown: it attacks or feints
// at random and records the feints it makes and any feint it is shown as
// the target of one.
type spy struct {
	feinted, shownFeint, reacted *atomic.Int64
}

func (s spy) Choose(view *reference.State, p *engine.Prompt[reference.Command], src dice.Source) reference.Command {
	if p.Kind == engine.React {
		s.reacted.Add(1)
		if view.Pending != nil && view.Pending.Feint && view.Pending.Attacker != p.Actor {
			s.shownFeint.Add(1)
		}
	}
	c := p.Options[src.Roll(len(p.Options))-1].Command
	if _, ok := c.(*reference.Feint); ok {
		s.feinted.Add(1)
	}
	return c
}

// TestPoliciesSeeOnlyTheirView runs skirmishes between two spies: the
// target of a feint must never be shown that it is one, though feints are
// made and hit. Played without the reference ruleset's Simulation
// capability, the report says nothing of rounds or of what befell each
// combatant; with it, it does.
func TestPoliciesSeeOnlyTheirView(t *testing.T) {
	var feinted, shown, reacted atomic.Int64
	s := spy{&feinted, &shown, &reacted}
	initial := bundled(t, "reference_skirmish")
	r, err := sim.Run[reference.State, reference.Command, reference.Event](withoutSimulation{reference.Rules{}}, &initial, map[string]engine.Policy[reference.State, reference.Command]{"spy": s},
		sim.Options{Fights: 300, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if feinted.Load() == 0 || reacted.Load() == 0 {
		t.Fatalf("%d feints, %d reactions: the test shows nothing", feinted.Load(), reacted.Load())
	}
	if shown.Load() != 0 {
		t.Errorf("a target was shown %d feints", shown.Load())
	}
	if r.Rounds != nil || r.Combatants != nil || len(r.Sides) != 2 || r.Sides[0].Side != "red" || r.Sides[0].Policy != "spy" {
		t.Errorf("a report without the Simulation capability: %+v", r)
	}
	r, err = sim.Run[reference.State, reference.Command, reference.Event](reference.Rules{}, &initial, map[string]engine.Policy[reference.State, reference.Command]{"spy": s},
		sim.Options{Fights: 300, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if shown.Load() != 0 {
		t.Errorf("a target was shown %d feints", shown.Load())
	}
	if r.Rounds == nil || len(r.Combatants) != 4 || r.Combatants[0].ID != "ann" {
		t.Errorf("a report with the Simulation capability: %+v", r)
	}
}

// refuser is a policy whose choice the rules refuse.
type refuser struct{}

func (refuser) Choose(*blackpowder.State, *engine.Prompt[blackpowder.Command], dice.Source) blackpowder.Command {
	return &blackpowder.Attack{Target: "nobody"}
}

// panicker is a policy that panics.
type panicker struct{}

func (panicker) Choose(*blackpowder.State, *engine.Prompt[blackpowder.Command], dice.Source) blackpowder.Command {
	panic("the policy broke")
}

// badPolicies is blackpowder offering a policy the rules refuse and one
// that panics.
type badPolicies struct{ blackpowder.Rules }

func (badPolicies) Policies() map[string]engine.Policy[blackpowder.State, blackpowder.Command] {
	return map[string]engine.Policy[blackpowder.State, blackpowder.Command]{
		engine.TacticalPolicy: blackpowder.Tactical{}, "refuser": refuser{}, "panicker": panicker{},
	}
}

func TestRunErrors(t *testing.T) {
	bp := sim.For[blackpowder.State, blackpowder.Command, blackpowder.Event](badPolicies{})
	tb := demo(t, "tavern_brawl")
	for _, tt := range []struct {
		name string
		opts sim.Options
		want string
	}{
		{"no fights", sim.Options{}, "the number of fights must be at least 1, not 0"},
		{"negative workers", sim.Options{Fights: 1, Workers: -1}, "workers must be 0"},
		{"unknown side", sim.Options{Name: "tb", Fights: 1, Policies: map[string]string{"thugs": "random"}}, `no side "thugs" in tb (sides: players, brutes)`},
		{"unknown policy", sim.Options{Fights: 1, Policies: map[string]string{"brutes": "clever"}}, `no policy "clever" for the brutes side (blackpowder policies: panicker, random, refuser, tactical)`},
		{"refused", sim.Options{Fights: 100, Policies: map[string]string{"brutes": "refuser"}}, `fight 0 (dice seed `},
		{"panic", sim.Options{Fights: 100, Policies: map[string]string{"players": "panicker"}}, "panic: the policy broke"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := bp.Simulate(tb, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	_, err := bp.Simulate(tb, sim.Options{Fights: 10, Policies: map[string]string{"brutes": "refuser"}})
	var fe *sim.FightError
	if !errors.As(err, &fe) || fe.Fight != 0 || fe.Seed != sim.FightSeed(0, 0) || !strings.Contains(err.Error(), `brute's choice "attack nobody" was refused: brute cannot act now`) {
		t.Errorf("error %v; want a FightError for fight 0 naming the refused choice", err)
	}
}

// TestSimulatorChooses checks the policy choice the play command uses.
func TestSimulatorChooses(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	if got := bp.Policies(); strings.Join(got, ",") != "random,tactical" || bp.Ruleset() != "blackpowder" {
		t.Errorf("policies %v of %s", got, bp.Ruleset())
	}
	tb := demo(t, "tavern_brawl")
	if got := bp.Sides(tb); strings.Join(got, ",") != "players,brutes" {
		t.Errorf("sides %v", got)
	}
	text, err := bp.Choose(tb, engine.TacticalPolicy, dice.Seeded(1))
	if err != nil || text != "initiative" {
		t.Errorf("Choose = %q, %v; want initiative", text, err)
	}
	if _, err := bp.Choose(tb, "clever", dice.Seeded(1)); err == nil {
		t.Error("an unknown policy chose")
	}
	other := sim.For[reference.State, reference.Command, reference.Event](withoutSimulation{reference.Rules{}})
	if _, err := other.Simulate(tb, sim.Options{Fights: 1}); err == nil || !strings.Contains(err.Error(), "a blackpowder fight, not reference") {
		t.Errorf("simulating a blackpowder table as a reference fight: %v", err)
	}
	if got := other.Policies(); len(got) != 1 || got[0] != engine.RandomPolicy {
		t.Errorf("a ruleset without policies gets %v, want the random one", got)
	}
}
