package blackpowder

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/rules/parts"
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
		err = r.strikeCheck(who, c, plainStrike, new(aimedStrike))
	case *Stun:
		err = r.strikeCheck(who, &Attack{Target: c.Target, Weapon: c.Weapon}, stunStrike, new(aimedStrike))
	case *Hold:
		err = r.strikeCheck(who, &Attack{Target: c.Target}, holdStrike, new(aimedStrike))
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
		if c.From != "" && c.From != who {
			_, _, _, err = r.pickUpCheck(who, c)
			break
		}
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
		return r.inMode(PaidByDelayed, func() error { return r.legal(who, cmd) })
	case *Reload, *Revive, *Fix, *Run, *Withdraw, *Assist, *Escape, *Draw, *AimAt, *UseItem, *StandUp, *Check, *FreeForm:
	case nil:
		return engine.Errorf(engine.Invalid, "no action given for %s's delayed action", c.Name)
	default:
		return engine.Errorf(engine.NotAllowedNow, "a delayed action is an action: %s is not one", commands.Kind(cmd))
	}
	saved := *c
	(&DelayedUsed{Who: who}).apply(r.s, r.hot)
	err := r.inMode(PaidByDelayed, func() error { return r.legal(who, cmd) })
	*c = saved
	return err
}

// inMode runs f with the run acting in the given mode (see run.mode).
// There is nothing to take back if f fails: f is a check, or an action,
// which refuses before its first event.
func (r *run) inMode(mode Payment, f func() error) error {
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
	r.hot.reactionList = q[:0]
	return parts.Keep(&r.hot.reactions, q)
}

// declareOrAct decides an action on the actor's own turn. When others may
// answer it (opportunity attacks, interrupts) it is declared and waits for
// them; otherwise it resolves at once.
func (r *run) declareOrAct(who string, cmd Command) error {
	var c *Combatant
	var err error
	atk, _ := cmd.(*Attack) // the action most often taken, resolved without act's dispatch
	switch cmd.(type) {
	case *Draw, *Reload:
		c, err = r.immediateMember(who) // maybe after the turn's action (R06)
	case *Move:
		c, err = r.acting(who, afterMove) // maybe after the turn's action (R33)
	case *Attack:
		if k := r.listed(who, atk, plainStrike); k != nil {
			c = &r.s.Combatants[k.attacker] // Moves proved it may act
			if !k.provokes && !r.s.Options.GMModifiers && !r.s.holdsOrAims() {
				// Nobody may answer it (reactors): a blow in melee
				// provokes nobody, and nobody holds or aims.
				return r.strike(who, atk, plainStrike, k)
			}
			break
		}
		c, err = r.actingMember(who)
	default:
		c, err = r.actingMember(who)
	}
	if err != nil {
		return err
	}
	queue := r.s.reactors(r.reactionMemory(), c, cmd)
	if len(queue) == 0 {
		if atk != nil {
			return r.attack(who, atk)
		}
		return r.act(who, cmd)
	}
	// Declare only what could resolve now.
	if err := r.legal(who, cmd); err != nil {
		return err
	}
	// The declaration keeps a copy: cmd may be a policy's, reused by Moves.
	kept, text := r.hot.declarable(cmd)
	if a, ok := kept.(*Attack); ok && a.Weapon == "" && c.Wielding >= 0 {
		// The attack is declared with the weapon in hand: if that leaves
		// the hand before it resolves (a hit on the hand, R11), it lapses
		// rather than being made with whatever is left.
		if i, err := c.weaponIndex(c.weapon().Name); err == nil && i == c.Wielding {
			pinned := *a
			pinned.Weapon = c.weapon().Name
			kept = r.hot.keptAttack(pinned)
		}
	}
	r.emit(engine.New(r.arena(), actionDeclaredKind, ActionDeclared{Declaration: Declaration{Actor: who, Command: Nested{kept}, Text: text, Queue: r.keepReactions(queue)}}))
	return nil
}

