package tempo

import (
	"fmt"
	"strings"
)

// DescribeEvent says what an event means, with its dice, for a transcript;
// s is the state before the event, as the reader may see it.
func (Rules) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case *InitiativeRolled:
		if e.RollOff {
			return fmt.Sprintf("%s rolls d10=%d to break the initiative tie", e.Combatant, e.Die)
		}
		return fmt.Sprintf("%s rolls initiative: d10=%d + athletics = %d", e.Combatant, e.Die, e.Total)
	case *OrderSet:
		return "initiative order: " + strings.Join(e.Order, ", ")
	case *Joined:
		return fmt.Sprintf("%s joins the fight: initiative d10=%d + athletics = %d", e.Combatant, e.Die, e.Total)
	case *TurnStarted:
		c := s.combatant(e.Combatant)
		return fmt.Sprintf("round %d: %s's turn (%d AP, %s)", s.Round+1, e.Combatant, c.AP, c.Status)
	case *ActionDeclared:
		d := e.Declared
		line := fmt.Sprintf("%s declares %s, paying %d AP", e.Actor, declareLabel(&Declare{Action: d.Action, Target: d.Target, Weapon: d.Weapon, Path: d.Path}), d.Paid)
		if d.Action == Feint {
			line += " (secretly a feint)"
		}
		if d.Aimed {
			line += ", aimed"
		}
		if d.Mod != 0 {
			line += fmt.Sprintf(", modifier %+d", d.Mod)
		}
		return line
	case *Reacted:
		r := e.Reaction
		return fmt.Sprintf("%s reacts: %s%s, paying %d AP", r.Reactor, rules(r.Action).name, withWeapon(r.Weapon), r.Paid)
	case *DidNotReact:
		return e.Reactor + " does not react"
	case *Replaced:
		r := e.Replacement
		line := fmt.Sprintf("%s replaces the action with %s%s, paying %d AP more", e.Actor, rules(r.Action).name, withWeapon(r.Weapon), r.Paid)
		if r.Bonus != 0 {
			line += fmt.Sprintf(" (%+d)", r.Bonus)
		}
		return line
	case *Kept:
		return e.Actor + " keeps the action"
	case *Checked:
		name := rules(e.Action).name
		var line string
		if e.Die == 0 {
			line = fmt.Sprintf("%s's %s: no check, result 0, net %d: %s", e.Combatant, name, e.Net, e.Outcome)
		} else {
			line = fmt.Sprintf("%s's %s: d10=%d, result %d, net %d: %s", e.Combatant, name, e.Die, e.Total, e.Net, e.Outcome)
		}
		if e.Void {
			line += ", made void"
		}
		return line
	case *Damaged:
		rolls := make([]string, len(e.Dice))
		for i, d := range e.Dice {
			rolls[i] = fmt.Sprint(d)
		}
		line := fmt.Sprintf("%s's %s deals %d to %s (dice %s)", e.Attacker, e.Weapon, e.Damage, e.Target, strings.Join(rolls, "+"))
		if e.Critical {
			return line + fmt.Sprintf(", ignoring armour: %s takes %d", e.Target, e.Taken)
		}
		return line + fmt.Sprintf(", armour %d: %s takes %d", e.Armour, e.Target, e.Taken)
	case *Fell:
		if e.Dead {
			return e.Combatant + " is dead"
		}
		return e.Combatant + " is down"
	case *Moved:
		return fmt.Sprintf("%s moves to %v", e.Combatant, e.Path[len(e.Path)-1])
	case *AimTaken:
		return fmt.Sprintf("%s takes aim with the %s", e.Combatant, e.Weapon)
	case *Disposed:
		switch {
		case e.BoundWith != "":
			return fmt.Sprintf("%s is bound with %s (%s)", e.Combatant, e.BoundWith, e.BoundWeapon)
		case e.PinnedBy != "":
			return fmt.Sprintf("%s is pinned by %s", e.Combatant, e.PinnedBy)
		case len(e.GrappledWith) > 0:
			return fmt.Sprintf("%s is %s, grappling %s", e.Combatant, e.Status, strings.Join(e.GrappledWith, ", "))
		}
		return fmt.Sprintf("%s is %s", e.Combatant, e.Status)
	case *Disarmed:
		return fmt.Sprintf("%s is disarmed: the %s drops at %v", e.Combatant, e.Weapon, e.At)
	case *PickedUp:
		return fmt.Sprintf("%s picks up the %s", e.Combatant, e.Weapon)
	case *DestinationsPending:
		names := make([]string, len(e.Choices))
		for i, c := range e.Choices {
			names[i] = c.Combatant
		}
		return strings.Join(names, " and ") + " to choose where to move"
	case *Chose:
		if e.To == nil {
			return e.Combatant + " stays put"
		}
		return fmt.Sprintf("%s moves to %v", e.Combatant, *e.To)
	case *FeintRevealed:
		return fmt.Sprintf("%s's attack was a feint", e.Actor)
	case *ExchangeEnded:
		return "the action is resolved"
	case *TurnEnded:
		return e.Combatant + "'s turn ends"
	case *StaminaRecovered:
		mod := ""
		if e.Mod != 0 {
			mod = fmt.Sprintf(" (GM %+d)", e.Mod)
		}
		return fmt.Sprintf("%s recovers stamina: d10=%d, result %d%s, regains %d: %d AP", e.Combatant, e.Die, e.Result, mod, e.Regained, e.AP)
	case *RoundEnded:
		return fmt.Sprintf("round %d ends", e.Round)
	case *FightEnded:
		if e.TimedOut {
			return "the fight is stopped with both sides standing: " + e.Reason
		}
		if e.Winner == "" {
			return "the fight ends in a draw: " + e.Reason
		}
		return fmt.Sprintf("the fight is over: the %s side wins (%s)", e.Winner, e.Reason)
	}
	return fmt.Sprintf("%T", e)
}
