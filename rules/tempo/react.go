package tempo

import (
	"fmt"
	"strings"

	"fray/engine"
)

// React: an opponent answers the declared action (R03 step 2).
type React struct {
	Action Action `json:"action"`
	Weapon string `json:"weapon,omitempty"`
	Mod    int    `json:"mod,omitempty"`
}

// NoReaction: an opponent lets the action go unanswered.
type NoReaction struct{}

// Replace: the actor replaces its action with a counter-tempo action, or a
// feint with a Counter-Attack (R03 step 3, R19, R31).
type Replace struct {
	Action Action `json:"action"`
	Weapon string `json:"weapon,omitempty"`
	Mod    int    `json:"mod,omitempty"`
}

// Keep: the actor keeps its action.
type Keep struct{}

// Reacted: an opponent reacts and pays (R03 step 2).
type Reacted struct {
	Reaction Reaction `json:"reaction"`
}

// DidNotReact: an opponent lets the action go.
type DidNotReact struct {
	Reactor string `json:"reactor"`
}

// Replaced: the actor replaces its action and pays the difference (R06).
type Replaced struct {
	Actor       string      `json:"actor"`
	Replacement Replacement `json:"replacement"`
}

// Kept: the actor keeps its action.
type Kept struct {
	Actor string `json:"actor"`
}

func (*React) isCommand()      {}
func (*NoReaction) isCommand() {}
func (*Replace) isCommand()    {}
func (*Keep) isCommand()       {}

var (
	reactKind       = engine.Add[React](commands, "react")
	_               = engine.Add[NoReaction](commands, "no_reaction")
	replaceKind     = engine.Add[Replace](commands, "replace")
	_               = engine.Add[Keep](commands, "keep")
	reactedKind     = engine.Add[Reacted](events, "reacted")
	didNotReactKind = engine.Add[DidNotReact](events, "did_not_react")
	replacedKind    = engine.Add[Replaced](events, "replaced")
	keptKind        = engine.Add[Kept](events, "kept")
)

func (d *decider) reactor() (*Combatant, error) {
	x := d.s.Exchange
	if x == nil || x.Asked >= len(x.Candidates) {
		return nil, notNow(d.s, "a reaction")
	}
	return d.s.combatant(x.Candidates[x.Asked]), nil
}

func (d *decider) react(c *React) error {
	r, err := d.reactor()
	if err != nil {
		return err
	}
	var chosen Reaction
	if i := d.proof(c); i >= 0 {
		chosen = d.work.reactions[i]
	} else {
		var ok bool
		if chosen, ok = d.s.reactionFor(r, c.Action, c.Weapon, d.work); !ok {
			return d.refuseReaction(r, c, d.s.reactionOptions(r, d.work))
		}
	}
	chosen.Mod = c.Mod
	d.emit(engine.New(d.h.arena(), reactedKind, Reacted{Reaction: chosen}))
	d.settle()
	return nil
}

func (d *decider) noReaction() error {
	r, err := d.reactor()
	if err != nil {
		return err
	}
	d.emit(engine.New(d.h.arena(), didNotReactKind, DidNotReact{Reactor: r.ID}))
	d.settle()
	return nil
}

func (d *decider) replace(c *Replace) error {
	x := d.s.Exchange
	if x == nil || x.Asked < len(x.Candidates) || !x.needsCounterTempo() {
		return notNow(d.s, "a counter-tempo action")
	}
	actor := d.s.combatant(x.Actor)
	found, rep := false, Replacement{}
	d.s.replacements(actor, false, func(a Action, w string, extra int, _ string) {
		// Naming no weapon takes the original one if it can, else the
		// first that can (R31).
		if (!found || w == x.Act.Weapon) && a == c.Action && (c.Weapon == "" || w == c.Weapon) {
			found, rep = true, Replacement{Action: a, Weapon: w, Paid: extra}
		}
	})
	if found {
		rep.Mod = c.Mod
		if rep.Action == CounterAttack {
			rep.Bonus = 3
		}
		d.emit(engine.New(d.h.arena(), replacedKind, Replaced{Actor: actor.ID, Replacement: rep}))
		d.settle()
		return nil
	}
	return d.refuseReplacement(actor, c)
}

