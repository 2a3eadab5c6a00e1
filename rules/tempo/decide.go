package tempo

import (
	"slices"

	"fray/dice"
	"fray/engine"
)

// decider resolves one command on a state, a working copy for Decide or
// the caller's own for Step: every event it emits is applied at once, so
// later steps see its effect.
type decider struct {
	s      *State
	src    dice.Source
	events []Event
	// h is the state's hot memory when stepping: the events come from its
	// arena and the searches use it. Decide has none (nil, whose arena is
	// nil: events of their own).
	h *hotMemory
	// work is the memory of the decision's searches: h's when stepping,
	// else one of the decision's own.
	work *searchMemory
	// proved is set while a Step's state is still the one the last Moves
	// listed its options for: what it proved of them holds (see proof).
	proved bool
	// checked is set once a Step's check finds that a turn can go on,
	// and checkedAt is how many events had been emitted then: if no more
	// were, the state the Step leaves is the one checked (see firstOffer).
	checked   bool
	checkedAt int
}

// emit applies e and appends it to the decision's events.
func (d *decider) emit(e Event) {
	e.apply(d.s, d.h)
	d.events = append(d.events, e)
	d.proved = false
}

func decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	if err := admit(s, actor, c); err != nil {
		return nil, err
	}
	scratch := s.clone()
	d := &decider{s: &scratch, src: src, work: new(searchMemory)}
	return d.run(c)
}

// step is decide resolving the command on s itself, appending the events
// to events; see Rules.Step. If it fails s may be left half changed.
func step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	if err := admit(s, actor, c); err != nil {
		return nil, err
	}
	h := s.hotMemory()
	h.Events().Reset()
	d := &decider{s: s, src: src, events: events, h: h, work: h.search(), proved: h.listed == s}
	h.forget()
	events, err := d.run(c)
	if err == nil {
		h.stepped = s
		if d.checked && d.checkedAt == len(d.events) {
			h.checked = s
		}
	}
	return events, err
}

// admit refuses a command the fight does not wait for: any once it is
// over, the end of the fight from anyone but the GM, and anything from
// someone whose decision it is not.
func admit(s *State, actor string, c Command) error {
	if s.Ended {
		return engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if end, ok := c.(*EndFight); ok {
		if actor != engine.GM {
			return engine.Errorf(engine.NotYourTurn, "only the GM ends the fight (G9)")
		}
		if end.Winner != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == end.Winner }) {
			return engine.Errorf(engine.Invalid, "there is no side called %q", end.Winner)
		}
		return nil
	}
	if who, _ := turnOf(s); actor != engine.GM && actor != who {
		p := next(s)
		return engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's: %s", p.Actor, actor, p.Question)
	}
	return nil
}

// run resolves an admitted command.
func (d *decider) run(c Command) ([]Event, error) {
	var err error
	switch c := c.(type) {
	case *EndFight:
		winner := c.Winner
		if winner == "" {
			winner = standingSide(d.s)
		}
		d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Reason: "the GM ended the fight", Winner: winner}))
	case *Begin:
		err = d.begin()
	case *Declare:
		err = d.declare(c)
	case *React:
		err = d.react(c)
	case *NoReaction:
		err = d.noReaction()
	case *Replace:
		err = d.replace(c)
	case *Keep:
		err = d.keep()
	case *Destination:
		err = d.destination(c)
	case *EndTurn:
		err = d.endTurn(c.Mod)
	default:
		err = refuse("unknown command %T", c)
	}
	if err != nil {
		return nil, err
	}
	return d.events, nil
}

// stage names what the state waits for, for refusals.
func stage(s *State) string {
	switch x := s.Exchange; {
	case !s.Started:
		return "the GM to begin the fight"
	case x == nil:
		return "the actor to declare an action or end the turn"
	case x.Asked < len(x.Candidates):
		return "a reaction from " + x.Candidates[x.Asked]
	case x.needsCounterTempo():
		return "the actor's counter-tempo choice"
	default:
		return "a destination"
	}
}

func notNow(s *State, what string) error {
	return engine.Errorf(engine.NotAllowedNow, "%s is not possible now: the fight waits for %s", what, stage(s))
}
