package maneuvers

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"fray/engine"
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
func reactionSpell(sp *Spell) bool { return sp.Reaction && !sp.attack() }

// castAt reports whether a prompt offers the non-attack spell sp at
// ally t, as an action or a reaction alike (R13, R37): a healing spell
// only at an ally it would heal, any other at every ally, its effect
// being the spell's data or the GM's to say.
func (sp *Spell) castAt(t *Combatant) bool { return !sp.heals() || t.HP < t.Health }

// heals reports whether sp has healing dice (R33).
func (sp *Spell) heals() bool { return sp.HealDice.N != 0 || sp.HealDice.Bonus != 0 }

// reaction is one reaction a combatant may make: its command's kind and
// what it names.
type reaction struct {
	kind   string // cast, draw, stow or pick_up
	name   string // the spell or item
	target string // a spell's target
}

// reactionsOf lists the reactions c may make now, as prompts offer them:
// each reaction spell it can pay for at each ally in range (a healing
// spell at each hurt one), then its Manipulates of items (itemReactions).
// A Manipulate of any other object is taken but not offered.
func reactionsOf(s *State, c *Combatant) iter.Seq[reaction] {
	return func(yield func(reaction) bool) {
		for i := range c.Spells {
			sp := &c.Spells[i]
			if !reactionSpell(sp) || c.AP < sp.AP || sp.AP == 0 && c.FreeUsed {
				continue
			}
			for j := range s.Combatants {
				t := &s.Combatants[j]
				if hostile(c, t) || t.Dead || t.hiddenFrom(c.ID) || dist(c.pos(), t.pos()) > sp.Range+1e-9 || !sp.castAt(t) {
					continue
				}
				if !yield(reaction{kind: "cast", name: sp.Name, target: t.ID}) {
					return
				}
			}
		}
		if c.AP >= 1 {
			itemReactions(s, c, false, yield)
		}
	}
}

// itemReactions yields c's Manipulates of items (R13), until yield says
// stop: each carried item that fits its free hands to draw, each held
// item to stow, each item on the ground within 1 m that fits to pick up.
// With stowFirst the stows come before the draws, as the act prompt lists
// them. It reports whether yield never said stop.
func itemReactions(s *State, c *Combatant, stowFirst bool, yield func(reaction) bool) bool {
	stows := func() bool {
		for _, n := range c.Wield {
			if !yield(reaction{kind: "stow", name: n}) {
				return false
			}
		}
		return true
	}
	if stowFirst && !stows() {
		return false
	}
	free := 2 - c.handsUsed()
	for i := range c.Weapons {
		w := &c.Weapons[i]
		if !c.wields(w.Name) && max(w.Hands, 1) <= free && !yield(reaction{kind: "draw", name: w.Name}) {
			return false
		}
	}
	if !stowFirst && !stows() {
		return false
	}
	// The ground as c saw it last: not what fell unseen by c, and still
	// what one hidden from c took unseen by c (R36), as a missing option
	// would tell it.
	pickUps := func(ground []Dropped, taken bool) bool {
		for i := range ground {
			it := &ground[i]
			if max(it.Item.Hands, 1) <= free && c.item(it.Item.Name) == nil && it.touches(c) &&
				slices.Contains(it.Unseen, c.ID) == taken &&
				!yield(reaction{kind: "pick_up", name: it.Item.Name}) {
				return false
			}
		}
		return true
	}
	return pickUps(s.Dropped, false) && pickUps(s.Gone, true)
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

// reactionOptions writes c's reactions as options with b.
func reactionOptions(s *State, c *Combatant, b *prompter) {
	for r := range reactionsOf(s, c) {
		b.offer(r)
	}
}

// offer writes reaction r as an option with b, and reports true: a yield
// for itemReactions.
func (b *prompter) offer(r reaction) bool {
	switch r.kind {
	case "cast":
		if b.opt(engine.New(b.Moves, castKind, Cast{Spell: r.name, Target: r.target})) {
			b.label("cast %s at %s (reaction)", r.name, r.target)
		}
	case "draw":
		if b.opt(engine.New(b.Moves, drawKind, Draw{Item: r.name})) {
			b.label("draw %s (1 AP)", r.name)
		}
	case "stow":
		if b.opt(engine.New(b.Moves, stowKind, Stow{Item: r.name})) {
			b.label("stow %s (1 AP)", r.name)
		}
	case "pick_up":
		if b.opt(engine.New(b.Moves, pickUpKind, PickUp{Item: r.name})) {
			b.label("pick up %s (1 AP)", r.name)
		}
	}
	return true
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
	return refuse(engine.NotAllowedNow, "%s is no reaction", commands.Kind(c))
}

// ReactionPassed: a combatant uses no reaction in the window.
type ReactionPassed struct {
	Combatant string `json:"combatant"`
	Reason    string `json:"reason,omitempty"`
}

// WindowOpened: after an action, those who may use a reaction spell are
// asked in turn (A12). Fights no longer open windows (reactions are taken
// between actions unasked); the event is read in older logs.
type WindowOpened struct {
	Reactors []string `json:"reactors"`
}

// The kinds of react.go's events.
var (
	_                  = engine.Add[WindowOpened](events, "window_opened")
	reactionPassedKind = engine.Add[ReactionPassed](events, "reaction_passed")
)

// windowNext moves the reaction window on past id, when it is id's turn
// to react, and closes it after the last.
func windowNext(s *State, id string) {
	w := s.Window
	if w == nil || w.Next >= len(w.Reactors) || w.Reactors[w.Next] != id {
		return
	}
	w.Next++
	if w.Next >= len(w.Reactors) {
		s.Window = nil
	}
}

func (e *WindowOpened) apply(s *State, h *hotMemory) { keepWindow(s, h, Window{Reactors: e.Reactors}) }

func (e *ReactionPassed) apply(s *State, _ *hotMemory) { windowNext(s, e.Combatant) }

func (e *WindowOpened) describe(_ *State) string {
	return "a reaction window opens for " + strings.Join(e.Reactors, ", ")
}

func (e *ReactionPassed) describe(s *State) string {
	if e.Reason != "" {
		return fmt.Sprintf("%s uses no reaction: %s", e.Combatant, e.Reason)
	}
	return e.Combatant + " uses no reaction"
}
