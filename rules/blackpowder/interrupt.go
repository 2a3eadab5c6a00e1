package blackpowder

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Interrupt: act with the held delayed action now, trying to go before the
// declared action: a Speed contest decides who goes first (R08). The
// action is a command in its own right.
type Interrupt struct {
	Action Nested `json:"action"`
	// After: act right after the declared action instead, with no contest
	// (R08: a delayed action need not be faster).
	After bool `json:"after,omitempty"`
	// With joins the interrupt of an ally who answered the same
	// declaration before, as a combined action: all of its members must
	// win the Speed contest, or none goes first (R08, A16).
	With string `json:"with,omitempty"`
}

// The kinds of interrupt.go's commands and events.
var (
	interruptKind      = engine.Add[Interrupt](commands, "interrupt")
	speedContestKind   = engine.Add[SpeedContest](events, "speed_contest")
	delayedUsedKind    = engine.Add[DelayedUsed](events, "delayed_used")
	delayedSettledKind = engine.Add[DelayedSettled](events, "delayed_settled")
	queuedKind         = engine.Add[Queued](events, "queued")
)

func (*Interrupt) isCommand() {}

// interrupt answers a declared action with a held delayed action (R08):
// to act right after it, or to try to go first. Interrupters are settled
// together once every holder has answered (speedContest), so that all
// their dice come before the actor's (§7). One may join an earlier
// interrupter of its own group in a combined action (With): all of them
// must then win for any to go first (A16).
func (r *run) interrupt(who string, cmd *Interrupt) error {
	d, err := r.reactionHead(who, "interrupt")
	if err != nil {
		return err
	}
	inner := cmd.Action.Command
	if inner == nil {
		return engine.Errorf(engine.Invalid, "act with what? the interrupt names no action")
	}
	party, err := r.s.combineWith(d, who, cmd)
	if err != nil {
		return err
	}
	if err := r.legalDelayed(who, inner); err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), queuedKind, Queued{Who: who, Action: cmd.Action.cloneIn(r.arena()), Interrupt: !cmd.After, With: party}))
	return nil
}

// combineWith checks who's interrupt cmd against the declaration d and
// returns the first member of the combined action it joins: "" when it
// joins none.
func (s *State) combineWith(d *Declaration, who string, cmd *Interrupt) (string, error) {
	if cmd.With == "" {
		return "", nil
	}
	if cmd.After {
		return "", engine.Errorf(engine.Invalid, "a combined delayed action interrupts: %q takes no ally", "after")
	}
	if cmd.With == who {
		return "", engine.Errorf(engine.Invalid, "%s cannot combine with themselves", who)
	}
	ally := s.combatant(cmd.With)
	if ally == nil {
		return "", engine.Errorf(engine.Invalid, "no combatant %q to combine with", cmd.With)
	}
	if ally.Group != s.combatant(who).Group {
		return "", engine.Errorf(engine.NotAllowedNow, "a combined action is taken with allies, and %s is not one", ally.Name)
	}
	i := d.held(ally.ID)
	if i < 0 || !d.Held[i].Interrupt {
		return "", engine.Errorf(engine.NotAllowedNow, "%s has not interrupted %s's action: join an interrupter who answered before you", ally.Name, d.Actor)
	}
	if first := d.Held[i].With; first != "" {
		return first, nil
	}
	return ally.ID, nil
}

// held returns the index in d.Held of who's delayed action, or -1.
func (d *Declaration) held(who string) int {
	return slices.IndexFunc(d.Held, func(h Deferred) bool { return h.Who == who })
}

// contestDue reports whether the Speed contest is to be drawn: some
// interrupters wait for it and no holder is left to answer.
func (d *Declaration) contestDue() bool {
	if len(d.Queue) > 0 && d.Queue[0].Kind == "interrupt" {
		return false
	}
	for i := range d.Held {
		if d.Held[i].Interrupt && !d.Held[i].Contested {
			return true
		}
	}
	return false
}

// firstToAct returns the index in d.Held of the next delayed action to
// resolve before the declared action, having won its contest, or -1.
func (d *Declaration) firstToAct() int {
	return slices.IndexFunc(d.Held, func(h Deferred) bool { return h.First })
}

// speedContest draws the Speed contest of every interrupter waiting for
// it against the declaring actor (R02, R08, A02, A16): each interrupter's
// die in the order they answered, then the actor's one die for all of
// them (§7). An interrupter beats the actor with a higher total, or an
// equal one and more Speed skill; it goes first if it beats the actor and
// so does everyone in its combined action.
func (r *run) speedContest() {
	s := r.s
	d := s.Declared
	a := s.combatant(d.Actor)
	// The contest's events change d.Held: work from a copy of the
	// contenders, with their dice.
	type contender struct {
		h          Deferred
		die, total int
	}
	var buf [8]contender
	cs := buf[:0]
	for _, h := range d.Held {
		if h.Interrupt && !h.Contested {
			c := s.combatant(h.Who)
			die := r.d10()
			cs = append(cs, contender{h: h, die: die, total: c.speed(die)})
		}
	}
	actorDie := r.d10()
	actorTotal := a.speed(actorDie)
	beats := func(c contender) bool {
		return s.combatant(c.h.Who).outspeeds(c.total, a, actorTotal)
	}
	// party is the key of a combined action: its first member.
	party := func(h Deferred) string {
		if h.With != "" {
			return h.With
		}
		return h.Who
	}
	for i, c := range cs {
		won, members := true, 0
		for _, o := range cs {
			if party(o.h) == party(c.h) {
				members++
				won = won && beats(o)
			}
		}
		ev := engine.New(r.arena(), speedContestKind, SpeedContest{Interrupter: c.h.Who, Actor: a.ID, Die: c.die, Total: c.total,
			ActorTotal: actorTotal, Beats: beats(c), Won: won, Action: c.h.Command.cloneIn(r.arena())})
		if members > 1 {
			ev.With = party(c.h)
		}
		if i == 0 {
			ev.ActorDie = actorDie
		}
		r.emit(ev)
	}
}

