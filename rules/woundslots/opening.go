package woundslots

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// mayInterpose reports whether c, the target of a declared attack, may
// interpose a creature it grapples (R58): free to react, with 2 AP.
func (s *State) mayInterpose(c *Combatant) bool {
	p := s.Pending
	return p != nil && (p.Command.IsZero() && p.Action != "move" && p.Action != "strike" || p.Action == "cast") && p.Target == c.ID && s.mayInterposeAt(c, p.Actor)
}

// interpose is R58 with A21 (2 AP): the better of Power and Agility, -2
// when the creature interposed is not pinned, against the higher of its
// Power and Agility Defense; on a success it becomes the attack's target.
func (r *run) interpose(shield string) error {
	me, err := r.attackReaction("interpose", "R58")
	if err != nil {
		return err
	}
	s := r.s
	t := s.Combatant(shield)
	attacker, may := "", false
	if p := s.Pending; p != nil && p.StrikeAsk > 0 {
		// A reaction's attack, in its own window (R30).
		attacker, may = p.Striker, p.StrikeTarget == me.ID && s.mayInterposeAt(me, p.Striker)
	} else if may = s.mayInterpose(me); may {
		attacker = p.Actor
	}
	switch {
	case !may:
		return refuse(engine.NotAllowedNow, "%s cannot interpose: only the target of an attack, grappling someone, with 2 AP (R58)", me.ID)
	case t == nil || !slices.Contains(me.Grappling, t.ID):
		return refuse(engine.NotAllowedNow, "%s does not grapple %q", me.ID, shield)
	case t.ID == attacker:
		return refuse(engine.NotAllowedNow, "%s makes the attack and cannot be made its target: interpose turns it on another creature %s grapples (R58)", t.ID, me.ID)
	}
	r.spend(me, actionCosts["interpose"], "interpose")
	check := strongerCheck(me)
	bonus := checkBonus(me, check)
	if t.PinnedBy == "" {
		bonus -= 2
	}
	e := r.contestPowerOrAgility(me, t, check, bonus)
	r.emitCheck(me, t, e)
	r.emit(engine.New(r.h.arena(), interposedKind, Interposed{Combatant: me.ID, Shield: t.ID, Success: e.Success}))
	r.resolveIfReady()
	return nil
}

// opening is R50 (4 AP, 6 under water and at -5 there, R74): a melee
// attack roll, against any standing enemy
// [ours: the rules set no reach], whose
// total, for the rest of the turn, replaces the actor's Defense
// against that creature's rebuffs.
func (r *run) opening(target string) error {
	a, w, t, err := r.openingCheck(target)
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, s.attackCost(a, "opening"), "opening")
	if !r.attackFooting(a) {
		return nil // R75: a slip, and no opening is made
	}
	die := dice.RollClasses(r.src, 20, dice.EveryValue)
	r.emit(engine.New(r.h.arena(), openingMadeKind, OpeningMade{Combatant: a.ID, Target: t.ID, Die: die, Bonus: s.attackBonus(a, w, t, Standard)}))
	r.criticals(a, t, parts.NaturalOf(die, 20), "critical hit", "critical hit against it")
	return nil
}

// openingCheck is opening's checks: it returns the actor, its melee
// weapon and the target.
func (r *run) openingCheck(target string) (a *Combatant, w *Weapon, t *Combatant, err error) {
	if a, t, err = r.actorAnd(target, "create an opening"); err != nil {
		return nil, nil, nil, err
	}
	w = firstMelee(a)
	switch {
	case w == nil:
		return nil, nil, nil, refuse(engine.NotAllowedNow, "%s has no melee weapon", a.ID)
	case t.Side == a.Side || !t.Up():
		return nil, nil, nil, refuse(engine.NotAllowedNow, "%s is not a standing enemy", t.ID)
	}
	return a, w, t, need(a, r.s.attackCost(a, "opening"), "creating an opening")
}

// Interposed: an interpose (R58): on a success the grappled Shield becomes the attack's target.
type Interposed struct {
	Combatant string `json:"combatant"`
	Shield    string `json:"shield"`
	Success   bool   `json:"success"`
}

func (e *Interposed) apply(s *State, _ *hotMemory) {
	switch p := s.Pending; {
	case p == nil || !e.Success:
	case p.StrikeAsk > 0:
		p.StrikeTarget = e.Shield // a reaction's attack (R30)
	default:
		p.Target, p.Interposed = e.Shield, true
	}
	popQueue(s)
}

func (e *Interposed) describe(s *State) string {
	if e.Success {
		return fmt.Sprintf("%s interposes %s, who becomes the target", e.Combatant, e.Shield)
	}
	return fmt.Sprintf("%s fails to interpose %s", e.Combatant, e.Shield)
}

// OpeningMade: Create an Opening (R50): the melee attack roll whose total meets Target's rebuffs for the rest of the turn.
type OpeningMade struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
}

func (e *OpeningMade) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.OpeningOn, c.OpeningTotal = e.Target, e.Die+e.Bonus
	}
}

func (e *OpeningMade) describe(s *State) string {
	return fmt.Sprintf("%s creates an opening against %s: %s meets its rebuffs this turn", e.Combatant, e.Target, d20(e.Die, e.Bonus))
}

// Opening is Create an Opening, R50.
type Opening struct {
	Target string `json:"target"`
}

func (*Opening) command() {}

// Interpose is the Interpose reaction, R58: a grappled creature made the
// attack's target.
type Interpose struct {
	Shield string `json:"shield"`
}

// The kinds of opening.go's commands and events.
var (
	interposeKind   = engine.Add[Interpose](commands, "interpose")
	openingKind     = engine.Add[Opening](commands, "opening")
	interposedKind  = engine.Add[Interposed](events, "interposed")
	openingMadeKind = engine.Add[OpeningMade](events, "opening_made")
)

func (*Interpose) command() {}

// mayInterposeAt is mayInterpose for a queue built before the
// declaration's event is applied: the target of attacker's attack
// grappling someone other than the attacker, free to react, with 2 AP.
func (s *State) mayInterposeAt(c *Combatant, attacker string) bool {
	return slices.ContainsFunc(c.Grappling, func(id string) bool { return id != attacker }) && c.free() && c.affords(actionCosts["interpose"])
}
