package blackpowder

import (
	"fmt"

	"fray/engine"
)

// Hold: the action; a melee attack roll to seize the target, then a
// contest of Athletics or Brawl (R39).
type Hold struct {
	Target string `json:"target"`
}

// The kinds of hold.go's commands and events.
var (
	_               = engine.Add[Hold](commands, "hold")
	_               = engine.Add[Release](commands, "release")
	holdContestKind = engine.Add[HoldContest](events, "hold_contest")
	releasedKind    = engine.Add[Released](events, "released")
)

func (*Hold) isCommand() {}

// Release: let go of the one held; free (R39).
type Release struct{}

func (*Release) isCommand() {}

// hold is a hold attempt: an attack roll with the weapon in hand, which
// must be melee or fists; a hit leads to a contest instead of damage
// (R39).
func (r *run) hold(who string, cmd *Hold) error {
	return r.strike(who, &Attack{Target: cmd.Target}, holdStrike, nil)
}

// release lets go of a hold (R39).
func (r *run) release(who string) error {
	c := r.s.combatant(who)
	if c == nil || c.Holding == "" {
		return engine.Errorf(engine.NotAllowedNow, "%s holds nobody", who)
	}
	r.emit(engine.New(r.arena(), releasedKind, Released{Captor: c.ID}))
	return nil
}

// holdContest rolls captor against captive: d10 + Body + the better of
// Athletics and Brawl, the captor adding the weapon's Immobilizing. A tied
// total goes to the higher skill used (R02); a full tie goes against the
// side trying to change things (A02): to seize, the captor must win; to
// break free, the captive must.
func (r *run) holdContest(captor, captive string, start bool) {
	c, t := r.s.combatant(captor), r.s.combatant(captive)
	ev := engine.New(r.arena(), holdContestKind, HoldContest{Captor: c.ID, Captive: t.ID, Start: start})
	ev.Die = r.d10()
	ev.Total = ev.Die + c.grapple() + c.weapon().Immobilizing
	ev.CaptiveDie = r.d10()
	ev.CaptiveTotal = ev.CaptiveDie + t.grapple()
	// captorWins is how the captor fares: above 0 it wins, below 0 it loses.
	captorWins := ev.Total - ev.CaptiveTotal
	if captorWins == 0 {
		captorWins = c.grappleSkill() - t.grappleSkill()
	}
	if start {
		ev.Held = captorWins > 0
	} else {
		ev.Held = captorWins >= 0
	}
	r.emit(ev)
}

// HoldContest: captor against captive, Athletics or Brawl (R39, A35): to
// seize (Start) or, each round, to keep hold. Held says whether the hold
// stands afterwards.
type HoldContest struct {
	Captor       string `json:"captor"`
	Captive      string `json:"captive"`
	Start        bool   `json:"start,omitempty"`
	Die          int    `json:"die"`
	Total        int    `json:"total"`
	CaptiveDie   int    `json:"captive_die"`
	CaptiveTotal int    `json:"captive_total"`
	Held         bool   `json:"held"`
}

func (e *HoldContest) apply(s *State, _ *hotMemory) {
	captor, captive := s.combatant(e.Captor), s.combatant(e.Captive)
	if e.Held {
		captor.Holding, captive.HeldBy = captive.ID, captor.ID
	} else if !e.Start {
		captor.Holding, captive.HeldBy = "", ""
	}
}

func (e *HoldContest) describe(s *State) string {
	verb := "keeps hold of"
	switch {
	case e.Start && e.Held:
		verb = "seizes"
	case e.Start:
		verb = "fails to seize"
	case !e.Held:
		verb = "loses hold of"
	}
	return fmt.Sprintf("%s %s %s: d10=%d → %d against d10=%d → %d", s.name(e.Captor), verb, s.name(e.Captive), e.Die, e.Total, e.CaptiveDie, e.CaptiveTotal)
}

// Released: the captor lets go (R39).
type Released struct {
	Captor string `json:"captor"`
}

func (e *Released) apply(s *State, _ *hotMemory) {
	letGo(s, e.Captor)
}

func (e *Released) describe(s *State) string {
	return s.name(e.Captor) + " lets go"
}

// fall takes t, knocked out or killed, out of the fight: no action left,
// holding nobody and held by nobody, with no contest to break free (R25,
// R39).
func fall(s *State, t *Combatant) {
	t.Actions, t.Delayed = 0, false
	letGo(s, t.ID)
	if t.HeldBy != "" {
		letGo(s, t.HeldBy)
	}
}

// letGo ends the hold the captor has, if any.
func letGo(s *State, captor string) {
	c := s.combatant(captor)
	if c == nil || c.Holding == "" {
		return
	}
	if held := s.combatant(c.Holding); held != nil {
		held.HeldBy = ""
	}
	c.Holding = ""
}
