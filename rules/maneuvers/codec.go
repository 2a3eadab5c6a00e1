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

// grammar is the text vocabulary of the commands.
var grammar = parts.NewGrammar([]parts.Keyword{parts.With, parts.Mod, kwStyle, kwUsing, kwAt, kwCover, kwEdge, kwDefMod, kwDefEdge, kwDamage, kwType},
	parts.Verb{Name: "begin", Args: "[SIDE]", Hint: "the GM rolls surprise and initiative; SIDE sneaks up"},
	parts.Verb{Name: "delay", Args: "TARGET", Min: 1, Hint: "take your turn after TARGET's"},
	parts.Verb{Name: "move", Args: "X,Y", Min: 1},
	parts.Verb{Name: "dash"},
	parts.Verb{Name: "disengage"},
	parts.Verb{Name: "strike", Args: "TARGET", Min: 1, Keywords: []string{"with", "style", "using"}},
	parts.Verb{Name: "cast", Args: "SPELL", Min: 1, Keywords: []string{"at"}},
	parts.Verb{Name: "grapple", Args: "TARGET", Min: 1},
	parts.Verb{Name: "escape", Args: "[SKILL]"},
	parts.Verb{Name: "release", Args: "[ITEM]"},
	parts.Verb{Name: "stand"},
	parts.Verb{Name: "search"},
	parts.Verb{Name: "sneak", Args: "[X,Y]"},
	parts.Verb{Name: "pick-up", Args: "ITEM", Min: 1},
	parts.Verb{Name: "end", Hint: "end your turn"},
	parts.Verb{Name: "situation", Args: "[aware|unaware]", Keywords: []string{"cover", "mod", "edge", "defence-mod", "defence-edge"}, Hint: "the GM's ruling on an attack"},
	parts.Verb{Name: "block"},
	parts.Verb{Name: "dodge"},
	parts.Verb{Name: "parry", Keywords: []string{"using"}},
	parts.Verb{Name: "withstand"},
	parts.Verb{Name: "none", Hint: "no defence"},
	parts.Verb{Name: "oa", Keywords: []string{"with"}, Hint: "an opportunity attack"},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "bash"},
	parts.Verb{Name: "brace"},
	parts.Verb{Name: "disarm", Args: "ITEM", Min: 1},
	parts.Verb{Name: "feint"},
	parts.Verb{Name: "precision", Args: "[LOCATION]"},
	parts.Verb{Name: "push"},
	parts.Verb{Name: "trip"},
	parts.Verb{Name: "no-maneuver"},
	parts.Verb{Name: "resist", Args: "SKILL", Min: 1},
	parts.Verb{Name: "way-clear", Hint: "the GM: nothing blocks a push"},
	parts.Verb{Name: "way-blocked", Hint: "the GM: an obstacle blocks a push"},
	parts.Verb{Name: "draw", Args: "ITEM", Min: 1},
	parts.Verb{Name: "stow", Args: "ITEM", Min: 1},
	parts.Verb{Name: "manipulate", Args: "OBJECT", Rest: true, Hint: "handle an object in reach the rules do not model, a lever say"},
	parts.Verb{Name: "continue"},
	parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight: a draw, or SIDE wins (the others fled)"},
	parts.Verb{Name: "rest", Hint: "the GM, after the fight: everyone alive heals"},
	parts.Verb{Name: "train", Args: "COMBATANT STYLE ITEM", Min: 3, Many: true, Hint: "the GM, out of combat: add ITEM to a style for 25 XP"},
	parts.Verb{Name: "done", Hint: "the GM, after the fight: close the encounter"},
	parts.Verb{Name: "improvise", Args: "NAME", Min: 1, Keywords: []string{"at", "with"}, Hint: "an action no rule names; the GM rules what it is"},
	parts.Verb{Name: "harmless", Keywords: []string{"with"}, Hint: "the GM: the improvised action is no attack"},
	parts.Verb{Name: "harmful", Args: "[melee] [mind]", Many: true, Keywords: []string{"with", "damage", "type"}, Hint: "the GM: the improvised action is an attack"},
)

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

