package woundslots

import (
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// Combat checks (R04): the bonus of each, by name. Melee is a weapon
// check with the first melee weapon.
func checkBonus(c *Combatant, check string) int {
	b := 0
	switch check {
	case "power":
		b = c.Attributes.Str + c.skill("athletics") + c.spec("athletics", "power") + c.Attributes.Size
	case "agility":
		b = c.Attributes.Dex + c.skill("reflex") + c.spec("reflex", "agility") - c.Attributes.Size
	case "fortitude":
		b = c.Attributes.Vit + c.skill("resistance") + c.spec("resistance", "fortitude")
	case "willpower":
		b = c.Attributes.Prs + c.skill("resistance") + c.spec("resistance", "willpower")
	case "melee":
		if w := firstMelee(c); w != nil {
			b = c.Attributes.Dex + c.skill("melee") + c.spec("melee", w.Group) + w.Accuracy
		}
	case "deception":
		b = c.Attributes.Prs + c.skill("deception")
	case "perception":
		b = c.Attributes.Prc + c.skill("deception")
	}
	b -= c.tired()
	return b - c.distraction()
}

// firstMelee is c's first melee weapon, or nil.
func firstMelee(c *Combatant) *Weapon {
	for i := range c.Weapons {
		if c.Weapons[i].Kind == "melee" && c.Weapons[i].InHand() {
			return &c.Weapons[i]
		}
	}
	return nil
}

// contest is R03 and A01-A03: a check of bonus by a (wild when wild)
// against a static value, or against the defender's roll (versusBonus,
// always wild) when rolled. It draws the actor's d20, then the
// defender's, and returns the event; criticals of a wild check against a
// creature move initiative afterwards (A03).
func (r *run) contest(a, t *Combatant, check string, bonus int, wild bool, versus int, rolled bool, versusCheck string) CheckRolled {
	die := dice.RollClasses(r.src, 20, dice.EveryValue)
	e := CheckRolled{Combatant: a.ID, Target: t.ID, Check: check, Die: die, Bonus: bonus, Versus: versus, VersusCheck: versusCheck}
	actorCrit := 0
	if wild {
		switch die {
		case 20:
			actorCrit, e.Critical = 1, "success"
		case 1:
			actorCrit, e.Critical = -1, "failure"
		}
	}
	total := die + bonus
	if !rolled {
		switch actorCrit {
		case 1:
			e.Success = true
		case -1:
			e.Success = false
		default:
			e.Success = total >= versus
		}
		return e
	}
	e.VersusDie = r.src.Roll(20)
	defCrit := 0
	switch e.VersusDie {
	case 20:
		defCrit = 1
	case 1:
		defCrit = -1
	}
	opposed := e.VersusDie + versus
	switch {
	case actorCrit == defCrit:
		e.Success = total >= opposed
	case actorCrit == 1 || defCrit == -1:
		e.Success = true
	case actorCrit == -1 || defCrit == 1:
		e.Success = false
	}
	return e
}

// emitCheck emits a contest's event and the initiative its criticals move
// (A03).
func (r *run) emitCheck(a, t *Combatant, e CheckRolled) {
	r.emit(ev(r.h, (*hotMemory).evCheckRolled, e))
	switch e.Critical {
	case "success":
		r.shift(a, 2, "critical "+e.Check+" check")
		r.shift(t, -2, "critical "+e.Check+" check against it")
	case "failure":
		r.shift(a, -2, "critical failure")
	}
}

// margin is a contest's margin: the actor's total less what it met.
func (e *CheckRolled) margin() int {
	return e.Die + e.Bonus - e.Versus - e.VersusDie
}

// inMeleeReach reports whether a's melee weapon reaches t.
func inMeleeReach(a, t *Combatant) bool {
	w := firstMelee(a)
	return w != nil && Gap(a, t) <= w.Reach
}

// hinderKinds are R61's hindrances.
var hinderKinds = []string{"disarm", "distract", "shove", "trip"}

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
		r.emit(ev(r.h, (*hotMemory).evHinderWon, HinderWon{Combatant: a.ID, Target: t.ID, Hindrance: kind, Yards: 1 + max(0, e.margin())/3}))
		return nil
	case kind == "disarm" && t.inHand() > 1:
		// Section 7.5.6: the disarmer picks the item dropped.
		r.emit(ev(r.h, (*hotMemory).evHinderWon, HinderWon{Combatant: a.ID, Target: t.ID, Hindrance: kind}))
		return nil
	case kind == "disarm":
		h.Weapon = t.Weapon("").Name
	}
	r.emit(ev(r.h, (*hotMemory).evHindered, h))
	return nil
}

