package blackpowder

import (
	"fmt"

	"fray/dice"
	"fray/engine"
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
	_ engine.StepTally[State]                  = Rules{}
	_ engine.Others[State, Command]            = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// ID returns "blackpowder".
func (Rules) ID() string { return ID }

// Decide validates and resolves a command.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src)
}

// Step decides like Decide on s itself, applying the events as it goes,
// and appends them to events; see engine.Speed.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) {
	if s.hot != nil {
		s.hot.forgetState()
	}
	if e != nil {
		s.own()
		e.apply(s, nil)
	}
}

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

// OptionsFor lists the options the current prompt offers actor. On a group's
// turn the prompt names its first member who has not finished, and its
// options are that member's; any other unfinished member may answer it
// (R04), with options of its own, which this gives.
func (Rules) OptionsFor(s *State, actor string) []engine.Option[Command] {
	p := next(s)
	if p.Kind != engine.Act || actor == p.Actor || actor == engine.GM || s.stage() != stageTurn || !p.Accepts(actor) {
		return p.Options
	}
	c := s.combatant(actor)
	if c == nil {
		return nil
	}
	if c.Done {
		return afterActionOptions(s, c) // R06, R33: what may come after the action
	}
	return actOptions(s, c)
}

// ScratchInto makes *dst a copy of s for Step or Evolve to change, cheaper
// than Clone: it reuses the memory dst holds from an earlier ScratchInto,
// and shares with s what decisions never change in place (skills, armor;
// aims, the order and declared commands, which they only replace). s must
// not change while the copy is in use. Exact odds copy a state per dice
// path with it.
func (Rules) ScratchInto(dst, s *State) { s.scratchInto(dst) }

// DescribeEvent says what an event means, with its dice.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}

// hitOrMiss says how an attack check came out.
func hitOrMiss(hit bool) string { return pick(hit, "hit", "miss") }

// verdict says how a check came out.
func verdict(success bool) string { return pick(success, "success", "failure") }

// checkRoll writes a check's die and total against its difficulty,
// "d10=7 → 9 vs 8", or "9 vs 12 cannot succeed" when it could not and no
// die was drawn (A37).
func checkRoll(die, total, difficulty int) string {
	if die == 0 {
		return fmt.Sprintf("%d vs %d cannot succeed", total, difficulty)
	}
	return fmt.Sprintf("d10=%d → %d vs %d", die, total, difficulty)
}

// Command is a decision in a blackpowder fight.
type Command interface {
	isCommand()
}

// Event is a fact of a blackpowder fight. Every die drawn is in an event.
type Event interface {
	// apply changes s as the event says. It never fails and draws no
	// dice. h is the state's hot memory on Step's path, nil on the
	// table's (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a
	// transcript; s is the state before it.
	describe(s *State) string
}

