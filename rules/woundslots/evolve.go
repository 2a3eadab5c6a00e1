package woundslots

import "slices"

// Evolve applies one event. It never fails and draws no dice; an event
// naming nobody changes nothing.
func (Rules) Evolve(s *State, e Event) { evolve(s, e) }

// evolve is Evolve.
func evolve(s *State, e Event) {
	switch e := e.(type) {
	case *SurpriseRuled:
		for i := range s.Combatants {
			if c := &s.Combatants[i]; c.Side == e.Side && c.Attributes.Prc <= 5 && (e.Combatant == "" || e.Combatant == c.ID) {
				c.Surprised = true
			}
		}
	case *StealthRolled:
	case *InitiativeRolled:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Initiative = e.Initiative
		}
	case *RoundStarted:
		s.Round = e.Round
		s.Phase, s.Turn = Acting, ""
		for i := range s.Combatants {
			c := &s.Combatants[i]
			c.Acted, c.TieBreak = false, 0
			c.PoolQuarters, c.PoolUsed = 0, 0
			c.Dashing, c.Harried, c.HarriedBy = false, 0, c.HarriedBy[:0]
			c.Dashes, c.DashBonus = 0, 0
		}
	case *APGained:
		if c := s.Combatant(e.Combatant); c != nil {
			c.AP = e.AP
		}
	case *TieBroken:
		if c := s.Combatant(e.Combatant); c != nil {
			c.TieBreak = e.Die
		}
	case *TurnStarted:
		s.Turn, s.Phase = e.Combatant, Acting
		if c := s.Combatant(e.Combatant); c != nil {
			c.Defending = false
			if c.Long != nil {
				c.Long.PaidNow = false
			}
		}
	case *ActionDeclared:
		s.Pending = s.newPending(Declared{Actor: e.Actor, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost, Command: e.Command})
		s.Queue = append(s.Queue[:0], e.Queue...)
		s.Phase = Window
		guardIfDefending(s)
	case *Passed:
		popQueue(s)
	case *Interrupted:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Initiative = e.Initiative
			if e.Readied {
				c.Readied, c.ReadyAction = false, Nested{}
			}
		}
		if e.Moment == "" {
			// A log from before out-of-turn actions: the interrupt's attack.
			s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost})
			s.Queue = s.Queue[:0]
			s.Phase = Window
			guardIfDefending(s)
			return
		}
		off := OffTurn{Who: e.Combatant, Moment: e.Moment, Cancels: e.Moment == AtDeclared && !e.Move && !e.Readied}
		if len(s.Queue) > 1 {
			off.Rest = s.Queue[1:]
		}
		if !off.Cancels {
			off.Held = s.Pending
		}
		s.Off = s.newOff(off)
		s.Pending, s.Queue, s.Moment, s.Phase = nil, s.Queue[:0], "", Acting
	case *CoverRuled:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Cover = e.Cover
		}
	case *Ordered:
		s.Off = s.newOff(OffTurn{Who: e.Mount, Moment: AtOrder})
		s.Phase = Acting
	case *OffTurnEnded:
		off := s.Off
		s.Off = nil
		switch {
		case off == nil || off.Cancels || off.Moment == AtOrder:
			s.Phase = Acting
		case off.Held != nil:
			s.Pending = s.newPending(*off.Held)
			s.Queue = append(s.Queue[:0], off.Rest...)
			s.Phase = Window
			guardIfDefending(s)
		default:
			s.Moment = off.Moment
			s.Queue = append(s.Queue[:0], off.Rest...)
			s.Phase = Window
			if len(s.Queue) == 0 {
				closeMoment(s)
			}
		}
	case *WindowOpened:
		s.Moment, s.Pending, s.Phase = e.Moment, nil, Window
		s.Queue = append(s.Queue[:0], e.Queue...)
	case *ActionGoesAhead:
		doneAction(s)
	case *HinderWon:
		s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Hindrance, Target: e.Target, Points: e.Yards})
		s.Phase = Choosing
	case *Harried:
		if t := s.Combatant(e.Target); t != nil {
			t.Harried += RangePenalty
			t.HarriedBy = append(t.HarriedBy, e.Combatant)
		}
		popQueue(s)
	case *Guarded:
		p := s.Pending
		if p == nil {
			s.Phase = Window
			return
		}
		if p.Striker == "" {
			p.Guard = e.Choice
			s.Phase = Window
			return
		}
		// A reaction's attack: back to where the fight was.
		s.Phase = p.StrikeFrom
		p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom = "", "", "", "", ""
		if p.Action == "strike" {
			s.Pending = nil
			return
		}
		guardIfDefending(s)
		moverChoice(s)
	case *APSpent:
		if c := s.Combatant(e.Combatant); c != nil {
			c.AP = e.AP
			c.Readied, c.ReadyAction = false, Nested{} // R47: any other action or reaction ends it
		}
	case *AttackRolled:
		if !e.Hit {
			doneIfOwn(s, e.Attacker)
		}
	case *InitiativeShifted:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Initiative = e.Initiative
		}
	case *ExtraRolled:
	case *NonlethalHit:
		if s.Pending != nil {
			s.Pending.Indicated, s.Pending.Final = e.Indicated, e.Final
		}
		s.Phase = Choosing
	case *Wounded:
		c := s.Combatant(e.Combatant)
		if c != nil && (e.Level > NoWound || e.Fate != "") {
			if e.Level > NoWound {
				*c.Wounds.At(e.Level)++
				c.Severity = c.Wounds.Severity()
			}
			c.Defending = false
			switch e.Fate {
			case "dying":
				c.Status, c.IsDying, c.Dying = Unconscious, true, 1
			case "unconscious":
				c.Status = Unconscious
			case "helpless":
				c.Helpless = 2
			case "dead":
				c.Status, c.IsDying, c.Dying = Dead, false, 0
			}
		}
		doneIfOwn(s, e.Attacker)
	case *Defended:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Defending = true
		}
	case *Seized:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Initiative = e.Initiative
		}
	case *PostureChanged:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Posture = e.To
		}
	case *StaminaPaid:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Stamina = e.Stamina
			setFatigue(c, e.Fatigue)
		}
	case *ConditionGained:
		if c := s.Combatant(e.Combatant); c != nil {
			// A new slice: states may share their conditions (ScratchInto).
			// The same condition gained again starts afresh.
			x := e.Condition
			x.Since = s.Round
			kept := slices.DeleteFunc(slices.Clone(c.Conditions), func(o Condition) bool { return o.Name == x.Name })
			c.Conditions = append(kept, x)
		}
	case *Exerted:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Stamina = e.Stamina
			setFatigue(c, e.Fatigue)
		}
	case *Dashed:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Dashing, c.Stamina = true, e.Stamina
			c.Dashes++
			c.DashBonus += e.RateBonus
			setFatigue(c, e.Fatigue)
		}
	case *Moved:
		if c := s.Combatant(e.Combatant); c != nil {
			c.AP -= e.AP
			c.PoolQuarters += e.Quarters
			c.PoolUsed += e.Yards
			s.put(c, e.X, e.Y)
			if m := s.mountOf(c); m != nil {
				s.put(m, e.X, e.Y)
			}
			if rider := s.Combatant(c.Rider); rider != nil {
				s.put(rider, e.X, e.Y) // a sentient mount carries its rider (R76)
			}
			if s.Pending != nil && s.Pending.Action == "move" && s.Pending.Actor == c.ID {
				doneAction(s)
			}
			leaveSpace(s, c)
		}
	case *ObjectUsed:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Long = nil
		}
	case *LongBegun:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Long = &Long{Object: e.Object, Action: e.Action, Command: e.Command, Remaining: e.Remaining, Rounds: e.Rounds, PaidNow: true}
		}
	case *LongDone:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Long = nil
			c.AP += e.AP
		}
	case *LongPaid:
		if c := s.Combatant(e.Combatant); c != nil && c.Long != nil {
			c.Long.Remaining, c.Long.Rounds, c.Long.PaidNow = e.Remaining, e.Rounds, true
		}
	case *LongCancelled:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Long = nil
		}
	case *TurnEnded:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Acted = true
			c.OpeningOn, c.OpeningTotal = "", 0
			if m := s.mountOf(c); m != nil {
				m.Acted = true
			}
			if s.Round == 1 {
				c.Surprised = false
			}
		}
		s.Turn, s.Pending, s.Queue = "", nil, s.Queue[:0]
		s.Phase, s.Moment, s.Off, s.Ending = Acting, "", nil, false
	case *RoundEnded:
		for i := range s.Combatants {
			c := &s.Combatants[i]
			c.Distracted = false
			if c.Helpless > 0 {
				c.Helpless--
			}
			if c.IsDying && c.Status == Unconscious {
				c.Dying++
			}
			if c.Status == Unconscious && !c.IsDying {
				c.OutRounds++
			} else {
				c.OutRounds = 0
			}
		}
	case *Died:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Status, c.IsDying, c.Dying = Dead, false, 0
		}
	case *Stabilized:
		if c := s.Combatant(e.Patient); c != nil && e.Success {
			c.IsDying, c.Dying = false, 0
		}
	case *WakeChecked:
		if c := s.Combatant(e.Combatant); c != nil && e.Woke && c.Status == Unconscious {
			c.Status, c.IsDying, c.Dying = Active, false, 0
		}
	case *WoundTreated:
		if c := s.Combatant(e.Patient); c != nil {
			moveWound(c, e.Level, e.To)
			setFatigue(c, e.Fatigue)
		}
	case *Rested:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Wounds.Light -= e.LightHealed
			woundsHealed(c)
			if e.Cleared {
				c.IsExhausted = false
			}
			setFatigue(c, e.Fatigue)
			c.Stamina, c.Mana = e.Stamina, e.Mana
			if e.Rest == "long" && e.Why == "" {
				c.LongRests++
			}
		}
	case *RecoveryRolled:
		if c := s.Combatant(e.Combatant); c != nil {
			if e.Level > NoWound {
				moveWound(c, e.Level, e.To)
			}
			c.RecoveryBonus = e.RecoveryBonus
			if e.Reach > NoWound {
				c.RecoverUpTo = e.Reach
				s.Queue = append(s.Queue, c.ID)
				s.Phase = Choosing
			}
		}
	case *RecoveryChosen:
		if c := s.Combatant(e.Combatant); c != nil {
			moveWound(c, e.Level, e.To)
			c.RecoverUpTo, c.RecoveryBonus = 0, 0
		}
		popQueue(s)
		if len(s.Queue) == 0 && s.Phase == Choosing && s.Pending == nil {
			s.Phase = Resting
		}
	case *Mounted:
		rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
		if rider != nil && m != nil {
			rider.Riding, rider.RidingSize, m.Rider = m.ID, m.Attributes.Size, rider.ID
			s.put(rider, m.X, m.Y)
		}
	case *Dismounted:
		if rider := s.Combatant(e.Rider); rider != nil {
			rider.Riding, rider.RidingSize, rider.Calming = "", 0, 0
			s.put(rider, e.X, e.Y)
		}
		if m := s.Combatant(e.Mount); m != nil {
			m.Rider = ""
			if s.Turn == e.Rider {
				m.Acted = true // R76: their one shared turn is this one
			}
		}
	case *Hurried:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Stamina = e.Stamina
			setFatigue(c, e.Fatigue)
		}
	case *ControlChecked:
		rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
		if rider == nil || m == nil {
			return
		}
		switch {
		case e.Why == "calming" && e.Kept:
			m.Bolting, rider.Calming = false, 0
		case e.Why == "calming":
			rider.Calming++
		case !e.Kept:
			m.Bolting = true
		}
	case *MoveDeclared:
		s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: "move", X: e.X, Y: e.Y})
		if e.From != nil {
			s.Pending.FromX, s.Pending.FromY, s.Pending.FromSet = e.From[0], e.From[1], true
		}
		s.Queue = append(s.Queue[:0], e.Queue...)
		s.Phase = Window
	case *Rebuffed:
		if s.Pending != nil {
			s.Pending.Rebuffed = true
		}
		popQueue(s)
		awaitGuard(s, e.Combatant, e.Target, e.Weapon, "rebuff")
	case *Clung:
		if s.Pending != nil {
			s.Pending.Clinger, s.Pending.Points, s.Pending.Split = e.Combatant, e.Points, false
		}
		popQueue(s)
		s.Phase = Choosing
	case *SplitChosen:
		if s.Pending != nil {
			s.Pending.Split, s.Pending.With, s.Pending.Cut = true, e.With, s.Pending.Cut+e.Cut
		}
		s.Phase = Window
		moverChoice(s)
	case *MoveGoesOn:
		if s.Pending != nil {
			s.Pending.Decided = true
		}
		s.Phase = Window
	case *MoveStopped:
		doneAction(s)
	case *Carried:
		if c := s.Combatant(e.Combatant); c != nil {
			s.put(c, e.X, e.Y)
			leaveSpace(s, c)
		}
	case *IgnoreChanged:
		if c := s.Combatant(e.Combatant); c != nil {
			if e.Ignoring {
				c.Ignoring = append(c.Ignoring, e.Target)
			} else {
				c.Ignoring = without(c.Ignoring, e.Target)
			}
		}
		if s.Phase == Window && s.Moment == AtFlanked && len(s.Queue) > 0 && s.Queue[0] == e.Combatant {
			popQueue(s)
		}
	case *Jumped:
		if c := s.Combatant(e.Combatant); c != nil {
			c.AP -= e.AP
			c.PoolQuarters += e.Quarters
			c.PoolUsed += e.Yards
			s.put(c, e.X, e.Y)
			leaveSpace(s, c)
		}
	case *FootingChecked:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		switch {
		case e.Why == "surfacing":
			c.Sunk = c.Sunk && !e.Kept
		case e.Kept:
			return
		case e.Env == Balance:
			c.Posture = Prone
			return
		case e.Env == Swimming:
			c.Sunk = true
		case e.Env == Climbing:
			c.Fell, c.Posture = true, Prone
		}
		c.Submerged = s.env(c) == Underwater
		if !e.Kept && e.Why == "attacking" {
			doneIfOwn(s, e.Combatant)
		}
	case *SpellCast:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Mana = e.Mana
		}
	case *ConditionTreated:
		if c := s.Combatant(e.Patient); c != nil {
			// A new slice: states may share their conditions (ScratchInto).
			kept := make([]Condition, 0, len(c.Conditions))
			for _, x := range c.Conditions {
				if x.Name == e.Condition {
					if e.Level <= 0 {
						continue
					}
					x.Level = e.Level
				}
				kept = append(kept, x)
			}
			c.Conditions = kept
		}
	case *SpaceEntered:
		a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
		if a != nil && t != nil {
			s.put(a, e.X, e.Y)
			a.SharingWith, t.SharingWith = t.ID, a.ID
		}
	case *Interposed:
		if s.Pending != nil && e.Success {
			s.Pending.Target, s.Pending.Interposed = e.Shield, true
		}
		popQueue(s)
	case *OpeningMade:
		if c := s.Combatant(e.Combatant); c != nil {
			c.OpeningOn, c.OpeningTotal = e.Target, e.Die+e.Bonus
		}
	case *ReadyTaken:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Readied, c.ReadyAction = true, e.Action
		}
	case *ReadyFired:
		popQueue(s)
		awaitGuard(s, e.Combatant, e.Target, e.Weapon, "fire")
	case *ActionCancelled:
		doneAction(s)
	case *CheckRolled:
	case *Hindered:
		if p := s.Pending; p != nil && p.Action == e.Hindrance && s.Phase == Choosing {
			doneAction(s)
		}
		t := s.Combatant(e.Target)
		if t == nil {
			return
		}
		switch e.Hindrance {
		case "disarm":
			// A new slice: states may share their weapons (ScratchInto).
			kept := make([]Weapon, 0, len(t.Weapons))
			dropped := false
			for _, w := range t.Weapons {
				if w.Name == e.Weapon && !dropped {
					dropped = true
					s.Dropped = append(slices.Clone(s.Dropped), Dropped{Weapon: w, X: t.X, Y: t.Y})
					continue
				}
				kept = append(kept, w)
			}
			t.Weapons = kept
		case "distract":
			t.Distracted = true
		case "shove":
			s.put(t, e.X, e.Y)
			leaveSpace(s, t)
		case "trip":
			t.Posture = Prone
		}
	case *ItemMoved:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		if e.From == "ground" {
			if i := slices.IndexFunc(s.Dropped, func(d Dropped) bool { return d.Weapon.Name == e.Weapon && d.X == e.X && d.Y == e.Y }); i >= 0 {
				w := s.Dropped[i].Weapon
				w.Stowed = ""
				s.Dropped = slices.Delete(slices.Clone(s.Dropped), i, i+1)
				c.Weapons = append(slices.Clone(c.Weapons), w)
			}
			return
		}
		// A new slice: states may share their weapons (ScratchInto).
		ws := slices.Clone(c.Weapons)
		if i := slices.IndexFunc(ws, func(w Weapon) bool { return w.Name == e.Weapon }); i >= 0 {
			ws[i].Stowed = e.To
			if e.To == "hand" {
				ws[i].Stowed = ""
			}
		}
		c.Weapons = ws
	case *Joined:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Status, c.Initiative = Active, e.Initiative
		}
	case *EffectBegun:
		if c := s.Combatant(e.Combatant); c != nil {
			// A new slice: states may share their effects (ScratchInto).
			x := Effect{Name: e.Effect, Mana: e.Mana, Rounds: e.Rounds, APCost: e.APCost, APZero: e.APZero, Checks: e.Checks}
			if e.Rounds > 0 {
				x.Since = s.Round
			}
			c.Effects = append(slices.Clone(c.Effects), x)
			c.Mana = max(0, c.Mana-e.Mana)
		}
	case *EffectEnded:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		if e.Condition {
			c.Conditions = slices.DeleteFunc(slices.Clone(c.Conditions), func(x Condition) bool { return x.Name == e.Effect })
			return
		}
		c.Effects = slices.DeleteFunc(slices.Clone(c.Effects), func(x Effect) bool { return x.Name == e.Effect })
		c.Mana = min(c.maxMana(), c.Mana+e.Mana)
	case *Grappled:
		a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
		if a != nil && t != nil {
			a.Grappling = append(a.Grappling, t.ID)
			t.Grappling = append(t.Grappling, a.ID)
		}
		doneIfOwn(s, e.Combatant)
	case *Pinned:
		if t := s.Combatant(e.Target); t != nil {
			t.PinnedBy = e.Combatant
		}
	case *Escaped:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		if e.Pin {
			c.PinnedBy = ""
			return
		}
		unGrapple(s, c, s.Combatant(e.From))
	case *GrappleEnded:
		unGrapple(s, s.Combatant(e.Combatant), s.Combatant(e.Other))
	case *FightEnded:
		s.Phase, s.Turn, s.Pending, s.Queue = Over, "", nil, s.Queue[:0]
		s.Winner, s.TimedOut = e.Winner, e.TimedOut
	}
}

