// Package sim plays many fights of one encounter with policies deciding
// for every side, and reports what happened: how often each side wins,
// with confidence intervals, how long fights last, and what each
// combatant deals, takes and suffers.
//
// Run is the generic core. It drives a ruleset's Decide and Evolve directly
// on a copy of the starting state, with no Encounter, log or persistence,
// so that a fight costs little more than the rules themselves. Fight i of
// a run with seed S draws its dice from dice.Seeded(FightSeed(S, i)) and its
// policies' random choices from a second stream derived from the same
// seed, so a run's results are the same whatever the number of workers,
// and any single fight can be played again (fray play --auto --seed).
//
// For wraps a ruleset and its policies as a Simulator, which works on the
// type-erased engine.Table a loaded encounter file gives; the command line
// holds one Simulator per ruleset.
//
// Any engine.Game can be simulated. A ruleset with the engine.Simulation
// capability adds its policies, rounds and per-combatant totals to the
// report; one with engine.Speed runs faster; one without engine.Secrets
// lets policies read the state itself instead of a copy per decision.
//
// A report is computed from whole-number totals only (Totals, Partial), so
// runs of adjacent spans of an experiment's fights (Options.First,
// RunPartial) add up (MergePartials) to exactly the report of one run.
// Shard cuts an experiment, a sweep's values included, into parts for
// separate processes or machines, and Merge merges what they write
// (ShardFile) into the report or sweep one run gives.
//
// Sweeps (ParseVary, Vary.Apply) run the same fight at each of a range of
// values of one field of an encounter file, set with scenario.SetField.
// Package sim/simplot draws reports and sweeps; sim itself links no
// plotting code.
package sim
