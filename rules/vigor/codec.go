package vigor

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

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

// words is the text vocabulary of the vigor commands, one row per
// command.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With, kwOffHand, kwDice, kwCharges, kwChallenges, kwChances, kwVS, kwFrom, kwOn, kwTo},
	parts.Cmd(parts.Verb{Name: "initiative", Args: "[ID+N ...]", Many: true, Hint: "the GM rolls everyone's initiative, ID+N giving ID N situational dice"},
		func(p parts.Phrase) (*RollInitiative, error) { return initiative(p.Args) },
		func(c *RollInitiative, p *parts.Phrase) {
			for _, x := range c.Extra {
				p.Add(x.Combatant + "+" + strconv.Itoa(x.Dice))
			}
		}),
	parts.Cmd(parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: append([]string{"with", "offhand"}, rollWords...), Hint: "offhand TARGET adds an off-hand attack for 8 Vigor"},
		func(p parts.Phrase) (*Attack, error) {
			m, err := mods(p)
			return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), OffTarget: p.Word("offhand"), Mods: m}, err
		},
		func(c *Attack, p *parts.Phrase) {
			withMods(p.Add(c.Target).Opt("with", c.Weapon).Opt("offhand", c.OffTarget), c.Mods)
		}),
	parts.Bare[Defend](parts.Verb{Name: "defend", Hint: "on your turn, Defense costs 3 until your next turn; against a hit, a Defense"}),
	parts.Cmd(parts.Verb{Name: "move", Args: "[to] X,Y", Rest: true, Hint: "feet east and north"},
		func(p parts.Phrase) (*Move, error) {
			c, err := cell(p)
			return &Move{To: c}, err
		},
		func(c *Move, p *parts.Phrase) { p.Add(c.To.String()) }),
	parts.Cmd(parts.Verb{Name: "escape", Args: "[[to] X Y]", Hint: "openings first, then the move; without a square, straight away from the nearest enemy"},
		func(p parts.Phrase) (*Escape, error) {
			if len(p.Args) == 0 {
				return &Escape{Away: true}, nil
			}
			c, err := cell(p)
			return &Escape{To: c}, err
		},
		func(c *Escape, p *parts.Phrase) {
			if !c.Away {
				p.Add(c.To.String())
			}
		}),
	parts.Cmd(parts.Verb{Name: "ready", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "attack TARGET when it next acts"},
		func(p parts.Phrase) (*Ready, error) { return &Ready{Target: p.Arg(0), Weapon: p.Word("with")}, nil },
		func(c *Ready, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Weapon) }),
	parts.Cmd(parts.Verb{Name: "aid", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "emergency aid, Medicine against 20 unless the GM names a VS"},
		func(p parts.Phrase) (*Aid, error) {
			m, err := mods(p)
			vs, vsErr := vsOf(p)
			return &Aid{Target: p.Arg(0), VS: vs, Mods: m}, errors.Join(err, vsErr)
		},
		func(c *Aid, p *parts.Phrase) { withMods(p.Add(c.Target).Num("vs", c.VS), c.Mods) }),
	parts.Cmd(parts.Verb{Name: "stabilize", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "Medicine or Medical Science against 20 unless the GM names a VS"},
		func(p parts.Phrase) (*Stabilize, error) {
			m, err := mods(p)
			vs, vsErr := vsOf(p)
			return &Stabilize{Target: p.Arg(0), VS: vs, Mods: m}, errors.Join(err, vsErr)
		},
		func(c *Stabilize, p *parts.Phrase) { withMods(p.Add(c.Target).Num("vs", c.VS), c.Mods) }).Also(
		parts.Verb{Name: "stabilise", Args: "TARGET", Min: 1, Keywords: append([]string{"vs"}, rollWords...), Hint: "stabilize"}),
	parts.Cmd(parts.Verb{Name: "check", Args: "SKILL", Min: 1, Keywords: append([]string{"vs"}, rollWords...)},
		func(p parts.Phrase) (*Check, error) {
			m, err := mods(p)
			vs, vsErr := vsOf(p)
			return &Check{Skill: skillName(p.Arg(0)), VS: vs, Mods: m}, errors.Join(err, vsErr)
		},
		func(c *Check, p *parts.Phrase) { withMods(p.Add(c.Skill).Num("vs", c.VS), c.Mods) }),
	parts.Cmd(parts.Verb{Name: "resist", Args: "CREATURE ABILITY", Min: 2, Keywords: append([]string{"vs"}, rollWords...), Hint: "the GM calls for a resistance check"},
		func(p parts.Phrase) (*Resist, error) {
			m, err := mods(p)
			vs, vsErr := vsOf(p)
			return &Resist{Combatant: p.Arg(0), Ability: p.Arg(1), VS: vs, Mods: m}, errors.Join(err, vsErr)
		},
		func(c *Resist, p *parts.Phrase) { withMods(p.Add(c.Combatant, c.Ability).Num("vs", c.VS), c.Mods) }),
	parts.Cmd(parts.Verb{Name: "roll", Args: "[initiative ID+N ... | lost]", Many: true, Keywords: append([]string{"from"}, rollWords...), Hint: "the GM's modifiers of a declared attack, from behind halving the Guard, lost for a target beyond sight that cannot be located; or roll initiative"},
		readRoll,
		func(c *RollAttack, p *parts.Phrase) {
			if c.Lost {
				p.Add("lost")
				return
			}
			if c.Behind {
				p.Opt("from", "behind")
			}
			withMods(p, c.Mods)
		}),
	parts.Cmd(parts.Verb{Name: "use", Args: "NAME", Min: 1, Keywords: append([]string{"on", "offhand"}, rollWords...), Hint: "use an ability on TARGET (offhand TARGET adds an off-hand attack for 8 Vigor to a light-weapon technique), or an item"},
		func(p parts.Phrase) (*UseAbility, error) {
			m, err := mods(p)
			return &UseAbility{Ability: p.Arg(0), Target: p.Word("on"), OffTarget: p.Word("offhand"), Mods: m}, err
		},
		func(c *UseAbility, p *parts.Phrase) {
			withMods(p.Add(c.Ability).Opt("on", c.Target).Opt("offhand", c.OffTarget), c.Mods)
		}),
	parts.Cmd[StandUp](parts.Verb{Name: "stand", Args: "[up]"},
		func(p parts.Phrase) (*StandUp, error) { return &StandUp{}, only(p, "up") }, nil),
	parts.Cmd[EndTurn](parts.Verb{Name: "end", Args: "[turn]"},
		func(p parts.Phrase) (*EndTurn, error) { return &EndTurn{}, only(p, "turn") }, nil),
	parts.Cmd(parts.Verb{Name: "dodge", Keywords: rollWords},
		func(p parts.Phrase) (*Defense, error) {
			style := p.Verb
			if style == "defense" {
				style = "defend"
			}
			m, err := mods(p)
			return &Defense{Style: style, Mods: m}, err
		},
		func(c *Defense, p *parts.Phrase) {
			p.Verb = c.Style
			if c.Style == "defend" {
				p.Verb = "defense"
			}
			withMods(p, c.Mods)
		}).Also(
		parts.Verb{Name: "deflect", Keywords: rollWords},
		parts.Verb{Name: "block", Keywords: rollWords},
		parts.Verb{Name: "defense", Keywords: rollWords, Hint: "a Defense against a hit"}),
	parts.Cmd[Take](parts.Verb{Name: "take", Args: "[the] [hit|opening]", Keywords: append([]string{"with"}, rollWords...), Hint: "take the hit; or take the opening offered"},
		func(p parts.Phrase) (Command, error) {
			if err := only(p, "the", "hit", "opening"); err != nil {
				return nil, err
			}
			if slices.Contains(p.Args, "opening") || p.Word("with") != "" {
				m, err := mods(p)
				return &TakeOpening{Weapon: p.Word("with"), Mods: m}, err
			}
			return &Take{}, reactionWords(p)
		}, nil),
	parts.Cmd(parts.Verb{Name: "strike", Keywords: append([]string{"with"}, rollWords...), Hint: "take the opening or fire the readied attack"},
		func(p parts.Phrase) (*TakeOpening, error) {
			m, err := mods(p)
			return &TakeOpening{Weapon: p.Word("with"), Mods: m}, err
		},
		func(c *TakeOpening, p *parts.Phrase) { withMods(p.Opt("with", c.Weapon), c.Mods) }),
	parts.Bare[Pass](parts.Verb{Name: "pass", Hint: "let the opening go; against a hit, take it; on your turn, end it"}).Also(
		parts.Verb{Name: "decline", Hint: "pass"}),
	parts.Cmd(parts.Verb{Name: "rest", Args: "LENGTH [WHO ...]", Min: 1, Many: true, Hint: "after the fight, the GM: minute, hour or night, for those named or everyone"},
		func(p parts.Phrase) (*Rest, error) {
			length := p.Arg(0)
			if w, ok := restWords[length]; ok {
				length = w
			}
			var who []string
			if len(p.Args) > 1 {
				who = p.Args[1:]
			}
			return &Rest{Length: length, Who: who}, nil
		},
		func(c *Rest, p *parts.Phrase) { p.Add(c.Length).Add(c.Who...) }),
	parts.Bare[Done](parts.Verb{Name: "done", Hint: "after the fight, the GM closes the encounter"}),
	parts.Field(parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight at any time: a draw, or SIDE wins (the others fled)"}, func(c *EndFight) *string { return &c.Winner }),
	parts.Cmd(parts.Verb{Name: "yes", Hint: "the GM's ruling"},
		func(p parts.Phrase) (*Rule, error) { return &Rule{Yes: p.Verb == "yes"}, nil },
		func(c *Rule, p *parts.Phrase) {
			if !c.Yes {
				p.Verb = "no"
			}
		}).Also(parts.Verb{Name: "no", Hint: "the GM's ruling"}),
).Rewrite(rewrite)

