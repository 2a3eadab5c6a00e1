// Package odds computes the exact odds of a decision in a fight: the
// probability, as a fraction, of every way resolving one command can turn
// out.
//
// It uses no model of its own. It runs the ruleset's Decide once for every
// way the dice can fall (dice.Enumerate), applies the events, and, when the
// resolution stops for someone else's decision (a dodge, a critical re-roll,
// a GM ruling), answers it with a stated policy and goes on, until the fight
// waits for a new turn decision or ends. Paths that reach the same state with
// the same outcome so far are merged before going on, so each later decision
// is enumerated once per distinct situation rather than once per dice path.
//
// What an outcome is comes from the ruleset, through the Summarizer methods it
// implements: tags such as "hit" or "jam:misfire", the damage each combatant
// took and each combatant's condition afterwards. Rulesets implement them
// structurally and never import this package.
//
// Exact odds are exact: when a path draws too many dice, or the dice tree
// is too big for a budget asked of a partial answer, the report says how
// much probability was left out and why. Past its budget of paths, time
// or memory, a computation that falls back (Options.Fallback, as every
// option of Calculator.All does) is estimated instead: what the
// enumeration had is kept exact, and the rest resolved again and again
// from where it stopped with seeded dice, by the same rules and policy,
// its figures the exact part plus frequencies over the rest, with their
// 95% intervals, and marked as an estimate (Report.Estimate,
// Report.Status).
//
// The odds a Calculator gives a combatant are computed on that
// combatant's view of the state (engine.View), so they are a function of
// what the asker may know: a secret neither shows in them nor, by their
// absence, betrays itself.
//
// The answer's forms for people and programs are here too, so that a
// server gives the same as the command line: Report.WriteText and
// Menu.WriteText write the text of "fray odds --encounter", and
// NewReportJSON and NewMenuJSON build its JSON.
package odds
