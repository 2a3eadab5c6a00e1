package reference

import (
	"fmt"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "reference"

// Rules is the reference ruleset and its codec. The zero value is ready to
// use; it holds nothing, so every method is a pure function of its
// arguments.
type Rules struct{}

// The capabilities Rules has, checked by the compiler: renaming a method
// here or in package engine breaks the build instead of silently dropping
// a feature.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Secrets[State, Command, Event]    = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
)

// ID returns "reference".
func (Rules) ID() string { return ID }

// Decide checks c against the state and resolves it into events, drawing
// the attack d20, the dodge d6 and the damage d6s from src. It never
// changes *s.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src, nil, nil)
}

// Step decides like Decide and applies the events as Evolve would,
// appending them to events: Decide never copies the state, so deciding in
// place is just deciding, then evolving. The events are the state's hot
// memory's, valid until the next Step on it.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	h := s.hotMemory()
	h.resetEvents()
	n := len(events)
	events, err := decide(s, actor, c, src, h, events)
	if err != nil {
		return events[:n], err
	}
	for _, e := range events[n:] {
		evolve(s, e, &h.blow)
	}
	return events, nil
}

// decide is Decide appending to a buffer, shared with Step, which gives it
// the hot memory its events come from (nil for Decide).
func decide(s *State, actor string, c Command, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if nextKind(s) == engine.End {
		return events, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if who := decider(s); actor != who && actor != engine.GM {
		return events, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	switch c := c.(type) {
	case *Attack:
		return attack(s, c.Target, c.Weapon, false, src, h, events)
	case *Feint:
		return attack(s, c.Target, "", true, src, h, events)
	case *Defend:
		if err := wantPhase(s, Acting, "defend"); err != nil {
			return events, err
		}
		return append(events, parts.PutIn(h, (*hotMemory).defendedEvents, Defended{Combatant: s.Combatants[s.Turn].ID})), nil
	case *Dodge:
		if err := wantPhase(s, Reacting, "dodge"); err != nil {
			return events, err
		}
		if s.Combatant(s.Pending.Target).Dodged {
			return events, engine.Errorf(engine.NotAllowedNow, "%s has already dodged this round", s.Pending.Target)
		}
		die := dice.RollClasses(src, 6, dice.Cuts(5)) // too slow, or avoided
		events = append(events, parts.PutIn(h, (*hotMemory).dodgedEvents, Dodged{Combatant: s.Pending.Target, Die: die, Avoided: die >= 5}))
		if die >= 5 {
			return events, nil
		}
		return append(events, land(s, src, h)), nil
	case *Take:
		if err := wantPhase(s, Reacting, "take a hit"); err != nil {
			return events, err
		}
		return append(events, land(s, src, h)), nil
	case *Continue:
		if err := wantPhase(s, Ruling, "continue"); err != nil {
			return events, err
		}
		return append(events, parts.PutIn(h, (*hotMemory).roundStartedEvents, RoundStarted{Round: s.Round + 1})), nil
	case *Stop:
		if err := wantPhase(s, Ruling, "stop"); err != nil {
			return events, err
		}
		return append(events, &FightStopped{}), nil
	case nil:
		return events, engine.Errorf(engine.Invalid, "no command")
	default:
		return events, engine.Errorf(engine.Invalid, "%s is not a reference command", c.Kind())
	}
}

// decider is who decides now: the combatant acting or reacting, or the GM.
func decider(s *State) string {
	switch s.Phase {
	case Acting:
		return s.Combatants[s.Turn].ID
	case Reacting:
		return s.Pending.Target
	}
	return engine.GM
}

// wantPhase refuses an action (its words joined) that does not fit the
// phase, saying what the fight waits for instead.
func wantPhase(s *State, want Phase, action ...string) error {
	if s.Phase == want {
		return nil
	}
	var now string
	switch s.Phase {
	case Acting:
		now = fmt.Sprintf("it is %s's turn to act", s.Combatants[s.Turn].ID)
	case Reacting:
		now = fmt.Sprintf("%s must dodge or take the hit", s.Pending.Target)
	case Ruling:
		now = "the GM must rule whether the fight goes on"
	default:
		now = "the fight is over"
	}
	return engine.Errorf(engine.NotAllowedNow, "cannot %s now: %s", strings.Join(action, ""), now)
}

// attack resolves an attack or a feint: its declaration and its roll.
func attack(s *State, target, weapon string, feint bool, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	verb := "attack"
	if feint {
		verb = "feint at"
	}
	if err := wantPhase(s, Acting, verb, " ", target); err != nil {
		return events, err
	}
	me := &s.Combatants[s.Turn]
	t := s.Combatant(target)
	w := me.Weapon(weapon)
	switch {
	case t == nil:
		return events, engine.Errorf(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	case weapon != "" && w == nil:
		return events, engine.Errorf(engine.Invalid, "%s has no weapon called %q", me.ID, weapon)
	case t.Side == me.Side:
		return events, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: they are on the same side", me.ID, verb, t.ID)
	case !t.Up():
		return events, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: %s is down", me.ID, verb, t.ID, t.ID)
	}
	bonus := me.Skill - s.LightPenalty()
	name := ""
	if w != nil {
		name = w.Name
		if w.Kind == "thrown" {
			bonus += w.Bonus
		}
	}
	defence := t.EffectiveDefence()
	// The die counts as a miss, a hit or a natural 20, a critical: the
	// blow keeps it (Blow.Natural), and reads it only so.
	die := dice.RollClasses(src, 20, dice.Cuts(min(defence-bonus, 20), 20))
	return append(events,
		parts.PutIn(h, (*hotMemory).attackDeclaredEvents, AttackDeclared{Attacker: me.ID, Target: t.ID, Weapon: name, Feint: feint}),
		parts.PutIn(h, (*hotMemory).attackRolledEvents, AttackRolled{Attacker: me.ID, Target: t.ID, Die: die, Bonus: bonus, Defence: defence,
			Hit: die == 20 || die+bonus >= defence}),
	), nil
}

// land is what the pending blow does when it is not dodged: damage, or for
// a feint, its target off balance. Its event comes from h when it is set.
func land(s *State, src dice.Source, h *hotMemory) Event {
	b := s.Pending
	if b.Feint {
		return parts.PutIn(h, (*hotMemory).unbalancedEvents, Unbalanced{Combatant: b.Target})
	}
	n := 1
	if b.Natural == 20 {
		n = 2
	}
	d := parts.PutIn(h, (*hotMemory).damagedEvents, Damaged{Combatant: b.Target, Attacker: b.Attacker, Dice: damageDice(h, n)})
	if w := s.Combatant(b.Attacker).Weapon(b.Weapon); w != nil && w.Kind == "melee" {
		d.Bonus = w.Bonus
	}
	d.Amount = d.Bonus
	for i := range d.Dice {
		d.Dice[i] = src.Roll(6)
		d.Amount += d.Dice[i]
	}
	d.LP = max(0, s.Combatant(b.Target).LP-d.Amount)
	return d
}

// Evolve applies one event. It never fails and draws no dice: everything
// it needs is in the event. An event naming nobody changes nothing.
func (Rules) Evolve(s *State, e Event) { evolve(s, e, nil) }

// evolve is Evolve, with the memory a declared blow goes to: blow, when it
// is set (Step, from the state's hot memory), else a new one.
func evolve(s *State, e Event, blow *Blow) {
	switch e := e.(type) {
	case *AttackDeclared:
		if blow == nil {
			blow = new(Blow)
		}
		*blow = Blow{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, Feint: e.Feint}
		s.Pending = blow
	case *AttackRolled:
		if !e.Hit {
			endTurn(s)
			return
		}
		if s.Pending == nil { // a log written without its declaration
			s.Pending = &Blow{Attacker: e.Attacker, Target: e.Target}
		}
		s.Pending.Natural = e.Die
		s.Phase = Reacting
	case *Defended:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Guard = parts.Until(parts.TurnStart, c.ID, 1)
		}
		endTurn(s)
	case *Dodged:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Dodged = true
		}
		if e.Avoided {
			endTurn(s)
		}
	case *Damaged:
		if c := s.Combatant(e.Combatant); c != nil {
			c.LP = e.LP
		}
		endTurn(s)
	case *Unbalanced:
		if c := s.Combatant(e.Combatant); c != nil {
			c.OffBalance = parts.Until(parts.RoundEnd, "", 1)
		}
		endTurn(s)
	case *RoundStarted:
		startRound(s, e.Round)
	case *FightStopped:
		s.Pending, s.Phase = nil, Over
	}
}

// startRound begins round n: the last one has ended, so its dodges are
// spent and its feints' effects run out; the first combatant standing
// acts.
func startRound(s *State, n int) {
	s.Round = n
	for i := range s.Combatants {
		s.Combatants[i].Dodged = false
		s.Combatants[i].OffBalance.Pass(parts.RoundEnd, "")
	}
	s.Turn = -1
	endTurn(s)
}

// endTurn clears the pending blow and passes the turn to the next
// combatant standing this round, or to the GM's ruling when the round is
// over. A combatant's guard drops when their turn starts again.
func endTurn(s *State) {
	s.Pending = nil
	for i := s.Turn + 1; i < len(s.Combatants); i++ {
		if c := &s.Combatants[i]; c.Up() {
			s.Turn, s.Phase = i, Acting
			c.Guard.Pass(parts.TurnStart, c.ID)
			return
		}
	}
	s.Phase = Ruling
}

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory and the state's hot memory for its
// commands; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind says what kind of decision the fight waits for, as Next does
// without building the prompt.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Next says who decides what now, with every option they have.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// OptionsFor returns the current prompt's options when actor may answer
// it: only the prompt's actor and the GM ever do.
func (r Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	return engine.OptionsOf(r.Next(s), actor)
}

// Clone returns a deep copy of the state, without its hot memory.
func (Rules) Clone(s *State) State {
	c := *s
	c.hot = nil
	c.Combatants = make([]Combatant, len(s.Combatants))
	for i, x := range s.Combatants {
		x.Weapons = append([]Weapon(nil), x.Weapons...)
		c.Combatants[i] = x
	}
	if s.Pending != nil {
		b := *s.Pending
		c.Pending = &b
	}
	return c
}

// ScratchInto makes *dst a copy of s for Step or Evolve, reusing the
// memory of dst's combatants and pending blow, and keeping dst's hot
// memory. The copies share their Weapons with s, which the rules never
// change.
func (Rules) ScratchInto(dst, s *State) { copyInto(dst, s, false) }

// Roster lists the combatants' ids in turn order.
func (Rules) Roster(s *State) []string {
	ids := make([]string, len(s.Combatants))
	for i, c := range s.Combatants {
		ids[i] = c.ID
	}
	return ids
}

// SideOf names a combatant's side, or "" for an id that is not one.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.Combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}
