// Package tempo is the tempo combat system: 12 action points a round
// shared between proactive actions, reactions and counter-tempo
// replacements; opposed checks read by subtraction against each action's
// outcome ladder; statuses (off guard, on guard, bound, grappled, pinned)
// that decide which actions exist; and a feint declared in secret.
//
// docs/rules/tempo.md lists the vocabulary and every ruling the package
// applies, each with the rule id it implements.
package tempo