// canonical rewrites command text into the grammar's words: its synonyms
// (above; "cast mend on ann" for "at ann"; "move 3 0" for "move 3,0"),
// and words that mean the command
// the fight waits for: "pass" or "none" for no maneuver, "pass" for no
// defence, a bare skill for the resistance a maneuver or grapple waits
// for.
func canonical(s *State, text string) string {
	words := strings.Fields(strings.ToLower(text))
	best, to := 0, ""
	for _, syn := range synonyms {
		from := strings.Fields(syn[0])
		if len(from) > best && len(words) >= len(from) && slices.Equal(words[:len(from)], from) {
			best, to = len(from), syn[1]
		}
	}
	if best > 0 {
		words = append(strings.Fields(to), words[best:]...)
	}
	for i := 1; i < len(words); i++ {
		if w, ok := synonymWords[words[i]]; ok {
			words[i] = w
		}
		if words[0] == "cast" && words[i] == "on" {
			words[i] = "at"
		}
	}
	if len(words) == 3 && (words[0] == "move" || words[0] == "sneak") {
		// move 3 0: a point written without its comma.
		if _, err := strconv.ParseFloat(words[1], 64); err == nil {
			if _, err := strconv.ParseFloat(words[2], 64); err == nil {
				words = []string{words[0], words[1] + "," + words[2]}
			}
		}
	}
	if s != nil && len(words) == 1 {
		switch r := s.Roll; {
		case r != nil && r.Stage == StageManeuver && (words[0] == "pass" || words[0] == "none"):
			words[0] = "no-maneuver"
		case r != nil && r.Stage == StageDefence && words[0] == "pass":
			words[0] = "none"
		case (r != nil && r.Stage == StageResist || r == nil && s.Contest != nil) && skillAttribute[words[0]] != "":
			words = []string{"resist", words[0]}
		}
	}
	return strings.Join(words, " ")
}

