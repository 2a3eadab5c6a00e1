package woundslots

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// SharedSpacePenalty is R51 and A33's -2 to attacks and to melee and
// ranged Defense of two creatures in one space.
const SharedSpacePenalty = 2

// sharing is the shared-space penalty of c.
func (c *Combatant) sharing() int {
	if c.SharingWith != "" {
		return SharedSpacePenalty
	}
	return 0
}

// enter is R51 (2 AP): into an adjacent creature's space, Sizes at most 4
// apart: the better of Power and Agility (the actor's choice, taken for
// it) against the higher of the occupant's Power and Agility Defense; on
// a success the two share the space until one leaves it.
func (r *run) enter(target string) error {
	a, t, err := r.enterCheck(target)
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, actionCosts["enter"], "enter")
	check := strongerCheck(a)
	e := r.contestPowerOrAgility(a, t, check, checkBonus(a, check))
	r.emitCheck(a, t, e)
	if e.Success {
		wasInReach := s.reachers(a)
		r.emit(engine.New(r.h.arena(), spaceEnteredKind, SpaceEntered{Combatant: a.ID, Target: t.ID, X: t.X, Y: t.Y}))
		r.checkGrapples(a)
		r.enteredReach(a, wasInReach)
	}
	return nil
}

// enterCheck is enter's checks: it returns the actor and the occupant.
func (r *run) enterCheck(target string) (a, t *Combatant, err error) {
	a, t, err = r.actorAnd(target, "enter ", target, "'s space")
	if err != nil {
		return nil, nil, err
	}
	switch {
	case t.ID == a.ID || t.gone():
		return nil, nil, refuse(engine.NotAllowedNow, "%s has no space to enter", t.ID)
	case dist(a, t) != 1:
		return nil, nil, refuse(engine.NotAllowedNow, "%s must be beside %s", a.ID, t.ID)
	case parts.Abs(a.Attributes.Size-t.Attributes.Size) > 4:
		return nil, nil, refuse(engine.NotAllowedNow, "their Sizes are more than 4 apart (R51)")
	case a.SharingWith != "" || t.SharingWith != "" || a.Riding != "" || t.Rider != "" || t.Riding != "":
		return nil, nil, refuse(engine.NotAllowedNow, "one of them shares a space already")
	}
	return a, t, need(a, actionCosts["enter"], "entering a space")
}

// SpaceEntered: a creature enters another's space (R51): the two share it, -2 to attacks and to melee and ranged Defense, until one leaves.
type SpaceEntered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

func (e *SpaceEntered) apply(s *State, _ *hotMemory) {
	a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
	if a != nil && t != nil {
		s.put(a, e.X, e.Y)
		a.SharingWith, t.SharingWith = t.ID, a.ID
	}
}

func (e *SpaceEntered) describe(s *State) string {
	return fmt.Sprintf("%s enters %s's space at %d,%d: both take -2 to attacks and Defense", e.Combatant, e.Target, e.X, e.Y)
}

// Enter enters an adjacent creature's space (R51).
type Enter struct {
	Target string `json:"target"`
}

// The kinds of enter.go's command and event.
var (
	enterKind        = engine.Add[Enter](commands, "enter")
	spaceEnteredKind = engine.Add[SpaceEntered](events, "space_entered")
)

func (*Enter) command() {}

// without removes id from ids, in place.
func without(ids []string, id string) []string {
	out := ids[:0]
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// leaveSpace ends a shared space (R51) once c no longer stands in it.
func leaveSpace(s *State, c *Combatant) {
	if c.SharingWith == "" {
		return
	}
	o := s.Combatant(c.SharingWith)
	if o != nil && o.X == c.X && o.Y == c.Y {
		return
	}
	c.SharingWith = ""
	if o != nil {
		o.SharingWith = ""
	}
}