// reactors appends to q who may answer c's command before it resolves:
// hostile melee fighters it provokes (R34), in roster order, then every
// other holder of a delayed action (R08, §7 4a).
func (s *State) reactors(q []Reaction, c *Combatant, cmd Command) []Reaction {
	q = s.opportunists(q, c, cmd)
	if s.holdsOrAims() {
		for i := range s.Combatants {
			if h := &s.Combatants[i]; h.Delayed && h.Status == Active && h.HeldBy == "" && h.ID != c.ID {
				q = append(q, Reaction{Who: h.ID, Kind: "interrupt"})
			}
		}
		for i := range s.Combatants {
			if h := &s.Combatants[i]; h.Aim != nil && h.Status == Active && h.HeldBy == "" && h.Group != c.Group {
				q = append(q, Reaction{Who: h.ID, Kind: "aim"}) // fire early (R22)
			}
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

// holdsOrAims reports whether any combatant holds a delayed action or has
// an aimed attack waiting: only they may answer a declaration besides
// those it provokes, and most of the time nobody does, which one pass
// tells.
func (s *State) holdsOrAims() bool {
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Delayed || c.Aim != nil {
			return true
		}
	}
	return false
}

// opportunists appends to out, as entries of a declaration's queue, the hostile
// combatants the command gives an opportunity attack (R34, A22): those
// with a melee weapon or fists in hand within reach of a combatant who
// fires a ranged weapon, reloads, revives or runs, or whose reach a move
// or run enters, crosses or leaves. Immediate actions never provoke.
func (s *State) opportunists(out []Reaction, c *Combatant, cmd Command) []Reaction {
	provokes, moving := false, false
	switch cmd := cmd.(type) {
	case *Attack:
		w := c.weapon()
		if cmd.Weapon != "" {
			if i, err := c.weaponIndex(cmd.Weapon); err == nil {
				w = attackWeapon(c, i)
			}
		}
		kind := w.Kind
		if cmd.Mode != "" || w.Kind == KindMelee && w.Thrown {
			if t := s.combatant(cmd.Target); t != nil {
				kind = usedAs(w, cmd.Mode, distance(c, t)) // a throw provokes as a shot does
			}
		}
		provokes = kind == KindRanged || kind == KindThrown || kind == KindGun
	case *Reload:
		provokes = c.reloadTime(c.weapon()) > 0
	case *Revive, *UseItem:
		provokes = true
	case *Run:
		provokes, moving = true, true
	case *Move:
		moving = true
	}
	if !provokes && !moving {
		return out // nothing to answer: standing still, it provokes nobody
	}
	from, to, _ := path(c, cmd)
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Status != Active || same(t.Group, c.Group) || t.HeldBy != "" || s.unaware(t) || !t.weapon().Kind.handToHand() {
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
	if !same(head.Who, who) {
		return nil, engine.Errorf(engine.NotYourTurn, "%s answers %s's action first, not %s", head.Who, d.Actor, who)
	}
	if kind != "" && !same(head.Kind, kind) {
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
	actor, cmd := d.Actor, d.Command.Command
	switch against := d.Queue[0].Against; {
	case against == "":
	case same(against, d.Early):
		actor, cmd = against, r.s.combatant(against).Aim.attack() // an aimed attack fired early
	default:
		actor, cmd = against, d.Held[d.held(against)].Command.Command
	}
	from, to, _ := path(r.s.combatant(actor), cmd)
	r.emit(engine.New(r.arena(), reactionDoneKind, ReactionDone{Who: who, Taken: true}))
	r.path, r.hasPath = [2][2]float64{from, to}, true
	defer func() { r.hasPath = false }()
	r.lapse(who, r.inMode(PaidNothing, func() error { return r.attack(who, &Attack{Target: actor}) }))
	return nil
}

func (r *run) decline(who string) error {
	if _, err := r.reactionHead(who, ""); err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), reactionDoneKind, ReactionDone{Who: who}))
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
		case len(d.Queue) > 0 && d.Queue[0].Against != "":
			return // an opportunity attack on a delayed action waits
		case d.Early != "":
			r.fireEarlyNow(d.Early) // its opportunity attacks are over
		case d.contestDue():
			r.speedContest()
		case early >= 0 && r.provokeHeld(early):
		case early >= 0:
			first := d.Held[early]
			r.emit(engine.New(r.arena(), declarationStepKind, DeclarationStep{Who: first.Who, Early: true}))
			r.lapse(first.Who, r.actDelayed(first.Who, first.Command.Command))
		case len(d.Queue) > 0:
			return
		case !d.Resolved:
			actor, cmd, unsafe := d.Actor, d.Command.Command, d.Unsafe
			r.emit(engine.New(r.arena(), declarationStepKind, DeclarationStep{Who: actor}))
			switch {
			case unsafe:
				r.emit(engine.New(r.arena(), lapsedKind, Lapsed{Who: actor, Reason: "the GM rules the spot not out of immediate danger"}))
			case d.Aim != nil:
				r.lapse(actor, r.fireAim(actor, *d.Aim))
			case d.Delayed:
				// Taken with the delayed action right after an aimed
				// attack (R22), it waited for its opportunity attacks.
				r.lapse(actor, r.actDelayed(actor, cmd))
			default:
				r.lapse(actor, r.actAs(PaidByAction, actor, cmd))
			}
		case len(d.Held) > 0 && r.provokeHeld(0):
		case len(d.Held) > 0:
			later := d.Held[0]
			r.emit(engine.New(r.arena(), declarationStepKind, DeclarationStep{Who: later.Who, Deferred: true}))
			r.lapse(later.Who, r.actDelayed(later.Who, later.Command.Command))
		default:
			r.emit(engine.New(r.arena(), declarationClosedKind, DeclarationClosed{}))
		}
		if winner, over := s.finished(); over {
			r.end(winner)
		}
		r.pruneReactions()
	}
}

