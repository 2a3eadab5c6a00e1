package maneuvers

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
)

// decider resolves one command: it checks it, then emits its events,
// applying each to the state as it goes, so that what follows reads the
// state the events have made. Decide runs it on a copy, Step in place.
type decider struct {
	s   *State
	src dice.Source
	out []Event
	// h is the state's hot memory the events come from, for Step; nil
	// for Decide, whose events are values of their own.
	h *hotMemory
}

// emit records an event and applies it.
func (d *decider) emit(e Event) {
	d.out = append(d.out, e)
	e.apply(d.s, d.h)
}

// refuse returns a refusal.
func refuse(code engine.Code, format string, args ...any) error {
	return engine.Errorf(code, format, args...)
}

// unknown refuses id, which names no combatant.
func unknown(id string) error { return refuse(engine.Invalid, "there is no combatant called %q", id) }

// decide checks command c from actor and resolves it, then runs the fight
// on until someone must decide.
func (d *decider) decide(actor string, c Command) error {
	s := d.s
	if s.Phase == Over {
		return refuse(engine.NotAllowedNow, "the fight is over")
	}
	if actor != engine.GM {
		switch c.(type) {
		case *EndFight, *Done:
			return refuse(engine.NotYourTurn, "only the GM ends a fight")
		case *Rest:
			return refuse(engine.NotYourTurn, "only the GM calls a rest")
		case *Train:
			return refuse(engine.NotYourTurn, "only the GM trains a style")
		}
	}
	switch c := c.(type) {
	case *EndFight:
		switch {
		case c.Winner != "" && !slices.ContainsFunc(s.Combatants, func(x Combatant) bool { return x.Side == c.Winner }):
			return refuse(engine.Invalid, "no side %q", c.Winner)
		case s.Phase == After && c.Winner != "":
			return refuse(engine.NotAllowedNow, "the fight is decided already: done closes it")
		case s.Phase == After:
			d.close()
		case c.Winner != "":
			d.decided(c.Winner, false, "the GM ends the fight: the other sides have fled")
		default:
			d.decided("", false, "the GM ends the fight")
		}
		return nil
	case *Done:
		if s.Phase != After {
			return refuse(engine.NotAllowedNow, "done closes the encounter once the fight is decided, with the aftermath option (%s)", waiting(s))
		}
		d.close()
		return nil
	case *Rest:
		return d.rest()
	case *Train:
		return d.train(c)
	}
	who := decider_(s)
	inWindow := s.Window != nil && s.Trigger == nil && s.Roll == nil && s.Contest == nil
	if actor != who && actor != engine.GM {
		// Between actions anyone may react (R13, A12).
		if me := s.Combatant(actor); me != nil && isReaction(c) && mayReactNow(s, me) {
			if err := d.react(me, c); err != nil {
				return err
			}
			d.advance()
			return nil
		}
		return refuse(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	var err error
	switch c := c.(type) {
	case nil:
		return refuse(engine.Invalid, "no command")
	case *Begin:
		err = d.begin(c.Sneaking)
	case *Continue:
		if s.Phase != RoundEnd {
			return refuse(engine.NotAllowedNow, "cannot continue now: %s", waiting(s))
		}
		d.emit(engine.New(d.h.arena(), roundStartedKind, RoundStarted{Round: s.Round + 1, Turns: d.turnOrder()}))
	case *Situation:
		err = d.situation(c)
	case *Defend:
		err = d.defend(c)
	case *Maneuver:
		err = d.maneuver(c)
	case *Resist:
		err = d.resist(c)
	case *RuleImprov:
		err = d.ruleImprov(c)
	case *Opportunity:
		err = d.opportunity(c)
	case *Pass:
		switch {
		case s.Roll != nil || s.Contest != nil:
			return refuse(engine.NotAllowedNow, "nothing to pass: %s", waiting(s))
		case s.Trigger != nil && s.Trigger.Next < len(s.Trigger.Reactors):
			d.emit(engine.New(d.h.arena(), opportunityPassedKind, OpportunityPassed{Combatant: who}))
		case s.Trigger == nil && s.Window != nil:
			d.emit(engine.New(d.h.arena(), reactionPassedKind, ReactionPassed{Combatant: who}))
		default:
			return refuse(engine.NotAllowedNow, "nothing to pass: %s", waiting(s))
		}
	case *PushWay:
		if s.Roll == nil || s.Roll.Stage != StageResist || !pushRuling(s.Roll) {
			return refuse(engine.NotAllowedNow, "no push waits for the GM's ruling: %s", waiting(s))
		}
		d.emit(engine.New(d.h.arena(), pushWayRuledKind, PushWayRuled{Loser: s.Roll.Loser, Blocked: c.Blocked}))
	case *Cast, *Draw, *PickUp, *Stow, *Manipulate:
		if inWindow {
			err = d.react(s.Combatant(who), c)
		} else {
			err = d.act(c)
		}
	default:
		err = d.act(c)
	}
	if err != nil {
		return err
	}
	d.advance()
	return nil
}

// decider_ names who decides now: a combatant or the GM ("" when the
// fight is over).
func decider_(s *State) string {
	switch {
	case s.Phase == Over:
		return ""
	case s.Improv != nil:
		return engine.GM
	case s.Roll != nil:
		switch s.Roll.Stage {
		case StageSituation:
			return engine.GM
		case StageDefence:
			return s.Roll.Target
		case StageManeuver:
			return s.Roll.Winner
		case StageResist:
			if pushRuling(s.Roll) {
				return engine.GM
			}
			return s.Roll.Loser
		}
		return engine.GM
	case s.Contest != nil:
		return s.Contest.Resister
	case s.Trigger != nil && s.Trigger.Next < len(s.Trigger.Reactors):
		return s.Trigger.Reactors[s.Trigger.Next].ID
	case s.Window != nil && s.Window.Next < len(s.Window.Reactors):
		return s.Window.Reactors[s.Window.Next]
	case s.Phase == Acting && s.TurnOpen:
		return s.Turns[s.Turn]
	}
	return engine.GM
}

// waiting says what the fight waits for, for refusals.
func waiting(s *State) string {
	switch {
	case s.Phase == Over:
		return "the fight is over"
	case s.Phase == Setup:
		return "the GM must begin the fight"
	case s.Phase == RoundEnd:
		return "the GM must rule whether the fight goes on"
	case s.Phase == After:
		return "the fight is decided: the GM may call a rest or be done"
	case s.Improv != nil:
		return "the GM must rule what " + s.Improv.Who + "'s " + s.Improv.Name + " is"
	case s.Roll != nil:
		switch s.Roll.Stage {
		case StageSituation:
			return "the GM must rule on the situation of " + s.Roll.Attacker + "'s attack"
		case StageDefence:
			return s.Roll.Target + " must choose a defence"
		case StageManeuver:
			return s.Roll.Winner + " must choose a maneuver"
		case StageResist:
			return s.Roll.Loser + " must choose a skill to resist with"
		}
	case s.Contest != nil:
		return s.Contest.Resister + " must choose a skill to resist the grapple with"
	case s.Trigger != nil && s.Trigger.Next < len(s.Trigger.Reactors):
		return s.Trigger.Reactors[s.Trigger.Next].ID + " may make an opportunity attack on " + s.Trigger.Who
	case s.Window != nil && s.Window.Next < len(s.Window.Reactors):
		return s.Window.Reactors[s.Window.Next] + " may use a reaction"
	}
	if s.TurnOpen {
		return "it is " + s.Turns[s.Turn] + "'s turn"
	}
	return "the fight is between turns"
}

// act resolves an action of the combatant whose turn it is.
func (d *decider) act(c Command) error {
	s := d.s
	me := s.current()
	if me == nil || !s.TurnOpen || s.Roll != nil || s.Contest != nil || s.Trigger != nil || s.Window != nil || s.Improv != nil {
		return refuse(engine.NotAllowedNow, "cannot %s now: %s", commands.Kind(c), waiting(s))
	}
	switch c := c.(type) {
	case *EndTurn:
		d.emit(engine.New(d.h.arena(), turnEndedKind, TurnEnded{Combatant: me.ID}))
		return nil
	case *Delay:
		return d.delay(me, c.After)
	case *Move:
		return d.move(me, c.To)
	case *Strike:
		return d.strike(me, c)
	case *Cast:
		return d.cast(me, c)
	case *Grapple:
		return d.grapple(me, c.Target)
	case *Escape:
		return d.escape(me, c.Skill)
	case *Improvise:
		return d.improvise(me, c)
	}
	if me.AP < 1 {
		return refuse(engine.NotAllowedNow, "%s has no AP left to %s", me.ID, commands.Kind(c))
	}
	switch c := c.(type) {
	case *Dash:
		d.took(me, "dash")
	case *Disengage:
		if me.Disengaged {
			return refuse(engine.NotAllowedNow, "%s has disengaged already this turn", me.ID)
		}
		d.took(me, "disengage")
	case *Release:
		return d.release(me, c.Item)
	case *Stand:
		if !me.Prone {
			return refuse(engine.NotAllowedNow, "%s is not prone", me.ID)
		}
		d.emit(engine.New(d.h.arena(), provokingKind, Provoking{Combatant: me.ID, Trigger: TriggerStand, AP: 1, Reactors: d.reactorsAt(me, me.pos())}))
	case *Search:
		d.search(me)
	case *Sneak:
		if c.To == nil {
			d.took(me, "sneak")
			d.sneak(me)
			return nil
		}
		return d.sneakMove(me, *c.To)
	default:
		if ok, err := d.manipulation(me, c); ok {
			return err
		}
		return refuse(engine.Invalid, "%s is not a maneuvers command", commands.Kind(c))
	}
	return nil
}

// ActionTaken: a combatant spends AP on an action or reaction with no
// roll of its own (dash, disengage, release, stand, search, sneak, pick
// up).
type ActionTaken struct {
	Combatant string `json:"combatant"`
	Action    string `json:"action"`
	AP        int    `json:"ap"`
	// Object is what a Manipulate of an object the rules do not model
	// handles.
	Object string `json:"object,omitempty"`
}

// The kinds of decide.go's events.
var (
	actionTakenKind = engine.Add[ActionTaken](events, "action_taken")
)

// took records an action or reaction of me's that costs 1 AP and has no
// roll of its own.
func (d *decider) took(me *Combatant, action string) {
	d.emit(engine.New(d.h.arena(), actionTakenKind, ActionTaken{Combatant: me.ID, Action: action, AP: 1}))
}

// acted records an action or reaction that costs ap: it spends them, ends
// the turn's freshness and cancels a feint (A17).
func acted(c *Combatant, ap int) {
	c.AP -= ap
	c.Fresh = false
	c.Feinting = ""
}

func (e *ActionTaken) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		windowNext(s, c.ID)
		acted(c, e.AP)
		switch e.Action {
		case "dash":
			c.Budget += c.Speed
		case "disengage":
			c.Disengaged = true
		}
	}
}

func (e *ActionTaken) describe(s *State) string {
	if e.Object != "" {
		return fmt.Sprintf("%s: %s %s (%d AP)", e.Combatant, e.Action, e.Object, e.AP)
	}
	return fmt.Sprintf("%s: %s (%d AP)", e.Combatant, e.Action, e.AP)
}
