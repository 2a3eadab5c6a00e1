package vigor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// The keywords of the vocabulary: the weapon, the off-hand target, a
// roll's situational dice, Charges and Challenges, a check's VS, a
// square to go to.
var (
	kwOffHand    = parts.Keyword{Word: "offhand", Value: "TARGET"}
	kwDice       = parts.Keyword{Word: "dice", Value: "N", Number: true}
	kwCharges    = parts.Keyword{Word: "charges", Value: "N", Number: true}
	kwChallenges = parts.Keyword{Word: "challenges", Value: "N", Number: true}
	kwChances    = parts.Keyword{Word: "chances", Value: "N", Number: true}
	kwVS         = parts.Keyword{Word: "vs", Value: "N", Number: true}
	kwFrom       = parts.Keyword{Word: "from", Value: "behind"}
	kwOn         = parts.Keyword{Word: "on", Value: "TARGET"}
	kwTo         = parts.Keyword{Word: "to", Value: "X,Y"}
)

// roll are the keywords of a roll's modifiers; every reaction also reads
// "chances" to refuse it plainly (A31).
var rollWords = []string{"dice", "charges", "challenges", "chances"}

// grammar is the text vocabulary of the vigor commands.
var grammar = parts.NewGrammar([]parts.Keyword{parts.With, kwOffHand, kwDice, kwCharges, kwChallenges, kwChances, kwVS, kwFrom, kwOn, kwTo},
	parts.Verb{Name: "initiative", Args: "[ID+N ...]", Many: true, Hint: "the GM rolls everyone's initiative, ID+N giving ID N situational dice"},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: append([]string{"with", "offhand"}, rollWords...), Hint: "offhand TARGET adds an off-hand attack for 8 Vigor"},
	parts.Verb{Name: "defend", Hint: "on your turn, Defense costs 3 until your next turn; against a hit, a Defense"},
	parts.Verb{Name: "move", Args: "[to] X,Y", Rest: true, Hint: "feet east and north"},
	parts.Verb{Name: "escape", Args: "[[to] X Y]", Hint: "openings first, then the move; without a square, straight away from the nearest enemy"},
	parts.Verb{Name: "ready", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "attack TARGET when it next acts"},
	parts.Verb{Name: "aid", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "emergency aid, Medicine against 20 unless the GM names a VS"},
	parts.Verb{Name: "stabilize", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "Medicine or Medical Science against 20 unless the GM names a VS"},
	parts.Verb{Name: "stabilise", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "stabilize"},
	parts.Verb{Name: "check", Args: "SKILL", Min: 1, Keywords: append([]string{"vs"}, rollWords...)},
	parts.Verb{Name: "resist", Args: "CREATURE ABILITY", Min: 2, Keywords: append([]string{"vs"}, rollWords...), Hint: "the GM calls for a resistance check"},
	parts.Verb{Name: "roll", Args: "[initiative ID+N ... | lost]", Many: true, Keywords: append([]string{"from"}, rollWords...), Hint: "the GM's modifiers of a declared attack, from behind halving the Guard, lost for a target beyond sight that cannot be located; or roll initiative"},
	parts.Verb{Name: "use", Args: "NAME", Min: 1, Keywords: append([]string{"on", "offhand"}, rollWords...), Hint: "use an ability on TARGET (offhand TARGET adds an off-hand attack for 8 Vigor to a light-weapon technique), or an item"},
	parts.Verb{Name: "stand", Args: "[up]"},
	parts.Verb{Name: "end", Args: "[turn]"},
	parts.Verb{Name: "dodge", Keywords: rollWords},
	parts.Verb{Name: "deflect", Keywords: rollWords},
	parts.Verb{Name: "block", Keywords: rollWords},
	parts.Verb{Name: "defense", Keywords: rollWords, Hint: "a Defense against a hit"},
	parts.Verb{Name: "take", Args: "[the] [hit|opening]", Keywords: append([]string{"with"}, rollWords...), Hint: "take the hit; or take the opening offered"},
	parts.Verb{Name: "strike", Keywords: append([]string{"with"}, rollWords...), Hint: "take the opening or fire the readied attack"},
	parts.Verb{Name: "pass", Hint: "let the opening go; against a hit, take it; on your turn, end it"},
	parts.Verb{Name: "decline", Hint: "pass"},
	parts.Verb{Name: "rest", Args: "LENGTH [WHO ...]", Min: 1, Many: true, Hint: "after the fight, the GM: minute, hour or night, for those named or everyone"},
	parts.Verb{Name: "done", Hint: "after the fight, the GM closes the encounter"},
	parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight at any time: a draw, or SIDE wins (the others fled)"},
	parts.Verb{Name: "yes", Hint: "the GM's ruling"},
	parts.Verb{Name: "no", Hint: "the GM's ruling"},
)

