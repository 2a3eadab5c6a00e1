package maneuvers

import (
	"fmt"
	"strings"

	"fray/dice"
	"fray/rules/parts"
)

// check is a test before its dice: the modifier, the net boons and any
// automatic result (R01, R02).
type check struct {
	mod, edge          int
	autoPass, autoFail bool
}

// roll makes a test: an automatic result draws no dice; otherwise one d20,
// or two with a boon or bane, keeping the higher or the lower (R02). The
// dice are read only against the thresholds of a pass and of each further
// Success, so exact odds follow them by class.
func (s *State) roll(src dice.Source, c check) TestRoll {
	edge := max(-1, min(1, c.edge))
	r := TestRoll{Mod: c.mod, Edge: edge}
	switch {
	case c.autoFail:
		r.Auto = "fail"
		return r
	case c.autoPass:
		r.Auto, r.Pass, r.Successes = "pass", true, 1
		return r
	}
	tn, step := s.Options.TestTN, max(s.Options.SuccessStep, 1)
	var cl dice.Classes
	for v := tn - c.mod; v <= 20; v += step {
		cl = cl.Cut(v)
	}
	r.Die = dice.RollClasses(src, 20, cl)
	if edge != 0 {
		other := dice.RollClasses(src, 20, cl)
		if edge > 0 && other > r.Die || edge < 0 && other < r.Die {
			r.Die, other = other, r.Die
		}
		r.Other = other
	}
	r.Total = r.Die + c.mod
	if r.Total >= tn {
		r.Pass, r.Successes = true, 1+(r.Total-tn)/step
	}
	return r
}

// beats reports whether the initiator of a contest wins (R03): only when
// it passes and the resister fails or has fewer Successes.
func beats(initiator, resister TestRoll) bool {
	return initiator.Pass && (!resister.Pass || initiator.Successes > resister.Successes)
}

// baseCheck is the check of a test by c with modifier mod: Dazed's bane
// (A19), and an Unconscious combatant fails (R34).
func baseCheck(c *Combatant, mod int) check {
	k := check{mod: mod, autoFail: !c.Conscious()}
	if !c.Dazed.Over() {
		k.edge--
	}
	return k
}

// skillCheck is the check of a skill test by c: its attribute and rank,
// Prone's bane on Dodge (R34), and untrained armour's on Dodge and Sorcery
// (A08).
func skillCheck(c *Combatant, skill string) check {
	k := baseCheck(c, c.skill(skill))
	if skill == Dodge && c.Prone {
		k.edge--
	}
	if (skill == Dodge || skill == Sorcery) && c.untrainedArmor() {
		k.edge--
	}
	return k
}

// styleCheck is the check of a Fighting Style test by c with style st
// (nil for none) and attribute attr, untrained when c wields untrained
// gear: R27's penalties and Prone's bane (R34).
func styleCheck(c *Combatant, st *Style, attr string, untrained bool) check {
	mod := c.attr(attr)
	if st != nil {
		mod += st.Rank
	}
	if untrained {
		mod -= UntrainedPenalty
	}
	k := baseCheck(c, mod)
	if c.untrainedArmor() {
		k.edge--
	}
	if c.Prone {
		k.edge--
	}
	return k
}

// describeTest writes a test's dice and result.
func describeTest(t TestRoll) string {
	switch t.Auto {
	case "fail":
		return "automatic fail"
	case "pass":
		return "automatic pass, 1 success"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "d20=%d", t.Die)
	switch {
	case t.Edge > 0:
		fmt.Fprintf(&b, " (boon, other %d)", t.Other)
	case t.Edge < 0:
		fmt.Fprintf(&b, " (bane, other %d)", t.Other)
	}
	fmt.Fprintf(&b, "%+d = %d: ", t.Mod, t.Total)
	if !t.Pass {
		return b.String() + "fail"
	}
	return b.String() + "pass, " + parts.Count(t.Successes, "success", "successes")
}
