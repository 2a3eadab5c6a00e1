package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// controlTN is an untrained mount's control TN (R77, A34).
func controlTN(m *Combatant) int { return gmTN(m.ControlTN) }

// DefaultTN is A34's TN where the GM gives none: the rules' "average".
const DefaultTN = 5

// gmTN is a TN the encounter gives, 0 as any other, or A34's default
// when it gives none.
func gmTN(tn *int) int { return valueOr(tn, DefaultTN) }

// valueOr is a number a file gives, 0 as any other, or def when it gives
// none.
func valueOr(n *int, def int) int {
	if n != nil {
		return *n
	}
	return def
}

// carrier returns the mount that moves c and pays for it as c moves:
// one sharing c's turn (R76: the mount spends AP to move, and its rider
// as much again to control it), or nil.
func (s *State) carrier(c *Combatant) *Combatant {
	if m := s.mountOf(c); m != nil && !m.OwnTurn {
		return m
	}
	return nil
}

// moveFunds is the AP c can spend on movement: no more than its mount
// has while it rides one (R76).
func (s *State) moveFunds(c *Combatant) int {
	if m := s.carrier(c); m != nil {
		return min(c.AP, m.AP)
	}
	return c.AP
}

// mountOf returns the mount c rides, or nil.
func (s *State) mountOf(c *Combatant) *Combatant {
	if c.Riding == "" {
		return nil
	}
	return s.Combatant(c.Riding)
}

// turnInitiative is the initiative a combatant's turn is placed by: a
// rider and its mount share one turn at the lower of the two (R76).
func (s *State) turnInitiative(c *Combatant) int {
	if m := s.mountOf(c); m != nil && !m.OwnTurn {
		return min(c.Initiative, m.Initiative)
	}
	return c.Initiative
}

// takesTurns reports whether c has turns of its own: a ridden mount acts
// in its rider's (R76), but a sentient one that keeps its own turn.
func (c *Combatant) takesTurns() bool { return c.Rider == "" || c.OwnTurn }

// order is R76's command to a trained mount (not a sentient one, which
// acts in its own turn): it takes the action named, in the rider's turn,
// with its own AP.
func (r *run) order(c Command) error {
	if err := r.wantPhase(Acting, "order a mount"); err != nil {
		return err
	}
	s, a := r.s, r.s.actor()
	m := s.mountOf(a)
	switch {
	case s.Off != nil:
		return refuse(engine.NotAllowedNow, "a mount is ordered in its rider's own turn")
	case m == nil:
		return refuse(engine.NotAllowedNow, "%s rides nothing to order", a.ID)
	case !m.Trained || m.OwnTurn:
		return refuse(engine.NotAllowedNow, "%s is not a trained mount that takes orders (R76, R77)", m.ID)
	case !m.canAct():
		return refuse(engine.NotAllowedNow, "%s cannot act", m.ID)
	}
	if !offTurnCommand(c) || isMove(c) {
		return refuse(engine.Invalid, "order: %q is not an action a mount takes (it moves with its rider's moves)", Rules{}.FormatCommand(c))
	}
	e := Ordered{Rider: a.ID, Mount: m.ID, Command: nest(c)}
	if err := r.legalAfter(c, &e); err != nil {
		return err
	}
	r.emit(engine.New(r.h.arena(), orderedKind, e))
	return r.dispatch(c)
}

// mount is R53 (4 AP): onto an adjacent mount at least the rider's Size
// that nobody rides, hurried or not (R67).
func (r *run) mount(target string, hurry bool) error {
	a, m, err := r.mountCheck(target, hurry)
	if err != nil {
		return err
	}
	r.spend(a, r.hurried(a, actionCosts["mount"], hurry), "mount")
	r.emit(engine.New(r.h.arena(), mountedKind, Mounted{Rider: a.ID, Mount: m.ID}))
	return nil
}

// mountCheck is mount's checks, made before its first event: it returns
// the rider and the mount.
func (r *run) mountCheck(target string, hurry bool) (a, m *Combatant, err error) {
	a, m, err = r.actorAnd(target, "mount ", target)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !m.Mount:
		return nil, nil, refuse(engine.NotAllowedNow, "%s cannot be ridden", m.ID)
	case a.Riding != "":
		return nil, nil, refuse(engine.NotAllowedNow, "%s is riding %s already", a.ID, a.Riding)
	case m.Rider != "" || m.Status != Active:
		return nil, nil, refuse(engine.NotAllowedNow, "%s is ridden already or cannot carry a rider", m.ID)
	case m.Attributes.Size < a.Attributes.Size:
		return nil, nil, refuse(engine.NotAllowedNow, "%s (Size %d) is smaller than %s (Size %d) (R76)", m.ID, m.Attributes.Size, a.ID, a.Attributes.Size)
	case dist(a, m) > 1:
		return nil, nil, refuse(engine.NotAllowedNow, "%s must be beside %s to mount it", a.ID, m.ID)
	}
	return a, m, r.hurryCheck(a, actionCosts["mount"], hurry, "mounting")
}

