package odds_test

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	bp "fray/rules/blackpowder"
)

// A computation that cannot finish within its path budget, told to fall
// back, estimates: every tag's exact probability, every combatant's chance
// to go down and expected damage lie within the estimate's 95% intervals
// (widened a little, as a few of some thirty intervals may miss by chance:
// the dice are seeded, so the test does not flicker), the estimate says
// so everywhere, and asking again gives the same estimate.
func TestEstimateAgreesWithTheExactOdds(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	exact := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{})
	if exact.Status() != odds.Exact || exact.Estimate != nil {
		t.Fatalf("status %s", exact.Status())
	}
	est := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{MaxPaths: 100, Fallback: true})
	if est.Status() != odds.Estimated || est.Estimate == nil {
		t.Fatalf("status %s, want an estimate", est.Status())
	}
	e := est.Estimate
	if e.Samples < odds.MinSamples || e.Samples > odds.DefaultSamples || !strings.Contains(e.Reason, "100 of its budget") {
		t.Errorf("estimate %+v", e)
	}
	if est.Paths > 100 {
		t.Errorf("%d dice paths run over a budget of 100", est.Paths)
	}
	sumsToOne(t, est)
	within := func(what string, exact float64, lo, hi float64) {
		t.Helper()
		probability := !strings.HasSuffix(what, "damage")
		slack := (hi - lo) / 4
		if exact < lo-slack || exact > hi+slack {
			t.Errorf("%s: exact %.4f, estimated within [%.4f, %.4f]", what, exact, lo, hi)
		}
		if probability && (hi-lo)/2 > odds.Precision+0.0005 && e.Samples < odds.DefaultSamples {
			t.Errorf("%s: stopped at %d samples with an interval [%.4f, %.4f] wider than the precision", what, e.Samples, lo, hi)
		}
	}
	for _, tag := range exact.Tags {
		f, _ := tag.P.Float64()
		lo, hi := est.Interval(est.TagP(tag.Tag))
		within("P("+tag.Tag+")", f, lo, hi)
	}
	for _, c := range exact.Combatants {
		ec := est.Combatant(c.Combatant)
		if ec == nil {
			t.Errorf("%s missing from the estimate", c.Combatant)
			continue
		}
		f, _ := c.Down.Float64()
		lo, hi := est.Interval(ec.Down)
		within(c.Combatant+" down", f, lo, hi)
		f, _ = c.MeanDamage.Float64()
		lo, hi = est.MeanInterval(ec)
		within(c.Combatant+" expected damage", f, lo, hi)
	}
	// The same question, the same estimate.
	again := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{MaxPaths: 100, Fallback: true})
	a, _ := json.Marshal(odds.NewReportJSON(est))
	b, _ := json.Marshal(odds.NewReportJSON(again))
	if string(a) != string(b) {
		t.Errorf("asked twice, estimated differently:\n%s\n%s", a, b)
	}
	// Marked as an estimate in JSON and in text.
	j := odds.NewReportJSON(est)
	if j.Status != "estimate" || j.Estimate == nil || j.Estimate.Samples != e.Samples || j.HitInterval == nil || j.TargetDownInterval == nil {
		t.Errorf("JSON: status %q, estimate %+v, hit interval %v", j.Status, j.Estimate, j.HitInterval)
	}
	var text strings.Builder
	if err := est.WriteText(&text, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "ESTIMATE from") || !strings.Contains(text.String(), "not exact") {
		t.Errorf("text does not say it is an estimate:\n%s", text.String())
	}
	// Without Fallback, the same budget gives a partial answer, as ever.
	part := oddsOf(t, s, "eastman", "attack westman", tactical, odds.Options{MaxPaths: 100, Workers: 1})
	if part.Status() != odds.Partial || part.Paths > 100 {
		t.Errorf("status %s after %d paths, want partial within 100", part.Status(), part.Paths)
	}
}

// The Wilson interval of a frequency: checked against values worked out
// by hand (f = 0.5 over 100: 0.4038 to 0.5962; f = 0 over 400: 0 to
// 0.0095).
func TestIntervals(t *testing.T) {
	r := &odds.Report{Estimate: &odds.Estimate{Samples: 100}}
	lo, hi := r.Interval(ratOf(t, "1/2"))
	if math.Abs(lo-0.4038) > 1e-4 || math.Abs(hi-0.5962) > 1e-4 {
		t.Errorf("0.5 over 100: [%.4f, %.4f]", lo, hi)
	}
	r.Estimate.Samples = 400
	lo, hi = r.Interval(ratOf(t, "0/1"))
	if lo != 0 || math.Abs(hi-0.00952) > 1e-4 {
		t.Errorf("0 over 400: [%.5f, %.5f]", lo, hi)
	}
	// An exact partial answer: from p to p plus what is not covered.
	r = &odds.Report{Uncovered: ratOf(t, "1/10")}
	lo, hi = r.Interval(ratOf(t, "1/2"))
	if lo != 0.5 || hi != 0.6 {
		t.Errorf("1/2 with 1/10 uncovered: [%v, %v]", lo, hi)
	}
}

