package parts

// DefaultRoundLimit is the round limit rulesets apply when an encounter
// sets none: a fight still going after it ends as a draw, so that
// simulations of fights nobody can win still end.
const DefaultRoundLimit = 100

// RoundLimitReached reports whether a fight whose round number done has
// just ended must end as a draw under round limit limit (0 for none).
func RoundLimitReached(limit, done int) bool { return limit > 0 && done >= limit }

// JoinsAfter reports whether a late joiner due to arrive after round joins
// (0 for one present from the start) arrives once round done has ended.
func JoinsAfter(joins, done int) bool { return joins > 0 && joins <= done }

// LastSide reports whether a fight is over because fewer than two sides
// have anyone left in it, and names the side left: "" when nobody is
// (a draw). side and in say, for combatant i of n, its side and whether
// it is still in the fight (standing, or yet to arrive).
func LastSide(n int, side func(i int) string, in func(i int) bool) (winner string, over bool) {
	found := false
	for i := range n {
		if !in(i) {
			continue
		}
		s := side(i)
		if !found {
			winner, found = s, true
			continue
		}
		if s != winner {
			return "", false
		}
	}
	return winner, true
}

// Tag appends an outcome tag of a decision whose actor is actor to tags:
// name as it is when who is the actor, else prefixed with who's id and a
// colon ("bob:hit"), as engine.Simulation's Outcome tags others' results.
func Tag(tags []string, actor, who, name string) []string {
	if who != actor {
		name = who + ":" + name
	}
	return append(tags, name)
}

// IDs lists the id of each of cs in order, as a ruleset's Roster lists
// its combatants.
func IDs[C any](cs []C, id func(*C) string) []string {
	ids := make([]string, len(cs))
	for i := range cs {
		ids[i] = id(&cs[i])
	}
	return ids
}
