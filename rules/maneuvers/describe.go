package maneuvers

import (
	"fmt"
	"strconv"
	"strings"
)

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
	switch {
	case !t.Pass:
		b.WriteString("fail")
	case t.Successes == 1:
		b.WriteString("pass, 1 success")
	default:
		fmt.Fprintf(&b, "pass, %d successes", t.Successes)
	}
	return b.String()
}

// describeDice writes damage or healing dice.
func describeDice(dice []int, sides, bonus int, maxed bool) string {
	words := make([]string, 0, len(dice)+2)
	for _, d := range dice {
		words = append(words, "d"+strconv.Itoa(sides)+"="+strconv.Itoa(d))
	}
	if bonus != 0 {
		words = append(words, fmt.Sprintf("%+d", bonus))
	}
	if maxed {
		words = append(words, "maximized")
	}
	if len(words) == 0 {
		return "no dice"
	}
	return strings.Join(words, " ")
}

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case *TestRolled:
		return fmt.Sprintf("%s tests %s for %s: %s", e.Combatant, e.Skill, e.For, describeTest(e.Test))
	case *Surprised:
		return e.Combatant + " is surprised: no turn and no reactions in round 1"
	case *InitiativeRolled:
		if e.RollOff {
			return fmt.Sprintf("%s rolls d6=%d to break an initiative tie", e.Combatant, e.Die)
		}
		return fmt.Sprintf("%s rolls initiative: d6=%d%+d = %d", e.Combatant, e.Die, e.Mod, e.Total)
	case *OrderSet:
		return "initiative order: " + strings.Join(e.Order, ", ")
	case *RoundStarted:
		return fmt.Sprintf("round %d begins: %d AP each", e.Round, APPerRound)
	case *TurnStarted:
		return e.Combatant + "'s turn"
	case *TurnSkipped:
		return fmt.Sprintf("%s's turn is skipped: %s", e.Combatant, e.Reason)
	case *TurnDelayed:
		return fmt.Sprintf("%s delays until after %s's turn", e.Combatant, e.After)
	case *TurnEnded:
		return e.Combatant + " ends the turn"
	case *ActionTaken:
		if e.Object != "" {
			return fmt.Sprintf("%s: %s %s (%d AP)", e.Combatant, e.Action, e.Object, e.AP)
		}
		return fmt.Sprintf("%s: %s (%d AP)", e.Combatant, e.Action, e.AP)
	case *MoveDeclared:
		verb := "moves"
		if e.Sneak {
			verb = "sneaks"
		}
		line := fmt.Sprintf("%s %s to %s (%.2f m)", e.Combatant, verb, showPoint(e.To), e.Cost)
		if len(e.Reactors) > 0 {
			ids := make([]string, len(e.Reactors))
			for i, r := range e.Reactors {
				ids[i] = r.ID
			}
			line += ", provoking " + strings.Join(ids, ", ")
		}
		return line
	case *Moved:
		switch {
		case e.Forced:
			return fmt.Sprintf("%s is moved to %s", e.Combatant, showPoint(e.To))
		case e.Done:
			return fmt.Sprintf("%s reaches %s", e.Combatant, showPoint(e.To))
		}
		return fmt.Sprintf("%s is at %s", e.Combatant, showPoint(e.To))
	case *Provoking:
		what := "stand up"
		if e.Trigger == TriggerCast {
			what = "cast " + e.Spell
			if e.Target != "" && e.Target != e.Combatant {
				what += " at " + e.Target
			}
		}
		line := fmt.Sprintf("%s starts to %s (%d AP)", e.Combatant, what, e.AP)
		if len(e.Reactors) > 0 {
			ids := make([]string, len(e.Reactors))
			for i, r := range e.Reactors {
				ids[i] = r.ID
			}
			line += ", provoking " + strings.Join(ids, ", ")
		}
		return line
	case *OpportunityPassed:
		if e.Reason != "" {
			return fmt.Sprintf("%s makes no opportunity attack: %s", e.Combatant, e.Reason)
		}
		return e.Combatant + " lets the opportunity go"
	case *StrikeDeclared:
		switch {
		case e.Spell != "":
			return fmt.Sprintf("%s's %s attacks %s", e.Attacker, e.Spell, e.Target)
		case e.Improv != "" && e.Attr != "":
			return fmt.Sprintf("%s's %s attacks %s (%s)", e.Attacker, e.Improv, e.Target, e.Attr)
		case e.Improv != "":
			return fmt.Sprintf("%s's %s attacks %s", e.Attacker, e.Improv, e.Target)
		case e.OA:
			return fmt.Sprintf("%s makes an opportunity attack on %s with %s (%s)", e.Attacker, e.Target, e.Weapon, styleWords(e.Style, e.Attr))
		}
		return fmt.Sprintf("%s strikes %s with %s (%s)", e.Attacker, e.Target, e.Weapon, styleWords(e.Style, e.Attr))
	case *SituationRuled:
		var words []string
		if e.Cover != "" && e.Cover != CoverNone {
			words = append(words, e.Cover+" cover")
		}
		words = modifierWords(words, e.Mod, e.Edge, "modifier", "")
		words = modifierWords(words, e.DefMod, e.DefEdge, "defence modifier", " on the defence")
		if e.Unaware {
			words = append(words, "the target is unaware")
		}
		if len(words) == 0 {
			return "the GM rules: nothing changes the roll"
		}
		return "the GM rules: " + strings.Join(words, ", ")
	case *DefenceChosen:
		switch {
		case e.Reason != "":
			return fmt.Sprintf("%s cannot defend: %s", e.Combatant, e.Reason)
		case e.Defence == NoDefence:
			return e.Combatant + " does not defend"
		}
		line := fmt.Sprintf("%s chooses %s", e.Combatant, e.Defence)
		if e.Attr != "" {
			line += " with " + e.Attr
		}
		line += fmt.Sprintf(" (%d AP)", e.AP)
		if e.Braced {
			line += ", braced for a boon"
		}
		return line
	case *CombatRolled:
		res := e.Result
		switch e.Result {
		case "critical":
			res = "critical win for " + e.Attacker
		case "negated":
			res = "critical win for " + e.Target + ": the attack is negated"
		}
		return fmt.Sprintf("%s attacks: %s; %s defends: %s; %s", e.Attacker, describeTest(e.Attack), e.Target, describeTest(e.Defence), res)
	case *ManeuverChosen:
		switch {
		case e.Maneuver == "":
			return e.Combatant + " chooses no maneuver"
		case e.Item != "":
			return fmt.Sprintf("%s chooses %s (%s)", e.Combatant, e.Maneuver, e.Item)
		case e.Location != "":
			return fmt.Sprintf("%s chooses %s (%s)", e.Combatant, e.Maneuver, e.Location)
		}
		return fmt.Sprintf("%s chooses %s", e.Combatant, e.Maneuver)
	case *Damaged:
		var cuts strings.Builder
		for _, c := range []struct {
			n    int
			word string
			sign string
		}{{e.AR, "armour", "-"}, {e.Shield, "shield", "-"}, {e.Resist, "resistance", "-"}, {e.Vuln, "vulnerability", "+"}} {
			if c.n != 0 {
				fmt.Fprintf(&cuts, " %s %s %d", c.sign, c.word, c.n)
			}
		}
		line := fmt.Sprintf("%s takes %d %s damage (%s = %d%s): %d health left", e.Combatant, e.Amount, e.Type,
			describeDice(e.Dice, e.Sides, e.Bonus, e.Maximized), e.Raw, cuts.String(), e.HP)
		if e.Down {
			line += ", unconscious and prone"
		}
		if e.Dead {
			line += ", dead"
		}
		return line
	case *ManeuverResolved:
		line := e.Maneuver + ": "
		if e.Test != nil {
			who := e.Loser
			if e.Maneuver == Feint {
				who = e.Winner
			}
			line += fmt.Sprintf("%s tests %s: %s; ", who, e.Skill, describeTest(*e.Test))
		}
		if e.Blocked {
			return line + "the way is blocked; " + e.Loser + " stays"
		}
		if !e.Works {
			if e.Maneuver == Feint {
				return line + "the feint fails"
			}
			return line + e.Loser + " resists"
		}
		switch e.Maneuver {
		case Bash:
			return line + e.Loser + " is dazed until the end of its next turn"
		case Brace:
			return line + e.Winner + " is braced: a boon on its next defence"
		case Disarm:
			return line + e.Loser + " loses " + e.Item
		case Feint:
			return line + e.Winner + " feints " + e.Loser + ": a boon on its next strike at it"
		case Precision:
			if e.Location != "" {
				return line + "aimed at the " + e.Location
			}
			return line + "every damage die at its maximum"
		case Push:
			return line + e.Loser + " is pushed to " + showPoint(e.To)
		case Trip:
			return line + e.Loser + " falls prone"
		}
		return line + "done"
	case *SpellCast:
		if e.Provoked {
			return fmt.Sprintf("%s's %s takes effect", e.Caster, e.Spell)
		}
		if e.Target != "" && e.Target != e.Caster {
			return fmt.Sprintf("%s casts %s at %s (%d AP)", e.Caster, e.Spell, e.Target, e.AP)
		}
		return fmt.Sprintf("%s casts %s (%d AP)", e.Caster, e.Spell, e.AP)
	case *SpellLost:
		return fmt.Sprintf("%s's %s is lost", e.Caster, e.Spell)
	case *Healed:
		line := fmt.Sprintf("%s heals %d (%s): %d health", e.Combatant, e.Amount, describeDice(e.Dice, e.Sides, e.Bonus, false), e.HP)
		if e.Woke {
			line += ", conscious again"
		}
		return line
	case *GrappleAttempted:
		return fmt.Sprintf("%s tries to grapple %s (1 AP): athletics %s", e.Combatant, e.Target, describeTest(e.Test))
	case *GrappleResolved:
		if e.Grappled {
			return fmt.Sprintf("%s resists with %s: %s; %s is grappled", e.Target, e.Skill, describeTest(e.Test), e.Target)
		}
		return fmt.Sprintf("%s resists with %s: %s; the grapple fails", e.Target, e.Skill, describeTest(e.Test))
	case *EscapeRolled:
		res := "still grappled"
		if e.Escaped {
			res = "escapes"
		}
		return fmt.Sprintf("%s tries to escape %s (1 AP): %s %s; %s athletics %s; %s", e.Combatant, e.From, e.Skill,
			describeTest(e.Test), e.From, describeTest(e.Against), res)
	case *GrappleEnded:
		return fmt.Sprintf("%s no longer grapples %s: %s", e.Combatant, e.Target, e.Reason)
	case *Observed:
		who := e.Observer
		if e.For == "search" {
			who = e.Sneaker
		}
		res := fmt.Sprintf("%s spots %s", e.Observer, e.Sneaker)
		if e.Hidden {
			res = fmt.Sprintf("%s is hidden from %s", e.Sneaker, e.Observer)
		}
		return fmt.Sprintf("%s tests %s: %s; %s", who, e.Skill, describeTest(e.Test), res)
	case *Revealed:
		return e.Combatant + " attacks and is hidden no more"
	case *StoodUp:
		return e.Combatant + " stands up"
	case *PickedUp:
		return fmt.Sprintf("%s picks up %s", e.Combatant, e.Item)
	case *Interrupted:
		verb := map[string]string{TriggerMove: "move", TriggerCast: "spell", TriggerStand: "standing up"}[e.Trigger]
		if e.Unwalked > 0 {
			return fmt.Sprintf("%s's %s is cut short, %.2f m of it not walked", e.Combatant, verb, e.Unwalked)
		}
		return fmt.Sprintf("%s's %s is cut short", e.Combatant, verb)
	case *ItemDropped:
		if e.Thrown {
			return fmt.Sprintf("%s's %s flies to %s", e.Combatant, e.Item, showPoint(e.At))
		}
		return fmt.Sprintf("%s drops %s at %s", e.Combatant, e.Item, showPoint(e.At))
	case *PushWayRuled:
		if e.Blocked {
			return "the GM rules: an obstacle blocks the push of " + e.Loser
		}
		return "the GM rules: nothing blocks the push of " + e.Loser
	case *ItemDrawn:
		return fmt.Sprintf("%s draws %s", e.Combatant, e.Item)
	case *ItemStowed:
		return fmt.Sprintf("%s stows %s", e.Combatant, e.Item)
	case *WindowOpened:
		return "a reaction window opens for " + strings.Join(e.Reactors, ", ")
	case *ReactionPassed:
		if e.Reason != "" {
			return fmt.Sprintf("%s uses no reaction: %s", e.Combatant, e.Reason)
		}
		return e.Combatant + " uses no reaction"
	case *RoundEnded:
		return fmt.Sprintf("round %d ends", e.Round)
	case *FightDecided, *Rested, *StyleTrained:
		return describeAftermath(e)
	case *Improvised, *ImprovRuled:
		return describeImprov(e)
	case *FightEnded:
		switch {
		case e.TimedOut:
			return "the fight is stopped with both sides standing: " + e.Reason
		case e.Winner == "":
			return "the fight ends without a winner: " + e.Reason
		}
		return fmt.Sprintf("the fight is over: the %s side wins (%s)", e.Winner, e.Reason)
	}
	return fmt.Sprintf("%T", e)
}

// modifierWords appends to words a test's modifier mod, named name, and
// its boons or banes edge, with suffix.
func modifierWords(words []string, mod, edge int, name, suffix string) []string {
	if mod != 0 {
		words = append(words, fmt.Sprintf("%s %+d", name, mod))
	}
	switch {
	case edge > 0:
		words = append(words, "a boon"+suffix)
	case edge < 0:
		words = append(words, "a bane"+suffix)
	}
	return words
}

// styleWords says which style and attribute a strike uses.
func styleWords(style, attr string) string {
	if style == "" {
		return "no style, " + attr
	}
	return style + ", " + attr
}
