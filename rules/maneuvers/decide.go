package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
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
	evolve(d.s, e)
}

// refuse returns a refusal.
func refuse(code engine.Code, format string, args ...any) error {
	return engine.Errorf(code, format, args...)
}

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
			d.emit(&FightEnded{Winner: s.Winner, TimedOut: s.TimedOut, Reason: "the GM closes the encounter"})
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
		d.emit(&FightEnded{Winner: s.Winner, TimedOut: s.TimedOut, Reason: "the GM closes the encounter"})
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
		d.emit(parts.PutIn(d.h, (*hotMemory).roundStartedPool, RoundStarted{Round: s.Round + 1, Turns: d.turnOrder()}))
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
			d.emit(parts.PutIn(d.h, (*hotMemory).passedPool, OpportunityPassed{Combatant: who}))
		case s.Trigger == nil && s.Window != nil:
			d.emit(&ReactionPassed{Combatant: who})
		default:
			return refuse(engine.NotAllowedNow, "nothing to pass: %s", waiting(s))
		}
	case *PushWay:
		if s.Roll == nil || s.Roll.Stage != StageResist || !pushRuling(s.Roll) {
			return refuse(engine.NotAllowedNow, "no push waits for the GM's ruling: %s", waiting(s))
		}
		d.emit(&PushWayRuled{Loser: s.Roll.Loser, Blocked: c.Blocked})
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

// begin rolls surprise (R07) and initiative (R05) and starts round 1.
func (d *decider) begin(side string) error {
	s := d.s
	if s.Phase != Setup {
		return refuse(engine.NotAllowedNow, "the fight has begun already: %s", waiting(s))
	}
	if side != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == side }) {
		return refuse(engine.Invalid, "no side %q", side)
	}
	d.surprise(side)
	d.initiative()
	d.emit(parts.PutIn(d.h, (*hotMemory).roundStartedPool, RoundStarted{Round: 1, Turns: hotStrings(d.h, s.Order)}))
	return nil
}

// surprise rolls R07: each sneaker's Stealth in roster order, then each
// observer's Observation; an observer every hostile sneaker beats is
// Surprised.
func (d *decider) surprise(side string) {
	s := d.s
	var sneakers []int
	for i := range s.Combatants {
		if s.Combatants[i].Sneaking || side != "" && s.Combatants[i].Side == side {
			sneakers = append(sneakers, i)
		}
	}
	if len(sneakers) == 0 {
		return
	}
	tests := make([]TestRoll, len(s.Combatants))
	for _, i := range sneakers {
		c := &s.Combatants[i]
		tests[i] = s.roll(d.src, skillCheck(c, Stealth))
		d.emit(&TestRolled{Combatant: c.ID, Skill: Stealth, For: "surprise", Test: tests[i]})
	}
	var observers []int
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if slices.ContainsFunc(sneakers, func(j int) bool { return hostile(&s.Combatants[j], o) }) {
			observers = append(observers, i)
			tests[i] = s.roll(d.src, skillCheck(o, Observation))
			d.emit(&TestRolled{Combatant: o.ID, Skill: Observation, For: "surprise", Test: tests[i]})
		}
	}
	for _, i := range observers {
		o := &s.Combatants[i]
		all := true
		for _, j := range sneakers {
			if hostile(&s.Combatants[j], o) && !beats(tests[j], tests[i]) {
				all = false
			}
		}
		if all {
			d.emit(&Surprised{Combatant: o.ID})
		}
	}
}

// initMod is a combatant's initiative modifier (R05, A10).
func initMod(c *Combatant) int {
	if c.PC && c.Initiative != nil {
		return *c.Initiative
	}
	return c.Per
}

