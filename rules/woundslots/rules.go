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
)

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
	h.resetEvents()
	r := run{s: s, src: src, events: events, h: h}
	n := len(events)
	if err := r.do(actor, c); err != nil {
		return events[:n], err
	}
	return r.events, nil
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
	// quiet says the action being carried out was declared before: a long
	// action taking effect asks nobody again (R25).
	quiet bool
	// partial says a walk is only part of a move, which a window breaks:
	// those it leaves flanked are asked once the move is over.
	partial bool
}

// emit records e and applies it.
func (r *run) emit(e Event) {
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
	if cv, ok := c.(*Cover); ok {
		return r.cover(actor, cv)
	}
	if ex, ok := c.(*Exert); ok {
		return r.exert(actor, ex)
	}
	if ef, ok := c.(*EndFight); ok {
		return r.endFight(actor, ef)
	}
	if who := s.decider(); actor != who && actor != engine.GM {
		return refuse(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	} else if s.Phase == Window && actor == who && !s.answers(c) {
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
	r.settle()
	return nil
}

// answers reports whether c answers the open window: a reaction, a pass,
// or, where one may act out of turn, an action or move.
func (s *State) answers(c Command) bool {
	switch c.(type) {
	case *Pass, *Harry, *Fire, *Trigger, *Interpose, *Rebuff, *Cling, *Ignore:
		return true
	}
	return s.offTurnOpen() && offTurnCommand(c)
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
		r.emit(ev(r.h, (*hotMemory).evPassed, Passed{Combatant: s.Queue[0]}))
		r.resolveIfReady()
		r.settle()
	}
	if who := s.decider(); who != actor {
		return refuse(engine.NotYourTurn, "it is %s's decision, not %s's", who, actor)
	}
	return r.do(actor, c)
}

// dispatch resolves command c of the one who must decide now.
func (r *run) dispatch(c Command) error {
	var err error
	switch c := c.(type) {
	case *Surprise:
		err = r.surprise(c)
	case *Initiative:
		err = r.initiative()
	case *Attack:
		err = r.attack(c)
	case *Move:
		err = r.move(c.X, c.Y)
	case *Approach:
		err = r.approach(c.Target)
	case *Defend:
		err = r.defend()
	case *Seize:
		err = r.seize()
	case *Posture:
		err = r.posture(c.To, c.Hurry)
	case *Dash:
		err = r.dash()
	case *Use:
		err = r.use(c.Object, c.Hurry)
	case *Continue:
		err = r.continueLong()
	case *EndTurn:
		err = r.endTurn()
	case *Pass:
		err = r.pass()
	case *Harry:
		err = r.harry()
	case *Guard:
		err = r.guard(c.Choice)
	case *Pick:
		err = r.pick(c)
	case *Stabilize:
		err = r.stabilize(c.Target)
	case *Treat:
		err = r.treat(c.Target, c.Level)
	case *Rest:
		err = r.rest(c.Length, c.Tender, c.Interrupted, c.Slept)
	case *Done:
		err = r.doneResting()
	case *Mount:
		err = r.mount(c.Target, c.Hurry)
	case *Dismount:
		err = r.dismount(c.X, c.Y, c.Hurry)
	case *Calm:
		err = r.calm()
	case *Hinder:
		err = r.hinder(c.Hindrance, c.Target)
	case *Pin:
		err = r.pin(c.Target)
	case *Escape:
		err = r.escape()
	case *Rebuff:
		err = r.rebuff()
	case *Ignore:
		err = r.ignore(c.Target, !c.Stop)
	case *Jump:
		err = r.jump(c)
	case *Cast:
		err = r.cast(c.Spell, c.Target)
	case *Ready:
		err = r.ready(c.Action.Command())
	case *Trigger:
		err = r.trigger()
	case *Fire:
		err = r.fire(c.Target, c.Weapon)
	case *Interpose:
		err = r.interpose(c.Shield)
	case *Opening:
		err = r.opening(c.Target)
	case *Drag:
		err = r.drag(c.X, c.Y)
	case *Enter:
		err = r.enter(c.Target)
	case *TreatCondition:
		err = r.treatCondition(c.Target, c.Condition)
	case *Cling:
		err = r.cling()
	case *Split:
		err = r.split(c.With, c.Cut)
	case *Go:
		err = r.decideMove(true)
	case *Stop:
		err = r.decideMove(false)
	case *LongAction:
		err = r.longAction(c.Action.Command())
	case *Surface:
		err = r.surface()
	case *Order:
		err = r.order(c.Action.Command())
	case *Recover:
		err = r.recoverChoice(c.Level)
	case *EndEffect:
		err = r.endEffect(c.Effect)
	case *Retrieve:
		err = r.retrieve(c.Weapon, c.Hurry)
	case *Stow:
		err = r.stow(c.Weapon, c.Hurry)
	case *Push:
		err = r.push(c.X, c.Y)
	case *Drop:
		err = r.drop(c.Weapon)
	case *Meet:
		err = r.meet(c.Choice)
	case nil:
		return refuse(engine.Invalid, "no command")
	default:
		return refuse(engine.Invalid, "%s is not a woundslots command", c.Kind())
	}
	return err
}

// cover is the GM's ruling of a creature's cover at any point of a fight
// (R10, section 6): the map's line of sight is the GM's to judge.
func (r *run) cover(actor string, c *Cover) error {
	s := r.s
	t := s.Combatant(c.Target)
	switch {
	case actor != engine.GM:
		return refuse(engine.NotYourTurn, "only the GM rules cover")
	case t == nil:
		return refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", c.Target, s.ids())
	}
	to := c.Cover
	if to == "none" {
		to = ""
	}
	if _, ok := coverMods[to]; !ok {
		return refuse(engine.Invalid, "%q is not a cover: quarter, half, three (quarters), slit (nine tenths) or none", c.Cover)
	}
	r.emit(ev(r.h, (*hotMemory).evCoverRuled, CoverRuled{Combatant: t.ID, Cover: to}))
	return nil
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
		now = s.decider() + " must pick the nonlethal hit's level"
	case Resting:
		now = "the fight is over; the GM rules on rests"
	default:
		now = "the fight is over"
	}
	return refuse(engine.NotAllowedNow, "cannot %s now: %s", strings.Join(what, ""), now)
}

