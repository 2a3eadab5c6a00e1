package scenario_test

import (
	"testing"

	"fray/engine"
	"fray/rules/reference"
	"fray/scenario"
)

// TestStepExpectationsFail checks that the expectations of a step (prompt
// options present, absent and counted; a viewer's state and lines; lines
// that must not appear) report what differs, at their lines.
func TestStepExpectationsFail(t *testing.T) {
	reg, err := engine.NewRegistry(reference.Info())
	if err != nil {
		t.Fatal(err)
	}
	const file = `encounter: {ruleset: reference, use: reference_skirmish}
start:
  turn: ann
  combatants:
    bob: {lp: 3}
dice: [11]
script:
  - ann: feint bob
    expect:
      prompt:
        options: [parry]
        no_options: [take]
        option_count: 3
      no_lines: [feints]
  - bob: take
    expect:
      view: zed
  - bob: take
    expect_error: not-allowed-now
    expect:
      view: cy
      state: {combatants.bob.lp: 4}
`
	res, err := scenario.RunData(reg, "steps.yaml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range res.Mismatches {
		got = append(got, m.String())
	}
	checkLines(t, "mismatches", got, []string{
		`steps.yaml:11: prompt options: want "parry" offered, got "dodge", "take"`,
		`steps.yaml:12: prompt options: want no "take", but "take" is offered; options: "dodge", "take"`,
		`steps.yaml:13: prompt options: want 3, got 2: "dodge", "take"`,
		`steps.yaml:14: no_lines: line 1 of the transcript contains "feints": "ann feints at bob with sword"`,
		`steps.yaml:17: view: "zed" is not a combatant of the encounter`,
		`steps.yaml:22: state combatants.bob.lp: want 4, got 3`,
	})
	if len(res.Refusals) != 1 || res.Refusals[0].Step != 3 || res.Refusals[0].Code != engine.NotAllowedNow || !res.Refusals[0].Expected || res.Refusals[0].After != 2 {
		t.Errorf("refusals %+v; want step 3 refused, as expected, not-allowed-now, after 2 decisions", res.Refusals)
	}
}
