package maneuvers

import (
	"math"
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// move sets out in a straight line with free movement (R08, R25): the
// foes whose reach the path enters or leaves may make opportunity attacks
// on the way (R22).
func (d *decider) move(me *Combatant, to Point) error {
	if !parts.FiniteCoordinate(to.X) || !parts.FiniteCoordinate(to.Y) {
		return refuse(engine.Invalid, "a point is two finite numbers")
	}
	if me.GrappledBy != "" {
		return refuse(engine.NotAllowedNow, "%s is grappled by %s and cannot move (R35)", me.ID, me.GrappledBy)
	}
	cost := moveCost(me, to)
	if cost == 0 {
		return refuse(engine.NotAllowedNow, "%s is at %g,%g already", me.ID, to.X, to.Y)
	}
	if left := me.Budget - me.Moved; cost > left+1e-9 {
		return refuse(engine.NotAllowedNow, "moving to %g,%g costs %.2f m and %s has %.2f m left this turn (dash for more)", to.X, to.Y, cost, me.ID, max(left, 0))
	}
	var reactors []Provoked
	if !me.Disengaged {
		reactors = d.crossings(me, me.pos(), to)
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).moveDeclaredPool, MoveDeclared{Combatant: me.ID, To: to, Cost: cost, Reactors: reactors}))
	return nil
}

// sneakMove starts a Sneak with its move (R36): up to speed, apart from
// free movement, provoking as any move does; the stealth contests come on
// arrival.
func (d *decider) sneakMove(me *Combatant, to Point) error {
	if !parts.FiniteCoordinate(to.X) || !parts.FiniteCoordinate(to.Y) {
		return refuse(engine.Invalid, "a point is two finite numbers")
	}
	if me.GrappledBy != "" {
		return refuse(engine.NotAllowedNow, "%s is grappled by %s and cannot move (R35)", me.ID, me.GrappledBy)
	}
	cost := moveCost(me, to)
	if cost > me.Speed+1e-9 {
		return refuse(engine.NotAllowedNow, "a sneak moves at most %g m; %g,%g costs %.2f m", me.Speed, to.X, to.Y, cost)
	}
	var reactors []Provoked
	if !me.Disengaged {
		reactors = d.crossings(me, me.pos(), to)
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "sneak", AP: 1}))
	d.emit(parts.PutIn(d.h, (*hotMemory).moveDeclaredPool, MoveDeclared{Combatant: me.ID, To: to, Cost: cost, Reactors: reactors, Sneak: true}))
	return nil
}

// moveCost is what moving to a point costs: its distance, doubled while
// Prone (A20).
func moveCost(me *Combatant, to Point) float64 {
	cost := dist(me.pos(), to)
	if me.Prone {
		cost *= 2
	}
	return cost
}

// mayReact reports whether r could make an opportunity attack on p now:
// a conscious foe, not surprised, with AP and attacks left and a melee
// weapon in hand (R22), that p is not hidden from (an unaware foe does
// not react; ours).
func mayReact(r, p *Combatant) bool {
	return r != p && hostile(r, p) && r.Conscious() && !r.Surprised && r.AP >= 1 &&
		r.Attacks < AttacksPerRound && r.meleeWeapon() != nil && !p.hiddenFrom(r.ID)
}

// initiativeRank is a combatant's place in the initiative order.
func initiativeRank(s *State, id string) int {
	if i := slices.Index(s.Order, id); i >= 0 {
		return i
	}
	return len(s.Order) + s.index(id)
}

