package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Grappled: a grapple hits (R57): the two grapple each other.
type Grappled struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

func (e *Grappled) apply(s *State, _ *hotMemory) {
	a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
	if a != nil && t != nil {
		a.Grappling = append(a.Grappling, t.ID)
		t.Grappling = append(t.Grappling, a.ID)
	}
	doneIfOwn(s, e.Combatant)
}

func (e *Grappled) describe(*State) string {
	return fmt.Sprintf("%s grapples %s", e.Combatant, e.Target)
}

// Pinned: a grappled creature is pinned (R59): helpless and immobile, it may only escape.
type Pinned struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

func (e *Pinned) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Target); t != nil {
		t.PinnedBy = e.Combatant
	}
}

func (e *Pinned) describe(*State) string { return fmt.Sprintf("%s pins %s", e.Combatant, e.Target) }

// Escaped: a creature escapes a pin (Pin), or else a grapple (R52, R59).
type Escaped struct {
	Combatant string `json:"combatant"`
	From      string `json:"from"`
	Pin       bool   `json:"pin,omitempty"`
}

func (e *Escaped) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if e.Pin {
		c.PinnedBy = ""
		return
	}
	unGrapple(s, c, s.Combatant(e.From))
}

func (e *Escaped) describe(s *State) string {
	if e.Pin {
		return fmt.Sprintf("%s escapes %s's pin", e.Combatant, e.From)
	}
	return fmt.Sprintf("%s escapes %s's grapple", e.Combatant, e.From)
}

// GrappleEnded: two creatures no longer grapple: a gap opened between them (A23), or one of them went down.
type GrappleEnded struct {
	Combatant string `json:"combatant"`
	Other     string `json:"other"`
}

func (e *GrappleEnded) apply(s *State, _ *hotMemory) {
	unGrapple(s, s.Combatant(e.Combatant), s.Combatant(e.Other))
}

func (e *GrappleEnded) describe(s *State) string {
	return fmt.Sprintf("%s and %s no longer grapple", e.Combatant, e.Other)
}

// Pin is R59.
type Pin struct {
	Target string `json:"target"`
}

func (*Pin) command() {}

// Escape is R52. From names the grappler to escape: one grappled by
// several chooses whose grapple it breaks; left empty, it escapes its
// pinner, or else its only (or first) grappler.
type Escape struct {
	From string `json:"from,omitempty"`
}

// The kinds of grapple.go's commands and events.
var (
	pinKind          = engine.Add[Pin](commands, "pin")
	_                = engine.Add[Escape](commands, "escape")
	grappledKind     = engine.Add[Grappled](events, "grappled")
	pinnedKind       = engine.Add[Pinned](events, "pinned")
	escapedKind      = engine.Add[Escaped](events, "escaped")
	grappleEndedKind = engine.Add[GrappleEnded](events, "grapple_ended")
)

func (*Escape) command() {}

// notPinned refuses any action but Escape from a pinned creature (R59).
func (r *run) notPinned(a *Combatant) error {
	if a.PinnedBy != "" {
		return refuse(engine.NotAllowedNow, "%s is pinned by %s and may only escape (R59)", a.ID, a.PinnedBy)
	}
	return nil
}

// strongerCheck is the better of c's Power and Agility checks, Power on a
// tie: the check it escapes a grapple (A22), interposes (R58) or enters a
// space (R51) with.
func strongerCheck(c *Combatant) string {
	if checkBonus(c, "agility") > checkBonus(c, "power") {
		return "agility"
	}
	return "power"
}

// powerOrAgility is the higher of t's Power and Agility Defense: the TN
// of escaping its grapple (A22), and what a pin (R59), an interposing
// (R58) and an entering of its space (R51) meet.
func powerOrAgility(t *Combatant) int { return max(t.PowerDefense(), t.AgilityDefense()) }