// initiative rolls R05: a d6 each in roster order; ties go to the higher
// modifier, then to d6 roll-offs in roster order, repeated until broken.
func (d *decider) initiative() {
	s := d.s
	n := len(s.Combatants)
	type entry struct {
		id         string
		total, mod int
		offs       []int
	}
	es := make([]entry, n)
	for i := range s.Combatants {
		c := &s.Combatants[i]
		die := d.src.Roll(6)
		m := initMod(c)
		es[i] = entry{id: c.ID, total: die + m, mod: m}
		d.emit(&InitiativeRolled{Combatant: c.ID, Die: die, Mod: m, Total: die + m})
	}
	tied := func(a, b *entry) bool {
		return a.total == b.total && a.mod == b.mod && slices.Equal(a.offs, b.offs)
	}
	for {
		// Find every combatant still tied with another, in roster order.
		var again []int
		for i := range es {
			for j := range es {
				if i != j && tied(&es[i], &es[j]) {
					again = append(again, i)
					break
				}
			}
		}
		if len(again) == 0 {
			break
		}
		for _, i := range again {
			die := d.src.Roll(6)
			es[i].offs = append(es[i].offs, die)
			d.emit(&InitiativeRolled{Combatant: es[i].id, Die: die, Total: die, RollOff: true})
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := &es[a], &es[b]
		if x.total != y.total {
			return y.total - x.total
		}
		if x.mod != y.mod {
			return y.mod - x.mod
		}
		for k := range min(len(x.offs), len(y.offs)) {
			if x.offs[k] != y.offs[k] {
				return y.offs[k] - x.offs[k]
			}
		}
		return 0
	})
	ids := make([]string, n)
	for i, k := range order {
		ids[i] = es[k].id
	}
	d.emit(&OrderSet{Order: ids})
}

// turnOrder is the next round's order: the initiative order, or this
// round's with its delays when they persist (A11).
func (d *decider) turnOrder() []string {
	if d.s.Options.DelayPersists && len(d.s.Turns) == len(d.s.Order) {
		return hotStrings(d.h, d.s.Turns)
	}
	return hotStrings(d.h, d.s.Order)
}

// advance runs the fight on through everything no one decides: dice,
// damage, maneuvers without a choice, the end of triggers, turns and
// rounds, and the end of the fight.
func (d *decider) advance() {
	s := d.s
	for range 10000 {
		if s.Phase == Over {
			return
		}
		d.checkGrapples()
		if s.Roll != nil {
			if !d.stepRoll() {
				return
			}
			continue
		}
		if s.Contest != nil || s.Improv != nil {
			return
		}
		if s.Phase == Acting || s.Phase == RoundEnd {
			if winner, over := d.lastSide(); over {
				d.decided(winner, false, endReason(winner))
				return
			}
		}
		if s.Trigger != nil {
			if !d.stepTrigger() {
				return
			}
			continue
		}
		if s.Window != nil {
			return
		}
		if s.Phase != Acting {
			return
		}
		if s.TurnOpen {
			c := s.current()
			if c == nil || c.Conscious() {
				return
			}
			d.emit(parts.PutIn(d.h, (*hotMemory).turnEndedPool, TurnEnded{Combatant: c.ID}))
			continue
		}
		if s.Turn >= len(s.Turns) {
			d.emit(parts.PutIn(d.h, (*hotMemory).roundEndedPool, RoundEnded{Round: s.Round}))
			if lim := s.Options.RoundLimit; lim > 0 && s.Round >= lim {
				d.decided("", true, fmt.Sprintf("the round limit (%d) was reached", lim))
			}
			return
		}
		c := s.Combatant(s.Turns[s.Turn])
		switch {
		case c.Dead:
			d.emit(parts.PutIn(d.h, (*hotMemory).turnSkippedPool, TurnSkipped{Combatant: c.ID, Reason: "dead"}))
		case !c.Conscious():
			d.emit(parts.PutIn(d.h, (*hotMemory).turnSkippedPool, TurnSkipped{Combatant: c.ID, Reason: "unconscious"}))
		case c.Surprised:
			d.emit(parts.PutIn(d.h, (*hotMemory).turnSkippedPool, TurnSkipped{Combatant: c.ID, Reason: "surprised"}))
		default:
			d.emit(parts.PutIn(d.h, (*hotMemory).turnStartedPool, TurnStarted{Combatant: c.ID}))
		}
	}
}