// dismount is R53 (4 AP) to an adjacent free cell, hurried or not (R67).
func (r *run) dismount(x, y int, hurry bool) error {
	a, err := r.dismountCheck(x, y, hurry)
	if err != nil {
		return err
	}
	r.spend(a, r.hurried(a, actionCosts["mount"], hurry), "dismount")
	r.emit(engine.New(r.h.arena(), dismountedKind, Dismounted{Rider: a.ID, Mount: a.Riding, X: x, Y: y}))
	return nil
}

// dismountCheck is dismount's checks: it returns the rider.
func (r *run) dismountCheck(x, y int, hurry bool) (*Combatant, error) {
	if err := r.wantPhase(Acting, "dismount"); err != nil {
		return nil, err
	}
	s, a := r.s, r.s.actor()
	switch {
	case a.Riding == "":
		return nil, refuse(engine.NotAllowedNow, "%s rides nothing", a.ID)
	case DistanceBetween(s.mountOf(a).X, s.mountOf(a).Y, s.mountOf(a).span(), x, y, a.span()) != 1:
		return nil, refuse(engine.NotAllowedNow, "%d,%d is not beside %s's mount", x, y, a.ID)
	case s.blocked(a, x, y):
		return nil, refuse(engine.NotAllowedNow, "someone stands at %d,%d", x, y)
	}
	return a, r.hurryCheck(a, actionCosts["mount"], hurry, "dismount")
}

// controlCheck is R77: Prs [Nature/Riding] against the mount's TN, with
// mod; failure makes it bolt.
func (r *run) controlCheck(rider, m *Combatant, mod int, why string) {
	ck := r.standard(rider.Attributes.Prs+rider.rank("nature", "riding")+mod-rider.tired(), controlTN(m))
	r.emit(engine.New(r.h.arena(), controlCheckedKind, ControlChecked{Rider: rider.ID, Mount: m.ID, TNRoll: ck, Kept: ck.succeeds(), Why: why}))
}

// needsControl returns c's mount when R77's control checks apply to it:
// untrained and under control, c active; else nil.
func (s *State) needsControl(c *Combatant) *Combatant {
	m := s.mountOf(c)
	if m == nil || m.Trained || m.Bolting || c.Status != Active {
		return nil
	}
	return m
}

// woundControl is R77's check when a rider or its untrained mount is
// wounded (section 7.5.8).
func (r *run) woundControl(t *Combatant) {
	s := r.s
	rider := t
	if t.Rider != "" {
		rider = s.Combatant(t.Rider)
	}
	if rider == nil {
		return
	}
	if m := s.needsControl(rider); m != nil {
		r.controlCheck(rider, m, 0, "wounded")
	}
}

// enteredReach makes the control check of c's untrained mount when c now
// stands in the melee reach of an enemy whose reach it was out of before
// (was, from reachers): each time it comes into an enemy's reach, one
// already reaching it or not (R77).
func (r *run) enteredReach(c *Combatant, was []string) {
	m := r.s.needsControl(c)
	if m == nil {
		return
	}
	for _, id := range r.s.reachers(c) {
		if !slices.Contains(was, id) {
			r.controlCheck(c, m, 0, "entering an enemy's reach")
			return
		}
	}
}

// reachers lists the enemies whose melee reach c stands in, when c rides
// an untrained mount under control (nil otherwise: nobody asks).
func (s *State) reachers(c *Combatant) []string {
	if s.needsControl(c) == nil {
		return nil
	}
	var ids []string
	for i := range s.Combatants {
		e := &s.Combatants[i]
		if e.Side != c.Side && e.Up() && e.meleeReaches(c) {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// calm is R77's regaining of control (8 AP): the control check, -1 per
// enemy within 10 yards, +1 per earlier consecutive attempt (at most +5,
// A29).
func (r *run) calm() error {
	a, m, err := r.calmCheck()
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, actionCosts["calm"], "calm")
	mod := min(a.Calming, 5)
	for i := range s.Combatants {
		if e := &s.Combatants[i]; e.Side != a.Side && e.Up() && dist(a, e) <= 10 {
			mod--
		}
	}
	r.controlCheck(a, m, mod, "calming")
	return nil
}

// calmCheck is calm's checks: it returns the rider and its mount.
func (r *run) calmCheck() (a, m *Combatant, err error) {
	if a, err = r.acting("calm a mount"); err != nil {
		return nil, nil, err
	}
	m = r.s.mountOf(a)
	if m == nil || !m.Bolting {
		return nil, nil, refuse(engine.NotAllowedNow, "%s rides no bolting mount", a.ID)
	}
	return a, m, need(a, actionCosts["calm"], "calming the mount")
}

// Mounted: a rider mounts (R53).
type Mounted struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
}

func (e *Mounted) apply(s *State, _ *hotMemory) {
	rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
	if rider != nil && m != nil {
		rider.Riding, rider.RidingSize, m.Rider = m.ID, m.Attributes.Size, rider.ID
		s.put(rider, m.X, m.Y)
	}
}

func (e *Mounted) describe(*State) string { return fmt.Sprintf("%s mounts %s", e.Rider, e.Mount) }

// Dismounted: a rider dismounts to a cell beside the mount (R53).
type Dismounted struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
}

