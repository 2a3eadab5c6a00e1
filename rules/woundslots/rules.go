package woundslots

import (
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id, as encounter files name it.
const ID = "woundslots"

// defaultRoundLimit is the round limit when an encounter sets none.
const defaultRoundLimit = parts.DefaultRoundLimit

// Rules is the woundslots ruleset and its codec. The zero value is ready
// to use and holds nothing.
type Rules struct{}

// The capabilities Rules has, checked by the compiler.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Sheets[State]                     = Rules{}
	_ engine.Boards[State]                     = Rules{}
)

// Command is what a combatant or the GM decides: a pointer to one of the
// command types, each in the file of the rule that resolves it (*Attack
// in attack.go, *Treat in heal.go, ...). The interface is sealed by its
// unexported method, so that a type switch over it is complete.
type Command interface {
	command()
}

// Event is something that happened: a pointer to one of the event types,
// each in the file of the rule that emits it. Events carry every die
// drawn and everything apply needs, so that applying one never computes
// what the rules decided; each says there how it changes the state and
// how it reads in a transcript.
type Event interface {
	// apply changes s as the event says. It never fails and draws no dice.
	// h is the state's hot memory on Step's path, nil on the table's
	// (Evolve); woundslots reaches it through the state.
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript;
	// s is the state before it.
	describe(s *State) string
}

// ID returns "woundslots".
func (Rules) ID() string { return ID }

// Decide checks c against the state and resolves it into events, drawing
// dice from src in the order docs/rules/woundslots.md gives. It works on a
// copy, so *s never changes.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	w := clone(s)
	r := run{s: &w, src: src}
	if err := r.do(actor, c); err != nil {
		return nil, err
	}
	return r.events, nil
}

// Step decides c in place, applying each event as it is made, and appends
// the events to events. On a refusal s is unchanged: every check comes
// before the first event.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	h := s.hotMemory()
	h.Events().Reset()
	r := run{s: s, src: src, events: events, h: h}
	n := len(events)
	if err := r.do(actor, c); err != nil {
		return events[:n], err
	}
	return r.events, nil
}

// Evolve applies one event. It never fails and draws no dice; an event
// naming nobody changes nothing.
func (Rules) Evolve(s *State, e Event) {
	if e != nil {
		e.apply(s, nil)
	}
}

// run is one decision being resolved: each event is applied to s as it
// is emitted, so that later rules read the state the earlier ones left.
type run struct {
	s      *State
	src    dice.Source
	events []Event
	// h is the hot memory events come from (Step), nil for Decide.
	h *hotMemory
	// choice is a declared action's target's choice (section 7.5.3), for
	// the action as it resolves.
	choice string
	// acted says the turn's owner has paid for an action in this
	// decision: once it is over, the after-action window opens (R29).
	acted bool
	// afterDue says this decision has settled the after-action window
	// due once a flanked window closed (State.AfterDue).
	afterDue bool
	// quiet says the action being carried out was declared before: a long
	// action taking effect asks nobody again (R25).
	quiet bool
	// partial says a walk is only part of a move, which a window breaks:
	// those it leaves flanked are asked once the move is over.
	partial bool
	// flankSeen says an event of this decision may have flanked someone
	// anew (mayFlank); flankBefore is who was flanked before the first
	// such event, for the window of those first flanked (R12).
	flankSeen   bool
	flankBefore uint64
}

// emit records e and applies it.
func (r *run) emit(e Event) {
	if !r.flankSeen && mayFlank(e) {
		r.flankSeen, r.flankBefore = true, r.s.flankedSet()
	}
	r.events = append(r.events, e)
	e.apply(r.s, r.h)
}

// refuse builds an *engine.Error.
func refuse(code engine.Code, format string, args ...any) error {
	return engine.Errorf(code, format, args...)
}

// do resolves command c from actor.
func (r *run) do(actor string, c Command) error {
	s := r.s
	if s.Phase == Over {
		return refuse(engine.NotAllowedNow, "the fight is over")
	}
	switch c := c.(type) { // the GM's, at any time
	case *Cover:
		return r.cover(actor, c)
	case *Exert:
		return r.exert(actor, c)
	case *EndFight:
		return r.endFight(actor, c)
	}
	if who := s.decider(); actor != who && actor != engine.GM {
		return notYours(s, who, actor)
	} else if s.Phase == Window && actor == who && !s.answers(c) {
		if err := s.readiedInStrikeWindow(c); err != nil {
			return err
		}
		// Asked in a window, it goes on with its own turn's business: it
		// lets the window go by first.
		return r.passOn(actor, c)
	}
	if s.Phase == Acting {
		if a := s.actor(); a != nil && a.PinnedBy != "" {
			switch c.(type) {
			case *Escape, *EndTurn:
			default:
				return refuse(engine.NotAllowedNow, "%s is pinned by %s and may only escape or end its turn (R59)", a.ID, a.PinnedBy)
			}
		}
	}
	var err error
	switch _, _, _, declared := declaration(c); {
	case s.offTurnOpen() && offTurnCommand(c):
		err = r.outOfTurn(c)
	case s.Phase == Acting && s.Off == nil && declared:
		err = r.declare(c)
	default:
		err = r.dispatch(c)
	}
	if err != nil {
		return err
	}
	r.flankCheck()
	r.settle()
	return nil
}

