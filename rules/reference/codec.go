package reference

import (
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
// transcript; s is the state before it. Each event says it itself (its
// describe method, beside its rules).
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}

// commandKinds is the kinds table of the commands: every kind ever written,
// with a constructor for DecodeCommand. It is append-only: a kind that was
// ever saved is never renamed or given to another type.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"attack":   func() Command { return &Attack{} },
		"feint":    func() Command { return &Feint{} },
		"defend":   func() Command { return &Defend{} },
		"dodge":    func() Command { return &Dodge{} },
		"take":     func() Command { return &Take{} },
		"continue": func() Command { return &Continue{} },
		"stop":     func() Command { return &Stop{} },
	}
}

// eventKinds is the kinds table of the events, append-only like
// commandKinds.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"attack_declared": func() Event { return &AttackDeclared{} },
		"attack_rolled":   func() Event { return &AttackRolled{} },
		"defended":        func() Event { return &Defended{} },
		"dodged":          func() Event { return &Dodged{} },
		"damaged":         func() Event { return &Damaged{} },
		"unbalanced":      func() Event { return &Unbalanced{} },
		"round_started":   func() Event { return &RoundStarted{} },
		"fight_stopped":   func() Event { return &FightStopped{} },
	}
}
