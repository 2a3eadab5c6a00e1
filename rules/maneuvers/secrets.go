package maneuvers

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// Hiding is the maneuvers ruleset's secret (R36): a combatant hidden from
// a foe is, in that foe's view, where it hid from that foe (HidAt),
// whatever it has done since, and unseen: its health, AP, movement, Prone,
// grapples, weapons and feint are not shown. What it does without
// attacking (moving, dashing, standing up, drawing, dropping or picking
// up, searching, sneaking, spells that are not attacks and the healing
// they give it, letting go of a grapple, and how such an action is cut
// short) is not in that foe's log, nor are the commands that made it, but
// for the contests of its search or sneak that foe rolled in and won (a
// search that fails does not name who stays hidden); nor is it named among
// those an action provokes, in the log or in the state's pending trigger,
// nor as letting the chance go. The ground in that foe's view is as that
// foe last saw it: an item it let go of is not there, one it picked up
// still is (State.Gone), until it is hidden from that foe no more; an item
// a Disarm knocks from its hand falls in the open. The prompts hold no
// secret: the rules offer nobody an option aimed at a foe hidden from them
// (Decide still takes such a command: a guess the GM allows), a hidden
// mover provokes nobody it is hidden from, and a prompt that would say
// where a hidden combatant stands or what it does (its turn's options, an
// opportunity offered to it or on it) shows that foe no question and no
// options.
//
// Nor does that foe see it in a grapple (a grapple is no attack, so a
// hidden grappler stays hidden): but for the one held, who rolled in the
// contest, whom it grapples, or who grapples it, is someone unseen
// (SomeoneUnseen) in that foe's view, log and prompts. An attack on it is
// in the open, but not the health the blow leaves it. And whom a
// combatant hides from is each foe's own perception: a foe sees only
// whether it is hidden from itself, and reads only its own contests with
// a sneaker or searcher; another's prompt shown to a player offers no move
// towards a foe hidden from that player.

var _ engine.Secrets[State, Command, Event] = Rules{}

// SomeoneUnseen stands, in a viewer's view of the state, for a combatant
// hidden from that viewer where another's grapple would name it
// (grappled_by, grappling): the viewer sees the grapple on the one it
// sees, not who is in it with them (R36).
const SomeoneUnseen = "?"

// hides reports whether what combatant id does is hidden from viewer v in
// state s.
func hides(s *State, id string, v engine.Viewer) bool {
	if v.GM || v.Combatant == "" {
		return false
	}
	c := s.Combatant(id)
	return c != nil && c.hiddenFrom(v.Combatant)
}

// hidOthers reports whether v may not know that attacker was hidden from
// target when it attacked: whom a combatant hides from is each foe's own
// perception (R36), so a foe of the attacker's other than its target does
// not learn it from the roll, nor from the GM's question on awareness.
func hidOthers(s *State, attacker, target string, v engine.Viewer) bool {
	return !v.GM && v.Combatant != "" && v.Combatant != target && foes(s, attacker, v.Combatant)
}

