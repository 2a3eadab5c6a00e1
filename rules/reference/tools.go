package reference

import (
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// Round returns the round a fight is in, or ended in.
func (Rules) Round(s *State) int { return s.Round }

// Tally says what an event does to whom, for the simulator's totals: only
// damage hurts anyone, and nobody dies in the reference rules.
func (Rules) Tally(_ *State, e Event) (target, source string, damage int, down, dead bool) {
	if d, ok := e.(*Damaged); ok {
		return d.Combatant, d.Attacker, d.Amount, d.LP == 0, false
	}
	return "", "", 0, false, false
}

// Policies offers the tactical policy, the default, and the random one.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Tactical is the reference ruleset's default policy. It attacks the
// standing enemy with the fewest LP (the first listed of those), with its
// first weapon; dodges every hit it still may; and takes the GM's default
// ruling. It never feints nor defends, and draws no dice.
type Tactical struct{}

// Choose picks the command for prompt p, seen from view.
func (Tactical) Choose(view *State, p *engine.Prompt[Command], _ dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	switch p.Kind {
	case engine.Act:
		return attackWeakest(view, p)
	case engine.React:
		return dodgeOrTake(view, p)
	}
	return p.Fallback()
}

// attackWeakest attacks the standing enemy with the fewest LP (the first
// listed of those) with its first weapon, else takes the prompt's
// fallback.
func attackWeakest(view *State, p *engine.Prompt[Command]) Command {
	best, bestLP := -1, 0
	for i, o := range p.Options {
		a, ok := o.Command.(*Attack)
		if !ok || a.Weapon != "" {
			continue
		}
		if t := view.Combatant(a.Target); t != nil && (best < 0 || t.LP < bestLP) {
			best, bestLP = i, t.LP
		}
	}
	if best < 0 {
		return p.Fallback()
	}
	return p.Options[best].Command
}

// dodgeOrTake dodges a hit when the prompt offers it (its first option),
// else takes it.
func dodgeOrTake(_ *State, p *engine.Prompt[Command]) Command { return p.Options[0].Command }

// Outcome tags what one decision's events did and adds the damage each
// combatant took to damage (in Roster order). The actor's attack roll is
// tagged "hit" or "miss", with "critical" on a natural 20 that hits, and a
// feint's "feint" too; a dodge is "dodged" when it avoids the hit, and a
// landed feint "off_balance". Others' rolls are tagged the same, prefixed
// with their id and a colon ("bob:hit").
func (Rules) Outcome(before *State, actor string, events []Event, _ *State, tags []string, damage []int) []string {
	tag := func(who, name string) { tags = parts.Tag(tags, actor, who, name) }
	for _, e := range events {
		switch e := e.(type) {
		case *AttackDeclared:
			if e.Feint {
				tag(e.Attacker, "feint")
			}
		case *AttackRolled:
			if !e.Hit {
				tag(e.Attacker, "miss")
				continue
			}
			tag(e.Attacker, "hit")
			if e.Die == 20 {
				tag(e.Attacker, "critical")
			}
		case *Dodged:
			if e.Avoided {
				tag(e.Combatant, "dodged")
			}
		case *Unbalanced:
			tag(e.Combatant, "off_balance")
		case *Damaged:
			if i := slices.IndexFunc(before.Combatants, func(c Combatant) bool { return c.ID == e.Combatant }); i >= 0 && i < len(damage) {
				damage[i] += e.Amount
			}
		}
	}
	return tags
}

// Condition names a combatant's condition: "active", or "down" at 0 LP,
// which takes them out of the fight.
func (Rules) Condition(s *State, combatant string) (condition string, down bool) {
	if c := s.Combatant(combatant); c != nil && !c.Up() {
		return "down", true
	}
	return "active", false
}
