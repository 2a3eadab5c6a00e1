package dice

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// attack is shaped like a rules function: d10+bonus against a difficulty
// (a natural 10 always hits), then a d10 of damage; a damage die of 10 earns
// a second attack roll and, if that hits too, a second damage die. It draws
// one, two, three or four dice depending on how they fall.
func attack(bonus, difficulty int) func(Source) (int, error) {
	hits := func(src Source) bool {
		d := src.Roll(10)
		return d == 10 || d+bonus >= difficulty
	}
	return func(src Source) (int, error) {
		if !hits(src) {
			return 0, nil
		}
		dmg := src.Roll(10)
		if dmg == 10 && hits(src) {
			dmg += src.Roll(10)
		}
		return dmg, nil
	}
}

func TestEnumerateHandComputedAttack(t *testing.T) {
	en, err := Enumerate(attack(3, 7), EnumerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Hit on 4..10: 7/10. Damage 15 needs a hit, a 10, a second hit and a
	// 5: 7/10 * 1/10 * 7/10 * 1/10.
	checks := map[int]string{0: "3/10", 1: "7/100", 10: "21/1000", 15: "49/10000", 20: "49/10000"}
	for v, want := range checks {
		if got := en.P(v); got.Cmp(rat(want)) != 0 {
			t.Errorf("P(damage %d) = %s, want %s", v, got.RatString(), want)
		}
	}
	sum := new(big.Rat)
	for _, o := range en.Outcomes {
		sum.Add(sum, o.P)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 || en.Truncated.Sign() != 0 {
		t.Errorf("probabilities sum to %s, truncated %s", sum.RatString(), en.Truncated.RatString())
	}
	// Paths: 3 misses; 7 hits x (9 ordinary damage dice + a 10 with 3
	// missed crits + 7 crit hits x 10 damage dice).
	if want := 3 + 7*(9+3+7*10); en.Paths != want {
		t.Errorf("%d paths, want %d", en.Paths, want)
	}
	// Against Evade 20 only a natural 10 hits.
	hard, err := EnumerateDist(attack(3, 20), EnumerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := hard.AtLeast(1); got.Cmp(big.NewRat(1, 10)) != 0 {
		t.Errorf("vs 20: P(hit) = %s, want 1/10", got.RatString())
	}
	if got := hard.Mean(); got.Cmp(rat("1111/2000")) != 0 { // 1/10 * (11/2 + 1/10*1/10*11/2)
		t.Errorf("vs 20: mean damage %s, want 1111/2000", got.RatString())
	}
}

func TestEnumerateNoDice(t *testing.T) {
	en, err := Enumerate(func(Source) (string, error) { return "same", nil }, EnumerateOptions{})
	if err != nil || en.Paths != 1 || len(en.Outcomes) != 1 || en.Outcomes[0].P.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("got %+v, %v", en, err)
	}
}

func TestEnumerateRefusesOverBudget(t *testing.T) {
	sevenDice := func(src Source) (int, error) {
		s := 0
		for range 7 {
			s += src.Roll(10)
		}
		return s, nil
	}
	_, err := Enumerate(sevenDice, EnumerateOptions{MaxPaths: 1000})
	var be *BudgetError
	if !errors.As(err, &be) || be.MaxPaths != 1000 {
		t.Fatalf("err = %v, want a *BudgetError", err)
	}
	if !strings.Contains(err.Error(), "more than 1000 dice paths") {
		t.Errorf("message: %v", err)
	}
}

func TestEnumerateCutsDeepPathsAndReportsTheirMass(t *testing.T) {
	explode := func(src Source) (int, error) {
		total := 0
		for {
			v := src.Roll(6)
			total += v
			if v != 6 {
				return total, nil
			}
		}
	}
	en, err := Enumerate(explode, EnumerateOptions{MaxDraws: 3})
	if err != nil {
		t.Fatal(err)
	}
	if en.Truncated.Cmp(big.NewRat(1, 216)) != 0 {
		t.Errorf("truncated %s, want 1/216", en.Truncated.RatString())
	}
	if got := en.P(17); got.Cmp(big.NewRat(1, 216)) != 0 {
		t.Errorf("P(6+6+5) = %s, want 1/216", got.RatString())
	}
	// The same tail as the expression d6! followed to depth 2.
	d, _ := MustParse("d6!").Exact(ExactOptions{ExplodeDepth: 2})
	if d.Truncated().Cmp(en.Truncated) != 0 {
		t.Errorf("expression tail %s, enumeration tail %s", d.Truncated().RatString(), en.Truncated.RatString())
	}
}

func TestEnumerateDetectsNondeterminism(t *testing.T) {
	calls := 0
	flaky := func(src Source) (int, error) {
		calls++
		sides := 6
		if calls > 3 {
			sides = 8
		}
		return src.Roll(6) + src.Roll(sides), nil
	}
	_, err := Enumerate(flaky, EnumerateOptions{})
	var nd *NondeterministicError
	if !errors.As(err, &nd) || !strings.Contains(err.Error(), "drew a d8 where it drew a d6 before") {
		t.Errorf("err = %v, want a *NondeterministicError", err)
	}
}

func TestEnumerateReportsTheFailingPath(t *testing.T) {
	sentinel := errors.New("illegal")
	_, err := Enumerate(func(src Source) (int, error) {
		if a := src.Roll(4); a == 3 {
			return 0, sentinel
		}
		return 1, nil
	}, EnumerateOptions{})
	if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), "[d4=3]") {
		t.Errorf("err = %v, want the sentinel on path [d4=3]", err)
	}
}

