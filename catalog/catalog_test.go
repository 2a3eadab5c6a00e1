package catalog_test

import (
	"slices"
	"strings"
	"testing"

	"fray/catalog"
	"fray/rules/reference"
)

// Every ruleset fray offers is in the catalog once, in the order of its
// ids, with a simulator and exact odds, and found by its id.
func TestEveryRulesetWired(t *testing.T) {
	c, err := catalog.New()
	if err != nil {
		t.Fatal(err)
	}
	ids := c.Registry().IDs()
	if len(ids) != len(catalog.All()) || !slices.IsSorted(ids) || !slices.Contains(ids, reference.ID) {
		t.Fatalf("ids %v: want the %d of catalog.All, sorted, the reference among them", ids, len(catalog.All()))
	}
	rs := c.Rulesets()
	if len(rs) != len(ids) {
		t.Fatalf("%d rulesets for %d ids", len(rs), len(ids))
	}
	for i, r := range rs {
		if r.Info.ID != ids[i] {
			t.Errorf("ruleset %d is %s, want %s", i, r.Info.ID, ids[i])
		}
		if s, err := c.Simulator(r.Info.ID); err != nil || s == nil {
			t.Errorf("%s: no simulator: %v", r.Info.ID, err)
		}
		if calc, err := c.Calculator(r.Info.ID); err != nil || calc == nil {
			t.Errorf("%s: no odds: %v", r.Info.ID, err)
		}
	}
}

// An id the catalog does not hold is refused, naming the ones it does.
func TestUnknownRuleset(t *testing.T) {
	c, err := catalog.Of(catalog.Plug(reference.Plugin()))
	if err != nil {
		t.Fatal(err)
	}
	for _, lookup := range []func(string) error{
		func(id string) error { _, err := c.Simulator(id); return err },
		func(id string) error { _, err := c.Calculator(id); return err },
	} {
		err := lookup("chess")
		if err == nil || !strings.Contains(err.Error(), `"chess"`) || !strings.Contains(err.Error(), "reference") {
			t.Errorf("unknown ruleset: %v", err)
		}
	}
}

// A ruleset listed twice is refused rather than one of them silently
// winning.
func TestRulesetListedTwice(t *testing.T) {
	if _, err := catalog.Of(catalog.Plug(reference.Plugin()), catalog.Plug(reference.Plugin())); err == nil {
		t.Fatal("two reference rulesets accepted")
	}
}
