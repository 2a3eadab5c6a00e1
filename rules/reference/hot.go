package reference

import "fray/rules/parts"

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto and
// ViewInto): the commands Moves lists, the events Step emits and a view's
// copies. It belongs to one state value: Clone leaves it behind,
// ScratchInto and ViewInto keep the destination's own, and it is no part
// of the fight or its JSON. Decide and Evolve, the table's path, never use
// it, so the commands and events a table logs are values of their own.
type hotMemory struct {
	// The commands of the last Moves.
	attacks parts.Pool[Attack]
	feints  parts.Pool[Feint]

	// The events of the last Step, and the dice of its damage.
	attackDeclared parts.Pool[AttackDeclared]
	attackRolled   parts.Pool[AttackRolled]
	defended       parts.Pool[Defended]
	dodged         parts.Pool[Dodged]
	damaged        parts.Pool[Damaged]
	unbalanced     parts.Pool[Unbalanced]
	roundStarted   parts.Pool[RoundStarted]
	ints           []int

	// blow is the pending blow of a state Step changes, reused attack
	// after attack.
	blow Blow
	// weapons holds the weapons of a view's combatants.
	weapons []Weapon
}

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.attackDeclared.Reset()
	h.attackRolled.Reset()
	h.defended.Reset()
	h.dodged.Reset()
	h.damaged.Reset()
	h.unbalanced.Reset()
	h.roundStarted.Reset()
	h.ints = h.ints[:0]
}

// damageDice returns n dice for an event: from hot memory when there is some,
// else a slice of their own.
func damageDice(h *hotMemory, n int) []int {
	if h == nil {
		return make([]int, n)
	}
	start := len(h.ints)
	h.ints = append(h.ints, make([]int, n)...)
	return h.ints[start:len(h.ints):len(h.ints)]
}

func (h *hotMemory) attackDeclaredEvents() *parts.Pool[AttackDeclared] { return &h.attackDeclared }
func (h *hotMemory) attackRolledEvents() *parts.Pool[AttackRolled]     { return &h.attackRolled }
func (h *hotMemory) defendedEvents() *parts.Pool[Defended]             { return &h.defended }
func (h *hotMemory) dodgedEvents() *parts.Pool[Dodged]                 { return &h.dodged }
func (h *hotMemory) damagedEvents() *parts.Pool[Damaged]               { return &h.damaged }
func (h *hotMemory) unbalancedEvents() *parts.Pool[Unbalanced]         { return &h.unbalanced }
func (h *hotMemory) roundStartedEvents() *parts.Pool[RoundStarted]     { return &h.roundStarted }

// copyInto makes *dst a copy of s reusing dst's memory: its combatants and
// its hot memory, which it keeps and where its pending blow goes. With ownWeapons the
// combatants' weapons are copied into dst's hot memory; otherwise they are
// shared with s, which the rules never change.
func copyInto(dst, s *State, ownWeapons bool) {
	combatants, hot := dst.Combatants[:0], dst.hot
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	if s.Pending != nil {
		h := dst.hotMemory()
		h.blow = *s.Pending
		dst.Pending = &h.blow
	}
	if !ownWeapons {
		return
	}
	h := dst.hotMemory()
	h.weapons = h.weapons[:0]
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		if c.Weapons == nil {
			continue
		}
		start := len(h.weapons)
		h.weapons = append(h.weapons, c.Weapons...)
		// Capped, so that appending to one combatant's weapons never
		// writes over the next one's.
		c.Weapons = h.weapons[start:len(h.weapons):len(h.weapons)]
	}
}
