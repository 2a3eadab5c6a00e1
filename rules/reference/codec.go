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
		return commands.Kind(c)
	}
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type (attack.go, defend.go, hit.go,
// ruling.go), where it also gets its place in the hot path's memory (see
// engine.Arena). Append-only: a kind that was ever saved is never renamed
// or given to another type.
var (
	commands = engine.NewKinds[Command]("reference command")
	events   = engine.NewKinds[Event]("reference event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it. Each event says it itself (its
// describe method, beside its rules).
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}
