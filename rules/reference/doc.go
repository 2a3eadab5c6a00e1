// Package reference is the reference ruleset: a small combat system that
// implements the whole ruleset contract of package engine, written to be
// read top to bottom by someone about to write a ruleset of their own, and
// copied. docs/writing-a-ruleset.md walks through it step by step, and
// docs/rules/reference.md states its rulings.
//
// # The rules
//
// Two or more sides of combatants fight in rounds. In each round the
// combatants still standing take turns in the order the encounter lists
// them. On their turn a combatant may
//
//   - attack a standing enemy: d20 + skill against the target's defence; a
//     thrown weapon adds its bonus to the roll, dusk takes 1 from it and
//     night 2; a natural 20 always hits and is a critical;
//   - feint at a standing enemy: declared and rolled exactly like an attack
//     with their first weapon, but only the feinter and the GM know it is
//     a feint (a secret the views hide);
//   - defend: +4 defence until their next turn.
//
// A hit asks its target to dodge (once a round: a d6, 5 or 6 avoids it) or
// take it. A blow deals 1d6 damage, 2d6 on a critical, plus the bonus of a
// melee weapon; a feint that lands deals none but leaves the target off
// balance (-2 defence for the rest of the round). A combatant at 0 life
// points (LP) is down. A side wins when every combatant of the other sides
// is down. After every round the GM rules whether the fight goes on (the
// default) or stops in a draw.
//
// Dice are drawn in this order: the attack's d20; then, on a hit, the
// dodge's d6, if the target dodges; then the damage d6s.
//
// # The files, in reading order
//
// Each rule lives in one file with its commands and the events they lead
// to; each event says there how it changes the state (apply) and how it
// reads in a transcript (describe), so the rules hold no big switch over
// the events.
//
//   - state.go: the state, plain data that round-trips through JSON;
//   - rules.go: the Command and Event interfaces; Decide, Step, Evolve,
//     Next and the rest of engine.Ruleset and engine.Speed;
//   - turns.go: whose decision it is, and the turn passing on;
//   - attack.go: attacks and feints, declared and rolled;
//   - defend.go: defending;
//   - hit.go: a hit dodged or taken, and the blow landing;
//   - ruling.go: the GM's ruling at the end of a round;
//   - next.go: the prompt, for people (Next) and for a policy (Moves);
//   - hot.go: the memory the hot path reuses (Step, Moves, ScratchInto):
//     two engine.Arenas, for the commands of Moves and the events of Step;
//   - codec.go: the text vocabulary (parts.Words, a row per command: its
//     verb, how the words build it, how it is written back), the kinds
//     tables (engine.Kinds, each type added beside it) and transcript
//     lines;
//   - secrets.go: engine.Secrets, hiding the feint;
//   - board.go, sheets.go: the tracker page's turn order and sheets;
//   - tools.go: engine.Simulation and engine.Odds, with the tactical
//     policy;
//   - spec.go, start.go: the encounter file and its starting state, the
//     bundled content in content/ and the Plugin that
//     catalog.All lists.
//
// The tests: conformance_test.go (engine/enginetest's suite over the
// bundled encounters), scenarios_test.go (the files of
// scenarios/reference/), vocabulary_test.go (the transcript lines of
// docs/rules/reference.md), words_test.go, board_test.go, start_test.go
// and rules_test.go (a test a rule).
//
// # Copying it
//
// A copy still says reference beyond its package clauses: in ID, in the
// families of the kinds tables (codec.go), in Decide's refusal of a
// foreign command, in the Plugin's Summary, in the content/reference_*.yaml
// encounters (whose ruleset: key and names stay the reference's: replace
// them, as bundled encounter names are shared by every ruleset), and in
// the paths and encounter names of the tests. The section "Starting from
// a copy of the reference" of docs/writing-a-ruleset.md lists what to
// change in each, and what a ruleset without Speed, Secrets or a starting
// state deletes (hot.go, secrets.go, start.go).
package reference
