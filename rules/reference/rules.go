package reference

import (
	"fmt"

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
func (r Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return r.decide(s, actor, c, src, nil)
}

// Step decides like Decide and applies the events as Evolve would,
// appending them to events: Decide never copies the state, so deciding in
// place is just deciding, then evolving.
func (r Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	n := len(events)
	events, err := r.decide(s, actor, c, src, events)
	if err != nil {
		return events[:n], err
	}
	for _, e := range events[n:] {
		r.Evolve(s, e)
	}
	return events, nil
}

// decide is Decide appending to a buffer, shared with Step.
func (r Rules) decide(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	if r.NextKind(s) == engine.End {
		return events, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if who := decider(s); actor != who && actor != engine.GM {
		return events, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	switch c := c.(type) {
	case *Attack:
		return attack(s, c.Target, c.Weapon, false, src, events)
	case *Feint:
		return attack(s, c.Target, "", true, src, events)
	case *Defend:
		if err := wantPhase(s, Acting, "defend"); err != nil {
			return events, err
		}
		return append(events, &Defended{Combatant: s.Combatants[s.Turn].ID}), nil
	case *Dodge:
		if err := wantPhase(s, Reacting, "dodge"); err != nil {
			return events, err
		}
		if s.Combatant(s.Pending.Target).Dodged {
			return events, engine.Errorf(engine.NotAllowedNow, "%s has already dodged this round", s.Pending.Target)
		}
		die := dice.RollClasses(src, 6, dice.Cuts(5)) // too slow, or avoided
		events = append(events, &Dodged{Combatant: s.Pending.Target, Die: die, Avoided: die >= 5})
		if die >= 5 {
			return events, nil
		}
		return append(events, land(s, src)), nil
	case *Take:
		if err := wantPhase(s, Reacting, "take a hit"); err != nil {
			return events, err
		}
		return append(events, land(s, src)), nil
	case *Continue:
		if err := wantPhase(s, Ruling, "continue"); err != nil {
			return events, err
		}
		return append(events, &RoundStarted{Round: s.Round + 1}), nil
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

// wantPhase refuses an action that does not fit the phase, saying what
// the fight waits for instead.
func wantPhase(s *State, want Phase, action string) error {
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
	return engine.Errorf(engine.NotAllowedNow, "cannot %s now: %s", action, now)
}

// attack resolves an attack or a feint: its declaration and its roll.
func attack(s *State, target, weapon string, feint bool, src dice.Source, events []Event) ([]Event, error) {
	verb := "attack"
	if feint {
		verb = "feint at"
	}
	if err := wantPhase(s, Acting, verb+" "+target); err != nil {
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
		&AttackDeclared{Attacker: me.ID, Target: t.ID, Weapon: name, Feint: feint},
		&AttackRolled{Attacker: me.ID, Target: t.ID, Die: die, Bonus: bonus, Defence: defence,
			Hit: die == 20 || die+bonus >= defence},
	), nil
}

// land is what the pending blow does when it is not dodged: damage, or for
// a feint, its target off balance.
func land(s *State, src dice.Source) Event {
	b := s.Pending
	if b.Feint {
		return &Unbalanced{Combatant: b.Target}
	}
	n := 1
	if b.Natural == 20 {
		n = 2
	}
	d := &Damaged{Combatant: b.Target, Attacker: b.Attacker, Dice: make([]int, n)}
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
func (Rules) Evolve(s *State, e Event) {
	switch e := e.(type) {
	case *AttackDeclared:
		s.Pending = &Blow{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, Feint: e.Feint}
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

// Moves writes the current prompt into *p for a policy; see engine.Speed.
// It builds the whole prompt, as Next does.
func (r Rules) Moves(s *State, p *engine.Prompt[Command]) { *p = r.Next(s) }

// NextKind says what kind of decision the fight waits for, as Next does
// without building the prompt.
func (Rules) NextKind(s *State) engine.PromptKind {
	if s.Phase == Over || len(s.Standing()) <= 1 {
		return engine.End
	}
	switch s.Phase {
	case Acting:
		return engine.Act
	case Reacting:
		return engine.React
	}
	return engine.Ruling
}

// Next says who decides what now, with every option they have.
func (r Rules) Next(s *State) engine.Prompt[Command] {
	switch r.NextKind(s) {
	case engine.End:
		p := engine.Prompt[Command]{Kind: engine.End, Question: "the GM stopped the fight: a draw", Default: -1}
		if s.Phase != Over {
			p.Question = "the fight is over: nobody is standing"
			if standing := s.Standing(); len(standing) == 1 {
				p.Winner = standing[0]
				p.Question = fmt.Sprintf("the fight is over: %s wins", p.Winner)
			}
		}
		return p
	case engine.Act:
		me := &s.Combatants[s.Turn]
		p := engine.Prompt[Command]{Kind: engine.Act, Actor: me.ID, Default: -1,
			Question: fmt.Sprintf("round %d, %s's turn: attack, feint or defend?", s.Round, me.ID)}
		for _, t := range s.Combatants {
			if !t.Up() || t.Side == me.Side {
				continue
			}
			p.Options = append(p.Options, engine.Option[Command]{Label: "attack " + t.ID, Command: &Attack{Target: t.ID}})
			for _, w := range me.Weapons[min(1, len(me.Weapons)):] {
				p.Options = append(p.Options, engine.Option[Command]{
					Label: "attack " + t.ID + " with " + w.Name, Command: &Attack{Target: t.ID, Weapon: w.Name}})
			}
			p.Options = append(p.Options, engine.Option[Command]{Label: "feint at " + t.ID, Command: &Feint{Target: t.ID}})
		}
		p.Options = append(p.Options, engine.Option[Command]{
			Label: fmt.Sprintf("defend (+%d defence until your next turn)", DefendBonus), Command: &Defend{}})
		return p
	case engine.React:
		b := s.Pending
		p := engine.Prompt[Command]{Kind: engine.React, Actor: b.Target, Default: -1,
			Question: fmt.Sprintf("%s's attack hits %s: dodge or take it?", b.Attacker, b.Target)}
		if !s.Combatant(b.Target).Dodged {
			p.Options = append(p.Options, engine.Option[Command]{Label: "dodge (d6: 5 or 6 avoids the hit)", Command: &Dodge{}})
		}
		p.Options = append(p.Options, engine.Option[Command]{Label: "take the hit", Command: &Take{}})
		return p
	}
	return engine.Prompt[Command]{Kind: engine.Ruling, Actor: engine.GM, Default: 0,
		Question: fmt.Sprintf("round %d is over: does the fight go on?", s.Round),
		Options: []engine.Option[Command]{
			{Label: "continue", Command: &Continue{}},
			{Label: "stop the fight (a draw)", Command: &Stop{}},
		}}
}

// OptionsFor returns the current prompt's options when actor may answer
// it: only the prompt's actor and the GM ever do.
func (r Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	return engine.OptionsOf(r.Next(s), actor)
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State {
	c := *s
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
// memory of dst's combatants and pending blow. The copies share their
// Weapons with s, which the rules never change.
func (Rules) ScratchInto(dst, s *State) {
	combatants, pending := dst.Combatants[:0], dst.Pending
	*dst = *s
	dst.Combatants = append(combatants, s.Combatants...)
	if s.Pending != nil {
		if pending == nil {
			pending = new(Blow)
		}
		*pending = *s.Pending
		dst.Pending = pending
	}
}

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
