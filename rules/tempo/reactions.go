package tempo

import (
	"fmt"
	"slices"

	"fray/engine"
)

// reactionOptions lists the reactions reactor may make to the exchange's
// action, as its opponents declared it publicly (R26, R27), each with the
// AP it costs. With h set the list is h's working memory, valid until the
// next reactionOptions with h.
func (s *State) reactionOptions(reactor *Combatant, h *searchMemory) []Reaction {
	if h != nil {
		h.reactionsOf = nil
	}
	x := s.Exchange
	if x == nil {
		return nil
	}
	actor := s.combatant(x.Actor)
	if actor == nil || !reactor.standing() || !opponents(actor, reactor) {
		return nil
	}
	var out []Reaction
	if h != nil {
		out = h.reactions[:0]
	}
	s.eachReaction(reactor, actor, func(a Action, weapon string, cost int) {
		if cost <= reactor.AP {
			out = append(out, Reaction{Reactor: reactor.ID, Action: a, Weapon: weapon, Paid: cost})
		}
	})
	if h != nil {
		h.reactions, h.reactionsOf = out, reactor
	}
	return out
}

// reactionFor is the first of reactionOptions' list made with action a
// and, unless weapon is "", the weapon of that name: found by checking that
// action's weapons alone, in the list's order, rather than by listing them
// all. With h set it forgets whose reactions h listed last, as
// reactionOptions would have replaced them.
func (s *State) reactionFor(reactor *Combatant, a Action, weapon string, h *searchMemory) (Reaction, bool) {
	if h != nil {
		h.reactionsOf = nil
	}
	x := s.Exchange
	if x == nil {
		return Reaction{}, false
	}
	actor := s.combatant(x.Actor)
	if actor == nil || !reactor.standing() || !opponents(actor, reactor) {
		return Reaction{}, false
	}
	answered := rules(public(x.Act.Action))
	if answered == nil {
		return Reaction{}, false
	}
	var buf [4]*Weapon
	for _, i := range answered.answeredBy {
		r := reactiveRules[i]
		if reactiveOrder[i] != a || !r.allowed(reactor.Status) {
			continue
		}
		for _, w := range appendReactionWeaponRefs(buf[:0], reactor, a) {
			w = reactionWeapon(a, w)
			if weapon != "" && w.Name != weapon {
				continue
			}
			if cost := r.cost(w); cost <= reactor.AP && s.eligible(reactor, actor, a, w) {
				return Reaction{Reactor: reactor.ID, Action: a, Weapon: w.Name, Paid: cost}, true
			}
		}
	}
	return Reaction{}, false
}

// eachReaction calls yield with every reaction reactor's status, the
// action answered and R27 allow against actor: the reaction, the name of
// the weapon it is made with ("" for none) and its AP cost, whether or not
// reactor can pay it (R05 is the caller's to apply). yield gets the name
// rather than the weapon so that nothing of the loop's escapes to the heap
// (a pointer handed to a func value would, one allocation a weapon).
func (s *State) eachReaction(reactor, actor *Combatant, yield func(a Action, weapon string, cost int)) {
	var buf [4]*Weapon
	answered := rules(public(s.Exchange.Act.Action))
	if answered == nil {
		return
	}
	for _, i := range answered.answeredBy {
		a, r := reactiveOrder[i], reactiveRules[i]
		if !r.allowed(reactor.Status) {
			continue
		}
		for _, w := range appendReactionWeaponRefs(buf[:0], reactor, a) {
			w = reactionWeapon(a, w)
			if s.eligible(reactor, actor, a, w) {
				yield(a, w.Name, r.cost(w))
			}
		}
	}
}

// reactionWeapon is w, one of appendReactionWeaponRefs' weapons for
// reaction a, or for nil the weapon it stands for (see weaponRef): the
// unarmed profile or the zero Weapon.
func reactionWeapon(a Action, w *Weapon) *Weapon {
	switch {
	case w != nil:
		return w
	case a == CounterAttack || a == Wind || a == Double:
		return &unarmedProfile
	}
	return &noWeapon
}

// appendReactionWeaponRefs appends to ws the weapons a reaction may use,
// those c wields in place: nil for the unarmed weapon of a
// Counter-Attack, Wind or Double and the zero Weapon of reactions that
// use none (the caller makes them with reactionWeapon, so that nothing of
// its escapes to the heap).
func appendReactionWeaponRefs(ws []*Weapon, c *Combatant, a Action) []*Weapon {
	switch a {
	case CounterAttack, CTCounterAttack:
		for i := range c.Weapons {
			if c.Weapons[i].Kind == "melee" {
				ws = append(ws, &c.Weapons[i])
			}
		}
		if a == CounterAttack {
			ws = append(ws, nil)
		}
	case CounterFire:
		for i := range c.Weapons {
			if c.Weapons[i].Kind == "ranged" {
				ws = append(ws, &c.Weapons[i])
			}
		}
	case Parry, CTParry:
		for i := range c.Weapons {
			if c.Weapons[i].CanParry {
				ws = append(ws, &c.Weapons[i])
			}
		}
	case Wind, Double:
		if c.BoundWeapon == UnarmedName {
			ws = append(ws, nil)
			break
		}
		for i := range c.Weapons {
			if c.Weapons[i].Name == c.BoundWeapon {
				ws = append(ws, &c.Weapons[i])
				break
			}
		}
	default:
		ws = append(ws, nil)
	}
	return ws
}

