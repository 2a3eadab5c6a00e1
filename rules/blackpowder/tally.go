package blackpowder

import "fray/engine"

// The methods below tell tools that run many fights (fray sim) more about
// a fight than the engine's interfaces do. They use only builtin types, so
// that this package needs to know nothing of those tools.

// Round returns the round the fight is in, or ended in; 0 while initiative
// is rolled.
func (Rules) Round(s *State) int { return s.Round }

// Roster returns the ids of every combatant, in roster order, those still
// to join the fight included.
func (Rules) Roster(s *State) []string {
	ids := make([]string, len(s.Combatants))
	for i := range s.Combatants {
		ids[i] = s.Combatants[i].ID
	}
	return ids
}

// Tally says what event e does to a combatant: the LP it loses to damage
// (effective damage, after Toughness) and who dealt it (an exploding gun
// is nobody's doing), whether it falls unconscious (a failed Consciousness
// check, after damage or a stun), whether it dies. It reads from s only
// who is who.
func (Rules) Tally(s *State, e Event) (target, source string, damage int, down, dead bool) {
	t, src, damage, down, dead := tallyOf(s, e)
	if t < 0 {
		return "", "", 0, false, false
	}
	if src >= 0 {
		source = s.Combatants[src].ID
	}
	return s.Combatants[t].ID, source, damage, down, dead
}

// TallySteps makes every Step on s add to t what its events do, as Tally
// says, combatants by roster position; see engine.StepTally. It is kept
// in s's hot memory, which ScratchInto onto s keeps and Clone leaves
// behind.
func (Rules) TallySteps(s *State, t *engine.Tallies) { s.hotMemory().tallies = t }

// tally adds to the tallies of TallySteps, on a Step's path (h not nil),
// what e does, an event Tally counts, applied to s.
func (h *hotMemory) tally(s *State, e Event) {
	if h == nil || h.tallies == nil {
		return
	}
	t := h.tallies
	i, src, damage, down, dead := tallyOf(s, e)
	if i < 0 {
		return
	}
	if damage != 0 {
		t.Taken[i] += int64(damage)
		if src >= 0 {
			t.Dealt[src] += int64(damage)
		}
	}
	t.Down[i] = t.Down[i] || down || dead
	t.Dead[i] = t.Dead[i] || dead
}

// tallyOf is Tally by roster position: the target's, -1 for none (an
// event that happens to no combatant), and the source's, -1 for nobody.
func tallyOf(s *State, e Event) (target, source, damage int, down, dead bool) {
	switch e := e.(type) {
	case *DamageDealt:
		return s.index(e.Target), s.index(e.Source), e.Effective, false, false
	case *ConsciousnessRolled:
		if !e.Success {
			return s.index(e.Target), -1, 0, true, false
		}
	case *Died:
		return s.index(e.Target), -1, 0, true, true
	}
	return -1, -1, 0, false, false
}

// TimedOut reports whether the round limit ended the fight.
func (Rules) TimedOut(s *State) bool { return s.Over && s.TimedOut }
