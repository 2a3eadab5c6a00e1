// Package engine is fray's rules kernel: the pure, deterministic machinery
// every combat system runs on.
//
// A ruleset (package rules/<id>) implements Game over its own state,
// command and event types: the rules (Ruleset) and their words (Codec).
// Its Decide checks a command against the state and resolves it into
// events; it is the only place dice are drawn, and the events carry every
// die, so the log alone reproduces the fight. Evolve applies one event to
// the state and never fails. Next says who must decide what now: a Prompt
// listing the legal options, or the end of the fight. Beyond these, a
// ruleset states the optional capabilities it has (Speed, Secrets,
// Simulation, Odds, Forgetting, TimeLimit, Sheets, Boards,
// StartingState), listed with what each is for in ruleset.go; adapters
// reach them through the helpers of this package (Step, View, RequireOdds
// and the rest).
//
// An Encounter holds a ruleset, a starting state and the log of decisions
// made so far; it submits commands atomically (an illegal command, or one
// that needs dice the table has not rolled yet, changes nothing), undoes
// the last decision by replaying the log, and reports the current prompt.
// Table is the same thing with the types erased to JSON, for the command
// line, the event store and the server; a Registry maps ruleset ids to the
// rulesets a program wires in.
//
// A ruleset package exports a Plugin: its Game, a one-line summary, its
// encounter spec and its bundled content. Package catalog lists the
// plugins fray offers (catalog.All): it makes a RulesetInfo of each for
// its Registry and hands each Game to the simulator and the exact odds.
// To write a ruleset, copy rules/reference and follow
// docs/writing-a-ruleset.md; package engine/enginetest is the conformance
// suite it runs.
//
// The package does no I/O, reads no clock, starts no goroutines and draws
// randomness only from the dice.Source it is given.
package engine
