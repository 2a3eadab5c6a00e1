package blackpowder

import "slices"

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if g := s.group(e.Group); g != nil {
		g.Initiative, g.Rolled = e.Total, true
	}
}

func (e *RoundStarted) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	if e.Order != nil {
		s.Order = append([]int(nil), e.Order...)
	}
	s.Turn = 0
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Actions, c.Done, c.Delayed, c.ImmediateUsed, c.Assist = 1, false, c.ExtraDelayed, false, 0
		c.DelayedSpent = false
		for j := range c.Weapons {
			if c.Weapons[j].State == GunMinorJam {
				c.Weapons[j].State = GunOK // a minor jam clears by the next round (R19, §7)
			}
		}
	}
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	s.Turn, s.AimsDue = e.Turn, nil
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == e.Group {
			c.ImmediateUsed, c.Moved, c.Running = false, 0, false
		}
	}
}

func (e *Passed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Combatant).Done = true
}

func (e *Delayed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	useAction(c)
	c.Delayed = true
}

func (e *WeaponDrawn) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	c.Wielding, c.Reloading = e.Weapon, 0
	spend(c, e.Immediate)
}

func (e *ReloadStep) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	spend(c, e.Immediate)
	if e.Done {
		w := &c.Weapons[e.Weapon]
		w.Loaded, c.Reloading = max(w.Capacity, 1), 0
	} else {
		c.Reloading++
	}
}

func (e *AttackRolled) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Attacker)
	pay(c, e.Spent)
	c.Assist = 0
	// An attack reveals the attacker: its target is no longer unaware
	// (R43).
	s.combatant(e.Target).Unaware = false
}

func (e *ShotFired) apply(s *State, _ *hotMemory) {
	w := &s.combatant(e.Attacker).Weapons[e.Weapon]
	w.Loaded = max(0, w.Loaded-1)
}

func (e *MistFizzle) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Attacker)
	w := &c.Weapons[e.Weapon]
	w.Loaded = max(0, w.Loaded-1)
	pay(c, e.Spent)
}

func (e *AwaitingDecision) apply(s *State, h *hotMemory) {
	if h != nil {
		s.Pending = &h.pending
	} else {
		s.Pending = new(Pending)
	}
	*s.Pending = e.Pending
}

func (e *DodgeRolled) apply(s *State, _ *hotMemory) {
	s.combatant(e.Target).Assist = 0
	if e.ActionSpent {
		c := s.combatant(e.Target)
		if c.Delayed {
			c.Delayed, c.DelayedSpent = false, true
		} else {
			c.Actions--
		}
	}
	s.Pending = nil
}

func (*DodgeDeclined) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (*DamageRolled) apply(*State, *hotMemory) {
	// The dice are on the record; damage lands with DamageDealt.
}

func (e *Jammed) apply(s *State, _ *hotMemory) {
	w := &s.combatant(e.Attacker).Weapons[e.Weapon]
	w.State, w.Loaded = e.State, e.Loaded
}

func (*CriticalRolled) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (*CriticalDeclined) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (e *DamageDealt) apply(s *State, _ *hotMemory) {
	t := s.combatant(e.Target)
	t.LP -= e.Effective
	if t.Status == Unconscious {
		t.DamageWhileUnconscious += e.Effective
	}
}

func (e *ConsciousnessRolled) apply(s *State, _ *hotMemory) {
	t := s.combatant(e.Target)
	t.Fatigue++
	switch {
	case e.Success && e.Stun:
		t.LP = max(0, t.LP-e.Loss)
	case e.Success:
		t.LP = 0
	default:
		t.Status = Unconscious
		t.ReviveDifficulty = e.Difficulty
		t.Actions, t.Delayed = 0, false
		letGo(s, t.ID) // the fallen hold nobody
	}
}

func (e *Died) apply(s *State, _ *hotMemory) {
	t := s.combatant(e.Target)
	t.Status = Dead
	t.Actions, t.Delayed = 0, false
	letGo(s, t.ID)
	if t.HeldBy != "" {
		letGo(s, t.HeldBy)
	}
}

