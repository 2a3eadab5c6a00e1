package blackpowder

import (
	"fray/engine"
	"fray/rules/parts"
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
	return parts.IDs(s.Combatants, func(c *Combatant) string { return c.ID })
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

// tallying reports whether Steps on the state add up what they do
// (TallySteps): on a Step's path (h not nil), when a simulation asked.
func (h *hotMemory) tallying() bool { return h != nil && h.tallies != nil }

// tally adds to the tallies of TallySteps what an event does to the
// combatant at roster position i, when tallying: the event's apply, which
// has found its target, calls it with the event's counts.
func (h *hotMemory) tally(i int, c counts) {
	if !h.tallying() {
		return
	}
	t := h.tallies
	if c.damage != 0 {
		t.Taken[i] += int64(c.damage)
		if c.source >= 0 {
			t.Dealt[c.source] += int64(c.damage)
		}
	}
	t.Down[i] = t.Down[i] || c.down || c.dead
	t.Dead[i] = t.Dead[i] || c.dead
}

// counts is what an event Tally counts does to its target, beside who
// the target is: the damage it takes and the roster position of its
// source (-1 for nobody), whether it falls, whether it dies.
type counts struct {
	damage, source int
	down, dead     bool
}

// The counts of the events Tally counts.
func (e *DamageDealt) counts(s *State) counts {
	return counts{damage: e.Effective, source: s.index(e.Source)}
}
func (e *ConsciousnessRolled) counts() counts { return counts{source: -1, down: !e.Success} }
func (*Died) counts() counts                  { return counts{source: -1, down: true, dead: true} }

// tallyOf is Tally by roster position: the target's, -1 for none (an
// event that happens to no combatant), and the source's, -1 for nobody.
func tallyOf(s *State, e Event) (target, source, damage int, down, dead bool) {
	var c counts
	switch e := e.(type) {
	case *DamageDealt:
		target, c = s.index(e.Target), e.counts(s)
	case *ConsciousnessRolled:
		if e.Success {
			return -1, -1, 0, false, false
		}
		target, c = s.index(e.Target), e.counts()
	case *Died:
		target, c = s.index(e.Target), e.counts()
	default:
		return -1, -1, 0, false, false
	}
	return target, c.source, c.damage, c.down, c.dead
}

// TimedOut reports whether the round limit ended the fight.
func (Rules) TimedOut(s *State) bool { return s.Over && s.TimedOut }
