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

// words is the text vocabulary of blackpowder's commands
// (docs/rules/blackpowder.md), one row per command: its verb and what
// follows it, how the words build the command and how the command is
// written back. The action an interrupt acts with is read and written
// with the same table (parts.Nested). The rows read words only; Decide
// says what is allowed.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With, parts.Mod, partKeyword, vsKeyword, onKeyword, fromKeyword},
	parts.Bare[RollInitiative](parts.Verb{Name: "initiative"}),
	parts.Cmd(parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
		func(p parts.Phrase) (*Attack, error) {
			part, hand, err := partOf(p)
			if err != nil {
				return nil, err
			}
			return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Part: part, Hand: hand, Modifier: p.Int("mod"), Mode: attackMode(p.Verb)}, nil
		},
		func(c *Attack, p *parts.Phrase) {
			if c.Mode != "" {
				p.Verb = c.Mode
			}
			writePart(p.Add(c.Target).Opt("with", c.Weapon), c.Part, c.Hand).Num("mod", c.Modifier)
		}).Also(parts.Verb{Name: "throw", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
		parts.Verb{Name: "strike", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}}),
	parts.Cmd(parts.Verb{Name: "aim", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
		func(p parts.Phrase) (*AimAt, error) {
			part, hand, err := partOf(p)
			if err != nil {
				return nil, err
			}
			return &AimAt{Target: p.Arg(0), Weapon: p.Word("with"), Part: part, Hand: hand, Modifier: p.Int("mod")}, nil
		},
		func(c *AimAt, p *parts.Phrase) {
			writePart(p.Add(c.Target).Opt("with", c.Weapon), c.Part, c.Hand).Num("mod", c.Modifier)
		}),
	parts.Bare[Dodge](parts.Verb{Name: "dodge"}),
	parts.Bare[Parry](parts.Verb{Name: "parry"}),
	parts.Bare[Take](parts.Verb{Name: "take"}),
	parts.Cmd(parts.Verb{Name: "critical"},
		func(p parts.Phrase) (*Critical, error) { return &Critical{Take: p.Verb == "critical"}, nil },
		func(c *Critical, p *parts.Phrase) {
			if !c.Take {
				p.Verb = "no-critical"
			}
		}).Also(parts.Verb{Name: "no-critical"}),
	parts.Bare[Pass](parts.Verb{Name: "pass"}),
	parts.Bare[Delay](parts.Verb{Name: "delay"}),
	parts.Cmd(parts.Verb{Name: "draw", Args: "WEAPON", Min: 1, Keywords: []string{"from"}, Hint: "or draw fists; draw WEAPON from OWNER picks up another's weapon lying within reach"},
		func(p parts.Phrase) (*Draw, error) { return &Draw{Weapon: p.Arg(0), From: p.Word("from")}, nil },
		func(c *Draw, p *parts.Phrase) { p.Add(c.Weapon).Opt("from", c.From) }),
	parts.Bare[Reload](parts.Verb{Name: "reload"}),
	parts.Bare[Fix](parts.Verb{Name: "fix"}),
	parts.Cmd(parts.Verb{Name: "revive", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "with medicine or survival"},
		func(p parts.Phrase) (*Revive, error) {
			if !p.Has("with") {
				return nil, errors.New("revive TARGET with medicine|survival")
			}
			return &Revive{Target: p.Arg(0), Skill: p.Word("with")}, nil
		},
		func(c *Revive, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Skill) }),
	goTo[Move]("move"),
	goTo[Run]("run"),
	goTo[Withdraw]("withdraw"),
	parts.Bare[OpportunityAttack](parts.Verb{Name: "opportunity-attack"}),
	parts.Bare[Decline](parts.Verb{Name: "decline"}),
	parts.Cmd(parts.Verb{Name: "interrupt", Args: "COMMAND", Rest: true}, readInterrupt,
		func(c *Interrupt, p *parts.Phrase) {
			switch {
			case c.After:
				p.Verb = "after"
			case c.With != "":
				p.Add("with", c.With)
			}
			if c.Action.Command == nil {
				p.Add("?")
				return
			}
			p.AddCommand(c.Action.Command)
		}).Also(parts.Verb{Name: "after", Args: "COMMAND", Rest: true}),
	parts.Bare[FireEarly](parts.Verb{Name: "fire-early"}),
	parts.Field(parts.Verb{Name: "hold", Args: "TARGET", Min: 1}, func(c *Hold) *string { return &c.Target }),
	parts.Bare[Release](parts.Verb{Name: "release"}),
	parts.Bare[Hide](parts.Verb{Name: "hide"}),
	parts.Bare[Search](parts.Verb{Name: "search"}),
	parts.Cmd(parts.Verb{Name: "stun", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
		func(p parts.Phrase) (*Stun, error) { return &Stun{Target: p.Arg(0), Weapon: p.Word("with")}, nil },
		func(c *Stun, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Weapon) }),
	parts.Field(parts.Verb{Name: "assist", Args: "ALLY", Min: 1}, func(c *Assist) *string { return &c.Ally }),
	parts.Bare[Escape](parts.Verb{Name: "escape"}),
	parts.Bare[StandUp](parts.Verb{Name: "stand"}),
	parts.Bare[Done](parts.Verb{Name: "done"}),
	parts.Field(parts.Verb{Name: "end-fight", Args: "[GROUP]", Hint: "the GM ends the fight: a draw, or GROUP wins (the others fled)"}, func(c *EndFight) *string { return &c.Winner }),
	parts.Cmd(parts.Verb{Name: "ruling", Args: "[safe|unsafe]", Keywords: []string{"mod"}, Hint: "ruling safe, ruling unsafe or ruling mod N"},
		func(p parts.Phrase) (*Ruling, error) {
			switch arg := p.Arg(0); {
			case (arg == "safe" || arg == "unsafe") && !p.Has("mod"):
				safe := arg == "safe"
				return &Ruling{Safe: &safe}, nil
			case arg == "" && p.Has("mod"):
				n := p.Int("mod")
				return &Ruling{Modifier: &n}, nil
			}
			return nil, errors.New("ruling safe, ruling unsafe, or ruling mod N")
		},
		func(c *Ruling, p *parts.Phrase) {
			switch {
			case c.Safe != nil && *c.Safe:
				p.Add("safe")
			case c.Safe != nil:
				p.Add("unsafe")
			case c.Modifier != nil:
				p.Opt("mod", strconv.Itoa(*c.Modifier)) // "mod 0" too
			}
		}),
	parts.Cmd(parts.Verb{Name: "check", Args: "ATTRIBUTE [SKILL]", Min: 1, Keywords: []string{"vs"}},
		func(p parts.Phrase) (*Check, error) {
			c := &Check{Attribute: p.Arg(0), Skill: p.Arg(1)}
			if p.Has("vs") {
				if c.Difficulty = p.Int("vs"); c.Difficulty < 1 {
					return nil, fmt.Errorf("vs takes a difficulty of 1 or more, not %d", c.Difficulty)
				}
			}
			return c, nil
		},
		func(c *Check, p *parts.Phrase) { p.Add(c.Attribute, c.Skill).Num("vs", c.Difficulty) }),
	parts.Field(parts.Verb{Name: "do", Args: "ACTION", Rest: true, Hint: "a free-form action that needs no check, in words"}, func(c *FreeForm) *string { return &c.Action }),
	parts.Cmd(parts.Verb{Name: "use", Args: "ITEM", Min: 1, Keywords: []string{"on"}},
		func(p parts.Phrase) (*UseItem, error) { return &UseItem{Item: p.Arg(0), Target: p.Word("on")}, nil },
		func(c *UseItem, p *parts.Phrase) { p.Add(c.Item).Opt("on", c.Target) }),
	parts.Field(parts.Verb{Name: "repair", Args: "OWNER", Min: 1}, func(c *Repair) *string { return &c.Owner }),
	parts.Cmd(parts.Verb{Name: "rest", Args: "short|long|sleep [COMBATANT...]", Min: 1, Many: true, Hint: "name those who rest, or none for everyone standing"},
		func(p parts.Phrase) (*Rest, error) {
			r := &Rest{Length: p.Arg(0)}
			if len(p.Args) > 1 {
				r.Who = slices.Clone(p.Args[1:])
			}
			return r, nil
		},
		func(c *Rest, p *parts.Phrase) { p.Add(c.Length).Add(c.Who...) }),
	parts.Cmd(parts.Verb{Name: "heal", Args: "HEALER PATIENT", Min: 2},
		func(p parts.Phrase) (*Heal, error) { return &Heal{Healer: p.Arg(0), Patient: p.Arg(1)}, nil },
		func(c *Heal, p *parts.Phrase) { p.Add(c.Healer, c.Patient) }),
)

