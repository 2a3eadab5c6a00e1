package blackpowder

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id in encounter files.
const ID = "blackpowder"

// Rules is the blackpowder ruleset; it implements engine.Game.
type Rules struct{}

// The capabilities blackpowder has (see engine.Ruleset). It has no secrets:
// every viewer sees everything.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Forgetting[State, Command]        = Rules{}
)

// ID returns "blackpowder".
func (Rules) ID() string { return ID }

// Decide validates and resolves a command.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src)
}

// Step decides a command like Decide and applies its events to s as it
// goes, sparing the copy of the state Decide makes to leave s unchanged:
// for simulations and exact odds, which keep states and not the log. It
// appends to events the events Decide returns and leaves s as applying
// them would; when it fails (a refusal) s may be left half changed and
// must be thrown away. See engine.Stepper.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) { e.apply(s, nil) }

// Next returns the current prompt.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// Moves writes the current prompt into *p for a policy, without its
// question and labels, reusing p's memory; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind tells the kind of Next(s) without building its options; see
// engine.Speed.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State { return s.clone() }

// SideOf names the group a combatant belongs to.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.combatant(combatant); c != nil {
		return c.Group
	}
	return ""
}

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
	return c.Kind()
}

// num writes a coordinate as briefly as it parses back exactly.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// DecodeCommand reads a command written with engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "blackpowder command", commandKindTable)
}

// Kinds lists the kinds of every command and event.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// DecodeEvent reads an event written with engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "blackpowder event", eventKindTable)
}

// DescribeEvent says what an event means, with its dice.
func (Rules) DescribeEvent(s *State, e Event) string { return e.describe(s) }

// commandKindTable and eventKindTable are the decoding tables, built once
// and only read.
var (
	commandKindTable = commandKinds()
	eventKindTable   = eventKinds()
)

// rawDamage writes how a hit's damage before Toughness adds up: the
// weapon's damage and its bonus, halved for fists against armour (R16),
// as "7 +2 bonus = 9"; for damage without them, the number alone.
func rawDamage(e *DamageDealt) string {
	if e.Weapon == 0 && e.Bonus == 0 {
		return strconv.Itoa(e.Raw)
	}
	sum := e.Weapon + e.Bonus
	s := fmt.Sprintf("%d %+d bonus = %d", e.Weapon, e.Bonus, sum)
	if sum != e.Raw {
		s += fmt.Sprintf(", halved against armour: %d", e.Raw)
	}
	return s
}