// ratOf reads a fraction.
func ratOf(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("not a fraction: %q", s)
	}
	return r
}

// breaking is blackpowder whose attacks fail with a ruleset bug.
type breaking struct {
	engine.Game[bp.State, bp.Command, bp.Event]
	engine.Odds[bp.State, bp.Command, bp.Event]
}

func (b breaking) Decide(s *bp.State, actor string, c bp.Command, src dice.Source) ([]bp.Event, error) {
	if strings.HasPrefix(b.FormatCommand(c), "attack") {
		panic("a bug in the attack")
	}
	return b.Game.Decide(s, actor, c, src)
}

// A menu one of whose options cannot be had at all (here a ruleset bug)
// still answers the others: that option is refused, with its reason.
func TestOneRefusedOptionBlanksNoOther(t *testing.T) {
	g := breaking{game, bp.Rules{}}
	calc, err := odds.For[bp.State, bp.Command, bp.Event](g)
	if err != nil {
		t.Fatal(err)
	}
	s := turn(t, brawler(), thug(7, 30, club), nil)
	table := engine.NewTable[bp.State, bp.Command, bp.Event](g, engine.NewEncounter[bp.State, bp.Command, bp.Event](g, *s))
	m, err := calc.All(table, "markus", odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	refused, answered := 0, 0
	for _, h := range m.Options {
		switch {
		case strings.HasPrefix(h.Command, "attack"):
			if h.Status != odds.Refused || h.Report != nil || !strings.Contains(h.Refusal, "a bug in the attack") {
				t.Errorf("%s: %s %q", h.Command, h.Status, h.Refusal)
			}
			refused++
		case h.Status == odds.Exact && h.Report != nil:
			answered++
		default:
			t.Errorf("%s: %s %q", h.Command, h.Status, h.Refusal)
		}
	}
	if refused == 0 || answered == 0 {
		t.Fatalf("%d refused, %d answered", refused, answered)
	}
	j := odds.NewMenuJSON(bp.ID, m)
	for _, o := range j.Options {
		if o.Status == "refused" && (o.Odds != nil || o.Refusal == "") {
			t.Errorf("%s: JSON %+v", o.Command, o)
		}
	}
	var text strings.Builder
	if err := m.WriteText(&text, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "(REFUSED: ") {
		t.Errorf("text:\n%s", text.String())
	}
}

// counting is blackpowder that counts its decisions: one per dice path.
type counting struct {
	engine.Game[bp.State, bp.Command, bp.Event]
	engine.Odds[bp.State, bp.Command, bp.Event]
	n *atomic.Int64
}

func (c counting) Decide(s *bp.State, actor string, cmd bp.Command, src dice.Source) ([]bp.Event, error) {
	c.n.Add(1)
	return c.Game.Decide(s, actor, cmd, src)
}

// A path budget is honoured exactly on several workers too: the paths
// run, counted as the ruleset decides them, never pass it (they did by
// about twice when a parallel run that ran out was run again in order).
func TestPathBudgetHonouredOnSeveralWorkers(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil)
	for _, fallback := range []bool{false, true} {
		var n atomic.Int64
		g := counting{game, bp.Rules{}, &n}
		c, err := g.ParseCommand(s, "eastman", "attack thug")
		if err != nil {
			t.Fatal(err)
		}
		r, err := odds.Of[bp.State, bp.Command, bp.Event](g, s, "eastman", c, defaults, odds.Options{MaxPaths: 300, Workers: 4, Fallback: fallback})
		if err != nil {
			t.Fatal(err)
		}
		// One more: the parallel enumeration's probe of the first die.
		// (An estimate's resolutions decide too: only the budget of the
		// enumeration is checked then.)
		if ran := n.Load(); !fallback && ran > 301 || r.Paths > 300 {
			t.Errorf("fallback %v: %d dice paths run, %d reported, over a budget of 300", fallback, ran, r.Paths)
		}
		if want := map[bool]odds.Status{false: odds.Partial, true: odds.Estimated}[fallback]; r.Status() != want {
			t.Errorf("fallback %v: status %s, want %s", fallback, r.Status(), want)
		}
	}
}

