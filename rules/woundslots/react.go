package woundslots

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// gapFrom is the gap between c and a were a standing at x,y (R76's
// rider's yard included).
func gapFrom(c, a *Combatant, x, y int) int {
	m := *a
	m.X, m.Y = x, y
	return Gap(c, &m)
}

// nextStep is the first cell of a's path toward x,y.
func nextStep(a *Combatant, x, y int) (int, int) { return a.X + sign(x-a.X), a.Y + sign(y-a.Y) }

// rebuffStep reports whether a's step from f to t lets c rebuff it (R41):
// a standing enemy, free to react (R28, R30), with 4 AP, holding a melee
// weapon the step comes inside the optimal reach of (rebuffWeapon). The
// rebuff comes before that step, wherever on a's path it is.
func (s *State) rebuffStep(c, a *Combatant, fx, fy, tx, ty int) bool {
	if c.ID == a.ID || c.Side == a.Side || !c.free() || !c.affords(s.attackCost(c, "rebuff")) {
		return false
	}
	return rebuffWeapon(c, a, fx, fy, tx, ty, "") != nil
}

// mayEverRebuff reports whether c holds a melee weapon with an optimal
// reach, one a move may come inside of (R41).
func mayEverRebuff(c *Combatant) bool {
	for i := range c.Weapons {
		if w := &c.Weapons[i]; w.Kind == "melee" && w.InHand() && w.OptimalReach > 0 {
			return true
		}
	}
	return false
}

// rebuffWeapon is the weapon c may rebuff a's step from f to t with
// (R41): a melee weapon in hand (the one called name, when name is set;
// else the first on c's sheet that fits) that reaches a before the step,
// at or beyond its optimal reach, and not after it; nil when none does.
func rebuffWeapon(c, a *Combatant, fx, fy, tx, ty int, name string) *Weapon {
	var before, after int
	measured := false
	for i := range c.Weapons {
		w := &c.Weapons[i]
		if w.Kind != "melee" || !w.InHand() || w.OptimalReach <= 0 || name != "" && w.Name != name {
			continue
		}
		if !measured {
			before, after, measured = gapFrom(c, a, fx, fy), gapFrom(c, a, tx, ty), true
		}
		if before <= w.Reach && before >= w.OptimalReach && after < w.OptimalReach {
			return w
		}
	}
	return nil
}

// clingStep reports whether a's step from f to t lets c cling to it
// (R55): c grapples a, is free to react, has 2 AP, and the step takes a
// out of its reach.
func (s *State) clingStep(c, a *Combatant, fx, fy, tx, ty int) bool {
	return slices.Contains(c.Grappling, a.ID) && c.free() && c.affords(actionCosts["cling"]) && gapFrom(c, a, fx, fy) <= 0 && gapFrom(c, a, tx, ty) > 0
}

// mayRebuff reports whether c may rebuff a's next step toward x,y.
func (s *State) mayRebuff(c, a *Combatant, x, y int) bool {
	nx, ny := nextStep(a, x, y)
	return s.rebuffStep(c, a, a.X, a.Y, nx, ny)
}

// mayCling reports whether c may cling to a as its next step toward x,y
// takes it out of c's reach.
func (s *State) mayCling(c, a *Combatant, x, y int) bool {
	nx, ny := nextStep(a, x, y)
	return s.clingStep(c, a, a.X, a.Y, nx, ny)
}

// stepTriggers reports whether a's step from f to t gives anyone a
// rebuff or a cling, but for those in clung, who clung to the move
// already.
func (s *State) stepTriggers(a *Combatant, fx, fy, tx, ty int, clung uint64) bool {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if s.rebuffStep(c, a, fx, fy, tx, ty) || !inSet(clung, i) && s.clingStep(c, a, fx, fy, tx, ty) {
			return true
		}
	}
	return false
}

// moveQueue lists who may react to a's next step toward x,y, in
// descending initiative (ties by id): rebuffs, clings (but for those in
// clung, who clung to the move already) and readied attacks (R47).
func (s *State) moveQueue(a *Combatant, x, y int, clung uint64, h *hotMemory) []string {
	return s.queueOf(h, func(i int, c *Combatant) bool {
		return c.ID != a.ID && (s.mayRebuff(c, a, x, y) || s.mayCling(c, a, x, y) && !inSet(clung, i) || c.Side != a.Side && s.mayReady(c))
	})
}