// ViewInto makes *dst the state as v may see it: the combatants hidden
// from v where they hid, unseen (see unseen), and not among those a
// pending move, spell or standing up provokes, nor among the reactors of
// an older log's reaction window; a pending move, spell or standing up of
// one hidden from v, or its improvised action awaiting the GM's ruling,
// is not there at all. The copy reuses dst's memory, with its own copies
// of everything Step changes; what the rules never change (skills,
// styles, armour, spells, resistances) it shares with s.
func (Rules) ViewInto(dst, s *State, v engine.Viewer) {
	copyInto(dst, s)
	h := dst.hotMemory()
	h.viewStrs = h.viewStrs[:0]
	h.viewWeapons = h.viewWeapons[:0]
	me := s.Combatant(v.Combatant)
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		c.Wield, c.HiddenFrom = parts.Keep(&h.viewStrs, c.Wield), parts.Keep(&h.viewStrs, c.HiddenFrom)
		c.Weapons = parts.Keep(&h.viewWeapons, c.Weapons)
		if v.GM || v.Combatant == "" {
			c.WokeUnseen = parts.Keep(&h.viewStrs, c.WokeUnseen)
			continue
		}
		if j := slices.Index(c.HiddenFrom, v.Combatant); j >= 0 {
			if j < len(c.HidAt) {
				c.X, c.Y = c.HidAt[j].X, c.HidAt[j].Y
			}
			// Woken by healing v did not see, it lies there still in
			// v's view.
			c.Unconscious = c.Unconscious || slices.Contains(c.WokeUnseen, v.Combatant)
			c.unseen()
			// Hidden from v, as far as v knows: whether the others see
			// it is their perception, not v's.
			c.HiddenFrom = c.HiddenFrom[j : j+1 : j+1]
		} else if c.ID != v.Combatant && (me == nil || hostile(c, me)) {
			// A foe v sees: whom else it hides from, and where it hid
			// from them, are those foes' perception, not v's.
			c.HiddenFrom, c.HidAt = nil, nil
		}
		if c.ID != v.Combatant && !c.Unseen {
			// The one in a grapple with c is not named to v when it is
			// hidden from v: that would say it stands within 1 m of c.
			// The grapple itself, on c whom v sees, is no secret.
			if hides(s, c.GrappledBy, v) {
				c.GrappledBy = SomeoneUnseen
			}
			if hides(s, c.Grappling, v) {
				c.Grappling = SomeoneUnseen
			}
		}
		c.WokeUnseen = nil // whom else it woke unseen by is not v's to know
	}
	if ct := dst.Contest; ct != nil && v.Combatant != ct.Resister && hides(s, ct.Initiator, v) {
		// Nor who tries to grapple one v sees, when v cannot see it.
		ct.Initiator = SomeoneUnseen
	}
	if r := dst.Roll; r != nil && r.Hidden && hidOthers(s, r.Attacker, r.Target, v) {
		// dst's own copy: whether the attacker was hidden from its
		// target is not v's to know.
		r.Hidden = false
	}
	dst.Order = parts.Keep(&h.viewStrs, dst.Order)
	if w := dst.Window; w != nil && !v.GM && v.Combatant != "" {
		// A reaction window of an older log: the same holds of its
		// reactors as of a trigger's.
		w.Reactors, w.Next = unhiddenFrom(s, v, w.Reactors, w.Next, self)
	}
	if dst.Trigger != nil && hides(s, dst.Trigger.Who, v) {
		// A move, spell or standing up of one hidden from v, waiting on
		// those it provokes, is not in v's log: nor is it in v's view.
		dst.Trigger = nil
	}
	if dst.Improv != nil && hides(s, dst.Improv.Who, v) {
		// Nor is what one hidden from v improvises, until it is ruled an
		// attack.
		dst.Improv = nil
	}
	if im := dst.Improv; im != nil && hides(s, im.Target, v) {
		// Nor whom it is aimed at, when v cannot see that one.
		c := *im
		c.Target = ""
		dst.Improv = &c
	}
	if t := dst.Trigger; t != nil && hides(s, t.Target, v) {
		// Nor whom a spell cast in the open is aimed at, when v cannot
		// see that one.
		t.Target = ""
	}
	if t := dst.Trigger; t != nil && !v.GM && v.Combatant != "" {
		// The trigger's reactors are dst's own copy: one hidden from v is
		// not named to v, and Next counts only those v sees.
		t.Reactors, t.Next = unhiddenFrom(s, v, t.Reactors, t.Next, provokedID)
	}
	h.viewDropped = h.viewDropped[:0]
	if v.GM || v.Combatant == "" {
		h.viewDropped = append(h.viewDropped, s.Dropped...)
	} else {
		// The ground as v saw it last: not what fell unseen by v, and
		// still what was taken unseen by v; and not who saw what.
		for _, d := range s.Dropped {
			if !slices.Contains(d.Unseen, v.Combatant) {
				d.Unseen, d.By = nil, ""
				h.viewDropped = append(h.viewDropped, d)
			}
		}
		for _, d := range s.Gone {
			if slices.Contains(d.Unseen, v.Combatant) {
				d.Unseen, d.By = nil, ""
				h.viewDropped = append(h.viewDropped, d)
			}
		}
		dst.Gone = nil
	}
	if len(h.viewDropped) == 0 {
		dst.Dropped = nil
	} else {
		dst.Dropped = h.viewDropped
	}
}