// ---- setup (section 7.1) ----

// surprise marks a side surprised (R31).
func (r *run) surprise(c *Surprise) error {
	if err := r.wantPhase(Setup, "rule on surprise"); err != nil {
		return err
	}
	s := r.s
	found, open := false, false
	for i := range s.Combatants {
		if s.Combatants[i].Side == c.Side {
			found = true
			open = open || !s.Combatants[i].Surprised && s.Combatants[i].Attributes.Prc <= 5
		}
	}
	switch {
	case !found:
		return refuse(engine.Invalid, "there is no side %q", c.Side)
	case !open:
		return refuse(engine.NotAllowedNow, "nobody of side %s can be surprised now (already surprised, or Perception above 5)", c.Side)
	}
	if !c.Contest {
		r.emit(ev(r.h, (*hotMemory).evSurpriseRuled, SurpriseRuled{Side: c.Side}))
		return nil
	}
	// R31 and section 7.1's stealth contest: the others hide, Dex
	// [Stealth/Hiding], each once in ascending id order; then each of the
	// side who can be surprised looks, Prc [Stealth/Observation], and is
	// surprised unless it beats every hider [ours: the worst hider gives
	// the ambush away; ties go to the hiders].
	lowest, hiders := 0, 0
	for _, i := range byID(s) {
		h := &s.Combatants[i]
		if h.Side == c.Side || h.gone() {
			continue
		}
		e := StealthRolled{Combatant: h.ID, Check: "hiding", Die: r.src.Roll(20), Bonus: h.Attributes.Dex + h.skill("stealth") + h.spec("stealth", "hiding") - h.tired()}
		r.emit(ev(r.h, (*hotMemory).evStealthRolled, e))
		if hiders == 0 || e.Die+e.Bonus < lowest {
			lowest = e.Die + e.Bonus
		}
		hiders++
	}
	for _, i := range byID(s) {
		o := &s.Combatants[i]
		if o.Side != c.Side || o.Surprised || o.Attributes.Prc > 5 || o.gone() {
			continue
		}
		e := StealthRolled{Combatant: o.ID, Check: "observation", Die: r.src.Roll(20), Bonus: o.Attributes.Prc + o.skill("stealth") + o.spec("stealth", "observation") - o.tired()}
		r.emit(ev(r.h, (*hotMemory).evStealthRolled, e))
		if hiders > 0 && e.Die+e.Bonus <= lowest {
			r.emit(ev(r.h, (*hotMemory).evSurpriseRuled, SurpriseRuled{Side: c.Side, Combatant: o.ID}))
		}
	}
	return nil
}

