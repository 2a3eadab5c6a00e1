package blackpowder

import (
	"fray/engine"
	"fray/rules/parts"
)

// Movement distances in metres (A21).
const (
	moveDistance = 5.0
	runDistance  = 4 * moveDistance
	// slack forgives rounding in distances typed as decimals.
	slack = 1e-9
)

// legal reports why who may not take action cmd now, or nil if it may:
// the test a declared action must pass before others answer it. It makes
// the checks the action's resolution makes before its first event (every
// action has them apart, as strikeCheck, moveCheck and the like), so it
// needs no working copy of the state and changes nothing.
// TestCleanFailures holds it to what acting says.
func (r *run) legal(who string, cmd Command) error {
	var err error
	switch c := cmd.(type) {
	case *Attack:
		_, err = r.strikeCheck(who, c, "")
	case *Stun:
		_, err = r.strikeCheck(who, &Attack{Target: c.Target, Weapon: c.Weapon}, "stun")
	case *Hold:
		_, err = r.strikeCheck(who, &Attack{Target: c.Target}, "hold")
	case *AimAt:
		_, err = r.aimCheck(who, c)
	case *Assist:
		_, _, err = r.assistCheck(who, c)
	case *Escape:
		_, err = r.escapeCheck(who)
	case *UseItem:
		_, err = r.useItemCheck(who, c)
	case *StandUp:
		_, err = r.standUpCheck(who)
	case *Check:
		_, _, err = r.checkActionCheck(who, c)
	case *FreeForm:
		_, err = r.freeFormCheck(who, c)
	case *Draw:
		_, _, err = r.drawCheck(who, c.Weapon)
	case *Reload:
		_, _, err = r.reloadCheck(who)
	case *Revive:
		_, _, _, err = r.reviveCheck(who, c)
	case *Fix:
		_, err = r.fixCheck(who)
	case *Move:
		_, _, err = r.moveCheck(who, c.X, c.Y, "move")
	case *Run:
		_, _, err = r.moveCheck(who, c.X, c.Y, "run")
	case *Withdraw:
		_, _, err = r.moveCheck(who, c.X, c.Y, "withdraw")
	default:
		err = notAnAction(cmd)
	}
	return err
}

// legalDelayed is legal for an action taken with who's held delayed
// action (actDelayed). An action other than an attack is checked after
// the DelayedUsed event that lends it an action, applied on the spot and
// taken back: it changes who alone.
func (r *run) legalDelayed(who string, cmd Command) error {
	if err := r.s.holdsDelayed(who); err != nil {
		return err
	}
	c := r.s.combatant(who)
	switch cmd.(type) {
	case *Attack, *Stun, *Hold:
		return r.inMode("delayed", func() error { return r.legal(who, cmd) })
	case *Reload, *Revive, *Fix, *Run, *Withdraw, *Assist, *Escape, *Draw, *AimAt, *UseItem, *StandUp, *Check, *FreeForm:
	case nil:
		return engine.Errorf(engine.Invalid, "no action given for %s's delayed action", c.Name)
	default:
		return engine.Errorf(engine.NotAllowedNow, "a delayed action is an action: %s is not one", cmd.Kind())
	}
	saved := *c
	(&DelayedUsed{Who: who}).apply(r.s, r.hot)
	err := r.inMode("delayed", func() error { return r.legal(who, cmd) })
	*c = saved
	return err
}

// inMode runs f with the run acting in the given mode (see run.mode).
// There is nothing to take back if f fails: f is a check, or an action,
// which refuses before its first event.
func (r *run) inMode(mode string, f func() error) error {
	saved := r.mode
	r.mode = mode
	err := f()
	r.mode = saved
	return err
}

// reactionMemory returns an empty queue to list a declaration's reactions
// in: memory a Step reuses, or nil for memory of its own. keepReactions
// then keeps the queue for the declared event.
func (r *run) reactionMemory() []Reaction {
	if r.hot == nil || r != &r.hot.run {
		return nil
	}
	return r.hot.reactionList[:0]
}

// keepReactions returns queue q, listed in reactionMemory, as the declared
// event keeps it: in a Step, in its hot memory until the next Step (the
// capped slice never writes over what follows); else q itself.
func (r *run) keepReactions(q []Reaction) []Reaction {
	if r.hot == nil || r != &r.hot.run {
		return q
	}
	h := r.hot
	h.reactionList = q[:0]
	start := len(h.reactions)
	h.reactions = append(h.reactions, q...)
	return h.reactions[start:len(h.reactions):len(h.reactions)]
}

