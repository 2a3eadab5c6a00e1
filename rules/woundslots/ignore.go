package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// AtFlanked is the moment a creature first becomes flanked: it may ignore
// creatures then, as a free reaction (R12).
const AtFlanked = "flanked"

// flankedSet notes which combatants (the first 64) are flanked now.
func (s *State) flankedSet() uint64 {
	var set uint64
	for i := range s.Combatants {
		if i < 64 && s.Combatants[i].canAct() && s.Flanked(&s.Combatants[i]) {
			set |= 1 << i
		}
	}
	return set
}

// newlyFlanked opens, after mover's move or another change (flankCheck),
// the window of those it left flanked who were not before (R12: a free
// reaction on first becoming flanked); the mover (nil for none), on its
// own turn, may ignore anyone anyway, and is asked only when it moved
// out of turn (R35). It reports whether it opened the window.
//
// held is the rest of a move broken by a window (none for a change that
// is over), whose part walked so far left them flanked: their window
// comes before the reactions that broke the move, since a reaction comes
// right after what triggers it (R12, R30), and the rest of the move,
// held in it, is declared once they have chosen (moveOn).
func (r *run) newlyFlanked(before uint64, mover *Combatant, held HeldMove) bool {
	s := r.s
	q := r.flankedQueue(before, mover)
	if len(q) == 0 {
		return false
	}
	after := s.AfterDue
	if held.Combatant == "" {
		// An action's after-action window (R29) waits for this one: it
		// opens once those flanked have chosen.
		after = r.acted && s.Off == nil && len(r.momentAsks(AtAfter)) > 0
	}
	r.emit(engine.New(r.h.arena(), windowOpenedKind, WindowOpened{Moment: AtFlanked, Actor: s.acting(), Queue: q, After: after, Move: held}))
	return true
}

// flankedQueue lists, in the order a window asks them, those flanked now
// who were not in before, free to react (R12, R28), less mover on its own
// turn (see newlyFlanked). It takes the chance away from them for this
// decision: whoever it lists is asked now.
func (r *run) flankedQueue(before uint64, mover *Combatant) []string {
	s := r.s
	var q []string
	if r.h != nil {
		q = r.h.flanked[:0]
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if i >= 64 || mover != nil && c.ID == mover.ID && s.Off == nil || inSet(before, i) || !c.canAct() || !s.Flanked(c) || c.Initiative <= 0 {
			continue
		}
		q = append(q, c.ID)
	}
	if r.h != nil {
		r.h.flanked = q
	}
	r.flankSeen = false // all first flanked so far are asked now
	s.sortQueue(q)
	return q
}

// moveOn declares the rest of a move held while those its first part
// flanked chose whether to ignore (newlyFlanked): its window asks those
// who may react to the step it stopped before (R41, R55, R47); with
// nobody left to ask, it goes on at once.
func (r *run) moveOn() {
	s := r.s
	p := *s.Pending
	a := s.Combatant(p.Actor)
	r.declareMove(a, p.X, p.Y, [2]int{p.FromX, p.FromY}, s.moveQueue(a, p.X, p.Y, p.Clung, r.h), p.Clung)
	r.resolveIfReady()
}