// inSet reports whether the combatant at place i of the roster is in set,
// a set of the first 64 places (see flankedSet).
func inSet(set uint64, i int) bool { return i < 64 && set&(1<<i) != 0 }

// withPlace adds the combatant with id to set, a set of the first 64
// places of the roster.
func (s *State) withPlace(set uint64, id string) uint64 {
	for i := range s.Combatants {
		if s.Combatants[i].ID == id && i < 64 {
			return set | 1<<i
		}
	}
	return set
}

// advance moves a toward x,y on a move begun at from: it walks up to the
// first step someone may react to (a rebuff or a cling), and declares the
// rest of the move there, with a window for the reactions; with nobody to
// react (and no readied attack to take, at the move's start) it walks the
// whole way. Going on after a window (cont), the step just reacted to
// triggers nothing again; every later step may, a cling too (R55, R30: a
// grappler whose reach the move leaves later is asked then), but for
// those in clung, who clung to this move already: their cling answered
// its leaving their reach, moving with it or cutting it short [ours].
func (r *run) advance(a *Combatant, x, y int, from [2]int, cont bool, clung uint64) {
	s := r.s
	var buf [64][2]int
	px, py, trigger := a.X, a.Y, false
	for i, c := range pathCells(a.X, a.Y, x, y, buf[:0]) {
		if !(cont && i == 0) && s.stepTriggers(a, px, py, c[0], c[1], clung) {
			trigger = true
			break
		}
		px, py = c[0], c[1]
	}
	if trigger && (px != a.X || py != a.Y) {
		before := s.flankedSet()
		r.partial = true // the move goes on: no window of its own yet
		r.walkFrom(a, px, py, from)
		r.partial = false
		if !a.canAct() || r.newlyFlanked(before, a, HeldMove{Combatant: a.ID, X: x, Y: y, From: from, Clung: clung}) {
			return
		}
	}
	if trigger || !cont {
		if q := s.moveQueue(a, x, y, clung, r.h); len(q) > 0 {
			r.declareMove(a, x, y, from, q, clung)
			return
		}
	}
	r.walkFrom(a, x, y, from)
}

// declareMove declares the rest of a's move, begun at from, toward x,y,
// with a window for those in q to react to its next step (MoveDeclared).
func (r *run) declareMove(a *Combatant, x, y int, from [2]int, q []string, clung uint64) {
	e := MoveDeclared{Combatant: a.ID, X: x, Y: y, Queue: q, Clung: clung}
	if from != [2]int{a.X, a.Y} {
		e.From = &[2]int{from[0], from[1]}
	}
	r.emit(engine.New(r.h.arena(), moveDeclaredKind, e))
}

// pathCells lists the cells of the path from a to b, diagonally first,
// without a.
func pathCells(ax, ay, bx, by int, out [][2]int) [][2]int {
	x, y := ax, ay
	for x != bx || y != by {
		x, y = x+sign(bx-x), y+sign(by-y)
		out = append(out, [2]int{x, y})
	}
	return out
}

// moveReaction is the checks of a reaction to a declared move (what
// names it): it returns the one asked first in the window, when may lets
// it react to the mover's next step, and the mover; else only says why
// not.
func (r *run) moveReaction(what string, may func(s *State, c, a *Combatant, x, y int) bool, only string) (me, a *Combatant, err error) {
	if me, err = r.asked(what); err != nil {
		return nil, nil, err
	}
	s := r.s
	if p := s.Pending; p == nil || p.Action != "move" || p.Held || p.StrikeAsk > 0 || !may(s, me, s.Combatant(p.Actor), p.X, p.Y) {
		return nil, nil, refuse(engine.NotAllowedNow, "%s cannot %s now: %s", me.ID, what, only)
	}
	return me, s.Combatant(s.Pending.Actor), nil
}

