package maneuvers

import (
	"iter"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Reactions other than defences and opportunity attacks (R13, A12): a
// Manipulate (draw or stow an item, pick one up within 1 m, or any other
// object, "pull the lever") and Use Magic with a reaction spell. They have
// no trigger, so they are usable at any time between actions: whenever
// the fight waits for the active combatant's next action, any other
// combatant who can react may (the act prompt's Others), and nobody
// reacting is the default. On its own turn a combatant makes the same
// moves as actions.

// MaxObject is the longest text a Manipulate names its object with.
const MaxObject = 60

// isReaction reports whether c is a command a combatant may give as a
// reaction between actions.
func isReaction(c Command) bool {
	switch c.(type) {
	case *Cast, *Draw, *Stow, *PickUp, *Manipulate:
		return true
	}
	return false
}

// between reports whether the fight waits for the active combatant's next
// action, nothing else pending: when reactions without a trigger are made.
func between(s *State) bool {
	return s.Phase == Acting && s.TurnOpen && s.Roll == nil && s.Trigger == nil && s.Contest == nil && s.Window == nil && s.Improv == nil
}

// mayReactNow reports whether c may react now: between actions, not the
// active combatant, conscious and not surprised (R07, R32).
func mayReactNow(s *State, c *Combatant) bool {
	return between(s) && c != s.current() && c.Conscious() && !c.Surprised
}

// reactionSpell reports whether sp is usable as a reaction: marked so and
// no attack (R13).
func reactionSpell(sp *Spell) bool {
	return sp.Reaction && !sp.has("attack") && !sp.has("melee-attack")
}

// reaction is one reaction a combatant may make: its command's kind and
// what it names.
type reaction struct {
	kind   string // cast, draw, stow or pick_up
	name   string // the spell or item
	target string // a spell's target
}

// reactionsOf lists the reactions c may make now, as prompts offer them:
// each reaction spell it can pay for at each ally in range (a healing
// spell at each hurt one), each carried item that fits its free hands to
// draw, each held item to stow, each item on the ground within 1 m that
// fits to pick up. A Manipulate of any other object is taken but not
// offered.
func reactionsOf(s *State, c *Combatant) iter.Seq[reaction] {
	return func(yield func(reaction) bool) {
		for i := range c.Spells {
			sp := &c.Spells[i]
			if !reactionSpell(sp) || c.AP < sp.AP || sp.AP == 0 && c.FreeUsed {
				continue
			}
			for j := range s.Combatants {
				t := &s.Combatants[j]
				if hostile(c, t) || t.Dead || dist(c.pos(), t.pos()) > sp.Range+1e-9 || sp.HealDice != (Dice{}) && t.HP >= t.Health {
					continue
				}
				if !yield(reaction{kind: "cast", name: sp.Name, target: t.ID}) {
					return
				}
			}
		}
		if c.AP < 1 {
			return
		}
		free := 2 - c.handsUsed()
		for i := range c.Weapons {
			w := &c.Weapons[i]
			if !c.wields(w.Name) && max(w.Hands, 1) <= free && !yield(reaction{kind: "draw", name: w.Name}) {
				return
			}
		}
		for _, n := range c.Wield {
			if !yield(reaction{kind: "stow", name: n}) {
				return
			}
		}
		for i := range s.Dropped {
			it := &s.Dropped[i]
			if max(it.Item.Hands, 1) <= free && c.item(it.Item.Name) == nil && dist(Point{it.X, it.Y}, c.pos()) <= ManipulateReach+1e-9 &&
				!yield(reaction{kind: "pick_up", name: it.Item.Name}) {
				return
			}
		}
	}
}

// canReact reports whether c could react now: with AP for a Manipulate
// of whatever object (offered or not), or with a free reaction spell.
func canReact(s *State, c *Combatant) bool {
	if !mayReactNow(s, c) {
		return false
	}
	if c.AP >= 1 {
		return true
	}
	for range reactionsOf(s, c) {
		return true
	}
	return false
}

// reactors writes into out the ids of those who may react now, in
// initiative order: the act prompt's Others.
func reactors(s *State, out []string) []string {
	if !between(s) {
		return out
	}
	for _, id := range s.Order {
		if c := s.Combatant(id); c != nil && canReact(s, c) {
			out = append(out, id)
		}
	}
	return out
}

// reactionOptions writes c's reactions as options with b (hot memory when
// lean).
func reactionOptions(s *State, c *Combatant, b *prompter) {
	for r := range reactionsOf(s, c) {
		switch r.kind {
		case "cast":
			if b.opt(parts.PutIn(b.hot, (*hotMemory).castPool, Cast{Spell: r.name, Target: r.target})) {
				b.label("cast %s at %s (reaction)", r.name, r.target)
			}
		case "draw":
			if b.opt(parts.PutIn(b.hot, (*hotMemory).drawPool, Draw{Item: r.name})) {
				b.label("draw %s (1 AP)", r.name)
			}
		case "stow":
			if b.opt(parts.PutIn(b.hot, (*hotMemory).stowPool, Stow{Item: r.name})) {
				b.label("stow %s (1 AP)", r.name)
			}
		case "pick_up":
			if b.opt(parts.PutIn(b.hot, (*hotMemory).pickUpPool, PickUp{Item: r.name})) {
				b.label("pick up %s (1 AP)", r.name)
			}
		}
	}
}

// react makes a reaction of me's between actions (R13, A12): a Manipulate
// or a reaction spell.
func (d *decider) react(me *Combatant, c Command) error {
	switch {
	case !me.Conscious():
		return refuse(engine.NotAllowedNow, "%s is unconscious and makes no reactions (R32)", me.ID)
	case me.Surprised:
		return refuse(engine.NotAllowedNow, "%s is surprised and makes no reactions in round 1 (R07)", me.ID)
	}
	if c, ok := c.(*Cast); ok {
		if sp := me.spell(c.Spell); sp != nil && !reactionSpell(sp) {
			return refuse(engine.NotAllowedNow, "%s is not a reaction spell: only a spell marked reaction, and no attack, is cast out of turn (R13)", c.Spell)
		}
		return d.cast(me, c)
	}
	if me.AP < 1 {
		return refuse(engine.NotAllowedNow, "%s has no AP left for a reaction", me.ID)
	}
	if ok, err := d.manipulation(me, c); ok {
		return err
	}
	return refuse(engine.NotAllowedNow, "%s is no reaction", c.Kind())
}

// manipulation resolves c if it is a Manipulate of me's (R13): drawing,
// stowing or picking up an item, or handling any other object. It
// reports whether c was one.
func (d *decider) manipulation(me *Combatant, c Command) (bool, error) {
	switch c := c.(type) {
	case *Draw:
		return true, d.draw(me, c.Item)
	case *Stow:
		return true, d.stow(me, c.Item)
	case *PickUp:
		return true, d.pickUp(me, c.Item)
	case *Manipulate:
		return true, d.manipulate(me, c.Object)
	}
	return false, nil
}

// stow puts a held item away: a Manipulate (R13).
func (d *decider) stow(me *Combatant, item string) error {
	if !me.wields(item) {
		return refuse(engine.NotAllowedNow, "%s holds no %q (in hand: %s)", me.ID, item, strings.Join(me.Wield, ", "))
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "stow", AP: 1}))
	d.emit(&ItemStowed{Combatant: me.ID, Item: item})
	return nil
}

// manipulate interacts with an object the rules do not model, within
// touch (R13): it costs 1 AP, and what it does is the GM's to say.
func (d *decider) manipulate(me *Combatant, object string) error {
	object = strings.Join(strings.Fields(object), " ")
	switch {
	case object == "":
		return refuse(engine.Invalid, "manipulate what? name the object: manipulate the lever")
	case len(object) > MaxObject:
		return refuse(engine.Invalid, "an object's name is at most %d characters", MaxObject)
	case slices.ContainsFunc([]rune(object), func(r rune) bool { return r < ' ' }):
		return refuse(engine.Invalid, "an object's name is plain text")
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).actionTakenPool, ActionTaken{Combatant: me.ID, Action: "manipulate", AP: 1, Object: object}))
	return nil
}