// initiative rolls every combatant's initiative in ascending id order
// (R26, R31, section 7.1) and begins round 1.
func (r *run) initiative() error {
	if err := r.wantPhase(Setup, "roll initiative"); err != nil {
		return err
	}
	s := r.s
	for _, i := range byID(s) {
		c := &s.Combatants[i]
		if c.Status == Away {
			continue // it rolls when it arrives (A14)
		}
		bonus := c.Attributes.Prc + c.skill("reflex") + c.spec("reflex", "initiative") + 5 - c.tired()
		pen := 0
		if c.Surprised {
			pen = max(0, 5-c.Attributes.Prc)
		}
		die := r.src.Roll(20)
		r.emit(ev(r.h, (*hotMemory).evInitiativeRolled, InitiativeRolled{Combatant: c.ID, Die: die, Bonus: bonus, Penalty: pen, Initiative: max(0, die+bonus-pen)}))
	}
	r.startRound(1)
	return nil
}

// byID returns the combatants' indexes in ascending id order.
func byID(s *State) []int {
	idx := make([]int, len(s.Combatants))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(s.Combatants[a].ID, s.Combatants[b].ID) })
	return idx
}

// startRound begins round n: everyone active gains its Round Start AP,
// but the surprised in round 1 (R23, A14).
func (r *run) startRound(n int) {
	s := r.s
	r.emit(ev(r.h, (*hotMemory).evRoundStarted, RoundStarted{Round: n}))
	if slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Status == Away && parts.JoinsAfter(c.Joins, n-1) }) {
		for _, i := range byID(s) {
			// A14: a late joiner arrives, rolls its initiative and gains its
			// Round Start AP at once.
			if c := &s.Combatants[i]; c.Status == Away && parts.JoinsAfter(c.Joins, n-1) {
				bonus := c.Attributes.Prc + c.skill("reflex") + c.spec("reflex", "initiative") + 5 - c.tired()
				die := r.src.Roll(20)
				r.emit(ev(r.h, (*hotMemory).evJoined, Joined{Combatant: c.ID, Die: die, Bonus: bonus, Initiative: max(0, die+bonus)}))
			}
		}
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Status != Active || n == 1 && c.Surprised {
			continue
		}
		row := apRow(c.Attributes.Speed)
		r.emit(ev(r.h, (*hotMemory).evAPGained, APGained{Combatant: c.ID, Gain: row.RoundStart, AP: min(row.Max, c.AP+row.RoundStart), At: "round"}))
	}
}

// ---- the flow of turns and rounds ----

// canAct reports whether c may take a turn or act: active, not helpless.
func (c *Combatant) canAct() bool { return c.Status == Active && c.Helpless == 0 }

// settle moves the fight on after a decision: to its end when one side is
// left; back from an action out of turn; through a window nobody is left
// to ask in; past a turn whose owner can no longer act; to the window
// after the owner's action and the end of its turn (R29); to the next
// actor (R27, A15) and the window at its turn's start; through round
// ends.
func (r *run) settle() {
	s := r.s
	for s.Phase != Over && s.Phase != Resting {
		if s.Phase == Choosing && s.Pending == nil {
			return // resting creatures choose the wounds they recover
		}
		if winner, over := lastSide(s); over {
			r.emit(ev(r.h, (*hotMemory).evFightEnded, FightEnded{Winner: winner}))
			return
		}
		if s.Off != nil {
			if s.Phase == Acting && s.Pending == nil {
				r.emit(ev(r.h, (*hotMemory).evOffTurnEnded, OffTurnEnded{Combatant: s.Off.Who}))
				continue
			}
			return
		}
		if s.Phase == Window && s.Pending != nil && len(s.Queue) == 0 {
			r.resolve()
			continue
		}
		if s.Phase != Acting {
			return
		}
		if s.Turn != "" {
			a := s.owner()
			switch {
			case a == nil || !a.canAct():
				r.emit(ev(r.h, (*hotMemory).evTurnEnded, TurnEnded{Combatant: s.Turn}))
				continue
			case r.acted:
				r.acted = false
				if r.openMoment(AtAfter) {
					return
				}
				continue
			case s.Ending:
				r.finishTurn()
				continue
			}
			return
		}
		if next := r.pickNext(); next != "" {
			r.emit(ev(r.h, (*hotMemory).evTurnStarted, TurnStarted{Combatant: next}))
			r.openMoment(AtStart)
			return
		}
		r.endRound()
	}
}

