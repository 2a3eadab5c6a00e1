// Package vigor is the vigor ruleset: every roll is an action d20 that
// nothing modifies plus bonus dice that share one rank on the ladder
// d4-d6-d8-d10-d12-d20 (stepped by Charges, Challenges and Wounded, then
// clamped) and burst on their maximum; two actions a turn; reactions paid
// in Vigor (Defense, openings, readied attacks), never on one's own turn;
// damage of a weapon's quality die against Armor Rank, taken from
// Durability first and then Health; Shock and death.
//
// docs/rules/vigor.md is its rulings page: the commands, the dice draw
// order, the transcript vocabulary and every rule (Rnn) and ruling (Ann)
// of the spec with where it lives.
//
// The files:
//
//   - tables.go: the tables of the rules as data (ladder, sizes,
//     visibility, cover, damage types, categories) and the numbers;
//   - state.go: the state, the stat blocks and their derived values;
//   - commands.go, events.go: the commands and events with their kinds;
//   - roll.go: rolling dice, and how exact odds follow them by class;
//   - decide.go: Decide, the resolution of every command, and the flow
//     from turn to turn and round to round;
//   - evolve.go: Evolve;
//   - next.go: the prompts (§7 of the spec);
//   - codec.go: the text vocabulary and transcript lines;
//   - tools.go: simulation, the tactical policy and exact odds;
//   - spec.go, start.go: the encounter file, "start:" and the Plugin.
package vigor
