package tempo

import (
	"fmt"
	"strconv"

	"fray/engine"
	"fray/rules/parts"
)

// grammar is the text vocabulary of tempo's commands (docs/rules/tempo.md):
// the verbs of the GM and of prompts, then one verb per action, each with
// "with WEAPON" and "mod N" where they mean something.
var grammar = newGrammar()

// actionOrder lists the actions in the order the vocabulary gives them.
var actionOrder = []Action{
	MeleeAttack, Feint, RangedAttack, UnarmedAttack, Aim, Move, CombatMove, Disarm, Escape,
	Grapple, Pin, Press, Ready, Withdraw, PickUp, OffList,
	CounterAttack, CounterFire, Dodge, Double, Evade, Parry, Retreat, Struggle, Wind,
	CTCounterAttack, CTParry,
}

func newGrammar() *parts.Grammar {
	weaponMod := []string{parts.With.Word, parts.Mod.Word}
	verbs := []parts.Verb{
		{Name: "begin"},
		{Name: "end", Keywords: []string{parts.Mod.Word}, Hint: "end the turn, N the GM's modifier to Recover Stamina"},
		{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight: SIDE wins (the others fled), or without it the side left standing, if only one is"},
		{Name: "none"},
		{Name: "keep"},
		{Name: "stay"},
		{Name: "to", Args: "X,Y", Min: 1, Hint: "the square to end on"},
	}
	for _, a := range actionOrder {
		v := parts.Verb{Name: string(a), Keywords: weaponMod}
		switch a {
		case MeleeAttack, Feint, RangedAttack, UnarmedAttack:
			v.Args, v.Min = "TARGET", 1
		case Pin:
			v.Args = "[TARGET]"
		case Move:
			v.Args, v.Min, v.Many = "X,Y [X,Y ...]", 1, true
			v.Hint = "the destination, or every square of the path"
		case CombatMove:
			v.Args, v.Min = "OPPONENT X,Y", 2
		case PickUp:
			v.Args, v.Min, v.Keywords = "WEAPON", 1, []string{parts.Mod.Word}
		case OffList:
			v.Args, v.Keywords, v.Hint = "[AP]", nil, "AP the cost the GM sets, 3 by default"
		case Aim:
			v.Args = "[WEAPON]"
		default:
			if rules(a).kind == proactive {
				v.Hint = "it takes no target: it acts on the bind or grapple partner"
			}
		}
		verbs = append(verbs, v)
	}
	return parts.NewGrammar([]parts.Keyword{parts.With, parts.Mod}, verbs...)
}

// ParseCommand reads a command in the text vocabulary (docs/rules/tempo.md).
// Whether an action's verb declares it, reacts with it or replaces the
// declared action with it depends on the action and, for a Counter-Attack,
// on whether s waits for a counter-tempo choice.
func (Rules) ParseCommand(s *State, actor, text string) (Command, error) {
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, err
	}
	switch p.Verb {
	case "begin":
		return &Begin{}, nil
	case "end":
		return &EndTurn{Mod: p.Int("mod")}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "none":
		return &NoReaction{}, nil
	case "keep":
		return &Keep{}, nil
	case "stay":
		return &Destination{}, nil
	case "to":
		q, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, err
		}
		return &Destination{To: &q}, nil
	}
	a := Action(p.Verb)
	r := rules(a)
	weapon, mod := p.Word("with"), p.Int("mod")
	if r.kind == counterTempo || (a == CounterAttack && s != nil && s.Exchange != nil &&
		s.Exchange.Asked >= len(s.Exchange.Candidates) && s.Exchange.needsCounterTempo()) {
		return &Replace{Action: a, Weapon: weapon, Mod: mod}, nil
	}
	if r.kind == reactive {
		return &React{Action: a, Weapon: weapon, Mod: mod}, nil
	}
	d := &Declare{Action: a, Weapon: weapon, Mod: mod}
	switch a {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack, Pin:
		d.Target = p.Arg(0)
	case Move:
		for _, w := range p.Args {
			q, err := parts.ParseCell(w)
			if err != nil {
				return nil, err
			}
			d.Path = append(d.Path, q)
		}
	case CombatMove:
		q, err := parts.ParseCell(p.Arg(1))
		if err != nil {
			return nil, err
		}
		d.Target, d.Path = p.Arg(0), []Square{q}
	case PickUp:
		d.Weapon = p.Arg(0)
	case OffList:
		if w := p.Arg(0); w != "" {
			n, err := strconv.Atoi(w)
			if err != nil || n < 0 || n > parts.MaxNumber {
				return nil, fmt.Errorf("other [AP]: the AP cost is a number, not %q", w)
			}
			d.AP = &n
		}
	case Aim:
		if w := p.Arg(0); w != "" {
			if weapon != "" {
				return nil, fmt.Errorf("aim WEAPON or aim with WEAPON, not both")
			}
			d.Weapon = w
		}
	}
	return d, nil
}

// FormatCommand writes a command in the text vocabulary.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Begin:
		return "begin"
	case *EndTurn:
		return parts.Say("end").Num("mod", c.Mod).String()
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *NoReaction:
		return "none"
	case *Keep:
		return "keep"
	case *Destination:
		if c.To == nil {
			return "stay"
		}
		return "to " + c.To.String()
	case *React:
		return parts.Say(string(c.Action)).Opt("with", c.Weapon).Num("mod", c.Mod).String()
	case *Replace:
		return parts.Say(string(c.Action)).Opt("with", c.Weapon).Num("mod", c.Mod).String()
	case *Declare:
		switch c.Action {
		case PickUp:
			return parts.Say("pick-up", c.Weapon).Num("mod", c.Mod).String()
		case OffList:
			if c.AP != nil {
				return "other " + strconv.Itoa(*c.AP)
			}
			return "other"
		}
		p := parts.Say(string(c.Action), c.Target)
		for _, q := range c.Path {
			p.Args = append(p.Args, q.String())
		}
		return p.Opt("with", c.Weapon).Num("mod", c.Mod).String()
	}
	return fmt.Sprintf("%v", c)
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("tempo command")
	events   = engine.NewKinds[Event]("tempo event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// DescribeEvent says what an event means, with its dice, for a transcript;
// s is the state before the event, as the reader may see it. Each event
// says it itself, beside its rules.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}
