package blackpowder

import (
	"fmt"

	"fray/engine"
)

// stunDamage applies stun damage S (R43, A36): below the target's LP it
// does nothing; otherwise O = S - LP, and a Consciousness check against
// O + 5 either knocks the target out (LP unchanged) or costs O LP.
func (r *run) stunDamage(t *Combatant, sDamage int) {
	ev := engine.New(r.arena(), stunnedKind, Stunned{Target: t.ID, S: sDamage, Reaches: sDamage >= t.LP})
	if !ev.Reaches {
		r.emit(ev)
		return
	}
	ev.Loss = sDamage - t.LP
	r.emit(ev)
	r.consciousness(t, ev.Loss+5, true, ev.Loss)
}

// consciousness rolls a Consciousness check: d10 + Willpower + Pain
// Resistance against the difficulty, no die when it cannot succeed (R25,
// A37).
func (r *run) consciousness(t *Combatant, difficulty int, stun bool, loss int) {
	bonus := t.Willpower + t.skill(skillPainResistance)
	r.emit(engine.New(r.arena(), consciousnessRolledKind, ConsciousnessRolled{Target: t.ID, Roll: r.passFail(bonus, difficulty), Stun: stun, Loss: loss}))
}

// Stunned: a stun attack's stun damage S (R43, A36); Loss is S - LP, what
// a passed Consciousness check costs, when S reaches LP.
type Stunned struct {
	Target  string `json:"target"`
	S       int    `json:"s"`
	Reaches bool   `json:"reaches"`
	Loss    int    `json:"loss,omitempty"`
}

// The kinds of consciousness.go's events.
var (
	consciousnessRolledKind = engine.Add[ConsciousnessRolled](events, "consciousness_rolled")
	stunnedKind             = engine.Add[Stunned](events, "stunned")
)

func (*Stunned) apply(*State, *hotMemory) {
	// The check that follows carries the consequences.
}

func (e *Stunned) describe(s *State) string {
	if !e.Reaches {
		return fmt.Sprintf("%s takes stun damage %d, below their LP: nothing happens", s.name(e.Target), e.S)
	}
	return fmt.Sprintf("%s takes stun damage %d: %d over their LP", s.name(e.Target), e.S, e.Loss)
}

// ConsciousnessRolled: the check when LP drops below 0 (R25). Die is 0 when
// the check could not succeed and no die was drawn (A37).
type ConsciousnessRolled struct {
	Target string `json:"target"`
	Roll
	// Stun is set for the check after a stun attack: success costs Loss
	// LP (floor 0), failure knocks out with LP unchanged (R43, A36).
	Stun bool `json:"stun,omitempty"`
	Loss int  `json:"loss,omitempty"`
}

func (e *ConsciousnessRolled) apply(s *State, h *hotMemory) {
	i := s.index(e.Target)
	h.tally(i, e.counts())
	h.leftFight() // on a failure
	t := &s.Combatants[i]
	t.Fatigue++
	switch {
	case e.Success && e.Stun:
		t.LP = max(0, t.LP-e.Loss)
	case e.Success:
		t.LP = 0
	default:
		t.Status = Unconscious
		t.ReviveDifficulty = e.Difficulty
		fall(s, t)
	}
}

func (e *ConsciousnessRolled) describe(s *State) string {
	if e.Die == 0 {
		return fmt.Sprintf("%s's Consciousness check vs %d cannot succeed: unconscious", s.name(e.Target), e.Difficulty)
	}
	return fmt.Sprintf("%s's Consciousness check: d10=%d → %d vs %d: %s", s.name(e.Target), e.Die, e.Total, e.Difficulty, verdict(e.Success))
}