// declareOrAct decides an action on the actor's own turn. When others may
// answer it (opportunity attacks, interrupts) it is declared and waits for
// them; otherwise it resolves at once.
func (r *run) declareOrAct(who string, cmd Command) error {
	var c *Combatant
	var err error
	switch cmd.(type) {
	case *Draw, *Reload:
		c, err = r.immediateMember(who) // maybe after the turn's action (R06)
	case *Move:
		c, err = r.movingMember(who) // maybe after the turn's action (R33)
	default:
		c, err = r.actingMember(who)
	}
	if err != nil {
		return err
	}
	queue := r.s.reactors(r.reactionMemory(), c, cmd)
	if len(queue) == 0 {
		return r.act(who, cmd)
	}
	// Declare only what could resolve now.
	if err := r.legal(who, cmd); err != nil {
		return err
	}
	// The declaration keeps a copy: cmd may be a policy's, reused by Moves.
	r.emit(parts.PutIn(r.hot, (*hotMemory).actionDeclared, ActionDeclared{Declaration: Declaration{Actor: who, Command: Nested{cloneCommand(cmd)}, Text: Rules{}.FormatCommand(cmd), Queue: r.keepReactions(queue)}}))
	return nil
}

// reactors appends to q who may answer c's command before it resolves:
// hostile melee fighters it provokes (R34), in roster order, then every
// other holder of a delayed action (R08, §7 4a).
func (s *State) reactors(q []Reaction, c *Combatant, cmd Command) []Reaction {
	q = s.opportunists(q, c, cmd)
	for i := range s.Combatants {
		if h := &s.Combatants[i]; h.ID != c.ID && h.Delayed && h.Status == Active && h.HeldBy == "" {
			q = append(q, Reaction{Who: h.ID, Kind: "interrupt"})
		}
	}
	for i := range s.Combatants {
		if h := &s.Combatants[i]; h.Group != c.Group && h.Aim != nil && h.Status == Active {
			q = append(q, Reaction{Who: h.ID, Kind: "aim"}) // fire early (R22)
		}
	}
	switch cmd.(type) {
	case *Revive:
		q = append(q, Reaction{Who: engine.GM, Kind: "safety"}) // R28, A27
	case *Attack:
		if s.Options.GMModifiers {
			q = append(q, Reaction{Who: engine.GM, Kind: "modifier"}) // §7 b2
		}
	}
	return q
}

// safeToRevive is the default of the GM's safety ruling: no conscious
// enemy within reach of the healer or the patient (A27).
func (s *State) safeToRevive(d *Declaration) bool {
	rv, ok := d.Command.Command.(*Revive)
	if !ok {
		return true
	}
	healer, patient := s.combatant(d.Actor), s.combatant(rv.Target)
	for _, e := range s.Combatants {
		if e.Group != healer.Group && e.Status == Active && (distance(&e, healer) <= reach || distance(&e, patient) <= reach) {
			return false
		}
	}
	return true
}

// rule answers the GM's ruling prompt of a declared action.
func (r *run) rule(who string, cmd *Ruling) error {
	d, err := r.reactionHead(who, "")
	if err != nil {
		return err
	}
	ev := parts.PutIn(r.hot, (*hotMemory).ruled, Ruled{About: d.Queue[0].Kind})
	switch ev.About {
	case "safety":
		if cmd.Safe == nil {
			return engine.Errorf(engine.Invalid, "is the revive out of immediate danger? ruling safe, or ruling unsafe")
		}
		ev.Safe = *cmd.Safe
	case "modifier":
		if cmd.Modifier == nil {
			return engine.Errorf(engine.Invalid, "what situational modifier? ruling mod N")
		}
		ev.Modifier = *cmd.Modifier
		declared, ok := d.Command.Command.(*Attack)
		if !ok {
			return engine.Errorf(engine.NotAllowedNow, "a situational modifier is for a declared attack, and %s declared none", d.Actor)
		}
		atk := *declared
		atk.Modifier += ev.Modifier
		ev.Command = Nested{&atk}
	default:
		return engine.Errorf(engine.NotAllowedNow, "%s answers the %s, not a GM ruling", d.Queue[0].Who, d.Queue[0].Kind)
	}
	r.emit(ev)
	return nil
}

