package blackpowder

import (
	"fmt"
	"slices"

	"fray/engine"
)

// EndFight: the GM ends the fight at any time (R03: kept until combat
// ends; when it ends is the table's): a draw, or Winner's group wins (the
// others fled or gave up).
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// The kinds of ending.go's commands and events.
var (
	_           = engine.Add[Done](commands, "done")
	_           = engine.Add[EndFight](commands, "end_fight")
	endedKind   = engine.Add[Ended](events, "ended")
	wokeKind    = engine.Add[Woke](events, "woke")
	decidedKind = engine.Add[Decided](events, "decided")
)

func (*EndFight) isCommand() {}

// Done: the GM closes the encounter after the fight.
type Done struct{}

func (*Done) isCommand() {}

// end ends the fight. Unconscious player characters who were not revived
// wake with 0 LP (R27).
func (r *run) end(winner string) { r.finish(winner, false, false) }

// endFight is the GM's end-fight: the fight ends at once, a draw or won
// by the group named, as a fight decided by the rules does (the
// unconscious players wake, R27; with aftermath, rests come first).
func (r *run) endFight(actor string, c *EndFight) error {
	s := r.s
	switch {
	case actor != engine.GM:
		return engine.Errorf(engine.NotYourTurn, "only the GM ends the fight")
	case s.Over || s.After != nil:
		return engine.Errorf(engine.NotAllowedNow, "the fight is over already")
	case c.Winner != "" && s.group(c.Winner) == nil:
		return engine.Errorf(engine.Invalid, "there is no group called %q", c.Winner)
	case c.Winner != "" && !s.joined(c.Winner):
		// A group still to come has not fought: it cannot have won (R03).
		return engine.Errorf(engine.NotAllowedNow, "the %s group has not joined the fight yet (it joins in round %d)", c.Winner, s.group(c.Winner).Joins)
	}
	r.finish(c.Winner, false, true)
	return nil
}

// joined reports whether the group has joined the fight: some member of
// it is no longer absent (R03).
func (s *State) joined(group string) bool {
	return slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Group == group && c.Status != Absent })
}

// finish ends the fight, won by winner, stopped at the round limit, or
// by the GM.
func (r *run) finish(winner string, timedOut, byGM bool) {
	for i := range r.s.Combatants {
		c := &r.s.Combatants[i]
		if c.Status == Unconscious && r.s.group(c.Group).Players {
			r.emit(engine.New(r.arena(), wokeKind, Woke{Who: c.ID}))
		}
	}
	if r.s.Options.Aftermath {
		r.emit(engine.New(r.arena(), decidedKind, Decided{Winner: winner, TimedOut: timedOut, ByGM: byGM})) // rests and healing before the end
		return
	}
	r.emit(engine.New(r.arena(), endedKind, Ended{Winner: winner, TimedOut: timedOut, ByGM: byGM}))
}

// Decided: the fight is decided and, with the aftermath option, the time
// after it begins (R29-R31).
type Decided struct {
	Winner string `json:"winner"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
	// ByGM is set when the GM ended the fight (end-fight).
	ByGM bool `json:"by_gm,omitempty"`
}

func (e *Decided) apply(s *State, _ *hotMemory) {
	s.After = &Aftermath{Winner: e.Winner, TimedOut: e.TimedOut}
	s.Pending, s.Declared, s.AimsDue, s.Follow = nil, nil, nil, ""
}

func (e *Decided) describe(s *State) string {
	return endWords(s, e.Winner, e.TimedOut, e.ByGM, true)
}

// Ended: at most one group still has fighters standing; its fields say
// how, as Decided's do.
type Ended Decided

func (e *Ended) apply(s *State, _ *hotMemory) {
	s.Over, s.Winner, s.TimedOut, s.Pending, s.Declared, s.AimsDue, s.Follow = true, e.Winner, e.TimedOut, nil, nil, nil, ""
}

func (e *Ended) describe(s *State) string {
	return endWords(s, e.Winner, e.TimedOut, e.ByGM, false)
}

// endWords says how the fight ended, for Decided (aftermath: the time
// after the fight follows) and Ended.
func endWords(s *State, winner string, timedOut, byGM, aftermath bool) string {
	over, stopped, after := "over", "stopped", ""
	if aftermath {
		over, stopped, after = "decided", "decided", "; time to rest and heal"
	}
	switch {
	case timedOut:
		return fmt.Sprintf("the fight is %s: the round limit (%d) is reached with both sides standing%s", stopped, s.Options.RoundLimit, after)
	case byGM && winner == "":
		return "the GM ends the fight: a draw" + after
	case byGM:
		return "the GM ends the fight: the " + winner + " group wins" + after
	case winner == "":
		return "the fight is " + over + ": nobody is left standing"
	}
	return "the fight is " + over + ": the " + winner + " group wins" + after
}

// Woke: an unconscious player character wakes with 0 LP when the fight is
// over (R27).
type Woke struct {
	Who string `json:"who"`
}

func (e *Woke) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	c.Status, c.LP = Active, max(c.LP, 0) // a stun's knockout keeps its LP (A27)
}

func (e *Woke) describe(s *State) string {
	return s.name(e.Who) + " wakes after the fight"
}
