package odds_test

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
	"fray/odds"
	bp "fray/rules/blackpowder"
	"fray/rules/tempo"
	"fray/scenario"
)

// summarizing is a game whose outcomes can be summarised.
type summarizing[S, C, E any] interface {
	engine.Game[S, C, E]
	engine.Odds[S, C, E]
}

// simulate resolves actor's command c in state s once, with dice from src,
// answering the prompts met on the way as odds does (GM rulings by their
// default, the rest by policy from the decider's view), and returns the
// outcome written as Outcome.Key writes it. It shares no code with the
// enumeration.
func simulate[S, C, E any](g summarizing[S, C, E], s *S, actor string, c C, policy engine.Policy[S, C], src dice.Source) (string, error) {
	ids := g.Roster(s)
	before := make([]string, len(ids))
	for i, id := range ids {
		before[i], _ = g.Condition(s, id)
	}
	acting := actor
	if actor == engine.GM {
		acting = g.Next(s).Actor
	}
	var tags []string
	damage := make([]int, len(ids))
	cur := s // Decide leaves it be; each step's result is a copy
	who, cmd := actor, c
	for {
		events, err := g.Decide(cur, who, cmd, src)
		if err != nil {
			return "", err
		}
		after := g.Clone(cur)
		engine.Apply(g, &after, events)
		tags = g.Outcome(cur, acting, events, &after, tags, damage)
		cur = &after
		p := g.Next(cur)
		if p.Kind == engine.Act || p.Kind == engine.End {
			break
		}
		who = p.Actor
		if p.Kind == engine.Ruling && p.Default >= 0 {
			cmd = p.Options[p.Default].Command
			continue
		}
		v := engine.Viewer{Combatant: who}
		if who == engine.GM {
			v = engine.Everyone
		}
		view, vp := engine.View[S, C, E](g, cur, v), engine.ViewPrompt(g, cur, v)
		cmd = policy.Choose(&view, &vp, src)
	}
	slices.Sort(tags)
	key := strings.Join(slices.Compact(tags), " ")
	for i, id := range ids {
		cond, _ := g.Condition(cur, id)
		if damage[i] == 0 && cond == before[i] {
			continue
		}
		if key != "" {
			key += ", "
		}
		key += id
		if damage[i] != 0 {
			key += " -" + strconv.Itoa(damage[i])
		}
		if cond != before[i] {
			key += " " + cond
		}
	}
	if key == "" {
		key = "nothing"
	}
	return key, nil
}