// eligible applies R27 to one reaction with one weapon.
func (s *State) eligible(reactor, actor *Combatant, a Action, w *Weapon) bool {
	x := s.Exchange
	// within: the actor's square or a square of its path is within n of
	// the reactor.
	within := func(n int) bool {
		if Dist(actor.At, reactor.At) <= n {
			return true
		}
		return slices.ContainsFunc(x.Act.Path, func(q Square) bool { return Dist(q, reactor.At) <= n })
	}
	switch a {
	case CounterAttack:
		return within(w.Reach)
	case CounterFire:
		return within(w.Range)
	case Dodge:
		shot, _ := actor.weapon(x.Act.Weapon)
		return Dist(reactor.At, actor.At) > shot.AttackSpeed
	case Retreat:
		dest := actor.At
		if n := len(x.Act.Path); n > 0 {
			dest = x.Act.Path[n-1]
		}
		return Dist(dest, reactor.At) < Dist(actor.At, reactor.At)
	case Struggle:
		return slices.Contains(reactor.GrappledWith, actor.ID)
	case Wind, Double:
		return reactor.BoundWith == actor.ID
	}
	return true
}

// candidates appends to out the opponents who may react to a declaration,
// in the order they are asked: the target alone for a targeted action,
// otherwise every opponent in initiative order from the actor on (R26).
// h, when set, is the working memory it uses.
func (s *State) candidates(out []string, actor *Combatant, h *searchMemory) []string {
	x := s.Exchange
	switch x.Act.Action {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack, Disarm, Grapple, Press, Withdraw, Pin:
		if t := s.combatant(x.Act.Target); t != nil && len(s.reactionOptions(t, h)) > 0 {
			return append(out, t.ID)
		}
		return out
	}
	start := slices.Index(s.Order, actor.ID)
	for i := 1; i < len(s.Order); i++ {
		id := s.Order[(start+i)%len(s.Order)]
		if c := s.combatant(id); c != nil && len(s.reactionOptions(c, h)) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// replacements calls yield with the actor's replacements once its Melee
// Attack has drawn a Parry or a Counter-Attack (R19, R31), each with its
// weapon's name, the extra AP it costs and the words of its label, in menu
// order: those it can pay for, and the others too when anyCost is set.
func (s *State) replacements(actor *Combatant, anyCost bool, yield func(a Action, weapon string, extra int, label string)) {
	x := s.Exchange
	drew := x.Reactions[0]
	reactor := s.combatant(drew.Reactor)
	replace := func(a Action, w *Weapon, label string) {
		// A replacement that strikes must reach the reactor, as a
		// Counter-Attack must (R27); a parry needs no reach.
		if (a == CounterAttack || a == CTCounterAttack) && (reactor == nil || Dist(actor.At, reactor.At) > w.Reach) {
			return
		}
		if extra := max(0, w.AP-x.Act.Paid); anyCost || extra <= actor.AP {
			yield(a, w.Name, extra, label)
		}
	}
	var buf [4]*Weapon
	each := func(a Action, label string) {
		for _, w := range appendReactionWeaponRefs(buf[:0], actor, a) {
			replace(a, reactionWeapon(a, w), label)
		}
	}
	switch drew.Action {
	case CounterAttack:
		each(CTCounterAttack, "CT Counter-Attack")
		each(CTParry, "CT Parry")
	case Parry:
		if x.Act.Action == Feint {
			each(CounterAttack, "Counter-Attack +3 (the feint drew the parry)")
		}
	}
}

// writeCounterTempoOptions adds the actor's counter-tempo choices to b.
func writeCounterTempoOptions(s *State, actor *Combatant, b *prompter) {
	b.add(&Keep{}, "keep the action")
	s.replacements(actor, false, func(a Action, weapon string, extra int, label string) {
		c := engine.New(b.hot.moveArena(), replaceKind, Replace{Action: a, Weapon: weapon})
		b.addLabelled(c, func() string { return fmt.Sprintf("%s with %s (%s AP)", label, weapon, plusAP(extra)) })
	})
}

func plusAP(n int) string {
	if n == 0 {
		return "no extra"
	}
	return fmt.Sprintf("+%d", n)
}

// needsCounterTempo reports whether the actor is asked for a counter-tempo
// choice: its Melee Attack (or feint) drew a Parry or a Counter-Attack.
func (x *Exchange) needsCounterTempo() bool {
	if public(x.Act.Action) != MeleeAttack || x.CounterTempo || len(x.Reactions) == 0 {
		return false
	}
	a := x.Reactions[0].Action
	return a == Parry || a == CounterAttack
}