// answers reports whether c answers the open window: a reaction, a pass,
// or, where one may act out of turn, an action or move.
func (s *State) answers(c Command) bool {
	if s.Moment == AtFlanked {
		// Only the choice to ignore is asked of one first flanked (R12).
		switch c.(type) {
		case *Pass, *Ignore:
			return true
		}
		return false
	}
	if p := s.Pending; p != nil && p.StrikeAsk > 0 {
		// Only the reactions a reaction's attack triggers answer it (R30,
		// R46, R58); a readied action waits for the window it came from.
		switch c.(type) {
		case *Pass, *Harry, *Interpose:
			return true
		}
		return false
	}
	switch c.(type) {
	case *Pass, *Harry, *Fire, *Trigger, *Interpose, *Rebuff, *Cling, *Ignore:
		return true
	}
	return s.offTurnOpen() && offTurnCommand(c)
}

// readiedInStrikeWindow refuses a readied action (fire, trigger) asked
// for in the window of a reaction's attack (R30): only interposing (R58)
// and harrying (R46) answer it there, and a readied action would open
// another reaction's window inside it, which is not modelled [ours].
func (s *State) readiedInStrikeWindow(c Command) error {
	p := s.Pending
	if p == nil || p.StrikeAsk == 0 {
		return nil
	}
	switch c.(type) {
	case *Fire, *Trigger:
		return refuse(engine.NotAllowedNow, "no readied action inside the window of %s's %s (R47, R30): only interposing (R58) and harrying (R46) answer it here (a reaction's window inside another reaction's is not modelled)", p.Striker, strikeWords(p.StrikeKind))
	}
	return nil
}

// passOn is a command, from one asked in a window, that does not answer
// it (its own turn's business, say): everyone the window waits for lets
// it go on, one by one, until the command fits what the fight waits for;
// then it is decided. When it never comes to that, or the command is
// refused, nothing changes: on the hot path (Step, in place) it is tried
// on a copy first.
//
// This is the one place a command is tried on a copy rather than checked
// where it stands (see legal), and it has to be: the walk lets the window
// go by and so resolves the declared action, with real dice, and settles
// the fight (the next turn may begin) before the command can be checked;
// whether it is then allowed at all depends on how those dice fell (its
// actor may be taken out, the turn may pass to another), so no check
// before the first event can tell, and only the state as it was can take
// the walk back. Simulation does not come here: the prompt of one asked
// in a window lists only answers to it.
func (r *run) passOn(actor string, c Command) error {
	if r.h != nil {
		w := clone(r.s)
		t := run{s: &w, src: r.src}
		if err := t.passOn(actor, c); err != nil {
			return err
		}
		hot := r.s.hot
		*r.s = w
		r.s.hot = hot
		r.events = append(r.events, t.events...)
		return nil
	}
	s := r.s
	for range 4 * len(s.Combatants) * (len(s.Combatants) + 4) {
		if s.Phase != Window || len(s.Queue) == 0 || s.decider() == actor && s.answers(c) {
			break
		}
		r.emit(engine.New(r.h.arena(), passedKind, Passed{Combatant: s.Queue[0]}))
		r.resolveIfReady()
		r.settle()
	}
	if who := s.decider(); who != actor {
		return notYours(s, who, actor)
	}
	return r.do(actor, c)
}

