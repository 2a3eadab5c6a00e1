package blackpowder

import (
	"fmt"
	"strings"

	"fray/rules/parts"
)

// name is what a transcript calls the combatant with the given id: its
// name, or the id itself when there is no such combatant.
func (s *State) name(id string) string {
	if c := s.combatant(id); c != nil {
		return c.Name
	}
	return id
}

// hitOrMiss says how an attack check came out.
func hitOrMiss(hit bool) string { return pick(hit, "hit", "miss") }

// verdict says how a check came out.
func verdict(success bool) string { return pick(success, "success", "failure") }

func (e *InitiativeRolled) describe(s *State) string {
	return fmt.Sprintf("%s rolls initiative for the %s group: d10=%d → %d", s.name(e.Roller), e.Group, e.Die, e.Total)
}

func (e *RoundStarted) describe(_ *State) string {
	return fmt.Sprintf("round %d begins", e.Round)
}

func (e *TurnStarted) describe(s *State) string {
	return fmt.Sprintf("the %s group's turn", e.Group)
}

func (e *Passed) describe(s *State) string {
	return s.name(e.Combatant) + " passes"
}

func (e *Delayed) describe(s *State) string {
	return s.name(e.Combatant) + " holds a delayed action"
}

func (e *WeaponDrawn) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("%s draws the %s", c.Name, attackWeapon(c, e.Weapon).Name)
}

func (e *ReloadStep) describe(s *State) string {
	if e.Done {
		return s.name(e.Combatant) + " reloads: loaded"
	}
	return s.name(e.Combatant) + " reloads (not done yet)"
}

func (e *AttackRolled) describe(s *State) string {
	c := s.combatant(e.Attacker)
	return fmt.Sprintf("%s attacks %s with the %s: d10=%d %+d = %d vs %d: %s",
		c.Name, s.name(e.Target), attackWeapon(c, e.Weapon).Name, e.Die, e.Bonus, e.Total, e.Difficulty, hitOrMiss(e.Hit))
}

func (*ShotFired) describe(_ *State) string {
	return "the shot spends a load"
}

func (e *MistFizzle) describe(s *State) string {
	return s.name(e.Attacker) + "'s powder fails in the mist: the bullet rolls out"
}

func (e *AwaitingDecision) describe(_ *State) string {
	return "waiting for " + e.Pending.Stage
}

func (e *DodgeRolled) describe(s *State) string {
	verb := "dodges"
	if e.Parry {
		verb = "parries"
	}
	if e.Die == 0 {
		return fmt.Sprintf("%s %s: %+d vs %d cannot succeed: %s", s.name(e.Target), verb, e.Bonus, e.Difficulty, verdict(e.Success))
	}
	return fmt.Sprintf("%s %s: d10=%d %+d = %d vs %d: %s", s.name(e.Target), verb, e.Die, e.Bonus, e.Total, e.Difficulty, verdict(e.Success))
}

func (e *DodgeDeclined) describe(s *State) string {
	return s.name(e.Target) + " takes the hit"
}

func (e *DamageRolled) describe(_ *State) string {
	return fmt.Sprintf("damage dice %v → %d", e.Dice, e.Value)
}

func (e *Jammed) describe(s *State) string {
	line := fmt.Sprintf("doubles: jam table d10=%d → the gun is %s", e.Die, e.State)
	// A result that keeps the load gives back what the shot spent
	// (R19): the line says so, after "the shot spends a load".
	if c := s.combatant(e.Attacker); c != nil && e.Weapon < len(c.Weapons) && e.Loaded > c.Weapons[e.Weapon].Loaded {
		line += ", still loaded: the shot never left the barrel"
	}
	return line
}

func (e *CriticalRolled) describe(_ *State) string {
	if e.Hit {
		return fmt.Sprintf("critical re-roll d10=%d → %d: hit, extra damage %v → %d", e.Die, e.Total, e.Dice, e.Value)
	}
	return fmt.Sprintf("critical re-roll d10=%d → %d: miss", e.Die, e.Total)
}

func (e *CriticalDeclined) describe(s *State) string {
	return s.name(e.Attacker) + " declines the critical"
}