// rewrite reads the rules' own words and the prompts' labels as the
// commands they name: "off-hand" (R12) as offhand, "attack T with W and
// off-hand with W2" and "use A on T and attack off-hand with W2" as an
// off-hand attack on T, "ready an attack on T for when it acts" as ready
// T (R16), "give T emergency aid" as aid T (R18), "end the turn", "move
// to X,Y toward T", "check SKILL" of a skill of several words ("check
// medical science", A38), "strike T" for the one an opening or a readied
// attack is offered against, and a ruling's "yes: knocked down" as yes;
// a label's closing note in brackets is left out.
func rewrite(s *State, text string) string {
	text = strings.TrimSpace(text)
	if i := strings.LastIndex(text, " ("); i > 0 && strings.HasSuffix(text, ")") && strings.ContainsFunc(text[i:], unicode.IsLetter) {
		text = text[:i] // a label's note: "strike bob (5 Vigor)"
	}
	ws := strings.Fields(strings.ToLower(text))
	for i := 0; i < len(ws); i++ {
		switch {
		case ws[i] == "off-hand":
			ws[i] = "offhand"
		case ws[i] == "off" && i+1 < len(ws) && ws[i+1] == "hand":
			ws = slices.Delete(ws, i+1, i+2)
			ws[i] = "offhand"
		}
	}
	if len(ws) == 0 {
		return text
	}
	if c, ok := labels[strings.Join(ws, " ")]; ok {
		return c
	}
	if v, _, ok := strings.Cut(ws[0], ":"); ok && (v == "yes" || v == "no" || v == "done" || v == "strike") {
		return v // a ruling's label, "yes: knocked down", or a readied answer's
	}
	switch verb := ws[0]; {
	case verb == "end" && len(ws) == 3 && ws[1] == "the" && ws[2] == "turn":
		ws = ws[:2]
		ws[1] = "turn"
	case verb == "ready":
		// ready [an] attack [on] T [for when it acts]
		rest := ws[1:]
		if len(rest) > 1 && (rest[0] == "an" || rest[0] == "a") && rest[1] == "attack" {
			rest = rest[1:]
		}
		if len(rest) > 0 && rest[0] == "attack" {
			rest = rest[1:]
			if len(rest) > 0 && rest[0] == "on" {
				rest = rest[1:]
			}
		}
		if n := len(rest); n >= 4 && slices.Equal(rest[n-4:], []string{"for", "when", "it", "acts"}) {
			rest = rest[:n-4]
		}
		ws = append(ws[:1], rest...)
	case verb == "give" && len(ws) == 4 && ws[2] == "emergency" && ws[3] == "aid":
		ws = []string{"aid", ws[1]}
	case verb == "move" && len(ws) >= 4 && ws[len(ws)-2] == "toward":
		ws = ws[:len(ws)-2]
	case verb == "attack" && len(ws) >= 2:
		ws = offHandOf(s, ws, ws[1], []string{"and", "offhand"})
	case verb == "use":
		if i := slices.Index(ws, "on"); i > 0 && i+1 < len(ws) {
			ws = offHandOf(s, ws, ws[i+1], []string{"and", "attack", "offhand"})
		}
	case verb == "check" && len(ws) > 2:
		// A skill of several words: "check medical science vs 20".
		k := 1 + slices.IndexFunc(ws[1:], func(w string) bool { return w == "vs" || slices.Contains(rollWords, w) })
		if k == 0 {
			k = len(ws)
		}
		if k > 2 {
			ws = append([]string{"check", strings.Join(ws[1:k], "_")}, ws[k:]...)
		}
	case verb == "strike" && len(ws) >= 2 && ws[1] != "with" && s != nil && ws[1] == strikeTarget(s):
		ws = slices.Delete(ws, 1, 2)
	}
	return strings.Join(ws, " ")
}

