package woundslots

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// grammar is the text vocabulary of the commands.
var grammar = parts.NewGrammar([]parts.Keyword{parts.With, {Word: "by", Value: "HEALER"}, {Word: "after", Value: "MINUTES", Number: true}, {Word: "slept", Value: "HOURS", Number: true}},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a standard attack, 4 AP (R42)"},
	parts.Verb{Name: "quick", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a quick melee attack, 3 AP, one level lighter (R40)"},
	parts.Verb{Name: "strong", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a strong melee attack, 6 AP, +1d6 on a hit (R43)"},
	parts.Verb{Name: "nonlethal", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a nonlethal melee attack at -2, 4 AP; you pick the level (R39)"},
	parts.Verb{Name: "move", Args: "X,Y", Min: 1, Hint: "walk to a cell, buying movement with AP (R33, R34)"},
	parts.Verb{Name: "approach", Args: "TARGET", Min: 1, Hint: "walk toward a creature until your first weapon reaches it, or as far as your AP allows"},
	parts.Verb{Name: "defend"},
	parts.Verb{Name: "seize"},
	parts.Verb{Name: "posture", Args: "standing|crouching|prone", Min: 1},
	parts.Verb{Name: "dash"},
	parts.Verb{Name: "use", Args: "OBJECT", Min: 1},
	parts.Verb{Name: "continue"},
	parts.Verb{Name: "end", Args: "[turn|EFFECT]", Hint: "end your turn, or end a magical effect you control, 2 AP (R60)"},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "harry"},
	parts.Verb{Name: "guard", Args: "plus|power|agility|fortitude|willpower", Min: 1},
	parts.Verb{Name: "pick", Args: "LEVEL [helpless]", Min: 1},
	parts.Verb{Name: "surprise", Args: "SIDE [contest]", Min: 1, Hint: "the side is surprised; with contest, each of its creatures checks for the others hiding (R31)"},
	parts.Verb{Name: "initiative"},
	parts.Verb{Name: "stabilize", Args: "TARGET", Min: 1, Hint: "stop a dying creature's dying, 4 AP (R63)"},
	parts.Verb{Name: "treat", Args: "TARGET LEVEL|CONDITION", Min: 2, Hint: "treat one of a creature's wounds, or a condition (bleeding, burning, hobbled, poisoned), 8 AP (R64, R65)"},
	parts.Verb{Name: "rest", Args: "short|long", Min: 1, Keywords: []string{"by", "after", "slept"}, Hint: "rest long by HEALER: tended (R71); rest long after MINUTES: broken off then (R73); rest long slept HOURS: the sleep had in the last day (R68)"},
	parts.Verb{Name: "cover", Args: "TARGET quarter|half|three|slit|none", Min: 2, Hint: "the GM rules a creature's cover, at any time (R10)"},
	parts.Verb{Name: "exert", Args: "TARGET STAMINA", Min: 2, Hint: "the GM has a creature pay a stamina cost, at any time; past its stamina the rest becomes fatigue (R19)"},
	parts.Verb{Name: "fatigue", Args: "TARGET FATIGUE", Min: 2, Hint: "the GM has a creature gain fatigue, at any time (R20)"},
	parts.Verb{Name: "order", Args: "COMMAND", Min: 1, Rest: true, Hint: "have your trained mount take an action with its AP: order attack bob (R76)"},
	parts.Verb{Name: "recover", Args: "LEVEL", Min: 1, Hint: "the wound your recovery check drops (R72)"},
	parts.Verb{Name: "done"},
	parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight at any time: a draw, or SIDE wins (the others fled)"},
	parts.Verb{Name: "mount", Args: "MOUNT", Min: 1, Hint: "4 AP (R53)"},
	parts.Verb{Name: "grapple", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a melee attack with a reach-0 weapon that grapples, 4 AP (R57)"},
	parts.Verb{Name: "disarm", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "distract", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "shove", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "trip", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "pin", Args: "TARGET", Min: 1, Hint: "4 AP (R59)"},
	parts.Verb{Name: "escape", Hint: "4 AP (R52)"},
	parts.Verb{Name: "rebuff", Hint: "a reaction, 4 AP (R41)"},
	parts.Verb{Name: "ignore", Args: "TARGET", Min: 1, Hint: "free: its attacks become rear attacks, +4 (R12)"},
	parts.Verb{Name: "unignore", Args: "TARGET", Min: 1, Hint: "free (R12)"},
	parts.Verb{Name: "jump", Args: "X,Y|high [tuck]", Min: 1, Hint: "a long jump in a straight line, or a high jump where you stand (R38)"},
	parts.Verb{Name: "retrieve", Args: "WEAPON", Min: 1, Hint: "take a stowed weapon into an empty hand, 1, 3 or 6 AP by its container, or pick one up from the ground beside you, 2 AP (R48)"},
	parts.Verb{Name: "stow", Args: "WEAPON", Min: 1, Hint: "put a weapon in hand into its container (R48)"},
	parts.Verb{Name: "surface", Hint: "a swimmer who sank swims up, 4 AP (R75)"},
	parts.Verb{Name: "long", Args: "COMMAND", Min: 1, Rest: true, Hint: "declare an action costing more AP than you have, paid across turns: long strong bob, long treat ann severe (R25)"},
	parts.Verb{Name: "cast", Args: "SPELL [TARGET]", Min: 1, Hint: "a spell attack, or a spell that leaves an effect on you (R44)"},
	parts.Verb{Name: "ready", Args: "[COMMAND]", Min: 1, Rest: true, Hint: "ready a standard attack, or the action named (ready defend, ready move 3,0), 1 AP (R47)"},
	parts.Verb{Name: "trigger", Hint: "take your readied action as a reaction (R47); a readied attack: fire TARGET"},
	parts.Verb{Name: "interpose", Args: "GRAPPLED", Min: 1, Hint: "a reaction, 2 AP (R58)"},
	parts.Verb{Name: "opening", Args: "TARGET", Min: 1, Hint: "create an opening, 4 AP (R50)"},
	parts.Verb{Name: "enter", Args: "TARGET", Min: 1, Hint: "enter an adjacent creature's space, 2 AP (R51)"},
	parts.Verb{Name: "drag", Args: "X,Y", Min: 1, Hint: "drag the whole grapple, 4 AP and at most 4 AP of movement (R56)"},
	parts.Verb{Name: "fire", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "take a readied attack as a reaction (R47)"},
	parts.Verb{Name: "cling", Hint: "a reaction, 2 AP (R55)"},
	parts.Verb{Name: "split", Args: "WITH CUT", Min: 2, Hint: "yards moved with the mover and yards cut from its move (R55)"},
	parts.Verb{Name: "go"},
	parts.Verb{Name: "stop"},
	parts.Verb{Name: "dismount", Args: "X,Y", Min: 1, Hint: "to a cell beside the mount, 4 AP (R53)"},
	parts.Verb{Name: "calm", Hint: "regain control of a bolting mount, 8 AP (R77)"},
	parts.Verb{Name: "hurry", Args: "COMMAND", Min: 1, Rest: true, Hint: "do it faster: hurry dismount X,Y, hurry mount M, hurry posture P, hurry retrieve W, hurry stow W, hurry use OBJECT (R67)"},
	parts.Verb{Name: "push", Args: "X,Y", Min: 1, Hint: "where a creature you shoved goes (R61)"},
	parts.Verb{Name: "drop", Args: "WEAPON", Min: 1, Hint: "what a creature you disarmed drops (R61)"},
	parts.Verb{Name: "meet", Args: "check|agility", Min: 1, Hint: "meet a disarm with a melee weapon check or your Agility Defense (R61)"},
	parts.Verb{Name: "interrupt", Args: "COMMAND", Min: 1, Rest: true, Hint: "act or move out of turn, in a window: interrupt attack bob, interrupt move 3,0 (R29, R35)"},
)

// ParseCommand reads a command in the text vocabulary (see
// docs/rules/woundslots.md). It reads words only; Decide says what is
// allowed.
func (r Rules) ParseCommand(s *State, actor string, text string) (Command, error) {
	text = synonyms(text)
	if text == "ready" {
		return &Ready{}, nil
	}
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, engine.Errorf(engine.Invalid, "%v", err)
	}
	switch p.Verb {
	case "disarm", "distract", "shove", "trip":
		return &Hinder{Hindrance: p.Verb, Target: p.Arg(0)}, nil
	case "pin":
		return &Pin{Target: p.Arg(0)}, nil
	case "escape":
		return &Escape{}, nil
	case "rebuff":
		return &Rebuff{}, nil
	case "ignore":
		return &Ignore{Target: p.Arg(0)}, nil
	case "unignore":
		return &Ignore{Target: p.Arg(0), Stop: true}, nil
	case "enter":
		return &Enter{Target: p.Arg(0)}, nil
	case "drag":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "drag: %v", err)
		}
		return &Drag{X: c.X, Y: c.Y}, nil
	case "interpose":
		return &Interpose{Shield: p.Arg(0)}, nil
	case "opening":
		return &Opening{Target: p.Arg(0)}, nil
	case "ready":
		switch a := p.Arg(0); a {
		case "", "attack", "an attack", "an action":
			return &Ready{}, nil
		default:
			inner, err := r.ParseCommand(s, actor, a)
			if err != nil {
				return nil, err
			}
			if !offTurnCommand(inner) {
				return nil, engine.Errorf(engine.Invalid, "ready: %q is not an action to take as a reaction", a)
			}
			return &Ready{Action: Nested{c: inner}}, nil
		}
	case "trigger":
		return &Trigger{}, nil
	case "fire":
		return &Fire{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "cast":
		return &Cast{Spell: p.Arg(0), Target: p.Arg(1)}, nil
	case "jump":
		if p.Arg(0) == "high" {
			switch p.Arg(1) {
			case "":
				return &Jump{High: true}, nil
			case "tuck", "tucked":
				return &Jump{High: true, Tuck: true}, nil
			}
			return nil, engine.Errorf(engine.Invalid, "jump high [tuck]: %q is not tuck", p.Arg(1))
		}
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "jump: %v", err)
		}
		return &Jump{X: c.X, Y: c.Y}, nil
	case "cling":
		return &Cling{}, nil
	case "long":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		return &LongAction{Action: Nested{c: inner}}, nil
	case "surface":
		return &Surface{}, nil
	case "retrieve":
		return &Retrieve{Weapon: p.Arg(0)}, nil
	case "stow":
		return &Stow{Weapon: p.Arg(0)}, nil
	case "push":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "push: %v", err)
		}
		return &Push{X: c.X, Y: c.Y}, nil
	case "drop":
		return &Drop{Weapon: p.Arg(0)}, nil
	case "meet":
		return &Meet{Choice: p.Arg(0)}, nil
	case "interrupt":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		if !offTurnCommand(inner) {
			return nil, engine.Errorf(engine.Invalid, "interrupt: %q is not an action or move one can take out of turn", p.Arg(0))
		}
		return inner, nil
	case "go":
		return &Go{}, nil
	case "stop":
		return &Stop{}, nil
	case "split":
		w, err1 := strconv.Atoi(p.Arg(0))
		c, err2 := strconv.Atoi(p.Arg(1))
		if err1 != nil || err2 != nil || w < 0 || c < 0 || w > parts.MaxNumber || c > parts.MaxNumber {
			return nil, engine.Errorf(engine.Invalid, "split WITH CUT: two whole numbers of yards, not %q %q", p.Arg(0), p.Arg(1))
		}
		return &Split{With: w, Cut: c}, nil
	case "attack", "quick", "strong", "nonlethal", "grapple":
		style := p.Verb
		if style == "attack" {
			style = ""
		}
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Style: style}, nil
	case "move":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "move: %v", err)
		}
		return &Move{X: c.X, Y: c.Y}, nil
	case "approach":
		return &Approach{Target: p.Arg(0)}, nil
	case "defend":
		return &Defend{}, nil
	case "seize":
		return &Seize{}, nil
	case "posture":
		return &Posture{To: p.Arg(0)}, nil
	case "dash":
		return &Dash{}, nil
	case "use":
		return &Use{Object: p.Arg(0)}, nil
	case "continue":
		return &Continue{}, nil
	case "end":
		if e := p.Arg(0); e != "" && e != "turn" {
			return &EndEffect{Effect: e}, nil
		}
		return &EndTurn{}, nil
	case "pass":
		return &Pass{}, nil
	case "harry":
		return &Harry{}, nil
	case "guard":
		return &Guard{Choice: p.Arg(0)}, nil
	case "pick":
		h := p.Arg(1)
		if h != "" && h != "helpless" {
			return nil, engine.Errorf(engine.Invalid, "pick LEVEL [helpless]: %q is not helpless", h)
		}
		return &Pick{Level: p.Arg(0), Helpless: h != ""}, nil
	case "surprise":
		switch p.Arg(1) {
		case "":
			return &Surprise{Side: p.Arg(0)}, nil
		case "contest", "check", "checks":
			return &Surprise{Side: p.Arg(0), Contest: true}, nil
		}
		return nil, engine.Errorf(engine.Invalid, "surprise SIDE [contest]: %q is not contest", p.Arg(1))
	case "initiative":
		return &Initiative{}, nil
	case "stabilize":
		return &Stabilize{Target: p.Arg(0)}, nil
	case "treat":
		switch p.Arg(1) {
		case "bleeding", "burning", "hobbled", "poisoned":
			return &TreatCondition{Target: p.Arg(0), Condition: p.Arg(1)}, nil
		}
		return &Treat{Target: p.Arg(0), Level: p.Arg(1)}, nil
	case "rest":
		return &Rest{Length: p.Arg(0), Tender: p.Word("by"), Interrupted: p.Int("after"), Slept: p.Int("slept")}, nil
	case "recover":
		return &Recover{Level: p.Arg(0)}, nil
	case "order":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		return &Order{Action: Nested{c: inner}}, nil
	case "cover":
		return &Cover{Target: p.Arg(0), Cover: p.Arg(1)}, nil
	case "exert", "fatigue":
		n, err := strconv.Atoi(p.Arg(1))
		if err != nil || n < 1 || n > MaxExertion {
			return nil, engine.Errorf(engine.Invalid, "%s TARGET N: N a whole number from 1 to %d, not %q", p.Verb, MaxExertion, p.Arg(1))
		}
		if p.Verb == "exert" {
			return &Exert{Target: p.Arg(0), Stamina: n}, nil
		}
		return &Exert{Target: p.Arg(0), Fatigue: n}, nil
	case "done":
		return &Done{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "mount":
		return &Mount{Target: p.Arg(0)}, nil
	case "dismount":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "dismount: %v", err)
		}
		return &Dismount{X: c.X, Y: c.Y}, nil
	case "calm":
		return &Calm{}, nil
	case "hurry":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		switch c := inner.(type) {
		case *Dismount:
			c.Hurry = true
			return c, nil
		case *Use:
			c.Hurry = true
			return c, nil
		case *Mount:
			c.Hurry = true
			return c, nil
		case *Posture:
			c.Hurry = true
			return c, nil
		case *Retrieve:
			c.Hurry = true
			return c, nil
		case *Stow:
			c.Hurry = true
			return c, nil
		}
		return nil, engine.Errorf(engine.Invalid, "hurry: only mount, dismount, posture, retrieve, stow and use can be hurried: movement and handling things, never an attack or a spell (R67)")
	}
	return nil, engine.Errorf(engine.Invalid, "%q is in the vocabulary but not read", p.Verb)
}

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
	{"escape the grapple", "escape"}, {"escape grapple", "escape"}, {"escape the pin", "escape"}, {"escape pin", "escape"},
	{"stabilise", "stabilize"}, {"short rest", "rest short"}, {"long rest", "rest long"},
	{"ready an attack", "ready"}, {"ready attack", "ready"}, {"ready an action", "ready"},
	{"roll initiative", "initiative"}, {"high jump", "jump high"},
	{"take readied action", "trigger"}, {"take the readied action", "trigger"},
}

