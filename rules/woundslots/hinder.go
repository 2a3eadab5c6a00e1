package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// Hindered: a hindrance lands (R61): a disarmed target drops Weapon, a shoved one goes to X,Y, a tripped one falls prone, a distracted one takes -2 to the round's end.
type Hindered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Hindrance string `json:"hindrance"`
	Weapon    string `json:"weapon,omitempty"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

func (e *Hindered) apply(s *State, _ *hotMemory) {
	if p := s.Pending; p != nil && p.Action == e.Hindrance && s.Phase == Choosing {
		doneAction(s)
	}
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	switch e.Hindrance {
	case "disarm":
		// New slices: states may share them (ScratchInto).
		if i := slices.IndexFunc(t.Weapons, func(w Weapon) bool { return w.Name == e.Weapon }); i >= 0 {
			s.Dropped = append(slices.Clone(s.Dropped), Dropped{Weapon: t.Weapons[i], X: t.X, Y: t.Y})
			t.Weapons = slices.Delete(slices.Clone(t.Weapons), i, i+1)
		}
	case "distract":
		t.Distracted = true
	case "shove":
		s.put(t, e.X, e.Y)
		leaveSpace(s, t)
	case "trip":
		t.Posture = Prone
	}
}

func (e *Hindered) describe(s *State) string {
	switch e.Hindrance {
	case "disarm":
		return fmt.Sprintf("%s disarms %s, who drops %s", e.Combatant, e.Target, e.Weapon)
	case "distract":
		return fmt.Sprintf("%s distracts %s: -2 on attacks and Defenses this round", e.Combatant, e.Target)
	case "shove":
		return fmt.Sprintf("%s shoves %s to %d,%d", e.Combatant, e.Target, e.X, e.Y)
	}
	return fmt.Sprintf("%s trips %s, who falls prone", e.Combatant, e.Target)
}

// HinderWon: a shove or disarm succeeded (R61) and its actor chooses
// where the target goes (up to Yards) or what it drops (section 7.5.6).
type HinderWon struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Hindrance string `json:"hindrance"`
	Yards     int    `json:"yards,omitempty"`
}

func (e *HinderWon) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Hindrance, Target: e.Target, Points: e.Yards})
	s.Phase = Choosing
}

func (e *HinderWon) describe(s *State) string {
	if e.Hindrance == "shove" {
		return fmt.Sprintf("%s may shove %s up to %s", e.Combatant, e.Target, parts.Count(e.Yards, "yard", "yards"))
	}
	return fmt.Sprintf("%s chooses what %s drops", e.Combatant, e.Target)
}

// Hinder is R61: disarm, distract, shove or trip a creature in reach.
type Hinder struct {
	Hindrance string `json:"hindrance"`
	Target    string `json:"target"`
}

func (*Hinder) command() {}

// Push is a successful shover's choice of where its target goes (R61).
type Push struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (*Push) command() {}

// Drop is a successful disarmer's choice of the item its target drops
// (R61).
type Drop struct {
	Weapon string `json:"weapon"`
}

func (*Drop) command() {}

// Meet is a disarm's target's choice (R61, A20): "check", a melee weapon
// check of its own, or "agility", its Agility Defense.
type Meet struct {
	Choice string `json:"choice"`
}

// The kinds of hinder.go's commands and events.
var (
	hinderKind    = engine.Add[Hinder](commands, "hinder")
	pushKind      = engine.Add[Push](commands, "push")
	dropKind      = engine.Add[Drop](commands, "drop")
	meetKind      = engine.Add[Meet](commands, "meet")
	hinderedKind  = engine.Add[Hindered](events, "hindered")
	hinderWonKind = engine.Add[HinderWon](events, "hinder_won")
)

func (*Meet) command() {}

// hinder is R61 (4 AP): a contest against a creature within melee reach.
// Where the defender chooses (A20), it takes the higher: a Defense, or
// 10 + the bonus of a roll it could make instead [ours].
func (r *run) hinder(kind, target string) error {
	a, t, err := r.hinderCheck(kind, target)
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, actionCosts["hinder"], kind)
	var e CheckRolled
	switch kind {
	case "disarm":
		if r.meetsWithCheck(t) {
			e = r.contest(a, t, "melee", checkBonus(a, "melee"), true, checkBonus(t, "melee"), true, "melee")
		} else {
			e = r.contest(a, t, "melee", checkBonus(a, "melee"), true, t.AgilityDefense(), false, "agility defense")
		}
	case "distract":
		e = r.contest(a, t, "deception", checkBonus(a, "deception"), false, checkBonus(t, "perception"), true, "perception")
	default:
		d, name := t.PowerDefense(), "power defense"
		if t.AgilityDefense() > d {
			d, name = t.AgilityDefense(), "agility defense"
		}
		e = r.contest(a, t, "power", checkBonus(a, "power"), true, d, false, name)
	}
	r.emitCheck(a, t, e)
	if !e.Success {
		return nil
	}
	h := Hindered{Combatant: a.ID, Target: t.ID, Hindrance: kind, X: t.X, Y: t.Y}
	var buf [8][2]int
	switch {
	case kind == "shove" && len(s.shoveCells(t, 1, buf[:0])) == 0:
		// Hemmed in on every side: the shove moves it nowhere.
	case kind == "shove":
		// Section 7.5.6: the shover picks the distance, 1 + up to a third
		// of its margin, and the direction.
		r.emit(engine.New(r.h.arena(), hinderWonKind, HinderWon{Combatant: a.ID, Target: t.ID, Hindrance: kind, Yards: 1 + max(0, e.margin())/3}))
		return nil
	case kind == "disarm" && t.inHand() > 1:
		// Section 7.5.6: the disarmer picks the item dropped.
		r.emit(engine.New(r.h.arena(), hinderWonKind, HinderWon{Combatant: a.ID, Target: t.ID, Hindrance: kind}))
		return nil
	case kind == "disarm":
		h.Weapon = t.Weapon("").Name
	}
	r.emit(engine.New(r.h.arena(), hinderedKind, h))
	return nil
}

// hinderCheck is hinder's checks: it returns the actor and its target.
func (r *run) hinderCheck(kind, target string) (a, t *Combatant, err error) {
	if a, err = r.acting("hinder ", target); err != nil {
		return nil, nil, err
	}
	s := r.s
	t = s.Combatant(target)
	switch {
	case !slices.Contains(hinderKinds, kind):
		return nil, nil, refuse(engine.Invalid, "%q is not a hindrance: disarm, distract, shove or trip", kind)
	case t == nil:
		return nil, nil, s.noCombatant(target)
	case t.Side == a.Side || !t.Up():
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not a standing enemy", t.ID)
	case !a.meleeReaches(t):
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not within %s's melee reach", t.ID, a.ID)
	case kind == "disarm" && t.inHand() == 0:
		return nil, nil, refuse(engine.NotAllowedNow, "%s holds nothing to drop", t.ID)
	case kind == "trip" && t.Posture == Prone:
		return nil, nil, refuse(engine.NotAllowedNow, "%s is prone already: a trip knocks a creature prone, and would change nothing (R61)", t.ID)
	}
	if err := r.notPinned(a); err != nil {
		return nil, nil, err
	}
	if err := need(a, actionCosts["hinder"], "a hindrance"); err != nil {
		return nil, nil, err
	}
	if kind == "disarm" && firstMelee(a) == nil {
		return nil, nil, refuse(engine.NotAllowedNow, "%s has no melee weapon to disarm with", a.ID)
	}
	return a, t, nil
}

// meetsWithCheck is a disarm's target's choice (R61, A20): a melee weapon
// check of its own rather than its Agility Defense. Asked, it chose
// (section 7.5.3); else it takes the roll when 10 + its bonus beats the
// Defense [ours].
func (r *run) meetsWithCheck(t *Combatant) bool {
	switch r.choice {
	case "check":
		return true
	case "agility":
		return false
	}
	return firstMelee(t) != nil && 10+checkBonus(t, "melee") > t.AgilityDefense()
}

// meet is a disarm's target's choice, before the dice (section 7.5.3).
func (r *run) meet(choice string) error {
	if err := r.wantPhase(Guarding, "meet a disarm"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	t := s.Combatant(p.Target)
	switch {
	case p.Action != "disarm" || p.Striker != "":
		return refuse(engine.NotAllowedNow, "there is no disarm to meet: a defender guards (guard plus|power|agility|fortitude|willpower)")
	case !slices.Contains(meetChoices, choice):
		return refuse(engine.Invalid, "%q is not a way to meet a disarm: check (a melee weapon check) or agility (the Agility Defense)", choice)
	}
	d := t.AgilityDefense()
	if choice == "check" {
		d = 10 + checkBonus(t, "melee")
	}
	r.emit(engine.New(r.h.arena(), guardedKind, Guarded{Combatant: t.ID, Choice: choice, Defense: d}))
	r.resolveIfReady()
	return nil
}

// shoveCells lists where a shove of up to n yards may put t: straight
// along one of the eight directions, through free cells only.
func (s *State) shoveCells(t *Combatant, n int, out [][2]int) [][2]int {
	for _, d := range directions {
		x, y := t.X, t.Y
		for range n {
			x, y = x+d[0], y+d[1]
			if s.blocked(t, x, y) || parts.Abs(x) > parts.MaxCoordinate || parts.Abs(y) > parts.MaxCoordinate {
				break
			}
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// push is the shover's choice of where its target goes (R61, section
// 7.5.6).
func (r *run) push(x, y int) error {
	s := r.s
	p, t, err := r.hinderChoice("shove")
	if err != nil {
		return err
	}
	var buf [64][2]int
	if !slices.Contains(s.shoveCells(t, p.Points, buf[:0]), [2]int{x, y}) {
		return refuse(engine.NotAllowedNow, "%s can be shoved up to %d yards in a straight line through free cells, not to %d,%d", t.ID, p.Points, x, y)
	}
	flanked, shover := s.flankedSet(), s.Combatant(p.Actor)
	r.emit(engine.New(r.h.arena(), hinderedKind, Hindered{Combatant: shover.ID, Target: t.ID, Hindrance: "shove", X: x, Y: y}))
	r.checkGrapples(t)
	r.finished(shover.ID)
	// R12: one the shove leaves flanked may ignore flankers, free, as it
	// first becomes flanked, as after a move.
	r.newlyFlanked(flanked, shover, HeldMove{})
	return nil
}

// drop is the disarmer's choice of what its target drops (R61, section
// 7.5.6).
func (r *run) drop(weapon string) error {
	p, t, err := r.hinderChoice("disarm")
	if err != nil {
		return err
	}
	if t.Weapon(weapon) == nil || weapon == "" {
		return refuse(engine.Invalid, "%s holds no %q", t.ID, weapon)
	}
	r.emit(engine.New(r.h.arena(), hinderedKind, Hindered{Combatant: p.Actor, Target: t.ID, Hindrance: "disarm", Weapon: weapon, X: t.X, Y: t.Y}))
	r.finished(p.Actor)
	return nil
}

// hinderChoice is the pending shove or disarm whose actor chooses now
// (section 7.5.6), and its target.
func (r *run) hinderChoice(kind string) (*Declared, *Combatant, error) {
	if err := r.wantPhase(Choosing, "finish a ", kind); err != nil {
		return nil, nil, err
	}
	p := r.s.Pending
	if p == nil || p.Action != kind {
		return nil, nil, refuse(engine.NotAllowedNow, "there is no %s to finish", kind)
	}
	return p, r.s.Combatant(p.Target), nil
}

// shoveTo is where a shove of n yards takes t by default: straight away
// from a, stopping at anyone in the way.
func (s *State) shoveTo(a, t *Combatant, n int) (x, y int) {
	dx, dy := sign(t.X-a.X), sign(t.Y-a.Y)
	x, y = t.X, t.Y
	for range n {
		if s.blocked(t, x+dx, y+dy) {
			break
		}
		x, y = x+dx, y+dy
	}
	return x, y
}

// hinderKinds are R61's hindrances.
var hinderKinds = []string{"disarm", "distract", "shove", "trip"}

// meetChoices are a disarm's target's choices (R61).
var meetChoices = []string{"check", "agility"}

// directions are the eight directions of the grid.
var directions = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
