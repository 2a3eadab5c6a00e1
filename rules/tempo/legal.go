package tempo

import (
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// refuse is a refusal for an illegal command.
func refuse(format string, args ...any) error {
	return engine.Errorf(engine.Invalid, format, args...)
}

// errRefused is the refusal of a declaration whose reason nobody reads:
// the menus only need to know that it is refused.
var errRefused = engine.Errorf(engine.Invalid, "refused")

// refusal is why() when explain is set, else errRefused: the reason is
// made only for those who read it.
func refusal(explain bool, why func() error) error {
	if !explain {
		return errRefused
	}
	return why()
}

// proactiveOrder is the order actions appear in a turn's menu.
var proactiveOrder = []Action{MeleeAttack, Feint, RangedAttack, UnarmedAttack, Aim, CombatMove, Move, Ready,
	Disarm, Grapple, Press, Withdraw, Pin, Escape, PickUp, OffList}

// reactiveOrder is the order reactions appear in a reaction menu.
var reactiveOrder = []Action{Parry, Evade, CounterAttack, Dodge, CounterFire, Retreat, Struggle, Wind, Double}

// proactiveRules and reactiveRules are the rules of proactiveOrder and
// reactiveOrder, index for index, so that the menus look none up.
var (
	proactiveRules = rulesOf(proactiveOrder)
	reactiveRules  = rulesOf(reactiveOrder)
)

// reactionsTo are, for each action, the reactions that answer it (see
// rule.answers) as indices in reactiveOrder, in menu order, worked out
// from the master table once, so that a reaction menu asks no other
// reaction whether it answers the action.
var reactionsTo = func() map[Action][]int {
	out := map[Action][]int{}
	for a := range ruleTable {
		for i, r := range reactiveRules {
			if r.answers(a) {
				out[a] = append(out[a], i)
			}
		}
	}
	return out
}()

// menuActions are the actions a status allows (R08) as indices in
// proactiveOrder, in menu order: all of them, and apart the moves and
// the others (see canDeclare).
type menuActions struct{ all, moves, others []int }

// statuses are the five statuses, in the order of menusByStatus.
var statuses = [...]Status{OffGuard, OnGuard, Bound, Grappled, Pinned}

// menusByStatus is the menuActions of each of the statuses, worked out
// from the master table once, so that a menu asks no rule whether it
// allows the actor's status.
var menusByStatus = func() (out [len(statuses)]menuActions) {
	for i, r := range proactiveRules {
		for k, st := range statuses {
			if !r.allowed(st) {
				continue
			}
			m := &out[k]
			m.all = append(m.all, i)
			if a := proactiveOrder[i]; a == Move || a == CombatMove {
				m.moves = append(m.moves, i)
			} else {
				m.others = append(m.others, i)
			}
		}
	}
	return out
}()

// noActions is the menu of a status the master table does not name.
var noActions menuActions

// menuFor returns the actions status st allows, none for a status the
// master table does not name.
func menuFor(st Status) *menuActions {
	for k := range statuses {
		if statuses[k] == st {
			return &menusByStatus[k]
		}
	}
	return &noActions
}

// rulesOf returns the rules of each action, in order.
func rulesOf(as []Action) []*rule {
	out := make([]*rule, len(as))
	for i, a := range as {
		out[i] = rules(a)
	}
	return out
}

// declaration checks a declared action against the rules and completes
// it into *out, which a refusal may leave half written: the weapon, the
// target, the full path, the AP paid and whether an Aim applies. r is the
// rule of d's action; board, when not nil, the search of the squares c
// can reach, which the check of a move's path then reads rather than
// searching again. A refusal says why only when explain is set. With h
// set the searches use its working memory, and the path may be h's too
// (see route): the caller copies what it keeps. found is what a menu's
// search found of what d names, which is then not looked up by name
// again.
func (s *State) declaration(c *Combatant, d *Declare, r *rule, found named, board *reach, explain bool, h *searchMemory, out *Declared) error {
	if r == nil || r.kind != proactive {
		return refusal(explain, func() error {
			return refuse("%q is not an action to declare; proactive actions are %s", d.Action, list(proactiveOrder, ", "))
		})
	}
	if !r.allowed(c.Status) {
		return refusal(explain, func() error {
			return refuse("%s is %s, and %s is allowed only %s (R08)", c.ID, c.Status, r.name, list(r.statuses, " or "))
		})
	}
	*out = Declared{Action: d.Action, Target: d.Target, Mod: d.Mod}
	w := found.weapon
	if w == nil {
		var spare Weapon
		var err error
		if w, err = declaredWeapon(c, d, explain, &spare); err != nil {
			return err
		}
	}
	out.Weapon = w.Name
	out.Paid = r.cost(w)
	if d.Action == OffList && d.AP != nil {
		if *d.AP < 0 {
			return refusal(explain, func() error { return refuse("an off-list action costs 0 AP or more, not %d", *d.AP) })
		}
		out.Paid = *d.AP
	}
	if err := s.declaredTarget(c, d, w, found.target, out, board, explain, h); err != nil {
		return err
	}
	if out.Paid > c.AP {
		return refusal(explain, func() error { return refuse("%s costs %d AP and %s has %d (R05)", r.name, out.Paid, c.ID, c.AP) })
	}
	switch d.Action {
	case MeleeAttack, Feint, RangedAttack:
		out.Aimed = c.Aimed != "" && c.Aimed == w.Name
	}
	return nil
}

// named is what a menu's search found of what a declaration it makes
// names: the weapon of the actor's it is made with (one that fits the
// action, see namedWeapon) and the opponent it targets or measures a
// Combat Move against (one in the fight and alive, see opponent); each nil
// when the declaration's own name is looked up, as for every command.
type named struct {
	weapon *Weapon
	target *Combatant
}

// declaredWeapon finds the weapon a declared action uses, or the zero
// Weapon for actions without one: one c wields, or *spare made so. A
// refusal says why only when explain is set.
func declaredWeapon(c *Combatant, d *Declare, explain bool, spare *Weapon) (*Weapon, error) {
	switch d.Action {
	case MeleeAttack, Feint, RangedAttack, Aim:
		return namedWeapon(c, d, explain, spare)
	case UnarmedAttack:
		if d.Weapon != "" && d.Weapon != UnarmedName {
			return nil, refusal(explain, func() error { return refuse("an unarmed attack takes no weapon") })
		}
		*spare = Unarmed()
		return spare, nil
	case Disarm, Grapple, Press:
		if d.Weapon != "" && d.Weapon != c.BoundWeapon {
			return nil, refusal(explain, func() error { return refuse("%s is bound with %s, not %s", c.ID, c.BoundWeapon, d.Weapon) })
		}
		w, _ := c.weaponIn(c.BoundWeapon, spare)
		return w, nil
	case PickUp:
		*spare = Weapon{}
		return spare, nil
	}
	if d.Weapon != "" {
		return nil, refusal(explain, func() error { return refuse("%s takes no weapon", d.Action) })
	}
	*spare = Weapon{}
	return spare, nil
}

// weaponKinds are the kinds of weapon an attack or an Aim is made with:
// kind, or also when it is not "".
func weaponKinds(a Action) (kind, also string) {
	switch a {
	case RangedAttack:
		return "ranged", ""
	case Aim:
		return "ranged", "melee"
	}
	return "melee", ""
}

// fits reports whether a weapon of kind k may make action a (see
// weaponKinds).
func fits(a Action, k string) bool { return fitsShape(weaponShape(a), k) }

// weaponShape is the shape of the weapon a may be made with: ranged for
// a ranged attack, either for an aim, melee for anything else.
func weaponShape(a Action) candidateShape {
	switch a {
	case RangedAttack:
		return rangedWeapon
	case Aim:
		return aimWeapon
	}
	return meleeWeapon
}

// namedWeapon is the weapon d names, of a kind that fits its action, or
// the first such weapon c wields when d names none; see declaredWeapon.
func namedWeapon(c *Combatant, d *Declare, explain bool, spare *Weapon) (*Weapon, error) {
	kinds := func() string {
		kind, also := weaponKinds(d.Action)
		if also == "" {
			return kind
		}
		return kind + " or " + also
	}
	if d.Weapon == "" {
		for i := range c.Weapons {
			if w := &c.Weapons[i]; fits(d.Action, w.Kind) {
				return w, nil
			}
		}
		return nil, refusal(explain, func() error { return refuse("%s wields no %s weapon for %s", c.ID, kinds(), d.Action) })
	}
	w, ok := c.weaponIn(d.Weapon, spare)
	if !ok {
		return nil, refusal(explain, func() error { return refuse("%s wields no %q (wielded: %s)", c.ID, d.Weapon, weaponList(c)) })
	}
	if !fits(d.Action, w.Kind) {
		return nil, refusal(explain, func() error {
			return refuse("%s is a %s weapon; %s needs a %s one", w.Name, w.Kind, d.Action, kinds())
		})
	}
	return w, nil
}

// declaredTarget checks and completes the target, path or item of a
// declaration; t, when not nil, is the opponent d names, found already.
func (s *State) declaredTarget(c *Combatant, d *Declare, w *Weapon, t *Combatant, out *Declared, board *reach, explain bool, h *searchMemory) error {
	needsNoTarget := func() error {
		if d.Target != "" {
			return refusal(explain, func() error { return refuse("%s takes no target", d.Action) })
		}
		return nil
	}
	switch d.Action {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack:
		if t == nil {
			var err error
			if t, err = s.opponent(c, d.Target, explain); err != nil {
				return err
			}
		}
		switch {
		case d.Action == UnarmedAttack && c.Status == Grappled:
			if !slices.Contains(c.GrappledWith, t.ID) {
				return refusal(explain, func() error {
					return refuse("grappled, %s can strike only a grapple partner (%s), not %s (R21)", c.ID, strings.Join(c.GrappledWith, ", "), t.ID)
				})
			}
		case d.Action == RangedAttack:
			if Dist(c.At, t.At) > w.Range {
				return refusal(explain, func() error {
					return refuse("%s is %d squares away, beyond the %s's range of %d (R21)", t.ID, Dist(c.At, t.At), w.Name, w.Range)
				})
			}
		default:
			if Dist(c.At, t.At) > w.Reach {
				return refusal(explain, func() error {
					return refuse("%s is %d squares away, beyond the %s's reach of %d (R21)", t.ID, Dist(c.At, t.At), w.Name, w.Reach)
				})
			}
		}
	case Disarm, Grapple, Press, Withdraw:
		if d.Target != "" && d.Target != c.BoundWith {
			return refusal(explain, func() error { return refuse("%s is bound with %s, not %s", c.ID, c.BoundWith, d.Target) })
		}
		out.Target = c.BoundWith
	case Pin:
		target := d.Target
		if target == "" && len(c.GrappledWith) == 1 {
			target = c.GrappledWith[0]
		}
		if !slices.Contains(c.GrappledWith, target) {
			return refusal(explain, func() error {
				return refuse("%s can pin only a grapple partner (%s), not %q (R22)", c.ID, strings.Join(c.GrappledWith, ", "), target)
			})
		}
		if t := s.combatant(target); t.Status == Pinned {
			return refusal(explain, func() error { return refuse("%s is already pinned", target) })
		}
		out.Target = target
	case Move:
		if err := needsNoTarget(); err != nil {
			return err
		}
		path, err := s.route(c, d.Path, board, explain, h)
		if err != nil {
			return refusal(explain, func() error { return refuse("move: %v (R15)", err) })
		}
		out.Path = path
	case CombatMove:
		o := t
		if o == nil {
			var err error
			if o, err = s.opponent(c, d.Target, explain); err != nil {
				return err
			}
		}
		if len(d.Path) != 1 {
			return refusal(explain, func() error { return refuse("a combat move names one destination square") })
		}
		path, err := s.route(c, d.Path, board, explain, h)
		if err != nil {
			return refusal(explain, func() error { return refuse("combat move: %v (R16)", err) })
		}
		dest := path[len(path)-1]
		if before, after := Dist(c.At, o.At), Dist(dest, o.At); parts.Abs(after-before) > 1 {
			return refusal(explain, func() error {
				return refuse("combat move: %v is %d from %s and the start %d; the distance may change by one at most (R16)", dest, after, o.ID, before)
			})
		}
		out.Path = path
	case PickUp:
		if err := needsNoTarget(); err != nil {
			return err
		}
		i := slices.IndexFunc(s.Dropped, func(x Dropped) bool { return x.Weapon.Name == d.Weapon && x.At == c.At })
		if i < 0 {
			return refusal(explain, func() error { return refuse("no %q lies on %s's square %v", d.Weapon, c.ID, c.At) })
		}
		if hands(c)+s.Dropped[i].Weapon.Hands > 2 {
			return refusal(explain, func() error { return refuse("%s has no free hand for the %s", c.ID, d.Weapon) })
		}
		if _, dup := c.weapon(d.Weapon); dup {
			return refusal(explain, func() error { return refuse("%s already wields a weapon called %s", c.ID, d.Weapon) })
		}
		out.Weapon = d.Weapon
	default:
		return needsNoTarget()
	}
	return nil
}

// opponent finds a standing or fallen (but living) opponent in the fight.
// A refusal says why only when explain is set.
func (s *State) opponent(c *Combatant, id string, explain bool) (*Combatant, error) {
	if id == "" {
		return nil, refusal(explain, func() error { return refuse("whom? name the target") })
	}
	t := s.combatant(id)
	switch {
	case t == nil || !t.Present:
		return nil, refusal(explain, func() error { return refuse("there is no %q in the fight", id) })
	case !opponents(c, t):
		return nil, refusal(explain, func() error { return refuse("%s is on %s's side", id, c.ID) })
	case t.Dead:
		return nil, refusal(explain, func() error { return refuse("%s is dead", id) })
	}
	return t, nil
}

func hands(c *Combatant) int {
	n := 0
	for _, w := range c.Weapons {
		n += w.Hands
	}
	return n
}

// offer is a declaration a menu offers and what declaration finds of it:
// the declaration completed, with the AP it costs.
type offer struct {
	declare Declare
	decl    Declared
}

// declareOptions lists the declarations the actor's menu offers: every
// legal attack, a few useful moves, and the status actions (R08), each
// completed. With h set the list and the paths of its moves are h's
// working memory, valid until the next declareOptions or canDeclare with
// h.
// known, when not nil, is what canDeclare found for c in s, taken rather
// than checked again (see firstOffer).
func (s *State) declareOptions(c *Combatant, h *searchMemory, known *firstOffer) []offer {
	e := offerSearch{s: s, c: c, h: h, list: true, known: known}
	if h != nil {
		e.out = h.offers[:0]
	}
	e.each(menuFor(c.Status).all)
	if h != nil {
		h.offers = e.out
	}
	return e.out
}

// canDeclare reports whether c's menu offers a declaration, that is
// whether declareOptions is not empty, by the same search stopped at the
// first declaration found. It tries the moves, whose candidates need a
// search of the board, last. With h set the search uses its working
// memory, as declareOptions does, and records there what it found (see
// firstOffer).
func (s *State) canDeclare(c *Combatant, h *searchMemory) bool {
	e := offerSearch{s: s, c: c, h: h}
	if h != nil {
		h.first.ok = false
	}
	m := menuFor(c.Status)
	if !e.each(m.others) {
		return true
	}
	e.refused = 0
	return !e.each(m.moves)
}

// firstOffer is what the last canDeclare with a search memory found: the
// first legal declaration of c's menu in the order canDeclare searches
// (the others, then the moves), how many candidates of its group were
// refused before it, and the offer, its paths in memory of its own. A
// menu listed for c in the very state it was found in (see
// hotMemory.checked) takes the offer and the refusals rather than
// checking those candidates again: the candidates of a group come in the
// same order in both searches.
type firstOffer struct {
	c  *Combatant
	ok bool
	// group is the offer's (see proactiveItem); refused counts the
	// candidates of that group tried before it, each refused, as was
	// every candidate of an earlier group.
	group, refused int
	offer          offer
	path, declPath []Square
}

// set records d, completed as decl, as the first legal declaration of
// c's menu, the refused'th of its group.
func (f *firstOffer) set(c *Combatant, group, refused int, d *Declare, decl *Declared) {
	f.c, f.ok, f.group, f.refused = c, true, group, refused
	f.offer = offer{*d, *decl}
	if d.Path != nil {
		f.path = append(f.path[:0], d.Path...)
		f.offer.declare.Path = f.path
	}
	if decl.Path != nil {
		f.declPath = append(f.declPath[:0], decl.Path...)
		f.offer.decl.Path = f.declPath
	}
}

// The groups of a menu's actions, in the order canDeclare searches them:
// the others, then the moves, whose candidates need a search of the
// board.
const (
	otherGroup = iota
	moveGroup
)

// offerSearch is a search of c's menu in s: each candidate declaration
// of an action (see eachCandidate) is checked (see declaration) by try,
// which lists those that are legal in out when list is set, or else stops
// the search at the first. With h set the searches use its working
// memory, and the paths of the moves are h's until the next search with
// h.
type offerSearch struct {
	s    *State
	c    *Combatant
	h    *searchMemory
	list bool
	out  []offer
	// foes are c's opponents in the fight and alive; rule is the rule of
	// the action whose candidates are tried; board is the search of the
	// squares c can reach, made on first need.
	foes  []*Combatant
	rule  *rule
	board *reach
	// group is the group of the action whose candidates are tried (see
	// proactiveItem); refused counts the refusals since the search began, or
	// since canDeclare turned to the moves; known, when set, is what
	// canDeclare found in this state (see firstOffer), until taken.
	// passed counts the candidates of known's group passed as refused.
	group           int
	refused, passed int
	known           *firstOffer
}

// each tries the candidates of the actions listed (indices in
// proactiveOrder, of actions c's status allows; see menuActions), in the
// order listed, until try stops the search; it reports whether it never
// did.
func (e *offerSearch) each(actions []int) bool {
	if len(actions) == 0 {
		return true
	}
	if e.h != nil {
		e.h.candSquares = e.h.candSquares[:0]
		e.foes = e.s.appendFoes(e.h.foes[:0], e.c)
		e.h.foes = e.foes
	} else {
		e.foes = e.s.appendFoes(nil, e.c)
	}
	e.board = nil
	for _, i := range actions {
		m := &proactiveMenu[i]
		e.rule, e.group = m.rule, m.group
		if !m.rule.mayAfford(e.c.AP) {
			continue
		}
		if !e.eachCandidate(m) {
			return false
		}
	}
	return true
}

// try checks candidate d of the current action, found being what the
// search found of what it names; it reports whether the search goes on.
func (e *offerSearch) try(d *Declare, found named) bool {
	if k := e.known; k != nil && e.group <= k.group {
		return e.takeKnown(k)
	}
	if !e.list {
		var decl Declared
		if e.s.declaration(e.c, d, e.rule, found, e.board, false, e.h, &decl) != nil {
			e.refused++
			return true
		}
		if e.h != nil {
			e.h.first.set(e.c, e.group, e.refused, d, &decl)
		}
		return false
	}
	// Checked in the slot it is listed in, kept only when legal.
	n := len(e.out)
	if n < cap(e.out) {
		e.out = e.out[:n+1]
	} else {
		e.out = append(e.out, offer{})
	}
	o := &e.out[n]
	if e.s.declaration(e.c, d, e.rule, found, e.board, false, e.h, &o.decl) != nil {
		e.out = e.out[:n]
		return true
	}
	o.declare = *d
	if e.h != nil {
		o.decl.Path = parts.Keep(&e.h.candSquares, o.decl.Path) // route's may be reused
	}
	return true
}

// takeKnown stands for a check of the current candidate, in a group up
// to known's (see firstOffer): a refusal, or known's offer, listed, when
// it is the candidate canDeclare stopped at. The search goes on.
func (e *offerSearch) takeKnown(k *firstOffer) bool {
	if e.group < k.group {
		return true // canDeclare found every candidate of it refused
	}
	if e.passed < k.refused {
		e.passed++ // one canDeclare found refused
		return true
	}
	e.known = nil // what follows is checked
	e.out = append(e.out, k.offer)
	if e.h != nil {
		o := &e.out[len(e.out)-1]
		o.declare.Path = parts.Keep(&e.h.candSquares, o.declare.Path) // k's is reused
		o.decl.Path = parts.Keep(&e.h.candSquares, o.decl.Path)
	}
	return true
}

// appendFoes appends to foes c's opponents who are in the fight and
// alive.
func (s *State) appendFoes(foes []*Combatant, c *Combatant) []*Combatant {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.Present && !o.Dead && opponents(c, o) {
			foes = append(foes, o)
		}
	}
	return foes
}

