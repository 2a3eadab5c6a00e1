package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// EndFight is the GM's end of the fight, at any time and whoever is asked
// [ours: the rules end a fight only when a side is left]: a draw, or
// Winner's side wins, the others having fled or given up.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

func (*EndFight) command() {}

// endFight is the GM's EndFight: the fight ends at once, as one with a
// side left does, whatever is pending (a declared action, a window, a
// choice) dropped. Out of combat (the rests, section 7.8) it is over
// already.
func (r *run) endFight(actor string, c *EndFight) error {
	s := r.s
	switch {
	case actor != engine.GM:
		return refuse(engine.NotYourTurn, "only the GM ends the fight")
	case s.Phase == Over || s.Phase == Resting:
		return refuse(engine.NotAllowedNow, "the fight is over already")
	case c.Winner != "" && !slices.ContainsFunc(s.Combatants, func(x Combatant) bool { return x.Side == c.Winner }):
		return refuse(engine.Invalid, "there is no side called %q", c.Winner)
	}
	r.emit(engine.New(r.h.arena(), fightEndedKind, FightEnded{Winner: c.Winner, ByGM: true}))
	return nil
}

// Died: a combatant dies: a dying PC at the end of its last dying round (A08).
type Died struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

func (e *Died) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Status, c.IsDying, c.Dying = Dead, false, 0
	}
}

func (e *Died) describe(*State) string { return fmt.Sprintf("%s dies (%s)", e.Combatant, e.Why) }

// FightEnded: the fight is over: one side left (Winner), the round limit reached (TimedOut), or the GM's end-fight (ByGM: a draw, or Winner wins).
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	ByGM     bool   `json:"by_gm,omitempty"`
}

func (e *FightEnded) apply(s *State, _ *hotMemory) {
	s.Phase, s.Turn, s.Pending, s.Queue = Over, "", nil, s.Queue[:0]
	s.Winner, s.TimedOut = e.Winner, e.TimedOut
}

func (e *FightEnded) describe(s *State) string {
	switch {
	case e.TimedOut:
		return "the round limit is reached: the fight ends in a draw"
	case e.ByGM && e.Winner == "":
		return "the GM ends the fight: a draw"
	case e.ByGM:
		return fmt.Sprintf("the GM ends the fight: the %s side wins", e.Winner)
	case e.Winner != "":
		return fmt.Sprintf("the fight is over: the %s side wins", e.Winner)
	}
	return "the fight is over: nobody is left standing"
}

// Joined: a late joiner arrives as a round begins (A14), with its
// initiative check.
type Joined struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Initiative int    `json:"initiative"`
}

// The kinds of endfight.go's command and events.
var (
	_              = engine.Add[EndFight](commands, "end_fight")
	diedKind       = engine.Add[Died](events, "died")
	fightEndedKind = engine.Add[FightEnded](events, "fight_ended")
	joinedKind     = engine.Add[Joined](events, "joined")
)

func (e *Joined) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Status, c.Initiative = Active, e.Initiative
	}
}

func (e *Joined) describe(s *State) string {
	return fmt.Sprintf("%s joins the fight: initiative d20=%d%+d = %d", e.Combatant, e.Die, e.Bonus, e.Initiative)
}
