package maneuvers

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Search looks for hidden creatures (R36).
type Search struct{}

// Sneak moves up to speed, if To is given, then tries to hide from every
// foe (R36).
type Sneak struct {
	To *Point `json:"to,omitempty"`
}

// TestRolled: a test outside a combat roll (surprise, sneaking,
// searching), before the contests it enters.
type TestRolled struct {
	Combatant string   `json:"combatant"`
	Skill     string   `json:"skill"`
	For       string   `json:"for"`
	Test      TestRoll `json:"test"`
}

// Observed: one contest of stealth against observation (R07, R36), the
// second party's test.
type Observed struct {
	Sneaker  string   `json:"sneaker"`
	Observer string   `json:"observer"`
	Skill    string   `json:"skill"`
	Test     TestRoll `json:"test"`
	// Hidden: the sneaker won; for a search, it stays hidden.
	Hidden bool   `json:"hidden"`
	For    string `json:"for"`
}

// Revealed: a combatant is no longer hidden (it attacked).
type Revealed struct {
	Combatant string `json:"combatant"`
}

// The kinds of stealth.go's commands and events.
var (
	_              = engine.Add[Search](commands, "search")
	sneakKind      = engine.Add[Sneak](commands, "sneak")
	testRolledKind = engine.Add[TestRolled](events, "test_rolled")
	observedKind   = engine.Add[Observed](events, "observed")
	revealedKind   = engine.Add[Revealed](events, "revealed")
)

func (*Search) command() {}
func (*Sneak) command()  {}

// search rolls R36's Search: Observation against each creature hidden
// from the searcher within 10 m.
func (d *decider) search(me *Combatant) {
	s := d.s
	d.took(me, "search")
	t := s.roll(d.src, skillCheck(me, Observation))
	d.emit(engine.New(d.h.arena(), testRolledKind, TestRolled{Combatant: me.ID, Skill: Observation, For: "search", Test: t}))
	for i := range s.Combatants {
		h := &s.Combatants[i]
		if !h.hiddenFrom(me.ID) || dist(h.pos(), me.pos()) > SearchRange {
			continue
		}
		ht := s.roll(d.src, skillCheck(h, Stealth))
		d.emit(engine.New(d.h.arena(), observedKind, Observed{Sneaker: h.ID, Observer: me.ID, Skill: Stealth, Test: ht, Hidden: !beats(t, ht), For: "search"}))
	}
}

// sneak rolls R36's Sneak: Stealth against the Observation of each foe
// not already beaten. Every foe perceives a sneak (§6.9), the dead aside:
// an unconscious one fails its test without a die (R34, R01), so that the
// sneaker is hidden from it when it wakes, if its Stealth passed.
func (d *decider) sneak(me *Combatant) {
	s := d.s
	t := s.roll(d.src, skillCheck(me, Stealth))
	d.emit(engine.New(d.h.arena(), testRolledKind, TestRolled{Combatant: me.ID, Skill: Stealth, For: "sneak", Test: t}))
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if !hostile(me, o) || o.Dead || me.hiddenFrom(o.ID) {
			continue
		}
		ot := s.roll(d.src, skillCheck(o, Observation))
		d.emit(engine.New(d.h.arena(), observedKind, Observed{Sneaker: me.ID, Observer: o.ID, Skill: Observation, Test: ot, Hidden: beats(t, ot), For: "sneak"}))
	}
}

func (*TestRolled) apply(_ *State, _ *hotMemory) {}

func (e *Observed) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Sneaker)
	if c == nil {
		return
	}
	switch {
	case e.For == "sneak" && e.Hidden && !c.hiddenFrom(e.Observer):
		c.HiddenFrom = append(slices.Clip(c.HiddenFrom), e.Observer)
		c.HidAt = append(slices.Clip(c.HidAt), c.pos())
	case e.For == "search" && !e.Hidden:
		if i := slices.Index(c.HiddenFrom, e.Observer); i >= 0 {
			c.HiddenFrom = slices.Delete(slices.Clone(c.HiddenFrom), i, i+1)
			if i < len(c.HidAt) {
				c.HidAt = slices.Delete(slices.Clone(c.HidAt), i, i+1)
			}
			s.groundSeen(c.ID, func(id string) bool { return id == e.Observer })
			c.WokeUnseen = without(c.WokeUnseen, e.Observer)
		}
	}
}

func (e *Revealed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.HiddenFrom, c.HidAt, c.WokeUnseen = nil, nil, nil
		s.groundSeen(c.ID, func(string) bool { return true })
	}
}

func (e *TestRolled) describe(s *State) string {
	return fmt.Sprintf("%s tests %s for %s: %s", e.Combatant, e.Skill, e.For, describeTest(e.Test))
}

func (e *Observed) describe(s *State) string {
	who := e.Observer
	if e.For == "search" {
		who = e.Sneaker
	}
	res := fmt.Sprintf("%s spots %s", e.Observer, e.Sneaker)
	if e.Hidden {
		res = fmt.Sprintf("%s is hidden from %s", e.Sneaker, e.Observer)
	}
	return fmt.Sprintf("%s tests %s: %s; %s", who, e.Skill, describeTest(e.Test), res)
}

func (e *Revealed) describe(_ *State) string { return e.Combatant + " attacks and is hidden no more" }