// rebuff is R41 (4 AP): an attack on the mover before it moves, one level
// worse on a hit, with the weapon named (else the first that fits,
// rebuffWeapon).
func (r *run) rebuff(weapon string) error {
	me, a, err := r.moveReaction("rebuff", (*State).mayRebuff, "only a creature coming closer than one's weapon's optimal reach, already within its reach (R41)")
	if err != nil {
		return err
	}
	nx, ny := nextStep(a, r.s.Pending.X, r.s.Pending.Y)
	w := rebuffWeapon(me, a, a.X, a.Y, nx, ny, weapon)
	if w == nil {
		if me.Weapon(weapon) == nil {
			return refuse(engine.Invalid, "%s has no weapon called %q", me.ID, weapon)
		}
		return refuse(engine.NotAllowedNow, "%s cannot rebuff with %s: only a melee weapon in hand whose optimal reach %s is coming inside, from within its reach (R41)", me.ID, weapon, a.ID)
	}
	q := r.s.strikeQueue(me, a, w, r.h)
	r.emit(engine.New(r.h.arena(), rebuffedKind, Rebuffed{Combatant: me.ID, Target: a.ID, Weapon: w.Name, Queue: q}))
	r.spend(me, r.s.attackCost(me, "rebuff"), "rebuff")
	r.reactionStrike(me, a, w, "", true)
	return nil
}

// cling is R55 (2 AP): a Power check whose result the clinger spends: 5
// points per yard it moves with the mover, 10 per yard it cuts from the
// move (V3). A natural 1 gives no points.
func (r *run) cling() error {
	me, a, err := r.moveReaction("cling", (*State).mayCling, "only to a creature it grapples that is leaving its reach (R55)")
	if err != nil {
		return err
	}
	r.spend(me, actionCosts["cling"], "cling")
	die := dice.RollClasses(r.src, 20, dice.EveryValue)
	bonus := checkBonus(me, "power")
	nat := parts.NaturalOf(die, 20)
	e := Clung{Combatant: me.ID, Target: a.ID, Die: die, Bonus: bonus, Points: max(0, die+bonus), Critical: nat.String()}
	if nat == parts.CriticalFailure {
		e.Points = 0
	}
	r.emit(engine.New(r.h.arena(), clungKind, e))
	return nil
}

// moveLength is the pending move's length in steps.
func (s *State) moveLength() int {
	a := s.Combatant(s.Pending.Actor)
	return max(parts.Abs(s.Pending.X-a.X), parts.Abs(s.Pending.Y-a.Y))
}

// split is the clinger's spending of its points (R55).
func (r *run) split(with, cut int) error {
	if err := r.wantPhase(Choosing, "split a cling"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	n := s.moveLength()
	switch {
	case p.Action != "move" || p.Clinger == "":
		return refuse(engine.NotAllowedNow, "there is no cling to spend")
	case with < 0 || cut < 0:
		return refuse(engine.Invalid, "yards cannot be negative")
	case 5*with+10*cut > p.Points:
		return refuse(engine.NotAllowedNow, "%d yards with and %d cut cost %d points; %s has %d (5 a yard with, 10 a yard cut)", with, cut, 5*with+10*cut, p.Clinger, p.Points)
	case cut+p.Cut > n || with > n-cut-p.Cut:
		return refuse(engine.NotAllowedNow, "the move is %d yards: at most that can be cut, and moved with what is left", n)
	}
	r.emit(engine.New(r.h.arena(), splitChosenKind, SplitChosen{Combatant: p.Clinger, With: with, Cut: cut}))
	r.resolveIfReady()
	return nil
}

// decideMove is the mover's choice after a rebuff (A18): go on or stop.
func (r *run) decideMove(goOn bool) error {
	if err := r.wantPhase(Choosing, "go on or stop"); err != nil {
		return err
	}
	p := r.s.Pending
	if p.Action != "move" || p.Clinger != "" && !p.Split {
		return refuse(engine.NotAllowedNow, "there is no rebuffed move to go on with")
	}
	if !goOn {
		r.emit(engine.New(r.h.arena(), moveStoppedKind, MoveStopped{Combatant: p.Actor, Why: "stops"}))
		return nil
	}
	r.emit(engine.New(r.h.arena(), moveGoesOnKind, MoveGoesOn{Combatant: p.Actor}))
	r.resolveIfReady()
	return nil
}

// resolveMove carries out a declared move once every reaction is in: cut
// short by clings, and clingers carried along their yards (R55); the
// move's grapples checked (A23).
func (r *run) resolveMove() {
	s := r.s
	p := *s.Pending
	a := s.Combatant(p.Actor)
	var buf [64][2]int
	path := pathCells(a.X, a.Y, p.X, p.Y, buf[:0])
	steps := len(path) - p.Cut
	if steps > 0 && steps < len(path) && s.blocked(a, path[steps-1][0], path[steps-1][1]) {
		steps-- // cut short in someone's space: a step shorter
	}
	if steps <= 0 {
		r.emit(engine.New(r.h.arena(), moveStoppedKind, MoveStopped{Combatant: a.ID, Why: "held in place"}))
		return
	}
	dest := path[steps-1]
	from := [2]int{a.X, a.Y}
	if p.FromSet {
		from = [2]int{p.FromX, p.FromY}
	}
	clinger := s.Combatant(p.Clinger)
	if clinger != nil && p.With > 0 {
		// The clinger follows first, so the mover's grapple check sees
		// where it ends.
		x, y := clinger.X, clinger.Y
		for range p.With {
			if DistanceBetween(x, y, clinger.span(), dest[0], dest[1], a.span()) <= 1 {
				break
			}
			nx, ny := x+sign(dest[0]-x), y+sign(dest[1]-y)
			if s.blocked(clinger, nx, ny) && !a.covers(nx, ny) {
				break
			}
			x, y = nx, ny
		}
		r.emit(engine.New(r.h.arena(), carriedKind, Carried{Combatant: clinger.ID, With: a.ID, X: x, Y: y}))
	}
	r.advance(a, dest[0], dest[1], from, true, s.withPlace(p.Clung, p.Clinger))
}

// Harried: a combatant harries a ranged attacker within its reach (R46): -2 on its ranged attacks this round.
type Harried struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

func (e *Harried) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Target); t != nil {
		t.Harried += RangePenalty
		t.HarriedBy = append(t.HarriedBy, e.Combatant)
	}
	popQueue(s)
}

