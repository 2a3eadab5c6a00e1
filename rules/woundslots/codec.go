package woundslots

import (
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// words is the text vocabulary of the commands, one row per command (see
// docs/rules/woundslots.md). A command held in another ("long strong
// bob", "order attack bob", "ready defend") is read with the same table
// and kept typed (Nested); "interrupt" and "hurry" read the command they
// wrap. The rows read words only; Decide says what is allowed.
var words = parts.NewWords[State](commands, []parts.Keyword{parts.With, {Word: "by", Value: "HEALER"}, {Word: "after", Value: "MINUTES", Number: true}, {Word: "slept", Value: "HOURS", Number: true}},
	parts.Cmd(parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a standard attack, 4 AP (R42)"}, readAttack,
		func(c *Attack, p *parts.Phrase) {
			if c.Style != "" && c.Style != Standard {
				p.Verb = c.Style
			}
			p.Add(c.Target).Opt("with", c.Weapon)
		}).Also(
		parts.Verb{Name: "quick", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a quick melee attack, 3 AP, one level lighter (R40)"},
		parts.Verb{Name: "strong", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a strong melee attack, 6 AP, +1d6 on a hit (R43)"},
		parts.Verb{Name: "nonlethal", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a nonlethal melee attack at -2, 4 AP; you pick the level (R39)"}),
	toCell[Move](parts.Verb{Name: "move", Args: "X,Y", Min: 1, Hint: "walk to a cell, buying movement with AP (R33, R34)"}),
	parts.Field(parts.Verb{Name: "approach", Args: "TARGET", Min: 1, Hint: "walk toward a creature until your first weapon reaches it, or as far as your AP allows"}, func(c *Approach) *string { return &c.Target }),
	parts.Bare[Defend](parts.Verb{Name: "defend"}),
	parts.Bare[Seize](parts.Verb{Name: "seize"}),
	parts.Cmd(parts.Verb{Name: "posture", Args: "standing|crouching|prone", Min: 1},
		func(p parts.Phrase) (*Posture, error) { return &Posture{To: p.Arg(0)}, nil },
		func(c *Posture, p *parts.Phrase) { hurried(c.Hurry, p.Add(c.To)) }),
	parts.Bare[Dash](parts.Verb{Name: "dash"}),
	parts.Cmd(parts.Verb{Name: "use", Args: "OBJECT", Min: 1},
		func(p parts.Phrase) (*Use, error) { return &Use{Object: p.Arg(0)}, nil },
		func(c *Use, p *parts.Phrase) { hurried(c.Hurry, p.Add(c.Object)) }),
	parts.Bare[Continue](parts.Verb{Name: "continue"}),
	parts.Cmd[EndTurn](parts.Verb{Name: "end", Args: "[turn|EFFECT]", Hint: "end your turn, or end a magical effect you control, 2 AP (R60)"},
		func(p parts.Phrase) (Command, error) {
			if e := p.Arg(0); e != "" && e != "turn" {
				return &EndEffect{Effect: e}, nil
			}
			return &EndTurn{}, nil
		}, nil),
	parts.Writes(func(c *EndEffect, p *parts.Phrase) {
		p.Verb = "end"
		p.Add(c.Effect)
	}),
	parts.Bare[Pass](parts.Verb{Name: "pass"}),
	parts.Bare[Harry](parts.Verb{Name: "harry"}),
	parts.Field(parts.Verb{Name: "guard", Args: "plus|power|agility|fortitude|willpower", Min: 1}, func(c *Guard) *string { return &c.Choice }),
	parts.Cmd(parts.Verb{Name: "pick", Args: "LEVEL [helpless]", Min: 1},
		func(p parts.Phrase) (*Pick, error) {
			h := p.Arg(1)
			if h != "" && h != "helpless" {
				return nil, engine.Errorf(engine.Invalid, "pick LEVEL [helpless]: %q is not helpless", h)
			}
			return &Pick{Level: p.Arg(0), Helpless: h != ""}, nil
		},
		func(c *Pick, p *parts.Phrase) {
			p.Add(c.Level)
			if c.Helpless {
				p.Add("helpless")
			}
		}),
	parts.Cmd(parts.Verb{Name: "surprise", Args: "SIDE [contest]", Min: 1, Hint: "the side is surprised; with contest, each of its creatures checks for the others hiding (R31)"},
		func(p parts.Phrase) (*Surprise, error) {
			switch p.Arg(1) {
			case "":
				return &Surprise{Side: p.Arg(0)}, nil
			case "contest", "check", "checks":
				return &Surprise{Side: p.Arg(0), Contest: true}, nil
			}
			return nil, engine.Errorf(engine.Invalid, "surprise SIDE [contest]: %q is not contest", p.Arg(1))
		},
		func(c *Surprise, p *parts.Phrase) {
			p.Add(c.Side)
			if c.Contest {
				p.Add("contest")
			}
		}),
	parts.Bare[Initiative](parts.Verb{Name: "initiative"}),
	parts.Field(parts.Verb{Name: "stabilize", Args: "TARGET", Min: 1, Hint: "stop a dying creature's dying, 4 AP (R63)"}, func(c *Stabilize) *string { return &c.Target }),
	parts.Cmd[Treat](parts.Verb{Name: "treat", Args: "TARGET LEVEL|CONDITION", Min: 2, Hint: "treat one of a creature's wounds, or a condition (bleeding, burning, hobbled, poisoned), 8 AP (R64, R65)"},
		func(p parts.Phrase) (Command, error) {
			switch p.Arg(1) {
			case "bleeding", "burning", "hobbled", "poisoned":
				return &TreatCondition{Target: p.Arg(0), Condition: p.Arg(1)}, nil
			}
			return &Treat{Target: p.Arg(0), Level: p.Arg(1)}, nil
		},
		func(c *Treat, p *parts.Phrase) { p.Add(c.Target, c.Level) }),
	parts.Writes(func(c *TreatCondition, p *parts.Phrase) {
		p.Verb = "treat"
		p.Add(c.Target, c.Condition)
	}),
	parts.Cmd(parts.Verb{Name: "rest", Args: "short|long", Min: 1, Keywords: []string{"by", "after", "slept"}, Hint: "rest long by HEALER: tended (R71); rest long after MINUTES: broken off then (R73); rest long slept HOURS: the sleep had in the last day (R68)"},
		func(p parts.Phrase) (*Rest, error) {
			return &Rest{Length: p.Arg(0), Tender: p.Word("by"), Interrupted: given(p, "after"), Slept: given(p, "slept")}, nil
		},
		func(c *Rest, p *parts.Phrase) {
			p.Add(c.Length).Opt("by", c.Tender).Opt("after", written(c.Interrupted)).Opt("slept", written(c.Slept))
		}),
	parts.Cmd(parts.Verb{Name: "cover", Args: "TARGET quarter|half|three|slit|none", Min: 2, Hint: "the GM rules a creature's cover, at any time (R10)"},
		func(p parts.Phrase) (*Cover, error) { return &Cover{Target: p.Arg(0), Cover: p.Arg(1)}, nil },
		func(c *Cover, p *parts.Phrase) { p.Add(c.Target, c.Cover) }),
	parts.Cmd(parts.Verb{Name: "exert", Args: "TARGET STAMINA", Min: 2, Hint: "the GM has a creature pay a stamina cost, at any time; past its stamina the rest becomes fatigue (R19)"},
		func(p parts.Phrase) (*Exert, error) {
			n, err := strconv.Atoi(p.Arg(1))
			if err != nil || n < 1 || n > MaxExertion {
				return nil, engine.Errorf(engine.Invalid, "%s TARGET N: N a whole number from 1 to %d, not %q", p.Verb, MaxExertion, p.Arg(1))
			}
			if p.Verb == "exert" {
				return &Exert{Target: p.Arg(0), Stamina: n}, nil
			}
			return &Exert{Target: p.Arg(0), Fatigue: n}, nil
		},
		func(c *Exert, p *parts.Phrase) {
			if c.Fatigue > 0 {
				p.Verb = "fatigue"
				p.Add(c.Target, strconv.Itoa(c.Fatigue))
				return
			}
			p.Add(c.Target, strconv.Itoa(c.Stamina))
		}).Also(parts.Verb{Name: "fatigue", Args: "TARGET FATIGUE", Min: 2, Hint: "the GM has a creature gain fatigue, at any time (R20)"}),
	parts.Cmd(parts.Verb{Name: "order", Args: "COMMAND", Min: 1, Rest: true, Hint: "have your trained mount take an action with its AP: order attack bob (R76)"},
		func(p parts.Phrase) (*Order, error) {
			inner, err := parts.Nested[Command](p, p.Arg(0))
			return &Order{Action: Nested{c: inner}}, err
		},
		func(c *Order, p *parts.Phrase) { p.AddCommand(c.Action.Command()) }),
	parts.Field(parts.Verb{Name: "recover", Args: "LEVEL", Min: 1, Hint: "the wound your recovery check drops (R72)"}, func(c *Recover) *string { return &c.Level }),
	parts.Bare[Done](parts.Verb{Name: "done"}),
	parts.Field(parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight at any time: a draw, or SIDE wins (the others fled)"}, func(c *EndFight) *string { return &c.Winner }),
	parts.Cmd(parts.Verb{Name: "mount", Args: "MOUNT", Min: 1, Hint: "4 AP (R53)"},
		func(p parts.Phrase) (*Mount, error) { return &Mount{Target: p.Arg(0)}, nil },
		func(c *Mount, p *parts.Phrase) { hurried(c.Hurry, p.Add(c.Target)) }),
	parts.Reads(parts.Verb{Name: "grapple", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a melee attack with a reach-0 weapon that grapples, 4 AP (R57)"}, readAttack),
	parts.Cmd(parts.Verb{Name: "disarm", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
		func(p parts.Phrase) (*Hinder, error) { return &Hinder{Hindrance: p.Verb, Target: p.Arg(0)}, nil },
		func(c *Hinder, p *parts.Phrase) {
			p.Verb = c.Hindrance
			p.Add(c.Target)
		}).Also(
		parts.Verb{Name: "distract", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
		parts.Verb{Name: "shove", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
		parts.Verb{Name: "trip", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"}),
	parts.Field(parts.Verb{Name: "pin", Args: "TARGET", Min: 1, Hint: "4 AP (R59)"}, func(c *Pin) *string { return &c.Target }),
	parts.Field(parts.Verb{Name: "escape", Args: "[GRAPPLER]", Hint: "4 AP: escape the pin, or the grapple of GRAPPLER (R52)"}, func(c *Escape) *string { return &c.From }),
	parts.Cmd(parts.Verb{Name: "rebuff", Keywords: []string{"with"}, Hint: "a reaction, 4 AP, with the weapon named or else the first whose optimal reach the mover comes inside (R41)"},
		func(p parts.Phrase) (*Rebuff, error) { return &Rebuff{Weapon: p.Word("with")}, nil },
		func(c *Rebuff, p *parts.Phrase) { p.Opt("with", c.Weapon) }),
	parts.Cmd(parts.Verb{Name: "ignore", Args: "TARGET", Min: 1, Hint: "free: its attacks become rear attacks, +4 (R12)"},
		func(p parts.Phrase) (*Ignore, error) {
			return &Ignore{Target: p.Arg(0), Stop: p.Verb == "unignore"}, nil
		},
		func(c *Ignore, p *parts.Phrase) {
			if c.Stop {
				p.Verb = "unignore"
			}
			p.Add(c.Target)
		}).Also(parts.Verb{Name: "unignore", Args: "TARGET", Min: 1, Hint: "free (R12)"}),
	parts.Cmd(parts.Verb{Name: "jump", Args: "X,Y|high [tuck]", Min: 1, Hint: "a long jump in a straight line, or a high jump where you stand (R38)"},
		func(p parts.Phrase) (*Jump, error) {
			if p.Arg(0) == "high" {
				switch p.Arg(1) {
				case "":
					return &Jump{High: true}, nil
				case "tuck", "tucked":
					return &Jump{High: true, Tuck: true}, nil
				}
				return nil, engine.Errorf(engine.Invalid, "jump high [tuck]: %q is not tuck", p.Arg(1))
			}
			x, y, err := readCell(p)
			return &Jump{X: x, Y: y}, err
		},
		func(c *Jump, p *parts.Phrase) {
			switch {
			case c.High && c.Tuck:
				p.Add("high", "tuck")
			case c.High:
				p.Add("high")
			default:
				p.Add(cellText(c.X, c.Y))
			}
		}),
	parts.Cmd(parts.Verb{Name: "retrieve", Args: "WEAPON", Min: 1, Hint: "take a stowed weapon into an empty hand, 1, 3 or 6 AP by its container, or pick one up from the ground beside you, 2 AP (R48)"},
		func(p parts.Phrase) (*Retrieve, error) { return &Retrieve{Weapon: p.Arg(0)}, nil },
		func(c *Retrieve, p *parts.Phrase) { hurried(c.Hurry, p.Add(c.Weapon)) }),
	parts.Cmd(parts.Verb{Name: "stow", Args: "WEAPON", Min: 1, Hint: "put a weapon in hand into its container (R48)"},
		func(p parts.Phrase) (*Stow, error) { return &Stow{Weapon: p.Arg(0)}, nil },
		func(c *Stow, p *parts.Phrase) { hurried(c.Hurry, p.Add(c.Weapon)) }),
	parts.Bare[Surface](parts.Verb{Name: "surface", Hint: "a swimmer who sank swims up, 4 AP (R75)"}),
	parts.Cmd(parts.Verb{Name: "long", Args: "COMMAND", Min: 1, Rest: true, Hint: "declare an action costing more AP than you have, paid across turns: long strong bob, long treat ann severe (R25)"},
		func(p parts.Phrase) (*LongAction, error) {
			inner, err := parts.Nested[Command](p, p.Arg(0))
			return &LongAction{Action: Nested{c: inner}}, err
		},
		func(c *LongAction, p *parts.Phrase) { p.AddCommand(c.Action.Command()) }),
	parts.Cmd(parts.Verb{Name: "cast", Args: "SPELL [TARGET]", Min: 1, Hint: "a spell attack, or a spell that leaves an effect on you (R44)"},
		func(p parts.Phrase) (*Cast, error) { return &Cast{Spell: p.Arg(0), Target: p.Arg(1)}, nil },
		func(c *Cast, p *parts.Phrase) { p.Add(c.Spell, c.Target) }),
	parts.Cmd(parts.Verb{Name: "ready", Args: "[COMMAND]", Min: 1, Rest: true, Hint: "ready a standard attack, or the action named (ready defend, ready move 3,0), 1 AP (R47)"}, readReady,
		func(c *Ready, p *parts.Phrase) { p.AddCommand(c.Action.Command()) }),
	parts.Bare[Trigger](parts.Verb{Name: "trigger", Hint: "take your readied action as a reaction (R47); a readied attack: fire TARGET"}),
	parts.Field(parts.Verb{Name: "interpose", Args: "GRAPPLED", Min: 1, Hint: "a reaction, 2 AP (R58)"}, func(c *Interpose) *string { return &c.Shield }),
	parts.Field(parts.Verb{Name: "opening", Args: "TARGET", Min: 1, Hint: "create an opening, 4 AP (R50)"}, func(c *Opening) *string { return &c.Target }),
	parts.Field(parts.Verb{Name: "enter", Args: "TARGET", Min: 1, Hint: "enter an adjacent creature's space, 2 AP (R51)"}, func(c *Enter) *string { return &c.Target }),
	toCell[Drag](parts.Verb{Name: "drag", Args: "X,Y", Min: 1, Hint: "drag the whole grapple, 4 AP and at most 4 AP of movement (R56)"}),
	parts.Cmd(parts.Verb{Name: "fire", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "take a readied attack as a reaction (R47)"},
		func(p parts.Phrase) (*Fire, error) { return &Fire{Target: p.Arg(0), Weapon: p.Word("with")}, nil },
		func(c *Fire, p *parts.Phrase) { p.Add(c.Target).Opt("with", c.Weapon) }),
	parts.Bare[Cling](parts.Verb{Name: "cling", Hint: "a reaction, 2 AP (R55)"}),
	parts.Cmd(parts.Verb{Name: "split", Args: "WITH CUT", Min: 2, Hint: "yards moved with the mover and yards cut from its move (R55)"},
		func(p parts.Phrase) (*Split, error) {
			w, err1 := strconv.Atoi(p.Arg(0))
			c, err2 := strconv.Atoi(p.Arg(1))
			if err1 != nil || err2 != nil || w < 0 || c < 0 || w > parts.MaxNumber || c > parts.MaxNumber {
				return nil, engine.Errorf(engine.Invalid, "split WITH CUT: two whole numbers of yards, not %q %q", p.Arg(0), p.Arg(1))
			}
			return &Split{With: w, Cut: c}, nil
		},
		func(c *Split, p *parts.Phrase) { p.Add(strconv.Itoa(c.With), strconv.Itoa(c.Cut)) }),
	parts.Bare[Go](parts.Verb{Name: "go"}),
	parts.Bare[Stop](parts.Verb{Name: "stop"}),
	parts.Cmd(parts.Verb{Name: "dismount", Args: "X,Y", Min: 1, Hint: "to a cell beside the mount, 4 AP (R53)"},
		func(p parts.Phrase) (*Dismount, error) {
			x, y, err := readCell(p)
			return &Dismount{X: x, Y: y}, err
		},
		func(c *Dismount, p *parts.Phrase) { hurried(c.Hurry, p.Add(cellText(c.X, c.Y))) }),
	parts.Bare[Calm](parts.Verb{Name: "calm", Hint: "regain control of a bolting mount, 8 AP (R77)"}),
	parts.Reads(parts.Verb{Name: "hurry", Args: "COMMAND", Min: 1, Rest: true, Hint: "do it faster: hurry dismount X,Y, hurry mount M, hurry posture P, hurry retrieve W, hurry stow W, hurry use OBJECT (R67)"}, readHurry),
	toCell[Push](parts.Verb{Name: "push", Args: "X,Y", Min: 1, Hint: "where a creature you shoved goes (R61)"}),
	parts.Field(parts.Verb{Name: "drop", Args: "WEAPON", Min: 1, Hint: "what a creature you disarmed drops (R61)"}, func(c *Drop) *string { return &c.Weapon }),
	parts.Field(parts.Verb{Name: "meet", Args: "check|agility", Min: 1, Hint: "meet a disarm with a melee weapon check or your Agility Defense (R61)"}, func(c *Meet) *string { return &c.Choice }),
	parts.Reads(parts.Verb{Name: "interrupt", Args: "COMMAND", Min: 1, Rest: true, Hint: "act or move out of turn, in a window: interrupt attack bob, interrupt move 3,0 (R29, R35)"},
		func(p parts.Phrase) (Command, error) {
			inner, err := parts.Nested[Command](p, p.Arg(0))
			if err != nil {
				return nil, err
			}
			if !offTurnCommand(inner) {
				return nil, engine.Errorf(engine.Invalid, "interrupt: %q is not an action or move one can take out of turn", p.Arg(0))
			}
			return inner, nil
		}),
).Rewrite(func(_ *State, text string) string { return synonyms(text) })

// readAttack reads an attack of any style, by its verb.
func readAttack(p parts.Phrase) (*Attack, error) {
	style := p.Verb
	if style == "attack" {
		style = ""
	}
	return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Style: style}, nil
}

// readReady reads a readied action (R47): a standard attack, or the
// action named ("ready defend", "ready an attack bob").
func readReady(p parts.Phrase) (*Ready, error) {
	a := p.Arg(0)
	switch a {
	case "", "attack", "an attack", "an action":
		return &Ready{}, nil
	}
	text := a
	for _, article := range [...]string{"a ", "an "} {
		text = strings.TrimPrefix(text, article)
	}
	inner, err := parts.Nested[Command](p, text)
	if err != nil {
		return nil, err
	}
	if !offTurnCommand(inner) {
		return nil, engine.Errorf(engine.Invalid, "ready: %q is not an action to take as a reaction", a)
	}
	return &Ready{Action: Nested{c: inner}}, nil
}

// readHurry reads a hurried command (R67): movement and handling things.
func readHurry(p parts.Phrase) (Command, error) {
	inner, err := parts.Nested[Command](p, p.Arg(0))
	if err != nil {
		return nil, err
	}
	switch c := inner.(type) {
	case *Dismount:
		c.Hurry = true
	case *Use:
		c.Hurry = true
	case *Mount:
		c.Hurry = true
	case *Posture:
		c.Hurry = true
	case *Retrieve:
		c.Hurry = true
	case *Stow:
		c.Hurry = true
	default:
		return nil, engine.Errorf(engine.Invalid, "hurry: only mount, dismount, posture, retrieve, stow and use can be hurried: movement and handling things, never an attack or a spell (R67)")
	}
	return inner, nil
}

// hurried writes a hurried command (R67) as "hurry" and its own words.
func hurried(hurry bool, p *parts.Phrase) {
	if hurry {
		p.Args = append([]string{p.Verb}, p.Args...)
		p.Verb = "hurry"
	}
}

// readCell reads the cell "X,Y" a phrase's first word names.
func readCell(p parts.Phrase) (x, y int, err error) {
	c, err := parts.ParseCell(p.Arg(0))
	if err != nil {
		return 0, 0, engine.Errorf(engine.Invalid, "%s: %v", p.Verb, err)
	}
	return c.X, c.Y, nil
}

// cellCommand is the shape of a command whose words are one cell, "X,Y": a
// move, a drag, a push.
type cellCommand = struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// toCell is the row of such a command, read with readCell and written
// with cellText.
func toCell[T ~cellCommand](v parts.Verb) parts.Form {
	return parts.Cmd(v,
		func(p parts.Phrase) (*T, error) {
			x, y, err := readCell(p)
			c := T(cellCommand{X: x, Y: y})
			return &c, err
		},
		func(c *T, p *parts.Phrase) { q := cellCommand(*c); p.Add(cellText(q.X, q.Y)) })
}

// cellText writes a cell as readCell reads it.
func cellText(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

// ParseCommand reads a command in the text vocabulary (see
// docs/rules/woundslots.md). It reads words only; Decide says what is
// allowed.
func (Rules) ParseCommand(s *State, _ string, text string) (Command, error) {
	return words.Parse(s, text)
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string { return words.Format(c) }

// phrases are the other words a player may use for a command, as the
// rules text names actions: each leading phrase is read as the words
// after it ("strong attack bob" is "strong bob", "end turn" is "end").
var phrases = []struct{ from, to string }{
	{"end turn", "end"}, {"end the turn", "end"}, {"end my turn", "end"},
	{"end magical effect", "end"}, {"end effect", "end"},
	{"standard attack", "attack"}, {"standard", "attack"},
	{"quick attack", "quick"}, {"strong attack", "strong"},
	{"nonlethal attack", "nonlethal"}, {"non-lethal attack", "nonlethal"}, {"non-lethal", "nonlethal"},
	{"seize the initiative", "seize"}, {"seize initiative", "seize"},
	{"change posture to", "posture"}, {"change posture", "posture"},
	{"crouch", "posture crouching"}, {"stand up", "posture standing"}, {"stand", "posture standing"},
	{"go prone", "posture prone"}, {"drop prone", "posture prone"}, {"fall prone", "posture prone"}, {"prone", "posture prone"},
	{"create an opening against", "opening"}, {"create an opening", "opening"}, {"create opening", "opening"},
	{"enter occupied space", "enter"}, {"enter space", "enter"},
	{"treat wound", "treat"}, {"treat condition", "treat"},
	{"hinder", ""}, {"use an object", "use"}, {"use object", "use"},
	{"pick up", "retrieve"}, {"draw", "retrieve"}, {"sheathe", "stow"}, {"put away", "stow"},
	{"calm mount", "calm"}, {"calm the mount", "calm"}, {"regain control", "calm"},
	{"move to", "move"}, {"jump to", "jump"}, {"dismount to", "dismount"}, {"drag to", "drag"}, {"push to", "push"},
	{"escape the grapple of", "escape"}, {"escape the grapple", "escape"}, {"escape grapple", "escape"}, {"escape the pin", "escape"}, {"escape pin", "escape"}, {"escape from", "escape"},
	{"stabilise", "stabilize"}, {"short rest", "rest short"}, {"long rest", "rest long"},
	{"roll initiative", "initiative"}, {"high jump", "jump high"},
	{"take readied action", "trigger"}, {"take the readied action", "trigger"},
}

// reactionVerbs take no target; a target named after them is dropped
// ("harry archer" is "harry", "rebuff gob with pike" "rebuff with pike").
var reactionVerbs = []string{"harry", "rebuff", "cling", "defend", "seize", "calm", "trigger", "pass"}

// synonyms reads a command's other phrasings as its own words: lower
// case, single spaces, leading phrases replaced.
func synonyms(text string) string {
	text = strings.Join(strings.Fields(strings.ToLower(text)), " ")
	for _, p := range phrases {
		if text == p.from || strings.HasPrefix(text, p.from+" ") {
			text = strings.TrimSpace(p.to + text[len(p.from):])
			break
		}
	}
	if verb, rest, ok := strings.Cut(text, " "); ok && slices.Contains(reactionVerbs, verb) {
		switch target, more, _ := strings.Cut(rest, " "); {
		case more == "":
			text = verb
		case target != "with" && strings.HasPrefix(more, "with "):
			text = verb + " " + more // "rebuff gob with pike"
		}
	}
	if text == "ready" {
		return "ready attack" // ready alone readies a standard attack (R47)
	}
	return text
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("woundslots command")
	events   = engine.NewKinds[Event]("woundslots event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}

// given is number keyword option k of p, or nil when it is not given: 0
// given is a number like any other ("slept 0" is no sleep at all).
func given(p parts.Phrase, k string) *int {
	if !p.Has(k) {
		return nil
	}
	n := p.Int(k)
	return &n
}

// written is a number option as a command writes it, "" for none.
func written(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}
