package vigor

import (
	"slices"
)

// apply records the initiative order and everyone's initiative; the
// first turn starts next.
func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	s.Order = slices.Clone(e.Order)
	for _, r := range e.Rolls {
		if c := s.Combatant(r.Combatant); c != nil {
			c.Initiative = r.Roll.Total
		}
	}
	s.Turn, s.Phase = -1, Acting
}

// apply starts the creature's turn: what lasted until it ends (R13, R16,
// A12), and its actions.
func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if i := slices.Index(s.Order, c.ID); i >= 0 {
		s.Turn = i
	}
	s.Phase = Acting
	c.Defending = false
	c.Ready = Readied{}
	c.Unaware = false
	c.Left = e.Actions
	s.ReadyChecked = s.Actions // only actions of this turn trigger
}

// apply spends the actions, and keeps what the act still owes (R10).
func (e *Acted) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Left = max(0, c.Left-e.Actions)
	if e.Act != "end_turn" {
		s.Actions++
	}
	if e.Owed > 0 {
		c.Carry = Carry{Act: e.Act, Target: e.Target, Owed: e.Owed}
	} else {
		c.Carry = Carry{}
	}
}

// apply pays the Vigor; a creature Winded on its own turn loses the rest
// of it (R38).
func (e *VigorSpent) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Vigor = max(0, e.Vigor)
	if e.Winded || c.Vigor == 0 {
		c.Winded = true
		if cur := s.Current(); cur != nil && cur.ID == c.ID {
			c.Left = 0 // the rest of the turn is lost (R38)
		}
	}
}

// apply keeps the declared attack for the GM's modifiers.
func (e *AttackDeclared) apply(s *State, h *hotMemory) {
	dc := new(Declared)
	if h != nil {
		dc = &h.declared
	}
	*dc = Declared{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, OffHand: e.OffHand, Via: e.Via, Mods: e.Mods, Then: e.Then, Ability: e.Ability}
	if e.Then != nil {
		f := *e.Then
		dc.Then = &f
	}
	s.Declared = dc
	s.Phase = Modifiers
}

// apply resolves the attack roll: a hit becomes the pending strike, which
// its target may defend against; a miss settles the fight.
func (e *AttackRolled) apply(s *State, h *hotMemory) {
	s.Declared = nil
	if c := s.Combatant(e.Attacker); c != nil {
		c.Hidden = false
	}
	if e.Opening {
		s.OpenAfter = e.Attacker
	}
	if e.Via != "" && s.Window != nil && len(s.Window.Ask) > 0 && s.Window.Ask[0] == e.Attacker {
		s.Window.Ask = s.Window.Ask[1:]
	}
	if c := s.Combatant(e.Attacker); c != nil && e.Via == "readied" {
		c.Ready = Readied{}
		if s.Counter == c.ID {
			s.Counter = ""
		}
	}
	if e.OffHand {
		s.OffHand = nil
	}
	if e.Then != nil {
		if h != nil {
			h.offHand = *e.Then
			s.OffHand = &h.offHand
		} else {
			f := *e.Then
			s.OffHand = &f
		}
	}
	t := s.Combatant(e.Target)
	if !e.Hit || t == nil {
		s.Strike = nil
		settle(s)
		if t != nil {
			t.Unaware = false
		}
		return
	}
	st := new(Strike)
	if h != nil {
		st = &h.strike
	}
	s.Strike = st
	*st = Strike{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, OffHand: e.OffHand, Via: e.Via,
		Total: e.Roll.Total, VS: e.VS, Charges: e.Charges, Challenges: e.Challenges, Ranged: e.Ranged,
		Incapacitated: t.Incapacitated(), Knockdown: e.Knockdown}
	if s.mayDefend(t, e.Behind) {
		s.Phase = Defending
	}
	t.Unaware = false
}

// apply ends the strike a Defense avoided.
func (e *DefenseRolled) apply(s *State, _ *hotMemory) {
	if e.Avoided {
		s.Strike = nil
		settle(s)
	}
}

