// Package dice is fray's dice: where random numbers come from (a Source), the
// dice expression language, and exact probability distributions.
//
// Everything in fray that rolls a die draws it from a Source. Which Source is
// used decides what kind of run it is:
//
//   - PCG: seeded and reproducible, for simulation and tests; its state can be
//     saved and restored.
//   - Crypto: seeded from the operating system, for live tables, where nobody
//     should be able to predict the next roll.
//   - Script: forced results in draw order, for scenario files and for tables
//     that roll physical dice. When it runs dry, Run reports a *NeedError that
//     says which die is needed.
//   - Enumerate: runs a deterministic function once per dice path and returns
//     the exact distribution of its result.
//
// An Expr is a parsed dice expression such as "4d6kh3", "d20+2d10!" or, in the
// spellings Foundry and Roll20 use, "2d6r1", "4dF" or "8d6cs>4". Parse
// it once and Roll it as often as needed; rolling allocates nothing. Exact
// computes its probability distribution exactly, as fractions, by
// convolution and dynamic programming rather than by listing every roll.
package dice
