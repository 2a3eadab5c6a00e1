package blackpowder

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// ParseCommand reads a command in the text vocabulary (docs/rules/blackpowder.md);
// grammar lists every verb and the words each takes.
func (r Rules) ParseCommand(s *State, actor, text string) (Command, error) {
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, err
	}
	switch p.Verb {
	case "initiative":
		return &RollInitiative{}, nil
	case "pass":
		return &Pass{}, nil
	case "delay":
		return &Delay{}, nil
	case "reload":
		return &Reload{}, nil
	case "dodge":
		return &Dodge{}, nil
	case "parry":
		return &Parry{}, nil
	case "take":
		return &Take{}, nil
	case "critical", "no-critical":
		return &Critical{Take: p.Verb == "critical"}, nil
	case "fix":
		return &Fix{}, nil
	case "release":
		return &Release{}, nil
	case "hide":
		return &Hide{}, nil
	case "search":
		return &Search{}, nil
	case "escape":
		return &Escape{}, nil
	case "done":
		return &Done{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "stand":
		return &StandUp{}, nil
	case "opportunity-attack":
		return &OpportunityAttack{}, nil
	case "decline":
		return &Decline{}, nil
	case "fire-early":
		return &FireEarly{}, nil
	case "ruling":
		switch arg := p.Arg(0); {
		case (arg == "safe" || arg == "unsafe") && !p.Has("mod"):
			safe := arg == "safe"
			return &Ruling{Safe: &safe}, nil
		case arg == "" && p.Has("mod"):
			n := p.Int("mod")
			return &Ruling{Modifier: &n}, nil
		}
		return nil, fmt.Errorf("ruling safe, ruling unsafe, or ruling mod N")
	case "check":
		c := &Check{Attribute: p.Arg(0), Skill: p.Arg(1)}
		if p.Has("vs") {
			if c.Difficulty = p.Int("vs"); c.Difficulty < 1 {
				return nil, fmt.Errorf("vs takes a difficulty of 1 or more, not %d", c.Difficulty)
			}
		}
		return c, nil
	case "do":
		return &FreeForm{Action: p.Arg(0)}, nil
	case "use":
		return &UseItem{Item: p.Arg(0), Target: p.Word("on")}, nil
	case "repair":
		return &Repair{Owner: p.Arg(0)}, nil
	case "rest":
		r := &Rest{Length: p.Arg(0)}
		if len(p.Args) > 1 {
			r.Who = slices.Clone(p.Args[1:])
		}
		return r, nil
	case "heal":
		return &Heal{Healer: p.Arg(0), Patient: p.Arg(1)}, nil
	case "assist":
		return &Assist{Ally: p.Arg(0)}, nil
	case "attack":
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Part: p.Int("part"), Modifier: p.Int("mod")}, nil
	case "aim":
		return &AimAt{Target: p.Arg(0), Weapon: p.Word("with"), Part: p.Int("part"), Modifier: p.Int("mod")}, nil
	case "move", "run", "withdraw":
		x, errX := parts.ParseCoordinate(p.Verb+" X", p.Arg(0))
		y, errY := parts.ParseCoordinate(p.Verb+" Y", p.Arg(1))
		switch {
		case errors.Is(errX, parts.ErrNotANumber) || errors.Is(errY, parts.ErrNotANumber):
			return nil, fmt.Errorf("%s X Y takes two numbers, not %q %q", p.Verb, p.Arg(0), p.Arg(1))
		case errX != nil:
			return nil, errX
		case errY != nil:
			return nil, errY
		}
		switch p.Verb {
		case "move":
			return &Move{X: x, Y: y}, nil
		case "run":
			return &Run{X: x, Y: y}, nil
		}
		return &Withdraw{X: x, Y: y}, nil
	case "interrupt", "after":
		text, with := p.Arg(0), ""
		if rest, ok := strings.CutPrefix(text, "with "); ok && p.Verb == "interrupt" {
			with, text, _ = strings.Cut(strings.TrimSpace(rest), " ")
			if text == "" {
				return nil, fmt.Errorf("interrupt with %s and do what? interrupt with ALLY COMMAND", with)
			}
		}
		inner, err := r.ParseCommand(s, actor, text)
		if err != nil {
			return nil, fmt.Errorf("%s with what? %w", p.Verb, err)
		}
		return &Interrupt{Action: Nested{inner}, After: p.Verb == "after", With: with}, nil
	case "stun":
		return &Stun{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "hold":
		return &Hold{Target: p.Arg(0)}, nil
	case "draw":
		return &Draw{Weapon: p.Arg(0)}, nil
	case "revive":
		if !p.Has("with") {
			return nil, fmt.Errorf("revive TARGET with medicine|survival")
		}
		return &Revive{Target: p.Arg(0), Skill: p.Word("with")}, nil
	}
	return nil, fmt.Errorf("the command %q is in the vocabulary but not read", p.Verb)
}

