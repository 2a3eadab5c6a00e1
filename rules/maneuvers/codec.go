package maneuvers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// The keywords of the command text.
var (
	kwStyle = parts.Keyword{Word: "style", Value: "STYLE"}
	kwUsing = parts.Keyword{Word: "using", Value: "str|agi"}
	kwAt    = parts.Keyword{Word: "at", Value: "TARGET"}
	kwCover = parts.Keyword{Word: "cover", Value: "none|low|high|full"}
	kwEdge  = parts.Keyword{Word: "edge", Value: "N", Number: true}
	// The environment's modifier and boons or banes for the defender's
	// test.
	kwDefMod  = parts.Keyword{Word: "defence-mod", Value: "N", Number: true}
	kwDefEdge = parts.Keyword{Word: "defence-edge", Value: "N", Number: true}
	// An improvised attack's damage and its type.
	kwDamage = parts.Keyword{Word: "damage", Value: "NdX+K"}
	kwType   = parts.Keyword{Word: "type", Value: "TYPE"}
)

// words is the text vocabulary of the commands, one row per command.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With, parts.Mod, kwStyle, kwUsing, kwAt, kwCover, kwEdge, kwDefMod, kwDefEdge, kwDamage, kwType},
	parts.Field(parts.Verb{Name: "begin", Args: "[SIDE]", Hint: "the GM rolls surprise and initiative; SIDE sneaks up"}, func(c *Begin) *string { return &c.Sneaking }),
	parts.Field(parts.Verb{Name: "delay", Args: "TARGET", Min: 1, Hint: "take your turn after TARGET's"}, func(c *Delay) *string { return &c.After }),
	parts.Cmd(parts.Verb{Name: "move", Args: "X,Y", Min: 1},
		func(p parts.Phrase) (*Move, error) {
			to, err := parsePoint(p.Arg(0))
			if err != nil {
				return nil, fmt.Errorf("move: %w", err)
			}
			return &Move{To: to}, nil
		},
		func(c *Move, p *parts.Phrase) { p.Add(formatPoint(c.To)) }),
	parts.Bare[Dash](parts.Verb{Name: "dash"}),
	parts.Bare[Disengage](parts.Verb{Name: "disengage"}),
	parts.Cmd(parts.Verb{Name: "strike", Args: "TARGET", Min: 1, Keywords: []string{"with", "style", "using"}},
		func(p parts.Phrase) (*Strike, error) {
			return &Strike{Target: p.Arg(0), Weapon: p.Word("with"), Style: p.Word("style"), Attr: p.Word("using")}, nil
		},
		func(c *Strike, p *parts.Phrase) {
			p.Add(c.Target).Opt("with", c.Weapon).Opt("style", c.Style).Opt("using", c.Attr)
		}),
	parts.Cmd(parts.Verb{Name: "cast", Args: "SPELL", Min: 1, Keywords: []string{"at"}},
		func(p parts.Phrase) (*Cast, error) { return &Cast{Spell: p.Arg(0), Target: p.Word("at")}, nil },
		func(c *Cast, p *parts.Phrase) { p.Add(c.Spell).Opt("at", c.Target) }),
	parts.Field(parts.Verb{Name: "grapple", Args: "TARGET", Min: 1}, func(c *Grapple) *string { return &c.Target }),
	parts.Field(parts.Verb{Name: "escape", Args: "[SKILL]"}, func(c *Escape) *string { return &c.Skill }),
	parts.Field(parts.Verb{Name: "release", Args: "[ITEM]"}, func(c *Release) *string { return &c.Item }),
	parts.Bare[Stand](parts.Verb{Name: "stand"}),
	parts.Bare[Search](parts.Verb{Name: "search"}),
	parts.Cmd(parts.Verb{Name: "sneak", Args: "[X,Y]"},
		func(p parts.Phrase) (*Sneak, error) {
			if p.Arg(0) == "" {
				return &Sneak{}, nil
			}
			to, err := parsePoint(p.Arg(0))
			if err != nil {
				return nil, fmt.Errorf("sneak: %w", err)
			}
			return &Sneak{To: &to}, nil
		},
		func(c *Sneak, p *parts.Phrase) {
			if c.To != nil {
				p.Add(formatPoint(*c.To))
			}
		}),
	parts.Field(parts.Verb{Name: "pick-up", Args: "ITEM", Min: 1}, func(c *PickUp) *string { return &c.Item }),
	parts.Bare[EndTurn](parts.Verb{Name: "end", Hint: "end your turn"}),
	parts.Cmd(parts.Verb{Name: "situation", Args: "[aware|unaware]", Keywords: []string{"cover", "mod", "edge", "defence-mod", "defence-edge"}, Hint: "the GM's ruling on an attack"},
		func(p parts.Phrase) (*Situation, error) {
			return &Situation{Awareness: p.Arg(0), Cover: p.Word("cover"), Mod: p.Int("mod"), Edge: p.Int("edge"),
				DefMod: p.Int("defence-mod"), DefEdge: p.Int("defence-edge")}, nil
		},
		func(c *Situation, p *parts.Phrase) {
			p.Add(c.Awareness).Opt("cover", c.Cover).Num("mod", c.Mod).Num("edge", c.Edge).
				Num("defence-mod", c.DefMod).Num("defence-edge", c.DefEdge)
		}),
	parts.Cmd(parts.Verb{Name: Block},
		func(p parts.Phrase) (*Defend, error) { return &Defend{Defence: p.Verb, Attr: p.Word("using")}, nil },
		func(c *Defend, p *parts.Phrase) {
			p.Verb = c.Defence
			p.Opt("using", c.Attr)
		}).Also(
		parts.Verb{Name: Dodge},
		parts.Verb{Name: Parry, Keywords: []string{"using"}},
		parts.Verb{Name: Withstand},
		parts.Verb{Name: NoDefence, Hint: "no defence"}),
	parts.Cmd(parts.Verb{Name: "oa", Keywords: []string{"with"}, Hint: "an opportunity attack"},
		func(p parts.Phrase) (*Opportunity, error) { return &Opportunity{Weapon: p.Word("with")}, nil },
		func(c *Opportunity, p *parts.Phrase) { p.Opt("with", c.Weapon) }),
	parts.Bare[Pass](parts.Verb{Name: "pass"}),
	parts.Cmd(parts.Verb{Name: Bash}, readManeuver, writeManeuver).Also(
		parts.Verb{Name: Brace},
		parts.Verb{Name: Disarm, Args: "ITEM", Min: 1},
		parts.Verb{Name: Feint},
		parts.Verb{Name: Precision, Args: "[LOCATION]"},
		parts.Verb{Name: Push},
		parts.Verb{Name: Trip},
		parts.Verb{Name: "no-maneuver"}),
	parts.Field(parts.Verb{Name: "resist", Args: "SKILL", Min: 1}, func(c *Resist) *string { return &c.Skill }),
	parts.Cmd(parts.Verb{Name: "way-clear", Hint: "the GM: nothing blocks a push"},
		func(p parts.Phrase) (*PushWay, error) { return &PushWay{Blocked: p.Verb == "way-blocked"}, nil },
		func(c *PushWay, p *parts.Phrase) {
			if c.Blocked {
				p.Verb = "way-blocked"
			}
		}).Also(parts.Verb{Name: "way-blocked", Hint: "the GM: an obstacle blocks a push"}),
	parts.Field(parts.Verb{Name: "draw", Args: "ITEM", Min: 1}, func(c *Draw) *string { return &c.Item }),
	parts.Field(parts.Verb{Name: "stow", Args: "ITEM", Min: 1}, func(c *Stow) *string { return &c.Item }),
	parts.Field(parts.Verb{Name: "manipulate", Args: "OBJECT", Rest: true, Hint: "handle an object in reach the rules do not model, a lever say"}, func(c *Manipulate) *string { return &c.Object }),
	parts.Bare[Continue](parts.Verb{Name: "continue"}),
	parts.Field(parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight: a draw, or SIDE wins (the others fled)"}, func(c *EndFight) *string { return &c.Winner }),
	parts.Bare[Rest](parts.Verb{Name: "rest", Hint: "the GM, after the fight: everyone alive heals"}),
	parts.Cmd(parts.Verb{Name: "train", Args: "COMBATANT STYLE ITEM", Min: 3, Many: true, Hint: "the GM, out of combat: add ITEM to a style for 25 XP"},
		func(p parts.Phrase) (*Train, error) {
			return &Train{Combatant: p.Arg(0), Style: p.Arg(1), Item: strings.Join(p.Args[2:], " ")}, nil
		},
		func(c *Train, p *parts.Phrase) { p.Add(c.Combatant, c.Style, c.Item) }),
	parts.Bare[Done](parts.Verb{Name: "done", Hint: "the GM, after the fight: close the encounter"}),
	parts.Cmd(parts.Verb{Name: "improvise", Args: "NAME", Min: 1, Keywords: []string{"at", "with"}, Hint: "an action no rule names; the GM rules what it is", Values: map[string]string{"with": "SKILL"}},
		func(p parts.Phrase) (*Improvise, error) {
			return &Improvise{Name: p.Arg(0), Target: p.Word("at"), Skill: p.Word("with")}, nil
		},
		func(c *Improvise, p *parts.Phrase) { p.Add(c.Name).Opt("at", c.Target).Opt("with", c.Skill) }),
	parts.Cmd(parts.Verb{Name: "harmless", Keywords: []string{"with"}, Hint: "the GM: the improvised action is no attack", Values: map[string]string{"with": "SKILL"}},
		readRuling, writeRuling).Also(
		parts.Verb{Name: "harmful", Args: "[melee] [mind]", Many: true, Keywords: []string{"with", "damage", "type"}, Hint: "the GM: the improvised action is an attack", Values: map[string]string{"with": "SKILL"}}),
).Rewrite(canonical)