// endReason says why a fight ended with winner.
func endReason(winner string) string {
	if winner == "" {
		return "nobody is left standing"
	}
	return "no other side has anyone conscious"
}

// lastSide reports whether fewer than two sides have a conscious member
// (R38), and names the one left.
func (d *decider) lastSide() (string, bool) {
	s := d.s
	winner, found := "", false
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Conscious() {
			continue
		}
		if !found {
			winner, found = c.Side, true
		} else if c.Side != winner {
			return "", false
		}
	}
	return winner, true
}

// checkGrapples ends the grapples R35 ends: the grappler incapacitated,
// without a free hand, or more than 1 m away.
func (d *decider) checkGrapples() {
	s := d.s
	for i := range s.Combatants {
		g := &s.Combatants[i]
		if g.Grappling == "" {
			continue
		}
		t := s.Combatant(g.Grappling)
		reason := ""
		switch {
		case t == nil:
			reason = "the target is gone"
		case !g.Conscious():
			reason = "the grappler is incapacitated"
		case g.handsUsed() >= 2:
			reason = "the grappler has no free hand"
		case dist(g.pos(), t.pos()) > GrappleReach+1e-9:
			reason = "they are more than 1 m apart"
		default:
			continue
		}
		d.emit(&GrappleEnded{Combatant: g.ID, Target: g.Grappling, Reason: reason})
	}
}

// act resolves an action of the combatant whose turn it is.
func (d *decider) act(c Command) error {
	s := d.s
	me := s.current()
	if me == nil || !s.TurnOpen || s.Roll != nil || s.Contest != nil || s.Trigger != nil || s.Window != nil || s.Improv != nil {
		return refuse(engine.NotAllowedNow, "cannot %s now: %s", c.Kind(), waiting(s))
	}
	switch c := c.(type) {
	case *EndTurn:
		d.emit(parts.PutIn(d.h, (*hotMemory).turnEndedPool, TurnEnded{Combatant: me.ID}))
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
		return refuse(engine.NotAllowedNow, "%s has no AP left to %s", me.ID, c.Kind())
	}
	switch c := c.(type) {
	case *Dash:
		d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "dash", AP: 1}))
	case *Disengage:
		if me.Disengaged {
			return refuse(engine.NotAllowedNow, "%s has disengaged already this turn", me.ID)
		}
		d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "disengage", AP: 1}))
	case *Release:
		return d.release(me, c.Item)
	case *Stand:
		if !me.Prone {
			return refuse(engine.NotAllowedNow, "%s is not prone", me.ID)
		}
		d.emit(parts.PutIn(d.h, (*hotMemory).provokingPool, Provoking{Combatant: me.ID, Trigger: TriggerStand, AP: 1, Reactors: d.reactorsAt(me, me.pos())}))
	case *Search:
		d.search(me)
	case *Sneak:
		if c.To == nil {
			d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "sneak", AP: 1}))
			d.sneak(me)
			return nil
		}
		return d.sneakMove(me, *c.To)
	default:
		if ok, err := d.manipulation(me, c); ok {
			return err
		}
		return refuse(engine.Invalid, "%s is not a maneuvers command", c.Kind())
	}
	return nil
}

// delay saves the turn until after another's (R09).
func (d *decider) delay(me *Combatant, after string) error {
	s := d.s
	if !me.Fresh {
		return refuse(engine.NotAllowedNow, "%s has acted or moved this turn: a turn is delayed at its start", me.ID)
	}
	i := slices.Index(s.Turns[s.Turn+1:], after)
	if i < 0 {
		return refuse(engine.NotAllowedNow, "cannot delay until after %q: it must be someone whose turn is still to come this round (%s)",
			after, strings.Join(s.Turns[s.Turn+1:], ", "))
	}
	d.emit(&TurnDelayed{Combatant: me.ID, After: after})
	return nil
}