func TestEnumerateOrdersOutcomesByFirstAppearance(t *testing.T) {
	en, err := Enumerate(func(src Source) (string, error) {
		if src.Roll(2) == 1 {
			return "heads", nil
		}
		return "tails", nil
	}, EnumerateOptions{})
	if err != nil || en.Outcomes[0].Value != "heads" || en.Outcomes[1].Value != "tails" {
		t.Errorf("got %+v, %v", en, err)
	}
}

// A function that runs its dice through a Run of its own, as rules code
// that also serves scripted dice does, still has its deep paths cut and
// counted, whatever it makes of the error.
func TestEnumerateSeesThroughAnInnerRun(t *testing.T) {
	explode := func(src Source) (int, error) {
		total := 0
		err := Run(func() error {
			for {
				v := src.Roll(6)
				total += v
				if v != 6 {
					return nil
				}
			}
		})
		if err != nil {
			return 0, errors.New("swallowed: " + err.Error())
		}
		return total, nil
	}
	en, err := Enumerate(explode, EnumerateOptions{MaxDraws: 2})
	if err != nil {
		t.Fatal(err)
	}
	if en.Truncated.Cmp(big.NewRat(1, 36)) != 0 {
		t.Errorf("truncated %s, want 1/36", en.Truncated.RatString())
	}
}

func TestEnumeratePartialReportsTheUnexploredMass(t *testing.T) {
	threeDice := func(src Source) (int, error) {
		return src.Roll(10) + src.Roll(10) + src.Roll(10), nil
	}
	en, err := Enumerate(threeDice, EnumerateOptions{MaxPaths: 250, Partial: true})
	if err != nil {
		t.Fatal(err)
	}
	if en.Paths != 250 {
		t.Errorf("%d paths, want 250", en.Paths)
	}
	// The first 250 paths are those with a first die of 1 or 2 and the
	// first half of those with a 3: a quarter of the whole.
	if en.Unexplored.Cmp(big.NewRat(3, 4)) != 0 {
		t.Errorf("unexplored %s, want 3/4", en.Unexplored.RatString())
	}
	sum := new(big.Rat).Set(en.Unexplored)
	for _, o := range en.Outcomes {
		sum.Add(sum, o.P)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("outcomes and unexplored sum to %s, want 1", sum.RatString())
	}
	// Within budget, Partial changes nothing.
	full, err := Enumerate(threeDice, EnumerateOptions{Partial: true})
	if err != nil || full.Paths != 1000 || full.Unexplored.Sign() != 0 {
		t.Errorf("full: %d paths, unexplored %v, err %v", full.Paths, full.Unexplored, err)
	}
}