// reactorsAt lists, in initiative order, the foes that reach point at and
// may react to me there (a spell or standing up); none after me has
// disengaged this turn (R12).
func (d *decider) reactorsAt(me *Combatant, at Point) []Provoked {
	s := d.s
	if me.Disengaged {
		return nil
	}
	n := 0
	for _, id := range s.Order {
		r := s.Combatant(id)
		if r != nil && mayReact(r, me) && dist(r.pos(), at) <= r.reach()+1e-9 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := d.provoked(n)
	n = 0
	for _, id := range s.Order {
		r := s.Combatant(id)
		if r != nil && mayReact(r, me) && dist(r.pos(), at) <= r.reach()+1e-9 {
			out[n] = Provoked{ID: r.ID, At: at}
			n++
		}
	}
	return out
}

// crossings lists the foes whose reach a move from a to b enters or
// leaves, in initiative order (R22), each with the point where its attack
// resolves: where the move enters its reach, or where it leaves it, still
// within reach (A14). A move that starts and ends inside a reach provokes
// nothing.
func (d *decider) crossings(me *Combatant, a, b Point) []Provoked {
	s := d.s
	type hit struct {
		p    Provoked
		t    float64
		rank int
	}
	var buf [8]hit
	hits := buf[:0]
	dx, dy := b.X-a.X, b.Y-a.Y
	qa := dx*dx + dy*dy
	if qa == 0 {
		return nil
	}
	for i := range s.Combatants {
		r := &s.Combatants[i]
		if !mayReact(r, me) {
			continue
		}
		reach := r.reach()
		fx, fy := a.X-r.X, a.Y-r.Y
		qb := 2 * (fx*dx + fy*dy)
		qc := fx*fx + fy*fy - reach*reach
		disc := qb*qb - 4*qa*qc
		if disc < 0 {
			continue
		}
		sq := math.Sqrt(disc)
		t0, t1 := (-qb-sq)/(2*qa), (-qb+sq)/(2*qa)
		var t float64
		switch {
		case qc <= 1e-9: // starts inside: provokes when it leaves
			if t1 >= 1 {
				continue
			}
			t = t1
		case t0 >= 0 && t0 <= 1: // enters
			t = t0
		default:
			continue
		}
		at := Point{a.X + t*dx, a.Y + t*dy}
		hits = append(hits, hit{Provoked{ID: r.ID, At: at}, t, initiativeRank(s, r.ID)})
	}
	slices.SortStableFunc(hits, func(x, y hit) int { return x.rank - y.rank })
	if len(hits) == 0 {
		return nil
	}
	out := d.provoked(len(hits))
	for i, h := range hits {
		out[i] = h.p
	}
	return out
}

// stepTrigger takes a provoking action one step on without anyone
// deciding, and reports whether it did: a reactor who can no longer react
// passes, a provoker taken down (or, moving, tripped or grappled) is
// stopped, and when every reactor has answered the action takes effect.
func (d *decider) stepTrigger() bool {
	s := d.s
	tr := s.Trigger
	who := s.Combatant(tr.Who)
	stopped := !who.Conscious() || tr.Kind == TriggerMove && (who.Prone && !tr.Crawl || who.GrappledBy != "")
	if stopped {
		if tr.Kind == TriggerCast {
			d.emit(&SpellLost{Caster: who.ID, Spell: tr.Spell})
			return true
		}
		e := &Interrupted{Combatant: who.ID, Trigger: tr.Kind}
		if tr.Kind == TriggerMove && !tr.Sneak {
			// Free movement pays for the metres walked (R08): the rest of
			// the path, not walked, is given back, at the crawl's price
			// when the mover set out prone (R25).
			e.Unwalked = dist(who.pos(), tr.To)
			if tr.Crawl {
				e.Unwalked *= 2
			}
		}
		d.emit(e)
		return true
	}
	if tr.Next < len(tr.Reactors) {
		p := tr.Reactors[tr.Next]
		r := s.Combatant(p.ID)
		why := ""
		switch {
		case !mayReact(r, who):
			why = "cannot react now"
		case dist(r.pos(), p.At) > r.reach()+1e-6:
			why = "out of reach"
		}
		if why == "" {
			return false
		}
		d.emit(parts.PutIn(d.h, (*hotMemory).passedPool, OpportunityPassed{Combatant: r.ID, Reason: why}))
		return true
	}
	switch tr.Kind {
	case TriggerMove:
		sneak := tr.Sneak
		d.emit(parts.PutIn(d.h, (*hotMemory).movedPool, Moved{Combatant: who.ID, To: tr.To, Done: true}))
		if sneak {
			d.sneak(who)
		}
	case TriggerStand:
		d.emit(&StoodUp{Combatant: who.ID})
	case TriggerCast:
		d.castEffect(who, who.spell(tr.Spell), tr.Target, true)
	}
	return true
}

// provoked returns n reactors for an event: from hot memory when there is
// some, else a slice of their own.
func (d *decider) provoked(n int) []Provoked {
	if d.h == nil {
		return make([]Provoked, n)
	}
	start := len(d.h.provoked)
	d.h.provoked = append(d.h.provoked, make([]Provoked, n)...)
	return d.h.provoked[start:len(d.h.provoked):len(d.h.provoked)]
}
