package vigor

import (
	"fmt"
	"strings"
)

func (e *InitiativeRolled) describe(*State) string {
	parts := make([]string, len(e.Rolls))
	for i, r := range e.Rolls {
		parts[i] = r.Combatant + " " + r.Roll.String()
		if len(r.Rerolls) > 0 {
			rolls := make([]string, len(r.Rerolls))
			for j, d := range r.Rerolls {
				rolls[j] = fmt.Sprintf("d20=%d", d)
			}
			parts[i] += " (tie rerolled: " + strings.Join(rolls, ", then ") + ")"
		}
	}
	return "initiative: " + strings.Join(parts, "; ") + "; order " + strings.Join(e.Order, ", ")
}

func (e *Joined) describe(*State) string {
	return fmt.Sprintf("%s joins the fight: initiative %s; order %s", e.Combatant, e.Roll, strings.Join(e.Order, ", "))
}

func (e *TurnStarted) describe(*State) string {
	if e.Actions == 0 {
		return fmt.Sprintf("round %d, %s's turn: winded, no actions", e.Round, e.Combatant)
	}
	return fmt.Sprintf("round %d, %s's turn: %d action(s)", e.Round, e.Combatant, e.Actions)
}

func (e *Acted) describe(*State) string {
	if e.Act == "end_turn" {
		return fmt.Sprintf("%s ends the turn", e.Combatant)
	}
	if e.Owed > 0 {
		return fmt.Sprintf("%s spends %d action(s) on %s %s, %d more owed on a later turn", e.Combatant, e.Actions, e.Act, e.Target, e.Owed)
	}
	return fmt.Sprintf("%s spends %d action(s) to %s", e.Combatant, e.Actions, e.Act)
}

func (e *ManaSpent) describe(*State) string {
	return fmt.Sprintf("%s pays %d Mana for %s: %d left", e.Combatant, e.Amount, e.For, e.Mana)
}

func (e *VigorSpent) describe(*State) string {
	line := fmt.Sprintf("%s pays %d Vigor for %s: %d left", e.Combatant, e.Amount, e.For, e.Vigor)
	if e.Winded {
		line += ", winded"
	}
	return line
}

// attackVerb says how an attack is made: on one's turn, off-hand,
// through an opening or as a readied attack.
func attackVerb(offHand bool, via string) string {
	switch {
	case offHand:
		return "attacks off-hand"
	case via == "opening":
		return "takes the opening and attacks"
	case via == "readied":
		return "fires the readied attack on"
	}
	return "attacks"
}

func (e *AttackRolled) describe(*State) string {
	how := attackVerb(e.OffHand, e.Via)
	result := "miss"
	if e.Hit {
		result = "hit"
	}
	behind := ""
	if e.Behind {
		behind = " from behind"
	}
	with := e.Weapon
	if e.Ability != "" {
		with = e.Ability + " (" + e.Weapon + ")"
	}
	if e.Lost {
		return fmt.Sprintf("%s %s %s with %s: %s cannot be located, and the attack is lost", e.Attacker, how, e.Target, with, e.Target)
	}
	return fmt.Sprintf("%s %s %s%s with %s: %s against VS %d: %s", e.Attacker, how, e.Target, behind, with, e.Roll, e.VS, result)
}

func (e *AttackDeclared) describe(*State) string {
	return fmt.Sprintf("%s %s %s with %s: the GM gives the modifiers", e.Attacker, attackVerb(e.OffHand, e.Via), e.Target, e.Weapon)
}

func (e *DefenseRolled) describe(*State) string {
	result := "hit anyway"
	if e.Avoided {
		result = "avoided"
	}
	return fmt.Sprintf("%s tries to %s: %s against the attack's %d: %s", e.Defender, e.Style, e.Roll, e.Against, result)
}

func (e *Damaged) describe(s *State) string {
	t := s.Combatant(e.Target)
	return describeDamage(e, t != nil && t.Object)
}

func (e *KnockdownRuled) describe(*State) string {
	switch {
	case e.Negated:
		return e.Combatant + " is knocked down, and the act it was making is spent"
	case e.Down:
		return e.Combatant + " is knocked down"
	}
	return e.Combatant + " stays on its feet"
}

func (e *KillRuled) describe(*State) string {
	if e.Killed {
		return e.Combatant + " is killed outright"
	}
	return e.Combatant + " is spared"
}

func (e *Defended) describe(*State) string {
	return fmt.Sprintf("%s defends: Defense costs %d until its next turn", e.Combatant, DefendingCost)
}

func (e *Moved) describe(*State) string {
	return fmt.Sprintf("%s moves %d ft to %s", e.Combatant, e.Ft, e.To)
}