// opportunists appends to out, as entries of a declaration's queue, the hostile
// combatants the command gives an opportunity attack (R34, A22): those
// with a melee weapon or fists in hand within reach of a combatant who
// fires a ranged weapon, reloads, revives or runs, or whose reach a move
// or run enters, crosses or leaves. Immediate actions never provoke.
func (s *State) opportunists(out []Reaction, c *Combatant, cmd Command) []Reaction {
	from, to, moving := path(c, cmd)
	provokes := false
	switch cmd := cmd.(type) {
	case *Attack:
		w := c.weapon()
		if cmd.Weapon != "" {
			if i, err := c.weaponIndex(cmd.Weapon); err == nil {
				w = attackWeapon(c, i)
			}
		}
		provokes = w.Kind == Ranged || w.Kind == Thrown || w.Kind == Gun
	case *Reload:
		w := c.weapon()
		provokes = w.Reload[min(max(c.GunslingerTier, 0), 2)] > 0
	case *Revive, *UseItem:
		provokes = true
	case *Run:
		provokes = true
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Group == c.Group || t.Status != Active || t.HeldBy != "" || s.unaware(t) || (t.weapon().Kind != Melee && t.weapon().Kind != Unarmed) {
			continue
		}
		p := [2]float64{t.X, t.Y}
		startIn := dist(p, from) <= reach
		eligible := provokes && startIn
		if moving {
			endIn := dist(p, to) <= reach
			crosses := segmentDistance(p, from, to) <= reach
			eligible = eligible || (startIn && !endIn) || (!startIn && crosses)
		}
		if eligible {
			out = append(out, Reaction{Who: t.ID, Kind: "opportunity"})
		}
	}
	return out
}

// path is where cmd takes c: from its spot to the end of a move or run,
// with moving set. For any other command to is from.
func path(c *Combatant, cmd Command) (from, to [2]float64, moving bool) {
	from = [2]float64{c.X, c.Y}
	switch cmd := cmd.(type) {
	case *Move:
		return from, [2]float64{cmd.X, cmd.Y}, true
	case *Run:
		return from, [2]float64{cmd.X, cmd.Y}, true
	}
	return from, from, false
}

func dist(a, b [2]float64) float64 { return parts.Metres(a[0], a[1], b[0], b[1]) }

// segmentDistance is the distance from p to the segment from a to b.
func segmentDistance(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return dist(p, a)
	}
	t := max(0, min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l2))
	return dist(p, [2]float64{a[0] + t*dx, a[1] + t*dy})
}

// reactionHead checks that who is first in the declaration's queue (and, if
// kind is given, may answer that way).
func (r *run) reactionHead(who, kind string) (*Declaration, error) {
	d := r.s.Declared
	if d == nil || len(d.Queue) == 0 || r.s.Pending != nil || r.s.Follow != "" {
		return nil, engine.Errorf(engine.NotAllowedNow, "no declared action is waiting for an answer: %s", next(r.s).Question)
	}
	head := d.Queue[0]
	if head.Who != who {
		return nil, engine.Errorf(engine.NotYourTurn, "%s answers %s's action first, not %s", head.Who, d.Actor, who)
	}
	if kind != "" && head.Kind != kind {
		return nil, engine.Errorf(engine.NotAllowedNow, "%s may answer with an %s, not an %s", who, head.Kind, kind)
	}
	return d, nil
}

// opportunity makes the free melee attack of an opportunity (R34). It
// resolves before the provoking action (A22), so a mover is still where it
// started. Our ruling (R34, A22): the attack's reach is measured to the
// provoker's path, from its spot to the end of its move or run, as
// opportunists measured it; so a move that enters or crosses the reach is
// attacked as though the mover stood where its path first comes within
// reach. The mover is not relocated: if it drops, the move is lost and it
// stays where it started. For any other action the path is the provoker's
// spot.
func (r *run) opportunity(who string) error {
	d, err := r.reactionHead(who, "opportunity")
	if err != nil {
		return err
	}
	actor := d.Actor
	from, to, _ := path(r.s.combatant(actor), d.Command.Command)
	r.emit(parts.PutIn(r.hot, (*hotMemory).reactionDone, ReactionDone{Who: who, Taken: true}))
	r.path, r.hasPath = [2][2]float64{from, to}, true
	defer func() { r.hasPath = false }()
	if err := r.inMode("free", func() error { return r.attack(who, &Attack{Target: actor}) }); err != nil {
		r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: who, Reason: err.Error()}))
	}
	return nil
}

