package tempo

import (
	"fmt"
	"slices"
	"strconv"

	"fray/engine"
	"fray/rules/parts"
)

// words is the text vocabulary of tempo's commands (docs/rules/tempo.md):
// the verbs of the GM and of prompts, then one verb per action, each with
// "with WEAPON" and "mod N" where they mean something. An action's verb
// reads as a declaration, a reaction or a counter-tempo replacement by
// the action and the state (readAction); each of the three is written
// by its own row.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With, parts.Mod}, append([]parts.Form{
	parts.Bare[Begin](parts.Verb{Name: "begin"}),
	parts.Cmd(parts.Verb{Name: "end", Keywords: []string{parts.Mod.Word}, Hint: "end the turn, N the GM's modifier to Recover Stamina"},
		func(p parts.Phrase) (*EndTurn, error) { return &EndTurn{Mod: p.Int("mod")}, nil },
		func(c *EndTurn, p *parts.Phrase) { p.Num("mod", c.Mod) }),
	parts.Field(parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight: SIDE wins (the others fled), or without it the side left standing, if only one is"}, func(c *EndFight) *string { return &c.Winner }),
	parts.Bare[NoReaction](parts.Verb{Name: "none"}),
	parts.Bare[Keep](parts.Verb{Name: "keep"}),
	parts.Cmd(parts.Verb{Name: "stay"},
		func(parts.Phrase) (*Destination, error) { return &Destination{}, nil },
		func(c *Destination, p *parts.Phrase) {
			if c.To != nil {
				p.Verb = "to"
				p.Add(c.To.String())
			}
		}),
	parts.Reads(parts.Verb{Name: "to", Args: "X,Y", Min: 1, Hint: "the square to end on"},
		func(p parts.Phrase) (*Destination, error) {
			q, err := parts.ParseCell(p.Arg(0))
			return &Destination{To: &q}, err
		}),
	parts.Writes(func(c *React, p *parts.Phrase) {
		p.Verb = string(c.Action)
		p.Opt("with", c.Weapon).Num("mod", c.Mod)
	}),
	parts.Writes(func(c *Replace, p *parts.Phrase) {
		p.Verb = string(c.Action)
		p.Opt("with", c.Weapon).Num("mod", c.Mod)
	}),
	parts.Writes(writeDeclare),
}, actionVerbs()...)...)

// actionOrder lists the actions in the order the vocabulary gives them.
var actionOrder = []Action{
	MeleeAttack, Feint, RangedAttack, UnarmedAttack, Aim, Move, CombatMove, Disarm, Escape,
	Grapple, Pin, Press, Ready, Withdraw, PickUp, OffList,
	CounterAttack, CounterFire, Dodge, Double, Evade, Parry, Retreat, Struggle, Wind,
	CTCounterAttack, CTParry,
}

// actionVerbs are the rows of the actions' verbs, each read by
// readAction.
func actionVerbs() []parts.Form {
	weaponMod := []string{parts.With.Word, parts.Mod.Word}
	var rows []parts.Form
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
			v.Args, v.Min, v.Keywords = "WEAPON [AP]", 1, []string{parts.Mod.Word}
			v.Hint = "AP the cost the GM sets, 3 by default"
		case OffList:
			v.Args, v.Keywords, v.Hint = "[AP]", nil, "AP the cost the GM sets, 3 by default"
		case Aim:
			v.Args = "[WEAPON]"
		default:
			if rules(a).kind == proactive {
				v.Hint = "it takes no target: it acts on the bind or grapple partner"
			}
		}
		if rules(a).kind == proactive && !namesWeapon(formOf(a)) {
			v.Keywords = slices.DeleteFunc(slices.Clone(v.Keywords), func(k string) bool { return k == parts.With.Word })
		}
		rows = append(rows, parts.Reads(v, readAction))
	}
	return rows
}

// namesWeapon reports whether a declaration of form f may name a weapon
// with "with" (see declaredWeapon): the others are refused one.
func namesWeapon(f declForm) bool {
	switch f {
	case formStrike, formShot, formAim, formUnarmed, formBound:
		return true
	}
	return false
}

// readAction reads an action's verb. Whether it declares the action,
// reacts with it or replaces the declared action with it depends on the
// action and, for a Counter-Attack, on whether the state waits for a
// counter-tempo choice.
func readAction(p parts.Phrase) (Command, error) {
	a := Action(p.Verb)
	r := rules(a)
	weapon, mod := p.Word("with"), p.Int("mod")
	s, _ := p.State().(*State)
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
		ap, err := gmCost(p.Arg(1), "pick-up WEAPON [AP]")
		if err != nil {
			return nil, err
		}
		d.AP = ap
	case OffList:
		ap, err := gmCost(p.Arg(0), "other [AP]")
		if err != nil {
			return nil, err
		}
		d.AP = ap
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

// gmCost reads the AP cost the GM gives an off-list action (R41, G6),
// nil when w is empty: the default.
func gmCost(w, usage string) (*int, error) {
	if w == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < 0 || n > parts.MaxNumber {
		return nil, fmt.Errorf("%s: the AP cost is a whole number, 0 or more, not %q", usage, w)
	}
	return &n, nil
}

// writeDeclare writes a declared action as readAction reads it.
func writeDeclare(c *Declare, p *parts.Phrase) {
	p.Verb = string(c.Action)
	switch c.Action {
	case PickUp:
		p.Add(c.Weapon)
		if c.AP != nil {
			p.Add(strconv.Itoa(*c.AP))
		}
		p.Num("mod", c.Mod)
		return
	case OffList:
		if c.AP != nil {
			p.Add(strconv.Itoa(*c.AP))
		}
		return
	}
	p.Add(c.Target)
	for _, q := range c.Path {
		p.Add(q.String())
	}
	p.Opt("with", c.Weapon).Num("mod", c.Mod)
}

// ParseCommand reads a command in the text vocabulary (docs/rules/tempo.md).
func (Rules) ParseCommand(s *State, _, text string) (Command, error) { return words.Parse(s, text) }

// FormatCommand writes a command in the text vocabulary.
func (Rules) FormatCommand(c Command) string { return words.Format(c) }

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
