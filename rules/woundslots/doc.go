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
// Each rule's file holds its commands, the events they lead to (each
// applying and describing itself), and the rules that resolve them.
//
//   - rules.go: the contract: Decide and Step, which resolve a command by
//     emitting events and applying each at once (Decide on a copy),
//     Evolve, Next and Moves, the Command and Event interfaces; codec.go:
//     the words, JSON and the kinds tables (engine.Kinds, each type added
//     beside it); nested.go: a command held inside another, an event or
//     the state, as a typed value;
//   - state.go, tables.go: the state, plain data, and the spec's tables
//     as data (AP by Speed, slots by Vitality, wound thresholds, movement
//     rates, terrain costs, modifiers, action costs);
//   - initiative.go, turns.go, endfight.go: surprise and initiative, the
//     flow of rounds and turns and their AP, the fight's end;
//   - flow.go, legal.go: declarations and their windows, actions out of
//     turn; whether an action may be taken now, asked before anything
//     happens (a declaration, an action out of turn, a readied or ordered
//     action, a long action) with no copy of the state;
//   - attack.go, react.go, ready.go, opening.go, spell.go, ability.go:
//     attacks and their d20, harrying, reactions to moves (rebuff, cling),
//     readied actions, openings and interposing, spells and what they
//     cost and leave;
//   - checks.go, hinder.go, grapple.go, drag.go, enter.go: combat checks,
//     hindrances, grapples and pins, dragging, entering a space;
//   - defend.go, posture.go, long.go, movement.go, items.go, effects.go,
//     cover.go, exert.go, ignore.go: the simple actions, long actions and
//     objects, movement and jumps, weapons in hand, magical effects, the
//     GM's rulings of cover and exertion, ignoring flankers;
//   - heal.go, condition.go, rest.go: stabilizing, treating wounds and
//     conditions, rests and recovery;
//   - mount.go, water.go, geometry.go: mounts and hurried actions, water
//     and cliffs, the grid;
//   - next.go, hot.go, policy.go: prompts, the memory the hot path
//     reuses (two engine.Arenas, for the commands of Moves and the events
//     of Step, and the state's working copies), the tactical policy;
//   - board.go, sheets.go: the board and each creature at a glance for
//     the tracker page (wound slots by level, AP, initiative, stamina,
//     mana; its conditions with how long each lasts);
//   - spec.go, start.go: encounter files and starting states.
package woundslots