// mods reads the roll modifiers of a phrase.
func mods(p parts.Phrase) Mods {
	return Mods{Dice: p.Int("dice"), Charges: p.Int("charges"), Challenges: p.Int("challenges")}
}

// unarmedWords are the names an attack without a weapon goes by (R26):
// a creature's own weapon of one of these names comes first.
var unarmedWords = []string{"unarmed", "fists", "fist", "hands", "punch"}

// ParseCommand reads a command in the text vocabulary (docs/rules/vigor.md).
func (Rules) ParseCommand(_ *State, _ string, text string) (Command, error) {
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, engine.Errorf(engine.Invalid, "%v", err)
	}
	if p.Has("chances") {
		return nil, engine.Errorf(engine.Invalid, "the rules never say what a Chance is (A31), and none is taken on a reaction (R20); give situational dice, charges or challenges instead")
	}
	cell := func() (parts.Cell, error) {
		c, err := parseSquare(strings.Join(p.Args, " "))
		if err != nil {
			return c, engine.Errorf(engine.Invalid, "%s: %v; %s", p.Verb, err, grammar.Usage(p.Verb))
		}
		return c, nil
	}
	words := func(allowed ...string) error {
		for _, a := range p.Args {
			if !slices.Contains(allowed, a) {
				return engine.Errorf(engine.Invalid, "%s %s: %q is not understood; %s", p.Verb, strings.Join(p.Args, " "), a, grammar.Usage(p.Verb))
			}
		}
		return nil
	}
	switch p.Verb {
	case "initiative":
		return initiative(p.Args)
	case "attack":
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), OffTarget: p.Word("offhand"), Mods: mods(p)}, nil
	case "defend":
		return &Defend{}, nil
	case "move":
		c, err := cell()
		return &Move{To: c}, err
	case "escape":
		if len(p.Args) == 0 {
			return &Escape{Away: true}, nil
		}
		c, err := cell()
		return &Escape{To: c}, err
	case "ready":
		return &Ready{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "aid":
		return &Aid{Target: p.Arg(0), VS: p.Int("vs"), Mods: mods(p)}, nil
	case "stabilize", "stabilise":
		return &Stabilize{Target: p.Arg(0), VS: p.Int("vs"), Mods: mods(p)}, nil
	case "check":
		return &Check{Skill: skillName(p.Arg(0)), VS: p.Int("vs"), Mods: mods(p)}, nil
	case "resist":
		return &Resist{Combatant: p.Arg(0), Ability: p.Arg(1), VS: p.Int("vs"), Mods: mods(p)}, nil
	case "roll":
		if p.Arg(0) == "lost" && len(p.Args) == 1 && len(p.Options) == 0 {
			return &RollAttack{Lost: true}, nil
		}
		if p.Arg(0) == "initiative" {
			if len(p.Options) > 0 {
				return nil, engine.Errorf(engine.Invalid, "roll initiative takes ID+N for situational dice, not %s", p.Options[0][0])
			}
			return initiative(p.Args[1:])
		}
		if err := words(); err != nil {
			return nil, err
		}
		if f := p.Word("from"); f != "" && f != "behind" {
			return nil, engine.Errorf(engine.Invalid, "roll from behind, not from %q", f)
		}
		return &RollAttack{Behind: p.Word("from") == "behind", Mods: mods(p)}, nil
	case "use":
		return &UseAbility{Ability: p.Arg(0), Target: p.Word("on"), OffTarget: p.Word("offhand"), Mods: mods(p)}, nil
	case "stand":
		return &StandUp{}, words("up")
	case "end":
		return &EndTurn{}, words("turn")
	case "dodge", "deflect", "block":
		return &Defense{Style: p.Verb}, reactionWords(p)
	case "defense":
		return &Defense{Style: "defend"}, reactionWords(p)
	case "take":
		if err := words("the", "hit", "opening"); err != nil {
			return nil, err
		}
		if slices.Contains(p.Args, "opening") || p.Word("with") != "" {
			return &TakeOpening{Weapon: p.Word("with")}, reactionWords(p)
		}
		return &Take{}, reactionWords(p)
	case "strike":
		return &TakeOpening{Weapon: p.Word("with")}, reactionWords(p)
	case "pass", "decline":
		return &Pass{}, nil
	case "rest":
		length := p.Arg(0)
		if w, ok := restWords[length]; ok {
			length = w
		}
		var who []string
		if len(p.Args) > 1 {
			who = p.Args[1:]
		}
		return &Rest{Length: length, Who: who}, nil
	case "done":
		return &Done{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "yes":
		return &Rule{Yes: true}, nil
	case "no":
		return &Rule{}, nil
	}
	return nil, engine.Errorf(engine.Invalid, "%q is in the vocabulary but not read", p.Verb)
}

