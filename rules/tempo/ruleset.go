package tempo

import (
	"fmt"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
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
// refusal) s may be left half changed and must be thrown away. See
// engine.Stepper.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) { evolve(s, e) }

// Next returns the current prompt, as the GM sees it.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// NextKind tells the kind of Next(s) without building its options; see
// engine.NextKinder.
func (Rules) NextKind(s *State) engine.PromptKind {
	_, kind := turnOf(s)
	return kind
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State { return s.clone() }

// ScratchInto makes *dst a copy of s for Step to change: a Clone, since
// tempo's states are small (see engine.Speed).
func (Rules) ScratchInto(dst, s *State) { *dst = s.clone() }

// SideOf names the side a combatant fights on.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}

// seesFeint reports whether v may know that actor's attack is a feint.
func seesFeint(v engine.Viewer, actor string) bool { return v.GM || v.Combatant == actor }

// View returns the state as v sees it: an unrevealed feint is a Melee
// Attack to everyone but its actor and the GM (R19).
func (Rules) View(s *State, v engine.Viewer) State {
	out := s.clone()
	if x := out.Exchange; x != nil && !seesFeint(v, x.Actor) {
		x.Act.Action = public(x.Act.Action)
	}
	return out
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
func (Rules) ParseCommand(s *State, actor, text string) (Command, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	verb, args := words[0], words[1:]
	if verb == "end" {
		pos, weapon, mod, err := parseTail(args)
		if err != nil || len(pos) > 0 || weapon != "" {
			return nil, fmt.Errorf("end [mod N]: end the turn, N the GM's modifier to Recover Stamina")
		}
		return &EndTurn{Mod: mod}, nil
	}
	simple := map[string]Command{"begin": &Begin{}, "end-fight": &EndFight{},
		"none": &NoReaction{}, "keep": &Keep{}, "stay": &Destination{}}
	if c, ok := simple[verb]; ok {
		if len(args) > 0 {
			return nil, fmt.Errorf("%q takes nothing after it", verb)
		}
		return c, nil
	}
	if verb == "to" {
		if len(args) != 1 {
			return nil, fmt.Errorf("to X,Y: the square to end on")
		}
		q, err := parseSquare(args[0])
		if err != nil {
			return nil, err
		}
		return &Destination{To: &q}, nil
	}
	a := Action(verb)
	r := rules(a)
	if r == nil {
		return nil, fmt.Errorf("unknown command %q; see docs/rules/tempo.md for the vocabulary", verb)
	}
	pos, weapon, mod, err := parseTail(args)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", verb, err)
	}
	if r.kind == counterTempo || (a == CounterAttack && s != nil && s.Exchange != nil &&
		s.Exchange.Asked >= len(s.Exchange.Candidates) && s.Exchange.needsCounterTempo()) {
		if len(pos) > 0 {
			return nil, fmt.Errorf("%s [with WEAPON] [mod N]", verb)
		}
		return &Replace{Action: a, Weapon: weapon, Mod: mod}, nil
	}
	if r.kind == reactive {
		if len(pos) > 0 {
			return nil, fmt.Errorf("%s [with WEAPON] [mod N]", verb)
		}
		return &React{Action: a, Weapon: weapon, Mod: mod}, nil
	}
	d := &Declare{Action: a, Weapon: weapon, Mod: mod}
	switch a {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack:
		if len(pos) != 1 {
			return nil, fmt.Errorf("%s TARGET [with WEAPON] [mod N]", verb)
		}
		d.Target = pos[0]
	case Pin:
		if len(pos) > 1 {
			return nil, fmt.Errorf("pin [TARGET] [mod N]")
		}
		if len(pos) == 1 {
			d.Target = pos[0]
		}
	case Move:
		if len(pos) == 0 {
			return nil, fmt.Errorf("move X,Y [X,Y ...]: the destination, or every square of the path")
		}
		for _, w := range pos {
			q, err := parseSquare(w)
			if err != nil {
				return nil, err
			}
			d.Path = append(d.Path, q)
		}
	case CombatMove:
		if len(pos) != 2 {
			return nil, fmt.Errorf("combat-move OPPONENT X,Y")
		}
		q, err := parseSquare(pos[1])
		if err != nil {
			return nil, err
		}
		d.Target, d.Path = pos[0], []Square{q}
	case PickUp:
		if len(pos) != 1 || weapon != "" {
			return nil, fmt.Errorf("pick-up WEAPON")
		}
		d.Weapon = pos[0]
	case OffList:
		if len(pos) > 1 {
			return nil, fmt.Errorf("other [AP]")
		}
		if len(pos) == 1 {
			n, err := strconv.Atoi(pos[0])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("other [AP]: the AP cost is a number, not %q", pos[0])
			}
			d.AP = &n
		}
	case Aim:
		if len(pos) == 1 && weapon == "" {
			d.Weapon = pos[0]
		} else if len(pos) > 0 {
			return nil, fmt.Errorf("aim [with WEAPON]")
		}
	default:
		if len(pos) > 0 {
			return nil, fmt.Errorf("%s [mod N] takes no target: it acts on the bind or grapple partner", verb)
		}
	}
	return d, nil
}

// parseTail splits the positional words from "with WEAPON" and "mod N".
func parseTail(args []string) (pos []string, weapon string, mod int, err error) {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "with", "mod":
			if i+1 >= len(args) {
				return nil, "", 0, fmt.Errorf("%q needs a value", args[i])
			}
			if args[i] == "with" {
				weapon = args[i+1]
			} else if mod, err = strconv.Atoi(args[i+1]); err != nil {
				return nil, "", 0, fmt.Errorf("mod takes a number, not %q", args[i+1])
			}
			i++
		default:
			pos = append(pos, args[i])
		}
	}
	return pos, weapon, mod, nil
}

func parseSquare(w string) (Square, error) {
	xs, ys, ok := strings.Cut(w, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return Square{}, fmt.Errorf("a square is X,Y, not %q", w)
	}
	return Square{x, y}, nil
}

// FormatCommand writes a command in the text vocabulary.
func (Rules) FormatCommand(c Command) string {
	tail := func(weapon string, mod int) string {
		s := withWeapon(weapon)
		if mod != 0 {
			s += fmt.Sprintf(" mod %d", mod)
		}
		return s
	}
	switch c := c.(type) {
	case *Begin:
		return "begin"
	case *EndTurn:
		return "end" + tail("", c.Mod)
	case *EndFight:
		return "end-fight"
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
		return string(c.Action) + tail(c.Weapon, c.Mod)
	case *Replace:
		return string(c.Action) + tail(c.Weapon, c.Mod)
	case *Declare:
		var b strings.Builder
		b.WriteString(string(c.Action))
		switch c.Action {
		case PickUp:
			return "pick-up " + c.Weapon
		case OffList:
			if c.AP != nil {
				return fmt.Sprintf("other %d", *c.AP)
			}
			return "other"
		}
		if c.Target != "" {
			b.WriteString(" " + c.Target)
		}
		for _, q := range c.Path {
			b.WriteString(" " + q.String())
		}
		b.WriteString(tail(c.Weapon, c.Mod))
		return b.String()
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