// hinderCheck is hinder's checks: it returns the actor and its target.
func (r *run) hinderCheck(kind, target string) (a, t *Combatant, err error) {
	if err := r.wantPhase(Acting, "hinder ", target); err != nil {
		return nil, nil, err
	}
	s := r.s
	a, t = s.actor(), s.Combatant(target)
	switch {
	case !slices.Contains(hinderKinds, kind):
		return nil, nil, refuse(engine.Invalid, "%q is not a hindrance: disarm, distract, shove or trip", kind)
	case t == nil:
		return nil, nil, refuse(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	case t.Side == a.Side || !t.Up():
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not a standing enemy", t.ID)
	case !inMeleeReach(a, t):
		return nil, nil, refuse(engine.NotAllowedNow, "%s is not within %s's melee reach", t.ID, a.ID)
	case kind == "disarm" && t.inHand() == 0:
		return nil, nil, refuse(engine.NotAllowedNow, "%s holds nothing to drop", t.ID)
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

// meetChoices are a disarm's target's choices (R61).
var meetChoices = []string{"check", "agility"}

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
	r.emit(ev(r.h, (*hotMemory).evGuarded, Guarded{Combatant: t.ID, Choice: choice, Defense: d}))
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
			if s.blocked(t, x, y) || abs(x) > parts.MaxCoordinate || abs(y) > parts.MaxCoordinate {
				break
			}
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// directions are the eight directions of the grid.
var directions = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

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
	r.emit(ev(r.h, (*hotMemory).evHindered, Hindered{Combatant: p.Actor, Target: t.ID, Hindrance: "shove", X: x, Y: y}))
	r.checkGrapples(t)
	r.finished(p.Actor)
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
	r.emit(ev(r.h, (*hotMemory).evHindered, Hindered{Combatant: p.Actor, Target: t.ID, Hindrance: "disarm", Weapon: weapon, X: t.X, Y: t.Y}))
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

// finished marks an action of the turn's owner completed by a later
// decision than the one that paid for it, for the after-action window.
func (r *run) finished(actor string) {
	if actor == r.s.Turn && r.s.Off == nil {
		r.acted = true
	}
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

// notPinned refuses any action but Escape from a pinned creature (R59).
func (r *run) notPinned(a *Combatant) error {
	if a.PinnedBy != "" {
		return refuse(engine.NotAllowedNow, "%s is pinned by %s and may only escape (R59)", a.ID, a.PinnedBy)
	}
	return nil
}

// escapeTN is A22: the higher of the grappler's Power and Agility Defense.
func escapeTN(g *Combatant) int { return max(g.PowerDefense(), g.AgilityDefense()) }

// pin is R59 (4 AP): a Power check at -2 against the higher of the
// grappled target's Power and Agility Defense.
func (r *run) pin(target string) error {
	a, t, err := r.pinCheck(target)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["pin"], "pin")
	e := r.contest(a, t, "power", checkBonus(a, "power")-2, true, max(t.PowerDefense(), t.AgilityDefense()), false, "power or agility defense")
	r.emitCheck(a, t, e)
	if e.Success {
		r.emit(ev(r.h, (*hotMemory).evPinned, Pinned{Combatant: a.ID, Target: t.ID}))
	}
	return nil
}

// pinCheck is pin's checks: it returns the actor and its target.
func (r *run) pinCheck(target string) (a, t *Combatant, err error) {
	a, t, err = r.actorAnd(target, "pin ", target)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !slices.Contains(a.Grappling, t.ID):
		return nil, nil, refuse(engine.NotAllowedNow, "%s does not grapple %s", a.ID, t.ID)
	case t.PinnedBy != "":
		return nil, nil, refuse(engine.NotAllowedNow, "%s is pinned already", t.ID)
	}
	if err := r.notPinned(a); err != nil {
		return nil, nil, err
	}
	return a, t, need(a, actionCosts["pin"], "pinning")
}

// escape is R52 (4 AP): a Power or Agility check (the better) against
// the escape TN of the pinner, or of a grappler (A22); success ends the
// pin (not the grapple, R59) or the grapple.
func (r *run) escape() error {
	a, g, err := r.escapeCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["escape"], "escape")
	check := "power"
	if checkBonus(a, "agility") > checkBonus(a, "power") {
		check = "agility"
	}
	e := r.contest(a, g, check, checkBonus(a, check), true, escapeTN(g), false, "escape TN")
	r.emitCheck(a, g, e)
	if e.Success {
		r.emit(ev(r.h, (*hotMemory).evEscaped, Escaped{Combatant: a.ID, From: g.ID, Pin: a.PinnedBy != ""}))
	}
	return nil
}

// escapeCheck is escape's checks: it returns the actor and the one it
// escapes from.
func (r *run) escapeCheck() (a, g *Combatant, err error) {
	if err := r.wantPhase(Acting, "escape"); err != nil {
		return nil, nil, err
	}
	a = r.s.actor()
	from := a.PinnedBy
	if from == "" && len(a.Grappling) > 0 {
		from = a.Grappling[0]
	}
	g = r.s.Combatant(from)
	if g == nil {
		return nil, nil, refuse(engine.NotAllowedNow, "%s is neither grappled nor pinned", a.ID)
	}
	return a, g, need(a, actionCosts["escape"], "escaping")
}