func (e *DamageDealt) describe(s *State) string {
	return fmt.Sprintf("%s takes %d damage (%s − Toughness %d)", s.name(e.Target), e.Effective, rawDamage(e), e.Toughness)
}

func (e *ConsciousnessRolled) describe(s *State) string {
	if e.Die == 0 {
		return fmt.Sprintf("%s's Consciousness check vs %d cannot succeed: unconscious", s.name(e.Target), e.Difficulty)
	}
	return fmt.Sprintf("%s's Consciousness check: d10=%d → %d vs %d: %s", s.name(e.Target), e.Die, e.Total, e.Difficulty, verdict(e.Success))
}

func (e *Died) describe(s *State) string {
	return s.name(e.Target) + " dies"
}

func (e *Revived) describe(s *State) string {
	if e.Die == 0 {
		return fmt.Sprintf("%s tries to revive %s with %s: %d vs %d cannot succeed: %s", s.name(e.Healer), s.name(e.Target), e.Skill, e.Total, e.Difficulty, verdict(e.Success))
	}
	return fmt.Sprintf("%s tries to revive %s with %s: d10=%d → %d vs %d: %s", s.name(e.Healer), s.name(e.Target), e.Skill, e.Die, e.Total, e.Difficulty, verdict(e.Success))
}

func (e *GunFixed) describe(s *State) string {
	c := s.combatant(e.Combatant)
	if e.Die == 0 {
		return fmt.Sprintf("%s works on the %s: %d vs %d cannot succeed: %s, the gun is %s", c.Name, attackWeapon(c, e.Weapon).Name, e.Total, e.Difficulty, verdict(e.Success), e.State)
	}
	return fmt.Sprintf("%s works on the %s: d10=%d → %d vs %d: %s, the gun is %s", c.Name, attackWeapon(c, e.Weapon).Name, e.Die, e.Total, e.Difficulty, verdict(e.Success), e.State)
}

func (e *ActionUsed) describe(s *State) string {
	return s.name(e.Combatant) + "'s action is spent"
}

func (e *Moved) describe(s *State) string {
	verb := map[string]string{"move": "moves", "run": "runs", "withdraw": "withdraws"}[e.Mode]
	return fmt.Sprintf("%s %s %.1f m to (%s, %s)", s.name(e.Combatant), verb, e.Distance, num(e.X), num(e.Y))
}

func (e *ActionDeclared) describe(s *State) string {
	d := e.Declaration
	return fmt.Sprintf("%s declares %q; waiting for %s", s.name(d.Actor), d.Text, parts.Count(len(d.Queue), "answer", "answers"))
}

func (e *ReactionDone) describe(s *State) string {
	switch {
	case e.Taken && s.firesEarly(e.Who):
		return s.name(e.Who) + " fires the aimed attack early"
	case e.Taken:
		return s.name(e.Who) + " takes the opportunity attack"
	}
	return s.name(e.Who) + " lets it go"
}

func (e *SpeedContest) describe(s *State) string {
	actor := fmt.Sprintf("%d", e.ActorTotal)
	if e.ActorDie != 0 {
		actor = fmt.Sprintf("d10=%d → %d", e.ActorDie, e.ActorTotal)
	}
	first := map[bool]string{true: s.name(e.Interrupter), false: s.name(e.Actor)}[e.Won]
	line := fmt.Sprintf("%s interrupts: Speed d10=%d → %d against %s's %s: %s goes first", s.name(e.Interrupter), e.Die, e.Total, s.name(e.Actor), actor, first)
	if e.With != "" && e.Beats && !e.Won {
		line += " (not every part of the combined action wins)"
	}
	return line
}

func (e *DeclarationStep) describe(s *State) string {
	switch {
	case e.Early:
		return s.name(e.Who) + "'s delayed action resolves first"
	case e.Deferred:
		return s.name(e.Who) + "'s delayed action resolves"
	}
	return s.name(e.Who) + "'s declared action resolves"
}

func (e *Lapsed) describe(s *State) string {
	return fmt.Sprintf("%s's action lapses: %s", s.name(e.Who), e.Reason)
}

func (*DeclarationClosed) describe(_ *State) string {
	return "the declared action is over"
}