func (e *Dismounted) apply(s *State, _ *hotMemory) {
	if rider := s.Combatant(e.Rider); rider != nil {
		rider.Riding, rider.RidingSize, rider.Calming = "", 0, 0
		s.put(rider, e.X, e.Y)
	}
	if m := s.Combatant(e.Mount); m != nil {
		m.Rider = ""
		if s.Turn == e.Rider && !m.OwnTurn {
			m.Acted = true // R76: their one shared turn is this one
			if rider := s.Combatant(e.Rider); rider != nil {
				rider.LeftMount = m.ID
			}
		}
	}
}

func (e *Dismounted) describe(s *State) string {
	return fmt.Sprintf("%s dismounts %s to %d,%d", e.Rider, e.Mount, e.X, e.Y)
}

// ControlChecked: a rider's control check of an untrained mount (R77): kept, or the mount bolts; after calming, kept means control is regained.
type ControlChecked struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
	TNRoll
	Kept bool   `json:"kept"`
	Why  string `json:"why"`
}

func (e *ControlChecked) apply(s *State, _ *hotMemory) {
	rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
	if rider == nil || m == nil {
		return
	}
	switch {
	case e.Why == "calming" && e.Kept:
		m.Bolting, rider.Calming = false, 0
	case e.Why == "calming":
		rider.Calming++
	case !e.Kept:
		m.Bolting = true
	}
}

func (e *ControlChecked) describe(s *State) string {
	out := "keeps control"
	switch {
	case e.Why == "calming" && e.Kept:
		out = "regains control"
	case e.Why == "calming":
		out = "still bolting"
	case !e.Kept:
		out = e.Mount + " bolts"
	}
	return fmt.Sprintf("%s's control check of %s (%s): %s: %s", e.Rider, e.Mount, e.Why, e.rolled(), out)
}

// Mount mounts an adjacent mount (R53), hurried or not (R67).
type Mount struct {
	Target string `json:"target"`
	Hurry  bool   `json:"hurry,omitempty"`
}

func (*Mount) command() {}

// Dismount gets off one's mount to a cell beside it (R53), hurried or not
// (R67).
type Dismount struct {
	X     int  `json:"x"`
	Y     int  `json:"y"`
	Hurry bool `json:"hurry,omitempty"`
}

func (*Dismount) command() {}

// Calm tries to regain control of a bolting mount (R77).
type Calm struct{}

func (*Calm) command() {}

// Ordered: a rider orders its trained mount to take an action (R76), with
// the mount's AP, in the rider's turn.
type Ordered struct {
	Rider   string `json:"rider"`
	Mount   string `json:"mount"`
	Command Nested `json:"command"`
}

func (e *Ordered) apply(s *State, _ *hotMemory) {
	s.Off = s.newOff(OffTurn{Who: e.Mount, Moment: AtOrder})
	s.Phase = Acting
}

func (e *Ordered) describe(s *State) string {
	return fmt.Sprintf("%s orders %s: %s", e.Rider, e.Mount, e.Command)
}

// Order has a trained mount take an action (R76).
type Order struct {
	Action Nested `json:"action"`
}

// The kinds of mount.go's commands and events.
var (
	mountKind          = engine.Add[Mount](commands, "mount")
	dismountKind       = engine.Add[Dismount](commands, "dismount")
	_                  = engine.Add[Calm](commands, "calm")
	_                  = engine.Add[Order](commands, "order")
	mountedKind        = engine.Add[Mounted](events, "mounted")
	dismountedKind     = engine.Add[Dismounted](events, "dismounted")
	controlCheckedKind = engine.Add[ControlChecked](events, "control_checked")
	orderedKind        = engine.Add[Ordered](events, "ordered")
)

func (*Order) command() {}