// lastSide reports whether at most one side has anyone active; a mount
// with no weapons does not fight on alone.
func lastSide(s *State) (string, bool) {
	return parts.LastSide(len(s.Combatants),
		func(i int) string { return s.Combatants[i].Side },
		func(i int) bool {
			c := &s.Combatants[i]
			return c.Status == Away || c.Status == Active && !(c.Mount && len(c.Weapons) == 0)
		})
}

// pickNext names the next actor (R27): the highest initiative of those
// who may act and have not; ties broken by a d20 each, in ascending id
// order, redrawn while equal, holding for the round (A15). "" when nobody
// is left this round.
func (r *run) pickNext() string {
	s := r.s
	top, n := -1, 0
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.canAct() || c.Acted || !c.takesTurns() {
			continue
		}
		switch init := s.turnInitiative(c); {
		case init > top:
			top, n = init, 1
		case init == top:
			n++
		}
	}
	if n == 0 {
		return ""
	}
	tied := func(c *Combatant) bool {
		return c.canAct() && !c.Acted && c.takesTurns() && s.turnInitiative(c) == top
	}
	if n > 1 {
		for _, i := range byID(s) {
			if c := &s.Combatants[i]; tied(c) && c.TieBreak == 0 {
				r.emit(ev(r.h, (*hotMemory).evTieBroken, TieBroken{Combatant: c.ID, Die: r.src.Roll(20)}))
			}
		}
		if !r.breakPairWhole(tied) {
			for guard := 0; guard < 100; guard++ {
				redraw := false
				for _, i := range byID(s) {
					c := &s.Combatants[i]
					if !tied(c) {
						continue
					}
					for j := range s.Combatants {
						if d := &s.Combatants[j]; j != i && tied(d) && d.TieBreak == c.TieBreak {
							r.emit(ev(r.h, (*hotMemory).evTieBroken, TieBroken{Combatant: c.ID, Die: r.src.Roll(20)}))
							redraw = true
							break
						}
					}
				}
				if !redraw {
					break
				}
			}
		}
	}
	best := -1
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if tied(c) && (best < 0 || c.TieBreak > s.Combatants[best].TieBreak) {
			best = i
		}
	}
	return s.Combatants[best].ID
}

// breakPairWhole settles a tie of exactly two combatants whose first
// tie-break dice are equal in one draw, when exact odds enumerate the dice
// (the source follows dice by classes), and reports whether it did. A15's
// redraws, as pickNext makes them at the table, go by passes in ascending
// id order: the first redraws, and if it ties again the second redraws in
// the same pass, and so on. Followed die by die, that loop is a chain of
// 1-in-20 ties, each a new d20 of twenty paths, cut only at the dice limit
// of a path (some 24,000 paths for one tie, each replaying its dice). Its
// result is what matters: with probability 20/21 the first ends on another
// value, else the second does, every other value equally likely. So a die
// of 21 read in two classes (1-20: the first, 21: the second) and a d19
// over the values left draw it whole: 38 paths, exact, with one TieBroken
// event for the die that changed (the loop's others record ties nothing
// reads). At the table the loop runs as before, die by die.
func (r *run) breakPairWhole(tied func(*Combatant) bool) bool {
	if _, ok := r.src.(dice.ClassRoller); !ok {
		return false
	}
	var pair []*Combatant
	for _, i := range byID(r.s) {
		if c := &r.s.Combatants[i]; tied(c) {
			pair = append(pair, c)
		}
	}
	if len(pair) != 2 || pair[0].TieBreak != pair[1].TieBreak {
		return false
	}
	who := pair[0]
	if dice.RollClasses(r.src, 21, dice.Cuts(21)) == 21 {
		who = pair[1]
	}
	v := r.src.Roll(19)
	if v >= who.TieBreak {
		v++
	}
	r.emit(ev(r.h, (*hotMemory).evTieBroken, TieBroken{Combatant: who.ID, Die: v}))
	return true
}

// endRound ends the round (section 7.7): dying PCs at the end of their
// last dying round die (A08), then the round ends; the fight stops at the
// round limit, or the next round begins.
func (r *run) endRound() {
	s := r.s
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.IsDying && c.Status == Unconscious && c.Dying >= max(1, 5+c.Attributes.Vit) {
			r.emit(ev(r.h, (*hotMemory).evDied, Died{Combatant: c.ID, Why: "bled out"}))
		}
	}
	for i := range s.Combatants {
		// A09: a stable unconscious creature tries to wake every 10
		// minutes.
		if c := &s.Combatants[i]; c.Status == Unconscious && !c.IsDying && (c.OutRounds+1)%WakeRounds == 0 {
			r.wakeCheck(c)
		}
	}
	r.expire()
	r.emit(ev(r.h, (*hotMemory).evRoundEnded, RoundEnded{Round: s.Round}))
	if winner, over := lastSide(s); over {
		r.emit(ev(r.h, (*hotMemory).evFightEnded, FightEnded{Winner: winner}))
		return
	}
	if parts.RoundLimitReached(s.limit(), s.Round) {
		r.emit(ev(r.h, (*hotMemory).evFightEnded, FightEnded{TimedOut: true}))
		return
	}
	r.startRound(s.Round + 1)
}