// provokeHeld offers the opportunity attacks that the delayed action at
// index i of the declaration's held ones provokes, as it is about to
// resolve (R34: taken with a delayed action or not, firing, throwing,
// reloading, reviving, running or moving through a melee fighter's reach
// gives it the chance), and reports whether it offered any. Each resolves
// before the delayed action, which lapses if its actor drops (A22). The
// declared action's own actor is not offered one: it is busy with the
// very action the delayed one answers.
func (r *run) provokeHeld(i int) bool {
	d := r.s.Declared
	h := d.Held[i]
	c := r.s.combatant(h.Who)
	if h.Provoked || c.Status != Active || !c.Delayed {
		return false
	}
	q := slices.DeleteFunc(r.s.opportunists(nil, c, h.Command.Command), func(q Reaction) bool { return same(q.Who, d.Actor) })
	if len(q) == 0 {
		return false
	}
	r.emit(engine.New(r.arena(), heldProvokesKind, HeldProvokes{Who: h.Who, Queue: q}))
	return true
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
			able = able && c.HeldBy == "" && c.weapon().Kind.handToHand()
			if head.Against != "" {
				// The delayed action or the aimed attack fired early it
				// answers is still to come.
				h := s.combatant(head.Against)
				waiting := h.Delayed
				if same(head.Against, s.Declared.Early) {
					waiting = h.Aim != nil
				}
				able = able && h.Status == Active && waiting
			}
		case "aim":
			able = able && c.Aim != nil
		}
		if able {
			return
		}
		r.emit(engine.New(r.arena(), reactionDoneKind, ReactionDone{Who: head.Who}))
	}
}

// actAs acts with cmd in the given mode (see inMode). Every action makes
// all its checks before its first event, so one that fails has changed
// nothing and needs nothing taken back.
func (r *run) actAs(mode Payment, who string, cmd Command) error {
	return r.inMode(mode, func() error { return r.act(who, cmd) })
}

// OpportunityAttack: answer a declared action with a free melee attack on
// the one who declared it (R34).
type OpportunityAttack struct{}

// The kinds of declare.go's commands and events.
var (
	_                     = engine.Add[Decline](commands, "decline")
	_                     = engine.Add[OpportunityAttack](commands, "opportunity_attack")
	actionDeclaredKind    = engine.Add[ActionDeclared](events, "action_declared")
	reactionDoneKind      = engine.Add[ReactionDone](events, "reaction_done")
	declarationStepKind   = engine.Add[DeclarationStep](events, "declaration_step")
	lapsedKind            = engine.Add[Lapsed](events, "lapsed")
	declarationClosedKind = engine.Add[DeclarationClosed](events, "declaration_closed")
	heldProvokesKind      = engine.Add[HeldProvokes](events, "held_provokes")
)

func (*OpportunityAttack) isCommand() {}

// Decline: let a declared action go by without an opportunity attack or an
// interrupt.
type Decline struct{}

func (*Decline) isCommand() {}

// ActionDeclared: an action others may answer before it resolves (R08,
// R34).
type ActionDeclared struct {
	Declaration Declaration `json:"declaration"`
}

func (e *ActionDeclared) apply(s *State, h *hotMemory) {
	if h != nil {
		// In memory of its own, sharing no queue with the event.
		s.Declared = &h.declared
		copyDeclaration(s.Declared, &e.Declaration)
		return
	}
	d := e.Declaration
	s.Declared = &d
}

func (e *ActionDeclared) describe(s *State) string {
	d := e.Declaration
	return fmt.Sprintf("%s declares %q; waiting for %s", s.name(d.Actor), d.Text, parts.Count(len(d.Queue), "answer", "answers"))
}