// sameEnumeration fails the test unless a and b are equal: the same
// outcomes in the same order with the same probabilities, the same
// truncated and unexplored mass, the same number of paths.
func sameEnumeration[T comparable](t *testing.T, a, b *Enumeration[T]) {
	t.Helper()
	if len(a.Outcomes) != len(b.Outcomes) || a.Paths != b.Paths || a.Truncated.Cmp(b.Truncated) != 0 || a.Unexplored.Cmp(b.Unexplored) != 0 {
		t.Fatalf("%d outcomes, %d paths, truncated %s, unexplored %s; want %d, %d, %s, %s",
			len(a.Outcomes), a.Paths, a.Truncated.RatString(), a.Unexplored.RatString(),
			len(b.Outcomes), b.Paths, b.Truncated.RatString(), b.Unexplored.RatString())
	}
	for i := range a.Outcomes {
		if a.Outcomes[i].Value != b.Outcomes[i].Value || a.Outcomes[i].P.Cmp(b.Outcomes[i].P) != 0 {
			t.Fatalf("outcome %d: %v %s, want %v %s", i, a.Outcomes[i].Value, a.Outcomes[i].P.RatString(), b.Outcomes[i].Value, b.Outcomes[i].P.RatString())
		}
	}
}

func TestEnumerateParallelIsEnumerate(t *testing.T) {
	explode := func(src Source) (int, error) {
		total := 0
		for {
			v := src.Roll(6)
			total += v
			if v != 6 {
				return total, nil
			}
		}
	}
	fs := map[string]func(Source) (int, error){
		"attack":  attack(3, 7),
		"explode": explode,
		"no dice": func(Source) (int, error) { return 4, nil },
		"d2 then d20 or 2d6": func(src Source) (int, error) {
			if src.Roll(2) == 1 {
				return src.Roll(20), nil
			}
			return src.Roll(6) + src.Roll(6), nil
		},
	}
	for name, f := range fs {
		for _, opts := range []EnumerateOptions{{}, {MaxDraws: 2}, {MaxPaths: 30, Partial: true}} {
			want, werr := Enumerate(f, opts)
			for _, workers := range []int{1, 2, 3, 16} {
				got, err := EnumerateParallel(func() func(Source) (int, error) { return f }, workers, opts)
				if (err == nil) != (werr == nil) {
					t.Fatalf("%s %+v, %d workers: err %v, want %v", name, opts, workers, err, werr)
				}
				if err == nil {
					sameEnumeration(t, got, want)
				}
			}
		}
	}
}

func TestEnumerateParallelGivesEachWorkerItsOwnFunction(t *testing.T) {
	made := 0
	newF := func() func(Source) (int, error) {
		made++
		var scratch []int // a worker's own, never shared
		return func(src Source) (int, error) {
			scratch = append(scratch[:0], src.Roll(10), src.Roll(10))
			return scratch[0] + scratch[1], nil
		}
	}
	got, err := EnumerateParallel(newF, 4, EnumerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Enumerate(newF(), EnumerateOptions{})
	sameEnumeration(t, got, want)
	if made < 2 {
		t.Errorf("newF called %d times, want one function per worker", made)
	}
}

func TestEnumerateParallelErrors(t *testing.T) {
	failOn := func(first int) func() func(Source) (int, error) {
		return func() func(Source) (int, error) {
			return func(src Source) (int, error) {
				if v := src.Roll(6); v >= first {
					return 0, errors.New("boom")
				}
				return src.Roll(6), nil
			}
		}
	}
	_, want := Enumerate(failOn(3)(), EnumerateOptions{})
	_, err := EnumerateParallel(failOn(3), 3, EnumerateOptions{})
	if err == nil || err.Error() != want.Error() {
		t.Errorf("err %v, want the first in path order: %v", err, want)
	}
	_, err = EnumerateParallel(func() func(Source) (int, error) {
		return func(src Source) (int, error) { return src.Roll(6), nil }
	}, 2, EnumerateOptions{MaxPaths: 3})
	if _, ok := errors.AsType[*BudgetError](err); !ok {
		t.Errorf("over budget: err %v, want a *BudgetError", err)
	}
	defer func() {
		if r := recover(); r != "bad rule" {
			t.Errorf("recovered %v, want the function's panic", r)
		}
	}()
	EnumerateParallel(func() func(Source) (int, error) {
		return func(src Source) (int, error) {
			if src.Roll(4) == 3 {
				panic("bad rule")
			}
			return 0, nil
		}
	}, 2, EnumerateOptions{})
}