func (e *Revived) apply(s *State, _ *hotMemory) {
	h := s.combatant(e.Healer)
	useAction(h)
	h.Assist = 0
	if e.Success {
		t := s.combatant(e.Target)
		t.Status, t.LP, t.DamageWhileUnconscious = Active, e.LP, 0
	}
}

func (e *GunFixed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	if !e.AfterFight {
		useAction(c)
		c.Assist = 0
	}
	w := &c.Weapons[e.Weapon]
	w.State, w.Loaded = e.State, e.Loaded
}

func (e *ActionUsed) apply(s *State, _ *hotMemory) {
	pay(s.combatant(e.Combatant), e.Spent)
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	c.X, c.Y = e.X, e.Y
	switch e.Mode {
	case "move":
		c.Moved += e.Distance
	case "run":
		c.Running = true
		useAction(c)
	default:
		useAction(c)
	}
}

func (e *ActionDeclared) apply(s *State, h *hotMemory) {
	if h != nil {
		// In memory of its own, sharing no queue with the event.
		s.Declared = &h.declared
		copyDeclaration(s.Declared, &e.Declaration)
		return
	}
	d := e.Declaration
	s.Declared = &d
}

func (*ReactionDone) apply(s *State, h *hotMemory) {
	if q := s.Declared.Queue; h != nil && s.Declared == &h.declared {
		// The hot memory's own queue: shifted in place, so that
		// its memory is reused at full size by the next declaration.
		s.Declared.Queue = q[:copy(q, q[1:])]
		return
	}
	s.Declared.Queue = s.Declared.Queue[1:]
}

func (e *SpeedContest) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.SpeedTotal = e.ActorTotal
	if i := d.held(e.Interrupter); i >= 0 {
		d.Held[i].Contested, d.Held[i].First = true, e.Won
	}
}

func (e *DeclarationStep) apply(s *State, _ *hotMemory) {
	d := s.Declared
	if !e.Early && !e.Deferred {
		d.Resolved = true
	} else if i := d.held(e.Who); i >= 0 {
		d.Held = slices.Delete(d.Held, i, i+1)
	}
}

func (e *Lapsed) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Who); c != nil && c.Delayed && s.Declared != nil && s.Declared.Actor != e.Who {
		c.Delayed, c.DelayedSpent = false, true // a delayed action that lapses is used up (A16)
	}
}

func (*DeclarationClosed) apply(s *State, _ *hotMemory) {
	s.Declared = nil
}

func (e *HoldContest) apply(s *State, _ *hotMemory) {
	captor, captive := s.combatant(e.Captor), s.combatant(e.Captive)
	if e.Held {
		captor.Holding, captive.HeldBy = captive.ID, captor.ID
	} else if !e.Start {
		captor.Holding, captive.HeldBy = "", ""
	}
}

func (e *Released) apply(s *State, _ *hotMemory) {
	letGo(s, e.Captor)
}

func (e *StealthRolled) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Stealth = e.Total
}

func (e *PerceptionRolled) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Searched = true
	if e.Spotted {
		s.Ambush.Spotted = true
	}
}

func (e *AmbushResolved) apply(s *State, _ *hotMemory) {
	a := s.Ambush
	a.Difficulty, a.Spotted = e.Difficulty, e.Spotted
	if e.Spotted {
		a.Stage = "done"
		return
	}
	a.Stage = "free"
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == a.Hiders && c.Status == Active {
			c.Actions, c.Done = 1, false
		}
	}
}

func (*AmbushOver) apply(s *State, _ *hotMemory) {
	s.Ambush.Stage = "done"
	for i := range s.Combatants {
		s.Combatants[i].Actions = 0
	}
}

func (*Stunned) apply(*State, *hotMemory) {
	// The check that follows carries the consequences.
}

func (e *Aimed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	aim := e.Aim
	c.Aim = &aim
	useAction(c)
}

func (e *AimsDue) apply(s *State, _ *hotMemory) {
	due := e.Turn
	s.AimsDue = &due
}

func (e *AimResolving) apply(s *State, _ *hotMemory) {
	s.combatant(e.Combatant).Aim = nil
}

func (e *Assisted) apply(s *State, _ *hotMemory) {
	h := s.combatant(e.Helper)
	useAction(h)
	s.combatant(e.Ally).Assist += 2
}