func (e *HoldContest) describe(s *State) string {
	verb := "keeps hold of"
	switch {
	case e.Start && e.Held:
		verb = "seizes"
	case e.Start:
		verb = "fails to seize"
	case !e.Held:
		verb = "loses hold of"
	}
	return fmt.Sprintf("%s %s %s: d10=%d → %d against d10=%d → %d", s.name(e.Captor), verb, s.name(e.Captive), e.Die, e.Total, e.CaptiveDie, e.CaptiveTotal)
}

func (e *Released) describe(s *State) string {
	return s.name(e.Captor) + " lets go"
}

func (e *StealthRolled) describe(s *State) string {
	return fmt.Sprintf("%s hides: Stealth d10=%d → %d", s.name(e.Who), e.Die, e.Total)
}

func (e *PerceptionRolled) describe(s *State) string {
	return fmt.Sprintf("%s searches: Perception d10=%d → %d vs %d: %s", s.name(e.Who), e.Die, e.Total, e.Difficulty, map[bool]string{true: "spotted", false: "nothing"}[e.Spotted])
}

func (e *AmbushResolved) describe(_ *State) string {
	if e.Spotted {
		return fmt.Sprintf("the ambush (difficulty %d) is spotted", e.Difficulty)
	}
	return fmt.Sprintf("the ambush (difficulty %d) is not spotted: the ambushers' free turn", e.Difficulty)
}

func (*AmbushOver) describe(_ *State) string {
	return "the ambushers' free turn is over"
}

func (e *Aimed) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("%s aims the %s at %s", c.Name, attackWeapon(c, e.Aim.Weapon).Name, s.name(e.Aim.Target))
}

func (e *AimsDue) describe(s *State) string {
	return fmt.Sprintf("before the %s group's turn, its aimed attacks resolve", e.Turn.Group)
}

func (e *AimResolving) describe(s *State) string {
	return s.name(e.Combatant) + "'s aimed attack"
}

func (e *Assisted) describe(s *State) string {
	return fmt.Sprintf("%s assists %s (+2 to their next check)", s.name(e.Helper), s.name(e.Ally))
}

func (e *Escaped) describe(s *State) string {
	if e.Die == 0 {
		return fmt.Sprintf("%s tries to escape the trap: %d vs %d cannot succeed: %s", s.name(e.Who), e.Total, e.Difficulty, verdict(e.Success))
	}
	return fmt.Sprintf("%s tries to escape the trap: d10=%d → %d vs %d: %s", s.name(e.Who), e.Die, e.Total, e.Difficulty, verdict(e.Success))
}

func (e *Ruled) describe(_ *State) string {
	if e.About == "safety" {
		return "the GM rules the spot " + map[bool]string{true: "safe", false: "not safe"}[e.Safe]
	}
	return fmt.Sprintf("the GM rules a situational modifier of %+d", e.Modifier)
}

func (e *Decided) describe(s *State) string {
	if e.TimedOut {
		return fmt.Sprintf("the fight is decided: the round limit (%d) is reached with both sides standing; time to rest and heal", s.Options.RoundLimit)
	}
	switch {
	case e.ByGM && e.Winner == "":
		return "the GM ends the fight: a draw; time to rest and heal"
	case e.ByGM:
		return "the GM ends the fight: the " + e.Winner + " group wins; time to rest and heal"
	case e.Winner == "":
		return "the fight is decided: nobody is left standing"
	}
	return "the fight is decided: the " + e.Winner + " group wins; time to rest and heal"
}

func (e *Rested) describe(s *State) string {
	var parts []string
	for _, g := range e.Gains {
		if g.Die != 0 {
			parts = append(parts, fmt.Sprintf("%s d10=%d +%d LP", s.name(g.Who), g.Die, g.Gain))
		} else {
			parts = append(parts, fmt.Sprintf("%s +%d LP", s.name(g.Who), g.Gain))
		}
	}
	return fmt.Sprintf("a %s rest: %s", e.Length, strings.Join(parts, ", "))
}