// apply takes the damage, wears the armour, and asks for the GM's ruling
// the hit calls for, if any (R37, R39).
func (e *Damaged) apply(s *State, _ *hotMemory) {
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	t.Durability, t.Health = e.Durability, e.Health
	if e.Wounded {
		t.Wounded = true
	}
	if e.Shock {
		t.Shock, t.ShockLeft = true, t.Stamina
	}
	if e.Dead {
		t.Dead = true
	}
	if e.Destroyed {
		t.Destroyed = true
	}
	if e.Worn != "" {
		if i := slices.IndexFunc(t.Armor, func(a Armor) bool { return a.Name == e.Worn }); i >= 0 {
			t.Armor[i].Dur = e.ArmorLeft
			t.Armor[i].Destroyed = e.Broken
		}
	}
	st := s.Strike
	if st != nil {
		// Nothing reads the roll once the damage is in: forget it,
		// so that exact odds meet one situation, not one per total.
		st.Total, st.VS, st.Charges, st.Challenges, st.Ranged = 0, 0, 0, 0, false
	}
	switch {
	case st == nil:
	case t.Dead || t.Destroyed || t.Object:
		s.Strike = nil
		settle(s)
	case st.Incapacitated && !e.Immune && !e.Unliving:
		// A weapon that cannot harm the target cannot kill it
		// outright either (R32, R28): no ruling is asked.
		s.Phase = Kill
	case t.Incapacitated(), t.Prone:
		// Nothing more to rule: it is down already (R39).
		s.Strike = nil
		settle(s)
	default:
		s.Phase = Knockdown
	}
}

// apply knocks the creature down, spending the act it was making if it
// was its turn, and closes the strike.
func (e *KnockdownRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Down {
		c.Prone = true
		if e.Negated && s.Window != nil && s.Window.Opener == c.ID {
			s.Window.Act = ""
		}
	}
	s.Strike = nil
	settle(s)
}

// apply kills the creature if the GM said so, and closes the strike.
func (e *KillRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Killed {
		c.Dead = true
	}
	s.Strike = nil
	settle(s)
}

// apply makes the creature Defending until its next turn (R13).
func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = true
	}
}

// apply moves the creature; an escape that leaves every enemy's reach
// waits for the GM's ruling (A19).
func (e *Moved) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.X, c.Y = e.To.X, e.To.Y
	if w := s.Window; w != nil && w.Opener == c.ID && movesAfter(w.Act) {
		if w.Act == "escape" && s.outOfReach(c) {
			w.Act = "escaping"
			s.Phase = EscapeRuling
			return
		}
		s.Window = nil
	}
	settle(s)
}

// apply brings the late joiner in with its initiative and its place in
// the order.
func (e *Joined) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Away = false
		c.Initiative = e.Roll.Total
	}
	s.Order = append(s.Order[:0], e.Order...)
}

// apply pays the Mana.
func (e *ManaSpent) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Mana = max(0, e.Mana)
	}
}

// apply opens the window to those it asks.
func (e *WindowOpened) apply(s *State, h *hotMemory) {
	if e.Act == "ability" {
		s.OpenAfter = ""
	}
	w := new(Window)
	var ask []string
	if h != nil {
		w, ask = &h.window, h.window.Ask[:0]
	}
	*w = Window{Kind: e.What, Opener: e.Opener, Act: e.Act, Dest: e.Dest, Ask: append(ask, e.Ask...)}
	s.Window = w
	if e.What == "readied" {
		s.ReadyChecked = s.Actions
	}
	settle(s)
}

// apply uses up one of the item's uses and gives the target what it
// restored.
func (e *ItemUsed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if it := c.Item(e.Item); it != nil {
			it.Left = e.Left
		}
	}
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	restored := false
	for _, r := range e.Restored {
		switch r.What {
		case "durability":
			t.Durability += r.Gain
			restored = restored || r.Gain > 0
		case "health":
			t.Health += r.Gain
			restored = restored || r.Gain > 0
		case "vigor":
			t.Vigor += r.Gain
			if t.Winded && t.Vigor >= WindedUntil {
				t.Winded = false // R38: checked on every gain
			}
		case "mana":
			t.Mana += r.Gain
		}
	}
	s.heal(t, restored)
}

// apply keeps the readied attack that answers the hit.
func (e *Countered) apply(s *State, _ *hotMemory) { s.Counter = e.Combatant }

// apply drops what the creature let go: the readied attack answering a
// hit, its turn at the window, or the off-hand attack.
func (e *Passed) apply(s *State, _ *hotMemory) {
	if e.What == "readied" {
		s.Counter = ""
	} else if w := s.Window; w != nil && len(w.Ask) > 0 && w.Ask[0] == e.Combatant {
		w.Ask = w.Ask[1:]
	} else {
		s.OffHand = nil
	}
	settle(s)
}

// apply takes an escaped creature out of the fight and closes the window.
func (e *Escaped) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Escaped {
		c.Escaped = true
	}
	s.Window = nil
	settle(s)
}

// apply ends prone.
func (e *StoodUp) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Prone = false
	}
}

// apply keeps the readied attack until the creature's next turn.
func (e *ReadiedAction) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Ready = Readied{Target: e.Target, Weapon: e.Weapon}
	}
}