// decide validates and resolves a command; see engine.Ruleset.Decide.
func decide(s *State, actor string, cmd Command, src dice.Source) ([]Event, error) {
	if s.Over {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	scratch := s.scratch()
	r := &run{s: &scratch, src: src, events: make([]Event, 0, 8)}
	return r.decide(s, actor, cmd)
}

// step is decide applying the events to s as it goes, rather than to a
// copy, and appending them to events; see Rules.Step. If it fails s may be
// left half changed.
func step(s *State, actor string, cmd Command, src dice.Source, events []Event) ([]Event, error) {
	if s.Over {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	s.own() // a clone's roster is its own before anything changes it
	h := s.hotMemory()
	h.Events().Reset()
	h.reactions = h.reactions[:0]
	r := &h.run
	// A new run, field by field (cheaper than a new run copied in); the
	// path is read only while hasPath is set, which sets it.
	r.s, r.src, r.events, r.hot, r.eventArena = s, src, events, h, h.arena()
	r.mode, r.aimed, r.early, r.hasPath, r.taken = PaidByAction, false, false, false, nil
	// What the last Moves proved holds until the first event: the run
	// keeps whom it was proved for, as forgetting clears it.
	r.proved, r.provedFor = false, ""
	if h.listedState == s {
		r.proved, r.provedFor = true, h.listedActor
	}
	h.forgetListed()
	if _, end := cmd.(*EndFight); !end && actor != engine.GM {
		// decide's common case, a combatant's own decision, taken here
		// to spare every Step the call.
		if err := r.decideCommand(actor, cmd); err != nil {
			return nil, err
		}
		r.advance()
		return r.events, nil
	}
	return r.decide(s, actor, cmd)
}

// decide decides cmd from actor in state s, the state the run started
// from. step takes a combatant's own decision itself, as this does.
func (r *run) decide(s *State, actor string, cmd Command) ([]Event, error) {
	if c, ok := cmd.(*EndFight); ok {
		// The GM's at any time, whoever is asked.
		if err := r.endFight(actor, c); err != nil {
			return nil, err
		}
		return r.events, nil
	}
	who := actor
	if who == engine.GM && nextKind(s) != engine.Ruling {
		// The GM answers for whoever is asked; a ruling is the GM's own,
		// and needs no prompt built to say so.
		who = next(s).Actor
	}
	if err := r.decideCommand(who, cmd); err != nil {
		return nil, err
	}
	r.advance()
	return r.events, nil
}

// decideCommand handles a decision at the current prompt.
func (r *run) decideCommand(who string, cmd Command) error {
	switch c := cmd.(type) {
	case *RollInitiative:
		return r.initiative(who)
	case *Dodge:
		return r.dodge(who, false)
	case *Parry:
		return r.dodge(who, true)
	case *Take:
		return r.take(who)
	case *Critical:
		return r.critical(who, c.Take)
	case *OpportunityAttack:
		return r.opportunity(who)
	case *Decline:
		if r.s.stage() == stageFollow {
			return r.keepDelayed(who)
		}
		return r.decline(who)
	case *Ruling:
		return r.rule(who, c)
	case *Interrupt:
		if r.s.stage() == stageFollow {
			return r.follow(who, c)
		}
		return r.interrupt(who, c)
	case *FireEarly:
		return r.fireEarly(who)
	case *Pass:
		if r.s.stage() == stageFollow {
			return engine.Errorf(engine.NotAllowedNow, "%s is asked first whether to act with the delayed action right after the aimed attack: name the action, or decline to keep it", r.s.combatant(r.s.Follow).Name)
		}
		return r.pass(who)
	case *Delay:
		return r.delay(who)
	case *Release:
		return r.release(who)
	case *Hide:
		return r.hide(who)
	case *Search:
		return r.search(who)
	case *Rest:
		return r.rest(c)
	case *Heal:
		return r.heal(c)
	case *Repair:
		return r.repair(c)
	case *Done:
		if r.s.After == nil {
			return engine.Errorf(engine.NotAllowedNow, "the fight is not over")
		}
		r.emit(engine.New(r.arena(), endedKind, Ended{Winner: r.s.After.Winner, TimedOut: r.s.After.TimedOut}))
		return nil
	}
	if r.s.Follow != "" && r.s.stage() == stageFollow && cmd != nil {
		// Asked whether to act with the delayed action right after the
		// aimed attack, the aimer may name the action alone (R22).
		return r.follow(who, &Interrupt{Action: Nested{cmd}, After: true})
	}
	return r.declareOrAct(who, cmd)
}

// act resolves an action.
func (r *run) act(who string, cmd Command) error {
	switch c := cmd.(type) {
	case *Attack:
		return r.attack(who, c)
	case *Hold:
		return r.hold(who, c)
	case *Stun:
		return r.stun(who, c)
	case *AimAt:
		return r.aim(who, c)
	case *Assist:
		return r.assist(who, c)
	case *Escape:
		return r.escape(who)
	case *UseItem:
		return r.useItem(who, c)
	case *StandUp:
		return r.standUp(who)
	case *Check:
		return r.check(who, c)
	case *FreeForm:
		return r.freeForm(who, c)
	case *Draw:
		if c.From != "" && c.From != who {
			return r.pickUp(who, c)
		}
		return r.draw(who, c.Weapon)
	case *Reload:
		return r.reload(who)
	case *Revive:
		return r.revive(who, c)
	case *Fix:
		return r.fix(who)
	case *Move:
		return r.move(who, c.X, c.Y, "move")
	case *Run:
		return r.move(who, c.X, c.Y, "run")
	case *Withdraw:
		return r.move(who, c.X, c.Y, "withdraw")
	}
	return notAnAction(cmd)
}

// notAnAction is why cmd, which act does not know, cannot be taken as an
// action.
func notAnAction(cmd Command) error {
	if cmd == nil {
		return engine.Errorf(engine.Invalid, "no action given")
	}
	return engine.Errorf(engine.NotAllowedNow, "%s is not an action", commands.Kind(cmd))
}