func (r *run) decline(who string) error {
	if _, err := r.reactionHead(who, ""); err != nil {
		return err
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).reactionDone, ReactionDone{Who: who}))
	return nil
}

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
	r.emit(parts.PutIn(r.hot, (*hotMemory).queued, Queued{Who: who, Action: cmd.Action.clone(), Interrupt: !cmd.After, With: party}))
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
	for i := range d.Held {
		if d.Held[i].Who == who {
			return i
		}
	}
	return -1
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
	for i := range d.Held {
		if d.Held[i].First {
			return i
		}
	}
	return -1
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
			cs = append(cs, contender{h: h, die: die, total: die + c.Body + c.Skill("speed")})
		}
	}
	actorDie := r.d10()
	actorTotal := actorDie + a.Body + a.Skill("speed")
	beats := func(c contender) bool {
		speed := s.combatant(c.h.Who).Skill("speed")
		return c.total > actorTotal || (c.total == actorTotal && speed > a.Skill("speed"))
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
		ev := &SpeedContest{Interrupter: c.h.Who, Actor: a.ID, Die: c.die, Total: c.total,
			ActorTotal: actorTotal, Beats: beats(c), Won: won, Action: c.h.Command.clone()}
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
		return r.actAs("delayed", who, cmd)
	}
	if err := r.legalDelayed(who, cmd); err != nil {
		return err
	}
	done := r.s.combatant(who).Done
	r.emit(&DelayedUsed{Who: who})
	if err := r.actAs("delayed", who, cmd); err != nil {
		return err // legalDelayed passed it: never
	}
	r.emit(&DelayedSettled{Who: who, Done: done})
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

// fireEarly fires a pending aimed attack now, before the declared action
// (R22, A17).
func (r *run) fireEarly(who string) error {
	if _, err := r.reactionHead(who, "aim"); err != nil {
		return err
	}
	aim := *r.s.combatant(who).Aim
	r.emit(parts.PutIn(r.hot, (*hotMemory).reactionDone, ReactionDone{Who: who, Taken: true}))
	r.emit(parts.PutIn(r.hot, (*hotMemory).aimResolving, AimResolving{Combatant: who}))
	r.early = true
	defer func() { r.early = false }()
	if err := r.fireAim(who, aim); err != nil {
		r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: who, Reason: err.Error()}))
	}
	return nil
}

// resolveDeclared resolves what a declaration is waiting for once nobody is
// left to answer it: the Speed contest of its interrupters, when the last
// holder of a delayed action has answered; the interrupters that won it;
// the declared action; then the delayed actions that act after it, the
// contest's losers among them. It stops when something needs a decision.
func (r *run) resolveDeclared() {
	s := r.s
	r.pruneReactions()
	for s.Declared != nil && s.Pending == nil && s.Follow == "" && !s.Over {
		d := s.Declared
		early := d.firstToAct()
		switch {
		case d.contestDue():
			r.speedContest()
		case early >= 0:
			first := d.Held[early]
			r.emit(parts.PutIn(r.hot, (*hotMemory).declarationStep, DeclarationStep{Who: first.Who, Early: true}))
			if err := r.actDelayed(first.Who, first.Command.Command); err != nil {
				r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: first.Who, Reason: err.Error()}))
			}
		case len(d.Queue) > 0:
			return
		case !d.Resolved:
			actor, cmd, unsafe := d.Actor, d.Command.Command, d.Unsafe
			r.emit(parts.PutIn(r.hot, (*hotMemory).declarationStep, DeclarationStep{Who: actor}))
			if unsafe {
				r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: actor, Reason: "the GM rules the spot not out of immediate danger"}))
				break
			}
			if d.Aim != nil {
				if err := r.fireAim(actor, *d.Aim); err != nil {
					r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: actor, Reason: err.Error()}))
				}
				break
			}
			if err := r.actAs("", actor, cmd); err != nil {
				r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: actor, Reason: err.Error()}))
			}
		case len(d.Held) > 0:
			later := d.Held[0]
			r.emit(parts.PutIn(r.hot, (*hotMemory).declarationStep, DeclarationStep{Who: later.Who, Deferred: true}))
			if err := r.actDelayed(later.Who, later.Command.Command); err != nil {
				r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: later.Who, Reason: err.Error()}))
			}
		default:
			r.emit(parts.PutIn(r.hot, (*hotMemory).declarationClosed, DeclarationClosed{}))
		}
		if winner, over := s.finished(); over {
			r.end(winner)
		}
		r.pruneReactions()
	}
}

// pruneReactions passes over those first in the queue who can no longer
// answer: fallen, or their delayed action or melee weapon gone since the
// action was declared.
func (r *run) pruneReactions() {
	s := r.s
	for s.Declared != nil && s.Pending == nil && s.Follow == "" && len(s.Declared.Queue) > 0 {
		head := s.Declared.Queue[0]
		if head.Who == engine.GM {
			return
		}
		c := s.combatant(head.Who)
		able := c.Status == Active
		switch head.Kind {
		case "interrupt":
			able = able && c.Delayed && c.HeldBy == "" // only attacks interrupt
		case "opportunity":
			able = able && c.HeldBy == "" && (c.weapon().Kind == Melee || c.weapon().Kind == Unarmed)
		case "aim":
			able = able && c.Aim != nil
		}
		if able {
			return
		}
		r.emit(parts.PutIn(r.hot, (*hotMemory).reactionDone, ReactionDone{Who: head.Who}))
	}
}

