package tempo

import "slices"

// evolve applies one event. It never fails and draws no dice. With h set
// (stepping) the state's exchange and replacement are h's, reused; the
// table's Evolve has none and makes new ones.
func evolve(s *State, e Event, h *hotMemory) {
	switch e := e.(type) {
	case *InitiativeRolled:
		if c := s.combatant(e.Combatant); c != nil && !e.RollOff {
			c.Initiative = e.Total
		}
	case *OrderSet:
		if h == nil {
			s.Order = slices.Clone(e.Order)
		} else {
			s.Order = append(h.order[:0], e.Order...)
			h.order = s.Order
		}
		s.Started = true
		s.Turn = 0
		for i := range s.Combatants {
			if s.Combatants[i].Joins == 0 {
				s.Combatants[i].Present = true
			}
		}
	case *Joined:
		if c := s.combatant(e.Combatant); c != nil {
			c.Present = true
			c.Initiative = e.Total
			s.Order = slices.Insert(s.Order, min(max(e.Position, 0), len(s.Order)), e.Combatant)
		}
	case *TurnStarted:
		s.Turn = e.Turn
		s.InTurn = true
	case *ActionDeclared:
		c := s.combatant(e.Actor)
		if c == nil {
			return
		}
		c.AP = max(0, c.AP-e.Declared.Paid)
		keepsAim := e.Declared.Aimed && s.Options.AimPersists
		if !keepsAim {
			c.Aimed = ""
		}
		if h == nil {
			s.Exchange = &Exchange{Actor: e.Actor, Act: e.Declared.clone(), Candidates: slices.Clone(e.Candidates)}
			return
		}
		x := h.newExchange()
		x.Actor, x.Act = e.Actor, Declared{Action: e.Declared.Action, Target: e.Declared.Target, Weapon: e.Declared.Weapon,
			Path: append(x.Act.Path, e.Declared.Path...), Mod: e.Declared.Mod, Paid: e.Declared.Paid, Aimed: e.Declared.Aimed}
		x.Candidates = append(x.Candidates, e.Candidates...)
		s.Exchange = x
	case *Reacted:
		if c := s.combatant(e.Reaction.Reactor); c != nil {
			c.AP = max(0, c.AP-e.Reaction.Paid)
		}
		if x := s.Exchange; x != nil {
			x.Reactions = append(x.Reactions, e.Reaction)
			x.Asked++
		}
	case *DidNotReact:
		if x := s.Exchange; x != nil {
			x.Asked++
		}
	case *Replaced:
		if c := s.combatant(e.Actor); c != nil {
			c.AP = max(0, c.AP-e.Replacement.Paid)
		}
		if x := s.Exchange; x != nil {
			if h == nil {
				r := e.Replacement
				x.Replacement = &r
			} else {
				h.replacement = e.Replacement
				x.Replacement = &h.replacement
			}
			x.CounterTempo = true
		}
	case *Kept:
		if x := s.Exchange; x != nil {
			x.CounterTempo = true
		}
	case *Checked:
		if x := s.Exchange; x != nil {
			x.Resolved = true
		}
	case *Damaged:
		if c := s.combatant(e.Target); c != nil {
			c.Health -= e.Taken
		}
		if x := s.Exchange; x != nil && e.Target == x.Actor && e.Attacker != x.Actor {
			if hitter := s.combatant(e.Attacker); hitter != nil {
				if w, ok := hitter.weapon(e.Weapon); ok {
					x.Hits = append(x.Hits, Hit{Hitter: e.Attacker, Threat: threat(w)})
				}
			}
		}
	case *Fell:
		if c := s.combatant(e.Combatant); c != nil {
			c.Down = true
			c.Dead = c.Dead || e.Dead
			c.Aimed = ""
		}
	case *Moved:
		if c := s.combatant(e.Combatant); c != nil && len(e.Path) > 0 {
			c.At = e.Path[len(e.Path)-1]
		}
	case *AimTaken:
		if c := s.combatant(e.Combatant); c != nil {
			c.Aimed = e.Weapon
		}
	case *Disposed:
		if c := s.combatant(e.Combatant); c != nil {
			c.Status = e.Status
			c.BoundWith = e.BoundWith
			c.BoundWeapon = e.BoundWeapon
			c.GrappledWith = slices.Clone(e.GrappledWith)
			c.PinnedBy = e.PinnedBy
		}
	case *Disarmed:
		if c := s.combatant(e.Combatant); c != nil {
			if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == e.Weapon }); i >= 0 {
				s.Dropped = append(s.Dropped, Dropped{Weapon: c.Weapons[i], At: e.At})
				c.Weapons = slices.Delete(c.Weapons, i, i+1)
			}
			if c.Aimed == e.Weapon {
				c.Aimed = ""
			}
		}
	case *PickedUp:
		if c := s.combatant(e.Combatant); c != nil {
			i := slices.IndexFunc(s.Dropped, func(d Dropped) bool { return d.Weapon.Name == e.Weapon && d.At == c.At })
			if i >= 0 {
				c.Weapons = append(c.Weapons, s.Dropped[i].Weapon)
				s.Dropped = slices.Delete(s.Dropped, i, i+1)
			}
		}
	case *Chose:
		if c := s.combatant(e.Combatant); c != nil && e.To != nil {
			c.At = *e.To
		}
		if x := s.Exchange; x != nil && len(x.Choices) > 0 {
			x.Choices = x.Choices[1:]
		}
	case *DestinationsPending:
		if x := s.Exchange; x != nil {
			if h == nil {
				x.Choices = slices.Clone(e.Choices)
			} else {
				x.Choices = append(x.Choices[:0], e.Choices...)
			}
		}
	case *FeintRevealed:
	case *ExchangeEnded:
		s.Exchange = nil
	case *TurnEnded:
		s.InTurn, s.Stalled = false, false
		if c := s.combatant(e.Combatant); c != nil {
			c.Aimed = ""
		}
	case *StaminaRecovered:
		if c := s.combatant(e.Combatant); c != nil {
			c.AP = e.AP
		}
	case *RoundEnded:
		s.Round = e.Round
		s.Turn = 0
	case *FightEnded:
		s.Ended = true
		s.Winner = e.Winner
		s.TimedOut = e.TimedOut
		s.InTurn = false
		s.Exchange = nil
		// R39: with the fight over, everyone has full AP and is off
		// guard; binds, grapples, pins and aims end with it.
		for i := range s.Combatants {
			c := &s.Combatants[i]
			c.AP, c.Status = FullAP, OffGuard
			c.BoundWith, c.BoundWeapon, c.GrappledWith, c.PinnedBy, c.Aimed = "", "", nil, "", ""
		}
	}
}

// threat is how far a weapon strikes: a melee weapon's reach or a ranged
// weapon's range (R15).
func threat(w Weapon) int {
	if w.Kind == "ranged" {
		return w.Range
	}
	return w.Reach
}
