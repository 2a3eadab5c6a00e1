package reference

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// grammar is the text vocabulary of the reference ruleset's commands: a
// table of verbs and the words each takes (see parts.Grammar).
var grammar = parts.NewGrammar([]parts.Keyword{parts.With},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
	parts.Verb{Name: "feint", Args: "TARGET", Min: 1},
	parts.Verb{Name: "defend"},
	parts.Verb{Name: "dodge"},
	parts.Verb{Name: "take"},
	parts.Verb{Name: "continue"},
	parts.Verb{Name: "stop"},
)

// ParseCommand reads a command in the text vocabulary: "attack TARGET",
// "attack TARGET with WEAPON", "feint TARGET", "defend", "dodge", "take",
// "continue" or "stop". Whether the command is allowed now is for Decide
// to say; ParseCommand reads words only.
func (Rules) ParseCommand(_ *State, _ string, text string) (Command, error) {
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, engine.Errorf(engine.Invalid, "%v", err)
	}
	switch p.Verb {
	case "attack":
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "feint":
		return &Feint{Target: p.Arg(0)}, nil
	case "defend":
		return &Defend{}, nil
	case "dodge":
		return &Dodge{}, nil
	case "take":
		return &Take{}, nil
	case "continue":
		return &Continue{}, nil
	case "stop":
		return &Stop{}, nil
	}
	return nil, engine.Errorf(engine.Invalid, "%q is in the vocabulary but not read", p.Verb)
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		return parts.Say("attack", c.Target).Opt("with", c.Weapon).String()
	case *Feint:
		return parts.Say("feint", c.Target).String()
	case nil:
		return ""
	default:
		return c.Kind()
	}
}

// DecodeCommand reads a command written by engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "reference command", commandKinds())
}

// DecodeEvent reads an event written by engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "reference event", eventKinds())
}

// Kinds lists the kind of every command and event type.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case *AttackDeclared:
		with := ""
		if e.Weapon != "" {
			with = " with " + e.Weapon
		}
		if e.Feint {
			return fmt.Sprintf("%s feints at %s%s", e.Attacker, e.Target, with)
		}
		return fmt.Sprintf("%s attacks %s%s", e.Attacker, e.Target, with)
	case *AttackRolled:
		result := "miss"
		switch {
		case e.Hit && e.Die == 20:
			result = "critical hit"
		case e.Hit:
			result = "hit"
		}
		return fmt.Sprintf("%s rolls d20=%d%+d = %d against defence %d: %s", e.Attacker, e.Die, e.Bonus, e.Die+e.Bonus, e.Defence, result)
	case *Defended:
		return fmt.Sprintf("%s defends (+%d defence until their next turn)", e.Combatant, DefendBonus)
	case *Dodged:
		if e.Avoided {
			return fmt.Sprintf("%s dodges: d6=%d, avoided", e.Combatant, e.Die)
		}
		return fmt.Sprintf("%s tries to dodge: d6=%d, too slow", e.Combatant, e.Die)
	case *Damaged:
		parts := make([]string, len(e.Dice), len(e.Dice)+1)
		for i, d := range e.Dice {
			parts[i] = fmt.Sprintf("d6=%d", d)
		}
		if e.Bonus != 0 {
			parts = append(parts, fmt.Sprintf("%+d", e.Bonus))
		}
		left := "down"
		if e.LP > 0 {
			left = fmt.Sprintf("%d LP left", e.LP)
		}
		return fmt.Sprintf("%s takes %d damage (%s): %s", e.Combatant, e.Amount, strings.Join(parts, " "), left)
	case *Unbalanced:
		return fmt.Sprintf("%s is caught off balance (-%d defence for the rest of the round)", e.Combatant, OffBalancePenalty)
	case *RoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case *FightStopped:
		return "the GM stops the fight: a draw"
	default:
		return fmt.Sprintf("%T", e)
	}
}
