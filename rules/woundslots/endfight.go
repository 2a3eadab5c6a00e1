package woundslots

import (
	"slices"

	"fray/engine"
)

// EndFight is the GM's end of the fight, at any time and whoever is asked
// [ours: the rules end a fight only when a side is left]: a draw, or
// Winner's side wins, the others having fled or given up.
type EndFight struct {
	Winner string `json:"winner,omitempty"`
}

// Kind returns "end_fight".
func (*EndFight) Kind() string { return "end_fight" }

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
	r.emit(ev(r.h, (*hotMemory).evFightEnded, FightEnded{Winner: c.Winner, ByGM: true}))
	return nil
}
