package vigor

import (
	"slices"

	"fray/engine"
)

// EndFight is the GM's end of the fight, at any time and whoever is asked
// (§6 "is combat over?", §7.10): a draw, or Winner's side wins, the
// others having fled or given up.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// The kinds of endfight.go's command and events.
var (
	_              = engine.Add[EndFight](commands, "end_fight")
	decidedKind    = engine.Add[Decided](events, "decided")
	fightEndedKind = engine.Add[FightEnded](events, "fight_ended")
)

func (*EndFight) command() {}

// endFight checks and resolves the GM's end-fight: the fight ends at
// once as one decided by the rules does, with the aftermath option
// waiting for the GM's rests first (R42). Nothing pending (an attack, a
// window, a ruling) is resolved.
func (d *decider) endFight(c *EndFight) error {
	s := d.s
	switch {
	case d.actor != engine.GM:
		return engine.Errorf(engine.NotYourTurn, "only the GM ends the fight")
	case s.Phase == Over || s.Phase == Aftermath:
		return refuse("the fight is over already")
	case c.Winner != "" && !slices.ContainsFunc(s.Combatants, func(x Combatant) bool { return x.Side == c.Winner }):
		return invalid("there is no side called %q", c.Winner)
	}
	reason := "the GM calls it a draw"
	if c.Winner != "" {
		reason = "the GM rules the other sides fled"
	}
	d.end(c.Winner, reason, true)
	return nil
}

// describeEnd is the line of a fight decided or ended: what says which,
// then is what follows it, "" or the rests' note.
func describeEnd(what, winner, reason string, byGM bool, then string) string {
	switch {
	case byGM && winner == "":
		return "the GM ends the fight: a draw" + then
	case byGM:
		return "the GM ends the fight: the " + winner + " side wins" + then
	case winner != "":
		return what + ": the " + winner + " side wins" + then
	}
	return what + ": " + reason + then
}

// decided reports whether the fight is over: fewer than two sides have a
// creature still in it.
func (d *decider) decided() (string, bool) {
	// parts.LastSide's loop, written out: it is asked after every event
	// of every decision.
	winner, found := "", false
	cs := d.s.Combatants
	for i := range cs {
		if c := &cs[i]; c.In() || c.Away && !c.Object {
			if !found {
				winner, found = c.Side, true
			} else if c.Side != winner {
				return "", false
			}
		}
	}
	return winner, true
}

// end ends a decided fight, or with the aftermath option leaves it to the
// GM's rests first; byGM says the GM's end-fight ended it.
func (d *decider) end(winner, reason string, byGM bool) {
	if d.s.Options.Aftermath {
		d.emit(engine.New(d.h.arena(), decidedKind, Decided{Winner: winner, Reason: reason, ByGM: byGM}))
		return
	}
	d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Winner: winner, Reason: reason, ByGM: byGM}))
}

// Decided: with the aftermath option, the fight is decided (Winner won,
// or nobody), and the GM rules on rests before it ends.
type Decided struct {
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason"`
	// ByGM is set when the GM's end-fight ended the fight.
	ByGM bool `json:"by_gm,omitempty"`
}

// apply decides the fight, leaving the GM its rests.
func (e *Decided) apply(s *State, _ *hotMemory) {
	s.Phase, s.Winner, s.Reason = Aftermath, e.Winner, e.Reason
	s.clearPending()
}

func (e *Decided) describe(*State) string {
	return describeEnd("the fight is decided", e.Winner, e.Reason, e.ByGM, "; the GM may call for rests")
}

// FightEnded: the fight is over.
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	Reason   string `json:"reason"`
	TimedOut bool   `json:"timed_out,omitempty"`
	// ByGM is set when the GM's end-fight ended the fight.
	ByGM bool `json:"by_gm,omitempty"`
}

// apply ends the fight.
func (e *FightEnded) apply(s *State, _ *hotMemory) {
	s.Phase, s.Winner, s.TimedOut, s.Reason = Over, e.Winner, e.TimedOut, ""
	s.clearPending()
}

func (e *FightEnded) describe(*State) string {
	return describeEnd("the fight is over", e.Winner, e.Reason, e.ByGM, "")
}

// clearPending drops everything pending once the fight is decided: the
// strike, the window, the off-hand attack, the declared attack, the
// opening to come and the readied answer.
func (s *State) clearPending() {
	s.Strike, s.Window, s.OffHand, s.Declared, s.OpenAfter, s.Counter = nil, nil, nil, nil, "", ""
}
