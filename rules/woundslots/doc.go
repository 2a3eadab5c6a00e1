// Package woundslots is the woundslots combat system: d20 checks against
// static Defenses (ties succeed, natural 20 and 1 as criticals), no hit
// points but wound slots that fill and escalate, action points gained by
// Speed at each round start and at the end of one's own turn, and an
// initiative that moves during the fight (criticals, interrupts, Seize)
// and is read afresh before every turn.
//
// docs/rules/woundslots.md lists the command words, the order dice are
// drawn in, the transcript vocabulary and every rule and ruling of the
// spec the package applies, each with its id, and says what it does not
// model yet.
//
// # The files
//
//   - state.go, tables.go: the state, plain data, and the spec's tables
//     as data (AP by Speed, slots by Vitality, wound thresholds, movement
//     rates, terrain costs, modifiers, action costs);
//   - commands.go, events.go: the commands and events with their kinds;
//   - rules.go: Decide and Step, which resolve a command by emitting
//     events and applying each at once (Decide on a copy), the flow of
//     turns and rounds, and the simple actions; evolve.go: Evolve;
//   - legal.go: whether an action may be taken now, asked before anything
//     happens (a declaration, an action out of turn, a readied or ordered
//     action, a long action), by the checks each action makes before its
//     first event, with no copy of the state;
//   - attack.go, checks.go, react.go, ready.go, opening.go, drag.go,
//     spell.go: attacks and their windows (interrupts, harrying, readied
//     attacks, interposing), combat checks, hindrances and grapples,
//     reactions to moves (rebuff, cling), spells;
//   - heal.go, rest.go: stabilizing, treating wounds, rests and recovery;
//   - mount.go, water.go, ignore.go, geometry.go: mounts and hurried
//     actions, water and cliffs, ignoring and jumping, the grid;
//   - next.go, hot.go: prompts, and the memory the hot path reuses;
//   - sheets.go: each creature at a glance for the tracker page (wound
//     slots by level, AP, initiative, stamina, mana; its conditions with
//     how long each lasts);
//   - codec.go: the words; tools.go: simulation, odds and the tactical
//     policy; spec.go, start.go: encounter files and starting states.
package woundslots