// reactionVerbs take no target; a target named after them is dropped
// ("harry archer" is "harry").
var reactionVerbs = []string{"harry", "rebuff", "cling", "defend", "seize", "escape", "calm", "trigger", "pass"}

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
	if verb, rest, ok := strings.Cut(text, " "); ok && slices.Contains(reactionVerbs, verb) && !strings.Contains(rest, " ") {
		text = verb
	}
	return text
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		verb := c.Style
		if verb == "" || verb == Standard {
			verb = "attack"
		}
		return parts.Say(verb, c.Target).Opt("with", c.Weapon).String()
	case *Move:
		return parts.Say("move", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Approach:
		return parts.Say("approach", c.Target).String()
	case *Posture:
		return hurryText(c.Hurry, parts.Say("posture", c.To).String())
	case *Use:
		if c.Hurry {
			return "hurry " + parts.Say("use", c.Object).String()
		}
		return parts.Say("use", c.Object).String()
	case *Mount:
		return hurryText(c.Hurry, parts.Say("mount", c.Target).String())
	case *Retrieve:
		return hurryText(c.Hurry, parts.Say("retrieve", c.Weapon).String())
	case *Stow:
		return hurryText(c.Hurry, parts.Say("stow", c.Weapon).String())
	case *Hinder:
		return parts.Say(c.Hindrance, c.Target).String()
	case *Pin:
		return parts.Say("pin", c.Target).String()
	case *Split:
		return parts.Say("split", strconv.Itoa(c.With), strconv.Itoa(c.Cut)).String()
	case *Ignore:
		if c.Stop {
			return parts.Say("unignore", c.Target).String()
		}
		return parts.Say("ignore", c.Target).String()
	case *Cast:
		if c.Target == "" {
			return parts.Say("cast", c.Spell).String()
		}
		return parts.Say("cast", c.Spell, c.Target).String()
	case *EndEffect:
		return parts.Say("end", c.Effect).String()
	case *Interpose:
		return parts.Say("interpose", c.Shield).String()
	case *Enter:
		return parts.Say("enter", c.Target).String()
	case *TreatCondition:
		return parts.Say("treat", c.Target, c.Condition).String()
	case *Drag:
		return parts.Say("drag", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Opening:
		return parts.Say("opening", c.Target).String()
	case *LongAction:
		return "long " + c.Action.String()
	case *Push:
		return parts.Say("push", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Drop:
		return parts.Say("drop", c.Weapon).String()
	case *Meet:
		return parts.Say("meet", c.Choice).String()
	case *Fire:
		return parts.Say("fire", c.Target).Opt("with", c.Weapon).String()
	case *Ready:
		if !c.Action.IsZero() {
			return "ready " + c.Action.String()
		}
		return "ready"
	case *Jump:
		switch {
		case c.High && c.Tuck:
			return "jump high tuck"
		case c.High:
			return "jump high"
		}
		return parts.Say("jump", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Dismount:
		text := parts.Say("dismount", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
		if c.Hurry {
			return "hurry " + text
		}
		return text
	case *Guard:
		return parts.Say("guard", c.Choice).String()
	case *Pick:
		if c.Helpless {
			return parts.Say("pick", c.Level, "helpless").String()
		}
		return parts.Say("pick", c.Level).String()
	case *Surprise:
		if c.Contest {
			return parts.Say("surprise", c.Side, "contest").String()
		}
		return parts.Say("surprise", c.Side).String()
	case *EndTurn:
		return "end"
	case *Stabilize:
		return parts.Say("stabilize", c.Target).String()
	case *Treat:
		return parts.Say("treat", c.Target, c.Level).String()
	case *Rest:
		ph := parts.Say("rest", c.Length).Opt("by", c.Tender)
		if c.Interrupted > 0 {
			ph = ph.Num("after", c.Interrupted)
		}
		if c.Slept > 0 {
			ph = ph.Num("slept", c.Slept)
		}
		return ph.String()
	case *Recover:
		return parts.Say("recover", c.Level).String()
	case *Order:
		return "order " + c.Action.String()
	case *Cover:
		return parts.Say("cover", c.Target, c.Cover).String()
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *Exert:
		if c.Fatigue > 0 {
			return parts.Say("fatigue", c.Target, strconv.Itoa(c.Fatigue)).String()
		}
		return parts.Say("exert", c.Target, strconv.Itoa(c.Stamina)).String()
	case nil:
		return ""
	default:
		return c.Kind()
	}
}

// hurryText writes a command, hurried or not (R67).
func hurryText(hurry bool, text string) string {
	if hurry {
		return "hurry " + text
	}
	return text
}

// DecodeCommand reads a command written by engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "woundslots command", commandKinds())
}

// DecodeEvent reads an event written by engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "woundslots event", eventKinds())
}

// Kinds lists the kind of every command and event type.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case *Exerted:
		return describeExerted(e)
	case *StaminaPaid:
		return describeStaminaPaid(e)
	case *ConditionGained:
		return describeConditionGained(e)
	case *SurpriseRuled:
		if e.Combatant != "" {
			return fmt.Sprintf("%s is surprised", e.Combatant)
		}
		return fmt.Sprintf("the GM rules side %s surprised", e.Side)
	case *StealthRolled:
		return fmt.Sprintf("%s's %s check: d20=%d%+d = %d", e.Combatant, e.Check, e.Die, e.Bonus, e.Die+e.Bonus)
	case *InitiativeRolled:
		pen := ""
		if e.Penalty > 0 {
			pen = fmt.Sprintf(" -%d surprised", e.Penalty)
		}
		return fmt.Sprintf("%s rolls initiative: d20=%d%+d%s = %d", e.Combatant, e.Die, e.Bonus, pen, e.Initiative)
	case *RoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case *APGained:
		at := "round start"
		if e.At == "turn" {
			at = "turn end"
		}
		// AP past the maximum is lost (R23): the line says how much.
		if c := s.Combatant(e.Combatant); c != nil && c.AP+e.Gain > e.AP {
			return fmt.Sprintf("%s gains %d AP at %s, %d of them past the maximum and lost: %d AP", e.Combatant, e.Gain, at, c.AP+e.Gain-e.AP, e.AP)
		}
		return fmt.Sprintf("%s gains %d AP at %s: %d AP", e.Combatant, e.Gain, at, e.AP)
	case *TieBroken:
		return fmt.Sprintf("%s draws d20=%d to break a tie in initiative", e.Combatant, e.Die)
	case *TurnStarted:
		init := 0
		if c := s.Combatant(e.Combatant); c != nil {
			init = s.turnInitiative(c)
		}
		return fmt.Sprintf("%s's turn (initiative %d)", e.Combatant, init)
	case *ActionDeclared:
		if !e.Command.IsZero() {
			return fmt.Sprintf("%s declares %s", e.Actor, e.Command)
		}
		return fmt.Sprintf("%s declares a %s attack on %s with %s (%d AP)", e.Actor, e.Action, e.Target, e.Weapon, e.Cost)
	case *Passed:
		return fmt.Sprintf("%s lets it go on", e.Combatant)
	case *Interrupted:
		what := e.Command.String()
		if what == "" {
			what = Rules{}.FormatCommand(&Attack{Target: e.Target, Style: e.Action})
			if e.Weapon != "" {
				what += " with " + e.Weapon
			}
		}
		switch {
		case e.Moment == "":
			return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d, then a %s attack on %s with %s", e.Combatant, e.Actor, e.Initiative, e.Action, e.Target, e.Weapon)
		case e.Readied:
			return fmt.Sprintf("%s takes its readied action: %s", e.Combatant, what)
		case e.Moment == AtDeclared && e.Move:
			return fmt.Sprintf("%s moves before %s's action goes on: %s", e.Combatant, e.Actor, what)
		case e.Moment == AtDeclared:
			return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d: %s", e.Combatant, e.Actor, e.Initiative, what)
		case e.Move:
			return fmt.Sprintf("%s moves out of turn (%s of %s's turn): %s", e.Combatant, momentWords[e.Moment], e.Actor, what)
		}
		return fmt.Sprintf("%s acts out of turn (%s of %s's turn): initiative %d: %s", e.Combatant, momentWords[e.Moment], e.Actor, e.Initiative, what)
	case *WindowOpened:
		if e.Moment == AtFlanked {
			return fmt.Sprintf("%s now flanked: may ignore flankers", strings.Join(e.Queue, ", "))
		}
		return fmt.Sprintf("%s of %s's turn: %s may act out of turn", momentWords[e.Moment], e.Actor, strings.Join(e.Queue, ", "))
	case *OffTurnEnded:
		return fmt.Sprintf("%s is done acting out of turn", e.Combatant)
	case *ActionGoesAhead:
		return fmt.Sprintf("%s's declared action goes ahead: %s", e.Combatant, e.Command)
	case *HinderWon:
		if e.Hindrance == "shove" {
			return fmt.Sprintf("%s may shove %s up to %s", e.Combatant, e.Target, parts.Count(e.Yards, "yard", "yards"))
		}
		return fmt.Sprintf("%s chooses what %s drops", e.Combatant, e.Target)
	case *Harried:
		return fmt.Sprintf("%s harries %s: -2 on its ranged attacks this round", e.Combatant, e.Target)
	case *Guarded:
		switch e.Choice {
		case "check":
			return fmt.Sprintf("%s meets the disarm with a melee weapon check", e.Combatant)
		case "agility":
			if s.Pending != nil && s.Pending.Action == "disarm" && s.Pending.Striker == "" {
				return fmt.Sprintf("%s meets the disarm with its Agility Defense %d", e.Combatant, e.Defense)
			}
		}
		return fmt.Sprintf("%s guards with %s: Defense %d", e.Combatant, e.Choice, e.Defense)
	case *APSpent:
		return fmt.Sprintf("%s spends %d AP on %s: %d AP left", e.Combatant, e.Amount, e.For, e.AP)
	case *AttackRolled:
		result := "miss"
		switch {
		case e.Critical == "success":
			result = "critical hit"
		case e.Critical == "failure":
			result = "critical miss"
		case e.Hit:
			result = "hit"
		}
		return fmt.Sprintf("%s rolls d20=%d%+d = %d against Defense %d: %s", e.Attacker, e.Die, e.Bonus, e.Die+e.Bonus, e.Defense, result)
	case *InitiativeShifted:
		return fmt.Sprintf("%s's initiative %+d (%s): %d", e.Combatant, e.By, e.Why, e.Initiative)
	case *ExtraRolled:
		return fmt.Sprintf("%s's strong attack adds d6=%d", e.Attacker, e.Die)
	case *NonlethalHit:
		return fmt.Sprintf("%s's nonlethal hit on %s: final %d, up to a %s wound", e.Attacker, e.Target, e.Final, LevelName(e.Indicated))
	case *Wounded:
		return describeWound(e)
	case *Defended:
		return fmt.Sprintf("%s defends until its next turn", e.Combatant)
	case *Seized:
		return fmt.Sprintf("%s seizes the initiative: d6=%d, initiative %d", e.Combatant, e.Die, e.Initiative)
	case *PostureChanged:
		return fmt.Sprintf("%s is now %s", e.Combatant, e.To)
	case *Dashed:
		if e.Die > 0 {
			return fmt.Sprintf("%s dashes again: d20=%d%+d = %d, rate +%d; stamina %d, fatigue %d", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.RateBonus, e.Stamina, e.Fatigue)
		}
		return fmt.Sprintf("%s dashes: stamina %d, fatigue %d", e.Combatant, e.Stamina, e.Fatigue)
	case *IgnoreChanged:
		if e.Ignoring {
			return fmt.Sprintf("%s ignores %s: its attacks are rear attacks (+4)", e.Combatant, e.Target)
		}
		return fmt.Sprintf("%s no longer ignores %s", e.Combatant, e.Target)
	case *Jumped:
		run := "no run-up: half"
		if e.RunUp {
			run = "run-up: + Speed"
		}
		if e.High {
			return fmt.Sprintf("%s jumps high: d20=%d%+d = %d (%s) = %d: %d inches up, clearing %d inches", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, run, e.Value, 2*e.Value, e.Clears)
		}
		return fmt.Sprintf("%s jumps: d20=%d%+d = %d (%s) = %s: lands at %d,%d, %s of pool, %d AP bought", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, run, parts.Count(e.Value, "foot", "feet"), e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
	case *Moved:
		return fmt.Sprintf("%s moves to %d,%d: %s of pool, %d AP bought", e.Combatant, e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
	case *ObjectUsed:
		return fmt.Sprintf("%s uses %s", e.Combatant, e.Object)
	case *LongBegun:
		if e.Action {
			return fmt.Sprintf("%s declares %s as a long action: %d AP still owed", e.Combatant, e.Object, e.Remaining)
		}
		if e.Rounds > 0 {
			return fmt.Sprintf("%s begins %s: all AP for %d more rounds", e.Combatant, e.Object, e.Rounds)
		}
		return fmt.Sprintf("%s begins %s: %d AP still owed", e.Combatant, e.Object, e.Remaining)
	case *LongPaid:
		switch {
		case e.Rounds > 0:
			return fmt.Sprintf("%s gives all its AP to its long action: %d more rounds", e.Combatant, e.Rounds)
		case e.Remaining > 0:
			return fmt.Sprintf("%s pays toward its long action: %d AP to go", e.Combatant, e.Remaining)
		}
		return fmt.Sprintf("%s makes the last payment of its long action", e.Combatant)
	case *LongCancelled:
		if e.Why != "" {
			return fmt.Sprintf("%s's %s cannot take effect (%s); what it paid is lost", e.Combatant, e.Object, e.Why)
		}
		return fmt.Sprintf("%s gives up %s; what it paid is lost", e.Combatant, e.Object)
	case *ItemMoved:
		switch {
		case e.From == "ground":
			return fmt.Sprintf("%s picks up %s from %d,%d", e.Combatant, e.Weapon, e.X, e.Y)
		case e.To == "hand":
			return fmt.Sprintf("%s takes %s from its %s", e.Combatant, e.Weapon, e.From)
		}
		return fmt.Sprintf("%s stows %s in its %s", e.Combatant, e.Weapon, e.To)
	case *CoverRuled:
		if e.Cover == "" {
			return fmt.Sprintf("the GM rules %s in no cover", e.Combatant)
		}
		return fmt.Sprintf("the GM rules %s behind %s cover", e.Combatant, e.Cover)
	case *Ordered:
		return fmt.Sprintf("%s orders %s: %s", e.Rider, e.Mount, e.Command)
	case *Joined:
		return fmt.Sprintf("%s joins the fight: initiative d20=%d%+d = %d", e.Combatant, e.Die, e.Bonus, e.Initiative)
	case *LongDone:
		return fmt.Sprintf("%s's %s is paid in full and takes effect", e.Combatant, e.Action)
	case *TurnEnded:
		return fmt.Sprintf("%s's turn ends", e.Combatant)
	case *RoundEnded:
		return fmt.Sprintf("round %d ends", e.Round)
	case *Died:
		return fmt.Sprintf("%s dies (%s)", e.Combatant, e.Why)
	case *Stabilized:
		return fmt.Sprintf("%s stabilizes %s: d20=%d%+d = %d against TN %d: %s", e.Healer, e.Patient, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, map[bool]string{true: "no longer dying", false: "failed"}[e.Success])
	case *WakeChecked:
		return fmt.Sprintf("%s's wake check: d20=%d%+d = %d against TN %d: %s", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, map[bool]string{true: "wakes", false: "stays unconscious"}[e.Woke])
	case *WoundTreated:
		var out string
		switch {
		case e.Auto:
			out = fmt.Sprintf("%s treats %s's %s wound: fails, the patient is too tired", e.Healer, e.Patient, LevelName(e.Level))
		case !e.Success:
			out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: fails", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
		case e.To == NoWound:
			out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: healed", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
		case e.To == e.Level:
			out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: no open slot to move it to", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
		default:
			out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: now %s", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN, LevelName(e.To))
		}
		return fmt.Sprintf("%s; fatigue %d", out, e.Fatigue)
	case *Rested:
		switch e.Why {
		case "sleep":
			return fmt.Sprintf("%s takes no long rest: it has not slept enough (R68)", e.Combatant)
		case "tending":
			return fmt.Sprintf("%s takes no long rest: tending others is strenuous (R71)", e.Combatant)
		}
		line := fmt.Sprintf("%s takes a %s rest: stamina %d, mana %d, fatigue %d", e.Combatant, e.Rest, e.Stamina, e.Mana, e.Fatigue)
		if e.Cleared {
			line += ", no longer exhausted"
		}
		if e.LightHealed > 0 {
			line += fmt.Sprintf(", %d light wounds healed", e.LightHealed)
		}
		return line
	case *RecoveryRolled:
		if e.Tender != "" {
			tend := fmt.Sprintf(" (tended by %s: d20=%d%+d = %d)", e.Tender, e.TendDie, e.TendBonus, e.TendDie+e.TendBonus)
			line := Rules{}.DescribeEvent(s, &RecoveryRolled{Combatant: e.Combatant, Die: e.Die, Bonus: e.Bonus, Level: e.Level, To: e.To, RecoveryBonus: e.RecoveryBonus})
			return line + tend
		}
		if e.Reach > NoWound {
			return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: it reaches %s wounds and chooses which drops", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, LevelName(e.Reach))
		}
		if e.Level == NoWound {
			return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: nothing heals, recovery bonus %d", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.RecoveryBonus)
		}
		to := "healed"
		if e.To > NoWound {
			to = "now " + LevelName(e.To)
		}
		return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: a %s wound is %s", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, LevelName(e.Level), to)
	case *RecoveryChosen:
		to := "healed"
		if e.To > NoWound {
			to = "now " + LevelName(e.To)
		}
		return fmt.Sprintf("%s chooses its %s wound: %s", e.Combatant, LevelName(e.Level), to)
	case *CheckRolled:
		out := "fails"
		if e.Success {
			out = "succeeds"
		}
		switch e.Critical {
		case "success":
			out = "critical success"
		case "failure":
			out = "critical failure"
		}
		against := fmt.Sprintf("%s's %s %d", e.Target, e.VersusCheck, e.Versus)
		if e.VersusDie > 0 {
			against = fmt.Sprintf("%s's %s d20=%d%+d = %d", e.Target, e.VersusCheck, e.VersusDie, e.Versus, e.VersusDie+e.Versus)
		}
		return fmt.Sprintf("%s's %s check d20=%d%+d = %d against %s: %s", e.Combatant, e.Check, e.Die, e.Bonus, e.Die+e.Bonus, against, out)
	case *Hindered:
		switch e.Hindrance {
		case "disarm":
			return fmt.Sprintf("%s disarms %s, who drops %s", e.Combatant, e.Target, e.Weapon)
		case "distract":
			return fmt.Sprintf("%s distracts %s: -2 on attacks and Defenses this round", e.Combatant, e.Target)
		case "shove":
			return fmt.Sprintf("%s shoves %s to %d,%d", e.Combatant, e.Target, e.X, e.Y)
		}
		return fmt.Sprintf("%s trips %s, who falls prone", e.Combatant, e.Target)
	case *Grappled:
		return fmt.Sprintf("%s grapples %s", e.Combatant, e.Target)
	case *Pinned:
		return fmt.Sprintf("%s pins %s", e.Combatant, e.Target)
	case *Escaped:
		if e.Pin {
			return fmt.Sprintf("%s escapes %s's pin", e.Combatant, e.From)
		}
		return fmt.Sprintf("%s escapes %s's grapple", e.Combatant, e.From)
	case *GrappleEnded:
		return fmt.Sprintf("%s and %s no longer grapple", e.Combatant, e.Other)
	case *MoveDeclared:
		return fmt.Sprintf("%s moves toward %d,%d", e.Combatant, e.X, e.Y)
	case *Rebuffed:
		return fmt.Sprintf("%s rebuffs %s with %s before it moves", e.Combatant, e.Target, e.Weapon)
	case *Clung:
		crit := ""
		if e.Critical == "failure" {
			crit = ", a critical failure"
		}
		return fmt.Sprintf("%s clings to %s: d20=%d%+d = %d%s, %d points", e.Combatant, e.Target, e.Die, e.Bonus, e.Die+e.Bonus, crit, e.Points)
	case *SplitChosen:
		return fmt.Sprintf("%s spends %d points: %s with it (5 each), %d cut (10 each)", e.Combatant, 5*e.With+10*e.Cut, parts.Count(e.With, "yard", "yards"), e.Cut)
	case *MoveGoesOn:
		return fmt.Sprintf("%s goes on", e.Combatant)
	case *MoveStopped:
		return fmt.Sprintf("%s does not move: %s", e.Combatant, e.Why)
	case *Carried:
		return fmt.Sprintf("%s moves with %s to %d,%d", e.Combatant, e.With, e.X, e.Y)
	case *ConditionTreated:
		out := "fails"
		switch {
		case e.Success && e.Level <= 0:
			out = "it is gone"
		case e.Success:
			out = fmt.Sprintf("now %s", LevelName(e.Level))
		}
		return fmt.Sprintf("%s treats %s's %s: d20=%d%+d = %d against TN %d: %s", e.Healer, e.Patient, e.Condition, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, out)
	case *SpaceEntered:
		return fmt.Sprintf("%s enters %s's space at %d,%d: both take -2 to attacks and Defense", e.Combatant, e.Target, e.X, e.Y)
	case *Interposed:
		if e.Success {
			return fmt.Sprintf("%s interposes %s, who becomes the target", e.Combatant, e.Shield)
		}
		return fmt.Sprintf("%s fails to interpose %s", e.Combatant, e.Shield)
	case *OpeningMade:
		return fmt.Sprintf("%s creates an opening against %s: d20=%d%+d = %d meets its rebuffs this turn", e.Combatant, e.Target, e.Die, e.Bonus, e.Die+e.Bonus)
	case *ReadyTaken:
		if !e.Action.IsZero() {
			return fmt.Sprintf("%s readies %s", e.Combatant, e.Action)
		}
		return fmt.Sprintf("%s readies an attack", e.Combatant)
	case *ReadyFired:
		return fmt.Sprintf("%s takes its readied attack on %s with %s", e.Combatant, e.Target, e.Weapon)
	case *ActionCancelled:
		return fmt.Sprintf("%s's declared action does not happen: %s", e.Combatant, e.Why)
	case *SpellCast:
		if e.Target == "" {
			return fmt.Sprintf("%s casts %s: %d mana left", e.Combatant, e.Spell, e.Mana)
		}
		return fmt.Sprintf("%s casts %s at %s: %d mana left", e.Combatant, e.Spell, e.Target, e.Mana)
	case *EffectBegun:
		until := "until ended"
		if e.Rounds > 0 {
			until = fmt.Sprintf("for %d rounds", e.Rounds)
		}
		return fmt.Sprintf("%s's %s holds %s: %d mana invested", e.Combatant, e.Effect, until, e.Mana) + modText(e.APCost, e.Checks)
	case *EffectEnded:
		back := ""
		if !e.Condition {
			back = fmt.Sprintf(": %d mana back", e.Mana)
		}
		switch e.Why {
		case "ended":
			return fmt.Sprintf("%s ends its %s%s", e.Combatant, e.Effect, back)
		case "rest":
			return fmt.Sprintf("%s's %s ends with the long rest%s", e.Combatant, e.Effect, back)
		}
		return fmt.Sprintf("%s's %s runs out%s", e.Combatant, e.Effect, back)
	case *FootingChecked:
		out := map[string][2]string{Swimming: {"stays afloat", "sinks"}, Climbing: {"keeps its hold", "falls"}, Balance: {"lands on its feet", "falls prone"}}[e.Env]
		res := out[1]
		if e.Kept {
			res = out[0]
		}
		switch {
		case e.Why == "surfacing" && e.Kept:
			res = "surfaces"
		case e.Why == "surfacing":
			res = "stays under"
		case !e.Kept && e.Why == "attacking":
			res += ": its attack is lost"
		}
		return fmt.Sprintf("%s's %s check (%s): d20=%d%+d = %d against TN %d: %s", e.Combatant, e.Env, e.Why, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, res)
	case *Mounted:
		return fmt.Sprintf("%s mounts %s", e.Rider, e.Mount)
	case *Dismounted:
		return fmt.Sprintf("%s dismounts %s to %d,%d", e.Rider, e.Mount, e.X, e.Y)
	case *Hurried:
		if e.Success {
			return fmt.Sprintf("%s hurries: d20=%d%+d = %d against TN %d: it costs %d AP and 1 stamina", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, e.Cost)
		}
		return fmt.Sprintf("%s hurries: d20=%d%+d = %d against TN %d: fails, it costs %d AP", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, e.Cost)
	case *ControlChecked:
		out := "keeps control"
		switch {
		case e.Why == "calming" && e.Kept:
			out = "regains control"
		case e.Why == "calming":
			out = "still bolting"
		case !e.Kept:
			out = e.Mount + " bolts"
		}
		return fmt.Sprintf("%s's control check of %s (%s): d20=%d%+d = %d against TN %d: %s", e.Rider, e.Mount, e.Why, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, out)
	case *FightEnded:
		switch {
		case e.TimedOut:
			return "the round limit is reached: the fight ends in a draw"
		case e.ByGM && e.Winner == "":
			return "the GM ends the fight: a draw"
		case e.ByGM:
			return fmt.Sprintf("the GM ends the fight: the %s side wins", e.Winner)
		case e.Winner != "":
			return fmt.Sprintf("the fight is over: the %s side wins", e.Winner)
		}
		return "the fight is over: nobody is left standing"
	}
	return fmt.Sprintf("%T", e)
}

// describeWound is a Wounded event's line.
func describeWound(e *Wounded) string {
	head := fmt.Sprintf("%s's hit on %s: final %d", e.Attacker, e.Combatant, e.Final)
	if e.Level == NoWound && e.Fate == "" {
		return head + ", no wound"
	}
	line := head + fmt.Sprintf(", a %s wound", LevelName(e.Indicated))
	switch {
	case e.Level == NoWound:
		line += ", no slot left"
	case e.Level != e.Indicated:
		line += fmt.Sprintf(" fills a %s slot", LevelName(e.Level))
	}
	switch e.Fate {
	case "dead":
		line += ": " + e.Combatant + " dies"
	case "dying":
		line += ": " + e.Combatant + " falls unconscious, dying"
	case "unconscious":
		line += ": " + e.Combatant + " falls unconscious"
	case "helpless":
		line += ": " + e.Combatant + " is helpless for 2 rounds"
	}
	return line
}
