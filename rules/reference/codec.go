package reference

import (
	"fray/engine"
	"fray/rules/parts"
)

// words is the text vocabulary of the commands, one row per command:
// its verb and what follows it (see parts.Verb), how the words build the
// command, and how the command is written back (parts.Cmd); a command
// that is its verb alone is parts.Bare. Parse and format both read the
// row, so that they cannot drift apart.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With},
	parts.Cmd(parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
		func(p parts.Phrase) (*Attack, error) { return &Attack{Target: p.Arg(0), Weapon: p.Word("with")}, nil },
		func(c *Attack, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Weapon) }),
	parts.Field(parts.Verb{Name: "feint", Args: "TARGET", Min: 1}, func(c *Feint) *string { return &c.Target }),
	parts.Bare[Defend](parts.Verb{Name: "defend"}),
	parts.Bare[Dodge](parts.Verb{Name: "dodge"}),
	parts.Bare[Take](parts.Verb{Name: "take"}),
	parts.Bare[Continue](parts.Verb{Name: "continue"}),
	parts.Bare[Stop](parts.Verb{Name: "stop"}),
)

// ParseCommand reads a command in the text vocabulary: "attack TARGET",
// "attack TARGET with WEAPON", "feint TARGET", "defend", "dodge", "take",
// "continue" or "stop". Whether the command is allowed now is for Decide
// to say; ParseCommand reads words only.
func (Rules) ParseCommand(s *State, _ string, text string) (Command, error) {
	return words.Parse(s, text)
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string { return words.Format(c) }

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
