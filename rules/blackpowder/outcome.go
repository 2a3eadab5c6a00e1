package blackpowder

import "strconv"

// Outcome summarises what one decision's events did, for exact odds: it
// appends to tags the tags naming what happened, and adds to damage (an
// entry per combatant, in roster order) the damage each combatant took.
// actor is the one whose command the odds are for. A tag about the actor,
// its attack or its gun is bare ("hit", "critical", "jam:misfire"); one
// about anyone else starts with that one's id ("thug1:hit",
// "thug1:knocked-out"). The tags are listed in docs/rules/blackpowder.md.
// Damage is effective damage (after Toughness), and the LP a stun attack
// costs. after's hot memory, where it has one (the odds' scratch states),
// keeps the tags about others once made.
func (Rules) Outcome(before *State, actor string, events []Event, after *State, tags []string, damage []int) []string {
	kept := tagsOf(after)
	tag := func(who, name string) { tags = kept.Tag(tags, actor, who, name) }
	hurt := func(who string, n int) {
		if i := before.index(who); i >= 0 && i < len(damage) {
			damage[i] += n
		}
	}
	// attacker is whose attack the dodges and damage belong to: the one
	// waiting for a decision, until an attack is rolled.
	attacker := ""
	if before.Pending != nil {
		attacker = before.Pending.Attacker
	}
	for i, e := range events {
		switch e := e.(type) {
		case *InitiativeRolled:
			tag(e.Roller, "initiative:"+strconv.Itoa(e.Total))
		case *AttackRolled:
			attacker = e.Attacker
			tag(e.Attacker, hitOrMiss(e.Hit))
		case *MistFizzle:
			tag(e.Attacker, "fizzle")
		case *DodgeRolled:
			switch {
			case e.Parry:
				tag(attacker, pick(e.Success, "parried", "parry-failed"))
			default:
				tag(attacker, pick(e.Success, "dodged", "dodge-failed"))
			}
		case *Jammed:
			tag(e.Attacker, "jam")
			if e.Die >= 1 && e.Die <= 10 {
				tag(e.Attacker, jamTable[e.Die].tag)
			}
		case *CriticalRolled:
			tag(e.Attacker, pick(e.Hit, "critical", "critical-missed"))
		case *CriticalDeclined:
			tag(e.Attacker, "critical-declined")
		case *DamageDealt:
			hurt(e.Target, e.Effective)
		case *Died:
			tag(e.Target, "dead")
		case *Disarmed:
			tag(e.Target, "disarmed")
		case *ConsciousnessRolled:
			if !e.Success {
				tag(e.Target, "knocked-out")
			}
			if e.Success && e.Stun {
				// A stun that reaches the target's LP costs it Loss LP, at
				// most down to 0 (R43, A36).
				if i := before.index(e.Target); i >= 0 && i < len(damage) {
					lp := before.Combatants[i].LP - damage[i]
					damage[i] += min(e.Loss, max(lp, 0))
				}
			}
		case *HoldContest:
			switch {
			case e.Start && e.Held:
				tag(e.Captor, "held")
			case e.Start:
				tag(e.Captor, "hold-failed")
			case e.Held:
				tag(e.Captor, "hold-kept")
			default:
				tag(e.Captor, "hold-broken")
			}
		case *Revived:
			tag(e.Healer, pick(e.Success, "revived", "revive-failed"))
		case *GunFixed:
			tag(e.Combatant, pick(e.Success, "fixed", "fix-failed"))
		case *Escaped:
			tag(e.Who, pick(e.Success, "escaped", "escape-failed"))
		case *Checked:
			tag(e.Who, pick(e.Success, "success", "failure"))
		case *FreeFormDone:
			tag(e.Who, "free-form")
		case *ItemUsed:
			tag(e.User, "healed:"+e.Target+":"+strconv.Itoa(e.Gain))
		case *Aimed:
			tag(e.Combatant, "aimed")
		case *Assisted:
			tag(e.Helper, "assisted")
		case *ReactionDone:
			switch {
			case e.Taken && i == 0 && before.firesEarly(e.Who):
				// An answer is a decision's first event: before is
				// the state it answered.
				tag(e.Who, "fired-early")
			case e.Taken:
				tag(e.Who, "opportunity-attack")
			}
		case *FollowDone:
			if e.Taken {
				tag(e.Who, "delayed-follows")
			}
		case *SpeedContest:
			tag(e.Interrupter, pick(e.Won, "interrupt-won", "interrupt-lost"))
		case *Lapsed:
			tag(e.Who, "lapsed")
		case *Ended, *Decided:
			tags = append(tags, "fight-over")
		}
	}
	return tags
}

// pick returns yes when ok, else no.
func pick(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

// Condition names a combatant's status (active, unconscious, dead, absent)
// and says whether it is out of the fight: unconscious or dead. An unknown
// id has the condition "".
func (Rules) Condition(s *State, combatant string) (condition string, down bool) {
	c := s.combatant(combatant)
	if c == nil {
		return "", false
	}
	return c.Status.String(), c.Status == Unconscious || c.Status == Dead
}

// Forget clears from s what actor's command c does not read, so that exact
// odds resolve it once for situations that differ only there: a target
// who takes the blow never reads the attack total a dodge would have been
// rolled against (R23), and nothing after it keeps that total.
func (r Rules) Forget(s *State, actor string, c Command) {
	if r.Forgets(s, actor, c) {
		p := *s.Pending
		p.Total = 0
		s.Pending = &p
	}
}

// Forgets reports whether Forget changes anything (engine.ForgetScope):
// only for a blow taken that a dodge would have been rolled against.
func (Rules) Forgets(s *State, _ string, c Command) bool {
	_, ok := c.(*Take)
	return ok && s.Pending != nil && s.Pending.Stage == StageDodge && s.Pending.Total != 0
}