// FormatCommand writes a command in the text vocabulary.
func (r Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		return parts.Say("attack", c.Target).Opt("with", c.Weapon).Num("part", c.Part).Num("mod", c.Modifier).String()
	case *AimAt:
		return parts.Say("aim", c.Target).Opt("with", c.Weapon).Num("part", c.Part).Num("mod", c.Modifier).String()
	case *Assist:
		return "assist " + c.Ally
	case *Rest:
		return parts.Say("rest", append([]string{c.Length}, c.Who...)...).String()
	case *UseItem:
		return parts.Say("use", c.Item).Opt("on", c.Target).String()
	case *Repair:
		return "repair " + c.Owner
	case *Check:
		return parts.Say("check", c.Attribute, c.Skill).Num("vs", c.Difficulty).String()
	case *Heal:
		return "heal " + c.Healer + " " + c.Patient
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *Ruling:
		switch {
		case c.Safe != nil && *c.Safe:
			return "ruling safe"
		case c.Safe != nil:
			return "ruling unsafe"
		case c.Modifier != nil:
			return "ruling mod " + strconv.Itoa(*c.Modifier)
		}
		return "ruling"
	case *Critical:
		if c.Take {
			return "critical"
		}
		return "no-critical"
	case *Draw:
		return "draw " + c.Weapon
	case *Revive:
		return "revive " + c.Target + " with " + c.Skill
	case *Move:
		return "move " + num(c.X) + " " + num(c.Y)
	case *Run:
		return "run " + num(c.X) + " " + num(c.Y)
	case *Withdraw:
		return "withdraw " + num(c.X) + " " + num(c.Y)
	case *OpportunityAttack:
		return "opportunity-attack"
	case *Hold:
		return "hold " + c.Target
	case *Stun:
		return parts.Say("stun", c.Target).Opt("with", c.Weapon).String()
	case *Interrupt:
		verb := "interrupt "
		switch {
		case c.After:
			verb = "after "
		case c.With != "":
			verb = "interrupt with " + c.With + " "
		}
		if c.Action.Command == nil {
			return verb + "?"
		}
		return verb + r.FormatCommand(c.Action.Command)
	case *FireEarly:
		return "fire-early"
	case *FreeForm:
		return "do " + c.Action
	}
	return commands.Kind(c)
}