func (e *Harried) describe(s *State) string {
	return fmt.Sprintf("%s harries %s: -2 on its ranged attacks this round", e.Combatant, e.Target)
}

// Harry is the Harry reaction, R46.
type Harry struct{}

func (*Harry) command() {}

// MoveDeclared: a move, or its rest from a point on its way, that others may react to (R41, R55): Queue is who is asked, in order.
type MoveDeclared struct {
	Combatant string   `json:"combatant"`
	X         int      `json:"x"`
	Y         int      `json:"y"`
	Queue     []string `json:"queue,omitempty"`
	// From is where the move began, when it began before the cell it is
	// declared from (a window on the way): its yards are counted from
	// there.
	From *[2]int `json:"from,omitempty"`
	// Clung is who clung to the move already (R55), by place in the
	// roster: they cling no more to it.
	Clung uint64 `json:"clung,omitempty"`
}

func (e *MoveDeclared) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: "move", X: e.X, Y: e.Y, Clung: e.Clung})
	if e.From != nil {
		s.Pending.FromX, s.Pending.FromY, s.Pending.FromSet = e.From[0], e.From[1], true
	}
	openWindow(s, e.Queue) // a move's target chooses nothing
}

func (e *MoveDeclared) describe(s *State) string {
	return fmt.Sprintf("%s moves toward %d,%d", e.Combatant, e.X, e.Y)
}

// Rebuffed: a rebuff (R41): an attack on a creature coming too close, before it moves; the attack's events follow.
type Rebuffed struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon"`
	// Queue is who is asked about the rebuff before it is rolled (R30):
	// the mover, when it may interpose a creature it grapples (R58).
	Queue []string `json:"queue,omitempty"`
}

func (e *Rebuffed) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Rebuffed = true
	}
	popQueue(s)
	holdStrike(s, e.Combatant, e.Target, e.Weapon, "rebuff", e.Queue)
}

// ReactionGoesAhead: a reaction's attack (a rebuff, a readied attack) that others were asked about goes ahead, against Target (R30); its roll follows.
type ReactionGoesAhead struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Kind      string `json:"reaction"`
}

func (e *ReactionGoesAhead) apply(s *State, _ *hotMemory) { strikeDone(s) }

func (e *ReactionGoesAhead) describe(s *State) string {
	return fmt.Sprintf("%s's %s goes ahead against %s", e.Combatant, strikeWords(e.Kind), e.Target)
}

// strikeWords names a reaction's attack (Declared.StrikeKind) in lines.
func strikeWords(kind string) string {
	if kind == "rebuff" {
		return "rebuff"
	}
	return "readied attack"
}

func (e *Rebuffed) describe(s *State) string {
	return fmt.Sprintf("%s rebuffs %s with %s before it moves", e.Combatant, e.Target, e.Weapon)
}