// unhiddenFrom drops from reactors, in place, those hidden from v, and
// moves next, the place of the one asked now, back past those dropped
// before it.
func unhiddenFrom[T any](s *State, v engine.Viewer, reactors []T, next int, idOf func(T) string) ([]T, int) {
	moved := next
	for i, r := range reactors {
		if i < next && hides(s, idOf(r), v) {
			moved--
		}
	}
	return slices.DeleteFunc(reactors, func(r T) bool { return hides(s, idOf(r), v) }), moved
}

// unseen blanks in a view what a foe cannot see of a combatant hidden
// from it: its health, the AP, attacks, free action and movement it has
// spent, whether it lies prone, whom it grapples and who holds it, what
// it holds in hand and what it carries, and whom it feints. Each may
// change unseen (a healing spell, a dash, standing up, letting go, a
// draw or a stow, an item let go of or picked up, any action ending a
// feint), so the view shows none of them, and Unseen says so. Nor does
// it show where it hid from the others (HidAt): it may have gone there
// unseen.
//
// What the foe cannot see it must still reckon with: a hidden combatant
// is present (R38), and may still act, react and defend. So, unless the
// foe saw it fall (c.Unconscious or c.Dead, as that foe's view already
// holds them), the view stands it at its full health and a whole round's
// AP, with none spent: what those who cannot see it assume, the same
// whatever its real health and AP, so that they tell nothing, and the
// rules reading the view count it as conscious and able to act. One the
// foe saw fall shows 0 health and no AP, lying prone.
func (c *Combatant) unseen() {
	c.Unseen, c.HidAt = true, nil
	c.HP, c.AP, c.Attacks, c.FreeUsed = c.Health, APPerRound, 0, false
	if c.Unconscious || c.Dead {
		c.HP, c.AP = 0, 0
	}
	c.Moved, c.Budget, c.Disengaged, c.Fresh = 0, 0, false, false
	// Seen to fall, it lies where it fell (R32): prone, as seen.
	c.Prone, c.Grappling, c.GrappledBy = c.Unconscious || c.Dead, "", ""
	c.Wield, c.Weapons, c.Feinting = nil, nil, ""
}

// ViewEvent hides from v what a combatant hidden from v does without
// attacking. s is the state before the event; e is never changed.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	var r shown
	switch e.(type) {
	case *Observed, *Revealed, *Rested, *StrikeDeclared, *Damaged, *GrappleAttempted, *GrappleResolved, *EscapeRolled, *GrappleEnded:
		r = viewContest(s, e, v)
	default:
		r = viewAct(s, e, v)
	}
	switch {
	case r.decided:
		return r.e, r.ok
	case r.by != "" && hides(s, r.by, v):
		return nil, false
	}
	return e, true
}

// shown is what a view makes of an event: when decided, e as v sees it
// (ok false when v does not see it at all); otherwise by names the
// combatant whose being hidden from v hides the event, if any.
type shown struct {
	e           Event
	ok, decided bool
	by          string
}

// showAs is an event v sees as e.
func showAs(e Event) shown { return shown{e: e, ok: true, decided: true} }

// notShown is an event v does not see at all.
func notShown() shown { return shown{decided: true} }

// unnamed is what v sees of event e by actor naming another (field):
// when v sees the actor but not the other, e without the other's name,
// as naming it would say where it stands; else e as far as the actor is
// hidden from v.
func unnamed[T any, P interface {
	*T
	Event
}](s *State, v engine.Viewer, e P, actor string, field func(P) *string) shown {
	if !hides(s, actor, v) && hides(s, *field(e), v) {
		c := P(new(T))
		*c = *e
		*field(c) = ""
		return showAs(c)
	}
	return shown{by: actor}
}