// candidateShape is how a menu finds the candidate declarations of an
// action: with each of the actor's weapons of a kind that fits it (see
// fits) and each foe, with each fitting weapon alone (Aim), with each foe
// (an unarmed attack), as moves, with each grapple partner, with each
// weapon on the actor's square, none (off-list actions), or the action
// alone.
type candidateShape uint8

const (
	meleeWeapon candidateShape = iota
	rangedWeapon
	aimWeapon
	eachFoe
	moveShape
	eachPartner
	dropped
	none
	alone
)

// proactiveItem is what a menu's search reads of an action of
// proactiveOrder: the action, its rule, its group (see canDeclare) and
// the shape of its candidates.
type proactiveItem struct {
	action Action
	rule   *rule
	group  int
	shape  candidateShape
}

// proactiveMenu is the proactiveItem of each action of proactiveOrder,
// index for index, worked out once, so that a menu compares no action's
// name.
var proactiveMenu = func() []proactiveItem {
	out := make([]proactiveItem, len(proactiveOrder))
	for i, a := range proactiveOrder {
		m := &out[i]
		m.action, m.rule = a, proactiveRules[i]
		switch a {
		case MeleeAttack, Feint, RangedAttack, Aim:
			m.shape = weaponShape(a)
		case UnarmedAttack:
			m.shape = eachFoe
		case Move, CombatMove:
			m.shape, m.group = moveShape, moveGroup
		case Pin:
			m.shape = eachPartner
		case PickUp:
			m.shape = dropped
		case OffList:
			m.shape = none
		default:
			m.shape = alone
		}
	}
	return out
}()

// fitsShape reports whether a weapon of kind k may make an action whose
// weapon is of shape sh (see fits).
func fitsShape(sh candidateShape, k string) bool {
	switch sh {
	case rangedWeapon:
		return k == "ranged"
	case aimWeapon:
		return k == "ranged" || k == "melee"
	}
	return k == "melee"
}

// eachCandidate tries the declarations of action m that c's menu
// considers, in menu order, until try stops the search; it reports
// whether it never did. The board is searched on first need, in h's
// memory when h is set (the moves' paths too, then).
func (e *offerSearch) eachCandidate(m *proactiveItem) bool {
	s, c, r, a, sh := e.s, e.c, m.rule, m.action, m.shape
	switch sh {
	case meleeWeapon, rangedWeapon, aimWeapon:
		for i := range c.Weapons {
			switch w := &c.Weapons[i]; {
			case !fitsShape(sh, w.Kind):
				// refused: the action needs another kind of weapon
			case r.cost(w) > c.AP:
				// refused: c cannot pay for it (R05), whatever the target
			case sh == aimWeapon:
				if !e.try(&Declare{Action: a, Weapon: w.Name}, named{weapon: w}) {
					return false
				}
			default:
				for _, o := range e.foes {
					if !e.try(&Declare{Action: a, Target: o.ID, Weapon: w.Name}, named{w, o}) {
						return false
					}
				}
			}
		}
	case eachFoe:
		for _, o := range e.foes {
			if !e.try(&Declare{Action: a, Target: o.ID}, named{target: o}) {
				return false
			}
		}
	case moveShape:
		if e.board == nil {
			if e.h != nil {
				e.board = e.h.reach(s, c, c.BCM)
			} else {
				e.board = s.reachable(c, c.BCM, nil)
			}
		}
		return e.moveOptions(a)
	case eachPartner:
		for _, p := range c.GrappledWith {
			if !e.try(&Declare{Action: a, Target: p}, named{}) {
				return false
			}
		}
	case dropped:
		for _, x := range s.Dropped {
			if x.At == c.At && !e.try(&Declare{Action: a, Weapon: x.Weapon.Name}, named{}) {
				return false
			}
		}
	case none:
		// Off-list actions are the GM's to allow; they are accepted but not
		// offered.
	default:
		return e.try(&Declare{Action: a}, named{})
	}
	return true
}

// moveOptions tries, for each standing opponent, the move that closes
// furthest on it, and one move away from the nearest; a Combat Move one
// square nearer each opponent and one farther: action a's. It reports
// whether try never stopped the search. The paths are h's working memory
// when h is set.
func (e *offerSearch) moveOptions(a Action) bool {
	s, c, r, h := e.s, e.c, e.board, e.h
	free := s.freeSquares(c, r)
	path := func(q Square) []Square {
		if h == nil {
			return r.path(q)
		}
		start := len(h.candSquares)
		h.candSquares = r.appendPath(h.candSquares, q)
		return h.candSquares[start:len(h.candSquares):len(h.candSquares)]
	}
	for _, o := range e.foes {
		if !o.standing() {
			continue
		}
		if a == Move {
			if q, ok := closest(free, o.At, c.At); ok && !e.try(&Declare{Action: Move, Path: path(q)}, named{}) {
				return false
			}
			continue
		}
		from := Dist(c.At, o.At)
		for _, want := range [...]int{from - 1, from + 1} {
			if want < 1 {
				continue
			}
			// The first free square at want from o, c's own excluded.
			i := slices.IndexFunc(free, func(q Square) bool { return q != c.At && Dist(q, o.At) == want })
			if i >= 0 {
				q := free[i]
				var dest []Square
				if h == nil {
					dest = []Square{q}
				} else {
					h.candSquares = append(h.candSquares, q)
					n := len(h.candSquares)
					dest = h.candSquares[n-1 : n : n]
				}
				if !e.try(&Declare{Action: CombatMove, Target: o.ID, Path: dest}, named{target: o}) {
					return false
				}
			}
		}
	}
	if a == Move {
		// The square farthest from the nearest standing foe.
		var standing []Square
		if h != nil {
			standing = h.foeSquares[:0]
		}
		for _, o := range e.foes {
			if o.standing() {
				standing = append(standing, o.At)
			}
		}
		if h != nil {
			h.foeSquares = standing
		}
		if q, ok := r.farthest(standing); ok {
			return e.try(&Declare{Action: Move, Path: path(q)}, named{})
		}
	}
	return true
}

// farthest returns the first of r's free squares (nearest first) as far
// from the nearest of foes as any, if that is farther than the start is.
// The free squares must be worked out (see freeSquares); the answer is
// kept while they and foes stay the same.
func (r *reach) farthest(foes []Square) (Square, bool) {
	a := &r.away
	if a.known && slices.Equal(a.foes, foes) {
		return a.to, a.ok
	}
	a.foes, a.to, a.ok, a.known = append(a.foes[:0], foes...), Square{}, false, true
	if len(r.free) == 0 || len(foes) == 0 {
		return a.to, a.ok
	}
	at, top := r.free[0], nearestDist(r.free[0], foes)
	for _, q := range r.free[1:] {
		if v := nearestDist(q, foes); v > top {
			at, top = q, v
		}
	}
	a.to, a.ok = at, top > nearestDist(r.start, foes)
	return a.to, a.ok
}

// nearestDist is the distance from q to the nearest of squares.
func nearestDist(q Square, squares []Square) int {
	n := 1 << 20
	for _, o := range squares {
		n = min(n, Dist(q, o))
	}
	return n
}

// freeSquares returns the squares of r.order that are not closed to c
// (see holdsSquare), nearest first, in r's memory: worked out once for the
// search, and kept while the same squares are closed, rather than for each
// action or foe (checking every square against every taken one for each
// foe grew with the cube of the combatants).
func (s *State) freeSquares(c *Combatant, r *reach) []Square {
	taken := r.spare[:0] // the squares closed to c (see occupied)
	for i := range s.Combatants {
		if o := &s.Combatants[i]; holdsSquare(o, c) {
			taken = append(taken, o.At)
		}
	}
	r.spare = taken
	if r.hasFree && slices.Equal(r.taken, taken) {
		return r.free
	}
	r.taken, r.spare = taken, r.taken
	r.away.known = false
	free := r.free[:0]
	if cap(free) < len(r.order) {
		free = make([]Square, 0, len(r.order))
	}
	for _, q := range r.order {
		if !hasSquare(taken, q) {
			free = append(free, q)
		}
	}
	r.free, r.hasFree = free, true
	return free
}

// hasSquare reports whether q is one of qs: slices.Contains, without the
// cost of a generic comparison of structs.
func hasSquare(qs []Square, q Square) bool {
	for _, x := range qs {
		if x == q {
			return true
		}
	}
	return false
}

// closest returns the first of free (nearest first) as near to target as
// any, a square next to it being as near as can be, if it is nearer than
// from.
func closest(free []Square, target, from Square) (Square, bool) {
	var at Square
	top := 0
	for i, q := range free {
		if d := max(Dist(q, target), 1); i == 0 || d < top {
			at, top = q, d
			if d == 1 {
				break // no square is nearer, and the first of equals wins
			}
		}
	}
	return at, len(free) > 0 && top < max(Dist(from, target), 1)
}

// list joins names with sep.
func list[T ~string](names []T, sep string) string {
	words := make([]string, len(names))
	for i, n := range names {
		words[i] = string(n)
	}
	return strings.Join(words, sep)
}

func weaponList(c *Combatant) string {
	names := []string{UnarmedName}
	for _, w := range c.Weapons {
		names = append(names, w.Name)
	}
	return strings.Join(names, ", ")
}