// Clung: a cling's Power check (R55): its Points to spend on yards moved with the mover (5 each) and yards cut from its move (10 each).
type Clung struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	Points    int    `json:"points"`
	Critical  string `json:"critical,omitempty"`
}

func (e *Clung) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Clinger, s.Pending.Points, s.Pending.Split = e.Combatant, e.Points, false
	}
	popQueue(s)
	s.Phase = Choosing
}

func (e *Clung) describe(s *State) string {
	crit := ""
	if e.Critical == "failure" {
		crit = ", a critical failure"
	}
	return fmt.Sprintf("%s clings to %s: %s%s, %d points", e.Combatant, e.Target, d20(e.Die, e.Bonus), crit, e.Points)
}

// SplitChosen: how a clinger spends its points (R55, V3).
type SplitChosen struct {
	Combatant string `json:"combatant"`
	With      int    `json:"with"`
	Cut       int    `json:"cut"`
}

func (e *SplitChosen) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Split, s.Pending.With, s.Pending.Cut = true, e.With, s.Pending.Cut+e.Cut
	}
	s.Phase = Window
	moverChoice(s)
}

func (e *SplitChosen) describe(s *State) string {
	return fmt.Sprintf("%s spends %d points: %s with it (5 each), %d cut (10 each)", e.Combatant, 5*e.With+10*e.Cut, parts.Count(e.With, "yard", "yards"), e.Cut)
}

// MoveGoesOn: a rebuffed mover goes on (A18).
type MoveGoesOn struct {
	Combatant string `json:"combatant"`
}

func (e *MoveGoesOn) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Decided = true
	}
	s.Phase = Window
}

func (e *MoveGoesOn) describe(*State) string { return e.Combatant + " goes on" }

// MoveStopped: a declared move does not happen: the mover stops (A18), is held in place by a cling or is taken out.
type MoveStopped struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

func (e *MoveStopped) apply(s *State, _ *hotMemory) { doneAction(s) }

func (e *MoveStopped) describe(s *State) string {
	return fmt.Sprintf("%s does not move: %s", e.Combatant, e.Why)
}

// Rebuff is the Rebuff reaction, R41, with Weapon, or else the first
// melee weapon in hand whose optimal reach the mover is coming inside.
type Rebuff struct {
	Weapon string `json:"weapon,omitempty"`
}

func (*Rebuff) command() {}

// Cling is the Cling reaction, R55.
type Cling struct{}

func (*Cling) command() {}

// Split spends a cling's points: yards moved with the mover and yards
// cut from its move (R55).
type Split struct {
	With int `json:"with"`
	Cut  int `json:"cut"`
}

func (*Split) command() {}

// Go is a rebuffed mover's choice to go on (A18).
type Go struct{}

func (*Go) command() {}

// Stop is a rebuffed mover's choice to stop (A18).
type Stop struct{}

// The kinds of react.go's commands and events.
var (
	_                = engine.Add[Harry](commands, "harry")
	_                = engine.Add[Rebuff](commands, "rebuff")
	_                = engine.Add[Cling](commands, "cling")
	splitKind        = engine.Add[Split](commands, "split")
	_                = engine.Add[Go](commands, "go")
	_                = engine.Add[Stop](commands, "stop")
	harriedKind      = engine.Add[Harried](events, "harried")
	moveDeclaredKind = engine.Add[MoveDeclared](events, "move_declared")
	rebuffedKind     = engine.Add[Rebuffed](events, "rebuffed")
	clungKind        = engine.Add[Clung](events, "clung")
	splitChosenKind  = engine.Add[SplitChosen](events, "split_chosen")
	moveGoesOnKind   = engine.Add[MoveGoesOn](events, "move_goes_on")
	moveStoppedKind  = engine.Add[MoveStopped](events, "move_stopped")
	goesAheadKind    = engine.Add[ReactionGoesAhead](events, "reaction_goes_ahead")
)

func (*Stop) command() {}

// mayHarry reports whether c may harry a (R46): a's ranged attack within
// c's melee reach, 2 AP, once a round per target (A28).
func (s *State) mayHarry(c, a *Combatant) bool {
	return c.affords(actionCosts["harry"]) && c.free() && !slices.Contains(a.HarriedBy, c.ID) && c.meleeReaches(a)
}