// popQueue takes the first one asked off the window's queue; with nobody
// left a moment's window closes, and the target of a declared action
// chooses its Defense if it defends.
func popQueue(s *State) {
	if len(s.Queue) > 0 {
		s.Queue = s.Queue[:copy(s.Queue, s.Queue[1:])]
	}
	if s.Moment != "" && len(s.Queue) == 0 {
		closeMoment(s)
		return
	}
	guardIfDefending(s)
	moverChoice(s)
}

// closeMoment closes the window of a moment of the turn: the turn goes
// on, or, at its end, ends.
func closeMoment(s *State) {
	if s.Moment == AtEnd {
		s.Ending = true
	}
	s.Moment, s.Phase = "", Acting
}

// awaitGuard holds a reaction's attack (a rebuff or a readied attack) on
// a defending target until it chooses its Defense (R45).
func awaitGuard(s *State, striker, target, weapon, kind string) {
	t := s.Combatant(target)
	if t == nil || !t.Defending || !t.Up() {
		return
	}
	if s.Pending == nil {
		s.Pending = s.newPending(Declared{Action: "strike"})
	}
	p := s.Pending
	p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom = striker, target, weapon, kind, s.Phase
	s.Phase = Guarding
}

// moverChoice turns to a rebuffed mover, once nobody is left to ask, for
// its choice to go on or stop (A18).
func moverChoice(s *State) {
	p := s.Pending
	if p == nil || p.Action != "move" || len(s.Queue) > 0 || !p.Rebuffed || p.Decided || s.Phase != Window {
		return
	}
	if a := s.Combatant(p.Actor); a != nil && a.canAct() {
		s.Phase = Choosing
	}
}

// guardIfDefending moves a window with nobody left to ask to the target's
// choice (section 7.5.3): of its Defense against an attack or spell when
// it defends (R45), of how it meets a disarm (R61).
func guardIfDefending(s *State) {
	p := s.Pending
	if len(s.Queue) > 0 || p == nil || p.Guard != "" || p.Action == "move" || p.Striker != "" || s.Phase != Window {
		return
	}
	t := s.Combatant(p.Target)
	if t == nil {
		return
	}
	switch {
	case p.Command.IsZero() && t.Defending && t.Up():
		s.Phase = Guarding
	case !p.Command.IsZero():
		if a := s.Combatant(p.Actor); a != nil && s.targetChooses(a, p.Action, p.Target, p.Weapon) {
			s.Phase = Guarding
		}
	}
}

// doneIfOwn ends the pending action when it is attacker's own: not when
// the attack was a reaction to it (a rebuff of a move).
func doneIfOwn(s *State, attacker string) {
	if s.Pending == nil || s.Pending.Actor == attacker {
		doneAction(s)
	}
}

// doneAction ends the pending action: back to the turn's owner.
func doneAction(s *State) {
	s.Pending, s.Queue, s.Phase = nil, s.Queue[:0], Acting
}

// newPending places a declared action in the state's hot memory when it
// has some (the hot path), else in memory of its own.
func (s *State) newPending(d Declared) *Declared {
	var p *Declared
	if s.hot == nil {
		p = new(Declared)
	} else {
		p = &s.hot.pending
	}
	*p = d
	return p
}

// woundsHealed follows a change that healed or eased c's wounds: its
// severity is its worst wound's, and with no wound left its recovery
// bonus ends, however the last wound healed (R72: the bonus lasts until a
// check heals a wound or no wounds remain).
func woundsHealed(c *Combatant) {
	c.Severity = c.Wounds.Severity()
	if c.Wounds.Total() == 0 {
		c.RecoveryBonus = 0
	}
}

// moveWound moves one wound of level from down to level to (0: healed);
// reducing a fatal wound ends dying (A08).
func moveWound(c *Combatant, from, to int) {
	if from == to || from <= NoWound || *c.Wounds.At(from) == 0 {
		return
	}
	*c.Wounds.At(from)--
	if to > NoWound {
		*c.Wounds.At(to)++
	}
	woundsHealed(c)
	if from == Fatal {
		c.IsDying, c.Dying = false, 0
	}
}

// unGrapple ends the grapple between a and b, and a pin between them.
func unGrapple(s *State, a, b *Combatant) {
	if a == nil || b == nil {
		return
	}
	a.Grappling = without(a.Grappling, b.ID)
	b.Grappling = without(b.Grappling, a.ID)
	if a.PinnedBy == b.ID {
		a.PinnedBy = ""
	}
	if b.PinnedBy == a.ID {
		b.PinnedBy = ""
	}
}

// without removes id from ids, in place.
func without(ids []string, id string) []string {
	out := ids[:0]
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// leaveSpace ends a shared space (R51) once c no longer stands in it.
func leaveSpace(s *State, c *Combatant) {
	if c.SharingWith == "" {
		return
	}
	o := s.Combatant(c.SharingWith)
	if o != nil && o.X == c.X && o.Y == c.Y {
		return
	}
	c.SharingWith = ""
	if o != nil {
		o.SharingWith = ""
	}
}