func (e *WindowOpened) describe(*State) string {
	who := "nobody can take it"
	if len(e.Ask) > 0 {
		who = "offered to " + strings.Join(e.Ask, ", ")
	}
	if e.What == "readied" {
		return fmt.Sprintf("%s acts: readied attacks on it may fire, %s", e.Opener, who)
	}
	return fmt.Sprintf("%s gives an opening by %s: %s", e.Opener, openingBy(e.Act), who)
}

func (e *Passed) describe(*State) string {
	if e.What == "readied" {
		return e.Combatant + " cannot make the readied attack"
	}
	return e.Combatant + " passes"
}

func (e *ItemUsed) describe(*State) string {
	line := e.Combatant + " uses " + e.Item
	if e.Target != "" && e.Target != e.Combatant {
		line += " on " + e.Target
	}
	for i, r := range e.Restored {
		sep := ": "
		if i > 0 {
			sep = "; "
		}
		line += sep
		if len(r.Dice) > 0 {
			line += fmt.Sprintf("%s %s = %d, ", r.Expr, ints(r.Dice), r.Total)
		}
		line += fmt.Sprintf("+%d %s", r.Gain, resourceName[r.What])
	}
	return fmt.Sprintf("%s (%d left)", line, e.Left)
}

func (e *Countered) describe(*State) string {
	return fmt.Sprintf("%s answers the hit with the attack readied against %s, once the hit is resolved", e.Combatant, e.Target)
}

func (e *Escaped) describe(*State) string {
	if e.Escaped {
		return e.Combatant + " escapes and leaves the fight"
	}
	return e.Combatant + " does not get away"
}

func (e *StoodUp) describe(*State) string { return e.Combatant + " stands up" }

func (e *ReadiedAction) describe(*State) string {
	return fmt.Sprintf("%s readies an attack on %s for when it acts", e.Combatant, e.Target)
}

func (e *SkillRolled) describe(*State) string {
	result := "failure"
	if e.Success {
		result = "success"
	}
	line := fmt.Sprintf("%s rolls %s", e.Combatant, e.Skill)
	if e.Purpose == "resist" {
		line += " to resist"
	}
	if e.Target != "" {
		line += " to " + e.Purpose + " " + e.Target
	}
	line += fmt.Sprintf(": %s against VS %d: %s", e.Roll, e.VS, result)
	switch {
	case e.Success && e.Purpose == "aid":
		line += fmt.Sprintf(", d10=%d Durability back: %d", e.Heal, e.Durability)
	case e.Success && e.Purpose == "stabilize":
		line += ", the Shock timer stops"
	}
	return line
}

func (e *Recovered) describe(s *State) string {
	var parts []string
	for _, r := range e.Changes {
		p := fmt.Sprintf("%s %d Vigor", r.Combatant, r.Vigor)
		if r.Winded {
			p += " (winded)"
		}
		for _, g := range [...]struct {
			n    int
			what string
		}{{r.Durability, "Durability"}, {r.Mana, "Mana"}, {r.Health, "Health"}} {
			if g.n > 0 {
				p += fmt.Sprintf(", +%d %s", g.n, g.what)
			}
		}
		switch {
		case r.Died:
			p += ", dies of Shock"
		case r.Health > 0 && s.Combatant(r.Combatant) != nil && s.Combatant(r.Combatant).Shock:
			p += ", out of Shock"
		case r.ShockLeft > 0:
			p += fmt.Sprintf(", %d round(s) of Shock left", r.ShockLeft)
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("recovery phase of round %d: %s", e.Round, strings.Join(parts, "; "))
}

func (e *RoundStarted) describe(*State) string { return fmt.Sprintf("round %d begins", e.Round) }

func (e *Decided) describe(*State) string {
	if e.ByGM {
		return describeByGM(e.Winner, "; the GM may call for rests")
	}
	if e.Winner != "" {
		return "the fight is decided: the " + e.Winner + " side wins; the GM may call for rests"
	}
	return "the fight is decided: " + e.Reason + "; the GM may call for rests"
}

func (e *Rested) describe(s *State) string {
	parts := make([]string, len(e.Changes))
	for i, r := range e.Changes {
		if r.Died {
			parts[i] = r.Combatant + " dies of Shock"
			continue
		}
		parts[i] = fmt.Sprintf("%s Vigor %d, Durability %d, Health %d", r.Combatant, r.Vigor, r.Durability, r.Health)
		if r.Mana > 0 {
			parts[i] += fmt.Sprintf(", Mana %d", r.Mana)
		}
		if t := s.Combatant(r.Combatant); t != nil && t.Shock && r.Health == 0 {
			parts[i] += ", still in Shock"
		}
	}
	return fmt.Sprintf("%s: %s", restName[e.Length], strings.Join(parts, "; "))
}

func (e *FightEnded) describe(*State) string {
	if e.ByGM {
		return describeByGM(e.Winner, "")
	}
	if e.Winner != "" {
		return "the fight is over: the " + e.Winner + " side wins"
	}
	return "the fight is over: " + e.Reason
}