// release ends the grapple, or drops a held item.
func (d *decider) release(me *Combatant, item string) error {
	if item != "" {
		if !me.wields(item) {
			return refuse(engine.NotAllowedNow, "%s holds no %q (in hand: %s)", me.ID, item, strings.Join(me.Wield, ", "))
		}
		d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "release", AP: 1}))
		d.emit(&ItemDropped{Combatant: me.ID, Item: item, At: me.pos()})
		return nil
	}
	if me.Grappling == "" {
		return refuse(engine.NotAllowedNow, "%s grapples nobody; release ITEM lets go of an item", me.ID)
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "release", AP: 1}))
	d.emit(&GrappleEnded{Combatant: me.ID, Target: me.Grappling, Reason: "released"})
	return nil
}

// pickUp picks an item up from within 1 m: a Manipulate (R13).
func (d *decider) pickUp(me *Combatant, item string) error {
	s := d.s
	i := slices.IndexFunc(s.Dropped, func(x Dropped) bool {
		return x.Item.Name == item && dist(Point{x.X, x.Y}, me.pos()) <= ManipulateReach+1e-9
	})
	if i < 0 {
		return refuse(engine.NotAllowedNow, "there is no %q on the ground within 1 m of %s", item, me.ID)
	}
	if me.handsUsed()+max(s.Dropped[i].Item.Hands, 1) > 2 {
		return refuse(engine.NotAllowedNow, "%s has no free hand for %s", me.ID, item)
	}
	if me.item(item) != nil {
		return refuse(engine.NotAllowedNow, "%s already carries an item called %q", me.ID, item)
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "pick up", AP: 1}))
	d.emit(&PickedUp{Combatant: me.ID, Item: item})
	return nil
}

// search rolls R36's Search: Observation against each creature hidden
// from the searcher within 10 m.
func (d *decider) search(me *Combatant) {
	s := d.s
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "search", AP: 1}))
	t := s.roll(d.src, skillCheck(me, Observation))
	d.emit(&TestRolled{Combatant: me.ID, Skill: Observation, For: "search", Test: t})
	for i := range s.Combatants {
		h := &s.Combatants[i]
		if !h.hiddenFrom(me.ID) || dist(h.pos(), me.pos()) > SearchRange {
			continue
		}
		ht := s.roll(d.src, skillCheck(h, Stealth))
		d.emit(&Observed{Sneaker: h.ID, Observer: me.ID, Skill: Stealth, Test: ht, Hidden: !beats(t, ht), For: "search"})
	}
}

// sneak rolls R36's Sneak: Stealth against each perceiving foe.
func (d *decider) sneak(me *Combatant) {
	s := d.s
	t := s.roll(d.src, skillCheck(me, Stealth))
	d.emit(&TestRolled{Combatant: me.ID, Skill: Stealth, For: "sneak", Test: t})
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if !hostile(me, o) || !o.Conscious() || me.hiddenFrom(o.ID) {
			continue
		}
		ot := s.roll(d.src, skillCheck(o, Observation))
		d.emit(&Observed{Sneaker: me.ID, Observer: o.ID, Skill: Observation, Test: ot, Hidden: beats(t, ot), For: "sneak"})
	}
}

// grapple starts R35's contest: the grappler's Athletics first.
func (d *decider) grapple(me *Combatant, target string) error {
	s := d.s
	t := s.Combatant(target)
	switch {
	case t == nil:
		return refuse(engine.Invalid, "there is no combatant called %q", target)
	case t == me:
		return refuse(engine.NotAllowedNow, "%s cannot grapple itself", me.ID)
	case me.AP < 1:
		return refuse(engine.NotAllowedNow, "%s has no AP left to grapple", me.ID)
	case me.Grappling != "":
		return refuse(engine.NotAllowedNow, "%s is grappling %s already", me.ID, me.Grappling)
	case me.handsUsed() >= 2:
		return refuse(engine.NotAllowedNow, "%s needs a free hand to grapple (in hand: %s)", me.ID, strings.Join(me.Wield, ", "))
	case dist(me.pos(), t.pos()) > GrappleReach+1e-9:
		return refuse(engine.NotAllowedNow, "%s is %.1f m from %s: a grapple needs 1 m", t.ID, dist(me.pos(), t.pos()), me.ID)
	case t.Dead:
		return refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	}
	test := s.roll(d.src, skillCheck(me, Athletics))
	d.emit(&GrappleAttempted{Combatant: me.ID, Target: t.ID, Test: test})
	if !t.Conscious() {
		d.emit(&GrappleResolved{Combatant: me.ID, Target: t.ID, Skill: Athletics, Test: TestRoll{Auto: "fail"}, Grappled: beats(test, TestRoll{})})
	}
	return nil
}