// viewAct is ViewEvent for what a combatant does on its own: moves,
// actions, items, spells, healing, openings.
func viewAct(s *State, e Event, v engine.Viewer) shown {
	switch e := e.(type) {
	case *MoveDeclared:
		if r := withoutHidden(s, v, e.Reactors, provokedID); !hides(s, e.Combatant, v) && len(r) < len(e.Reactors) {
			c := *e
			c.Reactors = r
			return showAs(&c)
		}
		return shown{by: e.Combatant}
	case *Moved:
		if !e.Forced {
			return shown{by: e.Combatant}
		}
	case *ActionTaken:
		return shown{by: e.Combatant}
	case *ItemDrawn:
		return shown{by: e.Combatant}
	case *ItemStowed:
		return shown{by: e.Combatant}
	case *ItemDropped:
		// A thrown weapon's flight follows an attack, and a Disarm's
		// item falls from one, in the open; an item let go of falls
		// where its holder stands.
		if !e.Thrown && !e.Knocked {
			return shown{by: e.Combatant}
		}
	case *Healed:
		// Healing landing on one hidden from v is as unseen as its
		// health; landing on another, it does not name a hidden healer.
		return unnamed(s, v, e, e.Combatant, func(e *Healed) *string { return &e.Source })
	case *PickedUp:
		return shown{by: e.Combatant}
	case *ItemMissed:
		return shown{by: e.Combatant}
	case *Improvised:
		return unnamed(s, v, e, e.Combatant, func(e *Improvised) *string { return &e.Target })
	case *ImprovRuled:
		if !e.Harmful {
			return shown{by: e.Combatant}
		}
	case *Provoking:
		id := ""
		if !e.Attack {
			id = e.Combatant
		}
		// A spell cast in the open at one hidden from v does not say whom
		// it is cast at: that would say it stands in range.
		targetHidden := !e.Attack && hides(s, e.Target, v)
		if r := withoutHidden(s, v, e.Reactors, provokedID); (id == "" || !hides(s, id, v)) && (targetHidden || len(r) < len(e.Reactors)) {
			c := *e
			if targetHidden {
				c.Target = ""
			}
			c.Reactors = r
			return showAs(&c)
		}
		return shown{by: id}
	case *OpportunityPassed:
		if s.Trigger != nil && hides(s, s.Trigger.Who, v) {
			// An opportunity on a mover hidden from v, let go by one v
			// sees, would say that someone unseen moved within its
			// reach: the trigger is not in v's log, nor is this.
			return notShown()
		}
		return shown{by: e.Combatant}
	case *ReactionPassed:
		return shown{by: e.Combatant}
	case *WindowOpened:
		if r := withoutHidden(s, v, e.Reactors, self); len(r) < len(e.Reactors) {
			c := *e
			c.Reactors = r
			if len(c.Reactors) == 0 {
				return notShown()
			}
			return showAs(&c)
		}
	case *SpellCast:
		if !e.Attack {
			return unnamed(s, v, e, e.Caster, func(e *SpellCast) *string { return &e.Target })
		}
	case *StoodUp:
		return shown{by: e.Combatant}
	case *Interrupted:
		return shown{by: e.Combatant}
	case *SpellLost:
		if sp := spellOf(s, e.Caster, e.Spell); sp != nil && !sp.has("attack") {
			return shown{by: e.Caster}
		}
	case *TestRolled:
		if e.For == "sneak" || e.For == "search" {
			return shown{by: e.Combatant}
		}
	}
	return shown{}
}

