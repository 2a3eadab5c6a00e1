package tempo

import (
	"fmt"
	"strconv"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id in encounter files.
const ID = "tempo"

// Rules is the tempo ruleset; it implements engine.Game, and shows a feint
// only to its actor and the GM until it is revealed.
type Rules struct{}

// The capabilities tempo has (see engine.Ruleset).
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Secrets[State, Command, Event]    = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
)

// ID returns "tempo".
func (Rules) ID() string { return ID }

// Decide validates and resolves a command.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src)
}

// Step decides a command like Decide and applies its events to s as it
// goes, sparing Decide's copy of the state: for simulations and exact
// odds, which keep states and not the log. It appends to events the events
// Decide returns and leaves s as applying them would; when it fails (a
// refusal) s may be left half changed and must be thrown away. The events
// are the state's hot memory's, valid until the next Step on it. See
// engine.Speed.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) { evolve(s, e, nil) }

// Next returns the current prompt, as the GM sees it.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory and the state's hot memory for its
// commands; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind tells the kind of Next(s) without building its options; see
// engine.Speed.
func (Rules) NextKind(s *State) engine.PromptKind {
	_, kind := turnOf(s)
	return kind
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State { return s.clone() }

// ScratchInto makes *dst a copy of s for Step to change, in the memory dst
// holds from an earlier ScratchInto or ViewInto; it shares with s only the
// combatants' grapple partners, which Step and Evolve replace but never
// change (see engine.Speed).
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s, false) }

// SideOf names the side a combatant fights on.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}

// seesFeint reports whether v may know that actor's attack is a feint.
func seesFeint(v engine.Viewer, actor string) bool { return v.GM || v.Combatant == actor }

// ViewInto makes *dst the state as v sees it: an unrevealed feint is a
// Melee Attack to everyone but its actor and the GM (R19). The copy shares
// nothing with s, and reuses the memory dst holds from an earlier
// ViewInto.
func (Rules) ViewInto(dst, s *State, v engine.Viewer) {
	copyInto(dst, s, true)
	if x := dst.Exchange; x != nil && !seesFeint(v, x.Actor) {
		x.Act.Action = public(x.Act.Action)
	}
}

// ViewEvent returns the event as v sees it, a feint disguised as a Melee
// Attack until it is revealed.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	switch e := e.(type) {
	case *ActionDeclared:
		if e.Declared.Action == Feint && !seesFeint(v, e.Actor) {
			seen := *e
			seen.Declared = e.Declared.clone()
			seen.Declared.Action = MeleeAttack
			return &seen, true
		}
	case *Checked:
		if e.Action == Feint && !seesFeint(v, e.Combatant) {
			seen := *e
			seen.Action = MeleeAttack
			return &seen, true
		}
	}
	return e, true
}

// ViewCommand shows a feint's declaration as a Melee Attack to everyone
// but its actor and the GM.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	if d, ok := c.(*Declare); ok && d.Action == Feint && !seesFeint(v, actor) {
		seen := *d
		seen.Action = MeleeAttack
		return &seen, true
	}
	return c, true
}

// ViewPrompt hides the options of a counter-tempo choice from everyone but
// the actor and the GM: a feint has options a real attack lacks (R19).
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	if x := s.Exchange; x != nil && x.Asked >= len(x.Candidates) && x.needsCounterTempo() && !seesFeint(v, x.Actor) {
		p.Options = nil
		p.Default = -1
	}
	return p
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

// DecodeCommand reads a command written by engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "tempo command", commandKinds)
}

// Kinds lists the kinds of every command and event.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds), engine.KindsOf(eventKinds)
}

// DecodeEvent reads an event written by engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "tempo event", eventKinds)
}
