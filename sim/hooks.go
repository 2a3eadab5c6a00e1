package sim

// The interfaces below are optional. A ruleset implements them on the same
// value that implements engine.Ruleset, using only builtin types, so that
// it never imports this package; the simulator finds them with a type
// assertion. Without them a report says less, but a run still works.

// Rounder is implemented by rulesets that count rounds. Round returns the
// round a fight is in, or ended in; the report's round statistics come
// from it.
type Rounder[S any] interface {
	Round(s *S) int
}

// Roster is implemented by rulesets that can list who fights. Roster
// returns the ids of every combatant of the state, present or still to
// come, in a stable order. With it (and engine.Sider) the simulator knows
// the sides before the first fight, checks the sides a run names, and
// reports on every combatant.
type Roster[S any] interface {
	Roster(s *S) []string
}

// Tallier is implemented by rulesets whose events the simulator can total
// per combatant. Tally says what event e does: target is the combatant it
// happens to ("" when none), source the combatant who caused it (anything
// that is not a combatant's id counts as nobody), damage the life (hit
// points, LP) the target loses to it, down whether it takes the target out
// of the fight (unconscious, incapacitated) and dead whether it kills the
// target. s is the fight around the event: the state before it when the
// simulator applies events one by one, the state after the whole decision
// when the ruleset is an engine.Stepper; Tally should read from it only what
// events do not change (who is who), and must not modify it.
type Tallier[S, E any] interface {
	Tally(s *S, e E) (target, source string, damage int, down, dead bool)
}

// Transparent is implemented by rulesets whose states hide nothing: View
// returns a copy of the state for every viewer, and prompts look the same
// to all. When Transparent reports true, the simulator hands policies the
// state itself, read-only, rather than a copy per decision.
type Transparent interface {
	Transparent() bool
}