// resist answers a contest or a maneuver with a skill.
func (d *decider) resist(c *Resist) error {
	s := d.s
	switch {
	case s.Roll != nil && s.Roll.Stage == StageResist:
		row := maneuverOf(s.Roll.Maneuver)
		if !slices.Contains(row.skills, c.Skill) {
			return refuse(engine.Invalid, "resist %s with %s", s.Roll.Maneuver, strings.Join(row.skills, " or "))
		}
		d.resolveManeuver(c.Skill)
		return nil
	case s.Roll == nil && s.Contest != nil:
		if c.Skill != Athletics && c.Skill != Acrobatics {
			return refuse(engine.Invalid, "resist a grapple with athletics or acrobatics, not %q", c.Skill)
		}
		ct := s.Contest
		t := s.Combatant(ct.Resister)
		test := s.roll(d.src, skillCheck(t, c.Skill))
		d.emit(&GrappleResolved{Combatant: ct.Initiator, Target: ct.Resister, Skill: c.Skill, Test: test, Grappled: beats(ct.Test, test)})
		return nil
	}
	return refuse(engine.NotAllowedNow, "nothing to resist now: %s", waiting(s))
}

// escape tries to break the grapple (R35): the escaper's Athletics or
// Acrobatics against the grappler's Athletics.
func (d *decider) escape(me *Combatant, skill string) error {
	s := d.s
	if me.GrappledBy == "" {
		return refuse(engine.NotAllowedNow, "%s is not grappled", me.ID)
	}
	if me.AP < 1 {
		return refuse(engine.NotAllowedNow, "%s has no AP left to escape", me.ID)
	}
	if skill == "" {
		skill = Athletics
		if me.skill(Acrobatics) > me.skill(Athletics) {
			skill = Acrobatics
		}
	}
	if skill != Athletics && skill != Acrobatics {
		return refuse(engine.Invalid, "escape with athletics or acrobatics, not %q", skill)
	}
	g := s.Combatant(me.GrappledBy)
	test := s.roll(d.src, skillCheck(me, skill))
	against := s.roll(d.src, skillCheck(g, Athletics))
	won := beats(test, against)
	d.emit(&EscapeRolled{Combatant: me.ID, From: g.ID, Skill: skill, Test: test, Against: against, Escaped: won})
	if won {
		d.emit(&GrappleEnded{Combatant: g.ID, Target: me.ID, Reason: "escaped"})
	}
	return nil
}

// pushRuling reports whether the roll's Push waits for the GM's ruling on
// obstacles (§6.8).
func pushRuling(r *Roll) bool { return r.Maneuver == Push && !r.PushRuled }

// draw takes a carried item in hand: a Manipulate (R13).
func (d *decider) draw(me *Combatant, item string) error {
	w := me.item(item)
	switch {
	case w == nil:
		return refuse(engine.Invalid, "%s carries no %q", me.ID, item)
	case me.wields(item):
		return refuse(engine.NotAllowedNow, "%s holds %s already", me.ID, item)
	case me.handsUsed()+w.Hands > 2:
		return refuse(engine.NotAllowedNow, "%s has no free hand for %s (in hand: %s)", me.ID, item, strings.Join(me.Wield, ", "))
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "draw", AP: 1}))
	d.emit(&ItemDrawn{Combatant: me.ID, Item: item})
	return nil
}