// agree checks that n simulated resolutions of the command fall on the
// exact outcomes as often as their probabilities say: within 4 standard
// deviations (plus one, for counts too small to be normal) for every
// outcome and every tag, and never on an outcome the enumeration did not
// find. The simulations run in parallel, each worker on its own seeded PCG.
func agree[S, C, E any](t *testing.T, g summarizing[S, C, E], s *S, actor, command string, policy engine.Policy[S, C], n int) {
	t.Helper()
	c, err := g.ParseCommand(s, actor, command)
	if err != nil {
		t.Fatal(err)
	}
	r, err := odds.Of(g, s, actor, c, policy, odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Uncovered.Sign() != 0 {
		t.Fatalf("the odds leave %s uncovered", r.Uncovered.RatString())
	}
	workers := runtime.GOMAXPROCS(0)
	counts := make([]map[string]int, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := dice.Seeded(uint64(1000 + w))
			counts[w] = map[string]int{}
			for i := w; i < n; i += workers {
				key, err := simulate(g, s, actor, c, policy, src)
				if err != nil {
					errs[w] = err
					return
				}
				counts[w][key]++
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for w := range workers {
		if errs[w] != nil {
			t.Fatal(errs[w])
		}
		for k, v := range counts[w] {
			seen[k] += v
		}
	}
	check := func(what string, p float64, got int) {
		t.Helper()
		mean := float64(n) * p
		sigma := math.Sqrt(float64(n) * p * (1 - p))
		if d := math.Abs(float64(got) - mean); d > 4*sigma+1 {
			t.Errorf("%s: %d of %d, exact odds say %.1f (%.1f sigma off)", what, got, n, mean, d/sigma)
		}
	}
	tagCounts := map[string]int{}
	for _, o := range r.Outcomes {
		p, _ := o.P.Float64()
		check(fmt.Sprintf("outcome %q (p %s)", o.Key(), o.P.RatString()), p, seen[o.Key()])
		for _, tag := range o.Tags {
			tagCounts[tag] += seen[o.Key()]
		}
		delete(seen, o.Key())
	}
	for k, v := range seen {
		t.Errorf("outcome %q happened %d times in %d, but the exact odds do not have it", k, v, n)
	}
	for _, tag := range r.Tags {
		p, _ := tag.P.Float64()
		check("tag "+tag.Tag, p, tagCounts[tag.Tag])
	}
}

// samples is how many resolutions an agreement test simulates: full (a
// million for the cases the issue names) in the long run that
// enginetest.LongEnv asks for, a tenth of it by default and a hundredth
// with -short.
func samples(full int) int {
	return enginetest.Scale(full)
}

// lessGC makes the garbage collector run less often while a test runs:
// the simulations copy states by the million.
func lessGC(t *testing.T) {
	old := debug.SetGCPercent(400)
	t.Cleanup(func() { debug.SetGCPercent(old) })
}

var tactical = bp.Rules{}.Policies()[engine.TacticalPolicy]

func TestAgreesWithSimulation(t *testing.T) {
	aware := thug(7, 12, club)
	unaware := thug(6, 8, club)
	unaware.Unaware = true
	parrier := thug(7, 10, sword)
	cases := []struct {
		name    string
		s       *bp.State
		actor   string
		command string
		policy  engine.Policy[bp.State, bp.Command]
		n       int
	}{
		// The commands the issue names, a million times each: melee attacks
		// on a target that dodges and on one that parries, and a pistol
		// shot (two damage dice kept high, criticals, the jam table).
		{"melee attack on a dodging target", turn(t, brawler(), aware, nil), "markus", "attack thug", answerWith{"dodge"}, 1000000},
		{"melee attack on a parrying target", turn(t, brawler(), parrier, nil), "markus", "attack thug", answerWith{"parry"}, 1000000},
		{"pistol shot: deadly, critical, jam", turn(t, gunman("eastman", "players"), unaware, nil), "eastman", "attack thug", tactical, 1000000},
		// More, fewer times each, to keep the test quick: the tactical
		// policy's answers, and a shot four decisions deep.
		{"melee attack, tactical answers", turn(t, brawler(), aware, nil), "markus", "attack thug", tactical, 100000},
		{"shot that provokes an opportunity attack", turn(t, gunman("eastman", "players"), aware, nil), "eastman", "attack thug", tactical, 100000},
	}
	lessGC(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			agree(t, summarizing[bp.State, bp.Command, bp.Event](bp.Rules{}), c.s, c.actor, c.command, c.policy, samples(c.n))
		})
	}
}

// tempoTable starts a bundled tempo encounter and plays the GM's begin
// with the dice given.
func tempoState(t *testing.T, name string, initiative ...int) *tempo.State {
	t.Helper()
	reg, err := engine.NewRegistry(bp.Info(), tempo.Info())
	if err != nil {
		t.Fatal(err)
	}
	info, _ := reg.Lookup(tempo.ID)
	table, err := scenario.ParseEncounter(reg, name, info.Content()[name])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.Submit(engine.GM, "begin", dice.NewScript(initiative...)); err != nil {
		t.Fatal(err)
	}
	_, enc, ok := engine.Unwrap[tempo.State, tempo.Command, tempo.Event](table)
	if !ok {
		t.Fatal("not a tempo table")
	}
	s := tempo.Rules{}.Clone(enc.State())
	return &s
}

func TestAgreesWithSimulationTempo(t *testing.T) {
	policy := tempo.Rules{}.Policies()[engine.TacticalPolicy]
	duel := tempoState(t, "duel", 9, 2)
	brawl := tempoState(t, "brawl", 9, 2, 5, 3)
	// A tempo decision costs several times a blackpowder one to simulate,
	// and one that moves (a path search) several times more: fewer runs.
	cases := []struct {
		name    string
		s       *tempo.State
		actor   string
		command string
		n       int
	}{
		{"punch in a grapple", brawl, "bruno", "punch fencer", 100000},
		{"pin", brawl, "bruno", "pin fencer", 100000},
		{"move", duel, "fencer", "move 1,0", 20000},
		{"combat move", duel, "fencer", "combat-move duelist 1,-1", 20000},
	}
	lessGC(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			agree(t, summarizing[tempo.State, tempo.Command, tempo.Event](tempo.Rules{}), c.s, c.actor, c.command, policy, samples(c.n))
		})
	}
}