// num writes a coordinate as briefly as it parses back exactly.
func num(v float64) string {
	if i := int64(v); float64(i) == v && i != 0 && i > -1<<53 && i < 1<<53 {
		return strconv.FormatInt(i, 10) // a whole number, as FormatFloat writes it
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("blackpowder command")
	events   = engine.NewKinds[Event]("blackpowder event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// The keywords of blackpowder's command text beyond parts.With and
// parts.Mod.
var (
	partKeyword = parts.Keyword{Word: "part", Value: "3|5", Number: true}
	vsKeyword   = parts.Keyword{Word: "vs", Value: "N", Number: true}
	onKeyword   = parts.Keyword{Word: "on", Value: "TARGET"}
)

// grammar is the text vocabulary of blackpowder's commands
// (docs/rules/blackpowder.md).
var grammar = parts.NewGrammar(
	[]parts.Keyword{parts.With, parts.Mod, partKeyword, vsKeyword, onKeyword},
	parts.Verb{Name: "initiative"},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
	parts.Verb{Name: "aim", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
	parts.Verb{Name: "dodge"},
	parts.Verb{Name: "parry"},
	parts.Verb{Name: "take"},
	parts.Verb{Name: "critical"},
	parts.Verb{Name: "no-critical"},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "delay"},
	parts.Verb{Name: "draw", Args: "WEAPON", Min: 1, Hint: "or draw fists"},
	parts.Verb{Name: "reload"},
	parts.Verb{Name: "fix"},
	parts.Verb{Name: "revive", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "with medicine or survival"},
	parts.Verb{Name: "move", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "run", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "withdraw", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "opportunity-attack"},
	parts.Verb{Name: "decline"},
	parts.Verb{Name: "interrupt", Args: "COMMAND", Rest: true},
	parts.Verb{Name: "after", Args: "COMMAND", Rest: true},
	parts.Verb{Name: "fire-early"},
	parts.Verb{Name: "hold", Args: "TARGET", Min: 1},
	parts.Verb{Name: "release"},
	parts.Verb{Name: "hide"},
	parts.Verb{Name: "search"},
	parts.Verb{Name: "stun", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
	parts.Verb{Name: "assist", Args: "ALLY", Min: 1},
	parts.Verb{Name: "escape"},
	parts.Verb{Name: "stand"},
	parts.Verb{Name: "done"},
	parts.Verb{Name: "end-fight", Args: "[GROUP]", Hint: "the GM ends the fight: a draw, or GROUP wins (the others fled)"},
	parts.Verb{Name: "ruling", Args: "[safe|unsafe]", Keywords: []string{"mod"}, Hint: "ruling safe, ruling unsafe or ruling mod N"},
	parts.Verb{Name: "check", Args: "ATTRIBUTE [SKILL]", Min: 1, Keywords: []string{"vs"}},
	parts.Verb{Name: "do", Args: "ACTION", Rest: true, Hint: "a free-form action that needs no check, in words"},
	parts.Verb{Name: "use", Args: "ITEM", Min: 1, Keywords: []string{"on"}},
	parts.Verb{Name: "repair", Args: "OWNER", Min: 1},
	parts.Verb{Name: "rest", Args: "short|long|sleep [COMBATANT...]", Min: 1, Many: true, Hint: "name those who rest, or none for everyone standing"},
	parts.Verb{Name: "heal", Args: "HEALER PATIENT", Min: 2},
)

// Nested is a command held inside a state, an event or another command: a
// declared action, a delayed action waiting for its turn, the action an
// interrupt acts with. In JSON it is the command as its codec table
// writes it ({"kind":"attack",...}), or null for none.
type Nested struct {
	// Command is the command held; nil for none.
	Command Command
}

// MarshalJSON writes the command as its codec table does, or null
// when there is none.
func (n Nested) MarshalJSON() ([]byte, error) {
	if n.Command == nil {
		return []byte("null"), nil
	}
	b, err := commands.Marshal(n.Command)
	if err != nil {
		return nil, fmt.Errorf("a nested blackpowder command: %w", err)
	}
	return b, nil
}

// UnmarshalJSON reads a command written by MarshalJSON, as
// the codec table does; null leaves no command.
func (n *Nested) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		n.Command = nil
		return nil
	}
	c, err := commands.Decode(data)
	if err != nil {
		return fmt.Errorf("a nested blackpowder command: %w", err)
	}
	n.Command = c
	return nil
}

// clone returns a deep copy of n: commands are values, so a copied state
// or command shares none of its commands with the original.
func (n Nested) clone() Nested {
	return Nested{Command: cloneCommand(n.Command)}
}

// cloneCommand returns a deep copy of c (nil for nil). Only Ruling,
// Interrupt and Rest hold anything by reference; every other command is a struct of
// plain values, copied as it is.
func cloneCommand(c Command) Command {
	switch c := c.(type) {
	case nil:
		return nil
	case *Ruling:
		if c == nil {
			return c
		}
		out := *c
		if c.Safe != nil {
			safe := *c.Safe
			out.Safe = &safe
		}
		if c.Modifier != nil {
			mod := *c.Modifier
			out.Modifier = &mod
		}
		return &out
	case *Interrupt:
		if c == nil {
			return c
		}
		out := *c
		out.Action = c.Action.clone()
		return &out
	case *Rest:
		if c == nil {
			return c
		}
		out := *c
		out.Who = slices.Clone(c.Who)
		return &out
	case *Move:
		return copyOf(c)
	case *Run:
		return copyOf(c)
	case *Withdraw:
		return copyOf(c)
	case *Attack:
		return copyOf(c)
	}
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return c
	}
	out := reflect.New(v.Type().Elem())
	out.Elem().Set(v.Elem())
	if copied, ok := out.Interface().(Command); ok {
		return copied
	}
	return c
}

// copyOf returns a copy of *c in memory of its own (nil for nil): the
// commands a declaration keeps most often, copied without reflection.
func copyOf[T any, P interface {
	*T
	Command
}](c P) Command {
	if c == nil {
		return c
	}
	out := P(new(T))
	*out = *c
	return out
}