// strikeQueue lists who is asked about a reaction's attack of a on t
// with w (a rebuff, a readied attack) before it is rolled, in descending
// initiative (ties by id): t when it may interpose a creature it grapples
// (R58: an attack on one grappling), and, for a ranged weapon, those
// within whose melee reach a is who may harry it (R46). Its trigger is
// the attack, so each may answer it (R30); a readied action is not asked
// here [ours]: it answers the action or move the reaction answered, in
// that window.
func (s *State) strikeQueue(a, t *Combatant, w *Weapon, h *hotMemory) []string {
	return s.queueOf(h, func(_ int, c *Combatant) bool {
		if c.ID == a.ID || c.Side == a.Side {
			return false
		}
		return c.ID == t.ID && s.mayInterposeAt(c, a.ID) || w.Kind == "ranged" && s.mayHarry(c, a)
	})
}

// strikeGoesAhead rolls a reaction's attack once all asked about it have
// answered (holdStrike), against its target then (an interposed creature,
// R58), with what harrying gave it (R46).
func (r *run) strikeGoesAhead() {
	s := r.s
	p := *s.Pending
	a, t := s.Combatant(p.Striker), s.Combatant(p.StrikeTarget)
	r.emit(engine.New(r.h.arena(), goesAheadKind, ReactionGoesAhead{Combatant: a.ID, Target: t.ID, Kind: p.StrikeKind}))
	r.reactionStrike(a, t, a.Weapon(p.StrikeWeapon), "", p.StrikeKind == "rebuff")
}

// attackReaction is the checks every reaction to an attack (what, rule)
// begins with: it returns the one asked first in the open window. One to
// a reaction's attack, a rebuff (R41) or a readied attack (R47), whose
// target is choosing its Defense is refused: those who could answer it
// were asked before, in its own window (R30).
func (r *run) attackReaction(what, rule string) (*Combatant, error) {
	s := r.s
	if p := s.Pending; s.Phase == Guarding && p != nil && p.Striker != "" {
		return nil, refuse(engine.NotAllowedNow, "cannot %s %s's %s (%s) now: the window for reactions to it is over; %s chooses a Defense against it", what, p.Striker, strikeWords(p.StrikeKind), rule, p.StrikeTarget)
	}
	return r.asked(what)
}

// harried returns the ranged attack the open window asks about, its
// attacker and weapon (R46): a reaction's attack in its own window, else
// an attack declared; nil when the window is about none.
func (s *State) harried() (*Combatant, *Weapon) {
	p := s.Pending
	var a *Combatant
	var w *Weapon
	switch {
	case p == nil:
		return nil, nil
	case p.StrikeAsk > 0:
		if a = s.Combatant(p.Striker); a != nil {
			w = a.Weapon(p.StrikeWeapon)
		}
	case p.Command.IsZero() && isAttackStyle(p.Action):
		if a = s.Combatant(p.Actor); a != nil {
			w = a.Weapon(p.Weapon)
		}
	}
	if w == nil || w.Kind != "ranged" {
		return nil, nil
	}
	return a, w
}

// meleeReaches reports whether t is within c's melee reach: whether any
// melee weapon c holds reaches it, not only the first. The rules read
// "within your melee reach" so for hindering (R61), harrying (R46) and
// an untrained mount's control (R77).
func (c *Combatant) meleeReaches(t *Combatant) bool {
	for j := range c.Weapons {
		if w := &c.Weapons[j]; w.Kind == "melee" && w.InHand() && Gap(c, t) <= w.Reach {
			return true
		}
	}
	return false
}

// harry is R46.
func (r *run) harry() error {
	me, err := r.attackReaction("harry", "R46")
	if err != nil {
		return err
	}
	s := r.s
	a, _ := s.harried()
	switch {
	case a == nil:
		return refuse(engine.NotAllowedNow, "%s cannot harry now: only a ranged weapon attack, as it is made (R46)", me.ID)
	case !s.mayHarry(me, a):
		return refuse(engine.NotAllowedNow, "%s cannot harry %s: only a ranged attack within one's melee reach, once a round, for 2 AP", me.ID, a.ID)
	}
	r.spend(me, actionCosts["harry"], "harry")
	r.emit(engine.New(r.h.arena(), harriedKind, Harried{Combatant: me.ID, Target: a.ID}))
	r.resolveIfReady()
	return nil
}
