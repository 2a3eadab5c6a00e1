package duel

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
)

// Rules is the duel ruleset and its codec. The zero value is ready to use.
type Rules struct{}

var (
	_ engine.Game[State, Command, Event]    = Rules{}
	_ engine.Secrets[State, Command, Event] = Rules{}
)

// ID returns "duel".
func (Rules) ID() string { return "duel" }

// Decide checks c against the state and resolves it, drawing the attack
// d20, the dodge d6 and the damage d6s from src.
func (r Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	p := r.Next(s)
	if p.Kind == engine.End {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if !p.Accepts(actor) {
		return nil, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's", p.Actor, actor)
	}
	switch c := c.(type) {
	case *Attack:
		return r.attack(s, c.Target, false, src)
	case *Feint:
		return r.attack(s, c.Target, true, src)
	case *Defend:
		if err := wantPhase(s, Acting, "defend"); err != nil {
			return nil, err
		}
		return []Event{&Defended{Fighter: s.Fighters[s.Turn].ID}}, nil
	case *Dodge:
		if err := wantPhase(s, Reacting, "dodge"); err != nil {
			return nil, err
		}
		if s.Fighter(s.Pending.Target).Dodged {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s has already dodged this round", s.Pending.Target)
		}
		die := src.Roll(6)
		dodged := &Dodged{Fighter: s.Pending.Target, Die: die, Avoided: die >= 5}
		if dodged.Avoided {
			return []Event{dodged}, nil
		}
		return append([]Event{dodged}, land(s.Pending, src)), nil
	case *Take:
		if err := wantPhase(s, Reacting, "take a hit"); err != nil {
			return nil, err
		}
		return []Event{land(s.Pending, src)}, nil
	case *Continue:
		if err := wantPhase(s, Ruling, "continue"); err != nil {
			return nil, err
		}
		return []Event{&RoundStarted{Round: s.Round + 1}}, nil
	case *Stop:
		if err := wantPhase(s, Ruling, "stop"); err != nil {
			return nil, err
		}
		return []Event{&Stopped{}}, nil
	case nil:
		return nil, engine.Errorf(engine.Invalid, "no command")
	default:
		return nil, engine.Errorf(engine.Invalid, "%s is not a duel command", c.Kind())
	}
}

// wantPhase refuses an action that does not fit the phase.
func wantPhase(s *State, want Phase, action string) error {
	if s.Phase == want {
		return nil
	}
	var now string
	switch s.Phase {
	case Acting:
		now = fmt.Sprintf("it is %s's turn to act", s.Fighters[s.Turn].ID)
	case Reacting:
		now = fmt.Sprintf("%s must dodge or take the hit", s.Pending.Target)
	case Ruling:
		now = "the GM must rule whether the fight goes on"
	default:
		now = "the fight is over"
	}
	return engine.Errorf(engine.NotAllowedNow, "cannot %s now: %s", action, now)
}

// attack resolves an attack or a feint: the declaration and the roll.
func (Rules) attack(s *State, target string, feint bool, src dice.Source) ([]Event, error) {
	verb := "attack"
	if feint {
		verb = "feint at"
	}
	if err := wantPhase(s, Acting, verb+" "+target); err != nil {
		return nil, err
	}
	attacker := &s.Fighters[s.Turn]
	t := s.Fighter(target)
	switch {
	case t == nil:
		return nil, engine.Errorf(engine.Invalid, "there is no fighter called %q (fighters: %s)", target, s.ids())
	case t.Side == attacker.Side:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: they are on the same side", attacker.ID, verb, t.ID)
	case !t.Up():
		return nil, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: %s is down", attacker.ID, verb, t.ID, t.ID)
	}
	die := src.Roll(20)
	defence := t.EffectiveDefence()
	return []Event{
		&Declared{Attacker: attacker.ID, Target: t.ID, Feint: feint},
		&Rolled{Attacker: attacker.ID, Target: t.ID, Die: die, Bonus: attacker.Bonus, Defence: defence,
			Hit: die == 20 || die+attacker.Bonus >= defence},
	}, nil
}

// land is what a blow that was not dodged does: damage, or for a feint,
// the target off balance.
func land(b *Blow, src dice.Source) Event {
	if b.Feint {
		return &Unbalanced{Fighter: b.Target}
	}
	n := 1
	if b.Natural == 20 {
		n = 2
	}
	d := &Damaged{Fighter: b.Target, Dice: make([]int, n)}
	for i := range d.Dice {
		d.Dice[i] = src.Roll(6)
		d.Amount += d.Dice[i]
	}
	return d
}

// Evolve applies one event.
func (Rules) Evolve(s *State, e Event) {
	switch e := e.(type) {
	case *Declared:
		s.Pending = &Blow{Attacker: e.Attacker, Target: e.Target, Feint: e.Feint}
	case *Rolled:
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
		if f := s.Fighter(e.Fighter); f != nil {
			f.Defending = true
		}
		endTurn(s)
	case *Dodged:
		if f := s.Fighter(e.Fighter); f != nil {
			f.Dodged = true
		}
		if e.Avoided {
			endTurn(s)
		}
	case *Damaged:
		if f := s.Fighter(e.Fighter); f != nil {
			f.HP = max(0, f.HP-e.Amount)
		}
		endTurn(s)
	case *Unbalanced:
		if f := s.Fighter(e.Fighter); f != nil {
			f.OffBalance = true
		}
		endTurn(s)
	case *RoundStarted:
		s.Round = e.Round
		for i := range s.Fighters {
			s.Fighters[i].Dodged, s.Fighters[i].OffBalance = false, false
		}
		s.Turn = -1
		endTurn(s)
	case *Stopped:
		s.Phase = Over
	}
}

// endTurn clears the pending blow and passes the turn to the next fighter
// standing this round, or to the GM's ruling when the round is over.
func endTurn(s *State) {
	s.Pending = nil
	for i := s.Turn + 1; i < len(s.Fighters); i++ {
		if f := &s.Fighters[i]; f.Up() {
			s.Turn, s.Phase = i, Acting
			f.Defending = false
			return
		}
	}
	s.Phase = Ruling
}

// Next says who decides what now.
func (Rules) Next(s *State) engine.Prompt[Command] {
	if standing := s.Standing(); len(standing) <= 1 {
		p := engine.Prompt[Command]{Kind: engine.End, Question: "the fight is over: nobody is standing", Default: -1}
		if len(standing) == 1 {
			p.Winner = standing[0]
			p.Question = fmt.Sprintf("the fight is over: %s wins", p.Winner)
		}
		return p
	}
	switch s.Phase {
	case Acting:
		me := &s.Fighters[s.Turn]
		p := engine.Prompt[Command]{Kind: engine.Act, Actor: me.ID, Default: -1,
			Question: fmt.Sprintf("round %d, %s's turn: attack, feint or defend?", s.Round, me.ID)}
		for _, f := range s.Fighters {
			if f.Up() && f.Side != me.Side {
				p.Options = append(p.Options,
					engine.Option[Command]{Label: "attack " + f.ID, Command: &Attack{Target: f.ID}},
					engine.Option[Command]{Label: "feint at " + f.ID, Command: &Feint{Target: f.ID}})
			}
		}
		p.Options = append(p.Options, engine.Option[Command]{
			Label: fmt.Sprintf("defend (+%d defence until your next turn)", DefendBonus), Command: &Defend{}})
		return p
	case Reacting:
		b := s.Pending
		p := engine.Prompt[Command]{Kind: engine.React, Actor: b.Target, Default: -1,
			Question: fmt.Sprintf("%s's attack hits %s: dodge or take it?", b.Attacker, b.Target)}
		if !s.Fighter(b.Target).Dodged {
			p.Options = append(p.Options, engine.Option[Command]{Label: "dodge (d6: 5 or 6 avoids the hit)", Command: &Dodge{}})
		}
		p.Options = append(p.Options, engine.Option[Command]{Label: "take the hit", Command: &Take{}})
		return p
	case Ruling:
		return engine.Prompt[Command]{Kind: engine.Ruling, Actor: engine.GM, Default: 0,
			Question: fmt.Sprintf("round %d is over: does the fight go on?", s.Round),
			Options: []engine.Option[Command]{
				{Label: "continue", Command: &Continue{}},
				{Label: "stop the fight (a draw)", Command: &Stop{}},
			}}
	default:
		return engine.Prompt[Command]{Kind: engine.End, Question: "the GM stopped the fight: a draw", Default: -1}
	}
}

// SideOf names the side a fighter is on, or "" for an unknown id.
func (Rules) SideOf(s *State, combatant string) string {
	if f := s.Fighter(combatant); f != nil {
		return f.Side
	}
	return ""
}

// Roster lists the fighters in order.
func (Rules) Roster(s *State) []string {
	ids := make([]string, len(s.Fighters))
	for i, f := range s.Fighters {
		ids[i] = f.ID
	}
	return ids
}

// OptionsFor returns the current prompt's options when actor may answer it.
func (r Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	return engine.OptionsOf(r.Next(s), actor)
}

// ViewPrompt shows every prompt to everyone: the duel's prompts hold no
// secret, since a feint's target is asked the same question as an attack's.
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	return p
}

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State {
	c := *s
	c.Fighters = slices.Clone(s.Fighters)
	if s.Pending != nil {
		b := *s.Pending
		c.Pending = &b
	}
	return c
}

// sees reports whether v may know that attacker's blow is a feint.
func sees(v engine.Viewer, attacker string) bool {
	return v.GM || v.Combatant == attacker
}

// View hides a pending feint from everyone but the feinter and the GM.
func (r Rules) View(s *State, v engine.Viewer) State {
	c := r.Clone(s)
	if c.Pending != nil && c.Pending.Feint && !sees(v, c.Pending.Attacker) {
		c.Pending.Feint = false
	}
	return c
}

// ViewCommand shows a feint as an attack to everyone but the feinter and
// the GM.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	if f, ok := c.(*Feint); ok && !sees(v, actor) {
		return &Attack{Target: f.Target}, true
	}
	return c, true
}

// ViewEvent shows a feint's declaration as an attack to everyone but the
// feinter and the GM. Every event is seen by everyone.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	if d, ok := e.(*Declared); ok && d.Feint && !sees(v, d.Attacker) {
		shown := *d
		shown.Feint = false
		return &shown, true
	}
	return e, true
}
