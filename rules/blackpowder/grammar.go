package blackpowder

import "fray/rules/parts"

// The keywords of blackpowder's command text beyond parts.With and
// parts.Mod.
var (
	partKeyword = parts.Keyword{Word: "part", Value: "3|5", Number: true}
	vsKeyword   = parts.Keyword{Word: "vs", Value: "N", Number: true}
	onKeyword   = parts.Keyword{Word: "on", Value: "TARGET"}
)

// grammar is the text vocabulary of blackpowder's commands
// (docs/rules/blackpowder.md).
var grammar = parts.NewGrammar(
	[]parts.Keyword{parts.With, parts.Mod, partKeyword, vsKeyword, onKeyword},
	parts.Verb{Name: "initiative"},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
	parts.Verb{Name: "aim", Args: "TARGET", Min: 1, Keywords: []string{"with", "part", "mod"}},
	parts.Verb{Name: "dodge"},
	parts.Verb{Name: "parry"},
	parts.Verb{Name: "take"},
	parts.Verb{Name: "critical"},
	parts.Verb{Name: "no-critical"},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "delay"},
	parts.Verb{Name: "draw", Args: "WEAPON", Min: 1, Hint: "or draw fists"},
	parts.Verb{Name: "reload"},
	parts.Verb{Name: "fix"},
	parts.Verb{Name: "revive", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "with medicine or survival"},
	parts.Verb{Name: "move", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "run", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "withdraw", Args: "X Y", Min: 2, Hint: "the point to go to, in metres"},
	parts.Verb{Name: "opportunity-attack"},
	parts.Verb{Name: "decline"},
	parts.Verb{Name: "interrupt", Args: "COMMAND", Rest: true},
	parts.Verb{Name: "after", Args: "COMMAND", Rest: true},
	parts.Verb{Name: "fire-early"},
	parts.Verb{Name: "hold", Args: "TARGET", Min: 1},
	parts.Verb{Name: "release"},
	parts.Verb{Name: "hide"},
	parts.Verb{Name: "search"},
	parts.Verb{Name: "stun", Args: "TARGET", Min: 1, Keywords: []string{"with"}},
	parts.Verb{Name: "assist", Args: "ALLY", Min: 1},
	parts.Verb{Name: "escape"},
	parts.Verb{Name: "stand"},
	parts.Verb{Name: "done"},
	parts.Verb{Name: "end-fight", Args: "[GROUP]", Hint: "the GM ends the fight: a draw, or GROUP wins (the others fled)"},
	parts.Verb{Name: "ruling", Args: "[safe|unsafe]", Keywords: []string{"mod"}, Hint: "ruling safe, ruling unsafe or ruling mod N"},
	parts.Verb{Name: "check", Args: "ATTRIBUTE [SKILL]", Min: 1, Keywords: []string{"vs"}},
	parts.Verb{Name: "do", Args: "ACTION", Rest: true, Hint: "a free-form action that needs no check, in words"},
	parts.Verb{Name: "use", Args: "ITEM", Min: 1, Keywords: []string{"on"}},
	parts.Verb{Name: "repair", Args: "OWNER", Min: 1},
	parts.Verb{Name: "rest", Args: "short|long|sleep [COMBATANT...]", Min: 1, Many: true, Hint: "name those who rest, or none for everyone standing"},
	parts.Verb{Name: "heal", Args: "HEALER PATIENT", Min: 2},
)
