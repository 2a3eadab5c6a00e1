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
//   - state.go: the state, combatants and gear;
//   - tables.go: the rules' tables as data (sizes, cover, skills, damage
//     groups, maneuvers, the numbers);
//   - commands.go, events.go: the commands and events with their kinds;
//   - test.go: the test of R01 and R02, and the contest of R03;
//   - ruleset.go: engine.Ruleset and engine.Speed;
//   - decide.go (turns, initiative, surprise, grapples, sneaking, the
//     reaction window), combat.go (combat rolls, damage, maneuvers,
//     spells), move.go (moves and opportunity attacks): Decide and Step;
//   - evolve.go: Evolve;
//   - next.go: the prompts;
//   - codec.go, describe.go: the words, JSON and transcript lines;
//   - spec.go, start.go: the encounter file, the bundled content and the
//     starting state;
//   - hot.go: the memory the hot path reuses;
//   - tools.go: Simulation, Odds, TimeLimit and the tactical policy.
package maneuvers