// actDelayed acts with a held delayed action (R08). Attacks spend the held
// action themselves; any other action is paid for by lending an action
// and settling it afterwards, once legalDelayed has passed it. On failure
// nothing is emitted.
func (r *run) actDelayed(who string, cmd Command) error {
	switch cmd.(type) {
	case *Attack, *Hold, *Stun:
		if err := r.s.holdsDelayed(who); err != nil {
			return err
		}
		return r.actAs(PaidByDelayed, who, cmd)
	}
	if err := r.legalDelayed(who, cmd); err != nil {
		return err
	}
	done := r.s.combatant(who).Done
	r.emit(engine.New(r.arena(), delayedUsedKind, DelayedUsed{Who: who}))
	if err := r.actAs(PaidByDelayed, who, cmd); err != nil {
		return err // legalDelayed passed it: never
	}
	r.emit(engine.New(r.arena(), delayedSettledKind, DelayedSettled{Who: who, Done: done}))
	return nil
}

// holdsDelayed reports why who cannot act with a held delayed action, or
// nil if it can.
func (s *State) holdsDelayed(who string) error {
	c := s.combatant(who)
	switch {
	case c == nil:
		return engine.Errorf(engine.Invalid, "no combatant %q", who)
	case !c.Delayed || c.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "%s holds no delayed action", c.Name)
	}
	return nil
}

// SpeedContest: an interrupter's Speed check against the declaring actor's
// (R02, R08). Every interrupter's die is drawn, in the order they
// answered, before the actor's one die (§7); one event each, in that
// order. ActorDie is set on the first only. Beats: this interrupter's
// total beats the actor's. With names the first member of the combined
// action it is part of, if any (that member's own included). Won: it goes first, having beaten the
// actor, and so has everyone it combines with (A16).
type SpeedContest struct {
	Interrupter string `json:"interrupter"`
	Actor       string `json:"actor"`
	Die         int    `json:"die"`
	Total       int    `json:"total"`
	ActorDie    int    `json:"actor_die,omitempty"`
	ActorTotal  int    `json:"actor_total"`
	Beats       bool   `json:"beats,omitempty"`
	With        string `json:"with,omitempty"`
	Won         bool   `json:"won"`
	Action      Nested `json:"action"`
}

func (e *SpeedContest) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.SpeedTotal = e.ActorTotal
	if i := d.held(e.Interrupter); i >= 0 {
		d.Held[i].Contested, d.Held[i].First = true, e.Won
	}
}

func (e *SpeedContest) describe(s *State) string {
	actor := fmt.Sprintf("%d", e.ActorTotal)
	if e.ActorDie != 0 {
		actor = fmt.Sprintf("d10=%d → %d", e.ActorDie, e.ActorTotal)
	}
	first := map[bool]string{true: s.name(e.Interrupter), false: s.name(e.Actor)}[e.Won]
	line := fmt.Sprintf("%s interrupts: Speed d10=%d → %d against %s's %s: %s goes first", s.name(e.Interrupter), e.Die, e.Total, s.name(e.Actor), actor, first)
	if e.With != "" && e.Beats && !e.Won {
		line += " (not every part of the combined action wins)"
	}
	return line
}

// Queued: a holder of a delayed action answers a declared action with it
// (R08): to act right after it, with no contest, or, with Interrupt, to
// go before it if a Speed contest is won; With names the first
// interrupter of the combined action it joins (A16).
type Queued struct {
	Who       string `json:"who"`
	Action    Nested `json:"action"`
	Interrupt bool   `json:"interrupt,omitempty"`
	With      string `json:"with,omitempty"`
}

func (e *Queued) apply(s *State, h *hotMemory) {
	d := s.Declared
	d.Queue = d.Queue[1:]
	d.Held = append(d.Held, Deferred{Who: e.Who, Command: h.held(e.Action), Interrupt: e.Interrupt, With: e.With})
}

func (e *Queued) describe(s *State) string {
	switch {
	case e.With != "":
		return fmt.Sprintf("%s joins %s's combined interrupt: %s", s.name(e.Who), s.name(e.With), Rules{}.FormatCommand(e.Action.Command))
	case e.Interrupt:
		return fmt.Sprintf("%s will interrupt: %s", s.name(e.Who), Rules{}.FormatCommand(e.Action.Command))
	}
	return s.name(e.Who) + " will act right after it"
}

// DelayedUsed: a held delayed action starts paying for an action other
// than an attack: it lends an action, which the action then spends (R08).
type DelayedUsed struct {
	Who string `json:"who"`
}

func (e *DelayedUsed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Actions++ // the action that follows spends it
}

func (e *DelayedUsed) describe(s *State) string {
	return s.name(e.Who) + " acts with the delayed action"
}

// DelayedSettled: the delayed action has paid; Done is whether the
// combatant had finished its own turn before (spending the lent action
// does not finish it).
type DelayedSettled struct {
	Who  string `json:"who"`
	Done bool   `json:"done"`
}

func (e *DelayedSettled) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	c.Delayed, c.DelayedSpent, c.Done = false, true, e.Done
}

func (e *DelayedSettled) describe(s *State) string {
	return s.name(e.Who) + "'s delayed action is used"
}
