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

// Kind returns "end_fight".
func (*EndFight) Kind() string { return "end_fight" }

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
	d.finish(c.Winner, reason, true)
	return nil
}

// describeByGM is the line of a fight the GM ended: then is what
// follows it, "" or the rests' note.
func describeByGM(winner, then string) string {
	if winner == "" {
		return "the GM ends the fight: a draw" + then
	}
	return "the GM ends the fight: the " + winner + " side wins" + then
}
