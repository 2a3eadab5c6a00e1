// Package blackpowder is the "blackpowder" combat system: d10 + attribute
// checks against Evade, group initiative, one action a round, dodges that
// cost the action, Toughness, criticals on a natural 10, Consciousness
// checks below 0 LP, and black-powder guns that jam on doubles.
//
// The rulings it applies, each with the rule id it implements, are listed
// in docs/rules/blackpowder.md.
package blackpowder