// readManeuver reads a critical win's maneuver, or none.
func readManeuver(p parts.Phrase) (*Maneuver, error) {
	switch p.Verb {
	case "no-maneuver":
		return &Maneuver{}, nil
	case Disarm:
		return &Maneuver{Name: Disarm, Item: p.Arg(0)}, nil
	case Precision:
		return &Maneuver{Name: Precision, Location: p.Arg(0)}, nil
	}
	return &Maneuver{Name: p.Verb}, nil
}

// writeManeuver writes a maneuver as readManeuver reads it.
func writeManeuver(c *Maneuver, p *parts.Phrase) {
	p.Verb = c.Name
	switch c.Name {
	case "":
		p.Verb = "no-maneuver"
	case Disarm:
		p.Add(c.Item)
	case Precision:
		p.Add(c.Location)
	}
}

// readRuling reads the GM's ruling on an improvised action.
func readRuling(p parts.Phrase) (*RuleImprov, error) {
	if p.Verb == "harmless" {
		return &RuleImprov{Skill: p.Word("with")}, nil
	}
	r := &RuleImprov{Harmful: true, Skill: p.Word("with"), Damage: p.Word("damage"), Type: p.Word("type")}
	for _, a := range p.Args {
		switch a {
		case "melee":
			r.Melee = true
		case "mind":
			r.Mind = true
		default:
			return nil, fmt.Errorf("harmful takes melee and mind, not %q", a)
		}
	}
	return r, nil
}

