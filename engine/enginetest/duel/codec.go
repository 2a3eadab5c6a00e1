package duel

import (
	"fmt"
	"strings"

	"fray/engine"
)

// ParseCommand reads "attack TARGET", "feint TARGET", "defend", "dodge",
// "take", "continue" or "stop". Whether the command is allowed is for
// Decide to say.
func (Rules) ParseCommand(s *State, actor, text string) (Command, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil, engine.Errorf(engine.Invalid, "empty command (say attack TARGET, feint TARGET, defend, dodge, take, continue or stop)")
	}
	verb, args := words[0], words[1:]
	want := 0
	if verb == "attack" || verb == "feint" {
		want = 1
	}
	var c Command
	switch verb {
	case "attack":
		if len(args) == 1 {
			c = &Attack{Target: args[0]}
		}
	case "feint":
		if len(args) == 1 {
			c = &Feint{Target: args[0]}
		}
	case "defend":
		c = &Defend{}
	case "dodge":
		c = &Dodge{}
	case "take":
		c = &Take{}
	case "continue":
		c = &Continue{}
	case "stop":
		c = &Stop{}
	default:
		return nil, engine.Errorf(engine.Invalid, "unknown command %q (say attack TARGET, feint TARGET, defend, dodge, take, continue or stop)", verb)
	}
	if len(args) != want {
		if want == 1 {
			return nil, engine.Errorf(engine.Invalid, "%q needs one target: %s TARGET", text, verb)
		}
		return nil, engine.Errorf(engine.Invalid, "%q takes no arguments", verb)
	}
	return c, nil
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		return "attack " + c.Target
	case *Feint:
		return "feint " + c.Target
	case nil:
		return ""
	default:
		return c.Kind()
	}
}

// DecodeCommand reads a command written by engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "duel command", commandKinds())
}

// Kinds lists the kinds of every command and event.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// DecodeEvent reads an event written by engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "duel event", eventKinds())
}

// DescribeEvent says what an event means, with its dice; s is the state
// before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case *Declared:
		if e.Feint {
			return fmt.Sprintf("%s feints at %s", e.Attacker, e.Target)
		}
		return fmt.Sprintf("%s attacks %s", e.Attacker, e.Target)
	case *Rolled:
		result := "miss"
		switch {
		case e.Hit && e.Die == 20:
			result = "critical hit"
		case e.Hit:
			result = "hit"
		}
		return fmt.Sprintf("%s rolls d20=%d%+d = %d against defence %d: %s", e.Attacker, e.Die, e.Bonus, e.Die+e.Bonus, e.Defence, result)
	case *Defended:
		return fmt.Sprintf("%s defends (+%d defence until their next turn)", e.Fighter, DefendBonus)
	case *Dodged:
		if e.Avoided {
			return fmt.Sprintf("%s dodges: d6=%d, avoided", e.Fighter, e.Die)
		}
		return fmt.Sprintf("%s tries to dodge: d6=%d, too slow", e.Fighter, e.Die)
	case *Damaged:
		dice := make([]string, len(e.Dice))
		for i, d := range e.Dice {
			dice[i] = fmt.Sprintf("d6=%d", d)
		}
		left := "down"
		if f := s.Fighter(e.Fighter); f != nil && f.HP > e.Amount {
			left = fmt.Sprintf("%d HP left", f.HP-e.Amount)
		}
		return fmt.Sprintf("%s takes %d damage (%s): %s", e.Fighter, e.Amount, strings.Join(dice, " "), left)
	case *Unbalanced:
		return fmt.Sprintf("%s is caught off balance (-%d defence for the rest of the round)", e.Fighter, OffBalancePenalty)
	case *RoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case *Stopped:
		return "the GM stops the fight: a draw"
	default:
		return fmt.Sprintf("%T", e)
	}
}

// Spec is a duel encounter file: the fighters in turn order.
type Spec struct {
	Fighters []Fighter `json:"fighters" yaml:"fighters"`
}

// Start checks the spec and starts the fight as a Table.
func (sp *Spec) Start() (engine.Table, error) {
	s, err := New(sp.Fighters...)
	if err != nil {
		return nil, err
	}
	return engine.NewTable(Rules{}, engine.NewEncounter(Rules{}, s)), nil
}

// Info describes the duel ruleset for an engine.Registry.
func Info() engine.RulesetInfo {
	return engine.RulesetInfo{
		ID:      "duel",
		Summary: "a toy duel for tests: attack, feint, defend, dodge",
		NewSpec: func() engine.EncounterSpec { return &Spec{} },
	}
}
