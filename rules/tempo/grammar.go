package tempo

import "fray/rules/parts"

// grammar is the text vocabulary of tempo's commands (docs/rules/tempo.md):
// the verbs of the GM and of prompts, then one verb per action, each with
// "with WEAPON" and "mod N" where they mean something.
var grammar = newGrammar()

// actionOrder lists the actions in the order the vocabulary gives them.
var actionOrder = []Action{
	MeleeAttack, Feint, RangedAttack, UnarmedAttack, Aim, Move, CombatMove, Disarm, Escape,
	Grapple, Pin, Press, Ready, Withdraw, PickUp, OffList,
	CounterAttack, CounterFire, Dodge, Double, Evade, Parry, Retreat, Struggle, Wind,
	CTCounterAttack, CTParry,
}

func newGrammar() *parts.Grammar {
	weaponMod := []string{parts.With.Word, parts.Mod.Word}
	verbs := []parts.Verb{
		{Name: "begin"},
		{Name: "end", Keywords: []string{parts.Mod.Word}, Hint: "end the turn, N the GM's modifier to Recover Stamina"},
		{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight: SIDE wins (the others fled), or without it the side left standing, if only one is"},
		{Name: "none"},
		{Name: "keep"},
		{Name: "stay"},
		{Name: "to", Args: "X,Y", Min: 1, Hint: "the square to end on"},
	}
	for _, a := range actionOrder {
		v := parts.Verb{Name: string(a), Keywords: weaponMod}
		switch a {
		case MeleeAttack, Feint, RangedAttack, UnarmedAttack:
			v.Args, v.Min = "TARGET", 1
		case Pin:
			v.Args = "[TARGET]"
		case Move:
			v.Args, v.Min, v.Many = "X,Y [X,Y ...]", 1, true
			v.Hint = "the destination, or every square of the path"
		case CombatMove:
			v.Args, v.Min = "OPPONENT X,Y", 2
		case PickUp:
			v.Args, v.Min, v.Keywords = "WEAPON", 1, []string{parts.Mod.Word}
		case OffList:
			v.Args, v.Keywords, v.Hint = "[AP]", nil, "AP the cost the GM sets, 3 by default"
		case Aim:
			v.Args = "[WEAPON]"
		default:
			if rules(a).kind == proactive {
				v.Hint = "it takes no target: it acts on the bind or grapple partner"
			}
		}
		verbs = append(verbs, v)
	}
	return parts.NewGrammar([]parts.Keyword{parts.With, parts.Mod}, verbs...)
}