// refuseReaction says why reactor cannot make reaction c: the AP it
// lacks (R05) when that is all that stands in the way.
func (d *decider) refuseReaction(reactor *Combatant, c *React, opts []Reaction) error {
	short, cost, weapon := false, 0, ""
	if actor := d.s.combatant(d.s.Exchange.Actor); actor != nil && reactor.standing() && opponents(actor, reactor) {
		d.s.eachReaction(reactor, actor, func(a Action, name string, ap int) {
			if !short && a == c.Action && (c.Weapon == "" || name == c.Weapon) {
				short, cost, weapon = true, ap, name
			}
		})
	}
	if short {
		return refuse("%s cannot %s%s now: it needs %d AP and %s has %d (R05); the reactions open to it: %s",
			reactor.ID, c.Action, withWeapon(weapon), cost, reactor.ID, reactor.AP, reactList(opts))
	}
	if r := rules(c.Action); r != nil && r.kind == reactive && !r.answers(public(d.s.Exchange.Act.Action)) {
		return refuse("%s cannot %s now: %s answers only %s, not %s (R09); the reactions open to it: %s",
			reactor.ID, c.Action, r.name, list(rulesNames(r.respondsTo), " or "), rules(public(d.s.Exchange.Act.Action)).name, reactList(opts))
	}
	if r := rules(c.Action); r != nil && r.kind == reactive && !r.allowed(reactor.Status) {
		return refuse("%s is %s, and %s is allowed only %s (R08); the reactions open to it: %s",
			reactor.ID, reactor.Status, r.name, list(r.statuses, " or "), reactList(opts))
	}
	if r := rules(c.Action); r != nil && r.kind == reactive && c.Weapon == "" {
		var buf [4]*Weapon
		if len(appendReactionWeaponRefs(buf[:0], reactor, c.Action)) == 0 {
			return refuse("%s cannot %s: %s takes %s, and %s has none (R27); the reactions open to it: %s",
				reactor.ID, c.Action, r.name, reactionWeapons(c.Action), reactor.ID, reactList(opts))
		}
	}
	if r := rules(c.Action); r != nil && r.kind == reactive && c.Weapon != "" {
		if _, ok := reactor.weapon(c.Weapon); !ok {
			return refuse("%s wields no %q (wielded: %s); the reactions open to it: %s", reactor.ID, c.Weapon, weaponList(reactor), reactList(opts))
		}
		var buf [4]*Weapon
		fits := false
		for _, w := range appendReactionWeaponRefs(buf[:0], reactor, c.Action) {
			fits = fits || reactionWeapon(c.Action, w).Name == c.Weapon
		}
		if !fits {
			return refuse("%s cannot %s with %s: %s takes %s (R27); the reactions open to it: %s",
				reactor.ID, c.Action, c.Weapon, r.name, reactionWeapons(c.Action), reactList(opts))
		}
	}
	if why := d.s.outOfReach(reactor, c); why != "" {
		return refuse("%s cannot %s%s now: %s (R27); the reactions open to it: %s", reactor.ID, c.Action, withWeapon(c.Weapon), why, reactList(opts))
	}
	if why := d.s.noRetreat(reactor, c.Action); why != "" {
		return refuse("%s (R27); the reactions open to it: %s", why, reactList(opts))
	}
	return refuse("%s cannot %s%s now; the reactions open to it: %s", reactor.ID, c.Action, withWeapon(c.Weapon), reactList(opts))
}

// outOfReach says, for a Counter-Attack or Counter-Fire reactor may make
// in its status but that no weapon it names (or, naming none, none of
// its weapons) reaches, how far the actor came and what each weapon
// reaches; "" otherwise (R27).
func (s *State) outOfReach(reactor *Combatant, c *React) string {
	x := s.Exchange
	r := rules(c.Action)
	actor := s.combatant(x.Actor)
	if (c.Action != CounterAttack && c.Action != CounterFire) || r == nil || !r.allowed(reactor.Status) || actor == nil {
		return ""
	}
	near := Dist(actor.At, reactor.At)
	for _, q := range x.Act.Path {
		near = min(near, Dist(q, reactor.At))
	}
	word := "reach"
	if c.Action == CounterFire {
		word = "range"
	}
	var buf [4]*Weapon
	var says []string
	for _, w := range appendReactionWeaponRefs(buf[:0], reactor, c.Action) {
		w = reactionWeapon(c.Action, w)
		if c.Weapon != "" && w.Name != c.Weapon {
			continue
		}
		if threat(*w) >= near {
			return ""
		}
		says = append(says, fmt.Sprintf("%s %s of %d", whose(w), word, threat(*w)))
	}
	if len(says) == 0 {
		return ""
	}
	return fmt.Sprintf("%s comes no nearer than %d squares, beyond %s", actor.ID, near, strings.Join(says, " and "))
}

// noRetreat says, for a Retreat that reactor may make in its status but
// that R27 refuses, that the move does not close in on it and how far it
// starts and ends; "" otherwise.
func (s *State) noRetreat(reactor *Combatant, a Action) string {
	x := s.Exchange
	actor := s.combatant(x.Actor)
	if a != Retreat || actor == nil || !rules(a).allowed(reactor.Status) || s.eligible(reactor, actor, a, &noWeapon) {
		return ""
	}
	dest := actor.At
	if n := len(x.Act.Path); n > 0 {
		dest = x.Act.Path[n-1]
	}
	return fmt.Sprintf("%s's move does not close in on %s: it ends %d squares from %s, and starts %d away",
		actor.ID, reactor.ID, Dist(dest, reactor.At), reactor.ID, Dist(actor.At, reactor.At))
}