// labels are the GM's options whose labels are not commands, as typed
// out (lower case, the closing note left out), and the commands they
// offer.
var labels = map[string]string{
	"roll it as it stands": "roll",
	"the target is unaware and attacked from behind: half guard": "roll from behind",
	"1 charge":                "roll charges 1",
	"1 challenge":             "roll challenges 1",
	"1 situational bonus die": "roll dice 1",
	"the target, beyond sight, cannot be located: the attack is lost": "roll lost",
	"everyone still there takes a minute's rest":                      "rest minute",
	"everyone still there takes an hour's rest":                       "rest hour",
	"everyone still there takes a night's rest":                       "rest night",
}

// offHandOf rewrites the words ws of an attack on target whose off-hand
// attack is said as a prompt says it, lead then "with W" (W the acting
// creature's off-hand weapon), as "offhand TARGET".
func offHandOf(s *State, ws []string, target string, lead []string) []string {
	i := slices.Index(ws, lead[0])
	if i < 0 || i+len(lead) > len(ws) || !slices.Equal(ws[i:i+len(lead)], lead) {
		return ws
	}
	rest := ws[i+len(lead):]
	if len(rest) >= 2 && rest[0] == "with" {
		me := (*Combatant)(nil)
		if s != nil {
			me = s.Current()
		}
		off := "unarmed"
		if me != nil && me.OffHand != "" {
			off = me.OffHand
		}
		if me == nil || rest[1] != off && !(off == "unarmed" && slices.Contains(unarmedWords, rest[1])) {
			return ws
		}
		rest = rest[2:]
	}
	out := append(slices.Clone(ws[:i]), "offhand", target)
	return append(out, rest...)
}

