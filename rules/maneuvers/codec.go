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
	return c.Kind()
}

// DecodeCommand reads a command written by engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "maneuvers command", commandKinds())
}

// DecodeEvent reads an event written by engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "maneuvers event", eventKinds())
}

// Kinds lists the kind of every command and event type.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// commandKinds is the append-only kinds table of the commands.
func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"begin":       func() Command { return &Begin{} },
		"delay":       func() Command { return &Delay{} },
		"move":        func() Command { return &Move{} },
		"dash":        func() Command { return &Dash{} },
		"disengage":   func() Command { return &Disengage{} },
		"strike":      func() Command { return &Strike{} },
		"cast":        func() Command { return &Cast{} },
		"grapple":     func() Command { return &Grapple{} },
		"escape":      func() Command { return &Escape{} },
		"release":     func() Command { return &Release{} },
		"stand":       func() Command { return &Stand{} },
		"search":      func() Command { return &Search{} },
		"sneak":       func() Command { return &Sneak{} },
		"pick_up":     func() Command { return &PickUp{} },
		"end_turn":    func() Command { return &EndTurn{} },
		"situation":   func() Command { return &Situation{} },
		"defend":      func() Command { return &Defend{} },
		"opportunity": func() Command { return &Opportunity{} },
		"pass":        func() Command { return &Pass{} },
		"maneuver":    func() Command { return &Maneuver{} },
		"resist":      func() Command { return &Resist{} },
		"push_way":    func() Command { return &PushWay{} },
		"draw":        func() Command { return &Draw{} },
		"stow":        func() Command { return &Stow{} },
		"continue":    func() Command { return &Continue{} },
		"end_fight":   func() Command { return &EndFight{} },
		"manipulate":  func() Command { return &Manipulate{} },
		"rest":        func() Command { return &Rest{} },
		"train":       func() Command { return &Train{} },
		"done":        func() Command { return &Done{} },
		"improvise":   func() Command { return &Improvise{} },
		"rule_improv": func() Command { return &RuleImprov{} },
	}
}

// eventKinds is the append-only kinds table of the events.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"test_rolled":        func() Event { return &TestRolled{} },
		"surprised":          func() Event { return &Surprised{} },
		"initiative_rolled":  func() Event { return &InitiativeRolled{} },
		"order_set":          func() Event { return &OrderSet{} },
		"round_started":      func() Event { return &RoundStarted{} },
		"turn_started":       func() Event { return &TurnStarted{} },
		"turn_skipped":       func() Event { return &TurnSkipped{} },
		"turn_delayed":       func() Event { return &TurnDelayed{} },
		"turn_ended":         func() Event { return &TurnEnded{} },
		"action_taken":       func() Event { return &ActionTaken{} },
		"move_declared":      func() Event { return &MoveDeclared{} },
		"moved":              func() Event { return &Moved{} },
		"provoking":          func() Event { return &Provoking{} },
		"opportunity_passed": func() Event { return &OpportunityPassed{} },
		"strike_declared":    func() Event { return &StrikeDeclared{} },
		"situation_ruled":    func() Event { return &SituationRuled{} },
		"defence_chosen":     func() Event { return &DefenceChosen{} },
		"combat_rolled":      func() Event { return &CombatRolled{} },
		"maneuver_chosen":    func() Event { return &ManeuverChosen{} },
		"damaged":            func() Event { return &Damaged{} },
		"maneuver_resolved":  func() Event { return &ManeuverResolved{} },
		"spell_cast":         func() Event { return &SpellCast{} },
		"spell_lost":         func() Event { return &SpellLost{} },
		"healed":             func() Event { return &Healed{} },
		"grapple_attempted":  func() Event { return &GrappleAttempted{} },
		"grapple_resolved":   func() Event { return &GrappleResolved{} },
		"escape_rolled":      func() Event { return &EscapeRolled{} },
		"grapple_ended":      func() Event { return &GrappleEnded{} },
		"observed":           func() Event { return &Observed{} },
		"revealed":           func() Event { return &Revealed{} },
		"stood_up":           func() Event { return &StoodUp{} },
		"picked_up":          func() Event { return &PickedUp{} },
		"interrupted":        func() Event { return &Interrupted{} },
		"item_dropped":       func() Event { return &ItemDropped{} },
		"push_way_ruled":     func() Event { return &PushWayRuled{} },
		"item_drawn":         func() Event { return &ItemDrawn{} },
		"item_stowed":        func() Event { return &ItemStowed{} },
		"window_opened":      func() Event { return &WindowOpened{} },
		"reaction_passed":    func() Event { return &ReactionPassed{} },
		"round_ended":        func() Event { return &RoundEnded{} },
		"fight_ended":        func() Event { return &FightEnded{} },
		"fight_decided":      func() Event { return &FightDecided{} },
		"rested":             func() Event { return &Rested{} },
		"style_trained":      func() Event { return &StyleTrained{} },
		"improvised":         func() Event { return &Improvised{} },
		"improv_ruled":       func() Event { return &ImprovRuled{} },
	}
}

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it. Each event says it itself, beside
// its rules.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}