// HeldMove is the rest of a move held in the window of those its first
// part left flanked (R12): Combatant moves on toward X,Y, on a move
// begun at From; Clung is who clung to it already (MoveDeclared).
type HeldMove struct {
	Combatant string `json:"combatant"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	From      [2]int `json:"from"`
	Clung     uint64 `json:"clung,omitempty"`
}

// mayFlank reports whether e may leave someone flanked who was not (R11):
// it brings a creature somewhere (a jump, a drag, a cling, entering a
// space, mounting or dismounting), puts a weapon in its hand, frees it
// from a pin or grapple, wakes it, ends an effect that held it, or ends
// an ignoring. Moves and shoves ask those they flank themselves (walk,
// push); a posture changes no flank, since a prone creature threatens
// as much as a standing one.
func mayFlank(e Event) bool {
	switch e := e.(type) {
	case *Jumped, *Carried, *Clung, *SplitChosen, *SpaceEntered, *Mounted, *Dismounted,
		*Escaped, *GrappleEnded, *EffectEnded:
		return true
	case *ItemMoved:
		return e.To == "hand"
	case *WakeChecked:
		return e.Woke
	case *IgnoreChanged:
		return !e.Ignoring
	}
	return false
}

// flankCheck opens, once a decision's events are all in, the window of
// those they left flanked who were not before (R12: a free reaction on
// first becoming flanked), when the fight waits for nothing else; a
// window or choice still open takes the chance away.
func (r *run) flankCheck() {
	if !r.flankSeen {
		return
	}
	r.flankSeen = false
	if s := r.s; s.Phase == Acting && s.Pending == nil {
		r.newlyFlanked(r.flankBefore, s.owner(), HeldMove{})
	}
}

// ignore is R12, free on one's turn, or as a reaction when one first
// becomes flanked: an ignored enemy's attacks are rear attacks (+4), and
// it neither counts toward one's being flanked nor helps flank;
// unignoring is free on one's turn only.
func (r *run) ignore(target string, on bool) error {
	s := r.s
	a := s.actor()
	if s.Phase == Window && s.Moment == AtFlanked && len(s.Queue) > 0 {
		if a = s.Combatant(s.Queue[0]); !on {
			return refuse(engine.NotAllowedNow, "%s may stop ignoring only on its turn (R12)", a.ID)
		}
	} else if err := r.wantPhase(Acting, "ignore ", target); err != nil {
		return err
	} else if s.Off != nil {
		return refuse(engine.NotAllowedNow, "ignoring is free on one's own turn, or on first becoming flanked (R12)")
	}
	t := s.Combatant(target)
	switch {
	case t == nil:
		return s.noCombatant(target)
	case t.Side == a.Side:
		return refuse(engine.NotAllowedNow, "%s is on %s's side", t.ID, a.ID)
	case on && slices.Contains(a.Ignoring, t.ID):
		return refuse(engine.NotAllowedNow, "%s ignores %s already", a.ID, t.ID)
	case !on && !slices.Contains(a.Ignoring, t.ID):
		return refuse(engine.NotAllowedNow, "%s does not ignore %s", a.ID, t.ID)
	}
	r.emit(engine.New(r.h.arena(), ignoreChangedKind, IgnoreChanged{Combatant: a.ID, Target: t.ID, Ignoring: on}))
	r.resolveIfReady() // a move held for the window goes on (moveOn)
	return nil
}

// Balance is the environment of a landing check (R38).
const Balance = "balance"

// IgnoreChanged: a combatant starts or stops ignoring an enemy (R12).
type IgnoreChanged struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Ignoring  bool   `json:"ignoring"`
}

func (e *IgnoreChanged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if e.Ignoring {
			c.Ignoring = append(c.Ignoring, e.Target)
		} else {
			c.Ignoring = without(c.Ignoring, e.Target)
		}
	}
	if s.Phase == Window && s.Moment == AtFlanked && len(s.Queue) > 0 && s.Queue[0] == e.Combatant {
		popQueue(s)
	}
}

func (e *IgnoreChanged) describe(s *State) string {
	if e.Ignoring {
		return fmt.Sprintf("%s ignores %s: its attacks are rear attacks (+4)", e.Combatant, e.Target)
	}
	return fmt.Sprintf("%s no longer ignores %s", e.Combatant, e.Target)
}

// Ignore starts (or with Stop, ends) ignoring an enemy (R12).
type Ignore struct {
	Target string `json:"target"`
	Stop   bool   `json:"stop,omitempty"`
}

// The kinds of ignore.go's command and event.
var (
	ignoreKind        = engine.Add[Ignore](commands, "ignore")
	ignoreChangedKind = engine.Add[IgnoreChanged](events, "ignore_changed")
)

func (*Ignore) command() {}