// ReactionDone: the first in the declaration's queue answered it (Taken:
// with an opportunity attack, or, if it was asked about its aimed attack,
// by firing it early) or let it go.
type ReactionDone struct {
	Who   string `json:"who"`
	Taken bool   `json:"taken"`
}

func (*ReactionDone) apply(s *State, h *hotMemory) {
	if q := s.Declared.Queue; h != nil && s.Declared == &h.declared {
		// The hot memory's own queue: shifted in place, so that
		// its memory is reused at full size by the next declaration.
		s.Declared.Queue = copyOver(q, q[1:])
		return
	}
	s.Declared.Queue = s.Declared.Queue[1:]
}

func (e *ReactionDone) describe(s *State) string {
	switch {
	case e.Taken && s.firesEarly(e.Who):
		return s.name(e.Who) + " fires the aimed attack early"
	case e.Taken:
		return s.name(e.Who) + " takes the opportunity attack"
	}
	return s.name(e.Who) + " lets it go"
}

// DeclarationStep: the declared action (Who is its actor), or a delayed
// action answering it, starts to resolve: Early before the declared
// action, having won its Speed contest; Deferred after it.
type DeclarationStep struct {
	Who      string `json:"who"`
	Early    bool   `json:"early,omitempty"`
	Deferred bool   `json:"deferred,omitempty"`
}

func (e *DeclarationStep) apply(s *State, _ *hotMemory) {
	d := s.Declared
	if !e.Early && !e.Deferred {
		d.Resolved = true
	} else if i := d.held(e.Who); i >= 0 {
		d.Held = slices.Delete(d.Held, i, i+1)
	}
}

func (e *DeclarationStep) describe(s *State) string {
	switch {
	case e.Early:
		return s.name(e.Who) + "'s delayed action resolves first"
	case e.Deferred:
		return s.name(e.Who) + "'s delayed action resolves"
	}
	return s.name(e.Who) + "'s declared action resolves"
}

// Lapsed: an action could not happen when its time came (its actor fell,
// its target is gone, its action was spent dodging) (A16, A22).
type Lapsed struct {
	Who    string `json:"who"`
	Reason string `json:"reason"`
}

// lapse records that who's action lapsed for the reason err gives;
// nothing when err is nil and the action went ahead.
func (r *run) lapse(who string, err error) {
	if err != nil {
		r.lapsed(who, err)
	}
}

// lapsed is lapse's event, apart so that lapse inlines.
func (r *run) lapsed(who string, err error) {
	r.emit(engine.New(r.arena(), lapsedKind, Lapsed{Who: who, Reason: err.Error()}))
}

func (e *Lapsed) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Who); c != nil && c.Delayed && s.Declared != nil && (s.Declared.Actor != e.Who || s.Declared.Delayed) {
		c.Delayed, c.DelayedSpent = false, true // a delayed action that lapses is used up (A16)
	}
}

func (e *Lapsed) describe(s *State) string {
	return fmt.Sprintf("%s's action lapses: %s", s.name(e.Who), e.Reason)
}

// HeldProvokes: a delayed action answering the declared one is about to
// resolve, and gives those in Queue an opportunity attack first (R34).
type HeldProvokes struct {
	Who   string     `json:"who"`
	Queue []Reaction `json:"queue"`
}

func (e *HeldProvokes) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.Held[d.held(e.Who)].Provoked = true
	d.Queue = prependAgainst(d.Queue, e.Queue, e.Who)
}

// prependAgainst returns queue with the reactions q, each against who,
// put first: opportunity attacks on an action about to resolve come
// before anyone else still to answer the declaration (A22). An empty
// queue's memory is reused; else the result is memory of its own.
func prependAgainst(queue, q []Reaction, who string) []Reaction {
	out := queue[:0]
	if len(queue) > 0 {
		out = make([]Reaction, 0, len(q)+len(queue))
	}
	for _, r := range q {
		r.Against = who
		out = append(out, r)
	}
	return append(out, queue...)
}

func (e *HeldProvokes) describe(s *State) string {
	return fmt.Sprintf("%s's delayed action provokes; waiting for %s", s.name(e.Who), parts.Count(len(e.Queue), "answer", "answers"))
}

// DeclarationClosed: everything about a declared action has resolved.
type DeclarationClosed struct{}

func (*DeclarationClosed) apply(s *State, _ *hotMemory) {
	s.Declared = nil
}

func (*DeclarationClosed) describe(*State) string {
	return "the declared action is over"
}