// endTurn ends the actor's turn, after the window at its end (R29).
func (r *run) endTurn() error {
	if err := r.wantPhase(Acting, "end the turn"); err != nil {
		return err
	}
	if r.s.Off != nil {
		return refuse(engine.NotAllowedNow, "%s acts out of turn and has no turn to end", r.s.Off.Who)
	}
	if !r.openMoment(AtEnd) {
		r.finishTurn()
	}
	return nil
}

// finishTurn ends the owner's turn: a long action not paid this turn is
// given up (R25), and the Turn End AP is gained, unless staggered (R23,
// A26).
func (r *run) finishTurn() {
	a := r.s.owner()
	r.drift(a)
	if a.Long != nil && !a.Long.PaidNow {
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: a.ID, Object: a.Long.Object}))
	}
	r.emit(ev(r.h, (*hotMemory).evTurnEnded, TurnEnded{Combatant: a.ID}))
	if !a.Staggered() {
		row := apRow(a.Attributes.Speed)
		r.emit(ev(r.h, (*hotMemory).evAPGained, APGained{Combatant: a.ID, Gain: row.TurnEnd, AP: min(row.Max, a.AP+row.TurnEnd), At: "turn"}))
	}
}

// spend pays AP for an action or reaction, giving up a long action first:
// spending AP on anything else cancels it (R25). The owner's paying marks
// an action taken in its turn, for the after-action window.
//
// amount is the action's cost before c's effects and conditions change it
// (R24); pay takes an amount as it is.
func (r *run) spend(c *Combatant, amount int, what string) {
	r.pay(c, c.apCost(amount), what)
}

// pay is spend without R24's changes: a long action's payments, which
// pay a cost already changed.
func (r *run) pay(c *Combatant, amount int, what string) {
	if c.Long != nil {
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: c.ID, Object: c.Long.Object}))
	}
	r.emit(ev(r.h, (*hotMemory).evAPSpent, APSpent{Combatant: c.ID, Amount: amount, AP: c.AP - amount, For: what}))
	if c.ID == r.s.Turn && r.s.Off == nil {
		r.acted = true
	}
}

// need refuses an action costing more AP than c has.
func need(c *Combatant, cost int, what ...string) error {
	if cost = c.apCost(cost); c.AP < cost {
		return refuse(engine.NotAllowedNow, "%s has %d AP; %s costs %d", c.ID, c.AP, strings.Join(what, ""), cost)
	}
	return nil
}

// ---- simple actions ----

// defend is R45.
func (r *run) defend() error {
	a, err := r.defendCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["defend"], "defend")
	r.emit(ev(r.h, (*hotMemory).evDefended, Defended{Combatant: a.ID}))
	return nil
}

// defendCheck is defend's checks: it returns the actor.
func (r *run) defendCheck() (*Combatant, error) {
	if err := r.wantPhase(Acting, "defend"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	if a.Defending {
		return nil, refuse(engine.NotAllowedNow, "%s is defending already", a.ID)
	}
	return a, need(a, actionCosts["defend"], "defend")
}

// seize is R62: +1d6 initiative.
func (r *run) seize() error {
	a, err := r.seizeCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["seize"], "seize")
	die := r.src.Roll(6)
	r.emit(ev(r.h, (*hotMemory).evSeized, Seized{Combatant: a.ID, Die: die, Initiative: a.Initiative + die}))
	return nil
}