// whose names w as the owner of its reach or range, for messages: "the
// sword's", or "the bare hands'".
func whose(w *Weapon) string {
	if w.Name == UnarmedName {
		return "the bare hands'"
	}
	return "the " + w.Name + "'s"
}

// reactionWeapons says what a reaction is made with (R27).
func reactionWeapons(a Action) string {
	switch a {
	case CounterAttack:
		return "a melee weapon or the bare hands"
	case CounterFire:
		return "a ranged weapon"
	case Parry:
		return "a weapon that can parry"
	case Wind, Double:
		return "the weapon held in the bind"
	}
	return "no weapon"
}

// rulesNames are the actions' names in the rules.
func rulesNames(as []Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = rules(a).name
	}
	return out
}

// refuseReplacement says why actor cannot replace its action with c: the
// extra AP it lacks (R06), or that c is no replacement open to it here.
func (d *decider) refuseReplacement(actor *Combatant, c *Replace) error {
	short, extra, weapon := false, 0, ""
	d.s.replacements(actor, true, func(a Action, w string, more int, _ string) {
		if (!short || w == d.s.Exchange.Act.Weapon) && a == c.Action && (c.Weapon == "" || w == c.Weapon) {
			short, extra, weapon = true, more, w
		}
	})
	if short {
		paid := d.s.Exchange.Act.Paid
		return refuse("%s cannot replace the action with %s with %s: it needs %d AP more (%d against the %d paid) and %s has %d (R06)",
			actor.ID, c.Action, weapon, extra, paid+extra, paid, actor.ID, actor.AP)
	}
	var open []string
	d.s.replacements(actor, false, func(a Action, w string, _ int, _ string) { open = append(open, string(a)+withWeapon(w)) })
	return refuse("%s cannot replace the action with %s%s: the replacements open to it are keep%s (R06, R19, R31)",
		actor.ID, c.Action, withWeapon(c.Weapon), listTail(open))
}

// listTail is ", a, b" for the items, or "" for none.
func listTail(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return ", " + strings.Join(items, ", ")
}

func (d *decider) keep() error {
	x := d.s.Exchange
	if x == nil || x.Asked < len(x.Candidates) || !x.needsCounterTempo() {
		return notNow(d.s, "keeping the action")
	}
	d.emit(engine.New(d.h.arena(), keptKind, Kept{Actor: x.Actor}))
	d.settle()
	return nil
}

func withWeapon(w string) string {
	if w == "" {
		return ""
	}
	return " with " + w
}

func reactList(opts []Reaction) string {
	if len(opts) == 0 {
		return "none"
	}
	var b []string
	for _, o := range opts {
		b = append(b, string(o.Action)+withWeapon(o.Weapon))
	}
	return strings.Join(b, ", ")
}

func (e *Reacted) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Reaction.Reactor); c != nil {
		c.AP = max(0, c.AP-e.Reaction.Paid)
	}
	if x := s.Exchange; x != nil {
		x.Reactions = append(x.Reactions, e.Reaction)
		x.Asked++
	}
}

func (*DidNotReact) apply(s *State, _ *hotMemory) {
	if x := s.Exchange; x != nil {
		x.Asked++
	}
}

func (e *Replaced) apply(s *State, h *hotMemory) {
	if c := s.combatant(e.Actor); c != nil {
		c.AP = max(0, c.AP-e.Replacement.Paid)
	}
	if x := s.Exchange; x != nil {
		if h == nil {
			r := e.Replacement
			x.Replacement = &r
		} else {
			h.replacement = e.Replacement
			x.Replacement = &h.replacement
		}
		x.CounterTempo = true
	}
}

func (*Kept) apply(s *State, _ *hotMemory) {
	if x := s.Exchange; x != nil {
		x.CounterTempo = true
	}
}

func (e *Reacted) describe(s *State) string {
	r := e.Reaction
	return fmt.Sprintf("%s reacts: %s%s, paying %d AP", r.Reactor, rules(r.Action).name, withWeapon(r.Weapon), r.Paid)
}

func (e *DidNotReact) describe(_ *State) string { return e.Reactor + " does not react" }

func (e *Replaced) describe(s *State) string {
	r := e.Replacement
	line := fmt.Sprintf("%s replaces the action with %s%s, paying %d AP more", e.Actor, rules(r.Action).name, withWeapon(r.Weapon), r.Paid)
	if r.Bonus != 0 {
		line += fmt.Sprintf(" (%+d)", r.Bonus)
	}
	return line
}

func (e *Kept) describe(_ *State) string { return e.Actor + " keeps the action" }
