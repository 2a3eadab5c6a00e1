package blackpowder

import (
	"testing"

	"fray/engine"
)

// TestRefusalsMadeOnce holds the hot memory's refusals to what the
// table's path says, made once a combatant and reason, and the kept
// commands to being found again for a fight's worth of attacks.
func TestRefusalsMadeOnce(t *testing.T) {
	c := &Combatant{Name: "Markus", Status: Unconscious}
	var h hotMemory
	var table *hotMemory
	for _, tc := range []struct {
		why  refusal
		code engine.Code
		want string
	}{
		{refusedNoAction, engine.NotAllowedNow, "Markus has no action left"},
		{refusedFinished, engine.NotYourTurn, "Markus has finished this turn: only the immediate action (a draw, a quick reload) and the move alongside the action may be left"},
		{refusedFinishedQuick, engine.NotYourTurn, "Markus has finished this turn and used the immediate action"},
		{refusedOut, engine.NotAllowedNow, "Markus is unconscious"},
	} {
		kept, own := h.refuse(tc.why, c), table.refuse(tc.why, c)
		if kept.Error() != tc.want || own.Error() != tc.want || engine.CodeOf(kept) != tc.code || engine.CodeOf(own) != tc.code {
			t.Errorf("refusal %d: %q (%s) and %q (%s), want %q (%s)", tc.why, kept, engine.CodeOf(kept), own, engine.CodeOf(own), tc.want, tc.code)
		}
		if again := h.refuse(tc.why, c); again != kept {
			t.Errorf("refusal %d made again", tc.why)
		}
		if table.refuse(tc.why, c) == own {
			t.Errorf("refusal %d: the table's path shares one", tc.why)
		}
		if n := testing.AllocsPerRun(100, func() { h.refuse(tc.why, c) }); n != 0 {
			t.Errorf("refusal %d, kept before: %v allocations, want 0", tc.why, n)
		}
	}
	dead := &Combatant{Name: "Markus", Status: Dead}
	if got := h.refuse(refusedOut, dead).Error(); got != "Markus is dead" {
		t.Errorf("a dead combatant's refusal: %q", got)
	}

	// Five targets, each with two weapons in hand, and the attacks
	// declared on them and ruled a modifier: each is made once.
	targets := []string{"a", "b", "c", "d", "e"}
	weapons := []string{"knife", "pistol"}
	var pinned, declared, ruled []Command
	for _, target := range targets {
		for _, weapon := range weapons {
			pinned = append(pinned, h.keptAttack(Attack{Target: target, Weapon: weapon}))
		}
		d, _ := h.declarable(&Attack{Target: target})
		declared = append(declared, d)
		ruled = append(ruled, h.keptAttack(Attack{Target: target, Modifier: 2}))
	}
	h.declarable(&Reload{})
	for k, target := range targets {
		for j, weapon := range weapons {
			if h.keptAttack(Attack{Target: target, Weapon: weapon}) != pinned[2*k+j] {
				t.Errorf("the attack on %s with the %s was pinned anew", target, weapon)
			}
		}
		if d, _ := h.declarable(&Attack{Target: target}); d != declared[k] {
			t.Errorf("the attack on %s was declared anew", target)
		}
		if h.keptAttack(Attack{Target: target, Modifier: 2}) != ruled[k] {
			t.Errorf("the ruled attack on %s was made anew", target)
		}
		if table.keptAttack(Attack{Target: target, Modifier: 2}) == ruled[k] {
			t.Errorf("the table's path shares the ruled attack on %s", target)
		}
	}
}
