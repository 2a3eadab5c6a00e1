package odds_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
	"fray/rules/reference"
	"fray/rules/tempo"
	"fray/scenario"
)

// bundledTable starts a bundled encounter of any ruleset and plays the
// steps given ("ACTOR: COMMAND"), drawing the dice given, with the
// calculator of its ruleset.
func bundledTable(t *testing.T, ruleset, name string, steps []string, dieValues ...int) (engine.Table, odds.Calculator) {
	t.Helper()
	reg, err := engine.NewRegistry(bp.Info(), tempo.Info(), reference.Info())
	if err != nil {
		t.Fatal(err)
	}
	info, err := reg.Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	table, err := scenario.ParseEncounter(reg, name, info.Content()[name])
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewScript(dieValues...)
	for _, step := range steps {
		actor, text, _ := strings.Cut(step, ":")
		if _, err := table.Submit(strings.TrimSpace(actor), strings.TrimSpace(text), src); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	var calc odds.Calculator
	switch ruleset {
	case bp.ID:
		calc, err = odds.For(engine.Game[bp.State, bp.Command, bp.Event](bp.Rules{}))
	case tempo.ID:
		calc, err = odds.For(engine.Game[tempo.State, tempo.Command, tempo.Event](tempo.Rules{}))
	case reference.ID:
		calc, err = odds.For(engine.Game[reference.State, reference.Command, reference.Event](reference.Rules{}))
	}
	if err != nil || calc == nil {
		t.Fatalf("no calculator for %s: %v", ruleset, err)
	}
	return table, calc
}

// sameOdds fails the test unless two reports give every outcome, and the
// uncovered part, the same exact probability.
func sameOdds(t *testing.T, what string, got, want *odds.Report) {
	t.Helper()
	if got.Uncovered.Cmp(want.Uncovered) != 0 {
		t.Errorf("%s: uncovered %s, want %s", what, got.Uncovered.RatString(), want.Uncovered.RatString())
	}
	ps := map[string]string{}
	for _, o := range want.Outcomes {
		ps[o.Key()] = o.P.RatString()
	}
	for _, o := range got.Outcomes {
		if w, ok := ps[o.Key()]; !ok || w != o.P.RatString() {
			t.Errorf("%s: outcome %q: %s, want %s", what, o.Key(), o.P.RatString(), w)
		}
		delete(ps, o.Key())
	}
	for k, p := range ps {
		t.Errorf("%s: outcome %q (%s) is missing", what, k, p)
	}
}

// Following a die by the classes the rules read it by gives exactly the
// odds of following every value, for every option of a decision, in each
// ruleset; blackpowder's and reference's with fewer paths.
func TestClassesAreThePlainEnumeration(t *testing.T) {
	cases := []struct {
		ruleset, encounter string
		steps              []string
		dice               []int
		actor              string
		fewer              bool // the classes must save paths
	}{
		{bp.ID, "pistols_at_dawn", []string{"eastman: initiative", "westman: initiative"}, []int{9, 2}, "eastman", true},
		{bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, []int{9, 2}, "markus", true},
		{bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, []int{2, 9}, "gunman", true},
		{bp.ID, "brute_squad", []string{"beatrix: initiative", "musketeer: initiative"}, []int{2, 9}, "brute", true},
		{tempo.ID, "duel", []string{"gm: begin"}, []int{9, 2}, "fencer", false},
		{tempo.ID, "brawl", []string{"gm: begin"}, []int{9, 2, 5, 3}, "bruno", false},
		{reference.ID, "reference_melee", nil, nil, "", true},
		{reference.ID, "reference_skirmish", nil, nil, "", true},
	}
	for _, c := range cases {
		t.Run(c.ruleset+"/"+c.encounter+"/"+c.actor, func(t *testing.T) {
			table, calc := bundledTable(t, c.ruleset, c.encounter, c.steps, c.dice...)
			actor := c.actor
			if actor == "" {
				actor = table.Prompt().Actor
			}
			classed, err := calc.All(table, actor, odds.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := calc.All(table, actor, odds.Options{Workers: 1, EveryValue: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(classed.Options) != len(plain.Options) {
				t.Fatalf("%d options by classes, %d by every value", len(classed.Options), len(plain.Options))
			}
			var paths, plainPaths int
			for i, h := range classed.Options {
				p := plain.Options[i]
				if h.Command != p.Command {
					t.Fatalf("option %d: %q by classes, %q by every value", i+1, h.Command, p.Command)
				}
				sameOdds(t, h.Command, h.Report, p.Report)
				paths += h.Report.Paths
				plainPaths += p.Report.Paths
			}
			t.Logf("%d options: %d paths by classes, %d by every value", len(classed.Options), paths, plainPaths)
			if c.fewer && paths >= plainPaths {
				t.Errorf("%d paths by classes, not fewer than the %d of every value", paths, plainPaths)
			}
		})
	}
}

// The classes of blackpowder's own checks, each against its plain
// enumeration: a critical hit's re-roll, a parry, a stun, a revive.
func TestBlackpowderClassesByHand(t *testing.T) {
	aware := thug(7, 12, club)
	parrier := thug(7, 10, sword)
	unaware := thug(6, 8, club)
	unaware.Unaware = true
	cases := []struct {
		name    string
		s       *bp.State
		actor   string
		command string
		policy  engine.Policy[bp.State, bp.Command]
	}{
		{"dodged melee attack", turn(t, brawler(), aware, nil), "markus", "attack thug", answerWith{"dodge"}},
		{"parried melee attack", turn(t, brawler(), parrier, nil), "markus", "attack thug", answerWith{"parry"}},
		{"melee attack, tactical answers", turn(t, brawler(), aware, nil), "markus", "attack thug", tactical},
		{"pistol shot at an unaware target", turn(t, gunman("eastman", "players"), unaware, nil), "eastman", "attack thug", tactical},
		{"shot that provokes an opportunity attack", turn(t, gunman("eastman", "players"), aware, nil), "eastman", "attack thug", tactical},
		{"stun", turn(t, brawler(), unaware, nil), "markus", "stun thug", tactical},
		{"random answers", turn(t, brawler(), aware, nil), "markus", "attack thug", bp.Rules{}.Policies()["random"]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			classed := oddsOf(t, c.s, c.actor, c.command, c.policy, odds.Options{Workers: 2})
			plain := oddsOf(t, c.s, c.actor, c.command, c.policy, odds.Options{Workers: 1, EveryValue: true})
			sameOdds(t, c.name, classed, plain)
			if classed.Paths >= plain.Paths {
				t.Errorf("%d paths by classes, not fewer than the %d of every value", classed.Paths, plain.Paths)
			}
		})
	}
}

// A question past its time budget is refused at once, with how far the
// work got; a menu past it still answers every option, the ones the time
// ran out on estimated.
func TestTimeBudget(t *testing.T) {
	table, calc := bundledTable(t, bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, 2, 9)
	start := time.Now()
	_, err := calc.Odds(table, "gunman", "attack markus", odds.Options{Timeout: time.Microsecond})
	took := time.Since(start)
	over, ok := errors.AsType[*odds.BudgetError](err)
	if !ok {
		t.Fatalf("err = %v, want a *BudgetError", err)
	}
	if over.Budget != "time" || over.Paths <= 0 || over.Situations <= 0 || over.Command == "" || !strings.Contains(err.Error(), "narrow it") {
		t.Errorf("got %+v: %v", over, err)
	}
	if took > 2*time.Second {
		t.Errorf("gave up after %s", took)
	}
	m, err := calc.All(table, "gunman", odds.Options{Timeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	estimated := 0
	for _, h := range m.Options {
		switch h.Status {
		case odds.Estimated:
			estimated++
			e := h.Report.Estimate
			if e.Samples < odds.MinSamples || !strings.Contains(e.Reason, "time budget of 1ms") {
				t.Errorf("%s: estimate %+v", h.Command, e)
			}
		case odds.Exact:
		default:
			t.Errorf("%s: %s %s", h.Command, h.Status, h.Refusal)
		}
	}
	if estimated == 0 {
		t.Errorf("no option estimated past a time budget of 1ms")
	}
}

// So does one past its memory budget: the situations and outcomes it keeps.
func TestMemoryBudget(t *testing.T) {
	s := turn(t, gunman("eastman", "players"), thug(7, 12, club), nil)
	c, err := game.ParseCommand(s, "eastman", "attack thug")
	if err != nil {
		t.Fatal(err)
	}
	_, err = odds.Of(game, s, "eastman", c, tactical, odds.Options{MaxMemory: 10000})
	over, ok := errors.AsType[*odds.BudgetError](err)
	if !ok || over.Budget != "memory" || !strings.Contains(err.Error(), `odds of "attack thug": past the memory budget`) {
		t.Fatalf("err = %v, want past the memory budget", err)
	}
	// The same with room to spare is answered.
	if _, err := odds.Of(game, s, "eastman", c, tactical, odds.Options{}); err != nil {
		t.Fatal(err)
	}
}

// --all's path budget is for every option together, each option given an
// even share of what is left: the paths run never pass it, and the
// options that do not fit in their share are estimated, never blank.
func TestAllSharesThePathBudget(t *testing.T) {
	table, calc := bundledTable(t, bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, 9, 2)
	const budget = 1000
	m, err := calc.All(table, "markus", odds.Options{MaxPaths: budget})
	if err != nil {
		t.Fatal(err)
	}
	paths, estimated, exact := 0, 0, 0
	for _, h := range m.Options {
		paths += h.Report.Paths
		switch h.Status {
		case odds.Estimated:
			estimated++
			if !strings.Contains(h.Report.Estimate.Reason, "dice paths than the") {
				t.Errorf("%s: %+v", h.Command, h.Report.Estimate)
			}
		case odds.Exact:
			exact++
		default:
			t.Errorf("%s: %s %s", h.Command, h.Status, h.Refusal)
		}
	}
	if paths > budget || estimated == 0 || exact == 0 {
		t.Errorf("%d paths in all, %d options estimated, %d exact; want at most %d paths and some of each", paths, estimated, exact, budget)
	}
	if _, err := calc.All(table, "markus", odds.Options{MaxPaths: odds.MaxPathsCeiling + 1}); err == nil || !strings.Contains(err.Error(), "ceiling") {
		t.Errorf("a budget past the ceiling: err = %v", err)
	}
}

// unforgetting is blackpowder without engine.Forgetting (and without the
// capabilities that speed it up), so that every situation is resolved on
// its own.
type unforgetting struct {
	engine.Game[bp.State, bp.Command, bp.Event]
	engine.Odds[bp.State, bp.Command, bp.Event]
}

// Resolving once the situations that differ only in what an answer does
// not read (the attack total, for a target who takes the blow) runs fewer
// dice paths and gives exactly the odds of resolving each on its own.
func TestForgettingKeepsTheOdds(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	merged := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{Workers: 1})
	c, err := game.ParseCommand(s, "eastman", "attack westman")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := odds.Of(unforgetting{game, bp.Rules{}}, s, "eastman", c, tactical, odds.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sameOdds(t, "attack westman", merged, plain)
	// 734 and 2522: the decisions met again from the same state with
	// another outcome so far are filed from the memo, not run again.
	if merged.Paths != 734 || plain.Paths != 2522 {
		t.Errorf("%d dice paths merged and %d on their own, want 734 and 2522", merged.Paths, plain.Paths)
	}
}

// The options of a menu share the decisions they meet from the same state
// (a memo of each decision's results): every option of --all has exactly
// the odds and the work it has asked on its own.
func TestMenuSharesDecisionsExactly(t *testing.T) {
	table, calc := bundledTable(t, bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, 9, 2)
	m, err := calc.All(table, "markus", odds.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range m.Options {
		if h.Status != odds.Exact {
			t.Fatalf("%s: %s, want exact", h.Command, h.Status)
		}
		rep, err := calc.Odds(table, "markus", h.Command, odds.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		sameOdds(t, h.Command, h.Report, rep)
		if h.Report.Paths > rep.Paths {
			t.Errorf("%s: %d dice paths in the menu, %d on its own", h.Command, h.Report.Paths, rep.Paths)
		}
	}
}

// Options.Ready is given each option of the menu once, as soon as it is
// final, with the odds the menu ends with (options waiting for the second
// round come last); Options.Stop stops the menu between options.
func TestAllReadyAndStop(t *testing.T) {
	table, calc := bundledTable(t, bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, 9, 2)
	const budget = 1000 // some options wait for the second round
	given := map[string]odds.Headline{}
	var order []int
	m, err := calc.All(table, "markus", odds.Options{MaxPaths: budget, Workers: 1, Ready: func(i int, h odds.Headline) {
		if _, twice := given[h.Command]; twice {
			t.Errorf("%s given twice", h.Command)
		}
		given[h.Command] = h
		order = append(order, i)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(given) != len(m.Options) {
		t.Fatalf("%d options given, the menu has %d", len(given), len(m.Options))
	}
	for _, h := range m.Options {
		g, ok := given[h.Command]
		if !ok || g.Status != h.Status || g.Hit.Cmp(h.Hit) != 0 || g.Down.Cmp(h.Down) != 0 || g.ExpectedDamage.Cmp(h.ExpectedDamage) != 0 {
			t.Errorf("%s: given %+v, the menu has %+v", h.Command, g, h)
		}
	}
	if slices.IsSorted(order) {
		t.Errorf("options given in the prompt's order %v: none waited for the second round", order)
	}

	stop := make(chan struct{})
	n := 0
	_, err = calc.All(table, "markus", odds.Options{Workers: 1, Stop: stop, Ready: func(int, odds.Headline) {
		n++
		close(stop)
	}})
	if !errors.Is(err, odds.ErrStopped) || n != 1 {
		t.Errorf("stopped after the first option: %d given, err %v", n, err)
	}
	if _, err := calc.All(table, "markus", odds.Options{Stop: stop}); !errors.Is(err, odds.ErrStopped) {
		t.Errorf("stopped before it began: err %v", err)
	}
}

// Options.OptionTimeout bounds each option of the menu: an option whose
// exact odds take more than a few hundred dice paths is estimated past it,
// the others as they were.
func TestAllOptionTimeout(t *testing.T) {
	table, calc := bundledTable(t, bp.ID, "alley_fight", []string{"beatrix: initiative", "thug1: initiative"}, 9, 2)
	exact, err := calc.All(table, "markus", odds.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rushed, err := calc.All(table, "markus", odds.Options{Workers: 1, OptionTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	long := 0
	for _, h := range exact.Options {
		if h.Status != odds.Exact {
			t.Fatalf("%s: %s without a bound", h.Command, h.Status)
		}
		i := slices.IndexFunc(rushed.Options, func(r odds.Headline) bool { return r.Command == h.Command })
		r := rushed.Options[i]
		if h.Report.Paths > 512 {
			long++
			if r.Status != odds.Estimated {
				t.Errorf("%s (%d paths): %s past a bound of a nanosecond", h.Command, h.Report.Paths, r.Status)
			}
		}
	}
	if long == 0 {
		t.Fatal("no option takes more than 512 dice paths")
	}
}

// All's second round gives the options a decision probed far past their
// share their turn first, so that what they leave goes to the options that
// only ran out of theirs. In bow_skirmish, played as the odds benchmark
// plays it (seed 1), the fencer's 18th decision has four combat moves of
// some 4,200 dice paths each and two moves whose counters are probed far
// past any share: within 20,000 paths the combat moves are exact, as each
// is on its own.
func TestAllSecondRoundLetsTheOptionsThatRanOutFinish(t *testing.T) {
	table, calc := bundledTable(t, tempo.ID, "bow_skirmish", nil)
	fight := dice.Mix(1, 0)
	choose, src := dice.Seeded(dice.Mix(fight, 1)), dice.Seeded(dice.Mix(fight, 2))
	for range 18 {
		p := table.Prompt()
		i := choose.Roll(len(p.Options)) - 1
		if p.Kind == engine.Ruling && p.Default >= 0 {
			i = p.Default
		}
		if _, err := table.Submit(p.Actor, p.Options[i].Command, src); err != nil {
			t.Fatalf("%s: %q: %v", p.Actor, p.Options[i].Command, err)
		}
	}
	p := table.Prompt()
	m, err := calc.All(table, p.Actor, odds.Options{MaxPaths: 20000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, h := range m.Options {
		if !strings.HasPrefix(h.Command, "combat-move ") {
			continue
		}
		moves++
		if h.Status != odds.Exact {
			t.Errorf("%s: %s, want exact", h.Command, h.Status)
			continue
		}
		rep, err := calc.Odds(table, p.Actor, h.Command, odds.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		sameOdds(t, h.Command, h.Report, rep)
	}
	if moves != 4 {
		t.Errorf("%s's menu has %d combat moves, want 4 (the fight went otherwise)", p.Actor, moves)
	}
}