// A command whose own dice tree is far past its budget (probed by random
// paths before any is enumerated) is estimated at once, without spending
// the budget first; one within a few times its budget is tried exactly.
func TestProbedPastTheBudget(t *testing.T) {
	target := thug(6, 30, club)
	target.Unaware = true
	s := turn(t, gunman("eastman", "players"), target, nil) // 417 dice paths
	// The probe is a mean of a few random estimates, seeded by the state:
	// the budget is far enough below the tree that any seed finds it past.
	far := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxPaths: 8, Fallback: true, Workers: 1})
	if far.Estimate == nil || !strings.Contains(far.Estimate.Reason, "(probed), more than 4 times the 8 of its budget") || far.Paths != 0 {
		t.Errorf("a budget of 8: estimate %+v after %d paths, want one probed before any path", far.Estimate, far.Paths)
	}
	near := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxPaths: 300, Fallback: true, Workers: 1})
	if near.Estimate == nil || !strings.Contains(near.Estimate.Reason, "more dice paths than the 300 of its budget") || near.Paths != 300 {
		t.Errorf("a budget of 300: estimate %+v after %d paths, want one tried exactly first", near.Estimate, near.Paths)
	}
	exact := oddsOf(t, s, "eastman", "attack thug", defaults, odds.Options{MaxPaths: 417, Fallback: true, Workers: 1})
	if exact.Status() != odds.Exact {
		t.Errorf("a budget of 417: %s", exact.Status())
	}
}

// An estimate's figures do not depend on how many goroutines play its
// resolutions: played on one, on four, or on the processors Cores lends,
// the report is the same to the byte, whether the estimate stops as
// precise or at its most resolutions, of a part or of the whole. (More
// workers change where a parallel enumeration stops, and so the part
// left to estimate: a part is played on the cores lent.)
func TestEstimateIsTheSameOnAnyNumberOfGoroutines(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	type way struct {
		workers int
		cores   *odds.Cores
	}
	for _, c := range []struct {
		name string
		opts odds.Options
		ways []way
	}{
		{"part", odds.WithSeed(odds.Options{MaxPaths: 300, Fallback: true, Samples: 2000}, 5, false), []way{{1, nil}, {1, odds.NewCores(3)}}},
		{"whole", odds.WithSeed(odds.Options{MaxPaths: 600, Fallback: true}, 5, true), []way{{1, nil}, {4, nil}, {1, odds.NewCores(3)}}},
		{"whole, at most 777", odds.WithSeed(odds.Options{MaxPaths: 600, Fallback: true, Samples: 777}, 9, true), []way{{1, nil}, {3, nil}, {1, odds.NewCores(1)}}},
	} {
		var want []byte
		for _, w := range c.ways {
			o := c.opts
			o.Workers, o.Cores = w.workers, w.cores
			r := oddsOf(t, s, "eastman", "attack westman", tactical, o)
			if r.Estimate == nil {
				t.Fatalf("%s: status %s, want an estimate", c.name, r.Status())
			}
			got, err := json.Marshal(odds.NewReportJSON(r))
			if err != nil {
				t.Fatal(err)
			}
			if want == nil {
				want = got
				t.Logf("%s: %d resolutions, exact share %v", c.name, r.Estimate.Samples, r.Estimate.Exact)
				if r.Estimate.Samples <= 2*50 {
					t.Errorf("%s: %d resolutions, want several blocks", c.name, r.Estimate.Samples)
				}
				continue
			}
			if i := firstDifference(got, want); i >= 0 {
				t.Errorf("%s: with %d workers and cores lent %v, the report differs from one goroutine's at byte %d: %.120s, want %.120s",
					c.name, w.workers, w.cores != nil, i, got[i:], want[i:])
			}
		}
		if c.opts.Samples == 777 && !strings.Contains(string(want), `"samples":777,`) {
			t.Errorf("%s: want 777 resolutions: %.300s", c.name, want)
		}
	}
}

// TestExactIsTheSameWithCoresLent: an exact report, and one whose budget
// runs out within a decision (its paths kept, the rest split by its dice
// and estimated), are the same to the byte on one goroutine and with
// processors lent to the decisions' dice paths.
func TestExactIsTheSameWithCoresLent(t *testing.T) {
	west := gunman("westman", "enemies")
	west.X = 12
	s := turn(t, gunman("eastman", "players"), west, nil)
	for _, opts := range []odds.Options{
		{MaxPaths: 1000000, Fallback: true},
		odds.WithSeed(odds.Options{MaxPaths: 50, Fallback: true, Samples: 400}, 3, false),
		odds.WithSeed(odds.Options{MaxPaths: 300, Fallback: true, Samples: 400}, 3, false),
	} {
		var want []byte
		for _, cores := range []*odds.Cores{nil, odds.NewCores(1), odds.NewCores(3)} {
			o := opts
			o.Workers, o.Cores = 1, cores
			r := oddsOf(t, s, "eastman", "attack westman", tactical, o)
			got, err := json.Marshal(odds.NewReportJSON(r))
			if err != nil {
				t.Fatal(err)
			}
			if want == nil {
				want = got
				t.Logf("a budget of %d paths: %s", opts.MaxPaths, r.Status())
				continue
			}
			if i := firstDifference(got, want); i >= 0 {
				t.Errorf("a budget of %d paths, cores lent: the report differs from one goroutine's at byte %d: %.120s, want %.120s", opts.MaxPaths, i, got[i:], want[i:])
			}
		}
	}
}

// firstDifference returns the first byte where a and b differ, -1 when
// they are the same.
func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