// viewContest is ViewEvent for contests, reveals, rests and blows, and
// grapples: what the parties to one read and others may not.
func viewContest(s *State, e Event, v engine.Viewer) shown {
	switch e := e.(type) {
	case *Observed:
		// The other party of the contest rolled in it, and sees it.
		switch {
		case (e.For == "sneak" || e.For == "search") && v.Combatant != e.Observer && v.Combatant != e.Sneaker && !v.GM && v.Combatant != "" && foes(s, e.Sneaker, v.Combatant):
			// Whether another foe sees the sneaker is that foe's
			// perception: v reads its own contests alone.
			return notShown()
		case e.For == "sneak" && v.Combatant != e.Observer:
			// Nor does a third party read the contest of an observer
			// hidden from it.
			if v.Combatant != e.Sneaker && hides(s, e.Observer, v) {
				return notShown()
			}
			return shown{by: e.Sneaker}
		case e.For == "search" && v.Combatant != e.Sneaker:
			// A searcher that fails to find one hidden from it learns
			// nothing of it, not even that it was there to be found;
			// another it is hidden from learns nothing of the search's
			// finding it.
			if hides(s, e.Sneaker, v) && (e.Hidden || v.Combatant != e.Observer) {
				return notShown()
			}
			return shown{by: e.Observer}
		}
	case *Revealed:
		// That it was hidden from others is theirs to know, not that of
		// a foe who saw it all along.
		if c := s.Combatant(e.Combatant); c != nil && v.Combatant != "" && !c.hiddenFrom(v.Combatant) && foes(s, e.Combatant, v.Combatant) {
			return notShown()
		}
	case *Rested:
		// After the fight too, the health of one hidden from v is not
		// v's to know.
		if r := withoutHidden(s, v, e.Health, func(r RestedOne) string { return r.Combatant }); len(r) < len(e.Health) {
			c := *e
			c.Health, c.Unseen = r, true
			return showAs(&c)
		}
	case *StrikeDeclared:
		if e.Hidden && hidOthers(s, e.Attacker, e.Target, v) {
			c := *e
			c.Hidden = false
			return showAs(&c)
		}
	case *Damaged:
		// The blow on one hidden from v is in the open, as the attack is;
		// the health it leaves is not.
		if hides(s, e.Combatant, v) {
			c := *e
			c.HP = 0
			return showAs(&c)
		}
	case *GrappleAttempted:
		// The grappler's own test: the contest of a grappler hidden from
		// v is the one it grapples' to read, and no one else's. (An
		// attempt on one hidden from v is in the open, as an attack on it
		// is.)
		if v.Combatant != e.Target {
			return shown{by: e.Combatant}
		}
	case *GrappleResolved:
		if v.Combatant != e.Target && hides(s, e.Combatant, v) {
			c := *e
			c.Combatant = ""
			return shown{e: &c, ok: !hides(s, e.Target, v), decided: true}
		}
	case *EscapeRolled:
		// An escape is the escaper's action: the grappler, who rolls in
		// it, reads it, and no other it is hidden from; the grappler
		// hidden from v is not named to v.
		if v.Combatant == e.From {
			break
		}
		if !hides(s, e.Combatant, v) && v.Combatant != e.Combatant && hides(s, e.From, v) {
			c := *e
			c.From = ""
			return showAs(&c)
		}
		return shown{by: e.Combatant}
	case *GrappleEnded:
		return viewGrappleEnded(s, e, v)
	}
	return shown{}
}

// viewGrappleEnded: the two in a grapple know it has ended; another sees
// whom it sees free or letting go, but not who, hidden from it, was in it
// with them, nor why it ended.
func viewGrappleEnded(s *State, e *GrappleEnded, v engine.Viewer) shown {
	if v.Combatant == e.Combatant || v.Combatant == e.Target {
		return showAs(e)
	}
	grappler, held := hides(s, e.Combatant, v), hides(s, e.Target, v)
	switch {
	case grappler && held:
		return notShown()
	case !grappler && !held:
		return shown{}
	}
	// The reason shows when it is the act of the one v sees, in the open:
	// the escape is the escaper's own, the release the grappler's.
	c := *e
	if grappler {
		c.Combatant = ""
	} else {
		c.Target = ""
	}
	if grappler && e.Reason != "escaped" || held && e.Reason != "released" {
		c.Reason = ""
	}
	return showAs(&c)
}

// foes reports whether combatants a and b are on different sides.
func foes(s *State, a, b string) bool {
	ca, cb := s.Combatant(a), s.Combatant(b)
	return ca != nil && cb != nil && hostile(ca, cb)
}

// withoutHidden returns xs without those hidden from v, idOf naming
// each: xs itself when none is, else a copy. A foe hidden from v that an
// action provokes, that may react or that a rest heals is not named to v.
func withoutHidden[T any](s *State, v engine.Viewer, xs []T, idOf func(T) string) []T {
	hidden := func(x T) bool { return hides(s, idOf(x), v) }
	if !slices.ContainsFunc(xs, hidden) {
		return xs
	}
	return slices.DeleteFunc(slices.Clone(xs), hidden)
}

// provokedID and self name what withoutHidden and unhiddenFrom filter.
func provokedID(p Provoked) string { return p.ID }
func self(id string) string        { return id }