// writeRuling writes a ruling as readRuling reads it.
func writeRuling(c *RuleImprov, p *parts.Phrase) {
	if !c.Harmful {
		p.Opt("with", c.Skill)
		return
	}
	p.Verb = "harmful"
	if c.Melee {
		p.Add("melee")
	}
	if c.Mind {
		p.Add("mind")
	}
	p.Opt("with", c.Skill).Opt("damage", c.Damage).Opt("type", c.Type)
}

// synonyms are the other ways people write a command's first words, and
// the words the grammar reads for them: the words of the rules text ("stand
// up", "opportunity attack", "end turn") and filler ("move to 3,0",
// "resist with athletics"). The longest that fits wins.
var synonyms = [][2]string{
	{"attack of opportunity", "oa"},
	{"opportunity attack", "oa"},
	{"opportunity-attack", "oa"},
	{"opportunity", "oa"},
	{"attack", "strike"},
	{"stand up", "stand"},
	{"stand-up", "stand"},
	{"end turn", "end"},
	{"end-turn", "end"},
	{"end the turn", "end"},
	{"end fight", "end-fight"},
	{"end the fight", "end-fight"},
	{"pick up", "pick-up"},
	{"pickup", "pick-up"},
	{"use magic", "cast"},
	{"use-magic", "cast"},
	{"no maneuver", "no-maneuver"},
	{"no-maneuvre", "no-maneuver"},
	{"no maneuvre", "no-maneuver"},
	{"maneuver", ""},
	{"maneuvre", ""},
	{"defend", ""},
	{"no defence", "none"},
	{"no-defence", "none"},
	{"no defense", "none"},
	{"no-defense", "none"},
	{"resist with", "resist"},
	{"escape with", "escape"},
	{"delay until after", "delay"},
	{"delay after", "delay"},
	{"move to", "move"},
	{"sneak to", "sneak"},
	{"way clear", "way-clear"},
	{"way blocked", "way-blocked"},
	{"blocked", "way-blocked"},
}