// parseSquare reads a square as a table says it: "10,0", "to 10,0",
// "10, 0", "10 0" or "(10, 0)", in feet east and north.
func parseSquare(text string) (parts.Cell, error) {
	text = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "to "))
	text = strings.Trim(text, "()")
	if f := strings.Fields(strings.ReplaceAll(text, ",", " ")); len(f) == 2 {
		text = f[0] + "," + f[1]
	}
	if text == "" {
		return parts.Cell{}, fmt.Errorf("where to? a square is X,Y in feet")
	}
	return parts.ParseCell(text)
}

// reactionWords refuses roll modifiers on a reaction: a Defense, an
// opening or a readied attack is rolled as it stands (R20, A31).
func reactionWords(p parts.Phrase) error {
	if p.Has("dice") || p.Has("charges") || p.Has("challenges") {
		return engine.Errorf(engine.Invalid, "a reaction is rolled as it stands: %s takes no dice, charges or challenges (R20, A31)", p.Verb)
	}
	return nil
}

// initiative reads the GM's initiative command: ID+N gives ID N
// situational dice.
func initiative(args []string) (Command, error) {
	c := &RollInitiative{}
	for _, a := range args {
		id, n, ok := strings.Cut(a, "+")
		k, err := strconv.Atoi(n)
		if !ok || id == "" || err != nil || k < 0 || k > 20 {
			return nil, engine.Errorf(engine.Invalid, "initiative takes ID+N, N situational dice from 0 to 20, not %q", a)
		}
		c.Extra = append(c.Extra, ExtraDice{Combatant: id, Dice: k})
	}
	return c, nil
}

// withMods adds a roll's modifiers to a phrase.
func withMods(p *parts.Phrase, m Mods) *parts.Phrase {
	return p.Num("dice", m.Dice).Num("charges", m.Charges).Num("challenges", m.Challenges)
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *RollInitiative:
		p := parts.Say("initiative")
		for _, x := range c.Extra {
			p.Args = append(p.Args, x.Combatant+"+"+strconv.Itoa(x.Dice))
		}
		return p.String()
	case *Attack:
		return withMods(parts.Say("attack", c.Target).Opt("with", c.Weapon).Opt("offhand", c.OffTarget), c.Mods).String()
	case *Move:
		return parts.Say("move", c.To.String()).String()
	case *Escape:
		if c.Away {
			return "escape"
		}
		return parts.Say("escape", c.To.String()).String()
	case *Ready:
		return parts.Say("ready", c.Target).Opt("with", c.Weapon).String()
	case *Aid:
		return withMods(parts.Say("aid", c.Target).Num("vs", c.VS), c.Mods).String()
	case *Stabilize:
		return withMods(parts.Say("stabilize", c.Target).Num("vs", c.VS), c.Mods).String()
	case *Check:
		return withMods(parts.Say("check", c.Skill).Num("vs", c.VS), c.Mods).String()
	case *Resist:
		return withMods(parts.Say("resist", c.Combatant, c.Ability).Num("vs", c.VS), c.Mods).String()
	case *RollAttack:
		if c.Lost {
			return "roll lost"
		}
		from := ""
		if c.Behind {
			from = "behind"
		}
		return withMods(parts.Say("roll").Opt("from", from), c.Mods).String()
	case *UseAbility:
		return withMods(parts.Say("use", c.Ability).Opt("on", c.Target).Opt("offhand", c.OffTarget), c.Mods).String()
	case *Rest:
		return parts.Say("rest", append([]string{c.Length}, c.Who...)...).String()
	case *Done:
		return "done"
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *StandUp:
		return "stand"
	case *EndTurn:
		return "end"
	case *Defense:
		return c.Style
	case *TakeOpening:
		return parts.Say("strike").Opt("with", c.Weapon).String()
	case *Rule:
		if c.Yes {
			return "yes"
		}
		return "no"
	case nil:
		return ""
	default:
		return commands.Kind(c)
	}
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("vigor command")
	events   = engine.NewKinds[Event]("vigor event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }
