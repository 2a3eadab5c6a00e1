package tempo

import (
	"slices"

	"fray/rules/parts"
)

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

// menuActions are the actions a status allows (R08) as their items of
// proactiveMenu, in menu order: all of them but the off-list action,
// which a menu never offers, and apart the moves and the others (see
// canDeclare). fixed is the least cost of those whose
// cost is not a weapon's of the actor's (0 when one costs what a weapon
// found otherwise costs, which may be nothing), and byWeapon is set when
// one costs what one of the actor's weapons costs: together a floor
// under what any declaration of the menu costs (see cheapest).
type menuActions struct {
	all, moves, others []*proactiveItem
	fixed              int
	byWeapon           bool
}

// cheapest is a floor under the AP any declaration of c's menu m costs:
// c cannot declare anything with less (R05).
func (m *menuActions) cheapest(c *Combatant) int {
	least := m.fixed
	if m.byWeapon {
		for i := range c.Weapons {
			least = min(least, c.Weapons[i].AP)
		}
	}
	return least
}

// statuses are the five statuses, in the order of menusByStatus.
var statuses = [...]Status{OffGuard, OnGuard, Bound, Grappled, Pinned}

// menusByStatus is the menuActions of each of the statuses, worked out
// from the master table once, so that a menu asks no rule whether it
// allows the actor's status.
var menusByStatus = func() (out [len(statuses)]menuActions) {
	for k := range out {
		out[k].fixed = FullAP + 1
	}
	for i, r := range proactiveRules {
		for k, st := range statuses {
			if !r.allowed(st) {
				continue
			}
			m := &out[k]
			sh := proactiveMenu[i].shape
			if sh == none {
				continue // never offered: its cost is the GM's
			}
			switch {
			case !r.byWeapon:
				m.fixed = min(m.fixed, r.ap)
			case sh == meleeWeapon || sh == rangedWeapon || sh == aimWeapon:
				m.byWeapon = true // one of the actor's weapons
			default:
				m.fixed = 0 // the bound weapon, whatever it is
			}
			m.all = append(m.all, &proactiveMenu[i])
			if a := proactiveOrder[i]; a == Move || a == CombatMove {
				m.moves = append(m.moves, &proactiveMenu[i])
			} else {
				m.others = append(m.others, &proactiveMenu[i])
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
	if c.AP < m.cheapest(c) {
		return false // every candidate would be refused for its cost
	}
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
	// free are the board's squares nobody else holds (see freeSquares),
	// worked out with the board, once for the moves and combat moves.
	free []Square
	// group is the group of the action whose candidates are tried (see
	// proactiveItem); refused counts the refusals since the search began, or
	// since canDeclare turned to the moves; known, when set, is what
	// canDeclare found in this state (see firstOffer), until taken.
	// passed counts the candidates of known's group passed as refused.
	group           int
	refused, passed int
	known           *firstOffer
}

// each tries the candidates of the actions listed (items of
// proactiveMenu, of actions c's status allows; see menuActions), in the
// order listed, until try stops the search; it reports whether it never
// did.
func (e *offerSearch) each(actions []*proactiveItem) bool {
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
	for _, m := range actions {
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
// search found of what it names (a value of the caller's, which try
// marks allowed); it reports whether the search goes on.
func (e *offerSearch) try(d *Declare, found *named) bool {
	if k := e.known; k != nil && e.group <= k.group {
		return e.takeKnown(k)
	}
	found.allowed = true // the action is one of c's status's menu
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
	if e.h != nil && found.path == nil {
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
				if !e.try(&Declare{Action: a, Weapon: w.Name}, &named{weapon: w}) {
					return false
				}
			default:
				for _, o := range e.foes {
					if Dist(c.At, o.At) > reachOf(r.form, w) {
						// Refused, and so not tried: o is out of w's reach or range
						// (R21). Both searches of a menu in a state (canDeclare and
						// declareOptions, see firstOffer) pass over the same
						// candidates, so that they count the refused alike.
						continue
					}
					if !e.try(&Declare{Action: a, Target: o.ID, Weapon: w.Name}, &named{weapon: w, target: o}) {
						return false
					}
				}
			}
		}
	case eachFoe:
		for _, o := range e.foes {
			if c.Status != Grappled && Dist(c.At, o.At) > reachOf(formUnarmed, &unarmedProfile) {
				continue // refused, and so not tried (as above): o is beyond the bare hands' reach (R21)
			}
			if !e.try(&Declare{Action: a, Target: o.ID}, &named{target: o}) {
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
			e.free = s.freeSquares(c, e.board)
		}
		return e.moveOptions(a)
	case eachPartner:
		for _, p := range c.GrappledWith {
			if !e.try(&Declare{Action: a, Target: p}, &named{}) {
				return false
			}
		}
	case dropped:
		for _, x := range s.Dropped {
			if x.At == c.At && !e.try(&Declare{Action: a, Weapon: x.Weapon.Name}, &named{}) {
				return false
			}
		}
	case none:
		// Off-list actions are the GM's to allow; they are accepted but not
		// offered.
	default:
		return e.try(&Declare{Action: a}, &named{})
	}
	return true
}

// moveOptions tries, for each standing opponent, the move that closes
// furthest on it, and one move away from the nearest; a Combat Move one
// square nearer each opponent and one farther: action a's. It reports
// whether try never stopped the search. The paths are h's working memory
// when h is set.
func (e *offerSearch) moveOptions(a Action) bool {
	c, r, h, free := e.c, e.board, e.h, e.free
	path := func(q Square) []Square {
		if h == nil {
			return r.path(q)
		}
		start := len(h.candSquares)
		h.candSquares = r.appendPath(h.candSquares, q)
		return h.candSquares[start:len(h.candSquares):len(h.candSquares)]
	}
	// A Combat Move names only its destination, and the way there is the
	// one route finds for it (see appendStraightPath), as for the same
	// command typed.
	straight := func(q Square) []Square {
		if h == nil {
			return r.appendStraightPath(nil, q)
		}
		start := len(h.candSquares)
		h.candSquares = r.appendStraightPath(h.candSquares, q)
		return h.candSquares[start:len(h.candSquares):len(h.candSquares)]
	}
	// offered are the destinations of the moves offered so far: two foes
	// whose nearest free square is the same one get one move there.
	var offeredBuf [8]Square
	offered := offeredBuf[:0]
	for _, o := range e.foes {
		if !o.standing() {
			continue
		}
		if a == Move {
			if q, ok := closest(free, o.At, c.At); ok && !slices.Contains(offered, q) {
				offered = append(offered, q)
				p := path(q)
				if !e.try(&Declare{Action: Move, Path: p}, &named{path: p}) {
					return false
				}
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
				if !e.try(&Declare{Action: CombatMove, Target: o.ID, Path: dest}, &named{target: o, path: straight(q)}) {
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
		if q, ok := r.farthest(standing); ok && !slices.Contains(offered, q) {
			p := path(q)
			return e.try(&Declare{Action: Move, Path: p}, &named{path: p})
		}
	}
	return true
}