// apply gives what a successful aid or stabilization does.
func (e *SkillRolled) apply(s *State, _ *hotMemory) {
	t := s.Combatant(e.Target)
	if t == nil || !e.Success {
		return
	}
	switch e.Purpose {
	case "aid":
		t.Durability = e.Durability
		s.heal(t, true) // a Shock goes on (A33)
	case "stabilize":
		t.Stabilized = true
	}
}

// apply gives each creature what the Recovery Phase gave it, and counts
// its Shock down.
func (e *Recovered) apply(s *State, _ *hotMemory) {
	if s.Options.GMPrompts {
		s.Phase = EndRuling
	}
	for _, r := range e.Changes {
		c := s.Combatant(r.Combatant)
		if c == nil {
			continue
		}
		c.Vigor, c.Winded = r.Vigor, r.Winded
		if c.Shock {
			c.ShockLeft = r.ShockLeft
		}
		if r.Died {
			c.Dead = true
		}
		c.Durability += r.Durability
		c.Mana += r.Mana
		c.Health += r.Health
		s.heal(c, r.Durability > 0 || r.Health > 0)
	}
}

// apply starts the round, before its first turn.
func (e *RoundStarted) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	s.Turn = -1
	s.Phase = Acting
}

// apply decides the fight, leaving the GM its rests.
func (e *Decided) apply(s *State, _ *hotMemory) {
	s.Phase, s.Winner, s.Reason = Aftermath, e.Winner, e.Reason
	s.clearPending()
}

// apply gives each creature what the rest gave it.
func (e *Rested) apply(s *State, _ *hotMemory) {
	for _, r := range e.Changes {
		c := s.Combatant(r.Combatant)
		if c == nil {
			continue
		}
		if r.Died {
			c.Dead = true
			continue
		}
		restored := r.Durability > c.Durability || r.Health > c.Health
		c.Vigor, c.Durability, c.Health, c.Mana = r.Vigor, r.Durability, r.Health, r.Mana
		if c.Shock {
			c.ShockLeft = r.ShockLeft
		}
		if c.Winded && c.Vigor >= WindedUntil {
			c.Winded = false
		}
		s.heal(c, restored)
	}
}

// apply ends the fight.
func (e *FightEnded) apply(s *State, _ *hotMemory) {
	s.Phase, s.Winner, s.TimedOut, s.Reason = Over, e.Winner, e.TimedOut, ""
	s.clearPending()
}

// clearPending drops everything pending once the fight is decided: the
// strike, the window, the off-hand attack, the declared attack, the
// opening to come and the readied answer.
func (s *State) clearPending() {
	s.Strike, s.Window, s.OffHand, s.Declared, s.OpenAfter, s.Counter = nil, nil, nil, nil, "", ""
}

// settle sets the phase once nothing is pending: the next creature of an
// open window, or back to the turn. A window whose askers are done closes
// unless its escape still has to move.
func settle(s *State) {
	if s.Strike != nil || s.Declared != nil || s.Phase == Over {
		return
	}
	if w := s.Window; w != nil {
		if len(w.Ask) > 0 {
			s.Phase = Offering
			return
		}
		opener := s.Combatant(w.Opener)
		if !movesAfter(w.Act) || opener == nil || !opener.In() || opener.Prone {
			s.Window = nil
		}
	}
	s.Phase = Acting
}

// movesAfter reports whether an opening's act is a move that goes on
// once the window closes: an escape (R14), or a move out of reach with
// A18's option.
func movesAfter(act string) bool { return act == "escape" || act == "move" }

// openingBy says in words how an opener gives its opening.
func openingBy(act string) string {
	switch act {
	case "escape", "escaping":
		return "escaping"
	case "stand":
		return "standing up"
	case "move":
		return "moving out of reach"
	}
	return "its ability"
}

// outOfReach reports whether no enemy still in the fight could reach the
// creature in melee (A19).
func (s *State) outOfReach(c *Combatant) bool {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.Side == c.Side || !o.In() {
			continue
		}
		if s.meleeWeapon(o, c) != nil {
			return false
		}
	}
	return true
}

// heal looks at a creature that got Durability or Health back (restored;
// else only at its Shock): Wounded ends once it has Durability again, or
// with the wounded_ends option at full_health once its Health is full as
// well (A08); Shock ends once Health is 1 or more (R36, A41).
func (s *State) heal(c *Combatant, restored bool) {
	if restored && c.Wounded && c.Durability > 0 && (!s.Options.WoundedEndsAtFullHealth || c.Health >= c.HealthMax) {
		c.Wounded = false
	}
	if c.Shock && c.Health > 0 {
		c.Shock, c.ShockLeft, c.Stabilized = false, 0, false
	}
}
