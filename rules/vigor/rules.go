package vigor

import (
	"maps"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "vigor"

// Rules is the vigor ruleset and its codec. The zero value is ready to
// use; it holds nothing.
type Rules struct{}

// The capabilities Rules has, checked by the compiler.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Forgetting[State, Command]        = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// ID returns "vigor".
func (Rules) ID() string { return ID }

// Decide checks c against the state and resolves it into events, drawing
// dice from src in the documented order. It never changes *s.
func (r Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	scratch := cloneState(s)
	return decide(&scratch, actor, c, src, nil, nil)
}

// Step decides like Decide on s itself, applying the events as it goes,
// and appends them to events. On a refusal s may be left half changed.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	s.own()
	h := s.hotMemory()
	h.Events().Reset()
	return decide(s, actor, c, src, h, events)
}

// Evolve applies one event.
func (Rules) Evolve(s *State, e Event) {
	if e != nil {
		s.own()
		e.apply(s, nil)
	}
}

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}

// Next says who decides what now, with every option they have.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// NextKind says what kind of decision the fight waits for.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) {
	h := s.hotMemory()
	h.Moves().Reset()
	*p = engine.Prompt[Command]{Options: p.Options[:0]}
	writePrompt(s, &prompter{p: p, hot: h})
}

// attackCopies holds in one allocation a clone's pending strike,
// off-hand attack and declared attack, with the off-hand attacks the
// strike and declared attack carry.
type attackCopies struct {
	strike               Strike
	declared             Declared
	offHand              FollowUp
	strikeThen, declThen FollowUp
}

// cloneExtras holds in one allocation a clone's pending attacks and,
// when they fit, the ids of its initiative order and of its window (see
// cloneState): most states exact odds clone wait on an attack.
type cloneExtras struct {
	attackCopies
	ids [cloneIDs]string
}

// cloneIDs is the room cloneExtras has for ids: every bundled vigor
// encounter's initiative order fits.
const cloneIDs = 8

// cloneAttacks gives c copies of s's pending strike, off-hand attack and
// declared attack, in m.
func cloneAttacks(c, s *State, m *attackCopies) {
	if s.Strike != nil {
		m.strike = *s.Strike
		if m.strike.Then != nil {
			m.strikeThen = *m.strike.Then
			m.strike.Then = &m.strikeThen
		}
		c.Strike = &m.strike
	}
	if s.OffHand != nil {
		m.offHand = *s.OffHand
		c.OffHand = &m.offHand
	}
	if s.Declared != nil {
		m.declared = *s.Declared
		if m.declared.Then != nil {
			m.declThen = *m.declared.Then
			m.declared.Then = &m.declThen
		}
		c.Declared = &m.declared
	}
}

// cloneSheets makes the combatants, copied from another state, share
// nothing with it: their maps are cloned, and their weapons, abilities,
// items, armour and armour's Protects are copied into one new array of
// each kind. A nil slice stays nil and an empty one empty.
func cloneSheets(cs []Combatant) {
	var nw, na, ni, nr, np int
	for i := range cs {
		c := &cs[i]
		nw, na, ni, nr = nw+len(c.Weapons), na+len(c.Abilities), ni+len(c.Items), nr+len(c.Armor)
		for _, a := range c.Armor {
			np += len(a.Protects)
		}
	}
	weapons, abilities := make([]Weapon, 0, nw), make([]Ability, 0, na)
	items, armor, protects := make([]Item, 0, ni), make([]Armor, 0, nr), make([]string, 0, np)
	for i := range cs {
		c := &cs[i]
		c.Skills = maps.Clone(c.Skills)
		c.Links = maps.Clone(c.Links)
		weapons, c.Weapons = carve(weapons, c.Weapons)
		abilities, c.Abilities = carve(abilities, c.Abilities)
		items, c.Items = carve(items, c.Items)
		armor, c.Armor = carve(armor, c.Armor)
		for j := range c.Armor {
			protects, c.Armor[j].Protects = carve(protects, c.Armor[j].Protects)
		}
	}
}

// carve appends src to buf, whose capacity must hold it, and returns buf
// and the copy as a slice of buf capped at its end (nil for a nil src).
func carve[T any](buf, src []T) ([]T, []T) {
	if src == nil {
		return buf, nil
	}
	start := len(buf)
	buf = append(buf, src...)
	return buf, buf[start:len(buf):len(buf)]
}

// ScratchInto makes *dst a copy of s for Step or Evolve, reusing the
// memory dst holds from an earlier ScratchInto (see copyInto).
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s) }

// Roster lists the combatants' ids in the encounter's order.
func (Rules) Roster(s *State) []string {
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
}

// SideOf names a combatant's side, or "" for an id that is not one.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.Combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}

// TimedOut reports whether the round limit ended the fight.
func (Rules) TimedOut(s *State) bool { return s.Phase == Over && s.TimedOut }

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }

// Command is what a combatant or the GM decides. The interface is sealed
// by its unexported method, so that a type switch over it is complete.
type Command interface {
	command()
}

// Event is something that happened. Events carry every die drawn and
// everything Evolve needs, so that Evolve never computes what the rules
// decided.
type Event interface {
	// apply changes s as the event says. It never fails and draws no
	// dice. h is the state's hot memory on Step's path, nil on the
	// table's (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a
	// transcript; s is the state before it.
	describe(s *State) string
}