// ParseCommand reads a command in the text vocabulary
// (docs/rules/maneuvers.md lists it), with its synonyms.
func (Rules) ParseCommand(s *State, _ string, text string) (Command, error) {
	p, err := grammar.Parse(canonical(s, text))
	if err != nil {
		return nil, engine.Errorf(engine.Invalid, "%v", err)
	}
	switch p.Verb {
	case "begin":
		return &Begin{Sneaking: p.Arg(0)}, nil
	case "delay":
		return &Delay{After: p.Arg(0)}, nil
	case "move":
		to, err := parsePoint(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "move: %v", err)
		}
		return &Move{To: to}, nil
	case "dash":
		return &Dash{}, nil
	case "disengage":
		return &Disengage{}, nil
	case "strike":
		return &Strike{Target: p.Arg(0), Weapon: p.Word("with"), Style: p.Word("style"), Attr: p.Word("using")}, nil
	case "cast":
		return &Cast{Spell: p.Arg(0), Target: p.Word("at")}, nil
	case "grapple":
		return &Grapple{Target: p.Arg(0)}, nil
	case "escape":
		return &Escape{Skill: p.Arg(0)}, nil
	case "release":
		return &Release{Item: p.Arg(0)}, nil
	case "stand":
		return &Stand{}, nil
	case "search":
		return &Search{}, nil
	case "sneak":
		if p.Arg(0) == "" {
			return &Sneak{}, nil
		}
		to, err := parsePoint(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "sneak: %v", err)
		}
		return &Sneak{To: &to}, nil
	case "pick-up":
		return &PickUp{Item: p.Arg(0)}, nil
	case "end":
		return &EndTurn{}, nil
	case "situation":
		return &Situation{Awareness: p.Arg(0), Cover: p.Word("cover"), Mod: p.Int("mod"), Edge: p.Int("edge"),
			DefMod: p.Int("defence-mod"), DefEdge: p.Int("defence-edge")}, nil
	case "block", "dodge", "withstand", "none":
		return &Defend{Defence: p.Verb}, nil
	case "parry":
		return &Defend{Defence: Parry, Attr: p.Word("using")}, nil
	case "oa":
		return &Opportunity{Weapon: p.Word("with")}, nil
	case "pass":
		return &Pass{}, nil
	case "bash", "brace", "feint", "push", "trip":
		return &Maneuver{Name: p.Verb}, nil
	case "disarm":
		return &Maneuver{Name: Disarm, Item: p.Arg(0)}, nil
	case "precision":
		return &Maneuver{Name: Precision, Location: p.Arg(0)}, nil
	case "no-maneuver":
		return &Maneuver{}, nil
	case "resist":
		return &Resist{Skill: p.Arg(0)}, nil
	case "way-clear":
		return &PushWay{}, nil
	case "way-blocked":
		return &PushWay{Blocked: true}, nil
	case "draw":
		return &Draw{Item: p.Arg(0)}, nil
	case "stow":
		return &Stow{Item: p.Arg(0)}, nil
	case "manipulate":
		return &Manipulate{Object: p.Arg(0)}, nil
	case "continue":
		return &Continue{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "rest":
		return &Rest{}, nil
	case "train":
		return &Train{Combatant: p.Arg(0), Style: p.Arg(1), Item: strings.Join(p.Args[2:], " ")}, nil
	case "done":
		return &Done{}, nil
	case "improvise":
		return &Improvise{Name: p.Arg(0), Target: p.Word("at"), Skill: p.Word("with")}, nil
	case "harmless":
		return &RuleImprov{Skill: p.Word("with")}, nil
	case "harmful":
		r := &RuleImprov{Harmful: true, Skill: p.Word("with"), Damage: p.Word("damage"), Type: p.Word("type")}
		for _, a := range p.Args {
			switch a {
			case "melee":
				r.Melee = true
			case "mind":
				r.Mind = true
			default:
				return nil, engine.Errorf(engine.Invalid, "harmful takes melee and mind, not %q", a)
			}
		}
		return r, nil
	}
	return nil, engine.Errorf(engine.Invalid, "%q is in the vocabulary but not read", p.Verb)
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
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Begin:
		return parts.Say("begin", c.Sneaking).String()
	case *Delay:
		return parts.Say("delay", c.After).String()
	case *Move:
		return parts.Say("move", formatPoint(c.To)).String()
	case *Strike:
		return parts.Say("strike", c.Target).Opt("with", c.Weapon).Opt("style", c.Style).Opt("using", c.Attr).String()
	case *Cast:
		return parts.Say("cast", c.Spell).Opt("at", c.Target).String()
	case *Grapple:
		return parts.Say("grapple", c.Target).String()
	case *Escape:
		return parts.Say("escape", c.Skill).String()
	case *Release:
		return parts.Say("release", c.Item).String()
	case *PickUp:
		return parts.Say("pick-up", c.Item).String()
	case *EndTurn:
		return "end"
	case *Sneak:
		if c.To == nil {
			return "sneak"
		}
		return parts.Say("sneak", formatPoint(*c.To)).String()
	case *Situation:
		return parts.Say("situation", c.Awareness).Opt("cover", c.Cover).Num("mod", c.Mod).Num("edge", c.Edge).
			Num("defence-mod", c.DefMod).Num("defence-edge", c.DefEdge).String()
	case *Defend:
		return parts.Say(c.Defence).Opt("using", c.Attr).String()
	case *Opportunity:
		return parts.Say("oa").Opt("with", c.Weapon).String()
	case *Maneuver:
		switch c.Name {
		case "":
			return "no-maneuver"
		case Disarm:
			return parts.Say("disarm", c.Item).String()
		case Precision:
			return parts.Say("precision", c.Location).String()
		}
		return c.Name
	case *Resist:
		return parts.Say("resist", c.Skill).String()
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *Rest:
		return "rest"
	case *Improvise:
		return parts.Say("improvise", c.Name).Opt("at", c.Target).Opt("with", c.Skill).String()
	case *RuleImprov:
		if !c.Harmful {
			return parts.Say("harmless").Opt("with", c.Skill).String()
		}
		var traits []string
		if c.Melee {
			traits = append(traits, "melee")
		}
		if c.Mind {
			traits = append(traits, "mind")
		}
		return parts.Say("harmful", traits...).Opt("with", c.Skill).Opt("damage", c.Damage).Opt("type", c.Type).String()
	case *Done:
		return "done"
	case *Train:
		return parts.Say("train", c.Combatant, c.Style, c.Item).String()
	case *PushWay:
		if c.Blocked {
			return "way-blocked"
		}
		return "way-clear"
	case *Draw:
		return parts.Say("draw", c.Item).String()
	case *Stow:
		return parts.Say("stow", c.Item).String()
	case *Manipulate:
		return parts.Say("manipulate", c.Object).String()
	case nil:
		return ""
	}
	return commands.Kind(c)
}

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
