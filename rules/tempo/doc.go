// Package tempo is the tempo combat system: 12 action points a round
// shared between proactive actions, reactions and counter-tempo
// replacements; opposed checks read by subtraction against each action's
// outcome ladder; statuses (off guard, on guard, bound, grappled, pinned)
// that decide which actions exist; and a feint declared in secret.
//
// docs/rules/tempo.md lists the vocabulary and every ruling the package
// applies, each with the rule id it implements.
//
// # The files
//
// Each rule lives in one file with its commands and the events they lead
// to; each event says there how it changes the state (apply) and how it
// reads in a transcript (describe).
//
//   - state.go: the state; actions.go: the actions' master table and
//     outcome ladders; geometry.go: squares, reach, paths and free squares;
//   - rules.go: the Command and Event interfaces, engine.Ruleset and
//     engine.Speed; decide.go: the decider that checks a command and emits
//     its events;
//   - initiative.go (beginning and late joiners), turns.go (turns, stamina,
//     rounds), declare.go (declaring an action), react.go (reactions and
//     counter-tempo replacements), resolve.go (the exchange's checks and
//     their effects), destination.go (where the moved end up),
//     endfight.go (the end of the fight);
//   - legal.go: whether a declared action is legal, with its weapon and
//     target; menus.go: the menus of actions and reactions, and the search
//     for the declarations a turn's menu offers; next.go: the prompts;
//   - codec.go: the words, the kinds tables (engine.Kinds, each type
//     added beside it in the file of its rule) and transcript lines;
//     secrets.go: the feint's views;
//   - spec.go, start.go, content.go: the encounter file, the starting state
//     and the bundled content;
//   - hot.go: the memory the hot path reuses (Moves, Step, ScratchInto,
//     ViewInto): two engine.Arenas, for the commands of Moves and the
//     events of Step with the squares, ids and choices they carry, the
//     searches' working memory and the state's own working copies; and
//     the move handle: what Moves worked out for a declaration or a
//     reaction it listed, which Step takes for that command in that state
//     rather than checking it again;
//   - board.go, sheets.go, tools.go, policy.go: the board, the sheets,
//     Simulation and Odds, and the policies.
package tempo