// decide is Decide on s itself, appending to events; Decide gives it a
// copy.
func decide(s *State, actor string, c Command, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if c, ok := c.(*EndFight); ok {
		// The GM's at any time, whoever is asked.
		d := &decider{s: s, src: src, events: events, h: h, actor: actor}
		if err := d.endFight(c); err != nil {
			return events, err
		}
		return d.events, nil
	}
	if s.Phase == Over {
		return events, refuse("the fight is over")
	}
	if who := turnOf(s); actor != who && actor != engine.GM {
		return events, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's: the fight waits for %s", who, actor, waiting(s))
	}
	d := &decider{s: s, src: src, events: events, h: h, actor: actor}
	if err := d.run(c); err != nil {
		return events, err
	}
	d.proceed()
	return d.events, nil
}

// decider resolves one command on a state, a working copy for Decide or
// the caller's own for Step: every event it emits is applied at once, so
// later steps see its effect.
type decider struct {
	s      *State
	src    dice.Source
	events []Event
	// actor is who gave the command.
	actor string
	// h is the state's hot memory when stepping: the events come from it.
	// Decide has none.
	h *hotMemory
}

// emit applies e and appends it to the decision's events.
func (d *decider) emit(e Event) {
	e.apply(d.s, d.h)
	d.events = append(d.events, e)
}

// refuse is a refusal of a command the rules do not allow now.
func refuse(format string, args ...any) error {
	return engine.Errorf(engine.NotAllowedNow, format, args...)
}

// invalid is a refusal of a command that names what does not exist.
func invalid(format string, args ...any) error {
	return engine.Errorf(engine.Invalid, format, args...)
}

// turnOf returns who decides now.
func turnOf(s *State) string {
	switch s.Phase {
	case Acting:
		if c := s.Current(); c != nil {
			return c.ID
		}
	case Defending:
		if s.Strike != nil {
			return s.Strike.Target
		}
	case Offering:
		if s.Window != nil && len(s.Window.Ask) > 0 {
			return s.Window.Ask[0]
		}
	}
	return engine.GM
}

// waiting says in words what the fight waits for, for refusals.
func waiting(s *State) string {
	switch s.Phase {
	case Initiative:
		return "the GM to roll initiative"
	case Acting:
		return s.Order[s.Turn] + " to act"
	case Defending:
		return s.Strike.Target + " to defend against " + s.Strike.Attacker + "'s hit or take it"
	case Offering:
		return s.Window.Ask[0] + " to take the " + s.Window.Kind + " or pass"
	case Knockdown:
		return "the GM to rule whether " + s.Strike.Target + " is knocked down"
	case Kill:
		return "the GM to rule whether " + s.Strike.Target + " is killed outright"
	case EscapeRuling:
		return "the GM to rule whether " + s.Window.Opener + " has escaped"
	case EndRuling:
		return "the GM to rule whether the fight is over"
	case Modifiers:
		return "the GM to give the modifiers of " + s.Declared.Attacker + "'s attack on " + s.Declared.Target
	case Aftermath:
		return "the GM to rule on rests after the fight (rest LENGTH, or done)"
	}
	return "nothing: the fight is over"
}

// want refuses a command that does not fit the phase.
func (d *decider) want(p Phase, what string) error {
	if d.s.Phase != p {
		return refuse("cannot %s now: the fight waits for %s", what, waiting(d.s))
	}
	return nil
}

// acting checks that it is someone's turn to act with at least n actions
// left, and returns them.
func (d *decider) acting(what string, n int) (*Combatant, error) {
	if err := d.want(Acting, what); err != nil {
		return nil, err
	}
	me := d.s.Current()
	if me.Left < n {
		return nil, refuse("%s cannot %s: it needs %d action(s) and %s has %d left", me.ID, what, n, me.ID, me.Left)
	}
	return me, nil
}

// inContext reads a command as the moment asks, where its words have a
// natural meaning there other than their own: against a hit, defend is a
// Defense and pass takes the hit; offered an opening, take or an attack
// on the opener takes it; on one's turn, pass ends it.
func inContext(s *State, c Command) Command {
	switch s.Phase {
	case Defending:
		switch c.(type) {
		case *Defend:
			return &Defense{Style: "defend"}
		case *Pass:
			return &Take{}
		}
	case Offering:
		switch c := c.(type) {
		case *Take:
			return &TakeOpening{}
		case *Attack:
			if c.Target == s.Window.Opener && c.OffTarget == "" {
				return &TakeOpening{Weapon: c.Weapon, Mods: c.Mods}
			}
		}
	case Acting:
		if _, ok := c.(*Pass); ok {
			return &EndTurn{}
		}
	}
	return c
}

// run checks and resolves one command.
func (d *decider) run(c Command) error {
	switch c := inContext(d.s, c).(type) {
	case *RollInitiative:
		return d.rollInitiative(c)
	case *Attack:
		return d.attack(c)
	case *Defend:
		return d.defend()
	case *Move:
		return d.move(c.To, false)
	case *Escape:
		return d.escape(c)
	case *Ready:
		return d.ready(c)
	case *Aid:
		return d.aid(c)
	case *Stabilize:
		return d.stabilize(c)
	case *Check:
		return d.check(c)
	case *Resist:
		return d.resist(c)
	case *UseAbility:
		return d.useAbility(c)
	case *RollAttack:
		return d.rollAttack(c)
	case *StandUp:
		return d.standUp()
	case *EndTurn:
		return d.endTurn()
	case *Defense:
		return d.defense(c.Style, c.Mods)
	case *Take:
		return d.take()
	case *TakeOpening:
		return d.takeOpening(c.Weapon, c.Mods)
	case *Pass:
		return d.pass()
	case *Rest:
		return d.rest(c)
	case *Done:
		return d.done()
	case *Rule:
		return d.rule(c)
	case nil:
		return invalid("no command")
	default:
		return invalid("%s is not a vigor command", commands.Kind(c))
	}
}
