// Package maneuvers is the maneuvers ruleset: every check is a test (a
// d20 plus an attribute and a skill against a target number, counting
// Successes), an attack is a Combat Roll of the attacker's test against
// the defender's chosen defence, and a critical win (exactly one side
// passing) lets the winner, attacker or defender, perform a maneuver: Bash,
// Brace, Disarm, Feint, Precision, Push or Trip.
//
// docs/rules/maneuvers.md lists the commands, the order dice are drawn in,
// the transcript vocabulary and every rule and ruling with its id.
//
// # The files
//
// Each rule lives in one file with its commands and the events they lead
// to; each event says there how it changes the state (apply) and how it
// reads in a transcript (describe).
//
//   - state.go: the state, combatants and gear;
//   - tables.go: the rules' tables as data (sizes, cover, skills, damage
//     groups, maneuvers, the numbers);
//   - testroll.go: the test of R01 and R02, and the contest of R03;
//   - rules.go: the Command and Event interfaces, engine.Ruleset and
//     engine.Speed;
//   - decide.go: the decider that checks a command and emits its events,
//     and actions in general;
//   - initiative.go (beginning, surprise, initiative), turns.go (rounds,
//     turns, delaying), endfight.go (the end of the fight);
//   - move.go (moves and opportunity attacks), combat.go (strikes, the
//     GM's ruling on the roll, defences, the combat roll), damage.go,
//     maneuver.go (critical wins and their maneuvers), spells.go,
//     grapple.go, stealth.go (sneaking and searching), items.go (drawing,
//     stowing, dropping and picking up), react.go (reactions between
//     actions), improvise.go (improvised actions), aftermath.go (rests
//     and training after the fight);
//   - next.go: the prompts;
//   - codec.go: the words, the kinds tables (engine.Kinds, each type
//     added beside it in the file of its rule) and transcript lines;
//   - spec.go, start.go: the encounter file, the bundled content and the
//     starting state;
//   - hot.go: the memory the hot path reuses (Step, Moves, ScratchInto,
//     ViewInto): two engine.Arenas, for the commands of Moves and the
//     events of Step, and the state's own working copies;
//   - secrets.go, board.go, sheets.go: the views, the board and the sheets;
//   - tools.go: Simulation, Odds, TimeLimit and the tactical policy.
package maneuvers