// ViewCommand hides from v the commands of a combatant hidden from v that
// do not attack.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	switch c := c.(type) {
	case *Move, *Sneak, *Dash, *Disengage, *Draw, *Stow, *PickUp, *Release, *Search, *Manipulate, *Improvise, *Stand, *Pass:
		if hides(s, actor, v) {
			return nil, false
		}
		if _, pass := c.(*Pass); pass && s.Trigger != nil && hides(s, s.Trigger.Who, v) {
			// Nor an opportunity let go on a mover hidden from v.
			return nil, false
		}
	case *Grapple:
		// A grapple is no attack: the one it is aimed at rolls in its
		// contest, and no other foe it is hidden from reads it.
		if hides(s, actor, v) && v.Combatant != c.Target {
			return nil, false
		}
	case *Escape:
		if me := s.Combatant(actor); me != nil && hides(s, actor, v) && v.Combatant != me.GrappledBy {
			return nil, false
		}
	case *RuleImprov:
		if !c.Harmful && s.Improv != nil && hides(s, s.Improv.Who, v) {
			return nil, false
		}
	case *Situation:
		if r := s.Roll; r != nil && r.Hidden && hidOthers(s, r.Attacker, r.Target, v) {
			// The ruling as it reads on an attacker no one lost sight
			// of, with the same outcome: whether the GM kept or overruled
			// the default would say what the default was, and so that
			// the attacker was hidden from its target (§6.3).
			cc := *c
			switch c.Awareness {
			case "":
				cc.Awareness = "unaware"
			case "aware":
				cc.Awareness = ""
			}
			return &cc, true
		}
	case *Cast:
		sp := spellOf(s, actor, c.Spell)
		attack := sp != nil && (sp.has("attack") || sp.has("melee-attack"))
		if sp != nil && !attack && hides(s, actor, v) {
			return nil, false
		}
		if !attack && hides(s, c.Target, v) {
			// Nor whom a spell cast in the open is aimed at, when v
			// cannot see that one (see SpellCast).
			cc := *c
			cc.Target = ""
			return &cc, true
		}
	}
	if im, ok := c.(*Improvise); ok && hides(s, im.Target, v) {
		// Nor whom an improvised action is aimed at, until the GM rules
		// it an attack, in the open.
		cc := *im
		cc.Target = ""
		return &cc, true
	}
	return c, true
}

// aimedAt names the combatant a command is aimed at, or "".
func aimedAt(c Command) string {
	switch c := c.(type) {
	case *Strike:
		return c.Target
	case *Grapple:
		return c.Target
	case *Cast:
		return c.Target
	case *Improvise:
		return c.Target
	}
	return ""
}

// spellOf returns id's spell called name, or nil.
func spellOf(s *State, id, name string) *Spell {
	if c := s.Combatant(id); c != nil {
		return c.spell(name)
	}
	return nil
}

// towardsHidden reports whether a move of actor's to point to is the one
// its prompt offers towards a foe hidden from v (see writeMoves): offered
// to v, it would say where that foe stands.
func towardsHidden(s *State, actor string, to Point, v engine.Viewer) bool {
	me := s.Combatant(actor)
	if me == nil {
		return false
	}
	left, reach := me.walkLeft(), me.reach()
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if hostile(me, t) && hides(s, t.ID, v) {
			if at, ok := stepTowards(me, t, left, reach); ok && at == to {
				return true
			}
		}
	}
	return false
}

// groundShows reports whether v's view of the ground has an item called
// item within reach of actor: another's option to pick up one that fell
// unseen by v would tell v of it, and so of the one who let it fall.
func groundShows(s *State, actor, item string, v engine.Viewer) bool {
	me := s.Combatant(actor)
	if me == nil {
		return true
	}
	at := func(d Dropped) bool { return d.Item.Name == item && d.touches(me) }
	// What was taken unseen by v still lies there in v's view.
	return slices.ContainsFunc(s.Dropped, func(d Dropped) bool { return at(d) && !slices.Contains(d.Unseen, v.Combatant) }) ||
		slices.ContainsFunc(s.Gone, func(d Dropped) bool { return at(d) && slices.Contains(d.Unseen, v.Combatant) })
}

// hiddenQuestion is the question a prompt shows a viewer it would betray
// a hidden foe to.
const hiddenQuestion = "the GM plays what is hidden from you"