// strikeTarget is the one a "strike" now answers: the opener of the
// opening or readied trigger offered, or the attacker whose hit a readied
// attack may answer; "" when none.
func strikeTarget(s *State) string {
	switch {
	case s.Phase == Offering && s.Window != nil:
		return s.Window.Opener
	case s.Phase == Defending && s.Strike != nil:
		return s.Strike.Attacker
	}
	return ""
}

// mods reads the roll modifiers of a phrase, refusing Chances.
func mods(p parts.Phrase) (Mods, error) {
	return Mods{Dice: p.Int("dice"), Charges: p.Int("charges"), Challenges: p.Int("challenges")}, noChances(p)
}

// vsOf reads the Victory Sum the GM names (§6): 0 when none is given,
// for the rules' default, and refused when it is named below 1, which
// the default would otherwise silently stand in for.
func vsOf(p parts.Phrase) (int, error) {
	vs := p.Int("vs")
	if p.Has("vs") && vs < 1 {
		return 0, engine.Errorf(engine.Invalid, "vs %s: a Victory Sum is 1 or more (leave vs out for the rules' own, 15, or 20 for aid and stabilizing)", p.Word("vs"))
	}
	return vs, nil
}

// noChances refuses a Chance: the rules never say what one is.
func noChances(p parts.Phrase) error {
	if p.Has("chances") {
		return engine.Errorf(engine.Invalid, "the rules never say what a Chance is (A31), and none is taken on a reaction (R20); give situational dice, charges or challenges instead")
	}
	return nil
}