// actAs acts with cmd in the given mode (see inMode). Every action makes
// all its checks before its first event, so one that fails has changed
// nothing and needs nothing taken back.
func (r *run) actAs(mode, who string, cmd Command) error {
	return r.inMode(mode, func() error { return r.act(who, cmd) })
}

// move moves a combatant: alongside its action up to 5 m a turn, or as the
// action running (20 m) or withdrawing (5 m) (R33, R35).
func (r *run) move(who string, x, y float64, mode string) error {
	c, d, err := r.moveCheck(who, x, y, mode)
	if err != nil {
		return err
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).moved, Moved{Combatant: c.ID, Mode: mode, X: x, Y: y, Distance: d}))
	return nil
}

// moveCheck checks a move, run or withdrawal to (x, y) without changing
// anything, and returns the mover and the distance.
func (r *run) moveCheck(who string, x, y float64, mode string) (*Combatant, float64, error) {
	after := afterNothing
	if mode == "move" {
		after = afterMove // alongside the action: before or after it (R33)
	}
	c, err := r.acting(who, after)
	if err != nil {
		return nil, 0, err
	}
	if c.HeldBy != "" || c.Holding != "" || c.Trapped > 0 {
		return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is held or trapped and cannot move", c.Name)
	}
	d := parts.Metres(x, y, c.X, c.Y)
	switch mode {
	case "move":
		if c.Moved+d > moveDistance+slack {
			return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s can move %.1f m more this turn, not %.1f m (run to go further)", c.Name, moveDistance-c.Moved, d)
		}
	case "run", "withdraw":
		limit := runDistance
		if mode == "withdraw" {
			limit = moveDistance
		}
		if c.Actions < 1 {
			return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
		}
		if d > limit+slack {
			return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s can %s at most %.0f m, not %.1f m", c.Name, mode, limit, d)
		}
	}
	return c, d, nil
}

// canFollow reports why the aimer of s.Follow can no longer act with its
// delayed action right after its aimed attack, or nil if it can.
func (s *State) canFollow() error {
	c := s.combatant(s.Follow)
	switch {
	case c.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
	case !c.Delayed:
		return engine.Errorf(engine.NotAllowedNow, "%s no longer holds a delayed action", c.Name)
	}
	return nil
}

// follow acts with the aimer's held delayed action right after its aimed
// attack (R22): `after COMMAND`, any action but another aim, with no Speed
// contest, and, like any action taken with a delayed action, not declared.
func (r *run) follow(who string, cmd *Interrupt) error {
	s := r.s
	c := s.combatant(s.Follow)
	if who != c.ID {
		return engine.Errorf(engine.NotYourTurn, "%s answers first: act with the delayed action right after the aimed attack, or keep it", c.Name)
	}
	inner := cmd.Action.Command
	switch inner.(type) {
	case nil:
		return engine.Errorf(engine.Invalid, "act with what? after COMMAND")
	case *AimAt:
		return engine.Errorf(engine.NotAllowedNow, "%s has just made the aimed attack: the delayed action that follows it cannot aim again", c.Name)
	}
	if !cmd.After || cmd.With != "" {
		return engine.Errorf(engine.Invalid, "right after the aimed attack the delayed action needs no Speed contest: after %s", Rules{}.FormatCommand(inner))
	}
	if err := r.legalDelayed(who, inner); err != nil {
		return err
	}
	r.emit(&FollowDone{Who: who, Taken: true})
	if err := r.actDelayed(who, inner); err != nil {
		r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: who, Reason: err.Error()})) // legalDelayed passed it: never
	}
	return nil
}

// keepDelayed declines to act with the delayed action right after the
// aimed attack: it stays held for later in the round (R22, R07).
func (r *run) keepDelayed(who string) error {
	if c := r.s.combatant(r.s.Follow); who != c.ID {
		return engine.Errorf(engine.NotYourTurn, "%s answers first: act with the delayed action right after the aimed attack, or keep it", c.Name)
	}
	r.emit(&FollowDone{Who: who})
	return nil
}

// firesEarly reports whether who, first in the declaration's queue, is
// asked about its aimed attack: its taking the reaction fires it early
// (R22), rather than making an opportunity attack.
func (s *State) firesEarly(who string) bool {
	d := s.Declared
	return d != nil && len(d.Queue) > 0 && d.Queue[0].Who == who && d.Queue[0].Kind == "aim"
}