func (e *Healed) describe(s *State) string {
	return fmt.Sprintf("%s treats %s: Medicine d10=%d → %d vs 10: +%d LP", s.name(e.Healer), s.name(e.Patient), e.Die, e.Total, e.Gain)
}

func (e *ItemUsed) describe(s *State) string {
	u := s.combatant(e.User)
	return fmt.Sprintf("%s uses the %s on %s: %s %v → %d: +%d LP", u.Name, u.Items[e.Item].Name, s.name(e.Target), u.Items[e.Item].Heal, e.Dice, e.Total, e.Gain)
}

func (e *DelayedUsed) describe(s *State) string {
	return s.name(e.Who) + " acts with the delayed action"
}

func (e *FollowOffered) describe(s *State) string {
	return s.name(e.Who) + " holds a delayed action, to use right after the aimed attack or keep"
}

func (e *FollowDone) describe(s *State) string {
	switch {
	case e.Taken:
		return s.name(e.Who) + " acts with the delayed action right after the aimed attack"
	case e.Reason != "":
		return fmt.Sprintf("%s's delayed action cannot follow the aimed attack: %s", s.name(e.Who), e.Reason)
	}
	return s.name(e.Who) + " keeps the delayed action"
}

func (e *DelayedSettled) describe(s *State) string {
	return s.name(e.Who) + "'s delayed action is used"
}

func (e *Queued) describe(s *State) string {
	switch {
	case e.With != "":
		return fmt.Sprintf("%s joins %s's combined interrupt: %s", s.name(e.Who), s.name(e.With), Rules{}.FormatCommand(e.Action.Command))
	case e.Interrupt:
		return fmt.Sprintf("%s will interrupt: %s", s.name(e.Who), Rules{}.FormatCommand(e.Action.Command))
	}
	return s.name(e.Who) + " will act right after it"
}

func (e *EarlyDodgeContest) describe(s *State) string {
	verdict := "may dodge"
	if !e.Won {
		verdict = "cannot dodge"
	}
	return fmt.Sprintf("an aimed attack fired early: Speed %s d10=%d → %d against %s d10=%d → %d: %s %s",
		s.name(e.Attacker), e.AttackerDie, e.AttackerTotal, s.name(e.Target), e.Die, e.Total, s.name(e.Target), verdict)
}

func (e *StoodUp) describe(s *State) string {
	return s.name(e.Who) + " stands up"
}

func (e *FreeFormDone) describe(s *State) string {
	return fmt.Sprintf("%s: %s (a free-form action, no check)", s.name(e.Who), e.Action)
}

func (e *Checked) describe(s *State) string {
	what := e.Attribute
	if e.Skill != "" {
		what += " + " + e.Skill
	}
	if e.Die == 0 {
		return fmt.Sprintf("%s's %s check vs %d cannot succeed", s.name(e.Who), what, e.Difficulty)
	}
	return fmt.Sprintf("%s's %s check: d10=%d → %d vs %d: %s", s.name(e.Who), what, e.Die, e.Total, e.Difficulty, verdict(e.Success))
}

func (e *GroupJoined) describe(s *State) string {
	return fmt.Sprintf("the %s group joins the fight: %s rolls initiative d10=%d → %d", e.Group, s.name(e.Roller), e.Die, e.Total)
}

func (e *Woke) describe(s *State) string {
	return s.name(e.Who) + " wakes after the fight"
}

func (e *Stunned) describe(s *State) string {
	if !e.Reaches {
		return fmt.Sprintf("%s takes stun damage %d, below their LP: nothing happens", s.name(e.Target), e.S)
	}
	return fmt.Sprintf("%s takes stun damage %d: %d over their LP", s.name(e.Target), e.S, e.Loss)
}

func (e *Ended) describe(s *State) string {
	if e.TimedOut {
		return fmt.Sprintf("the fight is stopped: the round limit (%d) is reached with both sides standing", s.Options.RoundLimit)
	}
	switch {
	case e.ByGM && e.Winner == "":
		return "the GM ends the fight: a draw"
	case e.ByGM:
		return "the GM ends the fight: the " + e.Winner + " group wins"
	case e.Winner == "":
		return "the fight is over: nobody is left standing"
	}
	return "the fight is over: the " + e.Winner + " group wins"
}