// partOf reads an attack's body part (R11): part 3 or part 5, the
// difficulty the GM sets, or part hand, a hand at +3 that disarms on a hit
// (§6).
func partOf(p parts.Phrase) (part int, hand bool, err error) {
	switch v := p.Word("part"); v {
	case "":
		return 0, false, nil
	case "hand":
		return 3, true, nil
	default:
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, false, engine.Errorf(engine.Invalid, "part takes 3, 5 or hand, not %q", v)
		}
		return n, false, nil
	}
}

// The keywords of blackpowder's command text beyond parts.With and
// parts.Mod.
var (
	partKeyword = parts.Keyword{Word: "part", Value: "3|5|hand"}
	vsKeyword   = parts.Keyword{Word: "vs", Value: "N", Number: true}
	onKeyword   = parts.Keyword{Word: "on", Value: "TARGET"}
	fromKeyword = parts.Keyword{Word: "from", Value: "OWNER"}
)

// point is what a move, a run and a withdrawal are made of: the point to
// go to, in metres.
type point = struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// goTo is the row of a command that goes to a point, typed as its verb
// and the point's two coordinates ("move 1.5 -2").
func goTo[T ~point](verb string) parts.Form {
	return parts.Cmd(parts.Verb{Name: verb, Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
		func(p parts.Phrase) (*T, error) {
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
			c := T(point{X: x, Y: y})
			return &c, nil
		},
		func(c *T, p *parts.Phrase) { q := point(*c); p.Add(num(q.X), num(q.Y)) })
}

// readInterrupt reads an interrupt with a delayed action (R08): the
// action, after it for one that acts right after the declared action,
// "with ALLY" first for one that joins an ally's interrupt (A16).
func readInterrupt(p parts.Phrase) (*Interrupt, error) {
	text, with := p.Arg(0), ""
	if rest, ok := strings.CutPrefix(text, "with "); ok && p.Verb == "interrupt" {
		with, text, _ = strings.Cut(strings.TrimSpace(rest), " ")
		if text == "" {
			return nil, fmt.Errorf("interrupt with %s and do what? interrupt with ALLY COMMAND", with)
		}
	}
	inner, err := parts.Nested[Command](p, text)
	if err != nil {
		return nil, fmt.Errorf("%s with what? %w", p.Verb, err)
	}
	return &Interrupt{Action: Nested{inner}, After: p.Verb == "after", With: with}, nil
}

// ParseCommand reads a command in the text vocabulary
// (docs/rules/blackpowder.md); words lists every verb and the words each
// takes.
func (Rules) ParseCommand(s *State, _, text string) (Command, error) { return words.Parse(s, text) }

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string { return words.Format(c) }

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
func (n Nested) clone() Nested { return n.cloneIn(nil) }

// cloneIn is clone in a's memory: on the hot path, the events arena of a
// Step, for an event to carry a copy of a command that lives until the
// next Step; memory of its own when a is nil (the table's path).
func (n Nested) cloneIn(a *engine.Arena) Nested {
	return Nested{Command: cloneCommandIn(a, n.Command)}
}

// The slots of the events arena where a Step's events keep the commands
// they carry (see cloneCommandIn): the kinds a delayed action is most
// often taken with, and the interrupt that may nest one.
var (
	attackMem    = engine.AddScratch[Attack](events)
	stunMem      = engine.AddScratch[Stun](events)
	holdMem      = engine.AddScratch[Hold](events)
	moveMem      = engine.AddScratch[Move](events)
	runMem       = engine.AddScratch[Run](events)
	withdrawMem  = engine.AddScratch[Withdraw](events)
	drawMem      = engine.AddScratch[Draw](events)
	aimAtMem     = engine.AddScratch[AimAt](events)
	useItemMem   = engine.AddScratch[UseItem](events)
	reviveMem    = engine.AddScratch[Revive](events)
	interruptMem = engine.AddScratch[Interrupt](events)
)

// cloneCommand returns a deep copy of c (nil for nil) in memory of its
// own.
func cloneCommand(c Command) Command { return cloneCommandIn(nil, c) }

// cloneCommandIn returns a deep copy of c (nil for nil): in a's memory
// for the kinds it has a slot for, else (and when a is nil) in memory of
// its own. Only Ruling, Interrupt and Rest hold anything by reference;
// every other command is a struct of plain values, copied as it is.
func cloneCommandIn(a *engine.Arena, c Command) Command {
	switch c := c.(type) {
	case nil:
		return nil
	case *Ruling:
		if c == nil {
			return c
		}
		out := *c
		out.Safe, out.Modifier = parts.Copy(c.Safe), parts.Copy(c.Modifier)
		return &out
	case *Interrupt:
		if c == nil {
			return c
		}
		out := engine.New(a, interruptMem, *c)
		out.Action = c.Action.cloneIn(a)
		return out
	case *Rest:
		if c == nil {
			return c
		}
		out := *c
		out.Who = slices.Clone(c.Who)
		return &out
	case *Attack:
		return copyIn(a, attackMem, c)
	case *Stun:
		return copyIn(a, stunMem, c)
	case *Hold:
		return copyIn(a, holdMem, c)
	case *Move:
		return copyIn(a, moveMem, c)
	case *Run:
		return copyIn(a, runMem, c)
	case *Withdraw:
		return copyIn(a, withdrawMem, c)
	case *Draw:
		return copyIn(a, drawMem, c)
	case *AimAt:
		return copyIn(a, aimAtMem, c)
	case *UseItem:
		return copyIn(a, useItemMem, c)
	case *Revive:
		return copyIn(a, reviveMem, c)
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

// copyIn returns a copy of *c (nil for nil) in a's memory for kind k, or
// memory of its own when a is nil: the commands of plain values, copied
// without reflection.
func copyIn[T any, P interface {
	*T
	Command
}](a *engine.Arena, k engine.Kind[T], c P) Command {
	if c == nil {
		return c
	}
	return P(engine.New(a, k, *c))
}

// attackMode is the Attack.Mode an attack's verb gives: "throw" and
// "strike" say how its weapon is used, "attack" leaves that to the rules.
func attackMode(verb string) string {
	switch verb {
	case "throw", "strike":
		return verb
	}
	return ""
}

// writePart writes the body part an attack or aim calls, as partOf reads
// it: "part hand", or its number.
func writePart(p *parts.Phrase, part int, hand bool) *parts.Phrase {
	if hand {
		return p.Opt("part", "hand")
	}
	return p.Num("part", part)
}
