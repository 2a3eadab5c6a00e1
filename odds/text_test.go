package odds_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"reflect"
	"testing"

	"fray/odds"
)

// shot is a small hand-made report: a shot at a thug that hits half the
// time, a quarter of the time for 3 damage that drops him, with an eighth
// of the probability left uncovered.
func shot() *odds.Report {
	r := big.NewRat
	return &odds.Report{
		Ruleset: "toy", Actor: "ann", Command: "shoot thug", Acting: "ann", Question: "Ann's turn", Policy: "tactical",
		Outcomes: []odds.Outcome{
			{P: r(3, 8), Tags: []string{"miss"}},
			{P: r(1, 4), Tags: []string{"hit"}, Effects: []odds.Effect{{Combatant: "thug", Damage: 1, Condition: "active", Before: "active"}}},
			{P: r(1, 4), Tags: []string{"hit"}, Effects: []odds.Effect{{Combatant: "thug", Damage: 3, Condition: "down", Before: "active", Down: true}}},
		},
		Tags: []odds.TagOdds{{Tag: "hit", P: r(1, 2)}, {Tag: "miss", P: r(3, 8)}},
		Combatants: []odds.CombatantOdds{{
			Combatant: "thug", Before: "active",
			Damage:     []odds.ValueOdds{{Value: 0, P: r(3, 8)}, {Value: 1, P: r(1, 4)}, {Value: 3, P: r(1, 4)}},
			MeanDamage: r(8, 7),
			Conditions: []odds.ConditionOdds{{Condition: "active", P: r(5, 8)}, {Condition: "down", Down: true, P: r(1, 4)}},
			Down:       r(1, 4),
		}},
		Answered:   []odds.Answer{{Actor: "thug", Kind: "react", Question: "dodge?", Command: "stand", Label: "stand still", By: "policy tactical", P: r(1, 2)}},
		Uncovered:  r(1, 8),
		Limits:     []odds.Limit{{Reason: "dice paths beyond the budget of 3", P: r(1, 8)}},
		Paths:      3,
		Situations: 2,
	}
}

func TestReportWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := shot().WriteText(&b, []string{"after the script"}); err != nil {
		t.Fatal(err)
	}
	want := `ann: shoot thug
  at: Ann's turn
  (after the script)

hits 1/2 (50.00%), drops thug 1/4 (25.00%), thug takes 1.14 damage on average

what happens
  fraction  percent  tag
       1/2   50.00%  hit
       3/8   37.50%  miss

thug (active before)
  expected damage 1.14 (8/7); down 1/4 (25.00%)
  ends active 5/8 (62.50%), down 1/4 (25.00%)
  damage  fraction  percent
       0       3/8   37.50%
       1       1/4   25.00%
       3       1/4   25.00%

prompts answered on the way (policy tactical; GM rulings take their default)
  50.00% 1/2 (policy tactical)
      thug: dodge?
      → stand: stand still

outcomes, the most likely first
  fraction  percent  outcome
       3/8   37.50%  miss
       1/4   25.00%  hit, thug -1
       1/4   25.00%  hit, thug -3 down

3 dice paths from 2 situations; NOT COVERED: 1/8 (12.50%) of the probability
  1/8 (12.50%): dice paths beyond the budget of 3
the fractions above are of the whole; the expected damage is over the covered part
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestMenuWriteText(t *testing.T) {
	rep := shot()
	nothing := &odds.Report{Uncovered: new(big.Rat)}
	m := &odds.Menu{Actor: "ann", Question: "Ann's turn", Policy: "tactical", Options: []odds.Headline{
		{Command: "shoot thug", Hit: big.NewRat(1, 2), Target: "thug", ExpectedDamage: big.NewRat(8, 7), Down: big.NewRat(1, 4), Report: rep},
		{Command: "pass", Hit: new(big.Rat), ExpectedDamage: new(big.Rat), Down: new(big.Rat), Report: nothing},
	}}
	var b bytes.Buffer
	if err := m.WriteText(&b, nil); err != nil {
		t.Fatal(err)
	}
	want := `ann's options at: Ann's turn
exact odds; prompts on the way answered by the tactical policy, GM rulings by their default

  #     hit  target    down  E[damage]  command
  1  50.00%    thug  25.00%       1.14  shoot thug (partly uncovered: 12.50%)
  2       -       -       -          -  pass

for the fractions and every outcome: --command "..." or --json
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestNewReportJSON(t *testing.T) {
	j := odds.NewReportJSON(shot())
	if j.Hit != 0.5 || j.HitFraction != "1/2" || j.Target != "thug" || *j.TargetDown != 0.25 || j.TargetExpectedDamageFraction != "8/7" {
		t.Errorf("headline: hit %v %s target %s down %v damage %s", j.Hit, j.HitFraction, j.Target, *j.TargetDown, j.TargetExpectedDamageFraction)
	}
	// The outcomes' fractions and the uncovered one add up to exactly 1.
	sum, _ := new(big.Rat).SetString(j.UncoveredFraction)
	for _, o := range j.Outcomes {
		p, ok := new(big.Rat).SetString(o.Fraction)
		if !ok {
			t.Fatalf("fraction %q", o.Fraction)
		}
		sum.Add(sum, p)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("outcomes and uncovered sum to %s", sum.RatString())
	}
	if want := []odds.EffectJSON{{Combatant: "thug", Damage: 3, Before: "active", Condition: "down", Down: true}}; !reflect.DeepEqual(j.Outcomes[2].Effects, want) {
		t.Errorf("effects %+v, want %+v", j.Outcomes[2].Effects, want)
	}
	if j.Outcomes[0].Effects == nil || len(j.Limits) != 1 || j.Answered[0].Label != "stand still" {
		t.Errorf("outcomes %+v limits %+v answered %+v", j.Outcomes, j.Limits, j.Answered)
	}

	// A report that affects nobody has no target, and empty lists, not
	// nulls.
	data, err := json.Marshal(odds.NewReportJSON(&odds.Report{Ruleset: "toy", Uncovered: new(big.Rat)}))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"tags", "combatants", "answered", "outcomes"} {
		if _, ok := m[key].([]any); !ok {
			t.Errorf("%s is %v, want an empty list", key, m[key])
		}
	}
	for _, key := range []string{"target", "target_down", "limits", "encounter", "notes"} {
		if _, ok := m[key]; ok {
			t.Errorf("%s is present: %v", key, m[key])
		}
	}

	menu := odds.NewMenuJSON("toy", &odds.Menu{Actor: "ann", Options: []odds.Headline{
		{Command: "shoot thug", Hit: big.NewRat(1, 2), Target: "thug", ExpectedDamage: big.NewRat(8, 7), Down: big.NewRat(1, 4), Report: shot()},
	}})
	if menu.Ruleset != "toy" || len(menu.Options) != 1 || menu.Options[0].DownFraction != "1/4" || menu.Options[0].Odds.Command != "shoot thug" {
		t.Errorf("menu %+v", menu)
	}
}

func TestPercent(t *testing.T) {
	for _, tt := range []struct {
		p    *big.Rat
		want string
	}{
		{big.NewRat(0, 1), "0.00%"},
		{big.NewRat(1, 1), "100.00%"},
		{big.NewRat(4, 5), "80.00%"},
		{big.NewRat(1, 20000), "0.01%"},
		{big.NewRat(189, 10000000), "0.0019%"},
	} {
		if got := odds.Percent(tt.p); got != tt.want {
			t.Errorf("Percent(%s) = %s, want %s", tt.p, got, tt.want)
		}
	}
}
