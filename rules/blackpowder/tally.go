package blackpowder

import (
	"unsafe"

	"fray/engine"
)

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

// TallyAll adds to t what each of events does, as Tally says, combatants
// by roster position; see engine.BulkTally.
func (Rules) TallyAll(s *State, events []Event, t *engine.Tallies) {
	if tallied, ok := s.hot.talliedOf(events); ok {
		for _, e := range tallied {
			tallyInto(s, e, t)
		}
		return
	}
	for _, e := range events {
		switch e.(type) {
		case *DamageDealt, *ConsciousnessRolled, *Died:
			tallyInto(s, e, t)
		}
	}
}

// tallyInto adds to t what e does, as Tally says.
func tallyInto(s *State, e Event, t *engine.Tallies) {
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

// tally records, on a Step's path (h not nil), that the Step emitted e,
// an event Tally counts.
func (h *hotMemory) tally(e Event) {
	if h != nil {
		h.tallied = append(h.tallied, e)
	}
}

// talliedOf returns the events among events that Tally counts, as the
// Step that emitted them recorded them, when they are the events the last
// Step on h's state returned: the very same list, which is valid only
// until the next Step. ok is false for any other events, whose every
// event the caller reads.
func (h *hotMemory) talliedOf(events []Event) (tallied []Event, ok bool) {
	if h == nil || len(events) == 0 || len(events) != len(h.stepped) || unsafe.SliceData(events) != unsafe.SliceData(h.stepped) {
		return nil, false
	}
	return h.tallied, true
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