// notYours refuses actor's command when the fight waits for who instead,
// saying what who is asked.
func notYours(s *State, who, actor string) error {
	q := Rules{}.Next(s).Question
	if q == "" {
		return refuse(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	return refuse(engine.NotYourTurn, "it is %s's decision, not %s's: %s", who, actor, q)
}

// dispatch resolves command c of the one who must decide now.
func (r *run) dispatch(c Command) error {
	switch c := c.(type) {
	case *Surprise:
		return r.surprise(c)
	case *Initiative:
		return r.initiative()
	case *Attack:
		return r.attack(c)
	case *Move:
		return r.move(c.X, c.Y)
	case *Approach:
		return r.approach(c.Target)
	case *Defend:
		return r.defend()
	case *Seize:
		return r.seize()
	case *Posture:
		return r.posture(c.To, c.Hurry)
	case *Dash:
		return r.dash()
	case *Use:
		return r.use(c.Object, c.Hurry)
	case *Continue:
		return r.continueLong()
	case *EndTurn:
		return r.endTurn()
	case *Pass:
		return r.pass()
	case *Harry:
		return r.harry()
	case *Guard:
		return r.guard(c.Choice)
	case *Pick:
		return r.pick(c)
	case *Stabilize:
		return r.stabilize(c.Target)
	case *Treat:
		return r.treat(c.Target, c.Level)
	case *Rest:
		return r.rest(c)
	case *Done:
		return r.doneResting()
	case *Mount:
		return r.mount(c.Target, c.Hurry)
	case *Dismount:
		return r.dismount(c.X, c.Y, c.Hurry)
	case *Calm:
		return r.calm()
	case *Hinder:
		return r.hinder(c.Hindrance, c.Target)
	case *Pin:
		return r.pin(c.Target)
	case *Escape:
		return r.escape(c.From)
	case *Rebuff:
		return r.rebuff(c.Weapon)
	case *Ignore:
		return r.ignore(c.Target, !c.Stop)
	case *Jump:
		return r.jump(c)
	case *Cast:
		return r.cast(c.Spell, c.Target)
	case *Ready:
		return r.ready(c.Action.Command())
	case *Trigger:
		return r.trigger()
	case *Fire:
		return r.fire(c.Target, c.Weapon)
	case *Interpose:
		return r.interpose(c.Shield)
	case *Opening:
		return r.opening(c.Target)
	case *Drag:
		return r.drag(c.X, c.Y)
	case *Enter:
		return r.enter(c.Target)
	case *TreatCondition:
		return r.treatCondition(c.Target, c.Condition)
	case *Cling:
		return r.cling()
	case *Split:
		return r.split(c.With, c.Cut)
	case *Go:
		return r.decideMove(true)
	case *Stop:
		return r.decideMove(false)
	case *LongAction:
		return r.longAction(c.Action.Command())
	case *Surface:
		return r.surface()
	case *Order:
		return r.order(c.Action.Command())
	case *Recover:
		return r.recoverChoice(c.Level)
	case *EndEffect:
		return r.endEffect(c.Effect)
	case *Retrieve:
		return r.retrieve(c.Weapon, c.Hurry)
	case *Stow:
		return r.stow(c.Weapon, c.Hurry)
	case *Push:
		return r.push(c.X, c.Y)
	case *Drop:
		return r.drop(c.Weapon)
	case *Meet:
		return r.meet(c.Choice)
	case nil:
		return refuse(engine.Invalid, "no command")
	default:
		return refuse(engine.Invalid, "%s is not a woundslots command", commands.Kind(c))
	}
}

// asked returns the one asked first in the open window, who would do
// what there; outside a window it refuses, saying what waits instead.
func (r *run) asked(what string) (*Combatant, error) {
	if err := r.wantPhase(Window, what); err != nil {
		return nil, err
	}
	return r.s.Combatant(r.s.Queue[0]), nil
}

// wantPhase refuses what does not fit the phase, saying what the fight
// waits for.
func (r *run) wantPhase(want Phase, what ...string) error {
	s := r.s
	if s.Phase == want {
		return nil
	}
	var now string
	switch s.Phase {
	case Setup:
		now = "the GM must rule on surprise and roll initiative"
	case Acting:
		now = "it is " + s.Turn + "'s turn to act"
	case Window:
		now = "a declared action waits for " + s.decider() + " to interrupt, react or pass"
	case Guarding:
		now = s.decider() + " must choose a Defense"
	case Choosing:
		// A choice of many kinds: a nonlethal level, a shove's square, a
		// disarmed item, a cling's split, a rebuffed mover's go or stop,
		// flankers to ignore; the prompt's question says which.
		now = s.decider() + " must choose first: " + Rules{}.Next(s).Question
	case Resting:
		now = "the fight is over; the GM rules on rests"
	default:
		now = "the fight is over"
	}
	return refuse(engine.NotAllowedNow, "cannot %s now: %s", strings.Join(what, ""), now)
}

// actorAnd is the start of the checks of an action on another combatant:
// it is the acting creature's turn to act (what names the action, for the
// refusal), and target is a combatant. It returns both.
func (r *run) actorAnd(target string, what ...string) (a, t *Combatant, err error) {
	if err := r.wantPhase(Acting, what...); err != nil {
		return nil, nil, err
	}
	s := r.s
	if t = s.Combatant(target); t == nil {
		return nil, nil, s.noCombatant(target)
	}
	return s.actor(), t, nil
}

// Next says who decides what now, with every option they have. Listing a
// readied action's firing tests it in place (legalAfter): s is changed
// for the test and put back, so two goroutines must not ask Next of one
// state at once (Moves, which writes the state's hot memory, never could).
func (Rules) Next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{P: &p})
	return p
}

// Moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) {
	b := engine.Lean(p, s.hotMemory().Moves())
	writePrompt(s, &b)
}

// NextKind says what kind of decision the fight waits for.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Clone returns a deep copy of the state, sharing with it only what
// nothing changes once the fight has started: the combatants' skills,
// specializations and spells.
func (Rules) Clone(s *State) State { return clone(s) }

// ScratchInto makes *dst a copy of s for Step, reusing dst's memory. It
// shares with s what the rules never change in place: stat blocks'
// weapons, skills and specializations, the terrain and objects. The
// combatants' HarriedBy lists and long actions are copied.
func (Rules) ScratchInto(dst, s *State) {
	combatants, hot := dst.Combatants[:0], dst.hot
	queue := dst.Queue[:0]
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		c.HarriedBy, c.Ignoring, c.Grappling = ownIDs(c.HarriedBy), ownIDs(c.Ignoring), ownIDs(c.Grappling)
		if len(c.Conditions) > 0 {
			c.Conditions = append([]Condition(nil), c.Conditions...)
		}
		c.Long = parts.Copy(c.Long)
	}
	dst.Queue = append(queue, s.Queue...)
	if s.Off != nil {
		dst.Off = dst.hotMemory().placeOff(*s.Off)
	}
	// Outer is shared: the rules never write it in place (Interrupted,
	// OffTurnEnded).
	if s.Pending != nil {
		h := dst.hotMemory()
		h.pending = *s.Pending
		dst.Pending = &h.pending
	}
}

// ownIDs is a copy of a list of ids in memory of its own, nil when empty.
func ownIDs(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	return append([]string(nil), ids...)
}

// Roster lists the combatants' ids in encounter order.
func (Rules) Roster(s *State) []string {
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
}

// SideOf names a combatant's side, or "".
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.Combatant(combatant); c != nil {
		return c.Side
	}
	return ""
}

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }

// TimedOut reports whether the fight stopped at the round limit.
func (Rules) TimedOut(s *State) bool { return s.TimedOut }

// Tally says what an event does to whom: a wound's level index counts as
// its damage; down is being taken out by wounds (unconscious, dying,
// dead), dead is death.
func (Rules) Tally(_ *State, e Event) (target, source string, damage int, down, dead bool) {
	switch e := e.(type) {
	case *Wounded:
		return e.Combatant, e.Attacker, e.Level, e.Fate == "dead" || e.Fate == "dying" || e.Fate == "unconscious", e.Fate == "dead"
	case *Died:
		return e.Combatant, "", 0, false, true
	}
	return "", "", 0, false, false
}

// Outcome tags what one decision's events did and adds each combatant's
// wound levels to damage. The actor's attack is "hit" or "miss", with
// "critical" on a natural 20 and "fumble" on a natural 1; its wound is
// tagged with the level placed ("light_wound" ... "fatal_wound", or
// "no_wound"), and
// "down" when it takes the target out. Others' tags are prefixed with
// their id and a colon.
func (Rules) Outcome(before *State, actor string, events []Event, _ *State, tags []string, damage []int) []string {
	tag := func(who, name string) { tags = parts.Tag(tags, actor, who, name) }
	for _, e := range events {
		switch e := e.(type) {
		case *AttackRolled:
			if e.Hit {
				tag(e.Attacker, "hit")
			} else {
				tag(e.Attacker, "miss")
			}
			switch e.Critical {
			case "success":
				tag(e.Attacker, "critical")
			case "failure":
				tag(e.Attacker, "fumble")
			}
		case *Interrupted:
			tag(e.Combatant, "interrupt")
		case *Wounded:
			if e.Level == NoWound && e.Fate == "" {
				tag(e.Attacker, "no_wound")
			} else if e.Level > NoWound {
				tag(e.Attacker, LevelName(e.Level)+"_wound")
			}
			if e.Fate == "dead" || e.Fate == "dying" || e.Fate == "unconscious" {
				tag(e.Attacker, "down")
			}
			if i := slices.IndexFunc(before.Combatants, func(c Combatant) bool { return c.ID == e.Combatant }); i >= 0 && i < len(damage) {
				damage[i] += e.Level
			}
		}
	}
	return tags
}

// Condition names a combatant's condition: active, helpless, dying,
// unconscious or dead; all but active and helpless take it out.
func (Rules) Condition(s *State, combatant string) (condition string, down bool) {
	c := s.Combatant(combatant)
	switch {
	case c == nil:
		return "absent", false
	case c.Status == Dead:
		return "dead", true
	case c.Status == Away:
		return "away", false
	case c.IsDying:
		return "dying", true
	case c.Status == Unconscious:
		return "unconscious", true
	case c.Helpless > 0:
		return "helpless", false
	}
	return "active", false
}