// cell reads the square a phrase's words name.
func cell(p parts.Phrase) (parts.Cell, error) {
	c, err := parseSquare(strings.Join(p.Args, " "))
	if err != nil {
		return c, engine.Errorf(engine.Invalid, "%s: %v; %s", p.Verb, err, p.Usage())
	}
	return c, nil
}

// only refuses the positional words of a phrase that are not allowed.
func only(p parts.Phrase, allowed ...string) error {
	if err := noChances(p); err != nil {
		return err
	}
	for _, a := range p.Args {
		if !slices.Contains(allowed, a) {
			return engine.Errorf(engine.Invalid, "%s %s: %q is not understood; %s", p.Verb, strings.Join(p.Args, " "), a, p.Usage())
		}
	}
	return nil
}

// readRoll reads the GM's roll: an attack's modifiers, a target lost, or
// initiative.
func readRoll(p parts.Phrase) (Command, error) {
	if err := noChances(p); err != nil {
		return nil, err
	}
	if p.Arg(0) == "lost" && len(p.Args) == 1 && len(p.Options) == 0 {
		return &RollAttack{Lost: true}, nil
	}
	if p.Arg(0) == "initiative" {
		if len(p.Options) > 0 {
			return nil, engine.Errorf(engine.Invalid, "roll initiative takes ID+N for situational dice, not %s", p.Options[0][0])
		}
		return initiative(p.Args[1:])
	}
	if err := only(p); err != nil {
		return nil, err
	}
	if f := p.Word("from"); f != "" && f != "behind" {
		return nil, engine.Errorf(engine.Invalid, "roll from behind, not from %q", f)
	}
	m, err := mods(p)
	return &RollAttack{Behind: p.Word("from") == "behind", Mods: m}, err
}

// unarmedWords are the names an attack without a weapon goes by (R26):
// a creature's own weapon of one of these names comes first.
var unarmedWords = []string{"unarmed", "fists", "fist", "hands", "punch"}

// ParseCommand reads a command in the text vocabulary (docs/rules/vigor.md).
func (Rules) ParseCommand(s *State, _ string, text string) (Command, error) {
	return words.Parse(s, text)
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

// reactionWords refuses roll modifiers on taking a hit, which rolls
// nothing, and Chances anywhere (A31).
func reactionWords(p parts.Phrase) error {
	if err := noChances(p); err != nil {
		return err
	}
	if p.Has("dice") || p.Has("charges") || p.Has("challenges") {
		return engine.Errorf(engine.Invalid, "%s rolls nothing: it takes no dice, charges or challenges", strings.Join(append([]string{p.Verb}, p.Args...), " "))
	}
	return nil
}

// initiative reads the GM's initiative command: ID+N gives ID N
// situational dice.
func initiative(args []string) (*RollInitiative, error) {
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
	if text, ok := bareText(c); ok {
		return text
	}
	return words.Format(c)
}

// bareText is the text of the commands exact odds write most, a GM's
// ruling, an attack rolled as it stands, a Defense, taking the hit and
// passing, as words.Format writes them: a word, without the table's
// lookup of the command's type and the phrase it writes (most of the
// work of a ruling's default, which the odds write at every one they
// meet). ok is false for the others.
func bareText(c Command) (text string, ok bool) {
	switch c := c.(type) {
	case *Rule:
		if c.Yes {
			return "yes", true
		}
		return "no", true
	case *Defense:
		if c.Mods == (Mods{}) && (c.Style == "dodge" || c.Style == "deflect" || c.Style == "block") {
			return c.Style, true
		}
	case *RollAttack:
		if *c == (RollAttack{}) {
			return "roll", true
		}
	case *Take:
		return "take", true
	case *Pass:
		return "pass", true
	}
	return "", false
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