func (e *Escaped) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	useAction(c)
	c.Assist = 0
	if e.Success {
		c.Trapped = 0
	}
}

func (e *Ruled) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.Queue = d.Queue[1:]
	if e.About == "safety" && !e.Safe {
		d.Unsafe = true
	}
	if e.Command.Command != nil {
		d.Command = e.Command
	}
}

func (e *Decided) apply(s *State, _ *hotMemory) {
	s.After = &Aftermath{Winner: e.Winner, TimedOut: e.TimedOut}
	s.Pending, s.Declared, s.AimsDue, s.Follow = nil, nil, nil, ""
}

func (e *Rested) apply(s *State, _ *hotMemory) {
	a := s.After
	for _, g := range e.Gains {
		c := s.combatant(g.Who)
		c.LP += g.Gain
		if e.Length == "sleep" {
			c.Fatigue = 0 // a night's sleep clears Fatigue (A29)
		}
		if e.Length == "short" {
			a.ShortRested = append(a.ShortRested, g.Who)
		}
		// A new rest period for the rested: Medicine may be tried again.
		a.Treated = slices.DeleteFunc(a.Treated, func(id string) bool { return id == g.Who })
	}
}

func (e *Healed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Patient).LP += e.Gain
	s.After.Treated = append(s.After.Treated, e.Patient)
}

func (e *FollowOffered) apply(s *State, _ *hotMemory) {
	s.Follow = e.Who
}

func (*FollowDone) apply(s *State, _ *hotMemory) {
	s.Follow = ""
}

func (e *DelayedUsed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Actions++ // the action that follows spends it
}

func (e *DelayedSettled) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	c.Delayed, c.DelayedSpent, c.Done = false, true, e.Done
}

func (e *Queued) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.Queue = d.Queue[1:]
	d.Held = append(d.Held, Deferred{Who: e.Who, Command: e.Action, Interrupt: e.Interrupt, With: e.With})
}

func (*EarlyDodgeContest) apply(*State, *hotMemory) {
	// The dodge, if won, follows as its own event.
}

func (e *ItemUsed) apply(s *State, _ *hotMemory) {
	u := s.combatant(e.User)
	useAction(u)
	u.Items[e.Item].Uses--
	s.combatant(e.Target).LP += e.Gain
}

func (e *GroupJoined) apply(s *State, _ *hotMemory) {
	g := s.group(e.Group)
	g.Initiative, g.Rolled = e.Total, true
	s.Order = append([]int(nil), e.Order...)
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == e.Group && c.Status == Absent {
			c.Status = Active
		}
	}
}

func (e *StoodUp) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	useAction(c)
	c.Prone = false
}

func (e *Checked) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	useAction(c)
	c.Assist = 0
}

func (e *FreeFormDone) apply(s *State, _ *hotMemory) {
	useAction(s.combatant(e.Who)) // no check: an assist stays for the next one
}

func (e *Woke) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	c.Status, c.LP = Active, max(c.LP, 0) // a stun's knockout keeps its LP (A27)
}

func (e *Ended) apply(s *State, _ *hotMemory) {
	s.Over, s.Winner, s.TimedOut, s.Pending, s.Declared, s.AimsDue, s.Follow = true, e.Winner, e.TimedOut, nil, nil, nil, ""
}

// letGo ends the hold the captor has, if any.
func letGo(s *State, captor string) {
	c := s.combatant(captor)
	if c == nil || c.Holding == "" {
		return
	}
	if held := s.combatant(c.Holding); held != nil {
		held.HeldBy = ""
	}
	c.Holding = ""
}

// useAction spends the combatant's action: it has finished its part of the
// turn.
func useAction(c *Combatant) {
	c.Actions--
	c.Done = true
}

// pay spends what paid for an attack: the turn's action, the held delayed
// action, or nothing for an opportunity attack.
func pay(c *Combatant, spent string) {
	switch spent {
	case "delayed":
		c.Delayed, c.DelayedSpent = false, true
	case "action":
		useAction(c)
	}
}

// spend uses the immediate action if asked, else an action.
func spend(c *Combatant, immediate bool) {
	if immediate {
		c.ImmediateUsed = true
		return
	}
	useAction(c)
}