// seizeCheck is seize's checks: it returns the actor.
func (r *run) seizeCheck() (*Combatant, error) {
	if err := r.wantPhase(Acting, "seize the initiative"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	return a, need(a, actionCosts["seize"], "seize")
}

// posture is R49, hurried or not (R67).
func (r *run) posture(to string, hurry bool) error {
	a, err := r.postureCheck(to, hurry)
	if err != nil {
		return err
	}
	r.spend(a, r.hurried(a, actionCosts["posture"], hurry), "posture")
	r.emit(ev(r.h, (*hotMemory).evPostureChanged, PostureChanged{Combatant: a.ID, To: to}))
	return nil
}

// postureCheck is posture's checks: it returns the actor.
func (r *run) postureCheck(to string, hurry bool) (*Combatant, error) {
	if err := r.wantPhase(Acting, "change posture"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	switch {
	case to != Standing && to != Crouching && to != Prone:
		return nil, refuse(engine.Invalid, "%q is not a posture: standing, crouching or prone", to)
	case to == a.Posture:
		return nil, refuse(engine.NotAllowedNow, "%s is %s already", a.ID, to)
	case a.Posture == Prone && to == Standing:
		return nil, refuse(engine.NotAllowedNow, "%s is prone and must crouch before standing (R49)", a.ID)
	}
	return a, r.hurryCheck(a, actionCosts["posture"], hurry, "changing posture")
}

// dash is R54: the movement rate doubled until the round ends, for 1
// stamina (R19: a cost above the stamina left becomes fatigue).
func (r *run) dash() error {
	a, err := r.dashCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["dash"], "dash")
	stamina, fatigue := payStamina(a, 1)
	e := Dashed{Combatant: a.ID, Stamina: stamina, Fatigue: fatigue}
	if a.Dashing {
		// R54: a second dash is a Str [Athletics/move mode] check, adding a
		// third of its result to the rate.
		mode := a.MoveMode
		if mode == "" {
			mode = "running"
		}
		e.Die = r.src.Roll(20)
		e.Bonus = a.Attributes.Str + a.skill("athletics") + a.spec("athletics", mode)
		e.Bonus -= a.tired()
		e.RateBonus = max(0, floorDiv(e.Die+e.Bonus, 3))
	}
	r.emit(ev(r.h, (*hotMemory).evDashed, e))
	return nil
}

// dashCheck is dash's checks: it returns the actor.
func (r *run) dashCheck() (*Combatant, error) {
	if err := r.wantPhase(Acting, "dash"); err != nil {
		return nil, err
	}
	a := r.s.actor()
	if a.Dashes >= 2 {
		return nil, refuse(engine.NotAllowedNow, "%s has dashed twice this round already (R54)", a.ID)
	}
	return a, need(a, actionCosts["dash"], "dash")
}

// payStamina is R19 and R20: the stamina and fatigue after paying cost.
func payStamina(c *Combatant, cost int) (stamina, fatigue int) {
	stamina, fatigue = c.Stamina-cost, c.Fatigue
	if stamina < 0 {
		fatigue -= stamina
		stamina = 0
	}
	return min(stamina, max(0, c.NormalMaxStamina()-fatigue)), fatigue
}

// ---- long actions (R25, R66) ----

// objectCost is what using an object costs: the scene's entry, else the
// R66 table, else section 6's default.
func (s *State) objectCost(name string) (ap, rounds int) {
	for _, o := range s.Objects {
		if o.Name == name {
			if o.Rounds > 0 {
				return 0, o.Rounds
			}
			if o.AP > 0 {
				return o.AP, 0
			}
		}
	}
	if ap, ok := objectCosts[name]; ok {
		return ap, 0
	}
	return DefaultObjectCost, 0
}

// use is R66, as a long action when it costs more than the AP at hand or
// takes rounds (R25).
func (r *run) use(object string, hurry bool) error {
	a, err := r.useCheck(object, hurry)
	if err != nil {
		return err
	}
	cost, rounds := r.s.objectCost(object)
	cost = a.apCost(r.hurried(a, cost, hurry))
	switch {
	case rounds > 0:
		r.pay(a, a.AP, "use "+object)
		if rounds == 1 {
			r.emit(ev(r.h, (*hotMemory).evObjectUsed, ObjectUsed{Combatant: a.ID, Object: object}))
			return nil
		}
		r.emit(ev(r.h, (*hotMemory).evLongBegun, LongBegun{Combatant: a.ID, Object: object, Rounds: rounds - 1}))
		r.acted = false
	case cost <= a.AP:
		r.pay(a, cost, "use "+object)
		r.emit(ev(r.h, (*hotMemory).evObjectUsed, ObjectUsed{Combatant: a.ID, Object: object}))
	default:
		paid := a.AP
		r.pay(a, paid, "use "+object)
		r.emit(ev(r.h, (*hotMemory).evLongBegun, LongBegun{Combatant: a.ID, Object: object, Remaining: cost - paid}))
		r.acted = false
	}
	return nil
}

// useCheck is use's checks: it returns the actor.
func (r *run) useCheck(object string, hurry bool) (*Combatant, error) {
	if err := r.wantPhase(Acting, "use ", object); err != nil {
		return nil, err
	}
	a := r.s.actor()
	if object == "" {
		return nil, refuse(engine.Invalid, "use what?")
	}
	if !hurry {
		return a, nil
	}
	cost, rounds := r.s.objectCost(object)
	if rounds > 0 || cost > a.AP {
		return nil, refuse(engine.NotAllowedNow, "only an action paid at once can be hurried (R67)")
	}
	return a, r.hurryCheck(a, cost, true, "using ", object)
}

// continueLong pays this turn's part of a long action (R25): all AP, the
// last payment only the remainder (A38).
func (r *run) continueLong() error {
	if err := r.wantPhase(Acting, "continue a long action"); err != nil {
		return err
	}
	a := r.s.actor()
	switch {
	case a.Long == nil:
		return refuse(engine.NotAllowedNow, "%s has no long action under way", a.ID)
	case a.Long.PaidNow:
		return refuse(engine.NotAllowedNow, "%s has paid toward %s this turn already", a.ID, a.Long.Object)
	}
	l := *a.Long
	if l.Rounds > 0 {
		r.emit(ev(r.h, (*hotMemory).evAPSpent, APSpent{Combatant: a.ID, Amount: a.AP, AP: 0, For: "use " + l.Object}))
		r.emit(ev(r.h, (*hotMemory).evLongPaid, LongPaid{Combatant: a.ID, Rounds: l.Rounds - 1}))
		if l.Rounds == 1 {
			r.emit(ev(r.h, (*hotMemory).evObjectUsed, ObjectUsed{Combatant: a.ID, Object: l.Object}))
			r.acted = true
		}
		return nil
	}
	paid := min(a.AP, l.Remaining)
	what := "use " + l.Object
	if l.Action {
		what = l.Object
	}
	r.emit(ev(r.h, (*hotMemory).evAPSpent, APSpent{Combatant: a.ID, Amount: paid, AP: a.AP - paid, For: what}))
	r.emit(ev(r.h, (*hotMemory).evLongPaid, LongPaid{Combatant: a.ID, Remaining: l.Remaining - paid}))
	switch {
	case l.Remaining != paid:
	case l.Action:
		r.longDone(a, &l)
	default:
		r.emit(ev(r.h, (*hotMemory).evObjectUsed, ObjectUsed{Combatant: a.ID, Object: l.Object}))
		r.acted = true
	}
	return nil
}

// ---- movement (R33, R34, R36, R37) ----

// rate is c's movement rate: its mount's while it rides (R76).
func (s *State) rate(c *Combatant) int {
	if m := s.mountOf(c); m != nil {
		return m.Rate()
	}
	return c.Rate()
}

// moveAP is the least AP that lets c walk cost yards more with its pool
// (A17), or -1 when it cannot move at all.
func (s *State) moveAP(c *Combatant, cost int) int {
	if c.PoolYards() >= cost {
		return 0
	}
	rate := s.rate(c)
	if rate <= 0 {
		return -1
	}
	want := 4*(cost+c.PoolUsed) - c.PoolQuarters
	return (want + rate - 1) / rate
}

// move walks the actor to x,y, or declares the move when someone may
// react to it: a rebuff (R41) or a cling (R55).
func (r *run) move(x, y int) error {
	a, err := r.moveCheck(x, y)
	if err != nil {
		return err
	}
	r.advance(a, x, y, [2]int{a.X, a.Y}, false)
	return nil
}

// moveCheck is move's checks: it returns the mover.
func (r *run) moveCheck(x, y int) (*Combatant, error) {
	if err := r.wantPhase(Acting, "move"); err != nil {
		return nil, err
	}
	s, a := r.s, r.s.actor()
	switch {
	case x == a.X && y == a.Y:
		return nil, refuse(engine.Invalid, "%s is at %d,%d already", a.ID, x, y)
	case abs(x) > parts.MaxCoordinate || abs(y) > parts.MaxCoordinate:
		return nil, refuse(engine.Invalid, "%d,%d is off the map", x, y)
	case s.blocked(a, x, y):
		return nil, refuse(engine.NotAllowedNow, "someone stands at %d,%d (entering an occupied space is not modelled)", x, y)
	}
	cost := s.pathCost(a.X, a.Y, x, y)
	n := s.moveAP(a, cost)
	switch {
	case n < 0:
		return nil, refuse(engine.NotAllowedNow, "%s cannot move: movement rate 0", a.ID)
	case n > a.AP:
		return nil, refuse(engine.NotAllowedNow, "%s needs %d AP to move %d yards of pool to %d,%d and has %d", a.ID, n, cost, x, y, a.AP)
	}
	if m := s.mountOf(a); m != nil && m.Bolting {
		return nil, refuse(engine.NotAllowedNow, "%s's mount %s has bolted; calm it first (R77)", a.ID, m.ID)
	}
	if m := s.mountOf(a); m != nil && m.OwnTurn {
		return nil, refuse(engine.NotAllowedNow, "%s's mount %s is sentient and moves in its own turn (R76)", a.ID, m.ID)
	}
	return a, nil
}

// walkFrom walks a to x,y on a move begun at from: the yards are what the
// whole path from there costs, less what its part already walked cost, so
// that a move broken by a window costs what it would have unbroken.
func (r *run) walkFrom(a *Combatant, x, y int, from [2]int) {
	s := r.s
	r.walk(a, x, y, s.pathCost(from[0], from[1], x, y)-s.pathCost(from[0], from[1], a.X, a.Y))
}

// walk moves a to x,y for cost yards of pool, buying the AP it needs:
// the move itself, then the grapples it breaks (A23) and the control
// check it calls for (R77).
func (r *run) walk(a *Combatant, x, y, cost int) {
	s := r.s
	n := max(0, s.moveAP(a, cost))
	if n > 0 && a.Long != nil {
		r.emit(ev(r.h, (*hotMemory).evLongCancelled, LongCancelled{Combatant: a.ID, Object: a.Long.Object}))
	}
	wasInReach := s.inEnemyReach(a)
	flanked := s.flankedSet()
	r.emit(ev(r.h, (*hotMemory).evMoved, Moved{Combatant: a.ID, X: x, Y: y, Yards: cost, AP: n, Quarters: n * s.rate(a)}))
	r.checkGrapples(a)
	if m := s.needsControl(a); m != nil && !wasInReach && s.inEnemyReach(a) {
		r.controlCheck(a, m, 0, "entering an enemy's reach")
	}
	if !r.partial {
		r.newlyFlanked(flanked, a)
	}
}

// approachCell is the farthest cell on the path from c toward t that c
// can pay for, stopping when its first weapon reaches t or at someone in
// the way; ok is false when not even one step can be taken.
func (s *State) approachCell(c, t *Combatant) (x, y int, ok bool) {
	w := c.Weapon("")
	reach := 0
	if w != nil && w.Kind == "melee" {
		reach = w.Reach
	}
	x, y = c.X, c.Y
	if m := s.mountOf(c); m != nil && m.Bolting {
		return x, y, false
	}
	cx, cy := c.X, c.Y
	for range 200 {
		if DistanceBetween(cx, cy, c.span(), t.X, t.Y, t.span())-1 <= reach {
			break
		}
		nx, ny := cx+sign(t.X-cx), cy+sign(t.Y-cy)
		if s.blocked(c, nx, ny) {
			break
		}
		n := s.moveAP(c, s.pathCost(c.X, c.Y, nx, ny))
		if n < 0 || n > c.AP {
			break
		}
		cx, cy = nx, ny
		x, y, ok = cx, cy, true
	}
	return x, y, ok
}

// approach walks toward a target.
func (r *run) approach(target string) error {
	x, y, err := r.approachCheck(target)
	if err != nil {
		return err
	}
	return r.move(x, y)
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
		return nil, nil, refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	}
	return s.actor(), t, nil
}

// approachCheck is approach's checks, a move's among them: it returns
// where the approach goes.
func (r *run) approachCheck(target string) (x, y int, err error) {
	a, t, err := r.actorAnd(target, "approach ", target)
	if err != nil {
		return 0, 0, err
	}
	x, y, ok := r.s.approachCell(a, t)
	if !ok {
		return 0, 0, refuse(engine.NotAllowedNow, "%s cannot come any closer to %s now", a.ID, t.ID)
	}
	_, err = r.moveCheck(x, y)
	return x, y, err
}

// checkGrapples ends c's grapples across a gap (A23).
func (r *run) checkGrapples(c *Combatant) {
	for i := 0; i < len(c.Grappling); {
		o := r.s.Combatant(c.Grappling[i])
		if o != nil && Gap(c, o) <= 0 {
			i++
			continue
		}
		r.emit(ev(r.h, (*hotMemory).evGrappleEnded, GrappleEnded{Combatant: c.ID, Other: c.Grappling[i]}))
	}
}