// ViewPrompt shows every prompt as it is (no option is aimed at a foe
// hidden from the one asked), but for what would betray a combatant
// hidden from v: one of those who may react between actions is not named
// to v; a prompt for one hidden from v to act, to make an opportunity
// attack or to react, or to make an opportunity attack on a mover hidden
// from v, shows v neither its question nor its options (where it stands,
// what it could reach), and one of the last two shows as the GM's, so
// that being asked betrays nothing; nor does the GM's ruling on what one
// hidden from v improvises show v its question or options.
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	asking := s.Roll == nil && s.Contest == nil && s.Improv == nil // not an attack's prompts, in the open
	switch {
	case asking && s.Trigger != nil && (hides(s, p.Actor, v) || hides(s, s.Trigger.Who, v)),
		asking && s.Window != nil && s.Trigger == nil && hides(s, p.Actor, v):
		return engine.Prompt[Command]{Kind: engine.Ruling, Actor: engine.GM, Question: hiddenQuestion, Default: -1}
	case s.Improv != nil && (hides(s, s.Improv.Who, v) || hides(s, s.Improv.Target, v)):
		return engine.Prompt[Command]{Kind: p.Kind, Actor: p.Actor, Question: hiddenQuestion, Default: -1}
	case s.Roll == nil && s.Contest != nil && v.Combatant != s.Contest.Resister && hides(s, s.Contest.Initiator, v):
		// The one grappled is asked in the open; who grapples it, hidden
		// from v, is not named.
		p.Question = fmt.Sprintf(grappleQuestion, named(""), s.Contest.Resister)
	}
	if r := s.Roll; r != nil && r.Stage == StageSituation && r.Hidden && hidOthers(s, r.Attacker, r.Target, v) {
		// The GM's other ruling on awareness than the default says what
		// the default is, and so that the attacker was hidden from its
		// target: v is not shown it.
		p.Options = slices.DeleteFunc(slices.Clone(p.Options), func(o engine.Option[Command]) bool {
			c, ok := o.Command.(*Situation)
			return ok && c.Awareness != ""
		})
	}
	p.Others = withoutHidden(s, v, p.Others, self)
	aimedHidden := func(o engine.Option[Command]) bool {
		switch c := o.Command.(type) {
		case *Move:
			return towardsHidden(s, p.Actor, c.To, v)
		case *PickUp:
			return !groundShows(s, p.Actor, c.Item, v)
		}
		return hides(s, aimedAt(o.Command), v)
	}
	if p.Actor != v.Combatant && slices.ContainsFunc(p.Options, aimedHidden) {
		// Another's options aimed at one hidden from v (a healing spell
		// at a hidden ally of theirs, a move towards a hidden foe) would
		// say it stands in reach or range, and one to pick up an item v
		// did not see fall, where the one who let it fall stood: v is
		// not shown them.
		var def *engine.Option[Command]
		if p.Default >= 0 && p.Default < len(p.Options) {
			def = &p.Options[p.Default]
		}
		kept := make([]engine.Option[Command], 0, len(p.Options))
		p.Default = -1
		for i := range p.Options {
			if aimedHidden(p.Options[i]) {
				continue
			}
			if def == &p.Options[i] {
				p.Default = len(kept)
			}
			kept = append(kept, p.Options[i])
		}
		p.Options = kept
	}
	if a := s.Combatant(p.Actor); a != nil && p.Actor != v.Combatant && (hides(s, a.GrappledBy, v) || hides(s, a.Grappling, v)) {
		// Another's way out of a grapple, or letting go, does not name
		// to v the one in it with them, hidden from v.
		p.Options = slices.Clone(p.Options)
		for i := range p.Options {
			switch c := p.Options[i].Command.(type) {
			case *Escape:
				p.Options[i].Label = "escape the grapple of " + named(SomeoneUnseen)
			case *Release:
				if c.Item == "" {
					p.Options[i].Label = "release " + named(SomeoneUnseen)
				}
			}
		}
	}
	if p.Kind == engine.Act && hides(s, p.Actor, v) {
		// The others who may react between its actions (v among them)
		// stay: they are no secret.
		return engine.Prompt[Command]{Kind: p.Kind, Actor: p.Actor, Others: p.Others, Question: hiddenQuestion, Default: -1}
	}
	return p
}