// contestPowerOrAgility is a's check against t's powerOrAgility.
func (r *run) contestPowerOrAgility(a, t *Combatant, check string, bonus int) CheckRolled {
	return r.contest(a, t, check, bonus, true, powerOrAgility(t), false, "power or agility defense")
}

// pin is R59 (4 AP): a Power check at -2 against the higher of the
// grappled target's Power and Agility Defense.
func (r *run) pin(target string) error {
	a, t, err := r.pinCheck(target)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["pin"], "pin")
	e := r.contestPowerOrAgility(a, t, "power", checkBonus(a, "power")-2)
	r.emitCheck(a, t, e)
	if e.Success {
		r.emit(engine.New(r.h.arena(), pinnedKind, Pinned{Combatant: a.ID, Target: t.ID}))
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
func (r *run) escape(from string) error {
	a, g, err := r.escapeCheck(from)
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["escape"], "escape")
	check := strongerCheck(a)
	e := r.contest(a, g, check, checkBonus(a, check), true, powerOrAgility(g), false, "escape TN")
	r.emitCheck(a, g, e)
	if e.Success {
		r.emit(engine.New(r.h.arena(), escapedKind, Escaped{Combatant: a.ID, From: g.ID, Pin: a.PinnedBy != ""}))
	}
	return nil
}

// escapeCheck is escape's checks: it returns the actor and the one it
// escapes from: the named grappler (R52), else its pinner or its first
// grappler. A pinned creature escapes the pin before anything else (R59).
func (r *run) escapeCheck(from string) (a, g *Combatant, err error) {
	if a, err = r.acting("escape"); err != nil {
		return nil, nil, err
	}
	switch {
	case from == "":
		from = a.PinnedBy
		if from == "" && len(a.Grappling) > 0 {
			from = a.Grappling[0]
		}
	case r.s.Combatant(from) == nil:
		return nil, nil, r.s.noCombatant(from)
	case !slices.Contains(a.Grappling, from):
		return nil, nil, refuse(engine.NotAllowedNow, "escape %s: %s does not grapple %s (R52)", from, from, a.ID)
	case a.PinnedBy != "" && a.PinnedBy != from:
		return nil, nil, refuse(engine.NotAllowedNow, "escape %s: %s is pinned by %s and must escape that pin first (R59)", from, a.ID, a.PinnedBy)
	}
	g = r.s.Combatant(from)
	if g == nil {
		return nil, nil, refuse(engine.NotAllowedNow, "%s is neither grappled nor pinned", a.ID)
	}
	return a, g, need(a, actionCosts["escape"], "escaping")
}

// checkGrapples ends c's grapples across a gap (A23).
func (r *run) checkGrapples(c *Combatant) {
	for i := 0; i < len(c.Grappling); {
		o := r.s.Combatant(c.Grappling[i])
		if o != nil && Gap(c, o) <= 0 {
			i++
			continue
		}
		r.emit(engine.New(r.h.arena(), grappleEndedKind, GrappleEnded{Combatant: c.ID, Other: c.Grappling[i]}))
	}
}

// releaseGrapples ends every grapple of c, one gone down (unconscious
// or dead) and so holding no one and held by no one: a pin it held or
// was held in ends with it (R57, R59).
func (r *run) releaseGrapples(c *Combatant) {
	for _, o := range slices.Clone(c.Grappling) {
		r.emit(engine.New(r.h.arena(), grappleEndedKind, GrappleEnded{Combatant: c.ID, Other: o}))
	}
}

// unGrapple ends the grapple between a and b, and a pin between them.
func unGrapple(s *State, a, b *Combatant) {
	if a == nil || b == nil {
		return
	}
	a.Grappling = without(a.Grappling, b.ID)
	b.Grappling = without(b.Grappling, a.ID)
	if a.PinnedBy == b.ID {
		a.PinnedBy = ""
	}
	if b.PinnedBy == a.ID {
		b.PinnedBy = ""
	}
}