// synonymWords rewrites words after the first that mean a keyword of the
// grammar.
var synonymWords = map[string]string{
	"defense-mod":  "defence-mod",
	"defense-edge": "defence-edge",
}

// attributeWords are the attributes' names in full, read for the
// attribute a strike or parry uses.
var attributeWords = map[string]string{"strength": STR, "agility": AGI}

// canonical rewrites command text into the grammar's words: its synonyms
// (above; "cast mend on ann" for "at ann"; "move 3 0" for "move 3,0"),
// and words that mean the command
// the fight waits for: "pass" or "none" for no maneuver, "pass" for no
// defence, a bare skill for the resistance a maneuver or grapple waits
// for.
func canonical(s *State, text string) string {
	ws := strings.Fields(strings.ToLower(text))
	best, to := 0, ""
	for _, syn := range synonyms {
		from := strings.Fields(syn[0])
		if len(from) > best && len(ws) >= len(from) && slices.Equal(ws[:len(from)], from) {
			best, to = len(from), syn[1]
		}
	}
	if best > 0 {
		ws = append(strings.Fields(to), ws[best:]...)
	}
	for i := 1; i < len(ws); i++ {
		if w, ok := synonymWords[ws[i]]; ok {
			ws[i] = w
		}
		if ws[0] == "cast" && ws[i] == "on" {
			ws[i] = "at"
		}
		if a, ok := attributeWords[ws[i]]; ok && (ws[0] == "parry" || ws[i-1] == "using") {
			ws[i] = a
		}
	}
	for i := 0; i+2 < len(ws); i++ {
		// A skill of several words, written as the rules write it:
		// "resist with sleight of hand".
		if ws[i] == "sleight" && ws[i+1] == "of" && ws[i+2] == "hand" {
			ws = slices.Concat(ws[:i], []string{Sleight}, ws[i+3:])
		}
	}
	switch {
	case len(ws) == 2 && ws[0] == "parry" && (ws[1] == STR || ws[1] == AGI):
		// parry agi, as the transcript's "parry with agi" reads.
		ws = []string{"parry", "using", ws[1]}
	case len(ws) == 3 && ws[0] == "parry" && ws[1] == "with":
		ws[1] = "using"
	case len(ws) == 3 && (ws[0] == "escape" || ws[0] == "resist") && ws[1] == "using":
		ws = []string{ws[0], ws[2]}
	case len(ws) == 3 && (ws[0] == "move" || ws[0] == "sneak") && strings.HasSuffix(ws[1], ","):
		// move 3, 0: a point written with a space after its comma.
		ws = []string{ws[0], ws[1] + ws[2]}
	}
	if len(ws) == 3 && (ws[0] == "move" || ws[0] == "sneak") {
		// move 3 0: a point written without its comma.
		if _, err := strconv.ParseFloat(ws[1], 64); err == nil {
			if _, err := strconv.ParseFloat(ws[2], 64); err == nil {
				ws = []string{ws[0], ws[1] + "," + ws[2]}
			}
		}
	}
	if s != nil && len(ws) == 1 {
		switch r := s.Roll; {
		case r != nil && r.Stage == StageManeuver && (ws[0] == "pass" || ws[0] == "none"):
			ws[0] = "no-maneuver"
		case r != nil && r.Stage == StageDefence && ws[0] == "pass":
			ws[0] = "none"
		case (r != nil && r.Stage == StageResist || r == nil && s.Contest != nil) && skillAttribute[ws[0]] != "":
			ws = []string{"resist", ws[0]}
		}
	}
	return strings.Join(ws, " ")
}

// ParseCommand reads a command in the text vocabulary
// (docs/rules/maneuvers.md lists it), with its synonyms.
func (Rules) ParseCommand(s *State, _ string, text string) (Command, error) {
	return words.Parse(s, text)
}

// parsePoint reads "X,Y" in metres.
func parsePoint(text string) (Point, error) {
	xs, ys, ok := strings.Cut(text, ",")
	if !ok {
		return Point{}, fmt.Errorf("a point is X,Y, not %q", text)
	}
	x, err := parts.ParseCoordinate("X", xs)
	if err != nil {
		return Point{}, err
	}
	y, err := parts.ParseCoordinate("Y", ys)
	if err != nil {
		return Point{}, err
	}
	return Point{x, y}, nil
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string { return words.Format(c) }

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("maneuvers command")
	events   = engine.NewKinds[Event]("maneuvers event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it. Each event says it itself, beside
// its rules.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}
