package tempo

import (
	"fray/engine"
	"fray/rules/parts"
)

// The methods below are the Simulation and Odds capabilities (see
// engine.Ruleset): what tools that run or weigh many fights (fray sim,
// fray odds) need to know of a fight beyond the rules.

// Round returns the round the fight is in, or ended in; 0 before
// initiative.
func (Rules) Round(s *State) int {
	if !s.Started {
		return 0
	}
	if lim := s.Options.RoundLimit; parts.RoundLimitReached(lim, s.Round) {
		return lim
	}
	return s.Round + 1
}

// Roster returns the ids of every combatant, in roster order, late joiners
// included.
func (Rules) Roster(s *State) []string {
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
}

// Tally says what event e, about to be applied to s, does to a combatant:
// the health it loses and to whom, whether it goes down, whether it dies.
func (Rules) Tally(s *State, e Event) (target, source string, damage int, down, dead bool) {
	switch e := e.(type) {
	case *Damaged:
		return e.Target, e.Attacker, e.Taken, false, false
	case *Fell:
		return e.Combatant, "", 0, true, e.Dead
	}
	return "", "", 0, false, false
}

// TallySteps makes every Step on s add to t what its events do, as Tally
// says, combatants by roster position; see engine.StepTally. It is kept
// in s's hot memory, which ScratchInto onto s keeps and Clone leaves
// behind.
func (Rules) TallySteps(s *State, t *engine.Tallies) { s.hotMemory().tallies = t }

// tally adds to the tallies of TallySteps, on a Step's path (h not nil),
// what an event Tally counts does to target, one of s's combatants: the
// damage it takes from source (the dealer's id), whether it goes down,
// whether it dies.
func (h *hotMemory) tally(s *State, target *Combatant, source string, damage int, down, dead bool) {
	if h == nil || h.tallies == nil || target == nil {
		return
	}
	t := h.tallies
	i := s.index(target)
	if damage != 0 {
		t.Taken[i] += int64(damage)
		if src := s.combatant(source); src != nil {
			t.Dealt[s.index(src)] += int64(damage)
		}
	}
	t.Down[i] = t.Down[i] || down || dead
	t.Dead[i] = t.Dead[i] || dead
}

// Condition names a combatant's condition: dead, down, or its status; the
// first two take it out of the fight.
func (Rules) Condition(s *State, combatant string) (string, bool) {
	c := s.combatant(combatant)
	switch {
	case c == nil:
		return "absent", false
	case c.Dead:
		return "dead", true
	case c.Down:
		return "down", true
	}
	return string(c.Status), false
}

// Outcome summarises what one decision's events did, for exact odds. Each
// check gives a tag ACTION:OUTCOME ("parry:bind", "combat-move:critical-
// success", with ":void" when an opponent voided it); an attack that lands
// also gives "hit" (and "critical" when it ignores armour), one that does
// not "miss"; a revealed feint gives "feint". Tags about anyone but actor
// start with that one's id ("bob:parry:bind", "bob:hit"). The tags are
// appended to tags; the health each combatant lost is added to damage, an
// entry per combatant in roster order.
func (Rules) Outcome(before *State, actor string, events []Event, after *State, tags []string, damage []int) []string {
	tag := func(who, name string) { tags = tagsOf(after).Tag(tags, actor, who, name) }
	for _, e := range events {
		switch e := e.(type) {
		case *Checked:
			r := rules(e.Action)
			tag(e.Combatant, checkTag(r, e.Action, e.Outcome, e.Void))
			if r.damages != nil {
				critical, lands := r.deals(e.Outcome)
				switch {
				case lands && !e.Void:
					tag(e.Combatant, "hit")
					if critical {
						tag(e.Combatant, "critical")
					}
				default:
					tag(e.Combatant, "miss")
				}
			}
		case *Damaged:
			// Ids are unique in a fight: the one combatant of the id,
			// found as the rules find it (see combatant).
			if i := before.index(before.combatant(e.Target)); i >= 0 && i < len(damage) {
				damage[i] += e.Taken
			}
		case *FeintRevealed:
			tag(e.Actor, "feint")
		}
	}
	return tags
}

// TimedOut reports whether the round limit ended the fight.
func (Rules) TimedOut(s *State) bool { return s.Ended && s.TimedOut }
